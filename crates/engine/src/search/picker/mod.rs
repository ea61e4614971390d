//! The move picker: hands out the moves of a node one at a time, best-looking first, and
//! generates each group only when the previous ones did not cause a cut-off. An explicit stage
//! machine, as Stockfish's `movepick.cpp`:
//!
//! main search: TT move → captures and promotions (generated, scored by the captured value and
//! the capture history) handing out the good ones (static exchange not losing) → killer 1 →
//! killer 2 → counter-move → quiet board moves by history → drops by the drop history → the
//! captures that lose material;
//! in check: TT move → every evasion (captures first);
//! quiescence: TT move → captures and promotions → at its first ply, the quiet moves and drops
//! that give check (in check: TT move → every evasion).
//!
//! Here are the stages and the lists they generate; `score` is how a move is scored.

mod score;
mod threats;

use super::history::Histories;
use super::params::{BAD_CAPTURE_SEE_DIVISOR, CAPTURE_GAIN_WEIGHT, LMP_KEEP_CHECKS};
use super::see::see_ge;
use arrayvec::ArrayVec;
use longjiang_core::movegen::{self, CheckSquares, MAX_MOVES};
use longjiang_core::rules::{Move, Position};
pub(crate) use score::is_tactical;
use score::{QuietWeights, Scored, capture_score, promotes_tactically, quiet_score};
use threats::LesserThreats;

/// The stages, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    MainTt,
    CaptureInit,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    QuietInit,
    Quiets,
    DropInit,
    Drops,
    BadCaptures,
    EvasionTt,
    EvasionInit,
    Evasions,
    QsTt,
    QsCaptureInit,
    QsCaptures,
    QsCheckInit,
    QsChecks,
    Done,
}

/// What the picker needs to know about the node besides the position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OrderHints {
    /// The continuation-history blocks of the moves 1, 2 and 4 plies before.
    pub cont: [usize; 3],
    /// The blocks of the moves 3 and 6 plies before (`Worker::cont_blocks_far`).
    pub cont_far: [usize; 2],
    /// The killers of this ply.
    pub killers: [Move; 2],
    /// The counter-move to the previous move.
    pub counter: Move,
    /// The node's distance from the root (the low-ply history's index).
    pub ply: usize,
}

impl OrderHints {
    /// No hints: no continuation blocks, killers or counter-move (a node with no history, and
    /// the tests that drive the picker alone).
    #[cfg(test)]
    pub(crate) const NONE: OrderHints = OrderHints {
        cont: [Histories::NO_CONT; 3],
        cont_far: [Histories::NO_CONT; 2],
        killers: [Move::NONE; 2],
        counter: Move::NONE,
        ply: usize::MAX,
    };
}

/// Hands out the moves of one node.
#[derive(Debug)]
pub(crate) struct MovePicker {
    stage: Stage,
    tt_move: Move,
    ctx: OrderHints,
    depth: i32,
    moves: ArrayVec<Scored, MAX_MOVES>,
    cur: usize,
    bad: ArrayVec<Move, MAX_MOVES>,
    bad_cur: usize,
    /// Set by the search (move-count pruning): quiet moves are no longer wanted, except the
    /// checks and the drops that press the enemy king (a mate may hang on one whatever the
    /// evaluation says; docs/mates.md).
    pub skip_quiets: bool,
    /// The current list holds only the moves that survive `skip_quiets`.
    checks_listed: bool,
    /// Quiescence: the quiet checks follow the captures.
    qs_checks: bool,
    /// Which moves give check, by lookup (the picker's filters and the search ask it).
    checks: CheckSquares,
}

impl MovePicker {
    /// A picker for the main search at `depth`.
    pub fn new(pos: &Position, tt_move: Move, depth: i32, ctx: OrderHints) -> MovePicker {
        let in_check = pos.in_check();
        let stage = if in_check {
            Stage::EvasionTt
        } else {
            Stage::MainTt
        };
        let tt_ok = tt_move != Move::NONE && pos.is_legal(tt_move);
        MovePicker {
            stage: if tt_ok { stage } else { next_after_tt(stage) },
            tt_move: if tt_ok { tt_move } else { Move::NONE },
            ctx,
            depth,
            moves: ArrayVec::new(),
            cur: 0,
            bad: ArrayVec::new(),
            bad_cur: 0,
            skip_quiets: false,
            checks_listed: false,
            qs_checks: false,
            checks: CheckSquares::new(pos),
        }
    }

