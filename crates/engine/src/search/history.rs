//! Move-ordering statistics kept between searches and shared by the threads of a search (the
//! helpers search parts of the main thread's tree, see `split`): the history of quiet board moves
//! (by side, origin, destination), the separate history of drops (by side, kind, square), a
//! capture history, counter-moves, and continuation histories (how good a move was after a
//! given move one or two plies before). All use the "gravity" update of Stockfish's `History`
//! so values stay within ±`params::HISTORY_MAX`.

use longjiang_core::geometry::SQUARES;
use longjiang_core::rules::{Color, KINDS, Move, Piece, PieceKind};
use std::sync::atomic::{AtomicI16, AtomicU32, Ordering};

/// The history slot (0..8) of each kind: the 龙将棋 kinds keep their index; shogi's kinds
/// share the slots of kinds no game has together with them (a promoted bishop or rook shares
/// its unpromoted kind's, the gold-movers share the gold's), so the tables keep their size.
const SLOT: [usize; KINDS] = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 4, 5, 6, 6, 6, 6, 6, 2, 3];

/// The history slot of a kind.
#[inline(always)]
pub fn kind_slot(k: PieceKind) -> usize {
    SLOT[k.index()]
}

/// A piece index for tables: side * 8 + kind slot.
#[inline(always)]
pub fn piece_index(p: Piece) -> usize {
    p.color.index() * 8 + kind_slot(p.kind)
}

// Entries are atomics because the search threads share one set of statistics; relaxed
// loads and stores are plain moves on the machines we run on. Two threads updating the same
// entry at once may lose one update, which only costs a little ordering quality.
#[inline(always)]
fn get(entry: &AtomicI16) -> i32 {
    entry.load(Ordering::Relaxed) as i32
}

#[inline(always)]
fn gravity(entry: &AtomicI16, bonus: i32) {
    let max = super::params::HISTORY_MAX.get();
    let b = bonus.clamp(-max, max);
    let v = get(entry);
    entry.store((v + b - v * b.abs() / max) as i16, Ordering::Relaxed);
}

/// Sets every entry to 0 through exclusive access, a loop the compiler makes a block write.
fn zero_all(entries: &mut [AtomicI16]) {
    for e in entries {
        *e.get_mut() = 0;
    }
}

fn zeroed(n: usize) -> Vec<AtomicI16> {
    (0..n).map(|_| AtomicI16::new(0)).collect()
}

/// Blocks in one set of continuation blocks: one per (piece, destination) and the empty one.
const CONT_SET: usize = 16 * SQUARES + 1;

/// Sets of continuation blocks when they are split by check and capture.
const CONT_VARIANTS: usize = 4;

/// Plies from the root that have a low-ply history (the most `params::LOW_PLY_HISTORY` asks).
pub const LOW_PLIES: usize = 6;

/// Entries of one ply's low-ply history: board moves by (origin, destination), drops by
/// (kind slot, square).
const LOW_PLY_MOVES: usize = SQUARES * SQUARES + 8 * SQUARES;

/// The continuation-history block of one earlier move: for every (piece, destination) of the
/// current move, how good it has been.
pub type ContBlock = [AtomicI16; 16 * SQUARES];

/// All move-ordering statistics (one set, shared by the threads of a search).
pub struct Histories {
    /// Quiet board moves: `[side][from][to]`.
    main: Vec<AtomicI16>,
    /// Drops: `[side][kind][to]`.
    drops: Vec<AtomicI16>,
    /// Captures: `[moving piece][to][captured kind]`.
    captures: Vec<AtomicI16>,
    /// The reply that refuted a move: `[piece][to]` of that move.
    counter: Vec<AtomicU32>,
    /// Continuation history: `[previous piece][previous to]` → a block over the current move;
    /// split by the earlier move's kind (`CONT_VARIANTS` sets of blocks) when `split`.
    cont: Vec<ContBlock>,
    /// The continuation blocks are kept apart by check and capture (`params::CONT_SPLIT`).
    split: bool,
    /// Quiet moves and drops at the first plies from the root: `[ply][move]` (`low_ply`).
    low_ply: Vec<AtomicI16>,
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

impl Histories {
    /// Empty statistics, one set of continuation blocks.
    pub fn new() -> Histories {
        Histories::with_split(false)
    }

