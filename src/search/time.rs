//! Time management: how long to think about one move.
//!
//! Two budgets come out of the limits: the *optimum* (where iterative deepening stops starting
//! new iterations; the search stretches or shrinks it when the best move is unstable or the
//! score falls) and the *maximum* (a hard stop checked every few thousand nodes). Both already
//! leave the move overhead (the time the GUI and the pipes lose per move) unused, and the
//! maximum never takes more than a fixed share of the main time, so a sudden-death game with
//! increment cannot be lost on time.

use super::{Clock, Limits};
use crate::rules::Color;
use std::time::Duration;

pub use super::params::DEFAULT_MOVES_TO_GO;
use super::params::{INC_SHARE, MAX_OVER_OPTIMUM, MAX_SHARE_OF_TIME, MIN_THINK};

/// The time budget of one search; `None` means "no limit from time".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeBudget {
    /// Stop starting new iterations around here.
    pub optimum: Option<Duration>,
    /// Stop at once once this much time has passed.
    pub maximum: Option<Duration>,
}

impl TimeBudget {
    /// The budget for the side `us` under `limits`, keeping `overhead` in reserve.
    pub fn new(limits: &Limits, us: Color, overhead: Duration) -> TimeBudget {
        if limits.infinite {
            return TimeBudget::default();
        }
        let mut budget = TimeBudget::default();
        if let Some(clock) = &limits.clock {
            budget = from_clock(clock, us, overhead);
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(MIN_THINK);
            budget.optimum = Some(budget.optimum.map_or(t, |o| o.min(t)));
            budget.maximum = Some(budget.maximum.map_or(t, |m| m.min(t)));
            // With a fixed move time the whole time is meant to be used.
            budget.optimum = budget.maximum;
        }
        budget
    }
}

fn from_clock(clock: &Clock, us: Color, overhead: Duration) -> TimeBudget {
    let time = clock.time[us.index()];
    let inc = clock.inc[us.index()];
    let byo = clock.byoyomi;
    let mtg = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, DEFAULT_MOVES_TO_GO);
    // What this move can use at all without flagging: the main time plus this move's byoyomi,
    // less the overhead. Of the main time a move takes at most a fixed share, and at most half
    // of what is left after the overhead: a machine under load can stall a thread for tens of
    // milliseconds, and the increment then rebuilds a reserve instead of living on the edge.
    // The last move before the control may use nearly everything.
    let usable = (time + byo).saturating_sub(overhead);
    let hard = if mtg == 1 {
        (time * 9 / 10 + byo).min(usable)
    } else {
        (time * MAX_SHARE_OF_TIME.0 / MAX_SHARE_OF_TIME.1 + byo)
            .min(time.saturating_sub(overhead) / 2 + byo)
            .min(usable)
    }
    .max(MIN_THINK);
    let optimum = (time / mtg + inc * INC_SHARE.0 / INC_SHARE.1 + byo).min(hard);
    let maximum = (optimum * MAX_OVER_OPTIMUM).min(hard);
    TimeBudget {
        optimum: Some(optimum.max(MIN_THINK)),
        maximum: Some(maximum.max(MIN_THINK)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(time: u64, inc: u64, byo: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: [ms(time), ms(time)],
                inc: [ms(inc), ms(inc)],
                byoyomi: ms(byo),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn never_beyond_the_clock() {
        // 1 s + 0.1 s with 50 ms overhead, down to almost nothing left.
        for left in [1000u64, 500, 200, 120, 60, 40, 10, 0] {
            let b = TimeBudget::new(&clock(left, 100, 0, None), Color::Black, ms(50));
            let max = b.maximum.unwrap();
            assert!(
                max <= ms(left).saturating_sub(ms(50)).max(ms(1)),
                "{left}: {max:?}"
            );
            assert!(b.optimum.unwrap() <= max);
        }
    }

    #[test]
    fn byoyomi_is_used_when_the_main_time_is_gone() {
        let b = TimeBudget::new(&clock(0, 0, 1000, None), Color::White, ms(50));
        assert_eq!(b.maximum, Some(ms(950)));
        assert_eq!(b.optimum, Some(ms(950)));
    }

    #[test]
    fn moves_to_go_spreads_the_time() {
        let b = TimeBudget::new(&clock(60_000, 0, 0, Some(10)), Color::Black, ms(50));
        assert_eq!(b.optimum, Some(ms(6000)));
        let b = TimeBudget::new(&clock(60_000, 0, 0, Some(1)), Color::Black, ms(50));
        assert_eq!(b.maximum, Some(ms(54_000)));
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits {
            movetime: Some(ms(300)),
            ..Limits::default()
        };
        let b = TimeBudget::new(&l, Color::Black, ms(50));
        assert_eq!((b.optimum, b.maximum), (Some(ms(250)), Some(ms(250))));
        let l = Limits {
            infinite: true,
            ..clock(1000, 0, 0, None)
        };
        assert_eq!(
            TimeBudget::new(&l, Color::Black, ms(50)),
            TimeBudget::default()
        );
    }
}
