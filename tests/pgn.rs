//! PGN of real games: a short node-limited match between two
//! longjiang processes writes `games.pgn` beside `games.txt`; the PGN holds the same games as
//! the records, `record convert` turns the records into the same PGN and the PGN back into
//! the same records, `record read` takes the PGN XBoard saves, and bad PGN is one error and
//! a non-zero exit. The SAN is compared with Fairy-Stockfish's own (pyffish's `get_san`, with
//! `shared/reference/fairy-stockfish-variants.ini` beside the checkout); a missing variant file
//! or pyffish fails the test. XBoard's own PGN reader loads the games in `tests/xboard_gui.rs`.

mod common;

use longjiang_core::notation::fen::write_fen;
use longjiang_core::notation::pgn::parse_pgn;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{TextForm, Variant};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn longjiang(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("longjiang starts");
    let mut input = child.stdin.take().expect("stdin");
    // A command that fails on its arguments does not read its input.
    let _ = input.write_all(stdin.unwrap_or("").as_bytes());
    drop(input);
    child.wait_with_output().expect("longjiang runs")
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

/// Plays a short match of `variant` between two longjiang processes (300 nodes a move, at
/// most 60 moves a game) and returns its `--out` directory.
fn real_match(variant: Variant, games: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lj-pgn-{}-{}", variant, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let a = format!("cmd={bin},name=longjiang-a,option.USI_Hash=8");
    let b = format!("cmd={bin},name=longjiang-b,proto=uci,option.Hash=8");
    let games = games.to_string();
    let out = dir.display().to_string();
    ok(&longjiang(
        &[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--variant",
            variant.name(),
            "--tc",
            "nodes=300",
            "--games",
            &games,
            "--maxmoves",
            "60",
            "--out",
            &out,
        ],
        None,
    ));
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn sorted(mut r: GameRecord) -> GameRecord {
    r.tags.sort();
    r
}

#[test]
fn a_match_writes_its_games_as_pgn_and_record_converts_both_ways() {
    for (variant, games) in [(Variant::Longjiang, 4), (Variant::LongjiangNoDrop, 2)] {
        let dir = real_match(variant, games);
        let records = GameRecord::parse_many(&read(&dir, "games.txt")).expect("records");
        let pgn = read(&dir, "games.pgn");
        assert_eq!(records.len(), games as usize);
        // games.pgn holds the same games: moves, start, result, reason, players.
        let from_pgn = parse_pgn(&pgn).expect("the match's PGN reads");
        assert_eq!(from_pgn.len(), records.len());
        for (r, p) in records.iter().zip(&from_pgn) {
            assert_eq!(p.variant, variant);
            assert_eq!(p.moves, r.moves);
            assert_eq!(p.start_sfen, r.start_sfen);
            for key in [
                "Black", "White", "Result", "Reason", "Round", "Date", "Opening",
            ] {
                assert_eq!(p.tag(key), r.tag(key), "{key}");
            }
        }
        // The first player is PGN's White.
        let first = records[0].tag("Black").expect("a Black tag");
        assert!(pgn.contains(&format!("[White \"{first}\"]")), "{pgn}");
        assert!(pgn.contains(&format!("[Variant \"{}\"]", variant.fairy_name())));
        // record → PGN is the match's PGN; PGN → record gives the records back.
        let converted = ok(&longjiang(
            &["record", "convert", "--to", "pgn"],
            Some(&read(&dir, "games.txt")),
        ));
        assert_eq!(converted, pgn);
        let back = ok(&longjiang(
            &["record", "convert", "--to", "record"],
            Some(&pgn),
        ));
        let back = GameRecord::parse_many(&back).expect("converted records read");
        assert_eq!(
            back.into_iter().map(sorted).collect::<Vec<_>>(),
            records.iter().cloned().map(sorted).collect::<Vec<_>>()
        );
        // XBoard's form reads back to the same games too.
        let xb = ok(&longjiang(
            &["record", "convert", "--to", "pgn", "--form", "xboard"],
            Some(&pgn),
        ));
        assert_eq!(
            parse_pgn(&xb)
                .expect("XBoard form reads")
                .into_iter()
                .map(|g| g.moves)
                .collect::<Vec<_>>(),
            records.iter().map(|g| g.moves.clone()).collect::<Vec<_>>()
        );
        // `record read` gives the same moves from the PGN as from the records.
        assert_eq!(
            ok(&longjiang(&["record", "read"], Some(&pgn))),
            ok(&longjiang(
                &["record", "read"],
                Some(&read(&dir, "games.txt"))
            ))
        );
        if variant.rules().drops {
            assert!(pgn.contains('@'), "a drop game without a drop: {pgn}");
        }
        fairy_stockfish_agrees(&records);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `record read` and `record check` take the PGN XBoard saved.
#[test]
fn record_reads_the_pgn_xboard_saves() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let file = data.join("xboard-saved-longjiang.pgn");
    let file = file.to_str().expect("a UTF-8 path");
    let check = ok(&longjiang(&["record", "check", file], None));
    assert_eq!(
        check,
        "game 1: longjiang longjiang 0.1.0 - longjiang 0.1.0, 233 moves, 1-0 (White mates)\n"
    );
    let moves = ok(&longjiang(&["record", "read", file], None));
    assert!(moves.starts_with("c2c4 d9d8 d2d3 i10h8 "), "{moves}");
    assert_eq!(moves.split_whitespace().count(), 233);
    let nodrop = data.join("xboard-saved-longjiang-nodrop.pgn");
    let check = ok(&longjiang(
        &["record", "check", nodrop.to_str().expect("path")],
        None,
    ));
    assert!(check.ends_with("152 moves, 0-1 (Black mates)\n"), "{check}");
}

#[test]
fn bad_pgn_is_one_error_and_a_failing_exit() {
    for (text, says) in [
        (
            "[Event \"x\"]\n\n1. c4 d5 *\n",
            "game 1, line 3: move 2: 'd5': no legal move fits it",
        ),
        (
            "[Event \"x\"]\n1. c4 {open\n",
            "line 2: comment '{' is never closed",
        ),
        (
            "[Event \"x\"]\n[Variant \"chess\"]\n1. e4 *\n",
            "unknown variant 'chess'",
        ),
        ("[Event \"x\"]\n1. c4 d7 2. Qxf9 *\n", "move 3"),
    ] {
        for args in [
            &["record", "read"][..],
            &["record", "check"],
            &["record", "convert", "--to", "record"],
        ] {
            let out = longjiang(args, Some(text));
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{args:?} {text}");
            assert!(err.contains(says), "{args:?} {text}: {err}");
            assert!(!err.contains("panicked"), "{err}");
            assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        }
    }
    let out = longjiang(&["record", "convert", "--to", "pdf"], Some("c2c4"));
    assert!(!out.status.success());
    let out = longjiang(
        &["record", "convert", "--to", "pgn", "--form", "x"],
        Some("c2c4"),
    );
    assert!(!out.status.success());
    // A shogi record has no PGN.
    let kif = ok(&longjiang(
        &["record", "write", "--variant", "shogi", "7g7f"],
        None,
    ));
    let out = longjiang(&["record", "convert", "--to", "pgn"], Some(&kif));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("KIF"));
}

/// The variant file of Fairy-Stockfish for these games: `LONGJIANG_FSF_INI`, else the project's
/// `shared/reference/` beside the checkout (CI has it there). Missing, the test fails and says so.
fn fairy_ini() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference/fairy-stockfish-variants.ini");
    let tried: Vec<PathBuf> = std::env::var_os("LONGJIANG_FSF_INI")
        .map(PathBuf::from)
        .into_iter()
        .chain([
            beside,
            PathBuf::from("/work/shared/reference/fairy-stockfish-variants.ini"),
        ])
        .collect();
    tried
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "the Fairy-Stockfish variant file is missing (tried {tried:?}): the SAN comparison \
             with pyffish needs shared/reference/fairy-stockfish-variants.ini beside the \
             checkout, or LONGJIANG_FSF_INI naming it"
            )
        })
}

