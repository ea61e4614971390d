//! The mate solver (`search::tsume`, USI's `go mate`): mates of 1 to 13 plies in shogi
//! positions, each answer checked independently (python-shogi: every move legal, each of the
//! attacker's a check, the last position checkmate; and, for the short ones, an exhaustive
//! search of our own: the attacker's first move mates against every defence and no shorter
//! mate exists), positions without a mate, 打ち歩詰め not counted as a mate, 龙将棋's drop
//! rules, and the protocol transcript.

mod common;

mod engine_driver;

use engine_driver::{Driver, PROMPT};
use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{LONGJIANG, Position, Rules, SHOGI};
use longjiang_engine::search::tsume::{MateAnswer, MateLimits, solve};
use std::sync::atomic::AtomicBool;

/// Shogi problems and the length of their shortest mate, in plies.
const PROBLEMS: [(&str, usize); 7] = [
    ("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1),
    ("7kl/9/6G2/9/9/9/9/9/4K4 b S 1", 3),
    ("2S6/k8/5+R3/9/9/9/9/9/4K4 b LS 1", 3),
    ("9/1p3b1k1/p5R2/9/9/9/9/9/4K4 b GNP 1", 5),
    ("+B1k6/8+B/9/9/7R1/9/9/9/4K4 b SB 1", 9),
    ("3b5/5k3/1S7/2R2g3/3B5/9/9/9/4K4 b GS 1", 11),
    ("9/9/8k/3L2n2/2N2+R3/9/9/9/4K4 b PNG 1", 13),
];

fn answer(sfen: &str, rules: Rules) -> MateAnswer {
    let pos = Position::from_sfen(sfen, rules).expect("a valid position");
    let limits = MateLimits {
        time: None,
        nodes: Some(5_000_000),
        table_mb: 16,
    };
    solve(&pos, &limits, &AtomicBool::new(false)).answer
}

fn texts(sfen: &str, rules: Rules, line: &[longjiang_core::rules::Move]) -> Vec<String> {
    let form = Position::from_sfen(sfen, rules).unwrap().rules().text;
    line.iter().map(|&m| move_text(m, form)).collect()
}

/// Whether the attacker (to move) mates within `plies` plies, by checks: exhaustive.
fn mates_within(pos: &mut Position, plies: usize) -> bool {
    plies > 0
        && legal_moves(pos).into_iter().any(|m| {
            if !pos.gives_check(m) {
                return false;
            }
            pos.play(m);
            let mated = every_defence_loses(pos, plies - 1);
            pos.undo();
            mated
        })
}

/// Whether the defender (to move, in check) is mated, or mated within `plies` whatever it plays.
fn every_defence_loses(pos: &mut Position, plies: usize) -> bool {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return pos.in_check();
    }
    plies > 0
        && moves.into_iter().all(|m| {
            pos.play(m);
            let mated = mates_within(pos, plies - 1);
            pos.undo();
            mated
        })
}

/// python-shogi's verdict on each "SFEN | moves" line.
fn python_verdicts(lines: &[String]) -> Vec<String> {
    common::ask_shogi_python("shogi_reference.py", &["mateline"], lines)
}

#[test]
fn shogi_mates_of_1_to_13_plies_checked_by_python_shogi_and_exhaustive_search() {
    let mut questions = Vec::new();
    for (sfen, plies) in PROBLEMS {
        let MateAnswer::Mate(line) = answer(sfen, SHOGI) else {
            panic!("{sfen}: no mate found");
        };
        let moves = texts(sfen, SHOGI, &line);
        assert_eq!(
            line.len(),
            plies,
            "{sfen}: {moves:?} is not the shortest mate"
        );
        let mut pos = Position::from_sfen(sfen, SHOGI).unwrap();
        if plies <= 5 {
            let shorter = plies >= 3 && mates_within(&mut pos, plies - 2);
            assert!(!shorter, "{sfen}: a shorter mate exists");
            pos.play(line[0]);
            assert!(
                every_defence_loses(&mut pos, plies - 1),
                "{sfen}: {} does not mate against every defence in {plies} plies",
                moves[0]
            );
        }
        questions.push(format!("{sfen} | {}", moves.join(" ")));
    }
    let verdicts = python_verdicts(&questions);
    assert_eq!(verdicts.len(), questions.len());
    for (q, v) in questions.iter().zip(&verdicts) {
        assert_eq!(v, "ok", "python-shogi on {q}");
    }
}

#[test]
fn positions_without_a_mate() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(answer(start, SHOGI), MateAnswer::NoMate);
    // Checks exist (the gold and the silver), but every one is answered.
    let sfen = "3gkg3/9/4P4/9/9/9/9/9/4K4 b N2G 1";
    assert_eq!(answer(sfen, SHOGI), MateAnswer::NoMate);
    let mut pos = Position::from_sfen(sfen, SHOGI).unwrap();
    assert!(
        !mates_within(&mut pos, 5),
        "the exhaustive search agrees to 5 plies"
    );
}

