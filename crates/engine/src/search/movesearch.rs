//! Searching one move of a node: pruning at shallow depth, the check extension, late-move
//! reductions, the null-window search and the PV re-search (Stockfish's steps 13 to 18). The
//! moves loop of `alphabeta` and the threads working at a split point (`split`) both search
//! their moves through it, so that a move is searched the same way whoever searches it.

use super::history::stat_bonus;
use super::node::{MoveOutcome, NodeInfo, NodeMove};
use super::params::*;
use super::picker::is_tactical;
use super::pressure::{check_mates, mate_threat, presses_king};
use super::reductions::{futility_move_count, reduction};
use super::see::see_ge;
use super::thread::Worker;
use super::tt::TtBound;
use super::value::{self, MATE_IN_MAX_PLY, MATED_IN_MAX_PLY, Value};
use longjiang_core::rules::Move;

impl Worker<'_> {
    /// Searches move `nm`, the `nm.number`-th of the node `n`, within (`alpha`, `beta`) where
    /// `best` is the node's best value so far: pruning at shallow depth, extension, late-move
    /// reduction, the null-window search and the PV re-search (steps 13 to 18). The moves loop
    /// and the threads that help at a split node (`split`) both search moves through it.
    pub(crate) fn search_move<const PV: bool>(
        &mut self,
        n: &NodeInfo,
        nm: NodeMove,
        alpha: Value,
        beta: Value,
        best: Value,
    ) -> MoveOutcome {
        let NodeInfo {
            depth,
            ply,
            root,
            cut_node,
            in_check,
            improving,
            static_eval,
            tt_pv,
            tt_capture,
            tt_move,
            tt_value,
            tt_depth,
            tt_bound,
            excluded,
            mobile,
            cont,
        } = *n;
        let features = self.features;
        let us = self.pos.side_to_move();
        let NodeMove {
            mv: m,
            number: move_count,
            gives_check,
        } = nm;
        let tactical = is_tactical(&self.pos, m);
        let mut new_depth = depth - 1;
        // A move that threatens mate in one is neither pruned nor reduced (the cheap modes:
        // reduced to no less than two plies), and its node is not cut by its evaluation: a
        // depth that covers the mate finds it (docs/mates.md).
        let threat = (features.mate_threats || MATE_THREAT_MODE.get() > 0)
            && !gives_check
            && depth >= MATE_THREAT_DEPTH.get()
            && mate_threat(&mut self.pos, m, depth, features.mate_threats);
        let keep_two = threat && !features.mate_threats && MATE_THREAT_REDUCE.get() > 0;

        // Step 13. Pruning at shallow depth.
        if !root && !threat && features.futility && mobile && best > MATED_IN_MAX_PLY {
            let lmr_depth = (new_depth - reduction(&self.lmr, depth, move_count, improving)).max(0);
            if !tactical && !gives_check {
                // Move count based pruning, except for drops that press the enemy king (the
                // picker hands them out after it too, with the checks; docs/mates.md).
                if move_count >= futility_move_count(improving, depth)
                    && !(m.is_drop() && presses_king(&self.pos, m))
                {
                    return MoveOutcome::PrunedWithLaterQuiets;
                }
                // Continuation history pruning (Stockfish's, ~20 Elo there).
                if lmr_depth < CONT_PRUNE_DEPTH.get()
                    && let Some(p) = self.moved_piece(m)
                    && self.data.hist.cont(cont[0], p, m.to().index()) < 0
                    && self.data.hist.cont(cont[1], p, m.to().index()) < 0
                {
                    return MoveOutcome::Pruned;
                }
                // Futility pruning: parent node.
                if !in_check
                    && lmr_depth < FUTILITY_DEPTH.get()
                    && static_eval + FUTILITY_BASE.get() + FUTILITY_PER_PLY.get() * lmr_depth
                        <= alpha
                {
                    return MoveOutcome::Pruned;
                }
                // Prune moves that lose material in the exchange on their square.
                if !see_ge(
                    &self.pos,
                    m,
                    -SEE_QUIET_MARGIN.get() * lmr_depth * lmr_depth,
                ) {
                    return MoveOutcome::Pruned;
                }
            } else if !(see_ge(&self.pos, m, -SEE_TACTICAL_MARGIN.get() * depth)
                || (gives_check && features.mate_threats && check_mates(&mut self.pos, m)))
            {
                // A check that mates is kept whatever its exchange (a pinned or
                // overloaded defender is what the exchange cannot see).
                return MoveOutcome::Pruned;
            }
        }

        // Step 14. Extensions.
        // Extensions stop at twice the root depth: in the drop game long series of checks
        // (which no drop may block) would otherwise grow the tree without end.
        let mut extension = 0;
        if ply < CHECK_EXT_ROOT_FACTOR.get() as usize * self.root_depth as usize {
            // Singular extension search: the table's move is searched deeper when every other
            // move fails low against a bound a little below its value; when another move
            // also beats beta the node is cut at once (multi-cut), and when the table's move
            // is not singular but its value beats beta, it is searched a ply shallower
            // (negative extension).
            if !root
                && features.singular
                && depth >= SE_DEPTH.get()
                && m == tt_move
                && excluded == Move::NONE
                && tt_value != value::NONE
                && tt_value.abs() < MATE_IN_MAX_PLY
                && matches!(tt_bound, TtBound::Lower | TtBound::Exact)
                && tt_depth >= depth - SE_TT_DEPTH_MARGIN.get()
            {
                let singular_beta = tt_value - SE_MARGIN.get() * depth;
                let singular_depth =
                    (depth - 1) * SE_SEARCH_DEPTH_SHARE.get() / SE_SEARCH_DEPTH_SHARE.scale;
                self.stats.singular_searches += 1;
                self.frame_mut(ply).excluded = m;
                let v = self.search::<false>(
                    singular_beta - 1,
                    singular_beta,
                    singular_depth,
                    cut_node,
                    ply,
                );
                self.frame_mut(ply).excluded = Move::NONE;
                if v < singular_beta {
                    extension = 1;
                    self.frame_mut(ply).singular_quiet = !tt_capture;
                    if !PV
                        && v < singular_beta - SE_DOUBLE_MARGIN.get()
                        && self.frame(ply as isize - 1).double_ext < SE_DOUBLE_MAX.get() as u8
                    {
                        extension = 2;
                    }
                    self.stats.ext_singular += (extension == 1) as u64;
                    self.stats.ext_double += (extension == 2) as u64;
                } else if !PV && singular_beta >= beta {
                    // Multi-cut: the node fails high without searching `m`.
                    self.stats.multicuts += 1;
                    return MoveOutcome::Searched(singular_beta);
                } else if tt_value >= beta || cut_node {
                    self.stats.ext_negative += 1;
                    extension = -1;
                }
            } else if features.check_extension
                && gives_check
                && depth >= CHECK_EXT_DEPTH.get()
                && (static_eval == value::NONE || static_eval.abs() >= CHECK_EXT_EVAL.get())
                && see_ge(&self.pos, m, CHECK_EXT_SEE.get())
            {
                // Checks that do not lose material.
                self.stats.ext_check += 1;
                extension = 1;
            }
        }
        new_depth += extension;
        let double_ext = self.frame(ply as isize - 1).double_ext + (extension == 2) as u8;
        self.frame_mut(ply).double_ext = double_ext;

        // Step 15. Make the move. At a PV node the child's line starts empty: a null-window
        // child leaves none, and a move that fails high without the PV re-search (at beta) must
        // not take over a line another child left there (it would not be legal behind `m`).
        self.play(m, ply, gives_check);
        self.frame_mut(ply).threat = threat;
        if PV {
            self.pv_len[ply + 1] = ply + 1;
        }

        // Step 16. Late moves reduction / extension.
        let mut v;
        let do_full;
        let mut did_lmr = false;
        if features.lmr
            && (!threat || keep_two)
            && depth >= LMR_MIN_DEPTH.get()
            && move_count
                > (LMR_FULL_MOVES.get() + LMR_ROOT_FULL_MOVES.get() * root as i32) as usize
            && (!tactical || cut_node || !tt_pv)
        {
            let mut r = reduction(&self.lmr, depth, move_count, improving);
            if tt_pv {
                r -= LMR_TT_PV.get();
            }
            if cut_node {
                r += LMR_CUT_NODE.get() + LMR_CUT_NODE_QUIET.get() * !tactical as i32;
            }
            if PV {
                r -= LMR_PV.get();
            } else if !(value::is_mate(alpha)
                || value::is_mate(beta)
                || (m.is_drop() && presses_king(&self.pos, m)))
            {
                // Not where a mate is at stake: a mate's length, a drop's mate (docs/mates.md).
                r += LMR_NON_PV.get();
            }
            let opp_moves = LMR_OPP_MOVES.get();
            if opp_moves > 0
                && ply > 0
                && self.frame(ply as isize - 1).move_count > opp_moves as usize
            {
                r -= 1;
            }
            if self.frame(ply as isize).singular_quiet {
                r -= LMR_SINGULAR_QUIET.get();
            }
            if tt_capture && !tactical {
                r += LMR_TT_CAPTURE.get();
            }
            if in_check {
                r -= LMR_IN_CHECK.get();
            }
            if !tactical {
                let piece = self.moved_piece_after(m);
                let mut h = self.data.hist.quiet(us, m)
                    + self.data.hist.cont(cont[0], piece, m.to().index())
                    + self.data.hist.cont(cont[1], piece, m.to().index())
                    - LMR_HISTORY_OFFSET.get();
                if LMR_CONT_4.get() > 0 {
                    h += self.data.hist.cont(cont[2], piece, m.to().index());
                }
                r -= h / LMR_HISTORY_DIVISOR.get();
            } else {
                r -= LMR_TACTICAL.get();
            }
            // A check keeps two plies: the evasions and a mate in one after them (docs/mates.md).
            let least = if (gives_check && features.mate_threats) || keep_two {
                2
            } else {
                1
            };
            // A move with a negative reduction among the first may go a ply deeper
            // (Stockfish's, not after a double extension).
            let deeper =
                (LMR_DEEPER.get() > 0 && r < -1 && move_count <= 5 && extension < 2) as i32;
            let d = (new_depth - r).clamp(least.min(new_depth).max(1), new_depth.max(1) + deeper);
            v = -self.search::<false>(-(alpha + 1), -alpha, d, true, ply + 1);
            do_full = v > alpha && d < new_depth;
            did_lmr = !tactical;
            self.stats.lmr_reduced += (d < new_depth) as u64;
            self.stats.lmr_researches += do_full as u64;
        } else {
            v = 0;
            do_full = !PV || move_count > 1;
        }

        // Step 17. Full depth search when LMR is skipped or fails high.
        if do_full {
            v = -self.search::<false>(-(alpha + 1), -alpha, new_depth, !cut_node, ply + 1);
            // A reduced quiet move's re-search updates its continuation histories (Stockfish's).
            if did_lmr && LMR_CONT_UPDATE.get() > 0 && !self.stopped {
                let bonus = stat_bonus(new_depth);
                let bonus = if v > alpha { bonus } else { -bonus };
                let piece = self.moved_piece_after(m);
                for &b in &cont {
                    self.data.hist.update_cont(b, piece, m.to().index(), bonus);
                }
            }
        }
        if PV && (move_count == 1 || (v > alpha && (root || v < beta))) {
            v = -self.search::<true>(-beta, -alpha, new_depth, false, ply + 1);
        }

        // Step 18. Undo move.
        self.pos.undo();
        MoveOutcome::Searched(v)
    }
}
