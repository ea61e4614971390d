//! `Engine`: the object the protocol and the tools drive. It owns the options, the shared
//! transposition table and the per-thread statistics that survive between searches; `start`
//! hands all of it to a fresh main search thread, which starts the helper threads (they work
//! at the split points the searching threads open) and reports through the listener.

use super::Features;
use super::params::{Param, Values};
use super::shared::{STACK_SIZE, Shared};
use super::skill::Skill;
use super::skill_pick::SkillPick;
use super::smp;
use super::thread::ThreadData;
use super::tt::TranspositionTable;
use super::value;
use super::{Limits, Listener, Score, SearchEvent, SearchResult};
use longjiang_core::rules::{Position, Variant};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Default table size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
/// Default move overhead.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(50);
/// The largest table the engine accepts, in MiB (64 GiB).
pub const MAX_HASH_MB: usize = 1 << 16;
/// The most threads the engine accepts.
pub const MAX_THREADS: usize = 256;
/// The most MultiPV lines the engine accepts.
pub const MAX_MULTIPV: usize = 500;

/// The stack a thread needs to run [`Engine::search_here`] (the search threads' stack).
pub const SEARCH_STACK_BYTES: usize = STACK_SIZE;

/// What the main search thread hands back: the answer and the threads' statistics.
type SearchEnd = (SearchResult, Vec<ThreadData>);

