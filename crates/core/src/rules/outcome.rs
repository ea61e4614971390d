//! How a game ends, and repetition (千日手) with perpetual check (长将) read off the history,
//! and the entering-king declaration (入玉宣言) read off the board and hands. Checkmate and
//! stalemate need the move generator, so `Position::outcome` and `outcome_claiming` (the one
//! game-end question, with or without the declaration) live there; the parts here do not.

use super::description::EnteringKingRule;
use super::piece::{Color, PieceKind};
use super::position::Position;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EndReason {
    /// In check with no legal move.
    Checkmate,
    /// No legal move while not in check.
    Stalemate,
    /// The same position for the fourth time.
    Repetition,
    /// Fourfold repetition in which one side gave check with every one of its moves.
    PerpetualCheck,
    /// The side to move claimed a win under the entering-king rule (`bestmove win`), which
    /// the position met ([`Position::declaration`]).
    Declaration,
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The result token (`1-0`, `0-1`, `1/2-1/2`; see [`result_token`]).
    pub fn result_token(self) -> &'static str {
        result_token(self.winner())
    }
}

impl EndReason {
    /// The end in words, as records' `Reason` tags and messages write it: `checkmate`,
    /// `stalemate`, `repetition`, `perpetual check`, `declaration` (also its `Display`).
    pub fn words(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Declaration => "declaration",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// The result token of a game from the first player's side, as every record, journal and
/// protocol writes it: `1-0` (the first player won), `0-1`, or `1/2-1/2` (`winner` `None`).
pub const fn result_token(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// The winner a result token names (`Some(None)`: a draw); `None` for any other text, `*`
/// (an unfinished game) included.
pub fn parse_result_token(text: &str) -> Option<Option<Color>> {
    match text {
        "1-0" => Some(Some(Color::Black)),
        "0-1" => Some(Some(Color::White)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// A finished game in words: its reason, then its result token (`checkmate, 1-0`).
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.reason(), self.result_token())
    }
}

impl Position {
    /// Earlier occurrences of the current position in the history, most recent first, as
    /// indices into the state stack, looking back no further than the last irreversible move.
    /// Stops after `limit` occurrences.
    pub fn earlier_occurrences(&self, limit: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.states.len() - 1;
        let key = self.states[n].key;
        let back = (self.states[n].reversible as usize).min(n);
        (2..=back)
            .step_by(2)
            .map(move |d| n - d)
            .filter(move |&i| self.states[i].key == key)
            .take(limit)
    }

    /// How many times the current position occurred before (0 if it is new).
    pub fn repetition_count(&self) -> usize {
        self.earlier_occurrences(usize::MAX).count()
    }

    /// Whether `color` gave check with every one of its moves after state `since`
    /// (an index into the history) up to now.
    pub fn checked_throughout(&self, color: Color, since: usize) -> bool {
        let n = self.states.len() - 1;
        // The side to move at state i is self.side when n - i is even; the move into state i
        // was made by the other side.
        (since + 1..=n)
            .filter(|&i| {
                let mover_is_side = (n - i) % 2 == 1;
                let mover = if mover_is_side { self.side } else { !self.side };
                mover == color
            })
            .all(|i| self.states[i].checkers.any())
    }

    /// The result if the current position ends the game by repetition: a draw, or a loss for a
    /// side that gave check with every one of its moves since the first occurrence (if both
    /// sides did, a draw).
    pub fn repetition_outcome(&self) -> Option<Outcome> {
        let needed = self.rules.repetitions.saturating_sub(1) as usize;
        let first = self.earlier_occurrences(needed).last()?;
        if self.earlier_occurrences(needed).count() < needed {
            return None;
        }
        let black = self.checked_throughout(Color::Black, first);
        let white = self.checked_throughout(Color::White, first);
        Some(match (black, white) {
            (true, false) => Outcome::Decisive {
                winner: Color::White,
                reason: EndReason::PerpetualCheck,
            },
            (false, true) => Outcome::Decisive {
                winner: Color::Black,
                reason: EndReason::PerpetualCheck,
            },
            _ => Outcome::Draw {
                reason: EndReason::Repetition,
            },
        })
    }

    /// The entering-king points of `color` (king 0, rook, bishop and their promotions 5, every
    /// other piece 1): of its pieces in `zone` and in hand.
    fn entering_points(&self, color: Color, zone: crate::geometry::Bitboard) -> u32 {
        let big = |k: PieceKind| {
            matches!(
                k,
                PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse
            )
        };
        let mut points = 0;
        for sq in self.side_pieces(color) & zone {
            match self.piece_at(sq).map(|p| p.kind) {
                Some(PieceKind::King) | None => {}
                Some(k) => points += if big(k) { 5 } else { 1 },
            }
        }
        let hand = self.hand(color);
        for k in hand.kinds() {
            points += u32::from(hand.count(k)) * if big(k) { 5 } else { 1 };
        }
        points
    }

    /// The win the side to move may claim now instead of moving under the game's
    /// entering-king rule (`bestmove win` in USI), if the position meets it: a decisive
    /// outcome for the side to move, [`EndReason::Declaration`]. Callers that ask how the
    /// game stands ask [`Position::outcome_claiming`], which includes it.
    pub fn declaration(&self) -> Option<Outcome> {
        self.may_declare().then(|| Outcome::Decisive {
            winner: self.side_to_move(),
            reason: EndReason::Declaration,
        })
    }

    /// Whether the side to move meets the entering-king rule. CSA rules: its king in the enemy camp (its promotion zone),
    /// not in check, at least ten other pieces there, and enough points there and in hand (27-
    /// point rule: 28 for the first player, 27 for the second; 24-point rule: 31). The seed's
    /// count: both kings in their promotion zones, the mover's pieces (board and hand) worth 27
    /// or more and the opponent's fewer.
    fn may_declare(&self) -> bool {
        let us = self.side_to_move();
        let them = !us;
        let zone = self.rules.promotion_zone[us.index()];
        if self.in_check() || !zone.has(self.king(us)) {
            return false;
        }
        let in_zone = (self.side_pieces(us) & zone).len().saturating_sub(1);
        let board = self.rules.board;
        match self.rules.entering_king {
            EnteringKingRule::None => false,
            EnteringKingRule::Csa27 => {
                let need = if us == Color::Black { 28 } else { 27 };
                in_zone >= 10 && self.entering_points(us, zone) >= need
            }
            EnteringKingRule::Csa24 => in_zone >= 10 && self.entering_points(us, zone) >= 31,
            EnteringKingRule::Seed27 => {
                let their_zone = self.rules.promotion_zone[them.index()];
                their_zone.has(self.king(them))
                    && self.entering_points(us, board) >= 27
                    && self.entering_points(them, board) < 27
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_tokens_round_trip_and_outcomes_read_as_words() {
        for (winner, token) in [
            (Some(Color::Black), "1-0"),
            (Some(Color::White), "0-1"),
            (None, "1/2-1/2"),
        ] {
            assert_eq!(result_token(winner), token);
            assert_eq!(parse_result_token(token), Some(winner));
        }
        assert_eq!(parse_result_token("*"), None);
        assert_eq!(parse_result_token("1-1"), None);
        let mate = Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate,
        };
        assert_eq!(mate.to_string(), "checkmate, 0-1");
        let draw = Outcome::Draw {
            reason: EndReason::PerpetualCheck,
        };
        assert_eq!(draw.to_string(), "perpetual check, 1/2-1/2");
    }

    /// The declaration is a claim: the game goes on (`outcome`) until the side to move claims
    /// it, and the claim is a win for it only where the rule holds.
    #[test]
    fn the_declaration_wins_only_when_claimed_and_met() {
        use crate::rules::SHOGI;
        // Each king in the other's camp; the first player holds every other piece in hand.
        let board = "9/4K4/9/9/9/9/9/4k4/9";
        let hand = "2R2B4G4S4N4L18P";
        let at = |side: &str, rules| {
            Position::from_sfen(&format!("{board} {side} {hand} 1"), rules).unwrap()
        };
        let won = Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Declaration,
        };
        let black = at("b", SHOGI);
        assert_eq!(black.outcome(), None);
        assert_eq!(black.declaration(), Some(won));
        assert_eq!(black.outcome_claiming(), Some(won));
        assert_eq!(won.to_string(), "declaration, 1-0");
        // The second player has no points to declare with.
        let white = at("w", SHOGI);
        assert_eq!(white.declaration(), None);
        assert_eq!(white.outcome_claiming(), None);
        // Without the rule nobody may declare; under CSA's rules ten pieces must be in the camp.
        for rule in [EnteringKingRule::None, EnteringKingRule::Csa27] {
            let p = at("b", SHOGI.with_entering_king(rule));
            assert_eq!(p.outcome_claiming(), None, "{rule:?}");
        }
    }
}
