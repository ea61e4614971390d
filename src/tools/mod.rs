//! Tools behind the subcommands of the `longjiang` binary.

pub mod bench_cmd;
pub mod common;
pub mod datagen;
pub mod engines;
pub mod matches;
pub mod perft_cmd;
pub mod record_cmd;
pub mod serve;
pub mod shard;
pub mod spsa;
pub mod train;
pub mod tune;

use std::io::Write;

/// Writes `text` to standard output. A closed output (`longjiang bench | head`) is an error
/// for the caller to report, not a panic as with `print!`.
pub(crate) fn say(text: impl std::fmt::Display) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    write!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}