/// A search engine: options, table, threads. See the module documentation.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    threads: usize,
    multipv: usize,
    overhead: Duration,
    position: Position,
    data: Vec<ThreadData>,
    running: Option<(Arc<Shared>, JoinHandle<SearchEnd>)>,
    last: Option<SearchResult>,
    features: Features,
    /// The networks to evaluate with, at most one per game (`set_nnue`).
    nnue: Vec<Arc<crate::eval::nnue::Network>>,
    /// Search parameters set by `set_param`, over the game's values.
    set_params: Vec<(&'static Param, i32)>,
    /// Games searched with these overrides in place of their description's (`try_overrides`).
    tried: Vec<(Variant, &'static [(&'static Param, i32)])>,
    /// Send each search's statistics to the listener (`set_search_stats`).
    report_stats: bool,
    /// The strength level (`set_skill`).
    skill: Skill,
    /// The running (or last) weak search's pick.
    pick: Option<Arc<SkillPick>>,
    /// The picks' seed when the skill sets none: drawn from the clock when the engine is made.
    entropy: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a 64 MiB table, one thread, one PV line, 50 ms move overhead, set on
    /// the start position of the drop game.
    pub fn new() -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            threads: 1,
            multipv: 1,
            overhead: DEFAULT_MOVE_OVERHEAD,
            position: Position::start(Variant::DEFAULT.rules()),
            data: vec![ThreadData::new()],
            running: None,
            last: None,
            features: Features::DEFAULT,
            nnue: Vec::new(),
            set_params: Vec::new(),
            tried: Vec::new(),
            report_stats: false,
            skill: Skill::FULL,
            pick: None,
            entropy: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64 | 1),
        }
    }

    /// Sets the strength level of the later searches ([`super::skill`]): below level 20 a
    /// search is shallower, wider, and its answer one of its best lines picked at random
    /// (from the skill's seed; with seed 0, from one the engine drew when it was made).
    pub fn set_skill(&mut self, skill: Skill) {
        self.skill = if skill.seed() == 0 {
            skill.seeded(self.entropy)
        } else {
            skill
        };
    }

    /// The strength level.
    pub fn skill(&self) -> Skill {
        self.skill
    }

    /// A weak level's limits and listener for a search of `limits` (as they are at full
    /// strength), and the pick it records.
    fn with_skill(&mut self, limits: Limits, listener: Listener) -> (Limits, Listener) {
        self.pick = None;
        if !self.skill.enabled() {
            return (limits, listener);
        }
        let searched = self.skill.multipv(self.multipv);
        let pick = SkillPick::new(self.skill, &self.position, &limits, searched, self.multipv);
        let pick = Arc::new(pick);
        let listener = pick.listener(listener);
        self.pick = Some(pick);
        (self.skill.limits(limits), listener)
    }

    /// `result` with a weak level's pick as its answer.
    fn picked(&self, mut result: SearchResult) -> SearchResult {
        if let Some(line) = self.pick.as_ref().and_then(|p| p.picked()) {
            result.best = line.pv.first().copied();
            result.ponder = line.pv.get(1).copied();
            result.score = line.score;
            result.pv = line.pv;
        }
        result
    }

    /// Resizes (and so clears) the table (1 ..= `MAX_HASH_MB`). Waits for a running search first. When the memory
    /// is not available, the largest power-of-two size below that can be had is taken; the
    /// size actually in use is `hash_mb`.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.finish();
        // Free the old table first so its memory counts for the new one.
        self.tt = Arc::new(TranspositionTable::new(1));
        let mut want = mb.clamp(1, MAX_HASH_MB);
        loop {
            match TranspositionTable::try_new(want) {
                Ok(t) => {
                    self.tt = Arc::new(t);
                    return;
                }
                Err(_) if want > 1 => want = (want / 2).next_power_of_two().min(want - 1),
                Err(_) => return,
            }
        }
    }

    /// Resizes (and so clears) the table to `mb` MiB (1 ..= `MAX_HASH_MB`), or keeps the old
    /// table when the memory cannot be had. Waits for a running search first.
    pub fn try_set_hash_mb(&mut self, mb: usize) -> Result<(), std::collections::TryReserveError> {
        self.finish();
        self.tt = Arc::new(TranspositionTable::try_new(mb.clamp(1, MAX_HASH_MB))?);
        Ok(())
    }

    /// The table size in use, in MiB.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_bytes() >> 20
    }

    /// Sets the number of search threads (1 ..= `MAX_THREADS`).
    pub fn set_threads(&mut self, n: usize) {
        self.finish();
        self.threads = n.clamp(1, MAX_THREADS);
        self.data.truncate(self.threads);
        while self.data.len() < self.threads {
            self.data.push(ThreadData::new());
        }
    }

    /// Sets how many best lines the search reports (1 ..= `MAX_MULTIPV`).
    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, MAX_MULTIPV);
    }

    /// Sets the time kept in reserve per move for communication delays.
    pub fn set_move_overhead(&mut self, d: Duration) {
        self.overhead = d;
    }

    /// Whether each search sends its statistics (`SearchEvent::Stats`, `stats`) to the
    /// listener before its answer; `SearchResult::stats` has them either way.
    pub fn set_search_stats(&mut self, on: bool) {
        self.report_stats = on;
    }

    /// Switches pruning techniques on or off (for measuring what each one gains).
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// Sets the networks the search evaluates with: a search uses the one for its
    /// position's game, and the classical evaluation when there is none (an empty list: the
    /// classical evaluation everywhere).
    pub fn set_nnue(&mut self, nets: Vec<Arc<crate::eval::nnue::Network>>) {
        self.finish();
        self.nnue = nets;
    }

    /// The network the next search of the current position evaluates with, if any.
    pub fn nnue(&self) -> Option<&Arc<crate::eval::nnue::Network>> {
        let game = self.position.rules().variant;
        self.nnue.iter().find(|n| n.game() == game)
    }

    /// Sets the search parameter `p` to `value` (the hidden `spsa_` options) for every later
    /// search of this engine, whatever its game: a set value wins over the game's own
    /// (`game_params::overrides`) until it is set again; other engines are not affected.
    /// A value outside the parameter's range is refused.
    pub fn set_param(&mut self, p: &'static Param, value: i32) -> Result<(), String> {
        p.check(value)?;
        self.set_params.retain(|(q, _)| !std::ptr::eq(*q, p));
        self.set_params.push((p, value));
        Ok(())
    }

    /// Searches `game` with `overrides` in place of its description's
    /// (`game_params::overrides`), for this engine only: what a game's list would do,
    /// tried before it is written into `game_params`. Values set by `set_param` still win.
    pub fn try_overrides(&mut self, game: Variant, overrides: &'static [(&'static Param, i32)]) {
        self.tried.retain(|(v, _)| *v != game);
        self.tried.push((game, overrides));
    }

    /// The parameter values the next search uses: the defaults, with the current game's
    /// overrides, with those `set_param` set.
    pub fn search_params(&self) -> Values {
        let variant = self.position.rules().variant;
        let game = match self.tried.iter().find(|(v, _)| *v == variant) {
            Some(&(_, list)) => list,
            None => super::game_params::overrides(variant),
        };
        // The games' lists are checked by a test; a bad entry would leave the defaults.
        let mut v = Values::with_overrides(game).unwrap_or_default();
        for &(p, value) in &self.set_params {
            let _ = v.set(p, value);
        }
        v
    }

    /// Forgets everything learnt: clears the table and the move-ordering statistics.
    pub fn new_game(&mut self) {
        self.finish();
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear_mut(),
            None => self.tt.clear(),
        }
        for d in &mut self.data {
            d.clear();
        }
    }

    /// Sets the position to search; its history (the moves that led to it) is used for
    /// repetition and perpetual-check detection.
    pub fn set_position(&mut self, pos: Position) {
        self.position = pos;
    }

    /// The position the next search starts from.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Starts a search and returns at once; progress and the best move go to `listener` from
    /// the search thread. A search still running is stopped first (its answer is delivered).
    pub fn start(&mut self, limits: Limits, listener: Listener) {
        self.finish();
        let (limits, listener) = self.with_skill(limits, listener);
        let shared = Arc::new(self.shared_for(limits));
        let data = std::mem::take(&mut self.data);
        let pos = self.position.clone();
        let sh = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(STACK_SIZE)
            .spawn(move || smp::run(&sh, pos, data, &listener));
        match spawned {
            Ok(handle) => self.running = Some((shared, handle)),
            Err(_) => {
                // No thread could be started: nothing can search, so nothing was taken.
                self.data = (0..self.threads).map(|_| ThreadData::new()).collect();
            }
        }
    }

    /// Asks the running search to stop; it still delivers its best move to the listener.
    pub fn stop(&self) {
        if let Some((shared, _)) = &self.running {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Tells a pondering search that the expected move was played: from now on it runs under
    /// its normal time limits.
    pub fn ponderhit(&self) {
        if let Some((shared, _)) = &self.running {
            shared.ponderhit();
        }
    }

    /// Blocks until the running search (if any) has delivered its best move.
    pub fn wait(&mut self) {
        if let Some((_, handle)) = self.running.take() {
            match handle.join() {
                Ok((result, data)) => {
                    self.data = data;
                    self.last = Some(self.picked(result));
                }
                Err(_) => {
                    // A search thread panicked (a bug); keep the engine usable.
                    self.data = (0..self.threads).map(|_| ThreadData::new()).collect();
                }
            }
        }
    }

    /// Whether a search is running (it may already have delivered its answer and be about to
    /// end).
    pub fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|(_, handle)| !handle.is_finished())
    }

    /// Searches the current position to `limits` and returns the answer (for tests, bench and
    /// the match runner). Infinite and ponder searches are not allowed here and run as if
    /// neither were set.
    pub fn search_sync(&mut self, mut limits: Limits) -> SearchResult {
        limits.infinite = false;
        limits.ponder = false;
        self.search_with(limits, Arc::new(|_: &SearchEvent| {}))
    }

    /// The state a search with `limits` shares among its threads: this engine's position,
    /// settings, table and net.
    fn shared_for(&self, limits: Limits) -> Shared {
        let mut shared = Shared::new(
            limits,
            &self.position,
            self.overhead,
            self.skill.multipv(self.multipv),
            self.threads,
            Arc::clone(&self.tt),
            self.features,
            self.search_params(),
        );
        shared.nnue = self.nnue().cloned();
        shared.report_stats = self.report_stats;
        shared
    }

    /// Like `search_sync`, but on the calling thread: no search thread is started, so many
    /// tiny searches (datagen) skip a thread's start and its fresh stack each. The calling
    /// thread needs a stack of [`SEARCH_STACK_BYTES`]; the answer is `search_sync`'s.
    pub fn search_here(&mut self, mut limits: Limits) -> SearchResult {
        self.finish();
        limits.infinite = false;
        limits.ponder = false;
        let quiet: Listener = Arc::new(|_: &SearchEvent| {});
        let (limits, listener) = self.with_skill(limits, quiet);
        let shared = self.shared_for(limits);
        let data = std::mem::take(&mut self.data);
        let (result, data) = smp::run(&shared, self.position.clone(), data, &listener);
        self.data = data;
        self.picked(result)
    }

    /// Like `search_sync`, reporting progress to `listener` as `start` does.
    pub fn search_with(&mut self, limits: Limits, listener: Listener) -> SearchResult {
        self.start(limits, listener);
        self.wait();
        self.last.take().unwrap_or(SearchResult {
            best: None,
            ponder: None,
            score: Score::Cp(value::DRAW),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            stats: Default::default(),
        })
    }

    /// Stops and waits for a running search.
    fn finish(&mut self) {
        self.stop();
        self.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The listener type built from a closure; a convenience for callers.
pub fn listener<F: Fn(&SearchEvent) + Send + Sync + 'static>(f: F) -> Listener {
    Arc::new(f)
}