    /// Empty statistics; with `split`, four sets of continuation blocks, one for each of
    /// (earlier move made in check or not) × (a capture or not), as Stockfish's
    /// `continuationHistory[inCheck][capture]`.
    pub fn with_split(split: bool) -> Histories {
        let sets = if split { CONT_VARIANTS } else { 1 };
        Histories {
            main: zeroed(2 * SQUARES * SQUARES),
            drops: zeroed(2 * 8 * SQUARES),
            captures: zeroed(16 * SQUARES * 8),
            counter: (0..16 * SQUARES)
                .map(|_| AtomicU32::new(Move::NONE.to_bits()))
                .collect(),
            cont: (0..sets * CONT_SET)
                .map(|_| std::array::from_fn(|_| AtomicI16::new(0)))
                .collect(),
            split,
            low_ply: zeroed(LOW_PLIES * LOW_PLY_MOVES),
        }
    }

    /// Whether the continuation blocks are split by check and capture (`with_split`).
    #[inline(always)]
    pub fn is_split(&self) -> bool {
        self.split
    }

    /// Forgets everything.
    pub fn clear(&self) {
        let blocks = self.cont.iter().flat_map(|b| b.iter());
        for e in self
            .main
            .iter()
            .chain(&self.drops)
            .chain(&self.captures)
            .chain(&self.low_ply)
            .chain(blocks)
        {
            e.store(0, Ordering::Relaxed);
        }
        for c in &self.counter {
            c.store(Move::NONE.to_bits(), Ordering::Relaxed);
        }
    }

    /// Forgets everything, as `clear`, through exclusive access: plain stores the compiler
    /// turns into block writes (a new game of datagen clears the tables every few moves).
    pub fn clear_mut(&mut self) {
        // One plain loop a table (a chained iterator cost 23 instructions an entry).
        for table in [
            &mut self.main,
            &mut self.drops,
            &mut self.captures,
            &mut self.low_ply,
        ] {
            zero_all(table);
        }
        zero_all(self.cont.as_flattened_mut());
        for c in &mut self.counter {
            *c.get_mut() = Move::NONE.to_bits();
        }
    }

    /// The entry of a quiet board move (main table) or drop (drop table).
    #[inline(always)]
    fn quiet_entry(&self, us: Color, m: Move) -> &AtomicI16 {
        match m.from() {
            Some(from) => {
                &self.main[(us.index() * SQUARES + from.index()) * SQUARES + m.to().index()]
            }
            None => {
                let k = m.drop_kind().map_or(0, kind_slot);
                &self.drops[(us.index() * 8 + k) * SQUARES + m.to().index()]
            }
        }
    }

    /// The history of a quiet move or drop.
    #[inline(always)]
    pub fn quiet(&self, us: Color, m: Move) -> i32 {
        get(self.quiet_entry(us, m))
    }

    /// Rewards (or punishes, with a negative bonus) a quiet move or drop.
    #[inline(always)]
    pub fn update_quiet(&self, us: Color, m: Move, bonus: i32) {
        gravity(self.quiet_entry(us, m), bonus);
    }

    /// The low-ply entry of quiet move or drop `m` at `ply` (below `LOW_PLIES`): board moves
    /// by origin and destination, drops by kind and square (the side is the ply's).
    #[inline(always)]
    fn low_ply_entry(&self, ply: usize, m: Move) -> &AtomicI16 {
        let i = match m.from() {
            Some(from) => from.index() * SQUARES + m.to().index(),
            None => {
                SQUARES * SQUARES + m.drop_kind().map_or(0, kind_slot) * SQUARES + m.to().index()
            }
        };
        &self.low_ply[ply * LOW_PLY_MOVES + i]
    }

    /// The low-ply history of a quiet move or drop at `ply` from the root (0 from `LOW_PLIES` on).
    #[inline(always)]
    pub fn low_ply(&self, ply: usize, m: Move) -> i32 {
        if ply < LOW_PLIES {
            get(self.low_ply_entry(ply, m))
        } else {
            0
        }
    }

    /// Rewards or punishes a quiet move or drop at `ply` from the root (nothing from
    /// `LOW_PLIES` on).
    #[inline(always)]
    pub fn update_low_ply(&self, ply: usize, m: Move, bonus: i32) {
        if ply < LOW_PLIES {
            gravity(self.low_ply_entry(ply, m), bonus);
        }
    }

    /// Forgets the low-ply history (each search starts it afresh, as Stockfish's).
    pub fn clear_low_ply(&self) {
        for e in &self.low_ply {
            e.store(0, Ordering::Relaxed);
        }
    }

    /// How many low-ply entries of `ply` are not zero (tests).
    #[cfg(test)]
    pub(crate) fn low_ply_learnt(&self, ply: usize) -> usize {
        let row = &self.low_ply[ply * LOW_PLY_MOVES..(ply + 1) * LOW_PLY_MOVES];
        row.iter().filter(|e| get(e) != 0).count()
    }

