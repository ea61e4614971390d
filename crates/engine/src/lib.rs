//! longjiang-engine: evaluation (classical and NNUE), search and the protocol layer (USI, UCI,
//! XBoard) of the longjiang engine, on top of the rules library [`longjiang_core`].
//!
//! Layers, bottom up: the core's modules (re-exported here, so `crate::rules::…` reads the
//! same in every crate) → [`eval`] → [`search`] → [`protocol`]. A layer never reaches up.

pub use longjiang_core::{data, geometry, movegen, notation, rules};

pub mod eval;
pub mod protocol;
pub mod search;
