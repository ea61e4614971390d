//! Engines and their games, for every tool that plays them (match, tune-search): [`engine_spec`]
//! (the `--engine` syntax), [`process`] (pipes and timed lines), [`dialect`] (USI/UCI
//! commands), [`connection`] (handshake, `go`, `bestmove`), [`lateness`] (what a time loss's
//! reason says of the engine's last `info`), [`timecontrol`] (time controls and clocks),
//! [`clock_use`] (how much of its clock each side used), [`arbiter`] (one game, judged by the
//! rules), [`move_comment`] (the PGN's per-move comments) and [`stats`] (W-D-L, Elo, LOS, SPRT).

pub mod arbiter;
pub mod clock_use;
pub mod connection;
pub mod dialect;
pub mod engine_spec;
pub mod lateness;
pub mod move_comment;
pub mod process;
pub mod stats;
pub mod timecontrol;
