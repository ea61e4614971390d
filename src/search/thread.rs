//! One search thread (a `Worker`) and the state all threads of a search share.
//!
//! Lazy SMP: every thread runs its own iterative deepening on its own copy of the position,
//! sharing only the transposition table, the stop flag and the node budget; helper threads
//! skip some depths (Stockfish 10's skip blocks) so that they spread over depths. The main
//! thread manages the time, reports progress, waits (for `stop` or `ponderhit`) when pondering
//! or searching without end, then picks the answer from the best finished thread.

use super::alphabeta::{Features, LmrTable};
use super::history::{Histories, piece_index};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::value::{self, INFINITE, MAX_PLY, Value};
use super::{Bound, Limits, Listener, SearchEvent, SearchInfo, SearchResult};
use crate::movegen;
use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Stack size of search threads: the recursion keeps move lists in every frame.
pub(crate) const STACK_SIZE: usize = 64 << 20;
/// How often (in nodes) a thread publishes its node count and the main thread looks at the
/// clock.
const CHECK_INTERVAL: u64 = 1024;
/// Node budget claimed at once by a thread (node limits).
const NODE_CHUNK: u64 = 256;
/// Bound lines (aspiration failures) are reported only after this much time.
const REPORT_BOUNDS_AFTER: Duration = Duration::from_millis(2000);

/// What the threads of one search share.
pub(crate) struct Shared {
    /// Set to end the search (by `stop`, a limit, or the main thread when it is done).
    pub stop: AtomicBool,
    /// Set while a ponder search waits for `ponderhit`.
    pondering: AtomicBool,
    /// Microseconds after `start` when `ponderhit` arrived (`u64::MAX`: never).
    ponderhit_at: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// The limits.
    pub limits: Limits,
    /// The time budget (from the side to move's clock).
    pub budget: TimeBudget,
    /// MultiPV lines.
    pub multipv: usize,
    /// The shared table.
    pub tt: Arc<TranspositionTable>,
    /// Nodes still to hand out (node limit), if there is one.
    nodes_left: Option<AtomicU64>,
    /// Nodes searched per thread (published every `CHECK_INTERVAL`).
    thread_nodes: Vec<AtomicU64>,
    /// Which pruning techniques are on.
    pub features: Features,
}

impl Shared {
    /// The shared state of a new search.
    pub fn new(
        limits: Limits,
        pos: &Position,
        overhead: Duration,
        multipv: usize,
        threads: usize,
        tt: Arc<TranspositionTable>,
        features: Features,
    ) -> Shared {
        let budget = TimeBudget::new(&limits, pos.side_to_move(), overhead);
        Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
            ponderhit_at: AtomicU64::new(u64::MAX),
            start: Instant::now(),
            nodes_left: limits.nodes.map(AtomicU64::new),
            limits,
            budget,
            multipv,
            tt,
            thread_nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            features,
        }
    }

    /// The expected move was played: the clock now runs.
    pub fn ponderhit(&self) {
        let us = self.start.elapsed().as_micros() as u64;
        self.ponderhit_at.store(us, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    fn clock_elapsed(&self) -> Duration {
        let hit = self.ponderhit_at.load(Ordering::Relaxed);
        let e = self.elapsed();
        if hit == u64::MAX {
            e
        } else {
            e.saturating_sub(Duration::from_micros(hit))
        }
    }

    /// Total nodes of all threads (as last published).
    pub fn nodes(&self) -> u64 {
        self.thread_nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum()
    }

    /// Takes up to `NODE_CHUNK` nodes from the node budget; 0 when it is spent.
    fn claim_nodes(&self) -> u64 {
        let Some(left) = &self.nodes_left else {
            return u64::MAX;
        };
        let mut cur = left.load(Ordering::Relaxed);
        loop {
            let take = cur.min(NODE_CHUNK);
            if take == 0 {
                return 0;
            }
            match left.compare_exchange_weak(cur, cur - take, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return take,
                Err(now) => cur = now,
            }
        }
    }
}

/// Per-thread statistics that live as long as the engine (cleared on a new game).
pub struct ThreadData {
    pub(crate) hist: Histories,
}

impl ThreadData {
    /// Fresh statistics.
    pub fn new() -> ThreadData {
        ThreadData {
            hist: Histories::new(),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.hist.clear();
    }
}

/// A root move with what the last iterations found for it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: Value,
    pub prev_score: Value,
    pub seldepth: usize,
    pub pv: Vec<Move>,
}

/// What the search keeps per ply.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub static_eval: Value,
    pub killers: [Move; 2],
    pub current: Move,
    /// The continuation-history block of `current` (for the plies below).
    pub cont_block: usize,
    /// The counter-move table key of `current`.
    pub counter_key: Option<usize>,
    pub move_count: usize,
    pub in_check: bool,
    pub excluded: Move,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            static_eval: value::NONE,
            killers: [Move::NONE; 2],
            current: Move::NONE,
            cont_block: Histories::NO_CONT,
            counter_key: None,
            move_count: 0,
            in_check: false,
            excluded: Move::NONE,
        }
    }
}

