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
        let guards = self.by_kind[PieceKind::Guard.index()] & theirs;
        let shogi = self.shogi_kinds_only();
        let checkers = if !may_be_in_check {
            Bitboard::EMPTY
        } else if shogi {
            self.shogi_game_attackers_by(king, them, occ)
        } else {
            self.general_attackers_to(king, occ) & theirs
        };
        let snipers = if shogi {
            self.shogi_game_snipers(king, them)
        } else {
            self.general_snipers(king, them)
        };
        let mut pinned_line = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(king, s) & occ;
            if b.any() && !b.has_many() {
                pinned_line |= b & ours;
            }
        }
        let mut pinned_leg = Bitboard::EMPTY;
        if guards.any() {
            for (leg, from) in attacks::guard_legs_toward(king) {
                if (from & guards).any() {
                    pinned_leg |= leg & ours;
                }
            }
        }
        let discoverers = self.discoverers(us, occ);
        let n = self.states.len() - 1;
        let st = &mut self.states[n];
        st.checkers = checkers;
        st.pinned_line = pinned_line;
        st.pinned_leg = pinned_leg;
        st.discoverers = discoverers;
    }

    /// `us`'s pieces that stand alone between the enemy king and a line piece of `us`, or on
    /// the leg of a guard of `us` that would reach that king (Stockfish's `blockersForKing`).
    fn discoverers(&self, us: Color, occ: Bitboard) -> Bitboard {
        let their_king = self.king(!us);
        let ours = self.by_color[us.index()];
        let snipers = if self.shogi_kinds_only() {
            self.shogi_game_snipers(their_king, us)
        } else {
            self.general_snipers(their_king, us)
        };
        let mut found = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(their_king, s) & occ;
            if b.any() && !b.has_many() {
                found |= b & ours;
            }
        }
        let guards = self.by_kind[PieceKind::Guard.index()] & ours;
        if guards.any() {
            for (leg, from) in attacks::guard_legs_toward(their_king) {
                if (from & guards).any() {
                    found |= leg & ours;
                }
            }
        }
        found
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