const PYFFISH: &str = r#"
import sys, pyffish as sf
sf.load_variant_config(open(sys.argv[1]).read())
for line in sys.stdin:
    variant, fen, moves = line.rstrip("\n").split("\t")
    print(" ".join(sf.get_san_moves(variant, fen, moves.split())))
"#;

/// Every move's SAN in the match's PGN is the one pyffish (Fairy-Stockfish) gives. In the drop
/// game a mate may be `+` there: Fairy-Stockfish lets a checked side interpose a drop, which
/// these rules forbid (the ini's notes), so `#` and `+` are compared as one mark there.
fn fairy_stockfish_agrees(records: &[GameRecord]) {
    let ini = fairy_ini();
    let python = common::shogi_python();
    let probe = Command::new(&python)
        .args(["-c", "import pyffish"])
        .status();
    assert!(
        probe.is_ok_and(|s| s.success()),
        "pyffish is not installed in {} (scripts/test installs it from PyPI: \
         `target/shogi-venv/bin/python -m pip install pyffish==0.0.90`); this test needs it",
        python.display()
    );
    let mut questions = String::new();
    let mut ours = Vec::new();
    for r in records {
        let start = r.start_position().expect("start");
        let uci: Vec<String> = r
            .moves
            .iter()
            .map(|&m| move_text(m, TextForm::Longjiang).replace('*', "@"))
            .collect();
        questions.push_str(&format!(
            "{}\t{}\t{}\n",
            r.variant.fairy_name(),
            write_fen(&start),
            uci.join(" ")
        ));
        let pgn = longjiang_core::notation::pgn::write_pgn(
            r,
            longjiang_core::notation::san::SanForm::Standard,
        )
        .expect("PGN");
        let game = &parse_pgn(&pgn).expect("reads")[0];
        assert_eq!(game.moves, r.moves);
        let mut pos = start.clone();
        let mut words = Vec::new();
        for &m in &r.moves {
            words.push(
                longjiang_core::notation::san::write_san(
                    &pos,
                    m,
                    longjiang_core::notation::san::SanForm::Standard,
                )
                .expect("SAN"),
            );
            pos.play(m);
        }
        ours.push((r.variant, words.join(" ")));
    }
    let mut child = Command::new(python)
        .arg("-c")
        .arg(PYFFISH)
        .arg(&ini)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(questions.as_bytes()).expect("to python");
    drop(stdin);
    let out = child.wait_with_output().expect("python runs");
    assert!(
        out.status.success(),
        "pyffish failed (scripts/test installs it into target/shogi-venv)"
    );
    let theirs = String::from_utf8(out.stdout).expect("UTF-8");
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(theirs.len(), ours.len());
    for ((variant, ours), theirs) in ours.iter().zip(theirs) {
        let mark = |s: &str| {
            if variant.rules().drops {
                s.replace('#', "+")
            } else {
                s.to_string()
            }
        };
        assert_eq!(mark(ours), mark(theirs), "{variant}");
    }
}
