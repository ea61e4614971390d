//! `Bitboard`: a set of squares of the 10×10 grid in the low 100 bits of a `u128`.

use super::square::{FILES, RANKS, SQUARES, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares; bit `i` is the square with row-major index `i`.
///
/// The 28 high bits are always zero: `!` and every shift mask them off, so `len` and
/// iteration never see squares that do not exist.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// The mask of the bits that are squares.
const ALL_BITS: u128 = (1u128 << SQUARES) - 1;
/// Every square of file a.
const FILE_A_BITS: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < RANKS {
        bits |= 1u128 << (r * FILES);
        r += 1;
    }
    bits
};
/// Every square of file j.
const FILE_J_BITS: u128 = FILE_A_BITS << (FILES - 1);
/// Every square of rank 1.
const RANK_1_BITS: u128 = (1u128 << FILES) - 1;
// `files` folds exactly ten ranks.
const _: () = assert!(RANKS == 10);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square of the grid.
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    /// The set holding one square.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Every square of a file (by index, 0 = file a).
    pub const fn file(index: u8) -> Bitboard {
        Bitboard(FILE_A_BITS << index)
    }

    /// Every square of a rank (by index, 0 = rank 1).
    pub const fn rank(index: u8) -> Bitboard {
        Bitboard(((1u128 << FILES) - 1) << (index * FILES))
    }

    /// Every square of each file that holds a square of the set (二歩: the files a pawn may
    /// not be dropped on).
    #[inline(always)]
    pub const fn files(self) -> Bitboard {
        // Fold the ten ranks onto rank 1 (5 + 3 + 2 + 1 ranks down), then copy rank 1 up the
        // board: the product has no carries, since the copies' bits never overlap.
        let mut b = self.0;
        b |= b >> (5 * FILES);
        b |= b >> (3 * FILES);
        b |= b >> (2 * FILES);
        b |= b >> FILES;
        Bitboard((b & RANK_1_BITS) * FILE_A_BITS)
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the square is in the set.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square, if any.
    #[inline(always)]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// The lowest square of a set known not to be empty.
    #[inline(always)]
    pub const fn lowest(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(self.0.trailing_zeros() as u8)
    }

    /// The set with one square added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with one square removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Union, usable in `const` code.
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Every square moved one rank up (toward rank 10); squares leaving the board vanish.
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard((self.0 << FILES) & ALL_BITS)
    }

    /// Every square moved one rank down (toward rank 1).
    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> FILES)
    }

    /// Every square moved one file right (toward file j); file j vanishes instead of wrapping.
    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !FILE_J_BITS) << 1)
    }

    /// Every square moved one file left (toward file a); file a vanishes instead of wrapping.
    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A_BITS) >> 1)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Iterates the squares of a bitboard from a1 upward.
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl fmt::Display for Bitboard {
    /// Draws the board as the first player sees it: rank 10 on top, `X` for a square in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..FILES {
                let sq = Square::from_index_unchecked(rank * FILES + file);
                let c = if self.has(sq) { 'X' } else { '.' };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..FILES {
            write!(f, " {}", (b'a' + file) as char)?;
        }
        writeln!(f)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard(0x{:x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn shifts_never_wrap() {
        let j5 = Bitboard::from_square(sq("j5"));
        assert_eq!(j5.east(), Bitboard::EMPTY);
        assert_eq!(j5.west(), Bitboard::from_square(sq("i5")));
        let a5 = Bitboard::from_square(sq("a5"));
        assert_eq!(a5.west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::rank(9).north(), Bitboard::EMPTY);
        assert_eq!(Bitboard::rank(0).south(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FULL.east().len(), 90);
        assert_eq!(Bitboard::FULL.north().len(), 90);
    }

    #[test]
    fn files_matches_a_file_by_file_union() {
        let mut seed: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Sparse sets (a few pawns) as well as dense ones.
            let b = Bitboard(seed & (seed >> 3) & (seed >> 7) & ALL_BITS);
            let slow = b.into_iter().fold(Bitboard::EMPTY, |acc, s| {
                acc | Bitboard::file(s.file().index())
            });
            assert_eq!(b.files(), slow, "{b:?}");
        }
        assert_eq!(Bitboard::EMPTY.files(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FULL.files(), Bitboard::FULL);
    }

    #[test]
    fn not_masks_the_unused_bits() {
        assert_eq!((!Bitboard::EMPTY).len(), 100);
        assert_eq!(!Bitboard::FULL, Bitboard::EMPTY);
    }

    #[test]
    fn iterates_in_order() {
        let bb: Bitboard = [sq("c3"), sq("a1"), sq("j10")].into_iter().collect();
        let v: Vec<String> = bb.into_iter().map(|s| s.to_string()).collect();
        assert_eq!(v, ["a1", "c3", "j10"]);
        assert_eq!(bb.len(), 3);
        assert!(bb.has_many());
        assert_eq!(bb.last(), Some(sq("j10")));
    }

    #[test]
    fn display_draws_the_grid() {
        let text = Bitboard::from_square(sq("a1")).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[9].starts_with(" 1  X ."));
        assert!(lines[0].starts_with("10  . ."));
    }
}
