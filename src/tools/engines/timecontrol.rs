//! Time controls and the clocks the runner keeps for each side.
//!
//! `--tc` is a comma-separated list; at most one clock item plus limits:
//! - `BASE`, `BASE+INC`, `MOVES/BASE`, `MOVES/BASE+INC` (seconds, decimals allowed): sudden
//!   death, Fischer increment, MOVES moves per period (the clock gets BASE again after each);
//! - `byoyomi=S`: USI byoyomi (per-move time once the main time is gone; not with an increment);
//! - `st=S` (or `movetime=S`): fixed time per move;
//! - `nodes=N`, `depth=D`: fixed search size; may be combined with a clock (sent together).
//!
//! Examples: `10+0.1`, `40/60`, `30,byoyomi=5`, `byoyomi=1`, `st=0.5`, `nodes=5000`, `depth=6`.
//! The runner measures every think time itself; see `arbiter` for the flag rule and margin.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control, as the runner enforces it and the engines are told.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TimeControl {
    /// Main time per period (per game when `moves` is `None`).
    pub base: Option<Duration>,
    /// Added after each move.
    pub increment: Duration,
    /// Moves per period, if the clock is refilled (`40/60`).
    pub moves: Option<u32>,
    /// Per-move byoyomi once the main time is used up.
    pub byoyomi: Duration,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed node count per move.
    pub nodes: Option<u64>,
    /// Fixed depth per move.
    pub depth: Option<u32>,
}

/// One side's clock during a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameClock {
    /// Main time left.
    pub remaining: Duration,
    /// Moves left in the current period, when periods are used.
    pub moves_left: Option<u32>,
}

/// Why a `--tc` value cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TcError(pub String);

impl fmt::Display for TcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--tc: {}", self.0)
    }
}

impl std::error::Error for TcError {}

fn seconds(text: &str, what: &str) -> Result<Duration, TcError> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| TcError(format!("{what} '{text}' is not a number of seconds")))?;
    if !v.is_finite() || !(0.0..=1e7).contains(&v) {
        return Err(TcError(format!("{what} '{text}' is out of range")));
    }
    Ok(Duration::from_secs_f64(v))
}

fn count<T: FromStr>(text: &str, what: &str) -> Result<T, TcError> {
    text.trim()
        .parse()
        .map_err(|_| TcError(format!("{what} '{text}' is not a whole number")))
}

fn secs(d: Duration) -> String {
    format!("{}", d.as_secs_f64())
}

impl FromStr for TimeControl {
    type Err = TcError;

    fn from_str(text: &str) -> Result<TimeControl, TcError> {
        let mut tc = TimeControl::default();
        let mut clock_seen = false;
        for item in text.split(',').map(str::trim) {
            if item.is_empty() {
                return Err(TcError(format!("empty item in '{text}'")));
            }
            if let Some((key, value)) = item.split_once('=') {
                match key.trim() {
                    "byoyomi" | "byo" => tc.byoyomi = seconds(value, "byoyomi")?,
                    "st" | "movetime" => tc.movetime = Some(seconds(value, "movetime")?),
                    "nodes" => tc.nodes = Some(count(value, "nodes")?),
                    "depth" => tc.depth = Some(count(value, "depth")?),
                    other => {
                        return Err(TcError(format!(
                            "unknown item '{other}=' (expected byoyomi=, st=, nodes=, depth=)"
                        )));
                    }
                }
                continue;
            }
            if clock_seen {
                return Err(TcError(format!("two clocks in '{text}'")));
            }
            clock_seen = true;
            let (moves, rest) = match item.split_once('/') {
                Some((m, rest)) => (Some(count::<u32>(m, "moves per period")?), rest),
                None => (None, item),
            };
            let (base, inc) = match rest.split_once('+') {
                Some((b, i)) => (b, Some(i)),
                None => (rest, None),
            };
            tc.moves = moves;
            tc.base = Some(seconds(base, "base time")?);
            if let Some(i) = inc {
                tc.increment = seconds(i, "increment")?;
            }
        }
        tc.validate()?;
        Ok(tc)
    }
}

impl TimeControl {
    fn validate(&self) -> Result<(), TcError> {
        let err = |s: &str| Err(TcError(s.to_string()));
        if self.moves == Some(0) {
            return err("moves per period must be at least 1");
        }
        if self.movetime.is_some() && (self.base.is_some() || !self.byoyomi.is_zero()) {
            return err("st= (movetime) cannot be combined with a clock or byoyomi");
        }
        if !self.byoyomi.is_zero() && (!self.increment.is_zero() || self.moves.is_some()) {
            return err("byoyomi cannot be combined with an increment or moves per period");
        }
        if self.base.is_some_and(|b| b.is_zero()) && self.byoyomi.is_zero() {
            return err("a clock needs a base time above 0 (or byoyomi)");
        }
        if self.movetime.is_some_and(|t| t.is_zero()) {
            return err("st= must be above 0");
        }
        if self.nodes == Some(0) || self.depth == Some(0) {
            return err("nodes= and depth= must be at least 1");
        }
        if !self.has_clock()
            && self.movetime.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
        {
            return err("no limit at all (give a clock, st=, nodes= or depth=)");
        }
        Ok(())
    }

