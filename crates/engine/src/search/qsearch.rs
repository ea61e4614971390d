//! Quiescence search: at the horizon only captures and promotions are searched, and at its
//! first ply, where `Features::qs_checks` is on (off by default), the quiet moves and drops
//! that give check (all evasions when in check: a side in check may not drop, so the evasions
//! are every legal move), so that the static evaluation is taken only in quiet positions.

use super::history::Histories;
use super::params::{
    QS_CHECKS_DEPTH, QS_EVASIONS, QS_FUTILITY_MARGIN, QS_FUTILITY_SEE, QS_MOVE_COUNT,
    QS_SEE_THRESHOLD,
};
use super::picker::{MovePicker, OrderHints, is_tactical};
use super::see::{gain, see_ge};
use super::thread::Worker;
use super::tt::TtBound;
use super::value::{self, INFINITE, MATED_IN_MAX_PLY, MAX_PLY, Value};
use longjiang_core::rules::Move;

impl Worker<'_> {
    /// Quiescence search at `ply`; `depth` is 0 at its first ply and falls by one per ply
    /// (quiet checks are searched down to `QS_CHECKS_DEPTH`).
    pub(crate) fn qsearch<const PV: bool>(
        &mut self,
        mut alpha: Value,
        beta: Value,
        depth: i32,
        ply: usize,
    ) -> Value {
        // Step 1. Initialize node.
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply + 1);
        }
        if self.enter_node() {
            return 0;
        }
        self.stats.qs_nodes += 1;
        let in_check = self.pos.in_check();

        // Step 2. Immediate draw (repetitions need a non-capture, so only after evasions)
        // and the ply limit.
        if in_check && let Some(v) = self.repetition_value(ply) {
            return v;
        }
        if ply >= MAX_PLY - 2 {
            return if in_check { 0 } else { self.evaluate(ply) };
        }

        // Step 3. Transposition table lookup.
        let checks = self.features.qs_checks && depth >= QS_CHECKS_DEPTH.get();
        let tt_depth = if in_check || checks { 0 } else { -1 };
        let key = self.pos.key();
        let tte = self.shared.tt.probe(key);
        let tt_value = tte.map_or(value::NONE, |t| value::from_tt(t.value, ply));
        let tt_move = tte.map_or(Move::NONE, |t| t.mv);
        let tt_pv = PV || tte.is_some_and(|t| t.pv);
        if !PV
            && let Some(t) = tte
            && tt_value != value::NONE
            && t.depth >= tt_depth
            && t.bound.cuts(tt_value, alpha, beta)
        {
            return tt_value;
        }

        // Step 4. Static evaluation of the position.
        let mut best;
        let static_eval;
        let futility_base;
        if in_check {
            static_eval = value::NONE;
            best = -INFINITE;
            futility_base = -INFINITE;
        } else {
            static_eval = match tte {
                Some(t) if t.eval != value::NONE => t.eval,
                _ => self.evaluate(ply),
            };
            best = static_eval;
            if tt_value != value::NONE
                && let Some(t) = tte
                && t.bound.refines(tt_value, best)
            {
                best = tt_value;
            }
            // Stand pat.
            if best >= beta {
                if tte.is_none() {
                    self.shared.tt.store(
                        key,
                        Move::NONE,
                        value::to_tt(best, ply),
                        static_eval,
                        super::tt::DEPTH_MIN,
                        TtBound::Lower,
                        false,
                    );
                }
                return best;
            }
            if PV && best > alpha {
                alpha = best;
            }
            futility_base = static_eval + QS_FUTILITY_MARGIN.get();
        }

        // Step 5. Loop through the tactical moves (or evasions) until a cut-off.
        let ctx = OrderHints {
            // Quiescence reads only the last two moves' continuation histories.
            cont: {
                let [one, two, _] = self.cont_blocks(ply);
                [one, two, Histories::NO_CONT]
            },
            cont_far: [Histories::NO_CONT; 2],
            killers: [Move::NONE; 2],
            counter: Move::NONE,
            ply,
        };
        let mut picker = MovePicker::new_qsearch(&self.pos, tt_move, ctx, checks);
        let mut best_move = Move::NONE;
        let mut move_count = 0;
        let mut quiet_evasions = 0;
        // Evasions are pruned only where the switch says (Stockfish's; a full hand
        // interposes everywhere), and only once one holds off the mate.
        let evasions = QS_EVASIONS.get();
        while let Some(m) = picker.next(&self.pos, &self.data.hist) {
            move_count += 1;
            // Whether `m` may give check: asked only where pruning needs it.
            let mut may_check = true;
            if best > MATED_IN_MAX_PLY && (!in_check || evasions > 0) {
                if in_check {
                    if !is_tactical(&self.pos, m) {
                        quiet_evasions += 1;
                        if quiet_evasions > evasions {
                            continue;
                        }
                    }
                } else {
                    let gives_check = picker.gives_check(&self.pos, m);
                    may_check = gives_check;
                    // Futility: even winning the captured piece cannot reach alpha.
                    if !gives_check && futility_base > -INFINITE {
                        // Only the first few captures (Stockfish's `moveCount > 2`).
                        let most = QS_MOVE_COUNT.get();
                        if most > 0 && move_count > most as usize {
                            continue;
                        }
                        let fv = futility_base + gain(&self.pos, m);
                        if fv <= alpha {
                            best = best.max(fv);
                            continue;
                        }
                        if futility_base <= alpha && !see_ge(&self.pos, m, QS_FUTILITY_SEE.get()) {
                            best = best.max(futility_base);
                            continue;
                        }
                    }
                }
                // Do not search moves that lose material.
                if !see_ge(&self.pos, m, QS_SEE_THRESHOLD.get()) {
                    continue;
                }
            }
            self.play(m, ply, may_check);
            let v = -self.qsearch::<PV>(-beta, -alpha, depth - 1, ply + 1);
            self.pos.undo();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if PV && v < beta {
                        alpha = v;
                    } else {
                        break;
                    }
                }
            }
        }

        // Step 6. Mate: in check with no legal move.
        if in_check && move_count == 0 {
            return value::mated_in(ply);
        }
        let bound = TtBound::of_result(best, beta, PV && best_move != Move::NONE);
        self.shared.tt.store(
            key,
            best_move,
            value::to_tt(best, ply),
            static_eval,
            tt_depth,
            bound,
            tt_pv,
        );
        best
    }
}
