//! The listener a weak level's search reports through ([`super::skill`]): it keeps the lines of
//! the last complete iteration, shows the GUI only the lines `MultiPV` asked for, and at the
//! end replaces the search's best move with the level's pick (and its line, so the last
//! `info` matches the `bestmove`).

use super::skill::Skill;
use super::{Bound, Limits, Listener, SearchEvent, SearchInfo};
use longjiang_core::movegen;
use longjiang_core::rules::Position;
use std::sync::{Arc, Mutex};

/// What one weak search has seen and picked.
#[derive(Default)]
struct Seen {
    /// The exact lines of the iteration being reported, line 1 first.
    current: Vec<SearchInfo>,
    /// The lines of the last iteration reported in full.
    complete: Vec<SearchInfo>,
    /// The line played, once picked.
    picked: Option<SearchInfo>,
    /// The last report's figures (nodes, time), for the picked line.
    last: Option<SearchInfo>,
}

/// The pick of one search at a weak level.
pub(crate) struct SkillPick {
    skill: Skill,
    key: u64,
    /// Lines per iteration: the search's MultiPV, or fewer root moves.
    expected: usize,
    /// Lines shown: `MultiPV` as set.
    shown: usize,
    seen: Mutex<Seen>,
}

impl SkillPick {
    /// The pick for a search of `pos` with `limits`, `searched` lines of which `shown` are
    /// passed on.
    pub(crate) fn new(
        skill: Skill,
        pos: &Position,
        limits: &Limits,
        searched: usize,
        shown: usize,
    ) -> SkillPick {
        let roots = movegen::legal_moves(pos)
            .iter()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .count();
        SkillPick {
            skill,
            key: pos.key(),
            expected: searched.min(roots).max(1),
            shown,
            seen: Mutex::new(Seen::default()),
        }
    }

    /// The line played, once the search has answered (`None`: the best line stands).
    pub(crate) fn picked(&self) -> Option<SearchInfo> {
        self.seen.lock().ok().and_then(|s| s.picked.clone())
    }

    /// A listener that passes `inner` what it should see, with the pick as the answer.
    pub(crate) fn listener(self: &Arc<Self>, inner: Listener) -> Listener {
        let me = Arc::clone(self);
        Arc::new(move |e: &SearchEvent| match e {
            SearchEvent::Info(info) => {
                me.record(info);
                if info.multipv as usize <= me.shown {
                    inner(e);
                }
            }
            SearchEvent::BestMove { best: Some(_), .. } => match me.choose() {
                Some(line) => {
                    inner(&SearchEvent::Info(line.clone()));
                    inner(&SearchEvent::BestMove {
                        best: line.pv.first().copied(),
                        ponder: line.pv.get(1).copied(),
                    });
                }
                None => inner(e),
            },
            _ => inner(e),
        })
    }

    /// Keeps an exact line of an iteration's report.
    fn record(&self, info: &SearchInfo) {
        let Ok(mut s) = self.seen.lock() else { return };
        s.last = Some(info.clone());
        if info.bound != Bound::Exact || info.pv.is_empty() {
            return;
        }
        if info.multipv == 1 {
            s.current.clear();
        }
        if info.multipv as usize == s.current.len() + 1 {
            s.current.push(info.clone());
            if s.current.len() == self.expected {
                s.complete = s.current.clone();
            }
        }
    }

    /// Picks among the last complete iteration's lines; `None` when the best one is kept.
    fn choose(&self) -> Option<SearchInfo> {
        let mut s = self.seen.lock().ok()?;
        let scores: Vec<i32> = s.complete.iter().map(|l| l.score.centipawns()).collect();
        let i = self.skill.pick(&scores, self.key);
        if i == 0 {
            return None;
        }
        let mut line = s.complete[i].clone();
        line.multipv = 1;
        if let Some(last) = &s.last {
            (line.nodes, line.nps, line.time) = (last.nodes, last.nps, last.time);
            line.hashfull = last.hashfull;
        }
        s.picked = Some(line.clone());
        Some(line)
    }
}
