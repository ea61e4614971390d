//! Time management: how long to think about one move.
//!
//! Two budgets come out of the limits: the *optimum* (where iterative deepening stops starting
//! new iterations; the search stretches or shrinks it when the best move is unstable or the
//! score falls) and the *maximum* (a hard stop: `timer` sets the stop flag then, and the main
//! thread looks at the clock every 1,024 nodes too). Both already leave the move overhead (the
//! time the GUI and the pipes lose per move; under a byoyomi at least [`reserve`]) unused, and the
//! maximum never takes more than a fixed share of the main time, so a sudden-death game with
//! increment cannot be lost on time.

use super::params::{
    TM_BEST_CHANGE_DECAY, TM_FALL_MAX, TM_FALL_MIN, TM_FALL_PER_CP, TM_INSTABILITY, TM_MAX_SCALE,
    TM_OPTIMUM_SHARE, TM_SCORE_AVERAGE, TM_STABLE_MIN, TM_STABLE_PIVOT, TM_STABLE_STEP,
};
use super::value::Value;
use super::{Clock, Limits};
use longjiang_core::rules::{Color, Move};
use std::time::Duration;

use super::params::{
    BYOYOMI_RESERVE, DEFAULT_MOVES_TO_GO, HARD_SHARE_OF_REST, INC_SHARE, LAST_MOVE_SHARE,
    MAX_OVER_OPTIMUM, MAX_SHARE_OF_TIME, MIN_THINK,
};

/// The time budget of one search; `None` means "no limit from time".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeBudget {
    /// Stop starting new iterations around here.
    pub optimum: Option<Duration>,
    /// Stop at once once this much time has passed.
    pub maximum: Option<Duration>,
    /// Time that cannot be saved for a later move (a fixed `movetime`; the byoyomi, which does
    /// not accumulate): the soft limit never stops the search before it (it is at most the
    /// maximum).
    pub floor: Option<Duration>,
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
            // With a fixed move time the whole time is meant to be used: a stable best move
            // does not shorten it.
            budget.optimum = budget.maximum;
            budget.floor = budget.maximum;
        }
        budget
    }
}

/// The time a move keeps in reserve: the move overhead, and under a byoyomi at least a tenth
/// of it up to `BYOYOMI_RESERVE`. Once the main time is spent a late answer loses the game at
/// once (no main time takes the overrun), and a stall of the machine does not shrink with the
/// byoyomi; YaneuraOu keeps 120 ms there (`NetworkDelay`). A tenth keeps at least 90 % of the
/// byoyomi used while the overhead is at most a tenth of it (notes/byoyomi.md).
pub fn reserve(overhead: Duration, byoyomi: Duration) -> Duration {
    overhead.max((byoyomi / 10).min(BYOYOMI_RESERVE))
}

fn from_clock(clock: &Clock, us: Color, overhead: Duration) -> TimeBudget {
    let time = clock.time[us.index()];
    let inc = clock.inc[us.index()];
    let byo = clock.byoyomi;
    let overhead = reserve(overhead, byo);
    let mtg = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO.get() as u32)
        .clamp(1, DEFAULT_MOVES_TO_GO.get() as u32);
    // What this move can use at all without flagging: the main time plus this move's byoyomi,
    // less the overhead. Of the main time a move takes at most a fixed share, and at most half
    // of what is left after the overhead: a machine under load can stall a thread for tens of
    // milliseconds, and the increment then rebuilds a reserve instead of living on the edge.
    // The last move before the control may use nearly everything.
    let usable = (time + byo).saturating_sub(overhead);
    let hard = if mtg == 1 {
        (LAST_MOVE_SHARE.share_of(time) + byo).min(usable)
    } else {
        (MAX_SHARE_OF_TIME.share_of(time) + byo)
            .min(HARD_SHARE_OF_REST.share_of(time.saturating_sub(overhead)) + byo)
            .min(usable)
    }
    .max(MIN_THINK);
    let optimum = (time / mtg + INC_SHARE.share_of(inc) + byo).min(hard);
    let maximum = (optimum * MAX_OVER_OPTIMUM.get() as u32).min(hard);
    // The byoyomi is lost when unused, so a move takes at least it (less the reserve), as
    // shogi engines do; with the main time spent that is the whole of what it may use.
    let floor = (byo > Duration::ZERO).then(|| byo.saturating_sub(overhead).min(maximum));
    TimeBudget {
        optimum: Some(optimum.max(MIN_THINK)),
        maximum: Some(maximum.max(MIN_THINK)),
        floor,
    }
}

