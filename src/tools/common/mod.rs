//! What several tools share, so that a tool depends downward on these modules and never
//! sideways on another tool: the flag groups, each written once and flattened into every
//! tool that takes them ([`game`] with the default game, [`adjudication`], [`engine_flags`],
//! [`data_filter`]), the `--openings` loader ([`openings`]) and the `key=value,…` splitter
//! of `--engine` and `--openings` ([`items`]).

pub mod adjudication;
pub mod data_filter;
pub mod engine_flags;
pub mod game;
pub mod items;
pub mod openings;
