//! An engine process on the other end of two pipes: lines go in on its stdin; a reader thread
//! stamps every line of its stdout with the instant it arrived and queues it. Think time is
//! measured from the instant a `go` was flushed to the stamp of the `bestmove` line, so the
//! runner's own scheduling does not count against the engine.

use super::engine_spec::EngineSpec;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A shared traffic log (`--log`): every line sent and received, with its time and engine.
#[derive(Clone)]
pub struct TrafficLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl TrafficLog {
    /// Creates (truncates) the log file.
    pub fn create(path: &std::path::Path) -> io::Result<TrafficLog> {
        Ok(TrafficLog {
            file: Arc::new(Mutex::new(File::create(path)?)),
            start: Instant::now(),
        })
    }

    fn write(&self, who: &str, dir: &str, line: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut f) = self.file.lock() {
            // A log that cannot be written must not stop the match.
            let _ = writeln!(f, "{ms:>9} {who} {dir} {line}");
        }
    }
}

/// What waiting for a line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Recv {
    /// A line (without its end), and when it arrived.
    Line(Instant, String),
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    label: String,
    log: Option<TrafficLog>,
}

impl EngineProcess {
    /// Starts the engine of `spec`; `label` names it in the traffic log.
    pub fn spawn(spec: &EngineSpec, label: String, log: Option<TrafficLog>) -> io::Result<Self> {
        let mut cmd = Command::new(&spec.program);
        // The engine's stderr goes to the traffic log when there is one (marked `!`), else
        // nowhere: it must not garble the progress bar.
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        // Its own process group, so that `kill` reaches what a wrapper script started too.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("'{}': {e}", spec.program)))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("engine stdout is not piped"))?;
        let stdin = child.stdin.take();
        if let (Some(stderr), Some(log)) = (child.stderr.take(), log.clone()) {
            let label = label.clone();
            thread::Builder::new()
                .name(format!("stderr {label}"))
                .spawn(move || {
                    for line in BufReader::new(stderr).lines() {
                        let Ok(line) = line else { break };
                        log.write(&label, "!", &line);
                    }
                })?;
        }
        let (tx, rx) = channel();
        thread::Builder::new()
            .name(format!("read {label}"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::with_capacity(256);
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let at = Instant::now();
                            let text = String::from_utf8_lossy(&buf);
                            let line = text.trim_end_matches(['\n', '\r']).to_string();
                            if tx.send((at, line)).is_err() {
                                break;
                            }
                        }
                    }
                }
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            label,
            log,
        })
    }

    /// Sends one line and flushes it; returns the instant the line was handed to the pipe.
    pub fn send(&mut self, line: &str) -> io::Result<Instant> {
        if let Some(log) = &self.log {
            log.write(&self.label, ">", line);
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "engine input closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()?;
        Ok(Instant::now())
    }

    /// Waits for the next line until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Recv {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((at, line)) => {
                if let Some(log) = &self.log {
                    log.write(&self.label, "<", &line);
                }
                Recv::Line(at, line)
            }
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => Recv::Closed,
        }
    }

    /// Waits up to `grace` for the process to exit and says how it ended (`None` if it still
    /// runs).
    pub fn wait_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Closes the engine's input (a polite engine exits at end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Kills the process (if it still runs) with its process group (what a wrapper script
    /// started), and reaps it.
    pub fn kill(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            // The leader is not reaped yet, so its group id cannot have been reused.
            #[cfg(unix)]
            if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
                // SAFETY: kill(2) with a negative pid signals that process group; it touches
                // no memory of ours.
                unsafe {
                    libc::kill(-pgid, libc::SIGKILL);
                }
            }
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stdin = None;
        self.kill();
    }
}

/// A short description of how a process ended, for a record's reason.
pub fn describe_exit(status: Option<ExitStatus>) -> String {
    match status {
        None => "closed its output".into(),
        Some(s) => match s.code() {
            Some(code) => format!("exited with status {code}"),
            None => {
                #[cfg(unix)]
                {
                    use std::os::unix::process::ExitStatusExt;
                    if let Some(sig) = s.signal() {
                        return format!("killed by signal {sig}");
                    }
                }
                "ended abnormally".into()
            }
        },
    }
}
