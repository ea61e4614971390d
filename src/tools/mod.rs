//! Tools behind the subcommands of the `longjiang` binary.

pub mod perft;
pub mod record;
