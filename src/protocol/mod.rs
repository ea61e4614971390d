//! The USI-style protocol (and its UCI dialect) on stdin/stdout: protocol.md describes every
//! command, option and output line.
//!
//! [`command`] reads a line into a command (pure text work), [`options`] knows the options,
//! [`session`] holds the state and drives the engine, [`output`] is the one serialized writer
//! and formats the search's reports, [`board`] draws the board and lists moves for people.

pub mod board;
pub mod command;
pub mod memory;
pub mod options;
pub mod output;
pub mod session;

pub use output::Output;
pub use session::{Session, run};

use crate::rules::{Move, Position};

/// Which dialect the session speaks: set by the handshake (`usi` or `uci`), USI by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// USI: `usiok`, `Variant`, mate scores in plies, drops written `P*e5`.
    Usi,
    /// UCI: `uciok`, `UCI_Variant`, mate scores in moves, drops written `P@e5`.
    Uci,
}

/// Reads a move in any accepted form: ASCII (`f2f4`, `e9e10+`, `P*e5`, `P@e5`, `f1i1`) or the
/// Chinese record notation (`六四`, `骑三三`, `戟帅`, …), and checks it is legal in `pos`.
pub fn any_move(pos: &Position, text: &str) -> Result<Move, String> {
    if text.is_ascii() {
        pos.parse_move(text).map_err(|e| e.to_string())
    } else {
        crate::notation::parse_move(pos, text).map_err(|e| e.to_string())
    }
}