/// Frames below ply 0 that the search may look at (ply - 4).
pub(crate) const FRAME_OFFSET: usize = 4;

/// One search thread.
pub(crate) struct Worker<'a> {
    pub id: usize,
    pub shared: &'a Shared,
    pub pos: Position,
    pub data: &'a mut ThreadData,
    pub root_moves: Vec<RootMove>,
    pub stack: Vec<Frame>,
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub nodes: u64,
    budget_left: u64,
    pub seldepth: usize,
    pub root_depth: i32,
    pub completed_depth: i32,
    pub pv_idx: usize,
    pub stopped: bool,
    /// Index of the root position in the position's state history.
    pub root_state: usize,
    /// Null-move verification: no null move below this ply.
    pub nmp_min_ply: usize,
    /// The best value of the last completed iteration.
    pub best_value: Value,
    /// Which pruning techniques are on.
    pub features: Features,
    /// Late-move reductions by depth and move number.
    pub lmr: LmrTable,
}

impl<'a> Worker<'a> {
    fn new(
        id: usize,
        shared: &'a Shared,
        pos: Position,
        data: &'a mut ThreadData,
        root_moves: Vec<RootMove>,
    ) -> Worker<'a> {
        let root_state = pos.history_len();
        Worker {
            id,
            shared,
            pos,
            data,
            root_moves,
            stack: vec![Frame::default(); MAX_PLY + FRAME_OFFSET + 4],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            budget_left: 0,
            seldepth: 0,
            root_depth: 0,
            completed_depth: 0,
            pv_idx: 0,
            stopped: false,
            root_state,
            nmp_min_ply: 0,
            best_value: -INFINITE,
            features: shared.features,
            lmr: LmrTable::new(),
        }
    }

    /// The frame of `ply` (plies below the root map to empty frames).
    #[inline(always)]
    pub fn frame(&self, ply: isize) -> &Frame {
        &self.stack[(ply + FRAME_OFFSET as isize) as usize]
    }

    /// The frame of `ply`, mutable.
    #[inline(always)]
    pub fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.stack[ply + FRAME_OFFSET]
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts one node and says whether the search must stop before searching it: a stop
    /// request, the node budget, or (main thread) the clock.
    #[inline(always)]
    pub fn enter_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.budget_left == 0 {
            self.budget_left = self.shared.claim_nodes();
            if self.budget_left == 0 {
                self.stopped = true;
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        self.budget_left -= 1;
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.shared.thread_nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.is_main() && self.out_of_time() {
                self.stopped = true;
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    /// Whether the hard time limit has passed (never while pondering, never before depth 1 is
    /// complete).
    fn out_of_time(&self) -> bool {
        if self.completed_depth < 1 || self.shared.pondering.load(Ordering::Relaxed) {
            return false;
        }
        self.shared
            .budget
            .maximum
            .is_some_and(|m| self.shared.clock_elapsed() >= m)
    }

    /// Plays `m` at `ply`, recording it for the histories of the plies below.
    #[inline(always)]
    pub fn play(&mut self, m: Move, ply: usize) {
        let us = self.pos.side_to_move();
        let piece = match m.from() {
            Some(f) => self.pos.piece_at(f),
            None => m.drop_kind().map(|k| crate::rules::Piece::new(us, k)),
        };
        let f = self.frame_mut(ply);
        f.current = m;
        match piece {
            Some(p) => {
                let key = Histories::cont_key(p, m.to().index());
                f.cont_block = key;
                f.counter_key = Some(piece_index(p) * crate::geometry::SQUARES + m.to().index());
            }
            None => {
                f.cont_block = Histories::NO_CONT;
                f.counter_key = None;
            }
        }
        self.pos.play(m);
        self.shared.tt.prefetch(self.pos.key());
    }

    /// Passes at `ply` (null-move pruning).
    pub fn play_null(&mut self, ply: usize) {
        let f = self.frame_mut(ply);
        f.current = Move::NONE;
        f.cont_block = Histories::NO_CONT;
        f.counter_key = None;
        self.pos.play_null();
    }

    /// Whether the current position ends the line by repetition, and its value for the side
    /// to move: a draw, or a win for the side that did not give check with every move
    /// (perpetual check loses, RULES.md). A repetition inside the search tree counts at once;
    /// one with positions before the root only once the game itself is a repetition away from
    /// its end.
    pub fn repetition_value(&self, ply: usize) -> Option<Value> {
        let first = self.pos.earlier_occurrences(1).next()?;
        if first < self.root_state {
            let count = self.pos.repetition_count();
            let needed = self.pos.rules().repetitions.saturating_sub(2) as usize;
            if count < needed.max(1) {
                return None;
            }
        }
        let us = self.pos.side_to_move();
        let they_checked = self.pos.checked_throughout(!us, first);
        let we_checked = self.pos.checked_throughout(us, first);
        Some(match (we_checked, they_checked) {
            (false, true) => value::mate_in(ply),
            (true, false) => value::mated_in(ply),
            _ => value::DRAW,
        })
    }

    /// The value of having no legal move while not in check.
    pub fn stalemate_value(&self, ply: usize) -> Value {
        match self.pos.rules().stalemate {
            crate::rules::StalemateRule::Draw => value::DRAW,
            crate::rules::StalemateRule::Loss => value::mated_in(ply),
        }
    }

    /// Copies the child's PV behind `m` at `ply`.
    #[inline(always)]
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Iterative deepening: depth 1, 2, … until a limit or `stop`.
    fn iterate(&mut self, listener: &Listener) {
        let limits = &self.shared.limits;
        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
            d.clamp(1, MAX_PLY as u32 - 8) as i32
        });
        let multipv = self.shared.multipv.min(self.root_moves.len());
        let mut last_best = Move::NONE;
        let mut best_changes = 0.0f64;
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            if !self.is_main() && skip_depth(self.id, depth) {
                continue;
            }
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = 18;
                let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < value::EVAL_LIMIT {
                    ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let v = self.search::<true>(alpha, beta, depth, false, 0);
                    self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                    if self.stopped {
                        break;
                    }
                    if v <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INFINITE);
                        if self.is_main() && self.shared.elapsed() > REPORT_BOUNDS_AFTER {
                            self.report(listener, pv_idx, Bound::Upper);
                        }
                    } else if v >= beta {
                        beta = (v + delta).min(INFINITE);
                        if self.is_main() && self.shared.elapsed() > REPORT_BOUNDS_AFTER {
                            self.report(listener, pv_idx, Bound::Lower);
                        }
                    } else {
                        break;
                    }
                    delta += delta / 3 + 5;
                }
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
                if self.stopped {
                    break;
                }
            }
            if !self.stopped {
                self.completed_depth = depth;
                self.best_value = self.root_moves[0].score;
            }
            if self.is_main() {
                // Lines of an interrupted iteration are reported only if depth 1 never
                // finished (something must be said); otherwise the last complete ones stand.
                if !self.stopped || self.completed_depth == 0 {
                    for i in 0..multipv {
                        self.report(listener, i, Bound::Exact);
                    }
                }
            }
            if self.stopped {
                break;
            }
            self.shared.thread_nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if !self.is_main() {
                continue;
            }
            // Mate found within the requested number of moves?
            if let Some(n) = self.shared.limits.mate {
                let v = self.root_moves[0].score;
                if v >= value::MATE_IN_MAX_PLY && value::MATE - v < 2 * n as i32 {
                    break;
                }
            }
            // Soft time limit: stretched while the best move keeps changing.
            let best = self.root_moves[0].mv;
            if best != last_best && depth > 1 {
                best_changes += 1.0;
            }
            best_changes *= 0.5;
            last_best = best;
            if let Some(opt) = self.shared.budget.optimum
                && !self.shared.pondering.load(Ordering::Relaxed)
            {
                let scale = 1.0 + best_changes;
                let target = opt.mul_f64(scale.min(3.0) * 0.55);
                if self.shared.elapsed() >= target {
                    break;
                }
            }
        }
    }

    /// Reports line `i` of the root moves.
    fn report(&self, listener: &Listener, i: usize, bound: Bound) {
        let rm = &self.root_moves[i];
        let updated = rm.score != -INFINITE;
        let (score, depth) = if updated {
            (rm.score, self.root_depth)
        } else {
            (rm.prev_score, (self.root_depth - 1).max(1))
        };
        if score == -INFINITE {
            return;
        }
        let elapsed = self.shared.elapsed();
        let nodes = self.shared.nodes().max(self.nodes);
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64;
        listener(&SearchEvent::Info(SearchInfo {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score: value::to_score(score),
            bound,
            nodes,
            nps,
            hashfull: self.shared.tt.hashfull(),
            time: elapsed,
            pv: rm.pv.clone(),
        }));
    }
}