    /// Whether the runner keeps a clock (main time and/or byoyomi).
    pub fn has_clock(&self) -> bool {
        self.base.is_some() || !self.byoyomi.is_zero()
    }

    /// A fresh clock for one side.
    pub fn new_clock(&self) -> GameClock {
        GameClock {
            remaining: self.base.unwrap_or(Duration::ZERO),
            moves_left: self.moves,
        }
    }

    /// How long a move may take before its side loses on time (before any margin), or
    /// `None` when only nodes/depth limit the search.
    pub fn limit(&self, clock: &GameClock) -> Option<Duration> {
        if let Some(t) = self.movetime {
            return Some(t);
        }
        if self.has_clock() {
            return Some(clock.remaining + self.byoyomi);
        }
        None
    }

    /// Charges `used` to `clock` after a move made in time: main time first (never below
    /// zero; the rest is byoyomi), then the increment, then a new period if one is due.
    pub fn charge(&self, clock: &mut GameClock, used: Duration) {
        let Some(base) = self.base else {
            return;
        };
        clock.remaining = clock.remaining.saturating_sub(used) + self.increment;
        if let Some(left) = clock.moves_left.as_mut() {
            *left -= 1;
            if *left == 0 {
                clock.remaining += base;
                *left = self.moves.unwrap_or(1);
            }
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = Vec::new();
        if let Some(base) = self.base {
            let mut s = String::new();
            if let Some(m) = self.moves {
                s += &format!("{m}/");
            }
            s += &secs(base);
            if !self.increment.is_zero() {
                s += &format!("+{}", secs(self.increment));
            }
            items.push(s);
        }
        if !self.byoyomi.is_zero() {
            items.push(format!("byoyomi={}", secs(self.byoyomi)));
        }
        if let Some(t) = self.movetime {
            items.push(format!("st={}", secs(t)));
        }
        if let Some(n) = self.nodes {
            items.push(format!("nodes={n}"));
        }
        if let Some(d) = self.depth {
            items.push(format!("depth={d}"));
        }
        f.write_str(&items.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_and_prints() {
        for (text, canonical) in [
            ("10+0.1", "10+0.1"),
            ("60", "60"),
            ("40/60", "40/60"),
            ("40/60+0.5", "40/60+0.5"),
            ("30,byoyomi=5", "30,byoyomi=5"),
            ("byo=1", "byoyomi=1"),
            ("st=0.5", "st=0.5"),
            ("movetime=2", "st=2"),
            ("nodes=5000", "nodes=5000"),
            ("depth=6", "depth=6"),
            ("10+0.1,nodes=800", "10+0.1,nodes=800"),
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), canonical, "{text}");
            assert_eq!(tc.to_string().parse::<TimeControl>().unwrap(), tc);
        }
        for bad in [
            "",
            "x",
            "10+",
            "+1",
            "0",
            "-5",
            "nan",
            "10,20",
            "0/10",
            "st=1,10",
            "10+1,byoyomi=1",
            "nodes=0",
            "depth=x",
            "st=0",
            "frob=1",
            "10,,nodes=1",
            "1e9",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn increment_clock() {
        let tc: TimeControl = "1+0.1".parse().unwrap();
        let mut c = tc.new_clock();
        assert_eq!(tc.limit(&c), Some(ms(1000)));
        tc.charge(&mut c, ms(300));
        assert_eq!(c.remaining, ms(800));
        tc.charge(&mut c, ms(950));
        assert_eq!(
            c.remaining,
            ms(100),
            "overdraft within the margin leaves 0 + inc"
        );
    }

    #[test]
    fn byoyomi_clock() {
        let tc: TimeControl = "1,byoyomi=0.5".parse().unwrap();
        let mut c = tc.new_clock();
        tc.charge(&mut c, ms(1200));
        assert_eq!(c.remaining, ms(0));
        assert_eq!(tc.limit(&c), Some(ms(500)), "byoyomi is not cumulative");
        let only: TimeControl = "byoyomi=2".parse().unwrap();
        assert_eq!(only.limit(&only.new_clock()), Some(ms(2000)));
    }

    #[test]
    fn periods_refill() {
        let tc: TimeControl = "2/10".parse().unwrap();
        let mut c = tc.new_clock();
        tc.charge(&mut c, ms(3000));
        assert_eq!((c.remaining, c.moves_left), (ms(7000), Some(1)));
        tc.charge(&mut c, ms(2000));
        assert_eq!((c.remaining, c.moves_left), (ms(15000), Some(2)));
    }

    #[test]
    fn fixed_limits() {
        let st: TimeControl = "st=0.25".parse().unwrap();
        assert_eq!(st.limit(&st.new_clock()), Some(ms(250)));
        let nodes: TimeControl = "nodes=10".parse().unwrap();
        assert_eq!(nodes.limit(&nodes.new_clock()), None);
        assert!(!nodes.has_clock());
    }
}
