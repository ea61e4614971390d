//! The hard time limit is kept by the clock, not by a count of nodes: a main search thread
//! whose nodes are slow (here its listener sleeps at every root move) still stops within about
//! one of them of its deadline (notes/byoyomi.md, "Audit"), also within depth 1 once a root
//! move has a score.

use longjiang_core::rules::{Position, Variant};
use longjiang_engine::search::engine::{Engine, listener};
use longjiang_engine::search::{Limits, SearchEvent};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How long each slow root move takes (the listener's sleep).
const SLOW: Duration = Duration::from_millis(60);

/// A `go movetime 100` with no move overhead whose root moves from depth `from` on take
/// `SLOW` each: the root moves it began from depth `from` on, the wall time to its answer,
/// and its answer's depth.
fn slow_search(threads: usize, from: u32) -> (u32, Duration, u32) {
    let mut e = Engine::new();
    e.set_threads(threads);
    e.set_move_overhead(Duration::ZERO);
    e.set_position(Position::start(Variant::Longjiang.rules()));
    let begun = Arc::new(AtomicU32::new(0));
    let count = Arc::clone(&begun);
    let slow = listener(move |ev: &SearchEvent| {
        if let SearchEvent::RootMove { depth, .. } = ev
            && *depth >= from
        {
            count.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(SLOW);
        }
    });
    let t = Instant::now();
    let r = e.search_with(
        Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        },
        slow,
    );
    assert!(r.best.is_some());
    (begun.load(Ordering::Relaxed), t.elapsed(), r.depth)
}

/// Counted in nodes, the first look at the clock after the deadline came only once 1,024
/// nodes had been searched: several slow root moves (hundreds of milliseconds) past it. Kept
/// by the clock, the search stops in the root move under way at the deadline: the second or
/// third of depth 2 (60 ms each from about 1 ms on).
#[test]
fn slow_nodes_do_not_delay_the_hard_limit() {
    for threads in [1, 2] {
        let (begun, took, _) = slow_search(threads, 2);
        assert!(
            begun <= 3,
            "{threads} threads: {begun} slow root moves begun, answer after {took:?}"
        );
    }
}

/// A depth 1 slower than the whole time (in shogi, a depth 1 of 1.9 M nodes lost a game on
/// time at byoyomi 200 ms): the limit stops it after the root move under way once one has a
/// score, and that move is the answer. Waiting for depth 1 began all 26 root moves (1.6 s).
#[test]
fn a_slow_depth_one_stops_at_the_hard_limit_once_a_root_move_has_a_score() {
    for threads in [1, 2] {
        let (begun, took, depth) = slow_search(threads, 1);
        assert!(
            (2..=3).contains(&begun),
            "{threads} threads: {begun} slow root moves begun, answer after {took:?}"
        );
        assert_eq!(depth, 0, "{threads} threads: depth 1 was not cut");
    }
}