/// What the iterations of one search say about how long it should go on: the best move's
/// changes (recent ones weigh more), how many iterations it has stayed the same, and the score
/// against the average of the iterations before. The main thread feeds it each completed
/// iteration and stops starting new ones once the optimum, scaled by `scale`, has passed.
#[derive(Clone, Copy, Debug)]
pub struct Stability {
    best: Move,
    /// Changes of the best move, decaying by `TM_BEST_CHANGE_DECAY` per iteration.
    changes: f64,
    /// Iterations since the best move last changed.
    stable: u32,
    /// The latest iteration's score.
    score: Value,
    /// The average score of the iterations before the latest (`None` before the second).
    average: Option<f64>,
}

impl Default for Stability {
    fn default() -> Self {
        Stability {
            best: Move::NONE,
            changes: 0.0,
            stable: 0,
            score: 0,
            average: None,
        }
    }
}

impl Stability {
    /// Records a completed iteration: its best move and score.
    pub fn update(&mut self, best: Move, score: Value) {
        let first = self.best == Move::NONE;
        if !first && best != self.best {
            self.changes += 1.0;
            self.stable = 0;
        } else if !first {
            self.stable += 1;
        }
        self.changes *= TM_BEST_CHANGE_DECAY.fraction();
        self.best = best;
        if !first {
            let prev = self.score as f64;
            self.average = Some(self.average.map_or(prev, |a| {
                a * (1.0 - TM_SCORE_AVERAGE.fraction()) + prev * TM_SCORE_AVERAGE.fraction()
            }));
        }
        self.score = score;
    }

    /// The factor on the optimum: above 1 while the best move changes or the score falls,
    /// below 1 when the best move has stood for iterations and the score holds.
    pub fn scale(&self) -> f64 {
        let instability = 1.0 + TM_INSTABILITY.fraction() * self.changes;
        let stability = (1.0
            + TM_STABLE_STEP.fraction() * (TM_STABLE_PIVOT.get() as f64 - self.stable as f64))
            .max(TM_STABLE_MIN.fraction());
        let falling = self.average.map_or(1.0, |a| {
            (1.0 + (a - self.score as f64) * TM_FALL_PER_CP.fraction())
                .clamp(TM_FALL_MIN.fraction(), TM_FALL_MAX.fraction())
        });
        (instability * stability * falling).min(TM_MAX_SCALE.fraction())
    }

    /// The time after which no new iteration starts, for the budget's `optimum`.
    pub fn soft_limit(&self, optimum: Duration) -> Duration {
        optimum.mul_f64(self.scale() * TM_OPTIMUM_SHARE.fraction())
    }

    /// [`Stability::soft_limit`] for `budget`, never before its `floor`.
    pub fn soft_limit_of(&self, budget: &TimeBudget) -> Option<Duration> {
        let soft = self.soft_limit(budget.optimum?);
        Some(budget.floor.map_or(soft, |f| soft.max(f)))
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
        // At 1 s the reserve is 100 ms, more than the 50 ms overhead: 90 % of it is used.
        let b = TimeBudget::new(&clock(0, 0, 1000, None), Color::White, ms(50));
        assert_eq!(b.maximum, Some(ms(900)));
        assert_eq!(b.optimum, Some(ms(900)));
        // A stable best move does not stop the search before the byoyomi is used.
        let mut s = Stability::default();
        (0..8).for_each(|_| s.update(mv(1), 30));
        assert!(s.soft_limit(ms(900)) < ms(900));
        assert_eq!(s.soft_limit_of(&b), Some(ms(900)));
        // With main time left the byoyomi is the least a move takes.
        let b = TimeBudget::new(&clock(10_000, 0, 1000, None), Color::White, ms(50));
        assert_eq!(b.floor, Some(ms(900)));
        assert!(s.soft_limit_of(&b).unwrap() >= ms(900));
        assert_eq!(
            TimeBudget::new(&clock(10_000, 0, 0, None), Color::White, ms(50)).floor,
            None
        );
    }

