//! The hard time limit kept by the clock: a timer thread sleeps until the budget's maximum and
//! then sets the stop flag, which every thread reads at every node. The main thread's look at
//! the clock every `CHECK_INTERVAL` nodes stays, but it comes only as often as nodes are
//! searched: a stretch of slow nodes (large hands, pruned moves that count no node) or a
//! thread short of CPU could run past the limit by tens of milliseconds before it looked
//! (notes/byoyomi.md, "Audit"). As that look does, the timer waits while pondering (after
//! `ponderhit` the time counts from it) and never stops a search before a root move has a
//! searched score: within depth 1 it stops after the root move under way, whose best scored
//! move is the answer (a depth 1 of millions of nodes once lost a shogi game on time).

use super::shared::Shared;
use std::sync::atomic::Ordering;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// How often the timer looks again while the search ponders (after `ponderhit` it sleeps
/// for what is left).
const PONDER_POLL: Duration = Duration::from_millis(5);
/// How often it looks again, past the limit, for a root move's score.
const SCORE_POLL: Duration = Duration::from_millis(1);

/// The timer of one search. Dropping it stops the search (sets the stop flag) and wakes the
/// timer thread so that it ends: the search's scope then need not wait for the deadline, also
/// when the main thread unwinds from a panic.
pub(crate) struct Timer<'scope> {
    shared: &'scope Shared,
    thread: Option<ScopedJoinHandle<'scope, ()>>,
}

/// Starts the timer of the search `shared` in `scope` when the search has a hard time limit
/// (no thread otherwise, or when none could be started: the nodes' look at the clock is still
/// there).
pub(crate) fn start<'scope>(
    scope: &'scope Scope<'scope, '_>,
    shared: &'scope Shared,
) -> Timer<'scope> {
    let thread = shared.budget.maximum.and_then(|max| {
        std::thread::Builder::new()
            .name("search-timer".into())
            .stack_size(64 << 10)
            .spawn_scoped(scope, move || run(shared, max))
            .ok()
    });
    Timer { shared, thread }
}

impl Drop for Timer<'_> {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
    }
}

/// The timer's life: sleep until `max` has passed on the search's clock, then stop the
/// search once a root move has a searched score; end as soon as the stop flag is set.
fn run(shared: &Shared, max: Duration) {
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let wait = if shared.pondering.load(Ordering::Relaxed) {
            PONDER_POLL
        } else {
            match max.checked_sub(shared.clock_elapsed()) {
                Some(left) if !left.is_zero() => left,
                _ if shared.root_scored() => {
                    shared.stop.store(true, Ordering::Relaxed);
                    return;
                }
                _ => SCORE_POLL,
            }
        };
        // A spurious or early wake-up only goes round the loop again.
        std::thread::park_timeout(wait);
    }
}
