//! How much of its clock each side used: measured by the arbiter move by move, written into
//! each game's record as the tags `BlackClock` and `WhiteClock` (so a resumed or merged match
//! counts the games it did not play itself), and summed per engine for the summary. This is
//! the figure that tells an engine that hoards its time from one that plays close to its flag.
//!
//! Depends on: the core's game records (the runner, tally and summary use it).

use longjiang_core::notation::record::GameRecord;
use std::time::Duration;

/// The record tags holding the first and the second player's clock use.
pub const TAGS: [&str; 2] = ["BlackClock", "WhiteClock"];

/// One side's clock in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockUse {
    /// Moves it played (the opening's moves are not its own).
    pub moves: u32,
    /// Think time of those moves, as the runner measured it.
    pub used: Duration,
    /// Main time left on its clock when the game ended; `None` without a clock.
    pub left: Option<Duration>,
    /// The least main time it had left just after a move, before the increment was added;
    /// `None` without a clock.
    pub least: Option<Duration>,
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

fn parse_secs(s: &str) -> Option<Duration> {
    let x: f64 = s.parse().ok()?;
    (x.is_finite() && x >= 0.0).then(|| Duration::from_secs_f64(x))
}

impl ClockUse {
    /// Counts one move that took `used`; `before` is the main time the side had when the
    /// move started and `after` what its clock shows once the move is charged (both `None`
    /// without a clock).
    pub fn record(&mut self, used: Duration, before: Option<Duration>, after: Option<Duration>) {
        self.moves += 1;
        self.used += used;
        if let Some(b) = before {
            let tight = b.saturating_sub(used);
            self.least = Some(self.least.map_or(tight, |l| l.min(tight)));
        }
        if after.is_some() {
            self.left = after;
        }
    }

    /// The tag's value: `moves=61 used=34.512 left=2.310 least=1.203` (seconds; `left` and
    /// `least` only with a clock).
    pub fn tag_value(&self) -> String {
        let mut s = format!("moves={} used={}", self.moves, secs(self.used));
        if let Some(l) = self.left {
            s += &format!(" left={}", secs(l));
        }
        if let Some(l) = self.least {
            s += &format!(" least={}", secs(l));
        }
        s
    }

    /// Reads a tag value written by [`ClockUse::tag_value`]; `None` if it is not one.
    pub fn parse(value: &str) -> Option<ClockUse> {
        let mut c = ClockUse::default();
        let (mut moves, mut used) = (false, false);
        for item in value.split_whitespace() {
            let (k, v) = item.split_once('=')?;
            match k {
                "moves" => (c.moves, moves) = (v.parse().ok()?, true),
                "used" => (c.used, used) = (parse_secs(v)?, true),
                "left" => c.left = Some(parse_secs(v)?),
                "least" => c.least = Some(parse_secs(v)?),
                _ => return None,
            }
        }
        (moves && used).then_some(c)
    }
}

/// The two sides' clock use a record's tags hold (first player first); `None` for a side
/// whose tag is missing (a record of an older match) or unreadable.
pub fn of_record(record: &GameRecord) -> [Option<ClockUse>; 2] {
    TAGS.map(|t| record.tag(t).and_then(ClockUse::parse))
}

/// [`of_record`] of a record's text (a `games.txt` entry); nothing if it does not parse.
pub fn of_record_text(text: &str) -> [Option<ClockUse>; 2] {
    match GameRecord::parse_many(text) {
        Ok(records) if records.len() == 1 => of_record(&records[0]),
        _ => [None, None],
    }
}

/// One engine's clock use over the games counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockTotals {
    /// Games counted.
    pub games: u32,
    /// Moves played in them.
    pub moves: u64,
    /// Think time of those moves.
    pub used: Duration,
    /// Games that had a clock.
    pub clocked_games: u32,
    /// Time used in the games with a clock.
    pub clocked_used: Duration,
    /// Time granted in the games with a clock: what was used plus what was left at the end.
    pub granted: Duration,
    /// The least main time left after any move of any game.
    pub least: Option<Duration>,
}

impl ClockTotals {
    /// Adds one game's use.
    pub fn add(&mut self, c: &ClockUse) {
        self.games += 1;
        self.moves += u64::from(c.moves);
        self.used += c.used;
        if let Some(left) = c.left {
            self.clocked_games += 1;
            self.clocked_used += c.used;
            self.granted += c.used + left;
        }
        if let Some(l) = c.least {
            self.least = Some(self.least.map_or(l, |m| m.min(l)));
        }
    }

    /// Mean think time per move, in seconds.
    pub fn per_move(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.used.as_secs_f64() / self.moves as f64)
    }

    /// The share of the granted time (main time plus increments) that was used.
    pub fn share_used(&self) -> Option<f64> {
        (!self.granted.is_zero())
            .then(|| self.clocked_used.as_secs_f64() / self.granted.as_secs_f64())
    }

    /// One line for the summary: `0.231 s a move over 1234 moves, 71.2 % of its time, least
    /// left 0.412 s`; `None` unless a game had a clock (without one, think times are only
    /// noise, and the summary of node-limited games stays the same from run to run).
    pub fn text(&self) -> Option<String> {
        if self.clocked_games == 0 {
            return None;
        }
        let per_move = self.per_move()?;
        let mut s = format!("{per_move:.3} s a move over {} moves", self.moves);
        if let Some(share) = self.share_used() {
            s += &format!(", {:.1} % of its time", 100.0 * share);
        }
        if let Some(l) = self.least {
            s += &format!(", least left {:.3} s", l.as_secs_f64());
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_tag_reads_back_as_written() {
        let mut c = ClockUse::default();
        c.record(ms(1500), Some(ms(10_000)), Some(ms(8600)));
        c.record(ms(8000), Some(ms(8600)), Some(ms(700)));
        assert_eq!(c.tag_value(), "moves=2 used=9.500 left=0.700 least=0.600");
        assert_eq!(ClockUse::parse(&c.tag_value()), Some(c));
        let nodes_only = ClockUse {
            moves: 3,
            used: ms(42),
            ..Default::default()
        };
        assert_eq!(nodes_only.tag_value(), "moves=3 used=0.042");
        assert_eq!(ClockUse::parse("moves=3 used=0.042"), Some(nodes_only));
        for bad in [
            "",
            "moves=3",
            "moves=x used=1",
            "used=1 moves=2 odd=3",
            "moves=1 used=-1",
        ] {
            assert_eq!(ClockUse::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn totals_give_time_per_move_share_and_the_closest_call() {
        let mut t = ClockTotals::default();
        assert_eq!(t.text(), None);
        t.add(&ClockUse {
            moves: 30,
            used: ms(900),
            ..Default::default()
        });
        assert_eq!(t.text(), None, "node-limited games alone: no think line");
        t = ClockTotals::default();
        // 10 s + 0.1 s: 40 moves using 6 s and leaving 8 s (granted 14 s).
        t.add(&ClockUse {
            moves: 40,
            used: ms(6000),
            left: Some(ms(8000)),
            least: Some(ms(3000)),
        });
        t.add(&ClockUse {
            moves: 60,
            used: ms(10_000),
            left: Some(ms(6000)),
            least: Some(ms(250)),
        });
        assert_eq!(t.per_move(), Some(0.16));
        assert_eq!(t.share_used(), Some(16.0 / 30.0));
        assert_eq!(
            t.text().as_deref(),
            Some("0.160 s a move over 100 moves, 53.3 % of its time, least left 0.250 s")
        );
    }
}
