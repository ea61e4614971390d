//! longjiang: an engine for 龙将棋 (10×10 chess with shogi drops).
//!
//! This package holds the tools (match, datagen, tuning, training, the web board) and the one
//! binary; the rules live in `longjiang-core` and the engine in `longjiang-engine` (see
//! docs/README.md), reached by their own names (`longjiang_core::rules::…`,
//! `longjiang_engine::search::…`).
//!
//! Layers, bottom up: geometry → rules → movegen → notation (`longjiang_core`) → eval →
//! search → protocol (`longjiang_engine`) → [`tools`]. A layer never reaches up.

pub mod tools;
