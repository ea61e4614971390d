//! How much of its clock each side of a `longjiang match` used: the records' `BlackClock` and
//! `WhiteClock` tags, and the summary's `think` figures, written by the runner and read back
//! from the records by `--resume`. Two fake engines (`tests/fake_engines/`) that wait 40 ms
//! and 2 ms before each move play at a clock of 10 s + 0.1 s.

mod match_driver;

use match_driver::{engine, longjiang, out_dir, run_ok, tag};

/// `moves=…` tag values as (moves, used, left, least) in seconds.
fn clock(value: &str) -> (u32, f64, f64, f64) {
    let mut f = [0.0; 4];
    for item in value.split(' ') {
        let (k, v) = item.split_once('=').expect("key=value");
        let i = ["moves", "used", "left", "least"]
            .iter()
            .position(|&n| n == k)
            .expect("known key");
        f[i] = v.parse().expect("a number");
    }
    (f[0] as u32, f[1], f[2], f[3])
}

/// Figure `key` of the `think` object of engine `name` in a `summary.json`.
fn think(summary: &str, name: &str, key: &str) -> f64 {
    let json: serde_json::Value = serde_json::from_str(summary).expect("summary.json parses");
    let engine = json["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .find(|e| e["name"] == name)
        .expect("the engine");
    engine["think"][key].as_f64().expect("a number")
}

#[test]
fn records_and_summary_say_how_much_of_its_clock_each_side_used() {
    let dir = out_dir("clock");
    let (slow, quick) = (
        engine("delay=40 seed=1", "slow"),
        engine("delay=2 seed=2", "quick"),
    );
    let args = [
        "--engine",
        &slow,
        "--engine",
        &quick,
        "--openings",
        "startpos",
        "--tc",
        "10+0.1",
        "--games",
        "2",
        "--maxmoves",
        "8",
    ];
    let recs = run_ok(&dir, &args);
    assert_eq!(recs.len(), 2);
    let mut slow_moves = 0;
    for r in &recs {
        let first_is_slow = tag(r, "Black") == "slow";
        for (key, first) in [("BlackClock", true), ("WhiteClock", false)] {
            let (moves, used, left, least) = clock(tag(r, key));
            // From the start position, the first player made the odd plies.
            let played = (r.moves.len() as u32 + u32::from(first)) / 2;
            assert_eq!(moves, played, "{key} of {:?}", r.tags);
            // Each move charged: 10 s + 0.1 s a move − the time used (to the millisecond).
            let expected_left = 10.0 + 0.1 * moves as f64 - used;
            assert!((left - expected_left).abs() < 0.003, "{key} {:?}", r.tags);
            assert!(
                least <= left && least >= 10.0 - used - 0.003,
                "{key} {:?}",
                r.tags
            );
            let per_move = used / moves as f64;
            if first == first_is_slow {
                slow_moves += moves;
                assert!(per_move >= 0.040, "the slow side: {per_move} s a move");
            } else {
                assert!(per_move < 0.040, "the quick side: {per_move} s a move");
            }
        }
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert_eq!(think(&summary, "slow", "moves") as u32, slow_moves);
    assert!(think(&summary, "slow", "per_move") >= 0.040);
    assert!(think(&summary, "quick", "per_move") < think(&summary, "slow", "per_move"));
    let share = think(&summary, "slow", "share_used");
    assert!(
        share > 0.0 && share < 0.1,
        "8 moves of 40 ms of 10.8 s: {share}"
    );

    // A resumed match counts the recorded games' clocks from their tags.
    let out = dir.display().to_string();
    let o = longjiang(&["--out", &out, "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let again = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert_eq!(again, summary);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("think time slow: ") && text.contains("% of its time, least left"),
        "{text}"
    );
}
