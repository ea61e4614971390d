//! The proof that a stable mate score is the shortest mate (docs/mates.md, "Stopping on a mate
//! score"). It runs between iterations within a small budget: a share of the nodes searched so
//! far, and in a clocked search a share of the time left before the optimum. An unfinished
//! proof never holds the deepening up: the search goes on, and the proof is tried again, with
//! a larger budget, once the search has doubled its nodes.

use super::params;
use super::thread::Worker;
use super::tsume::exhaustive;
use super::value::{self, Value};
use std::sync::atomic::Ordering;

/// A proof may spend one node for this many nodes the search has spent so far.
pub(crate) const PROOF_NODE_SHARE: u64 = 8;
/// The smallest node budget of a proof (a node limit may allow less).
pub(crate) const PROOF_MIN_NODES: u64 = 1024;
/// A clocked proof gives up after this share (1 / n) of the time left before the optimum.
pub(crate) const PROOF_TIME_SHARE: u32 = 4;

/// What is known of the mate score last put to the prover.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MateProof {
    /// The score, and the nodes the search had spent when it was last tried.
    tried: Option<(Value, u64)>,
    /// Decided for that score: the shortest mate (`true`) or not, or not to be proven within
    /// `MATE_PROOF_NODES` (`false`).
    decided: Option<bool>,
}

impl Worker<'_> {
    /// Whether the root score `v` (a mate score) is the shortest mate: a mate against us
    /// always counts as final; a mate for us of `p` plies only when the exhaustive prover shows
    /// no mate within `(p - 1) / 2` moves. Each try gets `nodes / PROOF_NODE_SHARE` prover nodes
    /// (at least `PROOF_MIN_NODES`, at most `MATE_PROOF_NODES` and a node limit), and gives up
    /// once `stop` comes, the hard time limit passes or its share of the time left before the
    /// optimum is spent. An unfinished proof answers `false` (deepen on) and is tried again
    /// once the search has doubled its nodes; one that ran out of `MATE_PROOF_NODES` is not.
    /// On one thread without a clock the budget depends on node counts only: deterministic.
    pub(crate) fn mate_is_shortest(&self, v: Value, state: &mut MateProof) -> bool {
        if v < 0 {
            return true;
        }
        let searched = self.shared.nodes().max(self.nodes);
        if let Some((tv, at)) = state.tried
            && tv == v
        {
            if let Some(ok) = state.decided {
                return ok;
            }
            if searched < at.saturating_mul(2) {
                return false;
            }
        } else {
            state.decided = None;
        }
        state.tried = Some((v, searched));
        let shorter = ((value::MATE - v - 1) / 2) as u32;
        if shorter == 0 {
            state.decided = Some(true);
            return true;
        }
        let mut budget =
            (searched / PROOF_NODE_SHARE).clamp(PROOF_MIN_NODES, params::MATE_PROOF_NODES);
        if let Some(n) = self.shared.limits.nodes {
            budget = budget.min(n);
        }
        let deadline = self.proof_deadline();
        let give_up = || {
            self.shared.stop.load(Ordering::Relaxed)
                || self.out_of_time()
                || deadline.is_some_and(|d| self.shared.clock_elapsed() >= d)
        };
        if deadline.is_some_and(|d| self.shared.clock_elapsed() >= d) {
            return false;
        }
        match exhaustive::mate_within_until(&self.pos, shorter, budget, &give_up) {
            Some(found) => state.decided = Some(!found),
            None if budget >= params::MATE_PROOF_NODES => state.decided = Some(false),
            None => {}
        }
        state.decided == Some(true)
    }

    /// When a proof started now must give up in a clocked search: after `1 / PROOF_TIME_SHARE`
    /// of the time left before the optimum (at once when none is left). `None` without a
    /// clock and while pondering.
    fn proof_deadline(&self) -> Option<std::time::Duration> {
        let opt = self.shared.budget.optimum?;
        if self.shared.pondering.load(Ordering::Relaxed) {
            return None;
        }
        let now = self.shared.clock_elapsed();
        Some(now + opt.saturating_sub(now) / PROOF_TIME_SHARE)
    }
}
