//! `go perft` in the session: the count runs on its own thread, so that the reader still reads
//! `stop` and `quit`; every other answer the reader gives meanwhile (`readyok`, an error, `d`)
//! is held and printed after the count's lines, in the order Stockfish's synchronous perft
//! gives.

use super::Session;
use crate::protocol::output::move_text;
use crate::protocol::{Mode, Output};
use longjiang_core::movegen::perft_divide_until;
use longjiang_core::rules::{Move, TextForm};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A `go perft` on its own thread.
pub(super) struct PerftRun {
    stop: Arc<AtomicBool>,
    /// Whether the count is printed, and the lines owed until then.
    state: Arc<Mutex<PerftState>>,
    handle: std::thread::JoinHandle<()>,
}

#[derive(Default)]
struct PerftState {
    done: bool,
    owed: Vec<String>,
}

impl PerftRun {
    /// Whether the count is still running (its lines not printed yet).
    pub(super) fn counting(&self) -> bool {
        self.state.lock().is_ok_and(|st| !st.done)
    }

    /// Stops the count (it prints its `stopped` line and the lines owed) and waits for it.
    pub(super) fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        // A perft thread that panicked (a bug) has nothing more to say.
        let _ = self.handle.join();
    }

    /// Holds `lines` until the count's own lines are out; `false` (nothing held) when they
    /// are out already.
    fn owe(&self, lines: &[String]) -> bool {
        match self.state.lock() {
            Ok(mut st) if !st.done => {
                st.owed.extend(lines.iter().cloned());
                true
            }
            _ => false,
        }
    }
}

/// A writer that keeps what is written, for the answers held while a perft counts.
#[derive(Clone, Default)]
struct Held(Arc<Mutex<Vec<u8>>>);

impl Write for Held {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The lines `go perft` prints: one per root move, a blank line, the total and the time; or
/// one line when it was stopped.
fn perft_lines(
    result: Option<Vec<(Move, u64)>>,
    depth: u32,
    mode: Mode,
    form: TextForm,
    start: Instant,
) -> Vec<String> {
    let elapsed = start.elapsed();
    let Some(divide) = result else {
        return vec![format!(
            "info string perft {depth}: stopped after {} ms",
            elapsed.as_millis()
        )];
    };
    let total: u64 = divide.iter().map(|&(_, n)| n).sum();
    let mut lines: Vec<String> = divide
        .iter()
        .map(|&(m, n)| format!("{}: {n}", move_text(m, mode, form)))
        .collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    lines.push(format!(
        "info string perft {depth}: {total} nodes in {} ms, {nps} nps",
        elapsed.as_millis()
    ));
    lines
}

impl Session {
    /// Handles a command while a perft may be counting: its answers are held until the
    /// count's lines are out (printed at once when no count runs).
    pub(super) fn after_perft(&mut self, f: impl FnOnce(&mut Session) -> bool) -> bool {
        if !self.perft.as_ref().is_some_and(PerftRun::counting) {
            return f(self);
        }
        let held = Held::default();
        let real = std::mem::replace(&mut self.out, Output::new(held.clone()));
        let go_on = f(self);
        self.out = real;
        let bytes = std::mem::take(&mut *held.0.lock().unwrap_or_else(|e| e.into_inner()));
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        if !lines.is_empty() && !self.perft.as_ref().is_some_and(|run| run.owe(&lines)) {
            self.out.lines(&lines);
        }
        go_on
    }

    /// `go perft`: counts on its own thread and prints when done; `stop` (or `quit`) ends it
    /// with one `info string perft <depth>: stopped …` line instead.
    pub(super) fn perft(&mut self, depth: u32) -> Result<(), String> {
        self.not_busy("go perft")?;
        self.have_position("go perft")?;
        if let Some(done) = self.perft.take() {
            done.finish();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (pos, mode, out) = (self.pos.clone(), self.mode, self.out.clone());
        let form = pos.rules().text;
        let parallel = self.options.threads > 1;
        let flag = Arc::clone(&stop);
        let state = Arc::new(Mutex::new(PerftState::default()));
        let shared = Arc::clone(&state);
        let spawned = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || {
                let start = Instant::now();
                let result = perft_divide_until(&pos, depth, parallel, &flag);
                // Printed under the lock, so that no line is owed and then forgotten.
                let mut st = shared.lock().unwrap_or_else(|e| e.into_inner());
                let mut lines = perft_lines(result, depth, mode, form, start);
                lines.append(&mut st.owed);
                out.lines(&lines);
                st.done = true;
            })
            .map_err(|e| format!("go perft: cannot start a thread: {e}"))?;
        self.perft = Some(PerftRun {
            stop,
            state,
            handle: spawned,
        });
        Ok(())
    }
}
