//! Iterative deepening with aspiration windows and MultiPV, and the progress reports.

use super::mate_proof::MateProof;
use super::params;
use super::shared::REPORT_BOUNDS_AFTER;
use super::thread::Worker;
use super::time::Stability;
use super::value::{self, INFINITE, MAX_PLY, Value};
use super::{Bound, Listener, SearchEvent, SearchInfo};
use std::sync::atomic::Ordering;

/// The half-width of the first aspiration window around the previous iteration's score, for a
/// search with `threads` threads.
///
/// One thread 18 cp, more 60 cp: a failed search throws away the work shared out at split
/// points (`notes/threads.md`, "A wider aspiration window with more than one thread").
fn aspiration_delta(threads: usize) -> Value {
    if threads > 1 {
        params::ASPIRATION_DELTA_SMP.get()
    } else {
        params::ASPIRATION_DELTA.get()
    }
}

impl Worker<'_> {
    /// Iterative deepening: depth 1, 2, … until a limit or `stop` (the main thread; the
    /// helpers work at its split points).
    pub(crate) fn iterate(&mut self, listener: &Listener) {
        self.reporter = Some(listener.clone());
        let limits = &self.shared.limits;
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
            d.clamp(1, MAX_PLY as u32 - 8) as i32
        });
        let multipv = self.shared.multipv.min(self.root_moves.len());
        let mut stability = Stability::default();
        let mut mate_stable = 0;
        let mut proof = MateProof::default();
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = aspiration_delta(self.shared.threads());
                let (mut alpha, mut beta) =
                    if depth >= params::ASPIRATION_DEPTH.get() && prev.abs() < value::EVAL_LIMIT {
                        ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                    } else {
                        (-INFINITE, INFINITE)
                    };
                loop {
                    let v = self.search::<true>(alpha, beta, depth, false, 0);
                    self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                    if self.stopped {
                        break;
                    }
                    if v <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INFINITE);
                        if self.shared.elapsed() > REPORT_BOUNDS_AFTER {
                            self.report(listener, pv_idx, Bound::Upper);
                        }
                    } else if v >= beta {
                        beta = (v + delta).min(INFINITE);
                        if self.shared.elapsed() > REPORT_BOUNDS_AFTER {
                            self.report(listener, pv_idx, Bound::Lower);
                        }
                    } else {
                        break;
                    }
                    delta += delta / params::ASPIRATION_GROWTH_DIVISOR.get()
                        + params::ASPIRATION_GROWTH_ADD.get();
                }
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
                if self.stopped {
                    break;
                }
            }
            if !self.stopped {
                self.completed_depth = depth;
                self.best_value = self.root_moves[0].score;
                self.shared.thread_nodes[self.id].store(self.nodes, Ordering::Relaxed);
                self.nodes_to_depth.push(self.shared.nodes());
            }
            // Lines of an interrupted iteration are reported only if depth 1 never finished
            // (something must be said); otherwise the last complete ones stand.
            if !self.stopped || self.completed_depth == 0 {
                for i in 0..multipv {
                    self.report(listener, i, Bound::Exact);
                }
            }
            if self.stopped {
                break;
            }
            self.shared.thread_nodes[self.id].store(self.nodes, Ordering::Relaxed);
            // Mate found within the requested number of moves?
            if let Some(n) = self.shared.limits.mate {
                let v = self.root_moves[0].score;
                if v >= value::MATE_IN_MAX_PLY && value::MATE - v < 2 * n as i32 {
                    break;
                }
            }
            // A mate score that stands for 3 iterations past its distance in plies stops the
            // deepening (infinite and ponder searches then wait for `stop`) only once no
            // shorter mate exists: pruning and reductions may hide one, so the exhaustive
            // prover must show there is none, within a small budget; until it has, the
            // deepening goes on (`mate_proof`, docs/mates.md). A depth asked for is searched.
            let v = self.root_moves[0].score;
            let same = v.abs() >= value::MATE_IN_MAX_PLY && v == self.root_moves[0].prev_score;
            mate_stable = if same { mate_stable + 1 } else { 0 };
            if limits.depth.is_none()
                && mate_stable >= 3
                && depth > value::MATE - v.abs()
                && self.mate_is_shortest(v, &mut proof)
            {
                break;
            }
            // Soft time limit: stretched while the best move changes or the score falls,
            // shrunk while the best move stands (`time::Stability`), never below the time
            // that cannot be saved (a fixed movetime, the byoyomi: `TimeBudget::floor`).
            stability.update(self.root_moves[0].mv, self.root_moves[0].score);
            if let Some(target) = stability.soft_limit_of(&self.shared.budget)
                && !self.shared.pondering.load(Ordering::Relaxed)
                && self.shared.elapsed() >= target
            {
                break;
            }
        }
    }

    /// Reports line `i` of the root moves.
    fn report(&self, listener: &Listener, i: usize, bound: Bound) {
        let rm = &self.root_moves[i];
        let updated = rm.score != -INFINITE;
        let (score, depth) = if updated {
            (rm.score, self.root_depth)
        } else {
            (rm.prev_score, (self.root_depth - 1).max(1))
        };
        if score == -INFINITE {
            return;
        }
        let elapsed = self.shared.elapsed();
        let nodes = self.shared.nodes().max(self.nodes);
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64;
        listener(&SearchEvent::Info(SearchInfo {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score: value::to_score(score),
            bound,
            nodes,
            nps,
            hashfull: self.shared.tt.hashfull(),
            time: elapsed,
            pv: rm.pv.clone(),
        }));
    }
}
