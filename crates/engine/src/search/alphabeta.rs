//! The principal-variation alpha-beta search. The steps are numbered and named as in
//! Stockfish's `search.cpp` so that each can be compared with its model; the pruning margins
//! are in `params`, each kept only where self-play showed it pays (notes/search-params.md).

use super::SearchEvent;
use super::history::stat_bonus;
use super::node::{MoveOutcome, NodeInfo, NodeMove};
use super::params::*;
use super::picker::{MovePicker, OrderHints, is_tactical};
use super::thread::Worker;
use super::tt::{TtBound, TtData};
use super::value::{self, INFINITE, MAX_PLY, Value};
use arrayvec::ArrayVec;
use longjiang_core::rules::{Move, Piece, PieceKind};

/// The moves of a node searched and not the best when they finished: the moves the history
/// updates punish once the best is known.
#[derive(Default)]
struct Tried {
    quiets: ArrayVec<Move, 64>,
    captures: ArrayVec<Move, 32>,
}

impl Tried {
    /// Adds `m` (a capture or promotion if `tactical`); beyond the lists' room, moves are
    /// left out.
    fn push(&mut self, m: Move, tactical: bool) {
        let _ = if tactical {
            self.captures.try_push(m)
        } else {
            self.quiets.try_push(m)
        };
    }
}

/// What the table said about a node (step 4): its key, entry, value from this ply, move and
/// whether the node was on a PV.
pub(super) struct Probe {
    pub(super) key: u64,
    pub(super) entry: Option<TtData>,
    pub(super) value: Value,
    pub(super) mv: Move,
    pub(super) pv: bool,
}

/// What the moves loop leaves for step 20: the moves counted, the best value and move, and
/// the moves tried that were not the best.
struct LoopEnd {
    move_count: usize,
    best: Value,
    best_move: Move,
    tried: Tried,
}

