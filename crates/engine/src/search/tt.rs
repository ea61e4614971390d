//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`s: `data` (move, value, static eval, depth, bound, age) and
//! `check = key ^ data`. A reader accepts an entry only when `check ^ data` gives back its own
//! key, so a write torn by another thread (one word new, one old) reads as a miss instead of as
//! another position's data (Hyatt and Mann's lockless hashing, used by Crafty). Four entries make
//! one 64-byte cluster; a position may live in any entry of its cluster, and a new one replaces
//! the entry least worth keeping: shallow and from an older search.

use super::value::Value;
use longjiang_core::rules::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored value means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    /// Nothing stored (only a static eval or a move).
    None = 0,
    /// The true value is at most the stored one (fail low).
    Upper = 1,
    /// The true value is at least the stored one (fail high).
    Lower = 2,
    /// The stored value is exact.
    Exact = 3,
}

impl TtBound {
    /// The bound a finished search of a node proves about its result `best`: a fail-high is a
    /// lower bound; a PV node that found a best move has an exact value; anything else failed
    /// low and is an upper bound.
    pub fn of_result(best: i32, beta: i32, exact: bool) -> TtBound {
        if best >= beta {
            TtBound::Lower
        } else if exact {
            TtBound::Exact
        } else {
            TtBound::Upper
        }
    }

    /// Whether a stored `value` with this bound settles a node searched with the window
    /// (`alpha`, `beta`): a lower bound at or above beta, an upper bound at or below alpha, or
    /// an exact value.
    pub fn cuts(self, value: i32, alpha: i32, beta: i32) -> bool {
        match self {
            TtBound::Lower => value >= beta,
            TtBound::Upper => value <= alpha,
            TtBound::Exact => true,
            TtBound::None => false,
        }
    }

    /// Whether a stored `value` with this bound is a better estimate of a node than its static
    /// evaluation `eval`: a lower bound above it, an upper bound below it, or an exact value
    /// (Stockfish's "can ttValue be used as a better position evaluation").
    pub fn refines(self, value: i32, eval: i32) -> bool {
        match self {
            TtBound::Lower => value > eval,
            TtBound::Upper => value < eval,
            TtBound::Exact => true,
            TtBound::None => false,
        }
    }

    fn from_bits(b: u64) -> TtBound {
        match b & 3 {
            1 => TtBound::Upper,
            2 => TtBound::Lower,
            3 => TtBound::Exact,
            _ => TtBound::None,
        }
    }
}

/// Depths are stored shifted so that quiescence depths (down to `DEPTH_MIN`) fit and 0 means
/// "empty".
const DEPTH_OFFSET: i32 = 8;
/// The shallowest storable depth.
pub const DEPTH_MIN: i32 = 1 - DEPTH_OFFSET;

/// One probe's result, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtData {
    /// The best (or refuting) move found, possibly `Move::NONE`.
    pub mv: Move,
    /// The stored value (table form: see `value::to_tt`), or `NONE`.
    pub value: Value,
    /// The static evaluation, or `NONE`.
    pub eval: Value,
    /// The depth the value was searched to.
    pub depth: i32,
    /// How `value` bounds the truth.
    pub bound: TtBound,
    /// Whether the entry came from a PV node.
    pub pv: bool,
}

// Bit layout of `data`:
//   move   18 bits  [0, 18)
//   bound   2 bits  [18, 20)
//   pv      1 bit   [20, 21)
//   age     3 bits  [21, 24)   (eight searches are enough to tell old from new)
//   depth   8 bits  [24, 32)
//   value  16 bits  [32, 48)
//   eval   16 bits  [48, 64)
const AGE_SHIFT: u32 = 21;
/// Ages cycle through 3 bits: eight searches are enough to tell old from new.
const AGE_BITS: u8 = 7;

fn pack(mv: Move, value: Value, eval: Value, depth: i32, bound: TtBound, pv: bool, age: u8) -> u64 {
    let d = (depth + DEPTH_OFFSET).clamp(1, 255) as u64;
    (mv.to_bits() as u64 & 0x3ffff)
        | (bound as u64) << 18
        | (pv as u64) << 20
        | ((age & AGE_BITS) as u64) << AGE_SHIFT
        | d << 24
        | (value as i16 as u16 as u64) << 32
        | (eval as i16 as u16 as u64) << 48
}

