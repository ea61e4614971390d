//! `Setup`: a position as read from text, not yet checked; `Position::from_setup`
//! (`from_setup.rs`) turns it into a [`Position`](super::Position) or says, with a typed error,
//! why it cannot be one (shakmaty's `Setup` / `PositionError` split). This module knows
//! neither positions nor text: SFEN text ↔ `Setup` is `sfen.rs`, `Setup` → `Position` is
//! `from_setup.rs`.

use super::hand::{Hand, MAX_IN_HAND};
use super::piece::{Color, Piece, PieceKind};
use super::text_form::SquareName;
use crate::geometry::{Bitboard, SQUARES};
use std::fmt;

/// The castling-right bit `K` (see `position::CASTLE_K`; repeated here so that this module
/// does not depend on positions).
const CASTLE_K: u8 = 1;

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
}

/// Why a setup is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The move number is 0 (it counts from 1).
    MoveNumberZero,
    /// A piece stands outside this game's board.
    OffBoard(SquareName),
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// An unpromoted pawn stands on its last rank, where it must have promoted (or any piece
    /// on squares where it could never move: a shogi knight on the last two ranks).
    PawnOnLastRank(SquareName),
    /// A piece kind that this game cannot produce (a spearman in the no-drop game).
    KindNotInGame(SquareName),
    /// A hand holds a kind this game never puts in hand.
    HandKindNotInGame(Color, PieceKind),
    /// Two unpromoted pawns of one side on a file (shogi's 二歩), on the file of this square.
    TwoPawnsOnFile(SquareName),
    /// `'` marks a square that is not a pawn on its own second rank.
    BadDoubleStepMark(SquareName),
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

/// How an error names the two sides: by SFEN's side letters (`b` = first player) or by FEN's
/// (`w` = first player; `notation::fen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideLetters {
    /// SFEN's: `b` is the first player.
    Sfen,
    /// Fairy-Stockfish FEN's: `w` is the first player.
    Fen,
}

impl SideLetters {
    /// The letter of side `c`.
    pub fn of(self, c: Color) -> &'static str {
        match (self, c) {
            (SideLetters::Sfen, Color::Black) | (SideLetters::Fen, Color::White) => "b",
            (SideLetters::Sfen, Color::White) | (SideLetters::Fen, Color::Black) => "w",
        }
    }
}

impl PositionError {
    /// The message, naming the sides by `letters` (`Display` names them as SFEN does).
    pub fn text(&self, letters: SideLetters) -> String {
        Named(self, letters).to_string()
    }
}

/// A [`PositionError`] with the side letters to name it by.
struct Named<'a>(&'a PositionError, SideLetters);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Named(self, SideLetters::Sfen).fmt(f)
    }
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side_name = |c: Color| self.1.of(c);
        match self.0 {
            PositionError::MoveNumberZero => write!(f, "move number 0 (it starts at 1)"),
            PositionError::OffBoard(sq) => write!(f, "piece on {sq}, outside this game's board"),
            PositionError::NoKing(c) => write!(f, "no king for {}", side_name(*c)),
            PositionError::TooManyKings(c) => write!(f, "more than one king for {}", side_name(*c)),
            PositionError::PawnOnLastRank(sq) => {
                write!(
                    f,
                    "unpromoted pawn on its last rank at {sq} (or a piece that could never move)"
                )
            }
            PositionError::HandKindNotInGame(c, k) => {
                write!(
                    f,
                    "'{}' in {}'s hand cannot be held in this game",
                    Piece::new(*c, *k),
                    side_name(*c)
                )
            }
            PositionError::TwoPawnsOnFile(sq) => {
                write!(
                    f,
                    "two unpromoted pawns of one side on the file of {sq} (nifu)"
                )
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
                    "{n} of '{}' in {}'s hand (at most {MAX_IN_HAND})",
                    Piece::new(*c, *k),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_errors_name_the_kind_as_sfen_writes_it() {
        let e = PositionError::TooManyInHand(Color::White, PieceKind::ShogiPawn, 99);
        assert_eq!(
            e.to_string(),
            format!("99 of 'p' in w's hand (at most {MAX_IN_HAND})")
        );
        let e = PositionError::TooManyInHand(Color::Black, PieceKind::Pawn, 21);
        assert_eq!(
            e.to_string(),
            format!("21 of 'P' in b's hand (at most {MAX_IN_HAND})")
        );
        let e = PositionError::HandKindNotInGame(Color::Black, PieceKind::Lance);
        assert_eq!(e.to_string(), "'L' in b's hand cannot be held in this game");
    }

    /// FEN names the first player `w`: its errors say so.
    #[test]
    fn fen_letters_name_the_first_player_w() {
        let e = PositionError::OpponentInCheck(Color::White);
        assert_eq!(e.to_string(), "w is in check but it is not its turn");
        assert_eq!(
            e.text(SideLetters::Fen),
            "b is in check but it is not its turn"
        );
        let e = PositionError::NoKing(Color::Black);
        assert_eq!(e.text(SideLetters::Fen), "no king for w");
    }
}
