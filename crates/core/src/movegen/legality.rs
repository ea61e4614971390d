//! Questions about single moves that come from outside the generator: is this move legal here
//! (protocol input, table moves), does it give check, and how does the game stand.

use super::{attacks_square, check_squares, drops_of, has_legal_move, moves_from};
use crate::geometry::{Bitboard, attacks};
use crate::rules::ascii::{AsciiMove, ParseMoveError};
use crate::rules::outcome::EndReason;
use crate::rules::{Move, Outcome, PieceKind, Position, StalemateRule};
use std::fmt;

/// Why a move text cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move at all.
    Syntax(ParseMoveError),
    /// The text is a move, but not a legal one here; the reason says why.
    Illegal {
        /// The move as written.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(e) => write!(f, "{e}"),
            MoveError::Illegal { text, reason } => write!(f, "illegal move {text}: {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// Whether `m` is a legal move here. Safe for any `Move` value, including garbage read
    /// back from a table.
    pub fn is_legal(&self, m: Move) -> bool {
        if m == Move::NONE {
            return false;
        }
        match m.from() {
            Some(from) => moves_from(self, from).contains(m),
            None => match m.drop_kind() {
                Some(kind) if self.rules().holds(kind) => drops_of(self, kind).contains(m),
                _ => false,
            },
        }
    }

    /// Whether the legal move `m` gives check (directly, by discovery, or by the rook of a
    /// castling move).
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let their_king = self.king(!us);
        let to = m.to();
        let Some(from) = m.from() else {
            let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
            return check_squares(kind, us, their_king, self.occupied()).has(to);
        };
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let mut occ = self.occupied().without(from).with(to);
        let mut moved = Bitboard::from_square(from);
        if m.is_castle() {
            let cm = self.castling_for(us, to);
            occ = occ.without(cm.rook_from).with(cm.rook_to);
            moved = moved.with(cm.rook_from);
            if attacks::rook_attacks(cm.rook_to, occ).has(their_king) {
                return true;
            }
        }
        let kind = m.promotion_kind().unwrap_or(piece.kind);
        if attacks_square(kind, us, to, their_king, occ) {
            return true;
        }
        // Only a move from a discoverer (or a castling, which also moves a rook) can uncover.
        if !m.is_castle() && !self.state().discoverers.has(from) {
            return false;
        }
        // Discovered checks: only line pieces and guards can be uncovered.
        let ours = self.side_pieces(us) & !moved;
        let rooks = (self.kind_pieces(PieceKind::Rook) | self.kind_pieces(PieceKind::Queen)) & ours;
        let bishops =
            (self.kind_pieces(PieceKind::Bishop) | self.kind_pieces(PieceKind::Queen)) & ours;
        if self.rules().kind_mask & crate::rules::position::SHOGI_ONLY != 0 {
            let lances = self.kind_pieces(PieceKind::Lance) & ours;
            if (attacks::rook_attacks(their_king, occ) & self.kind_pieces(PieceKind::Dragon) & ours)
                .any()
                || (attacks::bishop_attacks(their_king, occ)
                    & self.kind_pieces(PieceKind::Horse)
                    & ours)
                    .any()
                || (attacks::lance_attacks((!us).index(), their_king, occ) & lances).any()
            {
                return true;
            }
        }
        (attacks::rook_attacks(their_king, occ) & rooks).any()
            || (attacks::bishop_attacks(their_king, occ) & bishops).any()
            || (attacks::spear_attacks(their_king, occ) & self.kind_pieces(PieceKind::Spear) & ours)
                .any()
            || (attacks::guard_attackers_mask(their_king, occ)
                & self.kind_pieces(PieceKind::Guard)
                & ours)
                .any()
    }

    /// Reads an ASCII move (`f2f4`, `e9e10+`, `P*e5`, `P@e5`, `f1i1`; in shogi `7g7f`, `8h2b+`,
    /// `P*5e`) and checks that it is legal here; the error says why not.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let ascii = AsciiMove::parse(text, self.rules()).map_err(MoveError::Syntax)?;
        let m = ascii.to_move(self);
        if self.is_legal(m) {
            return Ok(m);
        }
        Err(MoveError::Illegal {
            text: text.to_string(),
            reason: self.why_illegal(m),
        })
    }

    /// A short explanation of why the (illegal) move `m` cannot be played.
    fn why_illegal(&self, m: Move) -> String {
        let us = self.side_to_move();
        let to = m.to();
        if let Some(kind) = m.drop_kind() {
            let rules = self.rules();
            return if !rules.drops {
                "this game has no drops".into()
            } else if self.hand(us).count(kind) == 0 {
                "that piece is not in hand".into()
            } else if self.in_check() && !rules.drop_in_check {
                "no drop while in check".into()
            } else if self.cooldown(us) > 0 {
                format!(
                    "drop cooldown: {} more turn(s) without drops",
                    self.cooldown(us)
                )
            } else if self.piece_at(to).is_some() {
                "the square is occupied".into()
            } else if !rules.board.has(to) {
                "the square is off the board".into()
            } else if rules.dead_squares[kind.index()][us.index()].has(to) {
                if kind.letter() == Some('P') {
                    "no pawn drop on the last rank".into()
                } else {
                    "the piece could never move from there".into()
                }
            } else if rules.nifu == Some(kind)
                && (self.pieces(us, kind) & Bitboard::file(to.file().index())).any()
            {
                "two unpromoted pawns on one file (nifu)".into()
            } else if self.in_check() {
                "it does not answer the check".into()
            } else if rules.drop_may_check {
                "a pawn drop may not give checkmate".into()
            } else {
                "a drop may not give check".into()
            };
        }
        let Some(from) = m.from() else {
            return "not a move".into();
        };
        let Some(piece) = self.piece_at(from) else {
            return format!("no piece on {}", self.rules().text.name(from));
        };
        if piece.color != us {
            return format!(
                "the piece on {} is not the side to move's",
                self.rules().text.name(from)
            );
        }
        let targets = moves_from(self, from);
        if targets.to.has(to) {
            let promotes = !self.rules().promotions[piece.kind.index()].is_empty();
            return match m.promotion_kind() {
                None if piece.kind.letter() == Some('P') => "the pawn must promote there".into(),
                None => "the piece must promote there".into(),
                Some(_) if !promotes => "this piece does not promote".into(),
                Some(_) => "not a promotion allowed there in this game".into(),
            };
        }
        if m.promotion_kind().is_some() && self.rules().promotions[piece.kind.index()].is_empty() {
            return "this piece does not promote".into();
        }
        if self.in_check() {
            "it does not answer the check".into()
        } else if self.pinned().has(from) {
            "the piece is pinned to its king".into()
        } else if piece.kind == PieceKind::Pawn
            && from.offset(0, 2 * us.forward()) == Some(to)
            && !self.double_step_pawns().has(from)
        {
            "this pawn has no double step (it was dropped, or has moved)".into()
        } else if piece.kind == PieceKind::King {
            "the king may not move there".into()
        } else {
            "the piece cannot move there".into()
        }
    }

    /// How the game stands if the side to move claims every win the rules let it claim:
    /// [`Position::outcome`], else the entering-king declaration's win
    /// ([`Position::declaration`]). What a player asks before it moves (the USI session
    /// answers `bestmove win`), and what a referee asks when a player claims (`win`).
    pub fn outcome_claiming(&self) -> Option<Outcome> {
        self.outcome().or_else(|| self.declaration())
    }

    /// How the game stands without a claim: `None` while it goes on, or its result
    /// (checkmate, stalemate, fourfold repetition, perpetual check). A game where the side to
    /// move may declare goes on until it declares ([`Position::outcome_claiming`]).
    pub fn outcome(&self) -> Option<Outcome> {
        if !has_legal_move(self) {
            let us = self.side_to_move();
            return Some(if self.in_check() {
                Outcome::Decisive {
                    winner: !us,
                    reason: EndReason::Checkmate,
                }
            } else {
                match self.rules().stalemate {
                    StalemateRule::Draw => Outcome::Draw {
                        reason: EndReason::Stalemate,
                    },
                    StalemateRule::Loss => Outcome::Decisive {
                        winner: !us,
                        reason: EndReason::Stalemate,
                    },
                }
            });
        }
        self.repetition_outcome()
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{LONGJIANG, Position, SHOGI};

    /// Errors name squares the way the game writes them: `e5` in 龙将棋, `5e` in shogi.
    #[test]
    fn errors_name_squares_in_the_games_form() {
        let why = |p: &Position, text: &str| p.parse_move(text).unwrap_err().to_string();
        let shogi = Position::start(SHOGI);
        assert_eq!(why(&shogi, "5e5d"), "illegal move 5e5d: no piece on 5e");
        assert_eq!(
            why(&shogi, "3c3d"),
            "illegal move 3c3d: the piece on 3c is not the side to move's"
        );
        let longjiang = Position::start(LONGJIANG);
        assert_eq!(why(&longjiang, "e5e6"), "illegal move e5e6: no piece on e5");
        let bad = |sfen: &str| Position::from_sfen(sfen, SHOGI).unwrap_err().to_string();
        let e = bad("P3k4/9/9/9/9/9/9/9/4K4 b - 1");
        assert!(e.contains("last rank at 9a"), "{e}");
        let e = bad("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1");
        assert!(e.contains("file of 5e") || e.contains("file of 5f"), "{e}");
    }

    /// A `+` on a piece that has no promotion is an illegal move, not a crash (found by the
    /// Python package's fuzz).
    #[test]
    fn a_plus_on_a_piece_without_promotion_is_illegal() {
        let why = |p: &Position, text: &str| p.parse_move(text).unwrap_err().to_string();
        let longjiang = Position::start(LONGJIANG);
        assert_eq!(
            why(&longjiang, "b1c3+"),
            "illegal move b1c3+: this piece does not promote"
        );
        let shogi = Position::start(SHOGI);
        assert!(why(&shogi, "5i5h+").starts_with("illegal move 5i5h+"));
    }
}
