//! longjiang: an engine for 龙将棋 (10×10 chess with shogi drops).
//!
//! Layers, bottom up: [`geometry`] → [`rules`] → [`movegen`] → … → [`tools`]. A layer never
//! reaches up.

pub mod eval;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tools;
