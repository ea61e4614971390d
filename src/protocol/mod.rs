//! The USI-style protocol (and its UCI dialect) on stdin/stdout.

pub mod board;
pub mod command;
pub mod options;

/// Which dialect the session speaks: set by the handshake (`usi` or `uci`), USI by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// USI: `usiok`, `Variant`, mate scores in plies, drops written `P*e5`.
    Usi,
    /// UCI: `uciok`, `UCI_Variant`, mate scores in moves, drops written `P@e5`.
    Uci,
}
