//! `longjiang bench [depth]`: runs the bench suite of [`crate::search::bench`] (fixed positions
//! from both games, fixed depth, one thread, table and histories cleared before each), prints
//! one line per position and the totals. With one thread the node count is deterministic: it is
//! the search's regression signature (a change that should not alter the search must not alter
//! it), and the nodes per second measure speed.

use crate::search::bench::{DEFAULT_DEPTH, run_bench_with};
use clap::Args;

/// Arguments of `longjiang bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Search threads (node counts are deterministic only with one).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Evaluate with the built-in nets (`true`) or classically (`false`); the default is the
    /// engine's (`UseNNUE`). Positions of a game without a net are evaluated classically.
    #[arg(long, default_value_t = crate::eval::nnue::USE_BY_DEFAULT, action = clap::ArgAction::Set)]
    pub nnue: bool,
}

/// Runs `longjiang bench` and prints its report.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 || args.depth > 60 {
        return Err(format!(
            "depth must be between 1 and 60, got {}",
            args.depth
        ));
    }
    if args.threads == 0 || args.threads > crate::search::engine::MAX_THREADS {
        return Err(format!(
            "--threads must be between 1 and {}",
            crate::search::engine::MAX_THREADS
        ));
    }
    if args.hash == 0 || args.hash > 1 << 16 {
        return Err(format!(
            "--hash must be between 1 and 65536 MiB, got {}",
            args.hash
        ));
    }
    // A position's line that cannot be written is reported with the last line.
    let (nodes, time) = run_bench_with(args.depth, args.threads, args.hash, args.nnue, |_, l| {
        let _ = super::say(format_args!("{l}\n"));
    })?;
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    super::say(format_args!("{nodes} nodes {nps} nps\n"))
}
