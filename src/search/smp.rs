//! Lazy SMP: every thread runs the same iterative deepening on its own copy of the position,
//! sharing only the table (plus the stop flag and node budget); the threads drift apart by
//! themselves (timing, their own histories), and the table carries what one found to the
//! others. The main search thread starts the helpers, runs its own iterative deepening, waits
//! while pondering or searching without end, stops the helpers and picks the answer of the best
//! finished thread.
//!
//! Measured and not kept (bench depth 13, two threads; none made the median time to depth
//! shorter by more than the run-to-run spread, about ±10 %):
//! - skipping depths in the helpers (Stockfish 10's skip blocks; the helper on odd depths);
//! - Demolito's jobs: a thread works on the shallowest depth fewer than half the threads are
//!   on, and drops an iteration another thread has completed;
//! - simplified ABDADA (a thread puts off the moves another is searching): the two threads
//!   meet in the same node at the same time at under 1 % of the nodes of depth 3 and more,
//!   so there is almost nothing to put off;
//! - one set of history tables shared by all threads (atomic entries), alone and with the
//!   above;
//! - the helper taking the later moves of PV nodes in reverse order;
//! - all threads on one depth: when one completes it, the others drop theirs, take its root
//!   moves and start the next depth with it (alone, and with simplified ABDADA: the threads
//!   still met in the same node at under 1 % of the nodes of depth 3 and more);
//! - the root moves split among the threads: a shared board of the root moves of one depth and
//!   window; a thread claims the next free move, searching it with a null window at the best
//!   value proven so far (at the last iteration's score while the first move is unresolved, going
//!   back to moves that failed low against a guess the first move did not reach). It took 5–17 %
//!   longer than Lazy SMP to reach depth 13. A first version that took the moves' fail-low bounds
//!   for proven values measured 1.50× over one thread, but it was wrong (it let a bound cut off
//!   moves that might have been better), and the gain went with the fix.
//!
//! What these measurements show: two threads do 1.5–1.6 times the nodes of one to reach the
//! same depth, and per position the time ratio ranges from under 0.5 to over 4 (medians of
//! three runs of the variants above); a search of two threads reads the other's table entries
//! and takes other paths, so it grows or shrinks unpredictably. The best lead remains the
//! history term of the late-move reductions: without it the threads scale 1.59× (but one thread
//! needs 80 % more nodes).

