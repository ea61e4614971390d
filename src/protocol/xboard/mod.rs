//! The XBoard / CECP (Chess Engine Communication Protocol, version 2) mode, so that XBoard can
//! draw both games and a person can play them: `longjiang --xboard`, or `xboard` as the first
//! command. The engine defines its games to XBoard itself ([`define`]: `setup` and `piece`
//! commands), and judges every move by its own rules; protocol.md lists the commands.
//!
//! [`notation`] translates squares, moves and positions (XBoard numbers the ten ranks from 0),
//! [`clock`] reads time controls, [`report`] writes thinking and result lines, [`settings`]
//! knows the options, and [`session`] holds the game and drives the engine. Input is read on
//! the calling thread; the session runs on its own thread and takes input lines and search
//! reports from one channel, in the order they came.

pub mod clock;
pub mod define;
pub mod notation;
pub mod report;
pub mod session;
pub mod settings;

pub use session::{Event, Session};

use super::Output;
use std::io::BufRead;
use std::sync::mpsc;

/// Runs the CECP mode until `quit` or end of input, reading `input` and writing to `out`.
pub fn run<R: BufRead>(mut input: R, out: Output) {
    let (tx, rx) = mpsc::channel();
    let session_tx = tx.clone();
    let worker = std::thread::Builder::new()
        .name("xboard-session".into())
        .spawn(move || Session::new(out, session_tx).serve(&rx));
    let Ok(worker) = worker else {
        return;
    };
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf).into_owned();
        let quit = line.trim() == "quit";
        if tx.send(Event::Line(line)).is_err() || quit {
            break;
        }
    }
    let _ = tx.send(Event::End);
    let _ = worker.join();
}
