//! Real clients: cshogi's USI client (`cshogi.usi.Engine`, PyPI) drives two `longjiang`
//! processes in shogi mode through whole games at byoyomi 100 ms, and cshogi's `Board` judges
//! every move (`scripts/cshogi_games.py`): no illegal move, no crash, no time loss. CI plays two
//! games; docs/shogi.md gives the long check. `scripts/test` installs cshogi into
//! `target/shogi-venv` (another interpreter: `LONGJIANG_SHOGI_PYTHON`).

mod common;

use std::path::PathBuf;
use std::process::Command;

#[test]
fn cshogi_plays_whole_games_against_longjiang_with_no_illegal_move_crash_or_time_loss() {
    let python = common::shogi_python();
    let probe = Command::new(&python)
        .args(["-c", "import cshogi, cshogi.usi"])
        .status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "cshogi is not installed in {} (scripts/test installs it from PyPI: \
         `target/shogi-venv/bin/python -m pip install cshogi==1.1.0`); this test needs it",
        python.display()
    );
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/cshogi_games.py");
    let out = Command::new(&python)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_longjiang"))
        .args([
            "--games",
            "2",
            "--byoyomi",
            "100",
            "--margin",
            "1000",
            "--seed",
            "1",
        ])
        .output()
        .expect("python runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    let summary = text.lines().last().unwrap_or("");
    assert!(summary.starts_with("games 2: "), "{text}");
    assert!(
        summary.contains("illegal 0, crashes 0, time losses 0"),
        "{text}"
    );
    // Whole games: each ended by the rules or the move limit, none cut short.
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{text}");
    for g in games {
        let plies: usize = g
            .split(", ")
            .find_map(|f| f.strip_suffix(" plies")?.parse().ok())
            .unwrap_or(0);
        assert!(plies > 20, "{g}");
    }
}
