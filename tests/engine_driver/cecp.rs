//! The CECP side of the driver: a `longjiang` switched to XBoard mode and answered the
//! handshake, with `ping`/`pong` to know when an answer is complete, and a test's own copy of
//! the position that XBoard's moves are played on.

use super::{Driver, PROMPT};
use longjiang_core::notation::xboard_notation::{move_text_from_xboard, move_to_xboard};
use longjiang_core::rules::Position;

/// A `longjiang` in CECP mode, answered the handshake.
pub struct XBoard {
    /// The engine process.
    pub e: Driver,
    pings: u32,
}

impl XBoard {
    /// Starts the binary with no arguments and switches it to CECP with `xboard`.
    pub fn start() -> XBoard {
        let mut e = Driver::start();
        e.send("xboard");
        e.send("protover 2");
        e.until(PROMPT, |l| l == "feature done=1");
        XBoard::on(e)
    }

    /// An engine that a test has switched to CECP and read the handshake of itself.
    pub fn on(e: Driver) -> XBoard {
        XBoard { e, pings: 0 }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.e.send(line);
    }

    /// Sends `line`, then a `ping`, and returns what came before the `pong`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// Everything up to the answer to a fresh `ping`.
    pub fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        let mut lines = self.e.until(PROMPT, |l| l == pong);
        lines.pop();
        lines
    }

    /// Lines until the engine's next `move`, which is returned with the lines after it that
    /// came before a `ping`'s answer (a result line).
    pub fn engine_move(&mut self) -> (String, Vec<String>) {
        let lines = self.e.until(PROMPT * 3, |l| l.starts_with("move "));
        let mv = lines.last().unwrap()[5..].to_string();
        (mv, self.sync())
    }

    /// Every line read so far, for failure messages.
    pub fn log(&self) -> String {
        self.e.log()
    }

    /// `new`, `force`, then the game and the position.
    pub fn set_up(&mut self, variant: &str, fen: &str) {
        assert_eq!(self.ask("new"), Vec::<String>::new());
        assert_eq!(self.ask("force"), Vec::<String>::new());
        let lines = self.ask(&format!("variant {variant}"));
        assert!(lines[0].starts_with("setup "), "{lines:?}");
        assert_eq!(self.ask(&format!("setboard {fen}")), Vec::<String>::new());
    }

    /// Sends a move and returns the answer (nothing when it is accepted in force mode).
    pub fn usermove(&mut self, mv: &str) -> Vec<String> {
        self.ask(&format!("usermove {mv}"))
    }
}

/// Plays an XBoard move on a position kept by the test, checking it is legal there.
pub fn play(pos: &mut Position, xboard: &str) {
    let text = move_text_from_xboard(xboard).unwrap_or_else(|| panic!("not a move: {xboard}"));
    let m = pos
        .parse_move(&text)
        .unwrap_or_else(|e| panic!("{xboard}: {e}"));
    assert_eq!(move_to_xboard(m), xboard);
    pos.play(m);
}
