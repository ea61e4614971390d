//! Step 11 of a node of the alpha-beta search, ProbCut (Stockfish 14's `search.cpp`): at a
//! non-PV node far enough from the horizon, a capture whose exchange already wins enough and
//! that holds a raised bound in a search four plies shallower is taken as proof that the full
//! search would fail high too. Off by default (`PROBCUT`).

use super::alphabeta::Probe;
use super::params::{PROBCUT, PROBCUT_DEPTH, PROBCUT_IMPROVING, PROBCUT_MARGIN};
use super::picker::{MovePicker, OrderHints};
use super::see::see_ge;
use super::thread::Worker;
use super::tt::TtBound;
use super::value::{self, MATE_IN_MAX_PLY, Value};
use longjiang_core::rules::Move;

impl Worker<'_> {
    /// The value that cuts the node by ProbCut, if a capture proves one; `None` to go on to
    /// the moves loop. Asked at non-PV nodes out of check with no excluded move.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn probcut(
        &mut self,
        beta: Value,
        depth: i32,
        cut_node: bool,
        ply: usize,
        static_eval: Value,
        improving: bool,
        tt: &Probe,
    ) -> Option<Value> {
        if PROBCUT.get() == 0 || depth < PROBCUT_DEPTH.get() || beta.abs() >= MATE_IN_MAX_PLY {
            return None;
        }
        let bound = beta + PROBCUT_MARGIN.get() - PROBCUT_IMPROVING.get() * improving as i32;
        // The table already knows, from nearly as deep, that the node does not reach it.
        let known = tt.value != value::NONE && tt.entry.is_some_and(|t| t.depth >= depth - 3);
        if known && tt.value < bound {
            return None;
        }
        let ctx = OrderHints {
            cont: self.cont_blocks(ply),
            cont_far: [super::history::Histories::NO_CONT; 2],
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            ply,
        };
        let mut picker = MovePicker::new_qsearch(&self.pos, tt.mv, ctx, false);
        let most = 2 + 2 * cut_node as usize;
        let mut tried = 0;
        while tried < most
            && let Some(m) = picker.next(&self.pos, &self.data.hist)
        {
            // Only a capture whose exchange alone gets from the static evaluation to the bound.
            if !see_ge(&self.pos, m, bound - static_eval) {
                continue;
            }
            tried += 1;
            self.stats.probcut_tries += 1;
            self.play(m, ply, true);
            // A quiescence search first; where it holds, the reduced search decides.
            let mut v = -self.qsearch::<false>(-bound, -bound + 1, 0, ply + 1);
            if v >= bound {
                v = -self.search::<false>(-bound, -bound + 1, depth - 4, !cut_node, ply + 1);
            }
            self.pos.undo();
            if self.stopped {
                return Some(0);
            }
            if v >= bound {
                self.stats.probcut_cuts += 1;
                if !known {
                    let stored = value::to_tt(v, ply);
                    self.shared.tt.store(
                        tt.key,
                        m,
                        stored,
                        static_eval,
                        depth - 3,
                        TtBound::Lower,
                        tt.pv,
                    );
                }
                return Some(v);
            }
        }
        None
    }
}
