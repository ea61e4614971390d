//! Steps 7 to 9 of a node of the alpha-beta search (Stockfish's `search.cpp`): the cuts made
//! before the moves loop from the static evaluation, razoring, reverse futility and the null
//! move with its verification search. `alphabeta` asks them at non-PV nodes out of check.

use super::params::*;
use super::thread::Worker;
use super::value::{MATE_IN_MAX_PLY, Value};
use longjiang_core::rules::Move;

impl Worker<'_> {
    /// The value that cuts the node before its moves are searched, if razoring, reverse
    /// futility or the null move finds one (`eval_v` is the static evaluation refined by the
    /// table's bound).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn cut_before_moves(
        &mut self,
        alpha: Value,
        beta: Value,
        depth: i32,
        cut_node: bool,
        ply: usize,
        eval_v: Value,
        static_eval: Value,
        improving: bool,
    ) -> Option<Value> {
        let features = self.features;
        // Step 7. Razoring: far below alpha at low depth, trust quiescence.
        if features.razoring
            && depth <= RAZOR_DEPTH.get()
            && eval_v + RAZOR_MARGIN.get() * depth <= alpha
        {
            let v = self.qsearch::<false>(alpha - 1, alpha, 0, ply);
            if v < alpha {
                self.stats.razor_cuts += 1;
                return Some(v);
            }
        }

        // Step 8. Futility pruning: child node (reverse futility / static null move).
        if features.reverse_futility
            && depth < RFP_DEPTH.get()
            && eval_v - RFP_MARGIN.get() * (depth - improving as i32) >= beta
            && eval_v < MATE_IN_MAX_PLY
        {
            self.stats.rfp_cuts += 1;
            return Some(eval_v);
        }

        // Step 9. Null move search with verification search.
        let prev_null = ply > 0 && self.frame(ply as isize - 1).current == Move::NONE;
        if features.null_move
            && (cut_node || NMP_ALL_NODES.get() > 0)
            && !prev_null
            && depth >= NMP_MIN_DEPTH.get()
            && eval_v >= beta
            && static_eval >= beta - NMP_EVAL_PER_PLY.get() * depth + NMP_EVAL_BASE.get()
            && ply >= self.nmp_min_ply
            && self.has_mobile_material()
        {
            let r = NMP_BASE_R.get()
                + depth / NMP_DEPTH_DIVISOR.get()
                + ((eval_v - beta) / NMP_EVAL_DIVISOR.get()).min(NMP_EVAL_R_MAX.get());
            self.stats.null_tries += 1;
            self.play_null(ply);
            let v = -self.search::<false>(-beta, -beta + 1, depth - r, !cut_node, ply + 1);
            self.pos.undo_null();
            if self.stopped {
                return Some(0);
            }
            if v >= beta {
                let v = if v >= MATE_IN_MAX_PLY { beta } else { v };
                if self.nmp_min_ply > 0 || depth < NMP_VERIFY_DEPTH.get() {
                    self.stats.null_cuts += 1;
                    return Some(v);
                }
                self.stats.null_verifications += 1;
                // Verification at high depth, with null moves off for a while.
                self.nmp_min_ply = ply
                    + (NMP_VERIFY_OFF_SHARE.get() * (depth - r) / NMP_VERIFY_OFF_SHARE.scale).max(0)
                        as usize;
                let w = self.search::<false>(beta - 1, beta, depth - r, false, ply);
                self.nmp_min_ply = 0;
                if w >= beta {
                    self.stats.null_cuts += 1;
                    return Some(v);
                }
            }
        }
        None
    }
}
