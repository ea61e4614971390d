//! The USI-style protocol (and its UCI dialect) on stdin/stdout: protocol.md describes every
//! command, option and output line.
//!
//! [`command`] reads a line into a command (pure text work), [`options`] knows the options,
//! [`session`] holds the state and drives the engine, [`output`] is the one serialized writer
//! and formats the search's reports, [`board`] draws the board and lists moves for people.

pub mod board;
pub mod book;
pub mod command;
mod facts;
pub mod help;
pub mod memory;
pub mod nets;
pub mod options;
pub mod output;
pub mod session;
pub mod shogi_board;
pub mod strength;
pub mod xboard;

pub use output::Output;
pub use session::Session;

use longjiang_core::rules::{Move, Position, Variant};
use std::io::{BufRead, Cursor, Read};

/// Runs the protocol until `quit` or end of input: the USI loop ([`session::run`]), or the
/// XBoard mode ([`xboard::run`]) when the first command is `xboard`.
pub fn run<R: BufRead>(input: R, out: Output) {
    run_game(input, out, Variant::DEFAULT);
}

/// [`run`] in game `game` from the start (`longjiang --variant`): USI plays it; UCI and
/// XBoard play it where they offer it, and otherwise start in the game they offer first
/// (protocol.md, "Command line").
pub fn run_game<R: BufRead>(mut input: R, out: Output, game: Variant) {
    let mut first = Vec::new();
    while first.iter().all(u8::is_ascii_whitespace) {
        first.clear();
        match input.read_until(b'\n', &mut first) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
    // A byte-order mark before the first command is not part of it.
    let command = first.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&first);
    if command.trim_ascii() == b"xboard" {
        xboard::run(input, out, game);
    } else {
        session::run(Cursor::new(first).chain(input), out, game);
    }
}

/// Calls `f` with each line of `input` (with its line end; bytes that are not UTF-8 become
/// U+FFFD, so that a garbled command is answered as unknown or malformed like any other) until
/// end of input, a read error, or `f` returns `false`. Both protocol loops read through it.
pub(crate) fn for_each_line<R: BufRead>(mut input: R, mut f: impl FnMut(String) -> bool) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !f(String::from_utf8_lossy(&buf).into_owned()) {
            break;
        }
    }
}

/// Which dialect the session speaks: set by the handshake (`usi` or `uci`), USI by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// USI: `usiok`, `Variant`, mate scores in plies, drops written `P*e5`.
    Usi,
    /// UCI: `uciok`, `UCI_Variant`, mate scores in moves, drops written `P@e5`.
    Uci,
}

impl Mode {
    /// The dialect's name in messages: `USI` or `UCI`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Usi => "USI",
            Mode::Uci => "UCI",
        }
    }

    /// The front end this dialect is, for the games it offers (`Presentation::served`).
    pub const fn front(self) -> longjiang_core::rules::Front {
        match self {
            Mode::Usi => longjiang_core::rules::Front::Usi,
            Mode::Uci => longjiang_core::rules::Front::Uci,
        }
    }
}

/// Reads a move in any accepted form: ASCII (`f2f4`, `e9e10+`, `P*e5`, `P@e5`, `f1i1`) or the
/// Chinese record notation (`六四`, `骑三三`, `戟帅`, …), and checks it is legal in `pos`.
pub fn any_move(pos: &Position, text: &str) -> Result<Move, String> {
    if text.is_ascii() {
        pos.parse_move(text).map_err(|e| e.to_string())
    } else {
        longjiang_core::notation::parse_move(pos, text).map_err(|e| e.to_string())
    }
}