fn unpack(data: u64) -> TtData {
    TtData {
        mv: Move::from_bits((data & 0x3ffff) as u32),
        bound: TtBound::from_bits(data >> 18),
        pv: (data >> 20) & 1 != 0,
        depth: ((data >> 24) & 0xff) as i32 - DEPTH_OFFSET,
        value: (data >> 32) as u16 as i16 as Value,
        eval: (data >> 48) as u16 as i16 as Value,
    }
}

fn age_of(data: u64) -> u8 {
    ((data >> AGE_SHIFT) as u8) & AGE_BITS
}

fn depth_byte(data: u64) -> i32 {
    ((data >> 24) & 0xff) as i32
}

#[derive(Default)]
struct TtEntry {
    check: AtomicU64,
    data: AtomicU64,
}

const CLUSTER: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Cluster {
    entries: [TtEntry; CLUSTER],
}

/// The shared table. All methods take `&self`; threads may probe and store concurrently.
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one cluster). Panics only if even that cannot be
    /// allocated; see [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        match TranspositionTable::try_new(mb) {
            Ok(t) => t,
            Err(_) => TranspositionTable::try_new(1).expect("a 1 MiB table"),
        }
    }

    /// A table of about `mb` MiB, or an error when the memory is not available.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, std::collections::TryReserveError> {
        let bytes = mb.clamp(1, 1 << 24).saturating_mul(1 << 20);
        let n = (bytes / std::mem::size_of::<Cluster>()).max(1);
        let mut clusters = Vec::new();
        clusters.try_reserve_exact(n)?;
        clusters.resize_with(n, Cluster::default);
        Ok(TranspositionTable {
            clusters,
            age: AtomicU8::new(0),
        })
    }

    /// The table size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.clusters.len() * std::mem::size_of::<Cluster>()
    }

    /// Empties the table (new game). Not to be called while a search runs.
    pub fn clear(&self) {
        for c in &self.clusters {
            for e in &c.entries {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Empties the table, as `clear`, through exclusive access (plain block writes).
    pub fn clear_mut(&mut self) {
        for c in &mut self.clusters {
            for e in &mut c.entries {
                *e.check.get_mut() = 0;
                *e.data.get_mut() = 0;
            }
        }
        *self.age.get_mut() = 0;
    }

    /// Starts a new search: entries stored from now on are newer than all present ones.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & AGE_BITS, Ordering::Relaxed);
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> &Cluster {
        // Multiply-shift maps the key onto the table without a power-of-two size.
        let i = ((key as u128 * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[i]
    }

    /// Asks the processor to bring `key`'s cluster into cache before it is probed.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.cluster(key) as *const Cluster as *const i8;
            // SAFETY: prefetching is a hint with no effect on memory; `p` points into a live
            // allocation of this table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtData> {
        for e in &self.cluster(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key && depth_byte(data) != 0 {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a search result for `key`. `value` must already be in table form
    /// (`value::to_tt`). A result for the same position keeps the old move when it brings
    /// none, and does not overwrite a deeper entry of the same search unless it is exact.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Move,
        value: Value,
        eval: Value,
        depth: i32,
        bound: TtBound,
        pv: bool,
    ) {
        let age = self.age.load(Ordering::Relaxed) & AGE_BITS;
        let cluster = self.cluster(key);
        let mut replace = &cluster.entries[0];
        let mut worst = i32::MAX;
        let age_weight = super::params::TT_AGE_WEIGHT.get();
        for e in &cluster.entries {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if depth_byte(data) == 0 || check ^ data == key {
                if depth_byte(data) != 0 {
                    let old = unpack(data);
                    // Keep a deeper result of this search for this position unless the new
                    // one is exact.
                    if bound != TtBound::Exact
                        && age_of(data) == age
                        && old.depth > depth + super::params::TT_KEEP_DEPTH_MARGIN.get()
                        && old.bound != TtBound::None
                    {
                        return;
                    }
                    let mv = if mv == Move::NONE { old.mv } else { mv };
                    write(e, key, pack(mv, value, eval, depth, bound, pv, age));
                    return;
                }
                write(e, key, pack(mv, value, eval, depth, bound, pv, age));
                return;
            }
            // Worth = depth, minus `TT_AGE_WEIGHT` plies per search of age.
            let age_diff = (age.wrapping_sub(age_of(data)) & AGE_BITS) as i32;
            let worth = depth_byte(data) - age_weight * age_diff;
            if worth < worst {
                worst = worth;
                replace = e;
            }
        }
        write(replace, key, pack(mv, value, eval, depth, bound, pv, age));
    }

    /// Permille of entries filled by the current search (sampled from the first clusters).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & AGE_BITS;
        let n = self.clusters.len().min(250);
        let mut used = 0;
        for c in &self.clusters[..n] {
            for e in &c.entries {
                let data = e.data.load(Ordering::Relaxed);
                if depth_byte(data) != 0 && age_of(data) == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * CLUSTER).max(1)) as u32
    }
}

#[inline(always)]
fn write(e: &TtEntry, key: u64, data: u64) {
    e.data.store(data, Ordering::Relaxed);
    e.check.store(key ^ data, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::value::NONE;
    use longjiang_core::geometry::Square;

    #[test]
    fn stores_and_reads_back() {
        let tt = TranspositionTable::new(1);
        let m = Move::normal(
            Square::from_index_unchecked(12),
            Square::from_index_unchecked(32),
        );
        tt.store(0xdead_beef_1234_5678, m, -321, 45, 7, TtBound::Lower, true);
        let d = tt.probe(0xdead_beef_1234_5678).expect("stored");
        assert_eq!(
            (d.mv, d.value, d.eval, d.depth, d.bound, d.pv),
            (m, -321, 45, 7, TtBound::Lower, true)
        );
        assert!(tt.probe(0x1234).is_none());
        tt.store(
            0x77,
            Move::NONE,
            NONE,
            NONE,
            DEPTH_MIN,
            TtBound::None,
            false,
        );
        let d = tt.probe(0x77).expect("stored");
        assert_eq!((d.value, d.eval, d.depth), (NONE, NONE, DEPTH_MIN));
        tt.clear();
        assert!(tt.probe(0xdead_beef_1234_5678).is_none());
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0x0123_4567_89ab_cdef;
        tt.store(key, Move::NONE, 10, 10, 3, TtBound::Exact, false);
        // Simulate another thread's half-finished write: data changed, check not yet.
        let c = tt.cluster(key);
        let e = c
            .entries
            .iter()
            .find(|e| e.data.load(Ordering::Relaxed) != 0)
            .unwrap();
        e.data.store(
            e.data.load(Ordering::Relaxed) ^ (1 << 40),
            Ordering::Relaxed,
        );
        assert!(tt.probe(key).is_none());
    }

    #[test]
    fn replaces_shallow_and_old_entries_first() {
        let tt = TranspositionTable::new(1);
        // Keys that land in the same cluster: same high bits.
        let base = 0x8000_0000_0000_0000u64;
        for (i, depth) in [(1u64, 9), (2, 3), (3, 12), (4, 6)] {
            tt.store(base + i, Move::NONE, 0, 0, depth, TtBound::Exact, false);
        }
        tt.store(base + 5, Move::NONE, 0, 0, 5, TtBound::Exact, false);
        assert!(tt.probe(base + 2).is_none(), "the shallowest entry goes");
        assert!(tt.probe(base + 5).is_some());
        tt.new_search();
        tt.new_search();
        tt.store(base + 6, Move::NONE, 0, 0, 1, TtBound::Exact, false);
        // Everything else is two searches old; worth = depth - 8 * age, so the shallowest
        // old entry (depth 5, key 5) goes.
        assert!(tt.probe(base + 5).is_none());
        assert!(tt.probe(base + 3).is_some() && tt.probe(base + 6).is_some());
    }
}
