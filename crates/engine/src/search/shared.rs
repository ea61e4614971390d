//! What the threads of one search share: the stop flag, the ponder state, the start time and
//! the time budget, the node budget of a node-limited search, the table, and every thread's
//! published node count.

use super::Limits;
use super::params::{self, Values};
use super::split::points::SplitPoints;
use super::techniques::Features;
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use longjiang_core::rules::Position;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Stack size of search threads: the recursion keeps move lists in every frame.
pub(crate) const STACK_SIZE: usize = 64 << 20;
/// How often (in nodes) a thread publishes its node count and the main thread looks at the
/// clock.
pub(crate) const CHECK_INTERVAL: u64 = 1024;
/// Node budget claimed at once by a thread (node limits).
pub(crate) const NODE_CHUNK: u64 = 256;
/// Bound lines (aspiration failures) are reported only after this much time.
pub(crate) const REPORT_BOUNDS_AFTER: Duration = Duration::from_millis(2000);

/// What the threads of one search share.
pub(crate) struct Shared {
    /// Set to end the search (by `stop`, a limit, or the main thread when it is done).
    pub stop: AtomicBool,
    /// Set while a ponder search waits for `ponderhit`.
    pub(crate) pondering: AtomicBool,
    /// Set by the main thread once a root move has a searched score (no time limit stops the
    /// search before: there would be no move to answer).
    root_scored: AtomicBool,
    /// Microseconds after `start` when `ponderhit` arrived (`u64::MAX`: never).
    ponderhit_at: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// The limits.
    pub limits: Limits,
    /// The time budget (from the side to move's clock).
    pub budget: TimeBudget,
    /// MultiPV lines.
    pub multipv: usize,
    /// The shared table.
    pub tt: Arc<TranspositionTable>,
    /// Nodes still to hand out (node limit), if there is one.
    nodes_left: Option<AtomicU64>,
    /// Nodes searched per thread (published every `CHECK_INTERVAL`).
    pub(crate) thread_nodes: Vec<AtomicU64>,
    /// Which pruning techniques are on.
    pub features: Features,
    /// The nodes the threads share out (see `split`).
    pub(crate) split: SplitPoints,
    /// The network that evaluates, or `None` for the classical evaluation.
    pub nnue: Option<Arc<crate::eval::nnue::Network>>,
    /// The search parameters every thread of this search installs (`params::install`).
    pub params: Values,
    /// Send the statistics (`SearchEvent::Stats`) before the answer.
    pub report_stats: bool,
}

impl Shared {
    /// The shared state of a new search.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        limits: Limits,
        pos: &Position,
        overhead: Duration,
        multipv: usize,
        threads: usize,
        tt: Arc<TranspositionTable>,
        features: Features,
        params: Values,
    ) -> Shared {
        let budget = {
            let _installed = params::install(&params);
            TimeBudget::new(&limits, pos.side_to_move(), overhead)
        };
        Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
            root_scored: AtomicBool::new(false),
            ponderhit_at: AtomicU64::new(u64::MAX),
            start: Instant::now(),
            nodes_left: limits.nodes.map(AtomicU64::new),
            limits,
            budget,
            multipv,
            tt,
            thread_nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            features,
            split: SplitPoints::new(),
            nnue: None,
            params,
            report_stats: false,
        }
    }

    /// The expected move was played: the clock now runs.
    pub fn ponderhit(&self) {
        let us = self.start.elapsed().as_micros() as u64;
        self.ponderhit_at.store(us, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Marks that the main thread has a root move with a searched score: the time limit may
    /// stop the search now, even within depth 1 (its best scored move is the answer).
    pub(crate) fn mark_root_scored(&self) {
        self.root_scored.store(true, Ordering::Relaxed);
    }

    /// Whether the main thread has a root move with a searched score.
    pub(crate) fn root_scored(&self) -> bool {
        self.root_scored.load(Ordering::Relaxed)
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    pub(crate) fn clock_elapsed(&self) -> Duration {
        let hit = self.ponderhit_at.load(Ordering::Relaxed);
        let e = self.elapsed();
        if hit == u64::MAX {
            e
        } else {
            e.saturating_sub(Duration::from_micros(hit))
        }
    }

    /// The number of search threads.
    pub(crate) fn threads(&self) -> usize {
        self.thread_nodes.len()
    }

    /// Total nodes of all threads (as last published).
    pub fn nodes(&self) -> u64 {
        self.thread_nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum()
    }

    /// Takes up to `NODE_CHUNK` nodes from the node budget; 0 when it is spent.
    pub(crate) fn claim_nodes(&self) -> u64 {
        let Some(left) = &self.nodes_left else {
            return u64::MAX;
        };
        let mut cur = left.load(Ordering::Relaxed);
        loop {
            let take = cur.min(NODE_CHUNK);
            if take == 0 {
                return 0;
            }
            match left.compare_exchange_weak(cur, cur - take, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return take,
                Err(now) => cur = now,
            }
        }
    }
}