    /// The byoyomi's reserve: a tenth of it, at most 100 ms, at least the move overhead; none
    /// of it without a byoyomi.
    #[test]
    fn the_byoyomi_keeps_a_reserve_against_a_stall() {
        let max = |byo, overhead| {
            TimeBudget::new(&clock(0, 0, byo, None), Color::Black, ms(overhead)).maximum
        };
        assert_eq!(max(1000, 50), Some(ms(900)));
        assert_eq!(max(10_000, 50), Some(ms(9900)));
        assert_eq!(max(500, 50), Some(ms(450)));
        assert_eq!(max(300, 10), Some(ms(270)));
        assert_eq!(max(1000, 200), Some(ms(800)));
        assert_eq!(max(1000, 0), Some(ms(900)));
        assert_eq!(reserve(ms(50), Duration::ZERO), ms(50));
        assert_eq!(reserve(ms(0), Duration::ZERO), Duration::ZERO);
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
        assert_eq!(b.floor, Some(ms(250)));
        let mut s = Stability::default();
        (0..8).for_each(|_| s.update(mv(1), 30));
        assert_eq!(s.soft_limit_of(&b), Some(ms(250)));
        let l = Limits {
            infinite: true,
            ..clock(1000, 0, 0, None)
        };
        assert_eq!(
            TimeBudget::new(&l, Color::Black, ms(50)),
            TimeBudget::default()
        );
    }

    fn mv(n: u8) -> Move {
        use longjiang_core::geometry::Square;
        Move::normal(
            Square::from_index_unchecked(n),
            Square::from_index_unchecked(n + 10),
        )
    }

    #[test]
    fn an_unstable_best_move_or_a_falling_score_gets_more_time() {
        let run = |moves: &[u8], scores: &[Value]| {
            let mut s = Stability::default();
            for (&m, &v) in moves.iter().zip(scores) {
                s.update(mv(m), v);
            }
            s.scale()
        };
        let flat = [30; 8];
        let stable = run(&[1; 8], &flat);
        let changed_once = run(&[1, 1, 1, 1, 1, 1, 1, 2], &flat);
        let changing = run(&[1, 2, 1, 2, 1, 2, 3, 4], &flat);
        assert!(stable < 1.0, "{stable}");
        assert!(
            changed_once > stable && changing > changed_once,
            "{changed_once} {changing}"
        );
        let falling = run(&[1; 8], &[30, 30, 30, 30, 30, 20, 0, -40]);
        let rising = run(&[1; 8], &[30, 30, 30, 30, 30, 40, 60, 100]);
        assert!(falling > stable && rising < stable, "{falling} {rising}");
        assert!(changing <= TM_MAX_SCALE.fraction());
        let opt = ms(1000);
        let s = Stability::default();
        assert_eq!(
            s.soft_limit(opt),
            opt.mul_f64(s.scale() * TM_OPTIMUM_SHARE.fraction())
        );
    }

    #[test]
    fn the_time_parameters_are_read_at_run_time() {
        use crate::search::params::{HARD_SHARE_OF_REST, TM_STABLE_PIVOT, Values, install};
        let with = |p, v| {
            let mut values = Values::DEFAULT;
            values.set(p, v).unwrap();
            values
        };
        // 1 s + 2 s: half of what is left after the overhead bounds the move, at 90 % the
        // share of the main time does.
        let max = |values: &Values| {
            let _installed = install(values);
            TimeBudget::new(&clock(1000, 2000, 0, None), Color::Black, ms(50)).maximum
        };
        assert_eq!(max(&Values::DEFAULT), Some(ms(475)));
        assert_eq!(max(&with(&HARD_SHARE_OF_REST, 90)), Some(ms(600)));
        // A best move standing for 7 iterations: past the pivot of 2 it gets the least time.
        let scale = |values: &Values| {
            let _installed = install(values);
            let mut s = Stability::default();
            (0..8).for_each(|_| s.update(mv(1), 30));
            s.scale()
        };
        assert!(scale(&with(&TM_STABLE_PIVOT, 6)) > scale(&Values::DEFAULT));
    }
}
