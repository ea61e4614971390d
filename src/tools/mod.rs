//! Tools behind the subcommands of the `longjiang` binary.

pub mod matches;
pub mod perft;
