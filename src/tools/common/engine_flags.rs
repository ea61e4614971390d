//! How the arbiter of match and tune-search waits for engines: `--time-margin`,
//! `--hang-timeout` ([`EngineTimingArgs`]), and the `--concurrency` check.

use clap::Args;
use std::time::Duration;

/// `--time-margin`, `--hang-timeout` (match and tune-search).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct EngineTimingArgs {
    /// Milliseconds a bestmove may come after the side's time has run out (pipe latency;
    /// default 50).
    #[arg(long)]
    pub time_margin: Option<u64>,
    /// Seconds to wait for an answer when there is no time limit (nodes/depth, handshakes;
    /// default 60).
    #[arg(long)]
    pub hang_timeout: Option<f64>,
}

impl EngineTimingArgs {
    /// `--time-margin` in milliseconds (default 50).
    pub fn time_margin_ms(&self) -> u64 {
        self.time_margin.unwrap_or(50)
    }

    /// `--hang-timeout` in seconds as given (default 60), unchecked.
    pub fn hang_timeout_secs(&self) -> f64 {
        self.hang_timeout.unwrap_or(60.0)
    }

    /// Allowance beyond the time limit before a flag falls.
    pub fn margin(&self) -> Duration {
        Duration::from_millis(self.time_margin_ms())
    }

    /// The checked `--hang-timeout`.
    pub fn hang_timeout(&self) -> Result<Duration, String> {
        let t = self.hang_timeout_secs();
        if !(t.is_finite() && t > 0.0 && t <= 86_400.0) {
            return Err("--hang-timeout must be above 0 and at most 86400 seconds".into());
        }
        Ok(Duration::from_secs_f64(t))
    }

    /// The flags as command-line arguments (for a run's saved settings).
    pub fn push_argv(&self, push: &mut impl FnMut(&str, String)) {
        push("time-margin", self.time_margin_ms().to_string());
        push("hang-timeout", self.hang_timeout_secs().to_string());
    }
}

/// The checked `--concurrency` (default 1).
pub fn concurrency(arg: Option<usize>) -> Result<usize, String> {
    let n = arg.unwrap_or(1);
    if !(1..=256).contains(&n) {
        return Err("--concurrency must be between 1 and 256".into());
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_hang_timeout_and_concurrency() {
        let mut t = EngineTimingArgs {
            time_margin: None,
            hang_timeout: None,
        };
        assert_eq!(t.hang_timeout(), Ok(Duration::from_secs(60)));
        for bad in [0.0, -1.0, f64::NAN, 86_401.0] {
            t.hang_timeout = Some(bad);
            assert!(t.hang_timeout().is_err(), "{bad}");
        }
        assert_eq!(concurrency(None), Ok(1));
        assert!(concurrency(Some(0)).is_err() && concurrency(Some(257)).is_err());
    }
}
