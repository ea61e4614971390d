//! longjiang: an engine for 龙将棋 (10×10 chess with shogi drops).
//!
//! This package holds the tools (match, datagen, tuning, training, the web board) and the one
//! binary; the rules live in `longjiang-core` and the engine in `longjiang-engine` (see
//! docs/README.md). Their modules are re-exported here, so `longjiang::rules::…` and
//! `crate::search::…` paths read as before.
//!
//! Layers, bottom up: [`geometry`] → [`rules`] → [`movegen`] → [`notation`] (core) →
//! [`eval`] → [`search`] → [`protocol`] (engine) → [`tools`]. A layer never reaches up.

pub use longjiang_core::{data, geometry, movegen, notation, rules};
pub use longjiang_engine::{eval, protocol, search};

pub mod tools;
