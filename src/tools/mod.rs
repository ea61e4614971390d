//! Tools behind the subcommands of the `longjiang` binary.

pub mod bench;
pub mod matches;
pub mod perft;
pub mod record;
