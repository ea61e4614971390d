//! A real tournament client: ShogiArena (`shogiarena run tournament`, PyPI) plays two whole
//! games of `longjiang` against itself in shogi mode at byoyomi 200 ms, and cshogi's `Board`
//! judges every move of the run's records (`scripts/shogiarena_games.py`): each move legal and
//! the `bestmove` the engine sent, each result the one the final position gives, no crash, no
//! time loss. CI plays two games; docs/shogi.md gives the long check. `scripts/test` installs
//! shogiarena and cshogi into `target/shogi-venv` (another interpreter:
//! `LONGJIANG_SHOGI_PYTHON`).

mod common;

use std::path::PathBuf;
use std::process::Command;

#[test]
fn shogiarena_plays_whole_games_of_longjiang_with_no_illegal_move_crash_or_time_loss() {
    let python = common::shogi_python();
    let probe = Command::new(&python)
        .args(["-c", "import shogiarena, cshogi, rsshogi"])
        .status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "shogiarena is not installed in {} (scripts/test installs it from PyPI: \
         `target/shogi-venv/bin/python -m pip install shogiarena==1.3.2 cshogi==1.1.0`); \
         this test needs it",
        python.display()
    );
    let out_dir = std::env::temp_dir().join(format!("lj-shogiarena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/shogiarena_games.py");
    let out = Command::new(&python)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_longjiang"))
        .args([
            "--games",
            "2",
            "--byoyomi",
            "200",
            "--margin",
            "1000",
            "--max-plies",
            "120",
            "--seed",
            "1",
            "--option",
            "USI_Hash=16",
        ])
        .arg("--out")
        .arg(&out_dir)
        .output()
        .expect("python runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    let summary = text.lines().last().unwrap_or("");
    assert!(summary.starts_with("games 2 of 2: "), "{text}");
    assert!(
        summary.contains("illegal 0, crashes 0, time losses 0, disagreements 0"),
        "{text}"
    );
    // Whole games, one with each engine process moving first: each ended by the rules, a
    // resignation or the ply limit.
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{text}");
    for order in ["longjiang - longjiang-2: ", "longjiang-2 - longjiang: "] {
        assert_eq!(
            games.iter().filter(|g| g.contains(order)).count(),
            1,
            "{text}"
        );
    }
    for g in games {
        let plies: usize = g
            .split(", ")
            .find_map(|f| f.strip_suffix(" plies")?.parse().ok())
            .unwrap_or(0);
        assert!(plies > 20, "{g}");
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}