/// A listener that collects every event, for tests and tools.
pub fn collecting_listener() -> (Listener, Arc<Mutex<Vec<SearchEvent>>>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    let l: Listener = Arc::new(move |e: &SearchEvent| {
        if let Ok(mut v) = sink.lock() {
            v.push(e.clone());
        }
    });
    (l, events)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::LOW_PLIES;
    use crate::search::params::{CONT_SPLIT, LOW_PLY_HISTORY};

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// With `LOW_PLY_HISTORY` 2 a search learns low-ply statistics at plies 0 and 1 only, and
    /// with 0 none at all.
    #[test]
    fn the_low_ply_history_learns_below_its_ply_limit_only() {
        let mut e = Engine::new();
        e.set_param(&LOW_PLY_HISTORY, 2).expect("in range");
        e.search_sync(depth(7));
        let h = Arc::clone(&e.data[0].hist);
        assert!(h.low_ply_learnt(0) > 0 && h.low_ply_learnt(1) > 0);
        assert!((2..LOW_PLIES).all(|p| h.low_ply_learnt(p) == 0));
        let mut plain = Engine::new();
        plain.search_sync(depth(7));
        let h = &plain.data[0].hist;
        assert!((0..LOW_PLIES).all(|p| h.low_ply_learnt(p) == 0));
    }

    /// `CONT_SPLIT` selects the split continuation blocks for the next search, which then
    /// learns into the sets of moves made in check and of captures; set back to 0, the next
    /// search has one set again.
    #[test]
    fn the_split_switch_selects_the_continuation_layout() {
        let mut e = Engine::new();
        let (variant, sfen) = longjiang_core::rules::samples::POSITIONS[1];
        e.set_position(Position::from_sfen(sfen, variant.rules()).expect("a bench position"));
        e.set_param(&CONT_SPLIT, 1).expect("in range");
        e.search_sync(depth(8));
        let h = Arc::clone(&e.data[0].hist);
        assert!(h.is_split());
        for set in 0..4 {
            assert!(h.cont_set_learnt(set) > 0, "set {set}");
        }
        e.set_param(&CONT_SPLIT, 0).expect("in range");
        e.search_sync(depth(2));
        assert!(!e.data[0].hist.is_split());
    }
}
