//! The rating table of a match of three or more engines (Bradley–Terry maximum likelihood,
//! Elo relative to the first engine with its 95 % interval) and `--gauntlet` (the first
//! engine meets every other one, the others do not meet). Fake engines at one node a move,
//! games cut after one move each.

mod match_driver;

use match_driver::{engine, out_dir, run_ok, tag};

#[test]
fn a_gauntlet_plays_only_the_first_engine_and_ends_with_a_rating_table() {
    let dir = out_dir("ratings");
    let out = dir.display().to_string();
    let (a, b, c) = (
        engine("seed=1", "a"),
        engine("seed=2", "b"),
        engine("fail=resign", "c"),
    );
    let args = [
        "--engine",
        &a,
        "--engine",
        &b,
        "--engine",
        &c,
        "--gauntlet",
        "--openings",
        "startpos",
        "--tc",
        "nodes=1",
        "--games",
        "2",
        "--maxmoves",
        "1",
    ];
    let recs = run_ok(&dir, &args);
    assert_eq!(recs.len(), 4, "two encounters of two games");
    assert!(
        recs.iter()
            .all(|r| tag(r, "Black") == "a" || tag(r, "White") == "a"),
        "b and c do not meet"
    );
    let o = match_driver::longjiang(&["--out", &out, "--resume"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success() && text.contains("Ratings (Bradley-Terry"),
        "{text}"
    );
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Ratings"))
        .skip(2)
        .take_while(|l| l.starts_with(' '))
        .collect();
    // a and b draw both games (the move limit), c resigns every game.
    let cells = |row: &str| row.split_whitespace().map(String::from).collect::<Vec<_>>();
    let rows: Vec<Vec<String>> = rows.iter().map(|r| cells(r)).collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert_eq!(rows[0][1..4], ["a", "+0.0", "anchor"], "{text}");
    assert_eq!(rows[1][1..3], ["b", "+0.0"], "{text}");
    assert!(rows[1][3].parse::<f64>().is_ok_and(|e| e > 0.0), "{text}");
    assert_eq!(rows[2][1..6], ["c", "-inf", "inf", "2", "0-0-2"], "{text}");
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    let json: serde_json::Value = serde_json::from_str(&summary).expect("JSON");
    let engines = json["engines"].as_array().expect("engines");
    assert_eq!(engines[0]["rating"]["elo"], 0.0);
    assert!(
        engines[1]["rating"]["elo_error"]
            .as_f64()
            .is_some_and(|e| e > 0.0)
    );
    assert!(engines[2]["rating"]["elo"].is_null());
    assert_eq!(json["encounters"].as_array().expect("encounters").len(), 2);
    // The same engines without --gauntlet: a round robin of three encounters.
    let rr = out_dir("ratings-rr");
    let recs = run_ok(
        &rr,
        &args
            .iter()
            .copied()
            .filter(|a| *a != "--gauntlet")
            .collect::<Vec<_>>(),
    );
    assert_eq!(recs.len(), 6);
}
