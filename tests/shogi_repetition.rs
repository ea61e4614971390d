//! 千日手 and perpetual check in standard shogi (RULES.md §Standard shogi): the fourth
//! occurrence of a position draws (not the third), a side that gave check with every one of its
//! moves since the first occurrence loses, and the search knows it: through the rules, and
//! through USI.

mod engine_driver;

use engine_driver::{Driver, PROMPT};
use longjiang_core::rules::outcome::EndReason;
use longjiang_core::rules::{Color, Outcome, Position, SHOGI};

/// The kings step out and back: the start position recurs every four plies.
const SHUFFLE: &str = "5i4h 5a4b 4h5i 4b5a";
/// The first player's rook checks from file 1 and file 2 in turn; the king steps aside.
const CHECKS_FROM: &str = "8k/9/9/9/9/9/9/7R1/K8 b - 1";
const CHECKING: &str = "2h1h 1a2a 1h2h 2a1a";

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(m);
    }
}

#[test]
fn sennichite_the_fourth_occurrence_draws() {
    let mut pos = Position::start(SHOGI);
    for round in 1..=3 {
        for (i, text) in SHUFFLE.split_whitespace().enumerate() {
            assert_eq!(pos.outcome(), None, "round {round}, ply {i}");
            play(&mut pos, text);
        }
        assert_eq!(pos.repetition_count(), round);
    }
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    pos.undo();
    assert_eq!(
        pos.outcome(),
        None,
        "the third occurrence of the other position"
    );
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut pos = Position::from_sfen(CHECKS_FROM, SHOGI).unwrap();
    for round in 1..=3 {
        for text in CHECKING.split_whitespace() {
            assert_eq!(pos.outcome(), None, "round {round}");
            let m = pos.parse_move(text).unwrap();
            assert_eq!(
                pos.gives_check(m),
                pos.side_to_move() == Color::Black,
                "{text}"
            );
            pos.play(m);
        }
    }
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::PerpetualCheck
        })
    );
    // A quiet rook move before the cycle: not every move of the first player was a check
    // since the first occurrence, so the repetition is a plain draw.
    let mut pos = Position::from_sfen(CHECKS_FROM, SHOGI).unwrap();
    play(&mut pos, "2h3h 1a1b 3h2h 1b1a");
    play(&mut pos, &format!("{CHECKING} {CHECKING}"));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// `go depth <d>` at the position after `moves` from `CHECKS_FROM`: the last `info` line
/// before `bestmove`, and the `bestmove` line.
fn search(e: &mut Driver, moves: &str, depth: u32) -> (String, String) {
    e.send(&format!("position sfen {CHECKS_FROM} moves {moves}"));
    e.send(&format!("go depth {depth}"));
    let lines = e.until_prefix(PROMPT, "bestmove");
    let best = lines.last().cloned().unwrap_or_default();
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .cloned()
        .unwrap_or_default();
    (info, best)
}

#[test]
fn the_search_through_usi_knows_both_rules() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    e.send("setoption name Variant value shogi");
    // The defender completes the fourfold repetition that the checker's perpetual check
    // brought about: a win at once, reported as mate 1.
    let before_win = format!("{CHECKING} {CHECKING} 2h1h 1a2a 1h2h");
    let (info, best) = search(&mut e, &before_win, 4);
    assert_eq!(best, "bestmove 2a1a", "{}", e.log());
    assert!(info.contains("score mate 1 "), "{info}");
    // The checker, one check from losing that way, plays something else and stays ahead.
    let before_loss = format!("{CHECKING} {CHECKING} 2h1h 1a2a");
    let (info, best) = search(&mut e, &before_loss, 6);
    assert_ne!(best.split(' ').nth(1), Some("1h2h"), "{}", e.log());
    assert!(info.contains("score cp "), "{info}");
    // After the game has ended by perpetual check, `go` still answers with a legal move (the
    // GUI ends the game; the engine does not refuse).
    let ended = format!("{CHECKING} {CHECKING} {CHECKING}");
    let (_, best) = search(&mut e, &ended, 2);
    let mut pos = Position::from_sfen(CHECKS_FROM, SHOGI).unwrap();
    play(&mut pos, &ended);
    let reply = best.split(' ').nth(1).unwrap_or("");
    assert!(pos.parse_move(reply).is_ok(), "{best}");
    // 千日手 from the start position: the move into the fourth occurrence scores as a draw.
    let shuffle = format!("{SHUFFLE} {SHUFFLE} {SHUFFLE}");
    e.send(&format!("position startpos moves {shuffle}"));
    e.send("d plain");
    let drawn = e.until_prefix(PROMPT, "Checkers:");
    assert!(
        drawn.iter().any(|l| l.starts_with("Sfen: lnsgkgsnl/")),
        "{drawn:?}"
    );
    e.send(&format!(
        "position startpos moves {}",
        shuffle.rsplit_once(' ').map(|(a, _)| a).unwrap_or("")
    ));
    e.send("go depth 3 searchmoves 4b5a");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("score cp 0 ") && l.contains("pv 4b5a")),
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}
