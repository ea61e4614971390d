//! longjiang-core: the rules of 龙将棋 (10×10 chess with shogi drops, with and without drops)
//! and of standard shogi, as a library.
//!
//! Layers, bottom up: [`geometry`] (squares, bitboards, attack tables) → [`rules`] (pieces,
//! moves, rule descriptions, positions, game end) → [`movegen`] (legal moves, perft) →
//! [`notation`] (SFEN, records, KIF, opening suites), beside them [`data`] (the training-data
//! files), and under them all [`rng`] (the one random generator). A layer never reaches up.
//! Nothing here prints; only perft's parallel split starts threads (rayon's pool).
//!
//! # Example
//!
//! Play a few moves of 龙将棋 from the start, list the legal replies and count the tree:
//!
//! ```
//! use longjiang_core::movegen::{legal_moves, perft};
//! use longjiang_core::rules::{Position, Variant};
//!
//! let rules = Variant::Longjiang.rules();
//! let mut pos = Position::start(rules);
//! for text in ["e2e4", "f9f7"] {
//!     let m = pos.parse_move(text).expect("a legal move");
//!     pos.play(m);
//! }
//! assert!(!legal_moves(&pos).is_empty());
//! assert_eq!(perft(&mut Position::start(rules), 1), 26);
//! assert!(pos.outcome().is_none());
//! ```
#![deny(missing_docs)]

pub mod data;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod rng;
pub mod rules;
