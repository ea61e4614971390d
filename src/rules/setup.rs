//! `Setup`: a position as read from text, not yet checked; `Setup::validate` turns it into a
//! [`Position`] or says, with a typed error, why it cannot be one (shakmaty's `Setup` /
//! `PositionError` split).

use super::hand::{Hand, MAX_IN_HAND};
use super::piece::{Color, PieceKind};
use super::position::{CASTLE_K, Position, State, castle_bit};
use super::variant::Rules;
use super::zobrist;
use super::{KINDS, Piece};
use crate::geometry::{Bitboard, SQUARES, Square};
use crate::rules::moves::Move;
use std::fmt;

/// An unvalidated position: what a position string says, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square.
    pub board: [Option<Piece>; SQUARES],
    /// Pawns on their own second rank that have lost the double step (written `P'`).
    pub no_double_step: Bitboard,
    /// The side to move.
    pub side: Color,
    /// Both hands, first player first.
    pub hands: [Hand; 2],
    /// Castling rights (`CASTLE_*` bits).
    pub castling: u8,
    /// Remaining no-drop turns, first player first.
    pub cooldown: [u8; 2],
    /// The move number (1 at the start, +1 per ply).
    pub move_number: u32,
}

impl Setup {
    /// An empty board, first player to move, nothing else.
    pub fn empty() -> Setup {
        Setup {
            board: [None; SQUARES],
            no_double_step: Bitboard::EMPTY,
            side: Color::Black,
            hands: [Hand::EMPTY; 2],
            castling: 0,
            cooldown: [0; 2],
            move_number: 1,
        }
    }

    /// The setup of a position (its current state; history is not part of a setup).
    pub fn from_position(pos: &Position) -> Setup {
        let mut no_double_step = Bitboard::EMPTY;
        for color in Color::ALL {
            let rank = Bitboard::rank(pos.rules.pawn_start_rank[color.index()]);
            no_double_step |= pos.pieces(color, PieceKind::Pawn) & rank & !pos.double_step_pawns();
        }
        Setup {
            board: pos.board,
            no_double_step,
            side: pos.side,
            hands: pos.hands,
            castling: pos.castling_rights(),
            cooldown: [pos.cooldown(Color::Black), pos.cooldown(Color::White)],
            move_number: pos.move_number(),
        }
    }

    /// Checks every rule a position must satisfy and builds it.
    pub fn validate(&self, rules: Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            rules,
            board: [None; SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; KINDS],
            hands: self.hands,
            side: self.side,
            ply: u64::from(self.move_number),
            castle_mask: [0xff; SQUARES],
            states: Vec::with_capacity(256),
        };
        if self.move_number == 0 {
            return Err(PositionError::MoveNumberZero);
        }
        let mut key = 0u64;
        for sq in Square::all() {
            let Some(piece) = self.board[sq.index()] else {
                continue;
            };
            if !rules.board.has(sq) {
                return Err(PositionError::OffBoard(sq));
            }
            if piece.kind == PieceKind::Pawn && rules.promotion_forced[piece.color.index()].has(sq)
            {
                return Err(PositionError::PawnOnLastRank(sq));
            }
            if piece.kind == PieceKind::Spear && !rules.promotion_kinds.contains(&PieceKind::Spear)
            {
                return Err(PositionError::KindNotInGame(sq));
            }
            pos.board[sq.index()] = Some(piece);
            pos.by_color[piece.color.index()] |= Bitboard::from_square(sq);
            pos.by_kind[piece.kind.index()] |= Bitboard::from_square(sq);
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
        }
        let mut double_step = Bitboard::EMPTY;
        for color in Color::ALL {
            let start = Bitboard::rank(rules.pawn_start_rank[color.index()]);
            double_step |= pos.pieces(color, PieceKind::Pawn) & start;
        }
        for sq in self.no_double_step {
            if !double_step.has(sq) {
                return Err(PositionError::BadDoubleStepMark(sq));
            }
        }
        double_step &= !self.no_double_step;
        for sq in double_step {
            key ^= zobrist::double_step(sq);
        }
        for color in Color::ALL {
            let hand = &self.hands[color.index()];
            if !rules.drops && !hand.is_empty() {
                return Err(PositionError::HandInNoDropGame);
            }
            for kind in PieceKind::IN_HAND {
                let n = hand.count(kind);
                if n > MAX_IN_HAND {
                    return Err(PositionError::TooManyInHand(color, kind, n));
                }
                key ^= zobrist::hand(color, kind, n);
            }
            let cd = self.cooldown[color.index()];
            if cd > rules.drop_cooldown {
                return Err(PositionError::CooldownTooLong(color, cd));
            }
            key ^= zobrist::cooldown(color, cd);
        }
        if self.castling > 15 {
            return Err(PositionError::CastlingWithoutPieces(self.castling));
        }
        for color in Color::ALL {
            for wing in 0..2 {
                let cm = rules.castling_move(color, wing);
                let bit = castle_bit(color, wing);
                pos.castle_mask[cm.king_from.index()] &=
                    !(castle_bit(color, 0) | castle_bit(color, 1));
                pos.castle_mask[cm.rook_from.index()] &= !bit;
                if self.castling & bit != 0
                    && (pos.piece_at(cm.king_from) != Some(Piece::new(color, PieceKind::King))
                        || pos.piece_at(cm.rook_from) != Some(Piece::new(color, PieceKind::Rook)))
                {
                    return Err(PositionError::CastlingWithoutPieces(bit));
                }
            }
        }
        key ^= zobrist::castling(self.castling);
        if self.side == Color::White {
            key ^= zobrist::side();
        }
        pos.states.push(State {
            key,
            castling: self.castling,
            cooldown: self.cooldown,
            double_step,
            captured: None,
            mv: Move::NONE,
            reversible: 0,
            checkers: Bitboard::EMPTY,
            pinned_line: Bitboard::EMPTY,
            pinned_leg: Bitboard::EMPTY,
        });
        let them = !self.side;
        if pos.is_attacked(pos.king(them), self.side, pos.occupied()) {
            return Err(PositionError::OpponentInCheck(them));
        }
        pos.update_check_info();
        Ok(pos)
    }
}