/// Lazy SMP depth skipping for helper threads (Stockfish 10's `SkipSize`/`SkipPhase`).
fn skip_depth(id: usize, depth: i32) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 != 0
}

/// Runs a whole search on the calling thread (the main search thread): helpers, the main
/// iterative deepening, the wait for `stop`/`ponderhit`, the choice of the answer.
pub(crate) fn run(
    shared: &Shared,
    pos: Position,
    mut data: Vec<ThreadData>,
    listener: &Listener,
) -> (SearchResult, Vec<ThreadData>) {
    shared.tt.new_search();
    let mut legal = movegen::legal_moves(&pos);
    legal.retain(|m| super::picker::king_stays_safe(&pos, *m));
    let root: Vec<RootMove> = legal
        .iter()
        .filter(|m| shared.limits.searchmoves.is_empty() || shared.limits.searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
        })
        .collect();
    if root.is_empty() {
        // No legal move (or none of the searchmoves is legal): say how it stands, then answer.
        let v = if legal.is_empty() && pos.in_check() {
            value::mated_in(0)
        } else if legal.is_empty() {
            match pos.rules().stalemate {
                crate::rules::StalemateRule::Draw => value::DRAW,
                crate::rules::StalemateRule::Loss => value::mated_in(0),
            }
        } else {
            value::DRAW
        };
        listener(&SearchEvent::Info(SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: value::to_score(v),
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: shared.tt.hashfull(),
            time: shared.elapsed(),
            pv: Vec::new(),
        }));
        wait_for_release(shared);
        listener(&SearchEvent::BestMove {
            best: None,
            ponder: None,
        });
        let result = SearchResult {
            best: None,
            ponder: None,
            score: value::to_score(v),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        return (result, data);
    }

    let (main_data, helper_data) = data.split_at_mut(1);
    let summaries: Vec<(i32, Value, Vec<Move>, u64)> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (i, d) in helper_data.iter_mut().enumerate() {
            let pos = pos.clone();
            let root = root.clone();
            let builder = std::thread::Builder::new()
                .name(format!("search-{}", i + 1))
                .stack_size(STACK_SIZE);
            let h = builder.spawn_scoped(scope, move || {
                let mut w = Worker::new(i + 1, shared, pos, d, root);
                w.iterate(listener);
                shared.thread_nodes[w.id].store(w.nodes, Ordering::Relaxed);
                summary(&w)
            });
            if let Ok(h) = h {
                handles.push(h);
            }
        }
        let mut w = Worker::new(0, shared, pos.clone(), &mut main_data[0], root.clone());
        w.iterate(listener);
        shared.thread_nodes[0].store(w.nodes, Ordering::Relaxed);
        // A ponder or infinite search does not answer before it is told to.
        wait_for_release(shared);
        shared.stop.store(true, Ordering::Relaxed);
        let mut all = vec![summary(&w)];
        for h in handles {
            if let Ok(s) = h.join() {
                all.push(s);
            }
        }
        all
    });

    // The best finished thread: deeper wins when its score is not worse; equal depth, the
    // higher score; a shorter mate always.
    let mut best = 0;
    for (i, s) in summaries.iter().enumerate().skip(1) {
        let b = &summaries[best];
        if s.2.is_empty() {
            continue;
        }
        let better = if s.1 >= value::MATE_IN_MAX_PLY || b.1 >= value::MATE_IN_MAX_PLY {
            s.1 > b.1
        } else {
            (s.0 > b.0 && s.1 >= b.1) || (s.0 == b.0 && s.1 > b.1)
        };
        if better {
            best = i;
        }
    }
    let (depth, v, pv, _) = summaries[best].clone();
    let nodes: u64 = summaries.iter().map(|s| s.3).sum();
    let best_move = pv.first().copied();
    let ponder = pv.get(1).copied();
    listener(&SearchEvent::BestMove {
        best: best_move,
        ponder,
    });
    let result = SearchResult {
        best: best_move,
        ponder,
        score: value::to_score(v),
        depth: depth.max(0) as u32,
        nodes,
        pv,
    };
    (result, data)
}

/// A finished thread's answer: completed depth, score, PV, nodes.
fn summary(w: &Worker) -> (i32, Value, Vec<Move>, u64) {
    let rm = &w.root_moves[0];
    let v = if w.completed_depth > 0 {
        w.best_value
    } else {
        rm.score.max(rm.prev_score)
    };
    let pv = if rm.pv.is_empty() {
        vec![rm.mv]
    } else {
        rm.pv.clone()
    };
    (w.completed_depth, v, pv, w.nodes)
}

/// Blocks while the search must not answer yet: pondering, or an infinite search, until
/// `stop` (or `ponderhit`).
fn wait_for_release(shared: &Shared) {
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let pondering = shared.pondering.load(Ordering::Relaxed);
        if !pondering && !shared.limits.infinite {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
