//! Accumulators: the hidden layer's input sums per perspective, kept up to date move by move.
//!
//! [`AccumulatorStack`] holds one entry per search ply. Playing a move records only its
//! [`FeatureDelta`] (cheap); the sums are brought up to date lazily when a position is evaluated, by
//! walking back to the nearest computed ancestor and applying the deltas forward. An entry
//! knows the keys of its position and its parent, checked against the position's own
//! history, so a stale entry (another line searched at that ply, a position set up from
//! elsewhere) is never used: the stack then refreshes from scratch. Each perspective is
//! brought up to date on its own: with king buckets (`buckets`) a king's move to another
//! bucket refreshes its side's sums while the other side's are still updated.

use super::features::{FeatureDelta, MAX_ACTIVE};
use super::kernels;
use super::network::{MAX_HIDDEN, Network, bucket};
use longjiang_core::rules::{Color, Position};

/// The hidden layer's sums for both perspectives (`[Color::index()]`), before activation;
/// the first `Network::hidden` entries of each row are used, the rest stay zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    /// The sums.
    pub v: [[i16; MAX_HIDDEN]; 2],
}

impl Accumulator {
    /// All zero.
    pub const ZERO: Accumulator = Accumulator {
        v: [[0; MAX_HIDDEN]; 2],
    };

    /// The sums of `pos` computed from scratch.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator::ZERO;
        acc.refresh_in_place(net, pos);
        acc
    }

    /// Overwrites these sums with those of `pos` computed from scratch.
    pub fn refresh_in_place(&mut self, net: &Network, pos: &Position) {
        for c in Color::ALL {
            self.refresh_side(net, pos, c);
        }
    }

    /// Overwrites `perspective`'s sums with those of `pos` computed from scratch.
    pub fn refresh_side(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let features = net.set().active(pos, perspective);
        let rows: arrayvec::ArrayVec<&[i16], MAX_ACTIVE> = features
            .iter()
            .map(|&f| net.feature_weights(f as usize))
            .collect();
        let v = &mut self.v[perspective.index()];
        kernels::apply(net.hidden(), v, &net.ft_bias, &rows, &[]);
    }

    /// Writes into `perspective`'s row the row of `from` changed by `delta`, whose move
    /// leaves that perspective's inputs offset by `offset` (`FeatureSet::offset`; the move
    /// must not change it: `FeatureSet::refreshes`).
    #[inline]
    pub fn apply_side(
        &mut self,
        perspective: Color,
        from: &Accumulator,
        net: &Network,
        delta: &FeatureDelta,
        offset: usize,
    ) {
        let mut add: arrayvec::ArrayVec<&[i16], 2> = arrayvec::ArrayVec::new();
        let mut sub: arrayvec::ArrayVec<&[i16], 2> = arrayvec::ArrayVec::new();
        for ch in delta.removed() {
            if let Some(f) = ch.feature(perspective) {
                sub.push(net.feature_weights(offset + f));
            }
        }
        for ch in delta.added() {
            if let Some(f) = ch.feature(perspective) {
                add.push(net.feature_weights(offset + f));
            }
        }
        let i = perspective.index();
        kernels::apply(net.hidden(), &mut self.v[i], &from.v[i], &add, &sub);
    }
}

/// The network's evaluation of `pos` computed from scratch (centipawns, side to move).
pub fn evaluate_fresh(net: &Network, pos: &Position) -> i32 {
    let acc = Accumulator::refresh(net, pos);
    net.output(&acc.v, pos.side_to_move(), bucket(pos))
}

#[derive(Clone, Copy)]
struct StackEntry {
    acc: Accumulator,
    /// What the move into this ply changed.
    delta: FeatureDelta,
    /// The key of the position this entry was (or will be) computed for, 0 until known.
    key: u64,
    /// The key of the position the move was played from.
    parent_key: u64,
    /// Whether `delta` is recorded (set by `push`).
    has_delta: bool,
    /// Whether `acc` holds each perspective's sums (`[Color::index()]`) of the position
    /// with key `key`: a king moved to another bucket leaves its side's uncomputed.
    computed: [bool; 2],
}

impl StackEntry {
    /// Records that `perspective`'s sums are those of the position with key `key`.
    #[inline(always)]
    fn mark(&mut self, perspective: usize, key: u64) {
        if self.key != key {
            self.key = key;
            self.computed = [false; 2];
        }
        self.computed[perspective] = true;
    }
}

