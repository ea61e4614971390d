//! The XBoard / CECP (Chess Engine Communication Protocol, version 2) mode, so that XBoard can
//! draw both games and a person can play them: `longjiang --xboard`, or `xboard` as the first
//! command. The engine defines its games to XBoard itself ([`define`]: `setup` and `piece`
//! commands), and judges every move by its own rules; protocol.md lists the commands.
//!
//! The core's [`longjiang_core::notation::xboard_notation`] translates squares, moves and
//! positions (XBoard numbers the ten ranks from 0), [`clock`] reads time controls, [`report`] writes thinking and result lines, [`settings`]
//! knows the options, and [`cecp_session`] holds the game and drives the engine. Input is read on
//! the calling thread; the session runs on its own thread and takes input lines and search
//! reports from one channel, in the order they came.

pub mod cecp_session;
pub mod clock;
pub mod define;
pub mod report;
pub mod settings;

pub use cecp_session::{Event, XboardSession};

use super::Output;
use std::io::BufRead;
use std::sync::mpsc;

/// Runs the CECP mode until `quit` or end of input, reading `input` and writing to `out`, with
/// `game` as the standard game (`new` starts it) where XBoard is offered it, else the drop
/// game with a `#` comment saying so (`longjiang --variant`).
pub fn run<R: BufRead>(input: R, out: Output, game: longjiang_core::rules::Variant) {
    let (tx, rx) = mpsc::channel();
    let session_tx = tx.clone();
    let worker = std::thread::Builder::new()
        .name("xboard-session".into())
        .spawn(move || XboardSession::with_game(out, session_tx, game).serve(&rx));
    let Ok(worker) = worker else {
        return;
    };
    super::for_each_line(input, |line| {
        let quit = line.trim() == "quit";
        tx.send(Event::Line(line)).is_ok() && !quit
    });
    let _ = tx.send(Event::End);
    let _ = worker.join();
}
