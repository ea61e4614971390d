//! What several tools share, so that a tool depends downward on these modules and never
//! sideways on another tool: the default game, the flag groups each written once and
//! flattened into every tool that takes them ([`adjudication`], [`engine_flags`],
//! [`data_filter`]), and the `--openings` loader ([`openings`]).

pub mod adjudication;
pub mod data_filter;
pub mod engine_flags;
pub mod openings;

/// The game a tool plays when `--variant` is not given.
pub const DEFAULT_VARIANT: &str = "longjiang";
