//! Running a search on all threads. The main search thread starts the helpers, runs the
//! iterative deepening (`iterate`), waits while pondering or searching without end, stops the
//! helpers and answers. The helpers have no iterative deepening of their own: they wait for
//! the split points the searching threads open and search the moves shared out there
//! (`split`, Young Brothers Wait). All threads share the table and the move-ordering
//! statistics.
//!
//! Split points replaced Lazy SMP (notes/threads.md, "Lazy SMP").

use super::params;
use super::shared::{STACK_SIZE, Shared};
use super::stats::SearchStats;
use super::thread::{RootMove, ThreadData, Worker};
use super::timer;
use super::value::{self, INFINITE, Value};
use super::{Bound, Listener, SearchEvent, SearchInfo, SearchResult};
use longjiang_core::movegen;
use longjiang_core::rules::{Move, Position};
use std::sync::Arc;
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
    let _installed = params::install(&shared.params);
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
                longjiang_core::rules::StalemateRule::Draw => value::DRAW,
                longjiang_core::rules::StalemateRule::Loss => value::mated_in(0),
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
            stats: SearchStats::default(),
        };
        return (result, data);
    }

    // The continuation blocks split by check and capture or not, as the search's parameter
    // says (`CONT_SPLIT`): a table of the other layout is replaced by an empty one.
    let split = params::CONT_SPLIT.get() > 0;
    if data[0].hist.is_split() != split {
        data[0].hist = Arc::new(super::history::Histories::with_split(split));
    }
    // The low-ply history starts afresh with each search (Stockfish's).
    if params::LOW_PLY_HISTORY.get() > 0 {
        data[0].hist.clear_low_ply();
    }
    // The helpers search parts of the main thread's tree: they learn into its histories, as
    // one thread searching the whole tree would.
    let hist = Arc::clone(&data[0].hist);
    for d in data.iter_mut().skip(1) {
        d.hist = Arc::clone(&hist);
    }
    let (main_data, helper_data) = data.split_at_mut(1);
    let result = std::thread::scope(|outer| {
        // The hard time limit, kept by the clock (`timer`). Its thread is joined only after
        // the answer, so that the answer never waits for it to be scheduled.
        let timer = timer::start(outer, shared);
        let ((depth, v, pv, seldepth), nodes, stats) = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for (i, d) in helper_data.iter_mut().enumerate() {
                let pos = pos.clone();
                let root = root.clone();
                let builder = std::thread::Builder::new()
                    .name(format!("search-{}", i + 1))
                    .stack_size(STACK_SIZE);
                let h = builder.spawn_scoped(scope, move || {
                    let _installed = params::install(&shared.params);
                    let mut w = Worker::new(i + 1, shared, pos, d, root);
                    w.help();
                    shared.thread_nodes[w.id].store(w.nodes, Ordering::Relaxed);
                    (w.nodes, w.counts())
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
            let mut nodes = w.nodes;
            let mut stats = SearchStats {
                counters: w.counts(),
                nodes_to_depth: std::mem::take(&mut w.nodes_to_depth),
            };
            for (n, c) in handles.into_iter().filter_map(|h| h.join().ok()) {
                nodes += n;
                stats.counters += c;
            }
            (answer(&w), nodes, stats)
        });
        let result = report(shared, listener, depth, v, pv, seldepth, nodes, stats);
        // Wakes the timer thread, which ends (the stop flag is set).
        drop(timer);
        result
    });
    (result, data)
}

/// Sends the last `info` (the figures as they stand at the end: a search stopped during an
/// iteration, or before its first, `go nodes 0`, would otherwise leave stale ones shown), the
/// statistics when asked for, and the answer; returns the search's result.
#[allow(clippy::too_many_arguments)]
fn report(
    shared: &Shared,
    listener: &Listener,
    depth: i32,
    v: Value,
    pv: Vec<Move>,
    seldepth: usize,
    nodes: u64,
    stats: SearchStats,
) -> SearchResult {
    let elapsed = shared.elapsed();
    listener(&SearchEvent::Info(SearchInfo {
        depth: depth.max(0) as u32,
        seldepth: seldepth.max(pv.len()).max(depth.max(0) as usize) as u32,
        multipv: 1,
        score: value::to_score(v),
        bound: Bound::Exact,
        nodes,
        nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
        hashfull: shared.tt.hashfull(),
        time: elapsed,
        pv: pv.clone(),
    }));
    let best_move = pv.first().copied();
    let ponder = pv.get(1).copied();
    if shared.report_stats {
        listener(&SearchEvent::Stats(Box::new(stats.clone())));
    }
    listener(&SearchEvent::BestMove {
        best: best_move,
        ponder,
    });
    SearchResult {
        best: best_move,
        ponder,
        score: value::to_score(v),
        depth: depth.max(0) as u32,
        nodes,
        pv,
        stats,
    }
}

/// The main thread's answer: completed depth, score, PV and the PV's selective depth.
fn answer(w: &Worker) -> (i32, Value, Vec<Move>, usize) {
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
    (w.completed_depth, v, pv, rm.seldepth)
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
