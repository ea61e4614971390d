//! `Setup` → `Position` (validation, the only way a position is built) and back, and the
//! text entry points that go through it: `Position::start`, `Position::from_sfen`,
//! `Position::to_sfen`. Dependencies run one way: `sfen` (text ↔ `Setup`) and `setup` know
//! nothing of positions; this module joins them.

use super::description::Rules;
use super::hand::MAX_IN_HAND;
use super::moves::Move;
use super::piece::{Color, KINDS, Piece, PieceKind};
use super::position::{Position, State, castle_bit};
use super::setup::{PositionError, Setup};
use super::sfen::{SfenError, parse_setup, write_setup};
use super::zobrist;
use crate::geometry::{Bitboard, SQUARES, Square};

/// Parses and validates an SFEN for the game `rules` describe.
pub fn parse_sfen(text: &str, rules: Rules) -> Result<Position, SfenError> {
    Ok(Position::from_setup(&parse_setup(text, &rules)?, rules)?)
}

impl Position {
    /// The start position of the game `rules` describe.
    pub fn start(rules: Rules) -> Position {
        parse_sfen(rules.start_sfen, rules).expect("the built-in start SFEN is valid")
    }

    /// Parses and validates an SFEN (same as [`parse_sfen`]).
    pub fn from_sfen(text: &str, rules: Rules) -> Result<Position, SfenError> {
        parse_sfen(text, rules)
    }

    /// The position's SFEN.
    pub fn to_sfen(&self) -> String {
        write_setup(&self.to_setup(), &self.rules)
    }

    /// The setup of the position (its current state; history is not part of a setup).
    pub fn to_setup(&self) -> Setup {
        let mut no_double_step = Bitboard::EMPTY;
        if self.rules.double_step {
            for color in Color::ALL {
                let rank = Bitboard::rank(self.rules.pawn_start_rank[color.index()]);
                no_double_step |=
                    self.pieces(color, PieceKind::Pawn) & rank & !self.double_step_pawns();
            }
        }
        Setup {
            board: self.board,
            no_double_step,
            side: self.side,
            hands: self.hands,
            castling: self.castling_rights(),
            cooldown: [self.cooldown(Color::Black), self.cooldown(Color::White)],
            move_number: self.move_number(),
        }
    }

    /// Checks every rule a position of the game `rules` describe must satisfy and builds it.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            rules,
            board: [None; SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; KINDS],
            hands: setup.hands,
            side: setup.side,
            ply: u64::from(setup.move_number),
            castle_mask: [0xff; SQUARES],
            states: Vec::with_capacity(256),
        };
        if setup.move_number == 0 {
            return Err(PositionError::MoveNumberZero);
        }
        let mut key = 0u64;
        for sq in Square::all() {
            let Some(piece) = setup.board[sq.index()] else {
                continue;
            };
            if !rules.board.has(sq) {
                return Err(PositionError::OffBoard(rules.text.name(sq)));
            }
            let kind = piece.kind;
            if rules.dead_squares[kind.index()][piece.color.index()].has(sq) {
                return Err(PositionError::PawnOnLastRank(rules.text.name(sq)));
            }
            let reachable =
                !kind.is_promoted() || rules.promotions.iter().any(|to| to.contains(&kind));
            if !rules.has_kind(kind) || !reachable {
                return Err(PositionError::KindNotInGame(rules.text.name(sq)));
            }
            pos.board[sq.index()] = Some(piece);
            pos.by_color[piece.color.index()] |= Bitboard::from_square(sq);
            pos.by_kind[kind.index()] |= Bitboard::from_square(sq);
            key ^= zobrist::piece(piece, sq);
        }
        for color in Color::ALL {
            let kings = pos.pieces(color, PieceKind::King);
            if kings.is_empty() {
                return Err(PositionError::NoKing(color));
            }
            if kings.has_many() {
                return Err(PositionError::TooManyKings(color));
            }
            if let Some(pawn) = rules.nifu {
                let mut files = Bitboard::EMPTY;
                for sq in pos.pieces(color, pawn) {
                    if files.has(sq) {
                        return Err(PositionError::TwoPawnsOnFile(rules.text.name(sq)));
                    }
                    files |= Bitboard::file(sq.file().index());
                }
            }
        }
        let mut double_step = Bitboard::EMPTY;
        if rules.double_step {
            for color in Color::ALL {
                let start = Bitboard::rank(rules.pawn_start_rank[color.index()]);
                double_step |= pos.pieces(color, PieceKind::Pawn) & start;
            }
        }
        for sq in setup.no_double_step {
            if !double_step.has(sq) {
                return Err(PositionError::BadDoubleStepMark(rules.text.name(sq)));
            }
        }
        double_step &= !setup.no_double_step;
        for sq in double_step {
            key ^= zobrist::double_step(sq);
        }
        for color in Color::ALL {
            let hand = &setup.hands[color.index()];
            if !rules.drops && !hand.is_empty() {
                return Err(PositionError::HandInNoDropGame);
            }
            for kind in PieceKind::ALL {
                let n = hand.count(kind);
                if n > 0 && !rules.holds(kind) {
                    return Err(PositionError::HandKindNotInGame(color, kind));
                }
                if n > MAX_IN_HAND {
                    return Err(PositionError::TooManyInHand(color, kind, n));
                }
                key ^= zobrist::hand(color, kind, n);
            }
            let cd = setup.cooldown[color.index()];
            if cd > rules.drop_cooldown {
                return Err(PositionError::CooldownTooLong(color, cd));
            }
            key ^= zobrist::cooldown(color, cd);
        }
        if setup.castling > 15 || (!rules.has_castling && setup.castling != 0) {
            return Err(PositionError::CastlingWithoutPieces(setup.castling));
        }
        if rules.has_castling {
            for color in Color::ALL {
                for wing in 0..2 {
                    let cm = rules.castling_move(color, wing);
                    let bit = castle_bit(color, wing);
                    pos.castle_mask[cm.king_from.index()] &=
                        !(castle_bit(color, 0) | castle_bit(color, 1));
                    pos.castle_mask[cm.rook_from.index()] &= !bit;
                    if setup.castling & bit != 0
                        && (pos.piece_at(cm.king_from) != Some(Piece::new(color, PieceKind::King))
                            || pos.piece_at(cm.rook_from)
                                != Some(Piece::new(color, PieceKind::Rook)))
                    {
                        return Err(PositionError::CastlingWithoutPieces(bit));
                    }
                }
            }
        }
        key ^= zobrist::castling(setup.castling);
        if setup.side == Color::White {
            key ^= zobrist::side();
        }
        pos.states.push(State {
            key,
            castling: setup.castling,
            cooldown: setup.cooldown,
            double_step,
            captured: None,
            mv: Move::NONE,
            reversible: 0,
            checkers: Bitboard::EMPTY,
            pinned_line: Bitboard::EMPTY,
            pinned_leg: Bitboard::EMPTY,
            discoverers: Bitboard::EMPTY,
        });
        let them = !setup.side;
        if pos.is_attacked(pos.king(them), setup.side, pos.occupied()) {
            return Err(PositionError::OpponentInCheck(them));
        }
        pos.update_check_info(true);
        Ok(pos)
    }
}
