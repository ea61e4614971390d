//! XBoard's time controls (`level MPS BASE INC`, `st SECONDS`, `sd DEPTH`, the `time` and
//! `otim` clocks in centiseconds) turned into the search's [`Limits`].

use crate::search::{Clock, Limits};
use longjiang_core::rules::Color;
use std::time::Duration;

/// The time control of the game and the clocks as XBoard last reported them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XboardTimeControl {
    /// Moves per session (`level`'s MPS; 0: the whole game is one session).
    pub moves_per_session: u32,
    /// Time per session.
    pub base: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// `st`: exactly this long per move (no clock).
    pub per_move: Option<Duration>,
    /// `sd`: search no deeper than this.
    pub depth: Option<u32>,
    /// The engine's clock (`time`).
    pub own: Option<Duration>,
    /// The opponent's clock (`otim`).
    pub opponent: Option<Duration>,
}

impl Default for XboardTimeControl {
    /// Five minutes for the game until XBoard says otherwise.
    fn default() -> XboardTimeControl {
        XboardTimeControl {
            moves_per_session: 0,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            per_move: None,
            depth: None,
            own: None,
            opponent: None,
        }
    }
}

/// Reads `MIN` or `MIN:SEC` (XBoard's base time; trailing characters after the number are
/// ignored, as the protocol asks).
fn parse_base(text: &str) -> Option<Duration> {
    let digits_end = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (min, rest) = text.split_at(digits_end(text));
    let minutes: u64 = min.parse().ok()?;
    let seconds: u64 = match rest.strip_prefix(':') {
        Some(sec) => sec[..digits_end(sec)].parse().ok()?,
        None => 0,
    };
    Some(Duration::from_secs(
        minutes.checked_mul(60)?.checked_add(seconds)?,
    ))
}

/// Reads a non-negative number of seconds, fractions allowed (`12`, `0.5`).
fn parse_seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| Duration::from_secs_f64(s))
}

/// Reads a clock reading in centiseconds; a negative reading (the flag fell) counts as 0.
pub fn parse_centiseconds(text: &str) -> Option<Duration> {
    let cs: i64 = text.parse().ok()?;
    Some(Duration::from_millis(
        cs.max(0).unsigned_abs().saturating_mul(10),
    ))
}

impl XboardTimeControl {
    /// `level MPS BASE INC`: a conventional (MPS > 0) or incremental control. Clears `st`.
    pub fn set_level(&mut self, args: &[&str]) -> Result<(), &'static str> {
        let [mps, base, inc] = args else {
            return Err("expected level MPS BASE INC");
        };
        let mps: u32 = mps.parse().map_err(|_| "MPS is not a number")?;
        let base = parse_base(base).ok_or("BASE is not MIN or MIN:SEC")?;
        let inc = parse_seconds(inc).ok_or("INC is not a number of seconds")?;
        self.moves_per_session = mps;
        self.base = base;
        self.inc = inc;
        self.per_move = None;
        Ok(())
    }

    /// `st SECONDS`: a fixed time per move.
    pub fn set_per_move(&mut self, arg: &str) -> Result<(), &'static str> {
        let t = parse_seconds(arg).ok_or("expected st SECONDS")?;
        self.per_move = Some(t);
        Ok(())
    }

    /// A new game: the clocks are full again and the depth limit is gone.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.own = None;
        self.opponent = None;
    }

    /// The limits of a search for `engine`, to move with `moves_made` moves of its own behind
    /// it in this game.
    pub fn limits(&self, engine: Color, moves_made: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
            return limits;
        }
        let mut clock = Clock {
            moves_to_go: (self.moves_per_session > 0)
                .then(|| self.moves_per_session - moves_made % self.moves_per_session),
            ..Clock::default()
        };
        clock.time[engine.index()] = self.own.unwrap_or(self.base);
        clock.time[(!engine).index()] = self.opponent.unwrap_or(self.base);
        clock.inc = [self.inc; 2];
        limits.clock = Some(clock);
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_clocks() {
        let mut tc = XboardTimeControl::default();
        tc.set_level(&["40", "5", "0"]).unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        tc.set_level(&["0", "0:30", "0.5"]).unwrap();
        assert_eq!(
            (tc.base, tc.inc),
            (Duration::from_secs(30), Duration::from_millis(500))
        );
        tc.set_level(&["40", "25+5", "0"]).unwrap();
        assert_eq!(tc.base, Duration::from_secs(25 * 60));
        for bad in [&["40", "5"][..], &["x", "5", "0"], &["40", "5", "-1"]] {
            assert!(tc.set_level(bad).is_err(), "{bad:?}");
        }
        tc.set_level(&["40", "1", "2"]).unwrap();
        tc.own = parse_centiseconds("1234");
        tc.opponent = parse_centiseconds("-50");
        let l = tc.limits(Color::White, 45);
        let clock = l.clock.unwrap();
        assert_eq!(
            clock.time[Color::White.index()],
            Duration::from_millis(12340)
        );
        assert_eq!(clock.time[Color::Black.index()], Duration::ZERO);
        assert_eq!(clock.inc, [Duration::from_secs(2); 2]);
        assert_eq!(clock.moves_to_go, Some(35));
        tc.set_per_move("3").unwrap();
        tc.depth = Some(6);
        let l = tc.limits(Color::Black, 0);
        assert_eq!(
            (l.movetime, l.clock, l.depth),
            (Some(Duration::from_secs(3)), None, Some(6))
        );
    }
}
