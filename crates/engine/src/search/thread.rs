//! One search thread: its `Worker` (position, stack of frames, PV table, root moves, node
//! count) and the statistics (`ThreadData`) that outlive a search.

use super::frame::{FRAME_OFFSET, Frame};
use super::history::{Histories, piece_index};
use super::reductions::LmrTable;
use super::shared::{CHECK_INTERVAL, Shared};
use super::split::points::{MAX_NESTING, Watch};
use super::stats::Counters;
use super::techniques::Features;
use super::value::{self, INFINITE, MAX_PLY, Value};
use crate::eval::nnue::AccumulatorStack;
use longjiang_core::rules::{Move, Position};
use std::sync::atomic::Ordering;

/// A thread's statistics that live as long as the engine (cleared on a new game); during a
/// search the helpers use the main thread's (see `smp`).
pub struct ThreadData {
    pub(crate) hist: std::sync::Arc<Histories>,
    /// The network's accumulators, kept between searches for their memory only (each
    /// search resets them); a `Worker` holds them while it searches.
    acc: AccumulatorStack,
    /// The reduction table and the parameters it was built from.
    lmr: Option<((i32, i32), LmrTable)>,
}

impl ThreadData {
    /// Fresh statistics.
    pub fn new() -> ThreadData {
        ThreadData {
            hist: std::sync::Arc::new(Histories::new()),
            acc: AccumulatorStack::default(),
            lmr: None,
        }
    }

    /// The reduction table of the parameters in force, built only when they changed.
    fn lmr_table(&mut self) -> LmrTable {
        let key = LmrTable::params();
        match &self.lmr {
            Some((k, t)) if *k == key => t.clone(),
            _ => {
                let t = LmrTable::new();
                self.lmr = Some((key, t.clone()));
                t
            }
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        match std::sync::Arc::get_mut(&mut self.hist) {
            Some(h) => h.clear_mut(),
            None => self.hist.clear(),
        }
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
    pub budget_left: u64,
    pub seldepth: usize,
    pub root_depth: i32,
    pub completed_depth: i32,
    pub pv_idx: usize,
    pub stopped: bool,
    /// The split points whose moves this thread is searching, outermost first.
    pub watches: arrayvec::ArrayVec<Watch, MAX_NESTING>,
    /// The split point's move was dropped (its node is done with), not the search.
    pub dropped: bool,
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
    /// The network's accumulators per ply (empty with the classical evaluation).
    pub acc: AccumulatorStack,
    /// This thread's counts of what its tree looked like (`stats`).
    pub stats: Counters,
    /// Nodes (all threads) at the end of each completed iteration (main thread).
    pub nodes_to_depth: Vec<u64>,
    /// Where the main thread reports each root move it starts (`SearchEvent::RootMove`);
    /// `None` for the helpers.
    pub reporter: Option<super::Listener>,
}

impl<'a> Worker<'a> {
    pub(crate) fn new(
        id: usize,
        shared: &'a Shared,
        pos: Position,
        data: &'a mut ThreadData,
        root_moves: Vec<RootMove>,
    ) -> Worker<'a> {
        let root_state = pos.history_len();
        let lmr = data.lmr_table();
        let mut acc = std::mem::take(&mut data.acc);
        if shared.nnue.is_some() {
            acc.reset(MAX_PLY + 2);
        }
        let mut w = Worker {
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
            watches: arrayvec::ArrayVec::new(),
            dropped: false,
            root_state,
            nmp_min_ply: 0,
            best_value: -INFINITE,
            features: shared.features,
            lmr,
            acc,
            stats: Counters::default(),
            nodes_to_depth: Vec::new(),
            reporter: None,
        };
        // The root's sums now: a root whose static eval comes from the table is never
        // evaluated, and without it every line below would refresh its sums from scratch.
        if let Some(net) = &shared.nnue {
            w.acc.update(net, &w.pos, 0);
        }
        w
    }

    /// This thread's counts of the search so far, the network's refreshes included.
    pub fn counts(&self) -> Counters {
        Counters {
            nnue_refreshes: self.acc.refreshes(),
            ..self.stats
        }
    }

    /// The frame of `ply` (plies below the root map to empty frames).
    #[inline(always)]
    pub fn frame(&self, ply: isize) -> &Frame {
        &self.stack[(ply + FRAME_OFFSET as isize) as usize]
    }

    /// The continuation-history blocks of the moves 1, 2 and 4 plies before `ply`
    /// (`Histories::NO_CONT` where the line is shorter): what the move picker reads and what a
    /// cut-off updates.
    #[inline(always)]
    pub fn cont_blocks(&self, ply: usize) -> [usize; 3] {
        [1, 2, 4].map(|back| {
            if ply >= back {
                self.frame((ply - back) as isize).cont_block
            } else {
                Histories::NO_CONT
            }
        })
    }

    /// The continuation-history blocks of the moves 3 and 6 plies before `ply`, as
    /// `cont_blocks` (Stockfish's `continuationHistory[2]` and `[5]`).
    #[inline(always)]
    pub fn cont_blocks_far(&self, ply: usize) -> [usize; 2] {
        [3, 6].map(|back| {
            if ply >= back {
                self.frame((ply - back) as isize).cont_block
            } else {
                Histories::NO_CONT
            }
        })
    }

    /// The frame of `ply`, mutable.
    #[inline(always)]
    pub fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.stack[ply + FRAME_OFFSET]
    }

