//! Young Brothers Wait: a thread shares out the moves left at its node among the idle threads,
//! once at least the node's first move is searched.
//!
//! The main thread runs the iterative deepening as one thread does. After a node's first move
//! is searched (the eldest brother first: its value sets alpha, or cuts the node off, before
//! any young brother is searched), the thread searching it opens a split point there:
//! - always at a node of depth `params::OFFER_MIN_DEPTH` to `OFFER_MAX_DEPTH` (6 to 11) other than the root, so that a
//!   thread that runs out of work finds some at once;
//! - at the root (of an iteration of depth 11 or less) and at a node of depth
//!   `params::SPLIT_DEPTH` (3) to `EARLY_SPLIT_MAX_DEPTH` (5) only when a thread waits and nothing is on offer;
//! - never at a larger node: the larger the node, the more positions its moves' subtrees
//!   share, and two threads searching two of them at once search those positions twice (the
//!   measurements are in `notes/threads.md`). The root is the largest node of its iteration,
//!   and an idle thread joins the largest node on offer: offered at once, it drew the helper
//!   away from the smaller nodes below it.
//!
//! One exception to the eldest brother first: a small expected all-node (depth
//! `SPLIT_DEPTH ..= EARLY_SPLIT_MAX_DEPTH`, neither a PV node nor a cut node) is shared before its first move when a
//! thread waits and nothing is on offer. All its moves are searched anyway, and otherwise the
//! waiting thread waits until the thread searching finishes the first move of a node it may
//! share: this halved the helper's waiting (`notes/threads.md`).
//!
//! A split point keeps the node's move picker, so the moves come out one at a time in the
//! order, and with the pruning of later quiet moves, of the one-thread moves loop: with one
//! thread opening split points everywhere (`Features::split_alone`) the search visits exactly
//! the nodes of the plain search. Every thread that joins (playing the path from the root to
//! the node) takes the next move and searches it as the one-thread moves loop would
//! (`Worker::search_move`: pruning, reductions, null window, PV re-search) with the best alpha
//! found so far; the results go back to the split point, and a move that reaches beta ends the
//! node for all. An idle thread joins the largest node on offer (the most work per join);
//! threads searching moves of a split point open more below it. The thread that
//! opened a split point waits for the others' last moves and meanwhile helps at the split
//! points opened below its node ("helpful master"), then carries on with the node's result:
//! its best value, move and PV, and the moves that go into the history updates.
//!
//! Feldmann's Young Brothers Wait Concept; Stockfish used split points of this kind until
//! 2015 (`Thread::split`, `idle_loop`). Lazy SMP, which it replaced here, and what was measured
//! of it are in `notes/threads.md`.
//!
//! What two threads gain over one (time to depth on the bench and on self-play positions),
//! where their extra nodes come from, and the variants measured and not kept are in
//! `notes/threads.md`.

pub(crate) mod points;

use super::node::{MoveOutcome, NodeInfo};
use super::params;
use super::picker::MovePicker;
use super::thread::Worker;
use super::value::Value;
use longjiang_core::rules::Move;
use points::{Joined, MAX_NESTING, SplitResult, SplitState, Watch};
use std::ops::RangeInclusive;
use std::sync::atomic::Ordering;

/// Nodes shallower than this are searched alone (sharing them costs more than it brings).
fn split_depth() -> i32 {
    params::SPLIT_DEPTH.get()
}
/// Expected all-nodes of these depths are shared before their first move when a thread waits
/// and nothing is on offer: all their moves are searched anyway, and the waiting thread would
/// otherwise wait for the first move to finish somewhere (`notes/threads.md`).
fn early_depths() -> RangeInclusive<i32> {
    split_depth()..=params::EARLY_SPLIT_MAX_DEPTH.get()
}
/// Nodes of these depths, the root excepted, are offered as soon as their first move is
/// searched; larger ones are never shared (`notes/threads.md`, "Measured and not kept").
fn offer_depths() -> RangeInclusive<i32> {
    params::OFFER_MIN_DEPTH.get()..=params::OFFER_MAX_DEPTH.get()
}