/// Accumulators for the plies of one search thread (see the module documentation).
#[derive(Default)]
pub struct AccumulatorStack {
    entries: Vec<StackEntry>,
    /// Perspectives computed from scratch since the stack was made or reset.
    refreshes: u64,
}

impl AccumulatorStack {
    /// A stack for plies `0 ..= max_ply`.
    pub fn new(max_ply: usize) -> AccumulatorStack {
        let empty = StackEntry {
            acc: Accumulator::ZERO,
            delta: FeatureDelta::EMPTY,
            key: 0,
            parent_key: 0,
            has_delta: false,
            computed: [false; 2],
        };
        AccumulatorStack {
            entries: vec![empty; max_ply + 2],
            refreshes: 0,
        }
    }

    /// How many times one perspective's sums were computed from scratch since the stack was
    /// made or [`reset`](Self::reset) (the search's statistics: each should be rare).
    pub fn refreshes(&self) -> u64 {
        self.refreshes
    }

    /// Readies the stack for a new search of plies `0 ..= max_ply`, perhaps with another
    /// net: forgets every entry and the refresh count, but keeps the memory (a datagen move
    /// searches only a few thousand nodes, and zeroing the sums would cost more).
    pub fn reset(&mut self, max_ply: usize) {
        if self.entries.len() != max_ply + 2 {
            *self = AccumulatorStack::new(max_ply);
            return;
        }
        for e in &mut self.entries {
            e.key = 0;
            e.has_delta = false;
            e.computed = [false; 2];
        }
        self.refreshes = 0;
    }

    /// Records that the legal move `m` is about to be played in `pos` at `ply` (call before
    /// `pos.play(m)`); `None` records a null move.
    #[inline]
    pub fn push(&mut self, ply: usize, pos: &Position, m: Option<longjiang_core::rules::Move>) {
        if let Some(e) = self.entries.get_mut(ply + 1) {
            e.delta = match m {
                Some(m) => super::features::delta(pos, m),
                None => FeatureDelta::EMPTY,
            };
            e.parent_key = pos.key();
            e.has_delta = true;
            e.computed = [false; 2];
        }
    }

    /// The network's evaluation of `pos` at `ply`: the accumulator brought up to date from
    /// the nearest computed ancestor (or from scratch), then the output layer.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        let acc = self.update(net, pos, ply);
        net.output(&acc.v, pos.side_to_move(), bucket(pos))
    }

    /// The accumulator of `pos` at `ply`, computed as cheaply as the stack allows: per
    /// perspective, from its nearest computed ancestor, or from scratch when there is none
    /// or a move since moved its king to another bucket.
    pub fn update(&mut self, net: &Network, pos: &Position, ply: usize) -> &Accumulator {
        let n = ply.min(self.entries.len() - 1);
        // The keys of the position's history, the current one last.
        let depth = pos.history_len();
        let set = net.set();
        for c in Color::ALL {
            let ci = c.index();
            // Walk back while the entries chain up to the position's history.
            let mut j = n;
            let mut base = None;
            loop {
                let e = &self.entries[j];
                let h = depth as isize - (n - j) as isize;
                if h < 0 {
                    break;
                }
                let h = h as usize;
                if e.computed[ci] && e.key == pos.history_key(h) {
                    base = Some(j);
                    break;
                }
                if !e.has_delta
                    || j == 0
                    || h == 0
                    || e.parent_key != pos.history_key(h - 1)
                    || set.refreshes(&e.delta, c)
                {
                    break;
                }
                j -= 1;
            }
            match base {
                Some(b) => {
                    let offset = set.offset(pos, c);
                    for i in b + 1..=n {
                        let (done, rest) = self.entries.split_at_mut(i);
                        let e = &mut rest[0];
                        let delta = e.delta;
                        e.acc.apply_side(c, &done[i - 1].acc, net, &delta, offset);
                        e.mark(ci, pos.history_key(depth - (n - i)));
                    }
                }
                None => {
                    self.refreshes += 1;
                    let e = &mut self.entries[n];
                    e.acc.refresh_side(net, pos, c);
                    e.mark(ci, pos.key());
                }
            }
        }
        &self.entries[n].acc
    }
}
