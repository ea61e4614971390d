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
//!   measurements are in `docs/threads.md`). The root is the largest node of its iteration,
//!   and an idle thread joins the largest node on offer: offered at once, it drew the helper
//!   away from the smaller nodes below it.
//!
//! One exception to the eldest brother first: a small expected all-node (depth
//! `SPLIT_DEPTH ..= EARLY_SPLIT_MAX_DEPTH`, neither a PV node nor a cut node) is shared before its first move when a
//! thread waits and nothing is on offer. All its moves are searched anyway, and otherwise the
//! waiting thread waits until the thread searching finishes the first move of a node it may
//! share: this halved the helper's waiting (`docs/threads.md`).
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
//! of it are in `docs/threads.md`.
//!
//! What two threads gain over one (time to depth on the bench and on self-play positions),
//! where their extra nodes come from, and the variants measured and not kept are in
//! `docs/threads.md`.

use super::history::Histories;
use super::movesearch::{MoveOutcome, NodeInfo};
use super::params;
use super::picker::MovePicker;
use super::thread::{Frame, Worker};
use super::value::Value;
use crate::rules::{Move, Position};
use std::ops::RangeInclusive;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

/// Nodes shallower than this are searched alone (sharing them costs more than it brings).
fn split_depth() -> i32 {
    params::SPLIT_DEPTH.get()
}
/// Expected all-nodes of these depths are shared before their first move when a thread waits
/// and nothing is on offer: all their moves are searched anyway, and the waiting thread would
/// otherwise wait for the first move to finish somewhere (`docs/threads.md`).
fn early_depths() -> RangeInclusive<i32> {
    split_depth()..=params::EARLY_SPLIT_MAX_DEPTH.get()
}
/// Nodes of these depths, the root excepted, are offered as soon as their first move is
/// searched; larger ones are never shared (`docs/threads.md`, "Measured and not kept").
fn offer_depths() -> RangeInclusive<i32> {
    params::OFFER_MIN_DEPTH.get()..=params::OFFER_MAX_DEPTH.get()
}
/// Split points open at once, at most (all threads, all nesting levels; a thread keeps one
/// at most per node of its path). When none is free, a node is searched alone.
const MAX_SPLITS: usize = 128;
/// Nesting of split points a thread may be working in at once.
pub(crate) const MAX_NESTING: usize = 16;

/// A root move's result found at a split root.
#[derive(Clone, Debug)]
pub(crate) struct RootResult {
    /// The move.
    pub mv: Move,
    /// Its value.
    pub value: Value,
    /// The alpha it was searched with.
    pub alpha: Value,
    /// Its PV.
    pub pv: Vec<Move>,
    /// Its selective depth.
    pub seldepth: usize,
}

/// A node being shared out.
#[derive(Debug)]
struct SplitState {
    /// The moves from the root position to the node.
    path: Vec<Move>,
    /// The opener's frames from the root to the node's children: what the search below reads
    /// of the plies above it (static evaluations, killers).
    frames: Vec<Frame>,
    /// The depth of the iteration (for the check extension's cap).
    root_depth: i32,
    /// The opener's `nmp_min_ply`: inside a null-move verification search, no null move
    /// before that ply (the threads that join search as the opener would).
    nmp_min_ply: usize,
    node: NodeInfo,
    /// A PV node (else a null-window one).
    pv_node: bool,
    beta: Value,
    /// The node's move picker, asked for one move at each claim, so that the order and the
    /// pruning of later quiet moves are those of the one-thread moves loop.
    picker: Box<MovePicker>,
    /// At a split root, the root moves that may be searched (the picker gives all).
    only: Option<Vec<Move>>,
    /// How many moves were handed out, and the move number of the first.
    next: usize,
    first_number: usize,
    /// The best value, its move, alpha and the best move's line (from the node).
    best: Value,
    best_move: Move,
    alpha: Value,
    pv: Vec<Move>,
    /// Root moves searched at a split root.
    root_results: Vec<RootResult>,
    /// The moves searched that were not the best when they finished, in that order (the
    /// moves the history updates punish).
    searched: Vec<Move>,
    /// Threads other than the opener working on the node now.
    helpers: u32,
    /// A move reached beta.
    cut: bool,
}

/// A finished split node, as the thread that opened it takes it back.
pub(crate) struct SplitResult {
    pub best: Value,
    pub best_move: Move,
    pub pv: Vec<Move>,
    pub root_results: Vec<RootResult>,
    /// The moves searched that were not the best when they finished.
    pub searched: Vec<Move>,
    /// How many moves the node had in all.
    pub move_count: usize,
}

