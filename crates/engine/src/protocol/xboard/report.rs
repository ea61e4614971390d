//! What the CECP session writes about a search and a game: thinking lines in XBoard's form
//! (`ply score time nodes pv`), the `stat01` answer to `.` in analyze mode, and the result
//! line that ends a game by the rules.

use crate::search::{Bound, Score, SearchInfo};
use longjiang_core::notation::xboard_notation::line_to_xboard;
use longjiang_core::rules::outcome::EndReason;
use longjiang_core::rules::{Color, Move, Outcome, result_token};

/// XBoard's mate score: 100000 + N for a mate in N moves, -100000 - N when mated in N.
const MATE: i64 = 100_000;

/// A score in XBoard's centipawns from the side to move's (the engine's) point of view.
pub fn score_value(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(plies) => {
            let moves = i64::from(plies.unsigned_abs().div_ceil(2));
            if plies > 0 {
                MATE + moves
            } else {
                -MATE - moves
            }
        }
    }
}

/// One thinking line, `ply score time nodes pv` (XBoard 4.9.1 shows optional fields put
/// between the nodes and the PV as part of the PV, so there are none). `before` is prefixed to
/// the PV (the guessed move while pondering). A bound found by a failed aspiration window ends
/// the PV with `?` (upper bound) or `!` (lower bound), as the protocol asks.
pub fn thinking_line(info: &SearchInfo, before: Option<Move>) -> String {
    let mut pv: Vec<Move> = before.into_iter().collect();
    pv.extend(&info.pv);
    let mark = match info.bound {
        Bound::Exact => "",
        Bound::Upper => "?",
        Bound::Lower => "!",
    };
    format!(
        "{} {} {} {} {}{mark}",
        info.depth,
        score_value(info.score),
        info.time.as_millis() / 10,
        info.nodes,
        line_to_xboard(&pv),
    )
}

/// The answer to `.` (analyze mode): `stat01: time nodes ply mvleft mvtot mvname`. The engine
/// does not count the root moves left in an iteration, so `mvleft` is 0 and `mvname` is the
/// current best move.
pub fn stat_line(info: Option<&SearchInfo>, legal_moves: usize) -> String {
    match info {
        None => format!("stat01: 0 0 0 0 {legal_moves}"),
        Some(i) => format!(
            "stat01: {} {} {} 0 {legal_moves} {}",
            i.time.as_millis() / 10,
            i.nodes,
            i.depth,
            i.pv.first()
                .map(|&m| line_to_xboard(&[m]))
                .unwrap_or_default()
        ),
    }
}

/// XBoard's name of a side: the first player (uppercase, moves first) is White.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "White",
        Color::White => "Black",
    }
}

/// The result line for a game the rules ended: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`,
/// `0-1 {White gave perpetual check}`, …; `1-0` is a win for the first player.
pub fn result_line(outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw { reason } => {
            let why = match reason {
                EndReason::Stalemate => "Stalemate",
                EndReason::Checkmate => "Checkmate",
                EndReason::Repetition | EndReason::PerpetualCheck => "Fourfold repetition",
                EndReason::Declaration => "Entering-king declaration",
            };
            format!("1/2-1/2 {{{why}}}")
        }
        Outcome::Decisive { winner, reason } => {
            let score = result_token(Some(winner));
            let loser = side_name(!winner);
            let why = match reason {
                EndReason::Checkmate => format!("{} mates", side_name(winner)),
                EndReason::Stalemate => format!("{loser} is stalemated and loses"),
                EndReason::PerpetualCheck | EndReason::Repetition => {
                    format!("{loser} gave perpetual check")
                }
                EndReason::Declaration => {
                    format!(
                        "{} wins by the entering-king declaration",
                        side_name(winner)
                    )
                }
            };
            format!("{score} {{{why}}}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::PieceKind;
    use std::time::Duration;

    #[test]
    fn scores_and_lines() {
        assert_eq!(score_value(Score::Cp(-35)), -35);
        assert_eq!(score_value(Score::Mate(1)), 100_001);
        assert_eq!(score_value(Score::Mate(3)), 100_002);
        assert_eq!(score_value(Score::Mate(-2)), -100_001);
        let sq = |s: &str| s.parse().unwrap();
        let info = SearchInfo {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score: Score::Cp(42),
            bound: Bound::Lower,
            nodes: 12345,
            nps: 100000,
            hashfull: 3,
            time: Duration::from_millis(1234),
            pv: vec![
                Move::normal(sq("f2"), sq("f4")),
                Move::drop(PieceKind::Pawn, sq("e5")),
            ],
        };
        assert_eq!(thinking_line(&info, None), "7 42 123 12345 f1f3 P@e4!");
        let guess = Move::normal(sq("f9"), sq("f7"));
        assert!(thinking_line(&info, Some(guess)).ends_with(" 12345 f8f6 f1f3 P@e4!"));
        assert_eq!(stat_line(Some(&info), 26), "stat01: 123 12345 7 0 26 f1f3");
    }

    #[test]
    fn results() {
        let mate = Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Checkmate,
        };
        assert_eq!(result_line(mate), "1-0 {White mates}");
        let perpetual = Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::PerpetualCheck,
        };
        assert_eq!(result_line(perpetual), "1-0 {Black gave perpetual check}");
        let stalemate = Outcome::Draw {
            reason: EndReason::Stalemate,
        };
        assert_eq!(result_line(stalemate), "1/2-1/2 {Stalemate}");
        let rep = Outcome::Draw {
            reason: EndReason::Repetition,
        };
        assert_eq!(result_line(rep), "1/2-1/2 {Fourfold repetition}");
        let declared = Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Declaration,
        };
        assert_eq!(
            result_line(declared),
            "0-1 {Black wins by the entering-king declaration}"
        );
    }
}