    /// A picker for quiescence: tactical moves (then the quiet checks if `checks`), or every
    /// evasion when in check.
    pub fn new_qsearch(pos: &Position, tt_move: Move, ctx: OrderHints, checks: bool) -> MovePicker {
        let in_check = pos.in_check();
        let stage = if in_check {
            Stage::EvasionTt
        } else {
            Stage::QsTt
        };
        let mut lookup = CheckSquares::new(pos);
        let tt_ok = tt_move != Move::NONE
            && pos.is_legal(tt_move)
            && (in_check
                || is_tactical(pos, tt_move)
                || (checks && lookup.gives_check(pos, tt_move)));
        MovePicker {
            stage: if tt_ok { stage } else { next_after_tt(stage) },
            tt_move: if tt_ok { tt_move } else { Move::NONE },
            ctx,
            depth: 0,
            moves: ArrayVec::new(),
            cur: 0,
            bad: ArrayVec::new(),
            bad_cur: 0,
            skip_quiets: false,
            checks_listed: false,
            qs_checks: checks && !in_check,
            checks: lookup,
        }
    }

    /// The next move to try, or `None` when the node's moves are exhausted.
    pub fn next(&mut self, pos: &Position, h: &Histories) -> Option<Move> {
        loop {
            match self.stage {
                Stage::MainTt | Stage::EvasionTt | Stage::QsTt => {
                    self.stage = next_after_tt(self.stage);
                    return Some(self.tt_move);
                }
                Stage::CaptureInit | Stage::QsCaptureInit => {
                    self.gen_tactical(pos, h);
                    self.stage = if self.stage == Stage::CaptureInit {
                        Stage::GoodCaptures
                    } else {
                        Stage::QsCaptures
                    };
                }
                Stage::GoodCaptures => {
                    while let Some(s) = self.pick_best() {
                        if s.mv == self.tt_move {
                            continue;
                        }
                        // A capture that loses material (allowing a little when its history
                        // is good) waits for the last stage.
                        if see_ge(pos, s.mv, -s.score / BAD_CAPTURE_SEE_DIVISOR.get()) {
                            return Some(s.mv);
                        }
                        let _ = self.bad.try_push(s.mv);
                    }
                    self.stage = Stage::Killer1;
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let m = match self.stage {
                        Stage::Killer1 => self.ctx.killers[0],
                        Stage::Killer2 => self.ctx.killers[1],
                        _ => self.ctx.counter,
                    };
                    let counter = self.stage == Stage::Counter;
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::QuietInit,
                    };
                    if self.skip_quiets || !self.is_refutation_ok(pos, m) {
                        continue;
                    }
                    if counter && (m == self.ctx.killers[0] || m == self.ctx.killers[1]) {
                        continue;
                    }
                    return Some(m);
                }
                Stage::QuietInit => {
                    if !self.skip_quiets {
                        self.gen_quiets(pos, h);
                    } else if LMP_KEEP_CHECKS.get() == 0 {
                        self.stage = Stage::BadCaptures;
                        continue;
                    } else {
                        self.gen_quiet_checks(pos, h, true);
                        self.checks_listed = true;
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets | Stage::Drops => {
                    if self.skip_quiets && !self.checks_listed && LMP_KEEP_CHECKS.get() == 0 {
                        self.cur = self.moves.len();
                    }
                    while self.cur < self.moves.len() {
                        let m = self.moves[self.cur].mv;
                        self.cur += 1;
                        if self.is_special(m)
                            || (self.skip_quiets
                                && !self.checks_listed
                                && !survives_skip(&mut self.checks, pos, m))
                        {
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = if self.stage == Stage::Quiets && !self.checks_listed {
                        Stage::DropInit
                    } else {
                        Stage::BadCaptures
                    };
                }
                Stage::DropInit => {
                    if !self.skip_quiets {
                        self.gen_drops(pos, h);
                    } else if LMP_KEEP_CHECKS.get() == 0 {
                        self.stage = Stage::BadCaptures;
                        continue;
                    } else {
                        self.gen_drop_checks(pos, h);
                        self.checks_listed = true;
                    }
                    self.stage = Stage::Drops;
                }
                Stage::BadCaptures => {
                    if self.bad_cur < self.bad.len() {
                        self.bad_cur += 1;
                        return Some(self.bad[self.bad_cur - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::EvasionInit => {
                    self.gen_evasions(pos, h);
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions | Stage::QsCaptures | Stage::QsChecks => {
                    while let Some(s) = self.pick_best() {
                        if s.mv != self.tt_move {
                            return Some(s.mv);
                        }
                    }
                    self.stage = if self.stage == Stage::QsCaptures && self.qs_checks {
                        Stage::QsCheckInit
                    } else {
                        Stage::Done
                    };
                }
                Stage::QsCheckInit => {
                    self.gen_quiet_checks(pos, h, false);
                    self.stage = Stage::QsChecks;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Whether the legal move `m` gives check (`Position::gives_check`, by the node's check
    /// squares).
    #[inline]
    pub fn gives_check(&mut self, pos: &Position, m: Move) -> bool {
        self.checks.gives_check(pos, m)
    }

    /// Whether `m` was already handed out as TT move, killer or counter.
    #[inline(always)]
    fn is_special(&self, m: Move) -> bool {
        m == self.tt_move
            || m == self.ctx.killers[0]
            || m == self.ctx.killers[1]
            || m == self.ctx.counter
    }

    /// A killer or counter-move is tried only if it is a legal quiet move here and not the TT
    /// move.
    fn is_refutation_ok(&self, pos: &Position, m: Move) -> bool {
        m != Move::NONE && m != self.tt_move && !is_tactical(pos, m) && pos.is_legal(m)
    }

    /// Selection of the best remaining scored move (the lists here are short).
    #[inline]
    fn pick_best(&mut self) -> Option<Scored> {
        if self.cur >= self.moves.len() {
            return None;
        }
        let mut best = self.cur;
        for i in self.cur + 1..self.moves.len() {
            if self.moves[i].score > self.moves[best].score {
                best = i;
            }
        }
        self.moves.swap(self.cur, best);
        self.cur += 1;
        Some(self.moves[self.cur - 1])
    }

    fn push(&mut self, mv: Move, score: i32) {
        let _ = self.moves.try_push(Scored { mv, score });
    }

    fn gen_tactical(&mut self, pos: &Position, h: &Histories) {
        self.moves.clear();
        self.cur = 0;
        let theirs = pos.side_pieces(!pos.side_to_move());
        let moves = &mut self.moves;
        // The king's only tactical moves are captures.
        movegen::generate_king_limited(pos, theirs, false, |set| {
            if set.from.is_none() {
                return true; // drops come last and are never tactical
            }
            let mut s = set;
            let promo = if promotes_tactically(pos, &set) {
                set.promo_optional | set.promo_forced
            } else {
                longjiang_core::geometry::Bitboard::EMPTY
            };
            s.to &= theirs | promo;
            for mv in s {
                if is_tactical(pos, mv) {
                    let _ = moves.try_push(Scored { mv, score: 0 });
                }
            }
            false
        });
        // Scored in place: a list of moves collected first and moved out of here would be
        // copied whole (an `ArrayVec` taken by value), about 2 % of a profile.
        let weight = CAPTURE_GAIN_WEIGHT.get();
        for s in self.moves.iter_mut() {
            s.score = capture_score(pos, h, s.mv, weight);
        }
    }

    fn gen_quiets(&mut self, pos: &Position, h: &Histories) {
        self.moves.clear();
        self.cur = 0;
        let theirs = pos.side_pieces(!pos.side_to_move());
        let moves = &mut self.moves;
        movegen::generate_king_limited(pos, !theirs, true, |set| {
            if set.from.is_none() {
                return true;
            }
            let mut s = set;
            s.to &= !theirs;
            for mv in s {
                if !is_tactical(pos, mv) {
                    let _ = moves.try_push(Scored { mv, score: 0 });
                }
            }
            false
        });
        self.score_quiets(pos, h);
        // Stockfish's threatened pieces: step out of a lesser piece's attack first.
        if let Some(t) = LesserThreats::of(pos) {
            for s in self.moves.iter_mut() {
                s.score += t.adjust(pos, s.mv);
            }
        }
        self.sort_partial();
    }

    /// Scores the listed moves by `quiet_score`.
    fn score_quiets(&mut self, pos: &Position, h: &Histories) {
        let w = QuietWeights::get();
        for i in 0..self.moves.len() {
            self.moves[i].score = quiet_score(pos, h, &self.ctx, self.moves[i].mv, &w);
        }
    }

    /// The quiet board moves and the drops that give check (quiescence's first ply), and with
    /// `pressing` the drops that press the enemy king (the main search after move-count
    /// pruning).
    fn gen_quiet_checks(&mut self, pos: &Position, h: &Histories, pressing: bool) {
        self.moves.clear();
        self.cur = 0;
        let us = pos.side_to_move();
        let theirs = pos.side_pieces(!us);
        let moves = &mut self.moves;
        let checks = &mut self.checks;
        movegen::generate(pos, |set| {
            if set.from.is_none() {
                return true;
            }
            let mut s = set;
            s.to &= !theirs;
            for mv in s {
                if !is_tactical(pos, mv) && checks.gives_check(pos, mv) {
                    let _ = moves.try_push(Scored { mv, score: 0 });
                }
            }
            false
        });
        self.push_drop_checks(pos, pressing);
        self.score_quiets(pos, h);
    }

    /// Adds the drops that give check, and with `pressing` those that press the enemy king.
    fn push_drop_checks(&mut self, pos: &Position, pressing: bool) {
        // A drop checks exactly from the squares its kind attacks the king from.
        let us = pos.side_to_move();
        let king = pos.king(!us);
        for kind in pos.hand(us).kinds() {
            let mut set = movegen::drops_of(pos, kind);
            let mut to = movegen::check_squares(kind, us, king, pos.occupied());
            if pressing {
                to |= super::pressure::pressing_drop_squares(pos, kind);
            }
            set.to &= to;
            for mv in set {
                let _ = self.moves.try_push(Scored { mv, score: 0 });
            }
        }
    }

    /// Only the drops that give check or press the enemy king (after move-count pruning).
    fn gen_drop_checks(&mut self, pos: &Position, h: &Histories) {
        self.moves.clear();
        self.cur = 0;
        self.push_drop_checks(pos, true);
        self.score_quiets(pos, h);
    }

    fn gen_drops(&mut self, pos: &Position, h: &Histories) {
        self.moves.clear();
        self.cur = 0;
        let us = pos.side_to_move();
        let w = QuietWeights::get();
        for kind in pos.hand(us).kinds() {
            for m in movegen::drops_of(pos, kind) {
                let sc = quiet_score(pos, h, &self.ctx, m, &w);
                self.push(m, sc);
            }
        }
        self.sort_partial();
    }

    /// Sorts the moves scoring above a depth-dependent limit to the front (insertion sort);
    /// the rest stay in generation order, as Stockfish's `partial_insertion_sort`.
    fn sort_partial(&mut self) {
        let limit = -super::params::SORT_LIMIT_PER_PLY.get() * self.depth;
        let m = &mut self.moves[..];
        let mut sorted_end = 0;
        for p in 1..m.len() {
            if m[p].score >= limit {
                let tmp = m[p];
                sorted_end += 1;
                m[p] = m[sorted_end];
                let mut q = sorted_end;
                while q > 0 && m[q - 1].score < tmp.score {
                    m[q] = m[q - 1];
                    q -= 1;
                }
                m[q] = tmp;
            }
        }
    }

    fn gen_evasions(&mut self, pos: &Position, h: &Histories) {
        self.moves.clear();
        self.cur = 0;
        let (weight, w) = (CAPTURE_GAIN_WEIGHT.get(), QuietWeights::get());
        for &m in movegen::legal_moves(pos).iter() {
            let sc = if is_tactical(pos, m) {
                1 << 20 | capture_score(pos, h, m, weight)
            } else {
                quiet_score(pos, h, &self.ctx, m, &w)
            };
            self.push(m, sc);
        }
    }
}

/// Whether quiet move `m` is still handed out after move-count pruning began: a check, or a
/// drop that presses the enemy king.
fn survives_skip(checks: &mut CheckSquares, pos: &Position, m: Move) -> bool {
    checks.gives_check(pos, m) || (m.is_drop() && super::pressure::presses_king(pos, m))
}

fn next_after_tt(stage: Stage) -> Stage {
    match stage {
        Stage::MainTt => Stage::CaptureInit,
        Stage::EvasionTt => Stage::EvasionInit,
        Stage::QsTt => Stage::QsCaptureInit,
        s => s,
    }
}

#[cfg(test)]
mod tests;