/// Where one split point lives.
struct Slot {
    state: Mutex<Option<SplitState>>,
    /// The id of the split point in this slot; 0 when the slot is free.
    id: AtomicU64,
    /// Its work is over (cut off, or its opener stops): the threads on its moves drop them.
    done: AtomicBool,
    /// It has moves left to hand out.
    offered: AtomicBool,
    /// Its node's depth and ply (for choosing among the split points on offer).
    depth: AtomicI32,
    ply: AtomicUsize,
}

/// The split points of a search.
pub(crate) struct SplitPoints {
    slots: Vec<Slot>,
    /// Split points with moves left to hand out.
    offers: AtomicUsize,
    /// Threads waiting for work (helpers between split points, openers waiting for theirs).
    idle: AtomicUsize,
    /// The last id handed out.
    last_id: AtomicU64,
}

/// A split point a thread works at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Watch {
    /// Its slot.
    pub slot: usize,
    /// The id of the split point in the slot (a reused slot gets a new one).
    pub id: u64,
}

/// What a helper joining a split point takes from it.
struct Joined {
    /// The moves from the root to the node.
    path: Vec<Move>,
    /// The opener's frames.
    frames: Vec<Frame>,
    /// The iteration depth.
    root_depth: i32,
    /// The null-move ply.
    nmp_min_ply: usize,
}

/// A move to search, as a thread takes it from the split point.
struct Claim {
    mv: Move,
    number: usize,
    alpha: Value,
    best: Value,
}

impl SplitPoints {
    /// No split point open.
    pub(crate) fn new() -> SplitPoints {
        SplitPoints {
            slots: (0..MAX_SPLITS)
                .map(|_| Slot {
                    state: Mutex::new(None),
                    id: AtomicU64::new(0),
                    done: AtomicBool::new(false),
                    offered: AtomicBool::new(false),
                    depth: AtomicI32::new(0),
                    ply: AtomicUsize::new(0),
                })
                .collect(),
            offers: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            last_id: AtomicU64::new(0),
        }
    }

    /// Whether the split point `w` needs no more work (a thread searching one of its moves
    /// stops).
    #[inline(always)]
    pub(crate) fn is_done(&self, w: Watch) -> bool {
        let s = &self.slots[w.slot];
        s.done.load(Ordering::Relaxed) || s.id.load(Ordering::Relaxed) != w.id
    }

    /// Whether a thread waits for work and none is offered: worth opening a split point.
    #[inline(always)]
    fn wanted(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0 && self.offers.load(Ordering::Relaxed) == 0
    }

