//! Tools behind the subcommands of the `longjiang` binary.

pub mod bench;
pub mod perft;
pub mod record;
