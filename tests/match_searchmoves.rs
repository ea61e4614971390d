//! `longjiang match --engine …,searchmoves=legal`: every `go` sent to that engine lists exactly
//! the moves our rules core holds legal, in the engine's dialect, and the engine's answer is
//! still judged by the arbiter. Checked with the fake engine (`tests/fake_engines/`), which
//! logs every line it receives and answers the first move of the list.

use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::fen::parse_fen;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::rules::{Move, Position, Variant};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<profile>/examples/fake_engine` (`cargo build --release --example fake_engine`).
fn fake() -> String {
    let exe = std::env::current_exe().expect("test executable");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let path = dir.join("examples").join("fake_engine");
    assert!(path.exists(), "build {} first", path.display());
    path.display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-searchmoves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

/// One `go` the restricted engine received: the position it was asked about and the moves
/// listed after `searchmoves`, as written.
struct Asked {
    pos: Position,
    listed: Vec<String>,
}

/// Replays a `position` line (UCI: FEN, drops with `@`; USI: SFEN, drops with `*`).
fn replay(line: &str, variant: Variant) -> Position {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let m = tokens
        .iter()
        .position(|t| *t == "moves")
        .unwrap_or(tokens.len());
    let mut pos = match tokens[1] {
        "startpos" => Position::start(variant.rules()),
        "fen" => parse_fen(&tokens[2..m].join(" "), variant.rules()).expect("a FEN we wrote"),
        "sfen" => Position::from_sfen(&tokens[2..m].join(" "), variant.rules()).expect("SFEN"),
        other => panic!("position {other}"),
    };
    for t in tokens.iter().skip(m + 1) {
        let mv = pos.parse_move(t).expect("a legal move we sent");
        pos.play(mv);
    }
    pos
}

/// Every `go` in an engine's log, with the position before it.
fn asked(log: &Path, variant: Variant) -> Vec<Asked> {
    let text = std::fs::read_to_string(log).expect("the engine's log");
    let mut pos = None;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("position ") {
            pos = Some(replay(line, variant));
        } else if line.starts_with("go") {
            let listed = line
                .split_whitespace()
                .skip_while(|t| *t != "searchmoves")
                .skip(1)
                .map(String::from)
                .collect();
            let pos = pos.take().expect("a position before each go");
            out.push(Asked { pos, listed });
        }
    }
    out
}

/// Plays `games` games of `variant` from `openings` (a suite file's text) between a fake
/// engine restricted to the legal moves (answering the first one listed) and an unrestricted
/// random fake, both speaking `proto`; returns the records and what each engine was asked.
fn play(
    name: &str,
    proto: &str,
    variant: Variant,
    openings: &str,
    games: &str,
) -> (Vec<GameRecord>, Vec<Asked>, Vec<Asked>) {
    let dir = scratch(name);
    let suite = dir.join("openings.txt");
    std::fs::write(&suite, openings).expect("openings file");
    let (log_r, log_f) = (dir.join("restricted.log"), dir.join("free.log"));
    let restricted = format!(
        "cmd={} mode=searchmoves log={},name=restricted,proto={proto},searchmoves=legal",
        fake(),
        log_r.display()
    );
    let free = format!(
        "cmd={} seed=5 log={},name=free,proto={proto}",
        fake(),
        log_f.display()
    );
    let out = dir.join("run");
    let o = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("match")
        .args(["--engine", &restricted, "--engine", &free])
        .args(["--variant", variant.name(), "--tc", "nodes=1"])
        .args(["--games", games, "--maxmoves", "30"])
        .arg("--openings")
        .arg(&suite)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run longjiang match");
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let text = std::fs::read_to_string(out.join("games.txt")).expect("records");
    let records = GameRecord::parse_many(&text).expect("records parse");
    (records, asked(&log_r, variant), asked(&log_f, variant))
}

/// The restricted engine's every `go` lists each legal move once and nothing else; the free
/// engine's lists nothing; no game ends by an illegal move or a crash; no drop is written with
/// `foreign`, the other dialect's drop mark.
fn check(
    records: &[GameRecord],
    restricted: &[Asked],
    free: &[Asked],
    games: usize,
    foreign: char,
) {
    assert_eq!(records.len(), games);
    for r in records {
        let reason = r
            .tags
            .iter()
            .find(|(k, _)| k == "Reason")
            .map_or("", |(_, v)| v.as_str());
        assert!(
            !reason.contains("illegal") && !reason.contains("crashed"),
            "{reason}"
        );
    }
    assert!(!restricted.is_empty() && !free.is_empty());
    for a in restricted {
        let legal: HashSet<Move> = legal_moves(&a.pos).into_iter().collect();
        let listed: Vec<Move> = a
            .listed
            .iter()
            .map(|t| a.pos.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect();
        let set: HashSet<Move> = listed.iter().copied().collect();
        assert_eq!(set.len(), listed.len(), "a move listed twice");
        assert_eq!(set, legal, "searchmoves is not the legal moves");
        assert!(
            a.listed.iter().all(|t| !t.contains(foreign)),
            "{foreign} drops"
        );
    }
    assert!(free.iter().all(|a| a.listed.is_empty()));
}

/// All moves listed in any `go`, as written.
fn words(asked: &[Asked]) -> HashSet<&str> {
    asked
        .iter()
        .flat_map(|a| a.listed.iter().map(String::as_str))
        .collect()
}

#[test]
fn the_drop_game_lists_exactly_the_legal_moves_in_ucis_spelling() {
    // A pawn one step from promotion and one in hand, then the start position.
    let openings = "sfen 5k4/1P8/10/10/10/10/10/10/10/5K4 b P - 00 1\nstartpos\n";
    let (records, restricted, free) = play("drop", "uci", Variant::Longjiang, openings, "4");
    check(&records, &restricted, &free, 4, '*');
    let seen = words(&restricted);
    // 10×10 square names, Fairy-Stockfish's drops (`P@`) and promotion to the spearman (`+`).
    for want in ["b9b10+", "P@e5", "P@a9", "e2e4", "a2a4", "f1g2"] {
        assert!(seen.contains(want), "{want} never listed");
    }
}

#[test]
fn the_no_drop_game_lists_promotions_by_piece_letter() {
    let openings = "sfen 5k4/1P8/10/10/10/10/10/10/10/5K4 b - - 00 1\n";
    let (records, restricted, free) =
        play("nodrop", "uci", Variant::LongjiangNoDrop, openings, "2");
    check(&records, &restricted, &free, 2, '@');
    let seen = words(&restricted);
    for want in ["b9b10q", "b9b10r", "b9b10n", "b9b10b", "b9b10g"] {
        assert!(seen.contains(want), "{want} never listed");
    }
    assert!(!seen.iter().any(|w| w.contains('@') || w.ends_with('+')));
}

#[test]
fn a_usi_engine_gets_the_list_in_usi() {
    let openings = "sfen 5k4/1P8/10/10/10/10/10/10/10/5K4 b P - 00 1\n";
    let (records, restricted, free) = play("usi", "usi", Variant::Longjiang, openings, "2");
    check(&records, &restricted, &free, 2, '@');
    let seen = words(&restricted);
    for want in ["b9b10+", "P*e5", "P*a9", "f1g2"] {
        assert!(seen.contains(want), "{want} never listed");
    }
}
