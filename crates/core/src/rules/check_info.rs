//! Check information: the checkers, the pinned pieces and the discoverers of the side to move,
//! kept in each `State` after a move (Stockfish's `set_check_info`).

use super::piece::{Color, PieceKind};
use super::position::Position;
use crate::geometry::attacks;
use crate::geometry::{Bitboard, Square};

impl Position {
    /// Recomputes checkers and pins for the side to move into the current state; with
    /// `may_be_in_check` false (the last move is known not to give check) the checkers are
    /// taken as none without looking.
    pub(crate) fn update_check_info(&mut self, may_be_in_check: bool) {
        let us = self.side;
        let them = !us;
        let king = self.king(us);
        let occ = self.occupied();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let checkers = if !may_be_in_check {
            Bitboard::EMPTY
        } else if self.shogi_kinds_only() {
            self.shogi_game_attackers_by(king, them, occ)
        } else {
            self.general_attackers_to(king, occ) & theirs
        };
        let (pinned_line, pinned_leg) = self.blockers(king, them, ours, occ);
        let (line, leg) = self.blockers(self.king(them), us, ours, occ);
        let discoverers = line | leg;
        let n = self.states.len() - 1;
        let st = &mut self.states[n];
        st.checkers = checkers;
        st.pinned_line = pinned_line;
        st.pinned_leg = pinned_leg;
        st.discoverers = discoverers;
    }

    /// The pieces of `shields` that stand alone between `king` and a line piece of `by`, and
    /// those on the leg of a guard of `by` that would reach `king` (Stockfish's
    /// `blockersForKing`): the pinned pieces of `king`'s side, or the discoverers of `by`.
    #[inline(always)]
    fn blockers(
        &self,
        king: Square,
        by: Color,
        shields: Bitboard,
        occ: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let snipers = if self.shogi_kinds_only() {
            self.shogi_game_snipers(king, by)
        } else {
            self.general_snipers(king, by)
        };
        let mut line = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(king, s) & occ;
            if b.any() && !b.has_many() {
                line |= b & shields;
            }
        }
        let guards = self.by_kind[PieceKind::Guard.index()] & self.by_color[by.index()];
        let mut leg = Bitboard::EMPTY;
        if guards.any() {
            for (on_leg, from) in attacks::guard_legs_toward(king) {
                if (from & guards).any() {
                    leg |= on_leg & shields;
                }
            }
        }
        (line, leg)
    }

    /// The squares a leg-pinned piece on `sq` may move to: the guards it shields the king
    /// from (capturing the only one is the sole way to move it; two make it immobile).
    #[inline]
    pub(crate) fn leg_pin_targets(&self, sq: Square) -> Bitboard {
        let us = self.side;
        let king = self.king(us);
        let guards = self.pieces(!us, PieceKind::Guard);
        let mut allowed = Bitboard::FULL;
        for (leg, from) in attacks::guard_legs_toward(king) {
            if leg.has(sq) {
                let g = from & guards;
                if g.has_many() {
                    return Bitboard::EMPTY;
                }
                allowed &= g;
            }
        }
        allowed
    }
}