#[test]
fn a_pawn_drop_mate_is_no_mate() {
    // P*9b would be mate (the gold guards 9b and 8b, the lance blocks 8a): 打ち歩詰め.
    let sfen = "kl7/9/1G7/9/9/9/9/9/4K4 b P 1";
    let pos = Position::from_sfen(sfen, SHOGI).unwrap();
    let drop = pos.parse_move("P*9b");
    assert!(drop.is_err(), "P*9b is illegal: {drop:?}");
    assert_eq!(answer(sfen, SHOGI), MateAnswer::NoMate);
    // The same drop with a gold is a mate.
    let sfen = "kl7/9/1G7/9/9/9/9/9/4K4 b G 1";
    let MateAnswer::Mate(line) = answer(sfen, SHOGI) else {
        panic!("G*9b mates");
    };
    assert_eq!(texts(sfen, SHOGI, &line), ["G*9b"]);
    assert_eq!(python_verdicts(&[format!("{sfen} | G*9b")]), ["ok"]);
}

#[test]
fn longjiang_drops_neither_check_nor_interpose() {
    // A rook dropped on the back rank would mate, but a drop may not give check in 龙将棋.
    let sfen = "k9/pp8/10/10/10/10/10/10/10/5K4 b R - 00 1";
    assert_eq!(answer(sfen, LONGJIANG), MateAnswer::NoMate);
    // With the rook on the board it is mate in one, and the rook in the defender's hand cannot
    // be dropped in between: a side in check may not drop.
    let sfen = "k9/pp8/10/10/10/10/10/10/9R/5K4 b r - 00 1";
    let MateAnswer::Mate(line) = answer(sfen, LONGJIANG) else {
        panic!("j2j10 mates");
    };
    assert_eq!(texts(sfen, LONGJIANG, &line), ["j2j10"]);
    let mut pos = Position::from_sfen(sfen, LONGJIANG).unwrap();
    pos.play(line[0]);
    assert!(pos.in_check() && legal_moves(&pos).is_empty());
    // The same picture in shogi: the defender interposes a pawn (not on 8a: 二歩), mate in 3.
    let sfen = "k8/pp7/9/9/9/9/9/8R/4K4 b p 1";
    let MateAnswer::Mate(line) = answer(sfen, SHOGI) else {
        panic!("mate in 3");
    };
    let moves = texts(sfen, SHOGI, &line).join(" ");
    assert_eq!(moves, "1h1a P*7a 1a7a");
    assert_eq!(python_verdicts(&[format!("{sfen} | {moves}")]), ["ok"]);
}

#[test]
fn go_mate_transcript() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    e.send("setoption name Variant value shogi");
    e.send(&format!("position sfen {}", PROBLEMS[3].0));
    e.send("go mate 60000");
    let lines = e.until_prefix(PROMPT, "checkmate");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("checkmate G*2c 2b2a 3c3b+ 2a1a 2c2b"),
        "{}",
        e.log()
    );
    assert!(
        lines[lines.len() - 2].starts_with("info time "),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go mate infinite");
    assert_eq!(
        e.until_prefix(PROMPT, "checkmate")
            .last()
            .map(String::as_str),
        Some("checkmate nomate")
    );
    // A hard position: the reader still answers isready, and stop ends the search.
    e.send("position sfen 1g5k1/s2p5/9/9/9/9/9/9/4K4 b LBR 1");
    e.send("go mate infinite");
    e.send("isready");
    assert_eq!(e.until_prefix(PROMPT, "readyok"), ["readyok"]);
    let refused = e.ask("go depth 1");
    assert!(
        refused[0].starts_with("info string error: go: a search is running"),
        "{refused:?}"
    );
    e.send("stop");
    let answer = e.until_prefix(PROMPT, "checkmate");
    let last = answer.last().cloned().unwrap_or_default();
    assert!(
        last == "checkmate timeout" || last.starts_with("checkmate B*"),
        "{}",
        e.log()
    );
    // A time limit that runs out.
    e.send("go mate 1");
    let answer = e.until_prefix(PROMPT, "checkmate");
    let last = answer.last().cloned().unwrap_or_default();
    assert!(
        last == "checkmate timeout" || last.starts_with("checkmate B*"),
        "{last}"
    );
    // 龙将棋 through the same command.
    e.send("setoption name Variant value longjiang");
    e.send("position sfen k9/pp8/10/10/10/10/10/10/9R/5K4 b r - 00 1");
    e.send("go mate 60000");
    assert_eq!(
        e.until_prefix(PROMPT, "checkmate")
            .last()
            .map(String::as_str),
        Some("checkmate j2j10")
    );
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}
