//! `longjiang match --resume` with settings on the command line: a setting that differs from
//! the saved one is refused (exit status 2), naming each difference with its old and new
//! value; a larger `--games` extends a finished match. Fake engines at one node a move.

mod match_driver;

use match_driver::{by_round, engine, longjiang, out_dir, records, run_ok, tag};

#[test]
fn resume_names_each_changed_setting_and_a_larger_games_extends() {
    let dir = out_dir("resume-settings");
    let out = dir.display().to_string();
    let (a, b) = (engine("seed=1", "a"), engine("seed=2", "b"));
    let base = [
        "--engine",
        &a,
        "--engine",
        &b,
        "--openings",
        "startpos",
        "--tc",
        "nodes=1",
        "--maxmoves",
        "4",
    ];
    let mut first = base.to_vec();
    first.extend(["--games", "2"]);
    let two = by_round(run_ok(&dir, &first));
    assert_eq!(two.len(), 2);
    let text_before = std::fs::read_to_string(dir.join("games.txt")).expect("records");

    // Flags that change the match: refused, each named with old and new value.
    let o = longjiang(&[
        "--out",
        &out,
        "--resume",
        "--games",
        "6",
        "--tc",
        "nodes=3000",
        "--variant",
        "longjiang-nodrop",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--tc: was 'nodes=1', now 'nodes=3000'"),
        "{err}"
    );
    assert!(
        err.contains("--variant: was 'longjiang', now 'longjiang-nodrop'"),
        "{err}"
    );
    assert!(
        !err.contains("--games:"),
        "a larger --games is no difference: {err}"
    );
    // The full command repeated with one setting changed names just that one.
    let mut again = base.to_vec();
    again.extend(["--games", "2", "--out", &out, "--resume"]);
    let b2 = engine("seed=3", "b");
    again[3] = &b2;
    let o = longjiang(&again);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--engine 2: was '") && err.contains("seed=2") && err.contains("seed=3"),
        "{err}"
    );
    assert!(!err.contains("--tc"), "{err}");
    let o = longjiang(&["--out", &out, "--resume", "--games", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--games: was 2, now 1"), "{err}");
    assert_eq!(records(&dir).len(), 2, "nothing played by a refused resume");

    // A larger --games extends the finished match: the old games stay, the new ones follow.
    let o = longjiang(&["--out", &out, "--resume", "--games", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let four = by_round(records(&dir));
    let rounds: Vec<&str> = four.iter().map(|r| tag(r, "Round")).collect();
    assert_eq!(rounds, ["1", "2", "3", "4"]);
    let text_after = std::fs::read_to_string(dir.join("games.txt")).expect("records");
    assert!(text_after.starts_with(&text_before));
    let saved = std::fs::read_to_string(dir.join("match.args")).expect("match.args");
    assert!(saved.contains("--games\n4\n"), "{saved}");
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert!(summary.contains("\"games_planned\": 4"), "{summary}");
    // Repeating the same settings still resumes (nothing left to play).
    let mut same = base.to_vec();
    same.extend(["--games", "4", "--out", &out, "--resume"]);
    let o = longjiang(&same);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(records(&dir).len(), 4);
}
