//! The split points of a search: the slots that hold the nodes being shared out, and how
//! threads offer, claim, record and leave them (the state all threads share; the threads'
//! side of it is in `split`).

use crate::search::frame::Frame;
use crate::search::history::Histories;
use crate::search::node::{NodeInfo, NodeMove};
use crate::search::picker::MovePicker;
use crate::search::value::Value;
use longjiang_core::rules::{Move, Position};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

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
pub(super) struct SplitState {
    /// The moves from the root position to the node.
    pub(super) path: Vec<Move>,
    /// The opener's frames from the root to the node's children: what the search below reads
    /// of the plies above it (static evaluations, killers).
    pub(super) frames: Vec<Frame>,
    /// The depth of the iteration (for the check extension's cap).
    pub(super) root_depth: i32,
    /// The opener's `nmp_min_ply`: inside a null-move verification search, no null move
    /// before that ply (the threads that join search as the opener would).
    pub(super) nmp_min_ply: usize,
    pub(super) node: NodeInfo,
    /// A PV node (else a null-window one).
    pub(super) pv_node: bool,
    pub(super) beta: Value,
    /// The node's move picker, asked for one move at each claim, so that the order and the
    /// pruning of later quiet moves are those of the one-thread moves loop.
    pub(super) picker: Box<MovePicker>,
    /// At a split root, the root moves that may be searched (the picker gives all).
    pub(super) only: Option<Vec<Move>>,
    /// How many moves were handed out, and the move number of the first.
    pub(super) next: usize,
    pub(super) first_number: usize,
    /// The best value, its move, alpha and the best move's line (from the node).
    pub(super) best: Value,
    pub(super) best_move: Move,
    pub(super) alpha: Value,
    pub(super) pv: Vec<Move>,
    /// Root moves searched at a split root.
    pub(super) root_results: Vec<RootResult>,
    /// The moves searched that were not the best when they finished, in that order (the
    /// moves the history updates punish).
    pub(super) searched: Vec<Move>,
    /// Threads other than the opener working on the node now.
    pub(super) helpers: u32,
    /// A move reached beta.
    pub(super) cut: bool,
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
pub(super) struct SplitSlot {
    pub(super) state: Mutex<Option<SplitState>>,
    /// The id of the split point in this slot; 0 when the slot is free.
    pub(super) id: AtomicU64,
    /// Its work is over (cut off, or its opener stops): the threads on its moves drop them.
    pub(super) done: AtomicBool,
    /// It has moves left to hand out.
    offered: AtomicBool,
    /// Its node's depth and ply (for choosing among the split points on offer).
    depth: AtomicI32,
    ply: AtomicUsize,
}

/// The split points of a search.
pub(crate) struct SplitPoints {
    pub(super) slots: Vec<SplitSlot>,
    /// Split points with moves left to hand out.
    offers: AtomicUsize,
    /// Threads waiting for work (helpers between split points, openers waiting for theirs).
    pub(super) idle: AtomicUsize,
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
pub(super) struct Joined {
    /// The moves from the root to the node.
    pub(super) path: Vec<Move>,
    /// The opener's frames.
    pub(super) frames: Vec<Frame>,
    /// The iteration depth.
    pub(super) root_depth: i32,
    /// The null-move ply.
    pub(super) nmp_min_ply: usize,
}

/// A move to search, as a thread takes it from the split point.
pub(super) struct Claim {
    pub(super) node_move: NodeMove,
    pub(super) alpha: Value,
    pub(super) best: Value,
}

impl SplitPoints {
    /// No split point open.
    pub(crate) fn new() -> SplitPoints {
        SplitPoints {
            slots: (0..MAX_SPLITS)
                .map(|_| SplitSlot {
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
    pub(super) fn wanted(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0 && self.offers.load(Ordering::Relaxed) == 0
    }

    /// Puts split point `w` (just opened) on offer.
    pub(super) fn offer(&self, w: Watch, depth: i32, ply: usize) {
        let slot = &self.slots[w.slot];
        slot.depth.store(depth, Ordering::Relaxed);
        slot.ply.store(ply, Ordering::Relaxed);
        if !slot.offered.swap(true, Ordering::AcqRel) {
            self.offers.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Takes the split point in slot `i` off offer (no moves left, or cut off).
    pub(super) fn withdraw(&self, i: usize) {
        if self.slots[i].offered.swap(false, Ordering::AcqRel) {
            self.offers.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// The largest split point on offer whose node is deeper in the tree than `below_ply`
    /// (any, when it is 0), if there is one.
    pub(super) fn offered(&self, below_ply: usize) -> Option<Watch> {
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
    pub(super) fn allocate(&self) -> Option<Watch> {
        let id = self.last_id.fetch_add(1, Ordering::Relaxed) + 1;
        self.slots.iter().enumerate().find_map(|(i, s)| {
            s.id.compare_exchange(0, id, Ordering::AcqRel, Ordering::Relaxed)
                .ok()
                .map(|_| Watch { slot: i, id })
        })
    }

    /// The next move of split point `w` for a thread standing at its node (`pos`).
    pub(super) fn claim(&self, w: Watch, pos: &Position, hist: &Histories) -> Option<Claim> {
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
            node_move: NodeMove {
                mv,
                number,
                gives_check: s.picker.gives_check(pos, mv),
            },
            alpha: s.alpha,
            best: s.best,
        })
    }

    /// Records move `mv`'s value `v` (searched with `alpha`) and its line `pv` (the move
    /// first).
    pub(super) fn record(
        &self,
        w: Watch,
        mv: Move,
        v: Value,
        alpha: Value,
        pv: Vec<Move>,
        seldepth: usize,
    ) {
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
    pub(super) fn join(&self, w: Watch) -> Option<Joined> {
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
    pub(super) fn skip_quiets(&self, w: Watch) {
        if let Ok(mut g) = self.slots[w.slot].state.lock()
            && let Some(s) = g.as_mut()
        {
            s.picker.skip_quiets = true;
        }
    }

    pub(super) fn leave(&self, w: Watch) {
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
    pub(super) fn take_when_alone(&self, w: Watch) -> Option<Option<SplitState>> {
        let Ok(mut g) = self.slots[w.slot].state.lock() else {
            return Some(None);
        };
        match g.as_ref() {
            Some(s) if s.helpers > 0 => None,
            _ => Some(g.take()),
        }
    }
}