    pub(crate) fn is_main(&self) -> bool {
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
        if self.watches.iter().any(|&w| self.shared.split.is_done(w)) {
            self.stopped = true;
            self.dropped = true;
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

    /// Whether the hard time limit has passed (never while pondering, never before a root move
    /// has a searched score).
    pub(crate) fn out_of_time(&self) -> bool {
        if !self.shared.root_scored() || self.shared.pondering.load(Ordering::Relaxed) {
            return false;
        }
        self.shared
            .budget
            .maximum
            .is_some_and(|m| self.shared.clock_elapsed() >= m)
    }

    /// Plays `m` at `ply`, recording it for the histories of the plies below; `may_check`
    /// false promises that `m` gives no check (`Position::play_with_check`).
    #[inline(always)]
    pub fn play(&mut self, m: Move, ply: usize, may_check: bool) {
        let us = self.pos.side_to_move();
        let piece = match m.from() {
            Some(f) => self.pos.piece_at(f),
            None => m
                .drop_kind()
                .map(|k| longjiang_core::rules::Piece::new(us, k)),
        };
        // The earlier move's block set by check and capture (Stockfish's
        // `continuationHistory[inCheck][capture]`) where the tables are split.
        let block = piece.map(|p| {
            let split = self.data.hist.is_split();
            let in_check = split && self.pos.in_check();
            let capture = split && super::picker::is_tactical(&self.pos, m);
            self.data
                .hist
                .cont_key_of(p, m.to().index(), in_check, capture)
        });
        let capture = !m.is_castle() && self.pos.piece_at(m.to()).is_some();
        let f = self.frame_mut(ply);
        f.current = m;
        f.threat = false;
        f.capture = capture;
        match (piece, block) {
            (Some(p), Some(key)) => {
                f.cont_block = key;
                f.counter_key =
                    Some(piece_index(p) * longjiang_core::geometry::SQUARES + m.to().index());
            }
            _ => {
                f.cont_block = Histories::NO_CONT;
                f.counter_key = None;
            }
        }
        if self.shared.nnue.is_some() {
            self.acc.push(ply, &self.pos, Some(m));
        }
        self.pos.play_with_check(m, may_check);
        self.shared.tt.prefetch(self.pos.key());
    }

    /// The static evaluation of the position at `ply`: the network's when the search has
    /// one, else the classical evaluation.
    #[inline]
    pub fn evaluate(&mut self, ply: usize) -> Value {
        match &self.shared.nnue {
            Some(net) => self
                .acc
                .evaluate(net, &self.pos, ply)
                .clamp(-crate::eval::EVAL_CLAMP, crate::eval::EVAL_CLAMP),
            None => crate::eval::evaluate(&self.pos),
        }
    }

    /// Passes at `ply` (null-move pruning).
    pub fn play_null(&mut self, ply: usize) {
        let f = self.frame_mut(ply);
        f.current = Move::NONE;
        f.threat = false;
        f.capture = false;
        f.cont_block = Histories::NO_CONT;
        f.counter_key = None;
        if self.shared.nnue.is_some() {
            self.acc.push(ply, &self.pos, None);
        }
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
            longjiang_core::rules::StalemateRule::Draw => value::DRAW,
            longjiang_core::rules::StalemateRule::Loss => value::mated_in(ply),
        }
    }

    /// Whether root move `m` is searched in the current MultiPV line (not one of the lines
    /// already settled, nor left out by `searchmoves`).
    #[inline]
    pub fn is_open_root_move(&self, m: Move) -> bool {
        self.open_root_moves().any(|r| r == m)
    }

    /// The root moves still open to the current MultiPV line (those from `pv_idx` on).
    pub fn open_root_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.root_moves[self.pv_idx..].iter().map(|r| r.mv)
    }

    /// The line of move `m` at `ply`: the move, then the PV its child at `ply + 1` left.
    pub fn line_through(&self, ply: usize, m: Move) -> Vec<Move> {
        let child = &self.pv[ply + 1][ply + 1..self.pv_len[ply + 1].max(ply + 1)];
        std::iter::once(m).chain(child.iter().copied()).collect()
    }

    /// Records what root move `m` was found worth: its exact value `v` with its line and
    /// selective depth, or (`line` is `None`) only a bound, which ranks it below the others.
    pub fn set_root_result(&mut self, m: Move, v: Value, line: Option<(Vec<Move>, usize)>) {
        if let Some(rm) = self.root_moves.iter_mut().find(|r| r.mv == m) {
            match line {
                Some((pv, seldepth)) => {
                    (rm.score, rm.pv, rm.seldepth) = (v, pv, seldepth);
                    if self.is_main() {
                        self.shared.mark_root_scored();
                    }
                }
                None => rm.score = -INFINITE,
            }
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
}

impl Drop for Worker<'_> {
    /// Hands the accumulators' memory back to the thread's data for the next search.
    fn drop(&mut self) {
        self.data.acc = std::mem::take(&mut self.acc);
    }
}