impl Worker<'_> {
    /// A split point for the node this thread is at (`n`; `pv` whether it is a PV node;
    /// `searched` of its moves searched or pruned so far), if it is to be shared now:
    /// - after its first move, always at a node of `offer_depths()` other than the root, and at
    ///   the root or a smaller node when a thread waits and nothing is on offer;
    /// - before its first move, at a small expected all-node (`early_depths()`, neither a PV
    ///   nor a cut node) when a thread waits and nothing is on offer.
    ///
    /// With `Features::split_alone`, at every node that may be shared.
    #[inline]
    pub(crate) fn try_split(&self, n: &NodeInfo, pv: bool, searched: usize) -> Option<Watch> {
        if self.shared.threads() == 1 && !self.features.split_alone {
            return None;
        }
        let sp = &self.shared.split;
        let depth = n.depth;
        let offer = offer_depths();
        if depth < split_depth()
            || depth > *offer.end()
            || self.watches.len() >= MAX_NESTING
            || (n.root && self.shared.multipv > 1)
        {
            return None;
        }
        let open = if searched == 0 {
            let early = !pv && !n.cut_node && !n.root && early_depths().contains(&depth);
            early && (sp.wanted() || self.features.split_alone)
        } else {
            (offer.contains(&depth) && !n.root) || sp.wanted() || self.features.split_alone
        };
        if open { sp.allocate() } else { None }
    }

    /// Opens a split point at the current node (the node `n`, its window (`alpha`, `beta`),
    /// its best value and move so far) for the moves left, `moves`, the first of them the
    /// `first_number`-th of the node; searches them with the threads that join, waits for
    /// them and returns the node's result. `w` is the slot `try_split` gave.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn split(
        &mut self,
        w: Watch,
        pv_node: bool,
        n: &NodeInfo,
        picker: Box<MovePicker>,
        only: Option<Vec<Move>>,
        first_number: usize,
        alpha: Value,
        beta: Value,
        best: Value,
        best_move: Move,
    ) -> SplitResult {
        let sp = &self.shared.split;
        let ply = n.ply;
        let state = SplitState {
            path: (0..ply).map(|p| self.frame(p as isize).current).collect(),
            frames: (0..=ply + 1).map(|p| *self.frame(p as isize)).collect(),
            root_depth: self.root_depth,
            nmp_min_ply: self.nmp_min_ply,
            node: *n,
            pv_node,
            beta,
            picker,
            only,
            next: 0,
            first_number,
            best,
            best_move,
            alpha,
            // Lines are kept at PV nodes only (elsewhere the table holds none: see `search_move`).
            pv: if pv_node {
                self.pv[ply][ply..self.pv_len[ply].max(ply)].to_vec()
            } else {
                Vec::new()
            },
            root_results: Vec::new(),
            searched: Vec::new(),
            helpers: 0,
            cut: false,
        };
        let slot = &sp.slots[w.slot];
        if let Ok(mut g) = slot.state.lock() {
            *g = Some(state);
        }
        slot.done.store(false, Ordering::Relaxed);
        sp.offer(w, n.depth, ply);

        self.work_at_split(w);

        sp.withdraw(w.slot);
        if self.stopped {
            // The search stops, or a split point above was cut off: the helpers' moves here
            // are of no use either.
            slot.done.store(true, Ordering::Relaxed);
        }
        // Wait for the helpers' last moves, helping meanwhile at split points below this
        // node (opened by those helpers). With more than two threads the largest one on offer
        // deeper than this node may lie in another branch: `help_at` declines it.
        sp.idle.fetch_add(1, Ordering::Relaxed);
        let taken = loop {
            if let Some(taken) = sp.take_when_alone(w) {
                break taken;
            }
            // The main thread keeps the clock on every pass: a split point on offer that gives
            // no work must not keep it from seeing the time (the soak's two-thread time losses).
            if self.is_main() && self.out_of_time() {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
            if !self.stopped
                && let Some(o) = sp.offered(ply)
                && o != w
            {
                sp.idle.fetch_sub(1, Ordering::Relaxed);
                self.help_at(o, ply);
                sp.idle.fetch_add(1, Ordering::Relaxed);
            } else {
                pause();
            }
        };
        sp.idle.fetch_sub(1, Ordering::Relaxed);
        slot.done.store(true, Ordering::Relaxed);
        slot.id.store(0, Ordering::Release);
        match taken {
            Some(s) => SplitResult {
                best: s.best,
                best_move: s.best_move,
                pv: s.pv,
                root_results: s.root_results,
                searched: s.searched,
                move_count: first_number - 1 + s.next,
            },
            None => SplitResult {
                best,
                best_move,
                pv: Vec::new(),
                root_results: Vec::new(),
                searched: Vec::new(),
                move_count: first_number - 1,
            },
        }
    }

    /// Searches moves of split point `w` until none is left, it is cut off, or this thread
    /// must stop. The position must be the split node's.
    fn work_at_split(&mut self, w: Watch) {
        let Some((node, pv_node, beta)) = self.shared.split.slots[w.slot]
            .state
            .lock()
            .ok()
            .and_then(|g| g.as_ref().map(|s| (s.node, s.pv_node, s.beta)))
        else {
            return;
        };
        let ply = node.ply;
        if self.watches.try_push(w).is_err() {
            return;
        }
        while let Some(c) = self.shared.split.claim(w, &self.pos, &self.data.hist) {
            self.frame_mut(ply).move_count = c.node_move.number;
            let outcome = if pv_node {
                self.search_move::<true>(&node, c.node_move, c.alpha, beta, c.best)
            } else {
                self.search_move::<false>(&node, c.node_move, c.alpha, beta, c.best)
            };
            if self.stopped {
                // Dropped because this split point is cut off: the others go on. Anything
                // else (a stop, a cut above) ends the work here and goes up.
                let above = &self.watches[..self.watches.len() - 1];
                if self.dropped
                    && !self.shared.stop.load(Ordering::Relaxed)
                    && !above.iter().any(|&a| self.shared.split.is_done(a))
                {
                    self.dropped = false;
                    self.stopped = false;
                }
                break;
            }
            if let MoveOutcome::PrunedWithLaterQuiets = outcome {
                self.shared.split.skip_quiets(w);
            }
            if let MoveOutcome::Searched(v) = outcome {
                let pv = if pv_node {
                    self.line_through(ply, c.node_move.mv)
                } else {
                    Vec::new()
                };
                self.shared
                    .split
                    .record(w, c.node_move.mv, v, c.alpha, pv, self.seldepth);
            }
        }
        self.watches.pop();
    }

    /// Helps at split point `w`, this thread standing at ply `base` (its own split node, or
    /// the root): plays the path from there, searches moves, goes back. Only a split point
    /// below this thread's position is joined.
    fn help_at(&mut self, w: Watch, base: usize) {
        let sp = &self.shared.split;
        let Some(Joined {
            path,
            frames,
            root_depth,
            nmp_min_ply,
        }) = sp.join(w)
        else {
            return;
        };
        let below = (base == 0 || path.len() > base)
            && (0..base).all(|p| self.frame(p as isize).current == path[p]);
        if below {
            let saved = (self.root_depth, self.nmp_min_ply);
            (self.root_depth, self.nmp_min_ply) = (root_depth, nmp_min_ply);
            let mut played = 0;
            for (ply, &m) in path.iter().enumerate().skip(base) {
                // A pass on the path is a null move (null-move pruning above the node).
                if m == Move::NONE {
                    self.play_null(ply);
                } else if self.pos.is_legal(m) {
                    self.play(m, ply, true);
                } else {
                    break;
                }
                played += 1;
            }
            if base + played == path.len() {
                // The opener's frames below this thread's own node.
                let from = if base == 0 { 0 } else { base + 1 };
                for (ply, f) in frames.iter().enumerate().skip(from) {
                    let mine = self.frame_mut(ply);
                    mine.static_eval = f.static_eval;
                    mine.in_check = f.in_check;
                    mine.killers = f.killers;
                    mine.move_count = f.move_count;
                }
                self.work_at_split(w);
            }
            for &m in path[base..base + played].iter().rev() {
                if m == Move::NONE {
                    self.pos.undo_null();
                } else {
                    self.pos.undo();
                }
            }
            (self.root_depth, self.nmp_min_ply) = saved;
        }
        sp.leave(w);
    }

    /// A helper's life: wait for split points and help at them, until the search stops.
    pub(crate) fn help(&mut self) {
        let sp = &self.shared.split;
        sp.idle.fetch_add(1, Ordering::Relaxed);
        while !self.shared.stop.load(Ordering::Relaxed) {
            let Some(w) = sp.offered(0) else {
                pause();
                continue;
            };
            sp.idle.fetch_sub(1, Ordering::Relaxed);
            self.seldepth = 0;
            self.help_at(w, 0);
            self.stopped = false;
            self.dropped = false;
            sp.idle.fetch_add(1, Ordering::Relaxed);
        }
        sp.idle.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Waits a moment for work: a yield, so that more threads than cores still leave the cores to
/// the threads that search.
#[inline]
fn pause() {
    std::thread::yield_now();
}
