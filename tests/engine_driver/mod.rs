//! A driver for transcript tests: starts the real `longjiang` binary, writes commands to its
//! stdin and reads its stdout line by line (a reader thread feeds a channel, so a test can wait
//! with a timeout instead of hanging).

#![allow(dead_code)]

pub mod cecp;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running engine process.
pub struct Driver {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

/// How long a test waits for an answer that should come at once.
pub const PROMPT: Duration = Duration::from_secs(10);

impl Driver {
    /// Starts `longjiang` with no arguments (the protocol loop).
    pub fn start() -> Driver {
        Driver::start_with(&[])
    }

    /// Starts `longjiang` with the arguments `args` (`--variant shogi`, `--xboard`).
    pub fn start_with(args: &[&str]) -> Driver {
        let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Driver {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        if let Some(stdin) = self.stdin.as_mut() {
            writeln!(stdin, "{line}").expect("the engine reads its stdin");
            stdin.flush().expect("flush");
        }
    }

    /// Sends raw bytes (for invalid UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> {bytes:?}"));
        if let Some(stdin) = self.stdin.as_mut() {
            stdin.write_all(bytes).expect("write");
            stdin.flush().expect("flush");
        }
    }

    /// Closes stdin (end of input).
    pub fn close(&mut self) {
        self.transcript.push("> <EOF>".into());
        self.stdin = None;
    }

    /// The next line, waiting at most `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done` (included), failing after `timeout`.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let stop = done(&l);
                    got.push(l);
                    if stop {
                        return got;
                    }
                }
                None => panic!(
                    "timed out after {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads lines until one starts with `prefix`.
    pub fn until_prefix(&mut self, timeout: Duration, prefix: &str) -> Vec<String> {
        self.until(timeout, |l| l.starts_with(prefix))
    }

    /// Sends `line`, then `isready`, and returns what came before `readyok`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut got = self.until(PROMPT, |l| l == "readyok");
        got.pop();
        got
    }

    /// Lines arriving within `window` (nothing is expected to end them).
    pub fn quiet(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut got = Vec::new();
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            got.push(l);
        }
        got
    }

    /// The SFEN the engine is set to, from `d`.
    pub fn sfen(&mut self) -> String {
        let lines = self.ask("d");
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Sfen: "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no Sfen line in {lines:?}"))
    }

    /// Waits for the process to end, at most `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The whole exchange so far, for assertion messages.
    pub fn log(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
