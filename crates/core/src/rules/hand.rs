//! `Hand`: the pieces one side holds, ready to drop.

use super::piece::{KINDS, PieceKind};

/// Counts of the pieces one side holds, indexed by `PieceKind::index` (kinds a game never
/// holds stay 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand {
    counts: [u8; KINDS],
    /// Bit `index` set when `counts[index] > 0`, so that walking a hand skips the kinds a game
    /// never holds.
    held: u32,
}

/// The most pieces of one kind a hand may hold (every pawn of both sides: 20 in 龙将棋, 18 in
/// shogi).
pub const MAX_IN_HAND: u8 = 20;

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand {
        counts: [0; KINDS],
        held: 0,
    };

    /// How many pieces of `kind` the hand holds (0 for kinds that cannot be held).
    #[inline(always)]
    pub fn count(&self, kind: PieceKind) -> u8 {
        self.counts.get(kind.index()).copied().unwrap_or(0)
    }

    /// Adds one piece; `kind` must be a hand kind.
    #[inline(always)]
    pub fn add(&mut self, kind: PieceKind) {
        self.counts[kind.index()] += 1;
        self.held |= 1 << kind.index();
    }

    /// Removes one piece; the hand must hold one.
    #[inline(always)]
    pub fn remove(&mut self, kind: PieceKind) {
        debug_assert!(self.counts[kind.index()] > 0);
        self.counts[kind.index()] -= 1;
        if self.counts[kind.index()] == 0 {
            self.held &= !(1 << kind.index());
        }
    }

    /// Sets the count of `kind` (used by position parsing).
    pub fn set(&mut self, kind: PieceKind, n: u8) {
        self.counts[kind.index()] = n;
        if n > 0 {
            self.held |= 1 << kind.index();
        } else {
            self.held &= !(1 << kind.index());
        }
    }

    /// Whether the hand holds nothing.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.held == 0
    }

    /// The kinds held, each once, in index order (for 龙将棋 the hand-slot order).
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        let mut rest = self.held;
        std::iter::from_fn(move || {
            let i = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            PieceKind::from_index(i)
        })
    }

    /// The total number of pieces held.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }
}