    /// How many continuation entries of block set `set` (`cont_key_of`) are not zero (tests).
    #[cfg(test)]
    pub(crate) fn cont_set_learnt(&self, set: usize) -> usize {
        let blocks = self.cont.iter().skip(set * CONT_SET).take(CONT_SET);
        blocks
            .flat_map(|b| b.iter())
            .filter(|e| get(e) != 0)
            .count()
    }

    #[inline(always)]
    fn capture_index(piece: Piece, m: Move, captured: PieceKind) -> usize {
        (piece_index(piece) * SQUARES + m.to().index()) * 8 + kind_slot(captured)
    }

    /// The history of a capture by `piece` of a `captured` piece.
    #[inline(always)]
    pub fn capture(&self, piece: Piece, m: Move, captured: PieceKind) -> i32 {
        get(&self.captures[Self::capture_index(piece, m, captured)])
    }

    /// Rewards or punishes a capture.
    #[inline(always)]
    pub fn update_capture(&self, piece: Piece, m: Move, captured: PieceKind, bonus: i32) {
        gravity(
            &self.captures[Self::capture_index(piece, m, captured)],
            bonus,
        );
    }

    /// The counter-move stored for a previous move of `piece` to `to`.
    #[inline(always)]
    pub fn counter(&self, key: Option<usize>) -> Move {
        key.map_or(Move::NONE, |k| {
            Move::from_bits(self.counter[k].load(Ordering::Relaxed))
        })
    }

    /// Remembers `m` as the answer to the previous move.
    #[inline(always)]
    pub fn set_counter(&self, key: Option<usize>, m: Move) {
        if let Some(k) = key {
            self.counter[k].store(m.to_bits(), Ordering::Relaxed);
        }
    }

    /// The index of a continuation block: `piece` moved (or was dropped) to `to`. `None` (no
    /// move, a null move) maps to a block that is never updated.
    #[inline(always)]
    pub fn cont_key(piece: Piece, to: usize) -> usize {
        piece_index(piece) * SQUARES + to
    }

    /// The always-zero block used for "no previous move".
    pub const NO_CONT: usize = 16 * SQUARES;

    /// `cont_key` in the set of blocks of a move made in check (`in_check`) that captures
    /// (`capture`) where the blocks are split (`is_split`), else `cont_key`.
    #[inline(always)]
    pub fn cont_key_of(&self, piece: Piece, to: usize, in_check: bool, capture: bool) -> usize {
        let set = if self.split {
            2 * in_check as usize + capture as usize
        } else {
            0
        };
        set * CONT_SET + Self::cont_key(piece, to)
    }

    /// The continuation history of the current move (`piece` to `to`) after the earlier move
    /// whose block is `block`.
    #[inline(always)]
    pub fn cont(&self, block: usize, piece: Piece, to: usize) -> i32 {
        get(&self.cont[block][piece_index(piece) * SQUARES + to])
    }

