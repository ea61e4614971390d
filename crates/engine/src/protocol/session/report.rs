//! The search's reporter in the session: `info` lines (with `wdl` under `UCI_ShowWDL`),
//! `currmove` lines once a search has run 3 s, and `bestmove`.

use super::Session;
use crate::protocol::output::{bestmove_line, info_line, move_text};
use crate::search::{Listener, SearchEvent};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How long a search runs before its `info currmove` lines begin (Stockfish's 3 s).
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

impl Session {
    /// The search's reporter; `declare`: the best move is answered as `bestmove win`.
    pub(super) fn listener(&self, declare: bool) -> Listener {
        let out = self.out.clone();
        let mode = self.mode;
        let form = self.pos.rules().text;
        let answered = Arc::clone(&self.answered);
        let wdl = self.options.show_wdl;
        Arc::new(move |event: &SearchEvent| match event {
            SearchEvent::Info(info) => out.line(&info_line(info, mode, form, wdl)),
            SearchEvent::Stats(stats) => out.line(&format!("info string stats {stats}")),
            // Stockfish's habit: the root move being searched, once 3 s have passed.
            SearchEvent::RootMove {
                depth,
                mv,
                number,
                time,
            } => {
                if *time >= CURRMOVE_AFTER {
                    out.line(&format!(
                        "info depth {depth} currmove {} currmovenumber {number}",
                        move_text(*mv, mode, form)
                    ));
                }
            }
            SearchEvent::BestMove { best, ponder } => {
                // Marked before it is written: a GUI that answers the line at once must find
                // the engine ready for the next `go`. (`Engine::start` joins the old search, so
                // this line still comes before anything the next search prints.)
                answered.store(true, Ordering::Release);
                if declare {
                    out.line("bestmove win");
                } else {
                    out.line(&bestmove_line(*best, *ponder, mode, form));
                }
            }
        })
    }
}
