//! The engine's side of a CECP session: starting and giving up searches (its move, pondering,
//! analysis), the search's reports (thinking lines, the best move), and playing its move with
//! the resignation and draw-offer etiquette. The reports come back through the session's
//! channel, tagged with the search's number, so a given-up search's answer is dropped.

use super::{Event, Job, XboardSession};
use crate::protocol::xboard::report::{score_value, thinking_line};
use crate::search::{Limits, Listener, SearchEvent};
use longjiang_core::notation::xboard_notation::move_to_xboard;
use longjiang_core::rules::{Move, Position};
use std::sync::Arc;

impl XboardSession {
    fn listener(&self, id: u64) -> Listener {
        let events = self.events.clone();
        Arc::new(move |e: &SearchEvent| {
            // XBoard's thinking output has no current-move line.
            if !matches!(e, SearchEvent::RootMove { .. }) {
                let _ = events.send(Event::Search(id, e.clone()));
            }
        })
    }

    fn start(&mut self, job: Job, pos: Position, limits: Limits) {
        self.search_id += 1;
        self.last_info = None;
        self.engine.set_position(pos);
        self.engine.start(limits, self.listener(self.search_id));
        self.job = job;
    }

    /// Gives up the running search: its answer, still delivered, is dropped.
    pub(super) fn stop_search(&mut self) {
        if self.job != Job::Idle {
            self.search_id += 1;
            self.engine.stop();
            self.engine.wait();
            self.job = Job::Idle;
        }
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        if !self.pongs.is_empty() {
            let pongs = std::mem::take(&mut self.pongs);
            self.out.lines(&pongs);
        }
    }

    fn moves_made(&self) -> u32 {
        (self.pos.move_number().saturating_sub(1)) / 2
    }

    pub(super) fn think(&mut self) {
        if self.ended || self.bad_position.is_some() || self.announce_end() {
            return;
        }
        let limits = self.clock.limits(self.engine_color, self.moves_made());
        self.start(Job::Think, self.pos.clone(), limits);
    }

    pub(super) fn resume_analysis(&mut self) {
        if !self.analyzing || self.bad_position.is_some() || self.pos.outcome().is_some() {
            return;
        }
        self.stop_search();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start(Job::Analyze, self.pos.clone(), limits);
    }

    pub(super) fn last_score(&self) -> Option<i64> {
        self.last_info.as_ref().map(|i| score_value(i.score))
    }

    pub(super) fn on_search(&mut self, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => {
                if self.post {
                    let guess = match self.job {
                        Job::Ponder(m) => Some(m),
                        _ => None,
                    };
                    self.out.line(&thinking_line(&info, guess));
                }
                if info.multipv == 1 {
                    self.last_info = Some(info);
                }
            }
            // XBoard shows comment lines (`#`) in its engine output window.
            SearchEvent::Stats(stats) => self.out.line(&format!("# stats {stats}")),
            SearchEvent::BestMove { best, ponder } => {
                if self.job != Job::Think {
                    return;
                }
                self.job = Job::Idle;
                self.engine.wait();
                self.expected = ponder;
                if let Some(m) = best {
                    self.engine_move(m);
                }
                self.flush_pongs();
            }
            SearchEvent::RootMove { .. } => {}
        }
    }

    /// Plays the engine's move (or resigns, or offers a draw first, when the options ask).
    fn engine_move(&mut self, m: Move) {
        let score = self.last_score().unwrap_or(0);
        self.losing_moves = if score <= -self.etiquette.resign_score {
            self.losing_moves + 1
        } else {
            0
        };
        self.level_moves = if score.abs() <= 10 {
            self.level_moves + 1
        } else {
            0
        };
        if self.etiquette.resign && self.losing_moves >= 3 {
            self.out.line("resign");
            self.ended = true;
            return;
        }
        if self.etiquette.draw_offers && self.level_moves >= 8 && self.moves_made() >= 40 {
            self.out.line("offer draw");
        }
        self.play(m);
        self.out.line(&format!("move {}", move_to_xboard(m)));
        if self.announce_end() {
            return;
        }
        if self.ponder
            && !self.force
            && let Some(guess) = self.expected.filter(|&g| self.pos.is_legal(g))
        {
            let mut after = self.pos.clone();
            after.play(guess);
            if after.outcome().is_none() {
                let mut limits = self.clock.limits(self.engine_color, self.moves_made() + 1);
                limits.ponder = true;
                self.start(Job::Ponder(guess), after, limits);
            }
        }
    }
}
