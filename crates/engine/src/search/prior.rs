//! The history updates of the move that led to a node, once the node is done (Stockfish's
//! `update_all_stats` and step 20): a quiet early move that the node refutes is punished,
//! one that the node cannot answer (it fails low) is rewarded. Both are switches of
//! `params` (`PRIOR_REFUTED_MALUS`, `PRIOR_FAIL_LOW_BONUS`), off by default.

use super::history::stat_bonus;
use super::params::{PRIOR_FAIL_LOW_BONUS, PRIOR_REFUTED_MALUS};
use super::thread::Worker;
use longjiang_core::rules::Move;

impl Worker<'_> {
    /// The quiet move before `ply` and the ply it was made at, if there is such a move (not a
    /// null move, a capture or a promotion).
    fn quiet_prior(&self, ply: usize) -> Option<(Move, usize)> {
        if ply == 0 {
            return None;
        }
        let f = self.frame(ply as isize - 1);
        let m = f.current;
        (m != Move::NONE && !f.capture && m.promotion_kind().is_none()).then_some((m, ply - 1))
    }

    /// Adds `bonus` to the prior move `m` (made at `at`) in its continuation histories and
    /// `main_share` quarters of it in the quiet history of its side.
    fn bump_prior(&mut self, m: Move, at: usize, bonus: i32, main_share: i32) {
        let piece = self.moved_piece_after(m);
        for b in self.cont_blocks(at) {
            self.data.hist.update_cont(b, piece, m.to().index(), bonus);
        }
        if main_share != 0 {
            let them = !self.pos.side_to_move();
            self.data.hist.update_quiet(them, m, bonus * main_share / 4);
        }
    }

    /// A node at `ply` found a best move: the quiet move before it, when it was its node's
    /// first move after the table's, is punished in its continuation histories by
    /// `stat_bonus(depth + 1)` (Stockfish's "extra penalty for a quiet early move").
    pub(super) fn punish_refuted_prior(&mut self, ply: usize, depth: i32) {
        if PRIOR_REFUTED_MALUS.get() == 0 {
            return;
        }
        let Some((m, at)) = self.quiet_prior(ply) else {
            return;
        };
        let f = self.frame(at as isize);
        if f.move_count == 1 + f.tt_hit as usize {
            self.bump_prior(m, at, -stat_bonus(depth + 1), 0);
        }
    }

    /// A node at `ply` failed low: the quiet move before it, which no move here refutes, is
    /// rewarded by `stat_bonus(depth)` times `PRIOR_FAIL_LOW_BONUS / 2` times one for each of:
    /// a depth above 6, a PV or cut node (`pv_or_cut`), its node having tried more than 10
    /// moves; in its continuation histories in full and in its quiet history by half
    /// (Stockfish's "bonus for prior countermove that caused the fail low").
    pub(super) fn reward_prior_of_fail_low(&mut self, ply: usize, depth: i32, pv_or_cut: bool) {
        let k = PRIOR_FAIL_LOW_BONUS.get();
        if k == 0 {
            return;
        }
        let Some((m, at)) = self.quiet_prior(ply) else {
            return;
        };
        let many = self.frame(at as isize).move_count > 10;
        let factor = (depth > 6) as i32 + pv_or_cut as i32 + many as i32;
        if factor > 0 {
            self.bump_prior(m, at, stat_bonus(depth) * factor * k / 2, 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::search::history::Histories;
    use crate::search::params::{Values, install};
    use crate::search::shared::Shared;
    use crate::search::techniques::Features;
    use crate::search::thread::ThreadData;
    use crate::search::tt::TranspositionTable;
    use longjiang_core::movegen;
    use longjiang_core::rules::{LONGJIANG_NODROP, Position};
    use std::sync::Arc;

    /// Runs `f` on a worker that has played two quiet moves from the no-drop start (plies 0
    /// and 1), with `set` installed; `f` gets the worker, the second move and the first
    /// move's continuation block.
    fn after_two_quiets(
        set: &[(&'static crate::search::params::Param, i32)],
        f: impl FnOnce(&mut Worker, Move, usize),
    ) {
        let mut v = Values::DEFAULT;
        for &(p, value) in set {
            v.set(p, value).unwrap();
        }
        let _on = install(&v);
        let pos = Position::start(LONGJIANG_NODROP);
        let tt = Arc::new(TranspositionTable::new(1));
        let shared = Shared::new(
            Limits::default(),
            &pos,
            std::time::Duration::ZERO,
            1,
            1,
            tt,
            Features::DEFAULT,
            v,
        );
        let mut data = ThreadData::new();
        let mut w = Worker::new(0, &shared, pos, &mut data, Vec::new());
        let first = movegen::legal_moves(&w.pos)[0];
        w.play(first, 0, true);
        let block = w.frame(0).cont_block;
        let second = movegen::legal_moves(&w.pos)[0];
        assert!(!w.frame(0).capture && second.promotion_kind().is_none());
        w.play(second, 1, true);
        assert_ne!(block, Histories::NO_CONT);
        f(&mut w, second, block);
    }

    /// A refuted quiet move is punished only when it was its node's first move after the
    /// table's, and only with the switch on.
    #[test]
    fn a_refuted_early_quiet_loses_its_continuation_history() {
        for (on, tt_hit, count, punished) in [
            (1, true, 2, true),
            (1, false, 1, true),
            (1, true, 1, false),
            (1, false, 3, false),
            (0, true, 2, false),
        ] {
            after_two_quiets(&[(&PRIOR_REFUTED_MALUS, on)], |w, m, block| {
                w.frame_mut(1).tt_hit = tt_hit;
                w.frame_mut(1).move_count = count;
                w.punish_refuted_prior(2, 6);
                let piece = w.moved_piece_after(m);
                let v = w.data.hist.cont(block, piece, m.to().index());
                assert_eq!(v < 0, punished, "{on} {tt_hit} {count}: {v}");
                assert!(v <= 0);
            });
        }
    }

    /// A quiet move whose reply node fails low gains in its continuation and quiet histories
    /// with the switch on, by the conditions met; a capture before the node gains nothing.
    #[test]
    fn a_quiet_move_answered_by_a_fail_low_gains() {
        after_two_quiets(&[(&PRIOR_FAIL_LOW_BONUS, 2)], |w, m, block| {
            let piece = w.moved_piece_after(m);
            let them = !w.pos.side_to_move();
            w.frame_mut(1).move_count = 1;
            w.reward_prior_of_fail_low(2, 5, false);
            assert_eq!(w.data.hist.cont(block, piece, m.to().index()), 0);
            w.reward_prior_of_fail_low(2, 8, true);
            let one = w.data.hist.cont(block, piece, m.to().index());
            assert_eq!(one, 2 * stat_bonus(8));
            assert!(w.data.hist.quiet(them, m) > 0);
            w.frame_mut(1).capture = true;
            w.reward_prior_of_fail_low(2, 8, true);
            assert_eq!(w.data.hist.cont(block, piece, m.to().index()), one);
        });
        after_two_quiets(&[], |w, m, block| {
            w.reward_prior_of_fail_low(2, 12, true);
            let piece = w.moved_piece_after(m);
            assert_eq!(w.data.hist.cont(block, piece, m.to().index()), 0);
        });
    }
}