/// Why a setup is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The move number is 0 (it counts from 1).
    MoveNumberZero,
    /// A piece stands outside this game's board.
    OffBoard(Square),
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// An unpromoted pawn stands on its last rank, where it must have promoted.
    PawnOnLastRank(Square),
    /// A piece kind that this game cannot produce (a spearman in the no-drop game).
    KindNotInGame(Square),
    /// `'` marks a square that is not a pawn on its own second rank.
    BadDoubleStepMark(Square),
    /// Pieces in hand in the game without drops.
    HandInNoDropGame,
    /// More pieces of one kind in hand than the game has.
    TooManyInHand(Color, PieceKind, u8),
    /// A cooldown longer than a drop can set.
    CooldownTooLong(Color, u8),
    /// A castling right whose king or rook is not on its start square (the right's bit).
    CastlingWithoutPieces(u8),
    /// The side not to move is in check, so the side to move could capture its king.
    OpponentInCheck(Color),
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MoveNumberZero => write!(f, "move number 0 (it starts at 1)"),
            PositionError::OffBoard(sq) => write!(f, "piece on {sq}, outside this game's board"),
            PositionError::NoKing(c) => write!(f, "no king for {}", side_name(*c)),
            PositionError::TooManyKings(c) => write!(f, "more than one king for {}", side_name(*c)),
            PositionError::PawnOnLastRank(sq) => {
                write!(f, "unpromoted pawn on its last rank at {sq}")
            }
            PositionError::KindNotInGame(sq) => {
                write!(f, "piece on {sq} cannot exist in this game")
            }
            PositionError::BadDoubleStepMark(sq) => {
                write!(
                    f,
                    "' after the piece on {sq}: only a pawn on its own second rank can carry it"
                )
            }
            PositionError::HandInNoDropGame => write!(f, "pieces in hand in the no-drop game"),
            PositionError::TooManyInHand(c, k, n) => {
                write!(
                    f,
                    "{n} of {:?} in {}'s hand (at most {MAX_IN_HAND})",
                    k,
                    side_name(*c)
                )
            }
            PositionError::CooldownTooLong(c, n) => write!(
                f,
                "cooldown {n} for {} is longer than a drop sets",
                side_name(*c)
            ),
            PositionError::CastlingWithoutPieces(bit) => {
                let letter = match *bit {
                    CASTLE_K => 'K',
                    2 => 'Q',
                    4 => 'k',
                    8 => 'q',
                    _ => '?',
                };
                write!(
                    f,
                    "castling right {letter} but the king or rook is not on its start square"
                )
            }
            PositionError::OpponentInCheck(c) => {
                write!(f, "{} is in check but it is not its turn", side_name(*c))
            }
        }
    }
}

impl std::error::Error for PositionError {}
