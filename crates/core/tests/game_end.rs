//! How games end (RULES.md "End of the game"): checkmate, stalemate (a draw, or a loss under
//! `StalemateRule::Loss`), fourfold repetition (a draw on the fourth occurrence, not the third)
//! and perpetual check (the side that checked with every move loses), in both games.

use longjiang_core::rules::outcome::EndReason;
use longjiang_core::rules::{Color, Outcome, Position, Rules, StalemateRule, Variant};

fn position(sfen: &str, rules: Rules) -> Position {
    Position::from_sfen(sfen, rules).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_sfen()));
        pos.play(m);
    }
}

/// First player's king a1 in check from the rook h1, the rook h2 covers the second rank.
const MATE: &str = "9k/10/10/10/10/10/10/10/7r2/K6r2 b - - 00 1";
/// First player's king a1 not in check, every square around it covered by the queen c2.
const STALEMATE: &str = "9k/10/10/10/10/10/10/10/2q7/K9 b - - 00 1";

#[test]
fn checkmate_loses_for_the_side_to_move() {
    let want = Some(Outcome::Decisive {
        winner: Color::White,
        reason: EndReason::Checkmate,
    });
    for variant in Variant::ALL {
        let pos = position(MATE, variant.rules());
        assert!(pos.in_check());
        assert_eq!(pos.outcome(), want, "{variant}");
    }
    // A rook in hand does not help: no drop while in check.
    let pos = position(
        "9k/10/10/10/10/10/10/10/7r2/K6r2 b R - 00 1",
        Variant::Longjiang.rules(),
    );
    assert_eq!(pos.outcome(), want);
}

#[test]
fn stalemate_is_a_draw_or_a_loss_as_the_rules_say() {
    for variant in Variant::ALL {
        let pos = position(STALEMATE, variant.rules());
        assert!(!pos.in_check());
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Draw {
                reason: EndReason::Stalemate
            }),
            "{variant}"
        );
        let pos = position(
            STALEMATE,
            variant.rules().with_stalemate(StalemateRule::Loss),
        );
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                reason: EndReason::Stalemate
            }),
            "{variant}"
        );
    }
}

#[test]
fn a_pawn_in_hand_breaks_stalemate_only_without_cooldown() {
    let rules = Variant::Longjiang.rules();
    let waiting = position("9k/10/10/10/10/10/10/10/2q7/K9 b P - 10 1", rules);
    assert_eq!(
        waiting.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
    let free = position("9k/10/10/10/10/10/10/10/2q7/K9 b P - 00 1", rules);
    assert_eq!(free.outcome(), None);
}

#[test]
fn the_fourth_occurrence_draws_and_the_third_does_not() {
    // Cavalry out and back for both sides: the start position recurs every four plies.
    let shuffle = "b1c3 b10c8 c3b1 c8b10";
    for variant in Variant::ALL {
        let mut pos = Position::start(variant.rules());
        assert_eq!(pos.repetition_count(), 0);
        for round in 1..=3 {
            for (i, text) in shuffle.split_whitespace().enumerate() {
                assert_eq!(
                    pos.outcome(),
                    None,
                    "{variant}: round {round}, before ply {i}"
                );
                play(&mut pos, text);
            }
            assert_eq!(pos.repetition_count(), round, "{variant}");
            if round < 3 {
                assert_eq!(pos.outcome(), None, "{variant}: occurrence {}", round + 1);
            }
        }
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Draw {
                reason: EndReason::Repetition
            }),
            "{variant}: fourth occurrence"
        );
        // Taking the last move back leaves a game in progress again.
        pos.undo();
        assert_eq!(pos.outcome(), None, "{variant}");
    }
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    // The first player's rook checks from the e- and d-files in turn; the king steps aside.
    let start = "4k5/10/10/10/10/10/10/10/10/K2R6 b - - 00 1";
    let cycle = "d1e1 e10d10 e1d1 d10e10";
    for variant in Variant::ALL {
        let mut pos = position(start, variant.rules());
        for round in 1..=3 {
            for text in cycle.split_whitespace() {
                assert_eq!(pos.outcome(), None, "{variant}: round {round}");
                let m = pos
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                let checking = pos.side_to_move() == Color::Black;
                assert_eq!(pos.gives_check(m), checking, "{variant}: {text}");
                pos.play(m);
            }
        }
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                reason: EndReason::PerpetualCheck
            }),
            "{variant}"
        );
    }
}

#[test]
fn repetition_with_a_quiet_move_in_between_is_a_plain_draw() {
    // Same cycle, but the first player starts it with a quiet rook move: not every one of its
    // moves since the first occurrence gave check, so the repetition is a draw.
    let start = "4k5/10/10/10/10/10/10/10/10/K2R6 b - - 00 1";
    let mut pos = position(start, Variant::LongjiangNoDrop.rules());
    // d1d2 (quiet) e10f10 d2d1 f10e10 brings the start back; then the checking cycle.
    play(&mut pos, "d1d2 e10f10 d2d1 f10e10");
    assert_eq!(pos.repetition_count(), 1);
    play(&mut pos, "d1e1 e10d10 e1d1 d10e10");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "d1e1 e10d10 e1d1 d10e10");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}