    /// Updates a continuation history entry (the empty block stays empty).
    #[inline(always)]
    pub fn update_cont(&self, block: usize, piece: Piece, to: usize, bonus: i32) {
        if block != Self::NO_CONT {
            gravity(&self.cont[block][piece_index(piece) * SQUARES + to], bonus);
        }
    }
}

/// The bonus for a move that caused a cut-off at `depth` (and the malus of the moves tried
/// before it).
#[inline(always)]
pub fn stat_bonus(depth: i32) -> i32 {
    use super::params::{STAT_BONUS_MAX, STAT_BONUS_OFFSET, STAT_BONUS_PER_PLY};
    (depth * STAT_BONUS_PER_PLY.get() - STAT_BONUS_OFFSET.get()).clamp(0, STAT_BONUS_MAX.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::{STAT_BONUS_MAX, STAT_BONUS_OFFSET, STAT_BONUS_PER_PLY};
    use longjiang_core::geometry::Square;

    #[test]
    fn the_bonus_follows_the_tuned_parameters() {
        assert_eq!(
            stat_bonus(1),
            STAT_BONUS_PER_PLY.get() - STAT_BONUS_OFFSET.get()
        );
        assert_eq!(stat_bonus(60), STAT_BONUS_MAX.get());
    }

    /// Split by check and capture, a bonus lands in the block set that the earlier move's
    /// kind selects and in no other; unsplit, every kind maps to the one set.
    #[test]
    fn split_continuation_blocks_keep_check_and_capture_apart() {
        let h = Histories::with_split(true);
        let prev = Piece::new(Color::White, PieceKind::Rook);
        let cur = Piece::new(Color::Black, PieceKind::Guard);
        let kinds = [(false, false), (false, true), (true, false), (true, true)];
        let keys = kinds.map(|(check, capture)| h.cont_key_of(prev, 17, check, capture));
        assert_eq!(keys[0], Histories::cont_key(prev, 17));
        for (i, &k) in keys.iter().enumerate() {
            h.update_cont(k, cur, 44, 1000 * (i as i32 + 1));
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(h.cont(k, cur, 44), 1000 * (i as i32 + 1), "{:?}", kinds[i]);
            assert_ne!(k, Histories::NO_CONT);
        }
        h.clear();
        assert!(keys.iter().all(|&k| h.cont(k, cur, 44) == 0));
        let plain = Histories::new();
        assert!(h.is_split() && !plain.is_split());
        for (check, capture) in kinds {
            assert_eq!(
                plain.cont_key_of(prev, 17, check, capture),
                Histories::cont_key(prev, 17)
            );
        }
    }

    /// The low-ply history keeps each ply, board move and drop apart, and learns nothing from
    /// `LOW_PLIES` on.
    #[test]
    fn low_ply_history_keeps_plies_apart_and_stops_at_its_limit() {
        let h = Histories::new();
        let to = Square::from_index_unchecked(44);
        let m = Move::normal(Square::from_index_unchecked(4), to);
        let d = Move::drop(PieceKind::Guard, to);
        h.update_low_ply(2, m, 1000);
        h.update_low_ply(LOW_PLIES, m, 1000);
        assert_eq!(h.low_ply(2, m), 1000);
        assert_eq!(h.low_ply(2, d), 0);
        assert!((0..=LOW_PLIES).all(|p| p == 2 || h.low_ply(p, m) == 0));
        assert_eq!(h.low_ply_learnt(2), 1);
        assert_eq!(
            (0..LOW_PLIES).map(|p| h.low_ply_learnt(p)).sum::<usize>(),
            1
        );
        h.update_low_ply(LOW_PLIES - 1, d, -700);
        assert_eq!(h.low_ply(LOW_PLIES - 1, d), -700);
        h.clear_low_ply();
        assert_eq!(h.low_ply(2, m), 0);
        assert_eq!(h.low_ply(LOW_PLIES - 1, d), 0);
    }

    /// `clear_mut` (the block writes of a new game) forgets every table as `clear` does: an
    /// entry of each, the last continuation set included, is back at its empty value.
    #[test]
    fn the_exclusive_clear_empties_every_table() {
        let mut h = Histories::with_split(true);
        let to = Square::from_index_unchecked(44);
        let m = Move::normal(Square::from_index_unchecked(4), to);
        let d = Move::drop(PieceKind::Guard, to);
        let rook = Piece::new(Color::White, PieceKind::Rook);
        let last = h.cont_key_of(rook, 99, true, true);
        let key = Some(Histories::cont_key(rook, 17));
        h.update_quiet(Color::Black, m, 900);
        h.update_quiet(Color::White, d, 900);
        h.update_capture(rook, m, PieceKind::Guard, 900);
        h.update_low_ply(LOW_PLIES - 1, d, 900);
        h.update_cont(last, rook, 44, 900);
        h.set_counter(key, m);
        let entries = |h: &Histories| {
            [
                h.quiet(Color::Black, m),
                h.quiet(Color::White, d),
                h.capture(rook, m, PieceKind::Guard),
                h.low_ply(LOW_PLIES - 1, d),
                h.cont(last, rook, 44),
            ]
        };
        let learnt = entries(&h);
        assert!(learnt.iter().all(|&v| v > 0), "{learnt:?}");
        assert_eq!(h.counter(key), m);
        h.clear_mut();
        assert_eq!(entries(&h), [0; 5]);
        assert_eq!(h.counter(key), Move::NONE);
    }

    #[test]
    fn drops_and_board_moves_keep_apart_and_stay_bounded() {
        let h = Histories::new();
        let to = Square::from_index_unchecked(44);
        let d = Move::drop(PieceKind::Guard, to);
        let m = Move::normal(Square::from_index_unchecked(4), to);
        for _ in 0..1000 {
            h.update_quiet(Color::Black, d, 2000);
        }
        let max = crate::search::params::HISTORY_MAX.get();
        assert!(h.quiet(Color::Black, d) <= max && h.quiet(Color::Black, d) > max / 2);
        assert_eq!(h.quiet(Color::Black, m), 0);
        assert_eq!(h.quiet(Color::White, d), 0);
        h.update_quiet(Color::Black, m, -500);
        assert!(h.quiet(Color::Black, m) < 0);
        h.clear();
        assert_eq!(h.quiet(Color::Black, d), 0);
    }
}
