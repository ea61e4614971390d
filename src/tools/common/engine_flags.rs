//! How the arbiter of match and tune-search waits for engines: `--time-margin`,
//! `--hang-timeout` ([`EngineTimingArgs`]), and the `--concurrency` check.

use clap::Args;
use std::time::Duration;

/// `--time-margin`, `--hang-timeout` (match and tune-search).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct EngineTimingArgs {
    /// Milliseconds a bestmove may come after the side's time has run out (pipe latency).
    #[arg(long, default_value_t = 50)]
    pub time_margin: u64,
    /// Seconds to wait for an answer when there is no time limit (nodes/depth, handshakes).
    #[arg(long, default_value_t = 60.0)]
    pub hang_timeout: f64,
}

impl EngineTimingArgs {
    /// Allowance beyond the time limit before a flag falls.
    pub fn margin(&self) -> Duration {
        Duration::from_millis(self.time_margin)
    }

    /// The checked `--hang-timeout`.
    pub fn hang_timeout(&self) -> Result<Duration, String> {
        let t = self.hang_timeout;
        if !(t.is_finite() && t > 0.0 && t <= 86_400.0) {
            return Err("--hang-timeout must be above 0 and at most 86400 seconds".into());
        }
        Ok(Duration::from_secs_f64(t))
    }

    /// The flags as command-line arguments (for a run's saved settings).
    pub fn push_argv(&self, push: &mut impl FnMut(&str, String)) {
        push("time-margin", self.time_margin.to_string());
        push("hang-timeout", self.hang_timeout.to_string());
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
            time_margin: 50,
            hang_timeout: 60.0,
        };
        assert_eq!(t.hang_timeout(), Ok(Duration::from_secs(60)));
        for bad in [0.0, -1.0, f64::NAN, 86_401.0] {
            t.hang_timeout = bad;
            assert!(t.hang_timeout().is_err(), "{bad}");
        }
        assert_eq!(concurrency(None), Ok(1));
        assert!(concurrency(Some(0)).is_err() && concurrency(Some(257)).is_err());
    }
}
