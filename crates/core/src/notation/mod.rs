//! Text forms that need a position: the Chinese record notation of moves (棋谱记录法, RULES.md
//! "Record notation"), shogi's KIF moves, Fairy-Stockfish FENs, SAN and PGN (the chess tools'
//! moves and game files), game-record files and opening suites.
//!
//! The ASCII move form and SFEN need no move generator and live in [`crate::rules`]; the record
//! notation does (whether an origin is written depends on which other pieces could legally reach
//! the square, and ＃ on whether the move gives check), so it sits above the move generator.

mod chinese;
pub mod encoding;
pub mod fen;
pub mod game_file;
pub mod kif;
pub mod kif_record;
pub mod pgn;
pub mod record;
pub mod san;
pub mod suite;
pub mod words;
pub mod xboard_notation;
pub mod xboard_variant;

pub use chinese::{NotationError, parse_move, write_move};

use crate::geometry::Square;

/// The numerals of files and ranks: index 0 is 一, index 9 is 十.
pub const NUMERALS: [char; 10] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/// The numeral of a file or rank index (0 → 一 … 9 → 十).
pub fn numeral(index: u8) -> char {
    NUMERALS[index as usize % NUMERALS.len()]
}

/// The index (0 … 9) a numeral stands for.
pub fn numeral_index(c: char) -> Option<u8> {
    NUMERALS.iter().position(|&n| n == c).map(|i| i as u8)
}

/// A square in the record notation: file numeral, then rank numeral (`f1` → 六一).
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(6);
    s.push(numeral(sq.file().index()));
    s.push(numeral(sq.rank().index()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_file_then_rank() {
        let f1: Square = "f1".parse().unwrap();
        let j10: Square = "j10".parse().unwrap();
        let a10: Square = "a10".parse().unwrap();
        assert_eq!(square_name(f1), "六一");
        assert_eq!(square_name(j10), "十十");
        assert_eq!(square_name(a10), "一十");
        for c in NUMERALS {
            assert_eq!(numeral_index(c).map(numeral), Some(c));
        }
        assert_eq!(numeral_index('零'), None);
    }
}
