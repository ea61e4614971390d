//! Zobrist keys for every part of a position that repetition must see: pieces on squares,
//! hand counts, side to move, castling rights, pawns' double-step rights and both drop
//! cooldowns. The ply number is left out on purpose: a repeated position must hash the same.

use super::hand::MAX_IN_HAND;
use super::piece::{Color, HAND_KINDS, KINDS, Piece, PieceKind};

/// The number of kinds of the first (龙将棋) key layout: its keys are drawn first, in the
/// order they were drawn before shogi's kinds existed, so 龙将棋 keys (and with them the
/// search's bench signature) do not depend on the kinds added later.
const OLD_KINDS: usize = 8;
use crate::geometry::{SQUARES, Square};
use crate::rng::SplitMix;

/// All keys, generated at compile time from a fixed seed.
struct Keys {
    pieces: [[u64; SQUARES]; 2 * KINDS],
    hands: [[[u64; MAX_IN_HAND as usize + 1]; KINDS]; 2],
    side: u64,
    castling: [u64; 16],
    double_step: [u64; SQUARES],
    cooldown: [[u64; 4]; 2],
}

const KEYS: Keys = {
    let mut k = Keys {
        pieces: [[0; SQUARES]; 2 * KINDS],
        hands: [[[0; MAX_IN_HAND as usize + 1]; KINDS]; 2],
        side: 0,
        castling: [0; 16],
        double_step: [0; SQUARES],
        cooldown: [[0; 4]; 2],
    };
    let mut rng = SplitMix::new(0x1234_5678_9ABC_DEF0);
    let mut p = 0;
    while p < 2 * OLD_KINDS {
        let slot = (p / OLD_KINDS) * KINDS + p % OLD_KINDS;
        let mut s = 0;
        while s < SQUARES {
            let v = rng.next_u64();
            k.pieces[slot][s] = v;
            s += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut h = 0;
        while h < HAND_KINDS {
            // Count 0 hashes to 0 so that an empty hand adds nothing.
            let mut n = 1;
            while n <= MAX_IN_HAND as usize {
                let v = rng.next_u64();
                k.hands[c][h][n] = v;
                n += 1;
            }
            h += 1;
        }
        let mut n = 1;
        while n < 4 {
            let v = rng.next_u64();
            k.cooldown[c][n] = v;
            n += 1;
        }
        c += 1;
    }
    let v = rng.next_u64();
    k.side = v;
    let mut i = 1;
    while i < 16 {
        let v = rng.next_u64();
        k.castling[i] = v;
        i += 1;
    }
    let mut s = 0;
    while s < SQUARES {
        let v = rng.next_u64();
        k.double_step[s] = v;
        s += 1;
    }
    // The kinds added for shogi, on the board and in hand.
    let mut c = 0;
    while c < 2 {
        let mut kind = OLD_KINDS;
        while kind < KINDS {
            let mut s = 0;
            while s < SQUARES {
                let v = rng.next_u64();
                k.pieces[c * KINDS + kind][s] = v;
                s += 1;
            }
            kind += 1;
        }
        let mut h = HAND_KINDS;
        while h < KINDS {
            let mut n = 1;
            while n <= MAX_IN_HAND as usize {
                let v = rng.next_u64();
                k.hands[c][h][n] = v;
                n += 1;
            }
            h += 1;
        }
        c += 1;
    }
    k
};

static ZOBRIST: Keys = KEYS;

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    ZOBRIST.pieces[piece.index()][sq.index()]
}

/// The key of `color` holding exactly `count` pieces of `kind` (0 for a count of 0).
#[inline(always)]
pub fn hand(color: Color, kind: PieceKind, count: u8) -> u64 {
    ZOBRIST.hands[color.index()][kind.index()][count as usize]
}

/// Toggled when the second player is to move.
#[inline(always)]
pub fn side() -> u64 {
    ZOBRIST.side
}

/// The key of a set of castling rights (a 4-bit mask; 0 hashes to 0).
#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    ZOBRIST.castling[rights as usize & 15]
}

/// The key of a pawn on `sq` that still has its double step.
#[inline(always)]
pub fn double_step(sq: Square) -> u64 {
    ZOBRIST.double_step[sq.index()]
}

/// The key of `color`'s drop cooldown being `turns` (0 hashes to 0).
#[inline(always)]
pub fn cooldown(color: Color, turns: u8) -> u64 {
    ZOBRIST.cooldown[color.index()][turns as usize & 3]
}