impl Worker<'_> {
    /// Searches the current position to `depth` within `(alpha, beta)`; `PV` marks nodes on the
    /// principal variation (full windows), `cut_node` the nodes expected to fail high. Each
    /// step is a function of its own; the node's context, once the table and the evaluation
    /// are known, is one `NodeInfo` that the moves loop, `search_move` and the split points read.
    pub(crate) fn search<const PV: bool>(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        depth: i32,
        cut_node: bool,
        ply: usize,
    ) -> Value {
        // Step 1. Initialize node.
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, 0, ply);
        }
        let root = ply == 0;
        let in_check = self.pos.in_check();
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply + 1);
        }
        if !root {
            if self.enter_node() {
                return 0;
            }
            self.stats.main_nodes += 1;
        }
        let excluded = self.frame(ply as isize).excluded;

        if !root {
            // Step 2. Aborted search and immediate draw (repetition, perpetual check).
            if let Some(v) = self.repetition_value(ply) {
                return v;
            }
            if ply >= MAX_PLY - 2 {
                return if in_check { 0 } else { self.evaluate(ply) };
            }
            // Step 3. Mate distance pruning: no line from here can beat a mate already found
            // nearer the root.
            alpha = alpha.max(value::mated_in(ply));
            beta = beta.min(value::mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        // The grandchildren's killers start empty: the children keep the killers of their
        // cousins (the other nodes of their ply under the same grandparent), as Stockfish's.
        self.frame_mut(ply + 2).killers = [Move::NONE; 2];

        // Step 4. Transposition table lookup.
        let tt = match self.probe_table::<PV>(alpha, beta, depth, ply, excluded) {
            Ok(tt) => tt,
            Err(v) => return v,
        };
        self.frame_mut(ply).tt_hit = tt.entry.is_some();

        // Step 5. (Tablebases: none for this game.)

        // Step 6. Static evaluation.
        let (static_eval, eval_v, improving) = self.node_eval(&tt, ply, in_check);

        // Steps 7 to 9 (`early_cuts`). The move here threatens mate in one: no cut by the
        // evaluation (docs/mates.md).
        let threatened = ply > 0 && self.frame(ply as isize - 1).threat;
        if !PV
            && !in_check
            && !threatened
            && excluded == Move::NONE
            && let Some(v) = self.cut_before_moves(
                alpha,
                beta,
                depth,
                cut_node,
                ply,
                eval_v,
                static_eval,
                improving,
            )
        {
            return v;
        }

        // Step 10. Internal iterative reduction: a PV or cut node without a table move is
        // searched a little shallower.
        let mut depth = depth;
        if !root
            && excluded == Move::NONE
            && tt.mv == Move::NONE
            && depth >= IIR_DEPTH.get()
            && (PV || (cut_node && IIR_CUT_NODES.get() > 0))
        {
            depth = (depth - IIR_REDUCTION.get()).max(1);
        }

        // Step 11. ProbCut (off by default: `PROBCUT`, notes/search-tree.md).
        if !PV
            && !in_check
            && !threatened
            && excluded == Move::NONE
            && let Some(v) = self.probcut(beta, depth, cut_node, ply, static_eval, improving, &tt)
        {
            return v;
        }

        // The node's context, what its moves share.
        let node = NodeInfo {
            depth,
            ply,
            root,
            cut_node,
            in_check,
            improving,
            static_eval,
            tt_pv: tt.pv,
            tt_capture: tt.mv != Move::NONE && is_tactical(&self.pos, tt.mv),
            tt_move: tt.mv,
            tt_value: tt.value,
            tt_depth: tt.entry.map_or(super::tt::DEPTH_MIN, |t| t.depth),
            tt_bound: tt.entry.map_or(TtBound::None, |t| t.bound),
            excluded,
            mobile: self.has_mobile_material(),
            cont: self.cont_blocks(ply),
        };
        let Some(end) = self.moves_loop::<PV>(&node, alpha, beta) else {
            return 0;
        };
        self.end_node::<PV>(&node, tt.key, alpha, beta, end)
    }

    /// Step 4: the table's entry for this node, or the value that cuts it (`Err`) when the
    /// entry is deep enough and its bound decides the window.
    #[inline(always)]
    fn probe_table<const PV: bool>(
        &mut self,
        alpha: Value,
        beta: Value,
        depth: i32,
        ply: usize,
        excluded: Move,
    ) -> Result<Probe, Value> {
        let key = self.pos.key();
        let tte = self.shared.tt.probe(key);
        let tt_value = tte.map_or(value::NONE, |t| value::from_tt(t.value, ply));
        let tt_move = if ply == 0 {
            self.root_moves[self.pv_idx].mv
        } else {
            tte.map_or(Move::NONE, |t| t.mv)
        };
        let tt_pv = PV || tte.is_some_and(|t| t.pv);
        self.stats.tt_hits += tte.is_some() as u64;
        if !PV
            && excluded == Move::NONE
            && let Some(t) = tte
            && tt_value != value::NONE
            && t.depth >= depth
            && t.bound.cuts(tt_value, alpha, beta)
        {
            // A quiet TT move that fails high earns its history here too.
            if tt_move != Move::NONE
                && tt_value >= beta
                && !is_tactical(&self.pos, tt_move)
                && self.pos.is_legal(tt_move)
            {
                self.update_quiet_stats(ply, tt_move, stat_bonus(depth), &[]);
            }
            self.stats.tt_cuts += 1;
            return Err(tt_value);
        }
        Ok(Probe {
            key,
            entry: tte,
            value: tt_value,
            mv: tt_move,
            pv: tt_pv,
        })
    }

    /// Step 6: the node's static evaluation, the same refined by the table's bound, and
    /// whether the side to move is improving (all `NONE` and `false` in check); stores a fresh
    /// evaluation in the table and the frame.
    #[inline(always)]
    fn node_eval(&mut self, tt: &Probe, ply: usize, in_check: bool) -> (Value, Value, bool) {
        if in_check {
            self.frame_mut(ply).static_eval = value::NONE;
            self.frame_mut(ply).in_check = true;
            return (value::NONE, value::NONE, false);
        }
        let static_eval = match tt.entry {
            Some(t) if t.eval != value::NONE => t.eval,
            _ => self.evaluate(ply),
        };
        let mut eval_v = static_eval;
        if tt.entry.is_none() {
            self.shared.tt.store(
                tt.key,
                Move::NONE,
                value::NONE,
                static_eval,
                super::tt::DEPTH_MIN,
                TtBound::None,
                tt.pv,
            );
        }
        // The table's value is a better estimate when its bound points the right way.
        if tt.value != value::NONE
            && let Some(t) = tt.entry
            && t.bound.refines(tt.value, eval_v)
        {
            eval_v = tt.value;
        }
        self.frame_mut(ply).static_eval = static_eval;
        self.frame_mut(ply).in_check = false;
        let two_back = if ply >= 2 {
            self.frame(ply as isize - 2).static_eval
        } else {
            value::NONE
        };
        let improving = two_back == value::NONE || static_eval > two_back;
        (static_eval, eval_v, improving)
    }

    /// The moves loop (steps 13 to 19, each move through `search_move`, or shared with the
    /// other threads at a split point); `None` when the search was stopped.
    #[inline(always)]
    fn moves_loop<const PV: bool>(
        &mut self,
        node: &NodeInfo,
        mut alpha: Value,
        beta: Value,
    ) -> Option<LoopEnd> {
        let (ply, root, excluded) = (node.ply, node.root, node.excluded);
        let ctx = OrderHints {
            cont: node.cont,
            cont_far: self.cont_blocks_far(ply),
            killers: self.frame(ply as isize).killers,
            counter: if ply >= 1 {
                self.data
                    .hist
                    .counter(self.frame(ply as isize - 1).counter_key)
            } else {
                Move::NONE
            },
            ply,
        };
        let mut picker = MovePicker::new(&self.pos, node.tt_move, node.depth, ctx);
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut move_count = 0usize;
        let mut tried = Tried::default();
        self.frame_mut(ply).singular_quiet = false;
        self.stats.move_nodes += 1;
        self.stats.tt_move_nodes += (node.tt_move != Move::NONE) as u64;
        loop {
            // Share the moves left out with the other threads (`split`): at once at a
            // node of the offered depths, else when a thread waits for work.
            if excluded == Move::NONE
                && let Some(w) = self.try_split(node, PV, move_count)
            {
                let only = root.then(|| self.open_root_moves().collect());
                let r = self.split(
                    w,
                    PV,
                    node,
                    Box::new(picker),
                    only,
                    move_count + 1,
                    alpha,
                    beta,
                    best,
                    best_move,
                );
                if self.stopped {
                    return None;
                }
                (move_count, best, best_move) = (r.move_count, r.best, r.best_move);
                for &m in r.searched.iter().filter(|&&m| m != best_move) {
                    tried.push(m, is_tactical(&self.pos, m));
                }
                // `split` keeps a line at PV nodes only.
                if !r.pv.is_empty() && r.pv.len() <= MAX_PLY - ply {
                    self.pv[ply][ply..ply + r.pv.len()].copy_from_slice(&r.pv);
                    self.pv_len[ply] = ply + r.pv.len();
                }
                for rr in r.root_results {
                    let (mv, v) = (rr.mv, rr.value);
                    self.set_root_result(mv, v, (v > rr.alpha).then_some((rr.pv, rr.seldepth)));
                }
                break;
            }

            let Some(m) = picker.next(&self.pos, &self.data.hist) else {
                break;
            };
            if (root && !self.is_open_root_move(m)) || m == excluded {
                continue;
            }
            move_count += 1;
            self.frame_mut(ply).move_count = move_count;
            if root && let Some(report) = &self.reporter {
                report(&SearchEvent::RootMove {
                    depth: self.root_depth as u32,
                    mv: m,
                    number: (move_count + self.pv_idx) as u32,
                    time: self.shared.elapsed(),
                });
            }
            let tactical = is_tactical(&self.pos, m);
            let nm = NodeMove {
                mv: m,
                number: move_count,
                gives_check: picker.gives_check(&self.pos, m),
            };
            let v = match self.search_move::<PV>(node, nm, alpha, beta, best) {
                MoveOutcome::Searched(v) => v,
                MoveOutcome::Pruned => continue,
                MoveOutcome::PrunedWithLaterQuiets => {
                    picker.skip_quiets = true;
                    continue;
                }
            };

            // Step 19. Check for a new best move.
            if self.stopped {
                return None;
            }
            if root {
                let line = (move_count == 1 || v > alpha)
                    .then(|| (self.line_through(ply, m), self.seldepth));
                self.set_root_result(m, v, line);
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if PV && !root {
                        self.update_pv(ply, m);
                    }
                    if PV && v < beta {
                        alpha = v;
                    } else {
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += (move_count == 1) as u64;
                        self.stats.tt_move_cutoffs += (m == node.tt_move) as u64;
                        break; // Fail high.
                    }
                }
            }
            if m != best_move {
                tried.push(m, tactical);
            }
        }
        Some(LoopEnd {
            move_count,
            best,
            best_move,
            tried,
        })
    }

    /// Step 20: mate or stalemate when no move was searched, the best move's history, and the
    /// node's result in the table; the node's value.
    #[inline(always)]
    fn end_node<const PV: bool>(
        &mut self,
        node: &NodeInfo,
        key: u64,
        alpha: Value,
        beta: Value,
        end: LoopEnd,
    ) -> Value {
        let ply = node.ply;
        let mut best = end.best;
        if end.move_count == 0 {
            best = if node.excluded != Move::NONE {
                alpha
            } else if node.in_check {
                value::mated_in(ply)
            } else {
                self.stalemate_value(ply)
            };
        } else if end.best_move != Move::NONE {
            self.update_all_stats(ply, node.depth, end.best_move, &end.tried);
            self.punish_refuted_prior(ply, node.depth);
        } else if node.excluded == Move::NONE {
            self.reward_prior_of_fail_low(ply, node.depth, PV || node.cut_node);
        }

        if !(node.root && self.pv_idx > 0) && node.excluded == Move::NONE {
            let bound = TtBound::of_result(best, beta, PV && end.best_move != Move::NONE);
            self.shared.tt.store(
                key,
                end.best_move,
                value::to_tt(best, ply),
                node.static_eval,
                node.depth,
                bound,
                node.tt_pv,
            );
        }
        best
    }

    /// Rewards the node's best move and punishes the moves tried before it: the quiet
    /// histories, killers and counter move for a quiet best move, the capture history for
    /// a capture (Stockfish's `update_all_stats`).
    fn update_all_stats(&mut self, ply: usize, depth: i32, best_move: Move, tried: &Tried) {
        let bonus = stat_bonus(depth);
        if !is_tactical(&self.pos, best_move) {
            self.update_quiet_stats(ply, best_move, bonus, &tried.quiets);
        } else if let Some((p, k)) = self.capture_parts(best_move) {
            self.data.hist.update_capture(p, best_move, k, bonus);
        }
        for &c in &tried.captures {
            if let Some((p, k)) = self.capture_parts(c) {
                self.data.hist.update_capture(p, c, k, -bonus);
            }
        }
    }

    /// The piece that moves (or is dropped) with `m`, before it is played.
    #[inline(always)]
    pub(crate) fn moved_piece(&self, m: Move) -> Option<Piece> {
        match m.from() {
            Some(f) => self.pos.piece_at(f),
            None => m
                .drop_kind()
                .map(|k| Piece::new(self.pos.side_to_move(), k)),
        }
    }

    /// `moved_piece` when `m` has just been played (the piece stands on its destination;
    /// a promotion is looked up as the promoted piece).
    #[inline(always)]
    pub(crate) fn moved_piece_after(&self, m: Move) -> Piece {
        self.pos
            .piece_at(m.to())
            .unwrap_or(Piece::new(!self.pos.side_to_move(), PieceKind::Pawn))
    }

    /// The mover and the captured kind of a capture (`None` for non-captures).
    fn capture_parts(&self, m: Move) -> Option<(Piece, PieceKind)> {
        let victim = self.pos.piece_at(m.to())?;
        let p = self.moved_piece(m)?;
        Some((p, victim.kind))
    }

    /// Whether the side to move has something besides king and pawns to move or drop (null
    /// move is unsafe without: zugzwang).
    pub(super) fn has_mobile_material(&self) -> bool {
        let us = self.pos.side_to_move();
        let pieces = self.pos.side_pieces(us);
        let pawns_king =
            self.pos.pieces(us, PieceKind::Pawn) | self.pos.pieces(us, PieceKind::King);
        (pieces & !pawns_king).any() || !self.pos.hand(us).is_empty()
    }

    /// Rewards the quiet move `m` that was best at `ply`, and punishes the quiet moves tried
    /// before it.
    fn update_quiet_stats(&mut self, ply: usize, m: Move, bonus: i32, tried: &[Move]) {
        let us = self.pos.side_to_move();
        {
            let f = self.frame_mut(ply);
            if f.killers[0] != m {
                f.killers[1] = f.killers[0];
                f.killers[0] = m;
            }
        }
        if ply >= 1 {
            let key = self.frame(ply as isize - 1).counter_key;
            self.data.hist.set_counter(key, m);
        }
        let blocks = self.cont_blocks(ply);
        // Stockfish's low-ply history: the first plies from the root learn apart too (3/4 bonus).
        let low_ply = ply < LOW_PLY_HISTORY.get() as usize;
        self.bump(us, m, bonus, &blocks, low_ply.then_some(ply));
        for &q in tried {
            self.bump(us, q, -bonus, &blocks, low_ply.then_some(ply));
        }
        // The moves 3 and 6 plies before learn where the picker reads them, with half the
        // bonus and not in check (Stockfish's lighter weights there, and its in-check rule).
        let far = [CONT_HISTORY_3_WEIGHT.get(), CONT_HISTORY_6_WEIGHT.get()];
        if far != [0, 0] && !self.pos.in_check() {
            let far_blocks = self.cont_blocks_far(ply);
            for (&b, &weight) in far_blocks.iter().zip(&far) {
                if weight == 0 {
                    continue;
                }
                for (&q, bonus) in
                    std::iter::once((&m, bonus)).chain(tried.iter().map(|q| (q, -bonus)))
                {
                    if let Some(p) = self.moved_piece(q) {
                        self.data.hist.update_cont(b, p, q.to().index(), bonus / 2);
                    }
                }
            }
        }
    }

    /// Rewards (punishes) `m` in the quiet history, the continuation histories of `blocks` and,
    /// at a ply `low_ply` names, the low-ply history.
    fn bump(
        &mut self,
        us: longjiang_core::rules::Color,
        m: Move,
        bonus: i32,
        blocks: &[usize; 3],
        low_ply: Option<usize>,
    ) {
        self.data.hist.update_quiet(us, m, bonus);
        if let Some(ply) = low_ply {
            self.data.hist.update_low_ply(ply, m, bonus * 3 / 4);
        }
        if let Some(p) = self.moved_piece(m) {
            for &b in blocks {
                self.data.hist.update_cont(b, p, m.to().index(), bonus);
            }
        }
    }
}
