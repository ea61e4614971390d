//! The attackers a square gains when one piece leaves the board: what an exchange needs after
//! each capture, where only the sliders behind the piece and the guards whose step or leg it
//! blocked can join (Stockfish's `see_ge` adds the x-ray sliders the same way). A test compares
//! it with `attackers_to` recomputed from scratch.

use super::piece::{Color, PieceKind};
use super::position::Position;
use crate::geometry::{Bitboard, Square, attacks};

impl Position {
    /// The pieces attacking `to` once `removed` has left: `occupied` is the occupancy without
    /// it. Together with the attackers found before the removal (less `removed`), this is
    /// `attackers_to(to, occupied) & occupied`, at the cost of the lines through `removed`.
    #[inline(always)]
    pub fn attackers_revealed(&self, to: Square, occupied: Bitboard, removed: Square) -> Bitboard {
        let queens = self.kind_pieces(PieceKind::Queen);
        let mut found = Bitboard::EMPTY;
        if attacks::rook_rays(to).has(removed) {
            let sliders = self.rook_sliders()
                | queens
                | (self.kind_pieces(PieceKind::Spear) & attacks::spear_range(to));
            found |= attacks::rook_attacks(to, occupied) & sliders;
            let lances = self.kind_pieces(PieceKind::Lance);
            if lances.any() {
                for by in Color::ALL {
                    let reach = attacks::lance_attacks((!by).index(), to, occupied);
                    found |= reach & lances & self.side_pieces(by);
                }
            }
        }
        if attacks::bishop_rays(to).has(removed) {
            let sliders = self.bishop_sliders() | queens;
            found |= attacks::bishop_attacks(to, occupied) & sliders;
        }
        if attacks::king_attacks(to).has(removed) {
            // A guard's second step and its knight move's leg are both next to `to`.
            let guards = self.kind_pieces(PieceKind::Guard);
            if guards.any() {
                found |= attacks::guard_attackers_mask(to, occupied) & guards;
            }
        }
        found & occupied
    }
}

#[cfg(test)]
mod tests {
    use crate::movegen::playout::{XorShift, random_games};
    use crate::rules::{LONGJIANG, LONGJIANG_NODROP, SHOGI};

    /// Lifting pieces off one by one (as an exchange does) and adding what each removal
    /// reveals gives, at every step, the attackers `attackers_to` finds from scratch, on every
    /// square of random games of the three games. It fails with any line or the guards left out.
    #[test]
    fn revealed_attackers_match_a_fresh_count() {
        let mut rnd = XorShift(0x5EE5_A77A_C4E2_0001);
        let mut revealed_any = 0;
        for rules in [LONGJIANG, LONGJIANG_NODROP, SHOGI] {
            random_games(rules, 6, 120, &mut rnd, |pos, _, rnd| {
                for to in rules.board {
                    let mut occ = pos.occupied();
                    let mut attackers = pos.attackers_to(to, occ) & occ;
                    for _ in 0..4 {
                        let pieces = occ.without(to);
                        if pieces.is_empty() {
                            break;
                        }
                        let n = pieces.len() as usize;
                        let Some(removed) = pieces.into_iter().nth(rnd.below(n)) else {
                            break;
                        };
                        occ = occ.without(removed);
                        let gained = pos.attackers_revealed(to, occ, removed);
                        revealed_any += usize::from((gained & !attackers).any());
                        attackers = (attackers | gained) & occ;
                        assert_eq!(attackers, pos.attackers_to(to, occ) & occ);
                    }
                }
            });
        }
        assert!(
            revealed_any > 1000,
            "only {revealed_any} removals revealed a piece"
        );
    }
}
