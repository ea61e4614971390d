//! Squares, files and ranks of the board grid.
//!
//! The grid is 10 files × 10 ranks, numbered row-major from a1: `index = rank * 10 + file`.
//! Every game of the engine lives on this grid; a smaller board (standard shogi's 9×9) is the
//! subset of squares named by its rule description's board mask, so squares, bitboards and
//! attack tables are shared by every game.

use std::fmt;
use std::str::FromStr;

/// Number of files (columns) of the grid.
pub const FILES: u8 = 10;
/// Number of ranks (rows) of the grid.
pub const RANKS: u8 = 10;
/// Number of squares of the grid.
pub const SQUARES: usize = (FILES as usize) * (RANKS as usize);

/// A file (column), `a` = 0 … `j` = 9; 一 … 十 in the record notation.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct File(u8);

impl File {
    /// The file with this index, if it is on the grid.
    pub const fn new(index: u8) -> Option<File> {
        if index < FILES {
            Some(File(index))
        } else {
            None
        }
    }

    /// The file's index, 0 for `a`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file's ASCII letter.
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// All files from `a` to `j`.
    pub fn all() -> impl Iterator<Item = File> {
        (0..FILES).map(File)
    }
}

/// A rank (row), `1` = 0 … `10` = 9, counted from the first player's side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rank(u8);

impl Rank {
    /// The rank with this index (0 for rank 1), if it is on the grid.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < RANKS {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// The rank's index, 0 for rank 1.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The rank's number as written in ASCII squares (1 … 10).
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// All ranks from 1 to 10.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..RANKS).map(Rank)
    }
}

/// One square of the grid, written `a1` … `j10`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with this row-major index, if it is on the grid.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index. The caller guarantees `index < 100`; debug builds check it.
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARES);
        Square(index)
    }

    /// The square at the crossing of a file and a rank.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * FILES + file.0)
    }

    /// The square `file_delta` files and `rank_delta` ranks away, if that is still on the grid.
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Square> {
        let f = (self.0 % FILES) as i8 + file_delta;
        let r = (self.0 / FILES) as i8 + rank_delta;
        if f < 0 || f >= FILES as i8 || r < 0 || r >= RANKS as i8 {
            None
        } else {
            Some(Square(r as u8 * FILES + f as u8))
        }
    }

    /// The row-major index, 0 for a1, 99 for j10.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's file.
    pub const fn file(self) -> File {
        File(self.0 % FILES)
    }

    /// The square's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 / FILES)
    }

    /// The square seen from the other side of the board (rank mirrored), used to share
    /// tables between the two players.
    pub const fn flip_rank(self) -> Square {
        Square((RANKS - 1 - self.0 / FILES) * FILES + self.0 % FILES)
    }

    /// All squares of the grid, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().letter(), self.rank().number())
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (a1 … j10)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1` … `j10`; nothing before or after.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(err)?;
        if !file.is_ascii_lowercase() {
            return Err(err());
        }
        let file = File::new(file as u8 - b'a').ok_or_else(err)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        if digits.starts_with('0') {
            return Err(err());
        }
        let number: u8 = digits.parse().map_err(|_| err())?;
        let rank = Rank::new(number.wrapping_sub(1)).ok_or_else(err)?;
        Ok(Square::from_coords(file, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_text() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("f1".parse::<Square>().map(|s| s.index()), Ok(5));
        assert_eq!("j10".parse::<Square>().map(|s| s.index()), Ok(99));
        for bad in ["", "a", "a0", "a11", "k1", "A1", "a01", "a1x", "a100", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let a1 = Square::new(0).unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(0, -1), None);
        assert_eq!(a1.offset(9, 9).map(|s| s.index()), Some(99));
        assert_eq!(a1.offset(10, 0), None);
    }
}
