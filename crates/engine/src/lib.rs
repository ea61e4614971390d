//! longjiang-engine: evaluation (classical and NNUE), search and the protocol layer (USI, UCI,
//! XBoard) of the longjiang engine, on top of the rules library [`longjiang_core`].
//!
//! Layers, bottom up: the core's modules (reached as `longjiang_core::…`) → [`eval`] →
//! [`search`] → [`protocol`]. A layer never reaches up.

pub mod eval;
pub mod protocol;
pub mod search;
