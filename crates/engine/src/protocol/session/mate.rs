//! USI's mate search in the session: `go mate <ms>` / `go mate infinite` start the solver
//! (`search::tsume`) on its own thread and answer `checkmate <moves>`, `checkmate nomate` or
//! `checkmate timeout`; the reader goes on reading (`stop`, `isready`, `quit`).

use super::Session;
use crate::protocol::command::Go;
use crate::protocol::output::move_text;
use crate::protocol::{Mode, Output};
use crate::search::tsume::{MateAnswer, MateLimits, MateReport, MateSearch};
use longjiang_core::rules::TextForm;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A running `go mate`.
pub(super) struct MateRun {
    search: MateSearch,
    /// Set once the `checkmate` line is written.
    answered: Arc<AtomicBool>,
}

impl MateRun {
    /// Whether its answer is still due.
    pub(super) fn busy(&self) -> bool {
        !self.answered.load(Ordering::Acquire)
    }

    /// Stops it (it still answers, `checkmate timeout` if undecided) and waits for it.
    pub(super) fn finish(self) {
        self.search.stop();
        self.search.wait();
    }
}

/// The lines that answer a mate search: a summary `info` line, then `checkmate …`.
pub fn checkmate_lines(report: &MateReport, mode: Mode, form: TextForm) -> [String; 2] {
    let ms = report.time.as_millis();
    let nps = (report.nodes as f64 / report.time.as_secs_f64().max(1e-9)) as u64;
    let info = format!("info time {ms} nodes {} nps {nps}", report.nodes);
    let answer = match &report.answer {
        MateAnswer::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|&m| move_text(m, mode, form)).collect();
            format!("checkmate {}", moves.join(" "))
        }
        MateAnswer::NoMate => "checkmate nomate".to_string(),
        MateAnswer::Timeout => "checkmate timeout".to_string(),
    };
    [info, answer]
}

impl Session {
    /// `go mate <ms>|infinite` in USI mode.
    pub(super) fn go_mate(&mut self, go: &Go) -> Result<(), String> {
        if let Some(done) = self.mate.take() {
            done.finish();
        }
        let limits = MateLimits {
            time: (!go.infinite)
                .then_some(go.mate)
                .flatten()
                .map(|ms| Duration::from_millis(u64::from(ms))),
            nodes: go.nodes,
            table_mb: self.engine.hash_mb().clamp(1, 4096),
        };
        let answered = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&answered);
        let (out, mode, form): (Output, Mode, TextForm) =
            (self.out.clone(), self.mode, self.pos.rules().text);
        let search = MateSearch::start(&self.pos, limits, move |report| {
            let lines = checkmate_lines(report, mode, form);
            flag.store(true, Ordering::Release);
            out.lines(&lines);
        })
        .map_err(|e| format!("go mate: cannot start a thread: {e}"))?;
        self.mate = Some(MateRun { search, answered });
        Ok(())
    }
}