use super::shared::{STACK_SIZE, Shared};
use super::thread::{RootMove, ThreadData, Worker};
use super::value::{self, INFINITE, Value};
use super::{Bound, Listener, SearchEvent, SearchInfo, SearchResult};
use crate::movegen;
use crate::rules::{Move, Position};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Runs a whole search on the calling thread (the main search thread): helpers, the main
/// iterative deepening, the wait for `stop`/`ponderhit`, the choice of the answer.
pub(crate) fn run(
    shared: &Shared,
    pos: Position,
    mut data: Vec<ThreadData>,
    listener: &Listener,
) -> (SearchResult, Vec<ThreadData>) {
    shared.tt.new_search();
    let legal = movegen::legal_moves(&pos);
    let root: Vec<RootMove> = legal
        .iter()
        .filter(|m| shared.limits.searchmoves.is_empty() || shared.limits.searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
        })
        .collect();
    if root.is_empty() {
        // No legal move (or none of the searchmoves is legal): say how it stands, then answer.
        let v = if legal.is_empty() && pos.in_check() {
            value::mated_in(0)
        } else if legal.is_empty() {
            match pos.rules().stalemate {
                crate::rules::StalemateRule::Draw => value::DRAW,
                crate::rules::StalemateRule::Loss => value::mated_in(0),
            }
        } else {
            value::DRAW
        };
        listener(&SearchEvent::Info(SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: value::to_score(v),
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: shared.tt.hashfull(),
            time: shared.elapsed(),
            pv: Vec::new(),
        }));
        wait_for_release(shared);
        listener(&SearchEvent::BestMove {
            best: None,
            ponder: None,
        });
        let result = SearchResult {
            best: None,
            ponder: None,
            score: value::to_score(v),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        return (result, data);
    }

    let (main_data, helper_data) = data.split_at_mut(1);
    let summaries: Vec<(i32, Value, Vec<Move>, u64)> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (i, d) in helper_data.iter_mut().enumerate() {
            let pos = pos.clone();
            let root = root.clone();
            let builder = std::thread::Builder::new()
                .name(format!("search-{}", i + 1))
                .stack_size(STACK_SIZE);
            let h = builder.spawn_scoped(scope, move || {
                let mut w = Worker::new(i + 1, shared, pos, d, root);
                w.iterate(listener);
                shared.thread_nodes[w.id].store(w.nodes, Ordering::Relaxed);
                summary(&w)
            });
            if let Ok(h) = h {
                handles.push(h);
            }
        }
        let mut w = Worker::new(0, shared, pos.clone(), &mut main_data[0], root.clone());
        w.iterate(listener);
        shared.thread_nodes[0].store(w.nodes, Ordering::Relaxed);
        // A ponder or infinite search does not answer before it is told to.
        wait_for_release(shared);
        shared.stop.store(true, Ordering::Relaxed);
        let mut all = vec![summary(&w)];
        for h in handles {
            if let Ok(s) = h.join() {
                all.push(s);
            }
        }
        all
    });

    // The best finished thread: deeper wins when its score is not worse; equal depth, the
    // higher score; a shorter mate always.
    // With a depth limit, a thread that reached it comes first.
    let target = shared.limits.depth.map(|d| d as i32);
    let reached = |d: i32| target.is_some_and(|t| d >= t);
    let mut best = 0;
    for (i, s) in summaries.iter().enumerate().skip(1) {
        let b = &summaries[best];
        if s.2.is_empty() {
            continue;
        }
        let better = if reached(s.0) != reached(b.0) {
            reached(s.0)
        } else if s.1 >= value::MATE_IN_MAX_PLY || b.1 >= value::MATE_IN_MAX_PLY {
            s.1 > b.1
        } else {
            (s.0 > b.0 && s.1 >= b.1) || (s.0 == b.0 && s.1 > b.1)
        };
        if better {
            best = i;
        }
    }
    let (depth, v, pv, _) = summaries[best].clone();
    let nodes: u64 = summaries.iter().map(|s| s.3).sum();
    if best != 0 && shared.multipv == 1 {
        // The main thread's last report was not this line: say where the answer comes from.
        let elapsed = shared.elapsed();
        listener(&SearchEvent::Info(SearchInfo {
            depth: depth.max(1) as u32,
            seldepth: depth.max(1) as u32,
            multipv: 1,
            score: value::to_score(v),
            bound: Bound::Exact,
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
            hashfull: shared.tt.hashfull(),
            time: elapsed,
            pv: pv.clone(),
        }));
    }
    let best_move = pv.first().copied();
    let ponder = pv.get(1).copied();
    listener(&SearchEvent::BestMove {
        best: best_move,
        ponder,
    });
    let result = SearchResult {
        best: best_move,
        ponder,
        score: value::to_score(v),
        depth: depth.max(0) as u32,
        nodes,
        pv,
    };
    (result, data)
}

/// A finished thread's answer: completed depth, score, PV, nodes.
fn summary(w: &Worker) -> (i32, Value, Vec<Move>, u64) {
    let rm = &w.root_moves[0];
    let v = if w.completed_depth > 0 {
        w.best_value
    } else if rm.score.max(rm.prev_score) > -INFINITE {
        rm.score.max(rm.prev_score)
    } else {
        // Stopped before any root move was searched (a tiny node budget): the static
        // evaluation is all there is.
        crate::eval::evaluate(&w.pos)
    };
    let pv = if rm.pv.is_empty() {
        vec![rm.mv]
    } else {
        rm.pv.clone()
    };
    (w.completed_depth, v, pv, w.nodes)
}

/// Blocks while the search must not answer yet: pondering, or an infinite search, until
/// `stop` (or `ponderhit`).
fn wait_for_release(shared: &Shared) {
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let pondering = shared.pondering.load(Ordering::Relaxed);
        if !pondering && !shared.limits.infinite {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