    /// Puts split point `w` (just opened) on offer.
    fn offer(&self, w: Watch, depth: i32, ply: usize) {
        let slot = &self.slots[w.slot];
        slot.depth.store(depth, Ordering::Relaxed);
        slot.ply.store(ply, Ordering::Relaxed);
        if !slot.offered.swap(true, Ordering::AcqRel) {
            self.offers.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Takes the split point in slot `i` off offer (no moves left, or cut off).
    fn withdraw(&self, i: usize) {
        if self.slots[i].offered.swap(false, Ordering::AcqRel) {
            self.offers.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// The largest split point on offer whose node is deeper in the tree than `below_ply`
    /// (any, when it is 0), if there is one.
    fn offered(&self, below_ply: usize) -> Option<Watch> {
        if self.offers.load(Ordering::Acquire) == 0 {
            return None;
        }
        let mut best: Option<(i32, Watch)> = None;
        for (i, s) in self.slots.iter().enumerate() {
            if !s.offered.load(Ordering::Acquire) {
                continue;
            }
            let id = s.id.load(Ordering::Acquire);
            if id == 0 || (below_ply > 0 && s.ply.load(Ordering::Relaxed) <= below_ply) {
                continue;
            }
            let depth = s.depth.load(Ordering::Relaxed);
            if best.is_none_or(|(d, _)| depth > d) {
                best = Some((depth, Watch { slot: i, id }));
            }
        }
        best.map(|(_, w)| w)
    }

    /// Takes a free slot for a new split point.
    fn allocate(&self) -> Option<Watch> {
        let id = self.last_id.fetch_add(1, Ordering::Relaxed) + 1;
        self.slots.iter().enumerate().find_map(|(i, s)| {
            s.id.compare_exchange(0, id, Ordering::AcqRel, Ordering::Relaxed)
                .ok()
                .map(|_| Watch { slot: i, id })
        })
    }

    /// The next move of split point `w` for a thread standing at its node (`pos`).
    fn claim(&self, w: Watch, pos: &Position, hist: &Histories) -> Option<Claim> {
        let mut g = self.slots[w.slot].state.lock().ok()?;
        let s = g.as_mut().filter(|s| !s.cut)?;
        let mv = loop {
            match s.picker.next(pos, hist) {
                Some(m) if s.only.as_ref().is_some_and(|only| !only.contains(&m)) => continue,
                m => break m,
            }
        };
        let Some(mv) = mv else {
            // Nothing left to offer: let a thread still busy here offer a node below.
            self.withdraw(w.slot);
            return None;
        };
        let number = s.first_number + s.next;
        s.next += 1;
        Some(Claim {
            mv,
            number,
            alpha: s.alpha,
            best: s.best,
        })
    }

    /// Records move `mv`'s value `v` (searched with `alpha`) and its line `pv` (the move
    /// first).
    fn record(&self, w: Watch, mv: Move, v: Value, alpha: Value, pv: Vec<Move>, seldepth: usize) {
        let slot = &self.slots[w.slot];
        let Ok(mut g) = slot.state.lock() else {
            return;
        };
        let Some(s) = g.as_mut().filter(|s| !s.cut) else {
            return;
        };
        // As in the one-thread loop: a move that was not the best when it finished.
        if v <= s.alpha {
            s.searched.push(mv);
        }
        if s.node.root {
            s.root_results.push(RootResult {
                mv,
                value: v,
                alpha,
                pv: pv.clone(),
                seldepth,
            });
        }
        if v > s.best {
            s.best = v;
            if v > s.alpha {
                s.best_move = mv;
                s.pv = pv;
                if v < s.beta {
                    s.alpha = v;
                } else {
                    s.cut = true;
                    slot.done.store(true, Ordering::Relaxed);
                    self.withdraw(w.slot);
                }
            }
        }
    }

    /// Joins split point `w` as a helper: its path, the opener's frames and the iteration
    /// depth and null-move ply; `None` if it is gone or cut off.
    fn join(&self, w: Watch) -> Option<Joined> {
        if self.is_done(w) {
            return None;
        }
        let mut g = self.slots[w.slot].state.lock().ok()?;
        let s = g.as_mut().filter(|s| !s.cut)?;
        if self.slots[w.slot].id.load(Ordering::Relaxed) != w.id {
            return None;
        }
        s.helpers += 1;
        Some(Joined {
            path: s.path.clone(),
            frames: s.frames.clone(),
            root_depth: s.root_depth,
            nmp_min_ply: s.nmp_min_ply,
        })
    }

    /// Move-count pruning reached split point `w`: its picker hands out no more quiet moves
    /// (as `MovePicker::skip_quiets` in the one-thread loop).
    fn skip_quiets(&self, w: Watch) {
        if let Ok(mut g) = self.slots[w.slot].state.lock()
            && let Some(s) = g.as_mut()
        {
            s.picker.skip_quiets = true;
        }
    }

    fn leave(&self, w: Watch) {
        if let Ok(mut g) = self.slots[w.slot].state.lock()
            && let Some(s) = g.as_mut()
        {
            s.helpers = s.helpers.saturating_sub(1);
        }
    }

    /// The split point's state, taken out of its slot once no helper works on it (`None`
    /// while one does). Checked and taken under one lock, so that no thread joins between the
    /// two.
    #[allow(clippy::option_option)]
    fn take_when_alone(&self, w: Watch) -> Option<Option<SplitState>> {
        let Ok(mut g) = self.slots[w.slot].state.lock() else {
            return Some(None);
        };
        match g.as_ref() {
            Some(s) if s.helpers > 0 => None,
            _ => Some(g.take()),
        }
    }
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
            self.frame_mut(ply).move_count = c.number;
            let outcome = if pv_node {
                self.search_move::<true>(&node, c.mv, c.number, c.alpha, beta, c.best)
            } else {
                self.search_move::<false>(&node, c.mv, c.number, c.alpha, beta, c.best)
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
                    self.line_through(ply, c.mv)
                } else {
                    Vec::new()
                };
                self.shared
                    .split
                    .record(w, c.mv, v, c.alpha, pv, self.seldepth);
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
                    self.play(m, ply);
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
