//! The hard time limit is kept by the clock, not by a count of nodes: a main search thread
//! whose nodes are slow (here its listener sleeps at every root move) still stops within about
//! one of them of its deadline (notes/byoyomi.md, "Audit").

use longjiang_core::rules::{Position, Variant};
use longjiang_engine::search::engine::{Engine, listener};
use longjiang_engine::search::{Limits, SearchEvent};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How long each root move of depth 2 and deeper takes (the listener's sleep).
const SLOW: Duration = Duration::from_millis(60);

/// A `go movetime 100` with no move overhead whose root moves from depth 2 on take `SLOW`
/// each: the root moves it began from depth 2 on, and the wall time to its answer.
fn slow_search(threads: usize) -> (u32, Duration) {
    let mut e = Engine::new();
    e.set_threads(threads);
    e.set_move_overhead(Duration::ZERO);
    e.set_position(Position::start(Variant::Longjiang.rules()));
    let begun = Arc::new(AtomicU32::new(0));
    let count = Arc::clone(&begun);
    let slow = listener(move |ev: &SearchEvent| {
        if let SearchEvent::RootMove { depth, .. } = ev
            && *depth >= 2
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
    (begun.load(Ordering::Relaxed), t.elapsed())
}

/// Counted in nodes, the first look at the clock after the deadline came only once 1,024
/// nodes had been searched: several slow root moves (hundreds of milliseconds) past it. Kept
/// by the clock, the search stops in the root move under way at the deadline: the second or
/// third of depth 2 (60 ms each from about 1 ms on).
#[test]
fn slow_nodes_do_not_delay_the_hard_limit() {
    for threads in [1, 2] {
        let (begun, took) = slow_search(threads);
        assert!(
            begun <= 3,
            "{threads} threads: {begun} slow root moves begun, answer after {took:?}"
        );
    }
}
