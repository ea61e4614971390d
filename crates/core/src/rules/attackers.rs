//! Attack queries for games whose kinds are shogi's (and the kinds shogi shares with 龙将棋:
//! king, rook, bishop): the fast paths `Position::is_attacked`, `attackers_to` and the check
//! detection take when the rule description's `kind_mask` has none of the kinds only 龙将棋
//! has. They look at shogi's attack families only, test the cheap steps first, and compute
//! each slider's rays once for both sides. The general code is the slow twin a test compares
//! them with.

use super::piece::{KINDS, PieceKind};
use super::{Color, Position};
use crate::geometry::{Bitboard, Square, attacks};

/// The kinds only 龙将棋 has (bits `PieceKind::index`): a game without them takes the paths
/// of this module.
pub(crate) const LONGJIANG_ONLY: u32 = (1 << PieceKind::Pawn as u32)
    | (1 << PieceKind::Cavalry as u32)
    | (1 << PieceKind::Guard as u32)
    | (1 << PieceKind::Queen as u32)
    | (1 << PieceKind::Spear as u32);

const _: () = assert!(KINDS <= 32);

impl Position {
    /// Whether the game has only shogi's kinds and the shared ones.
    #[inline(always)]
    pub(crate) fn shogi_kinds_only(&self) -> bool {
        self.rules().kind_mask & LONGJIANG_ONLY == 0
    }

    /// The gold movers (gold, tokin, promoted lance, knight and silver), both sides.
    #[inline(always)]
    fn gold_movers(&self) -> Bitboard {
        self.kind_pieces(PieceKind::Gold)
            | self.kind_pieces(PieceKind::Tokin)
            | self.kind_pieces(PieceKind::PromotedLance)
            | self.kind_pieces(PieceKind::PromotedKnight)
            | self.kind_pieces(PieceKind::PromotedSilver)
    }

    /// The pieces of `by` attacking `sq` by a step or a lance's slide (every kind but the
    /// rook, bishop and their promotions' slides).
    #[inline(always)]
    fn shogi_step_attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        // Attackers of `sq` stand where a piece of the other side would move from `sq`.
        let rev = (!by).index();
        let steps = (attacks::gold_attacks(rev, sq) & self.gold_movers())
            | (attacks::silver_attacks(rev, sq) & self.kind_pieces(PieceKind::Silver))
            | (attacks::shogi_knight_attacks(rev, sq) & self.kind_pieces(PieceKind::ShogiKnight))
            | (attacks::shogi_pawn_attacks(rev, sq) & self.kind_pieces(PieceKind::ShogiPawn))
            | (attacks::lance_attacks(rev, sq, occupied) & self.kind_pieces(PieceKind::Lance));
        steps & self.side_pieces(by)
    }

    /// Rooks and dragons, both sides: the pieces that slide as a rook.
    #[inline(always)]
    pub fn rook_sliders(&self) -> Bitboard {
        self.kind_pieces(PieceKind::Rook) | self.kind_pieces(PieceKind::Dragon)
    }

    /// Bishops and horses, both sides: the pieces that slide as a bishop.
    #[inline(always)]
    pub fn bishop_sliders(&self) -> Bitboard {
        self.kind_pieces(PieceKind::Bishop) | self.kind_pieces(PieceKind::Horse)
    }

    /// Kings, horses and dragons: the kinds with a one-step move in every direction.
    #[inline(always)]
    fn all_round_steppers(&self) -> Bitboard {
        self.kind_pieces(PieceKind::King)
            | self.kind_pieces(PieceKind::Horse)
            | self.kind_pieces(PieceKind::Dragon)
    }

    /// `attackers_to` for a game of shogi's kinds.
    #[inline(always)]
    pub(crate) fn shogi_game_attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.rook_sliders();
        let bishops = self.bishop_sliders();
        self.shogi_step_attackers(sq, Color::Black, occupied)
            | self.shogi_step_attackers(sq, Color::White, occupied)
            | (attacks::king_attacks(sq) & self.all_round_steppers())
            | (attacks::rook_attacks(sq, occupied) & rooks)
            | (attacks::bishop_attacks(sq, occupied) & bishops)
    }

    /// The pieces of `by` attacking `sq`, for a game of shogi's kinds (the checkers).
    #[inline(always)]
    pub(crate) fn shogi_game_attackers_by(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let them = self.side_pieces(by);
        let rooks = self.rook_sliders() & them;
        let bishops = self.bishop_sliders() & them;
        let mut att = self.shogi_step_attackers(sq, by, occupied)
            | (attacks::king_attacks(sq) & self.all_round_steppers() & them);
        if (attacks::rook_rays(sq) & rooks).any() {
            att |= attacks::rook_attacks(sq, occupied) & rooks;
        }
        if (attacks::bishop_rays(sq) & bishops).any() {
            att |= attacks::bishop_attacks(sq, occupied) & bishops;
        }
        att
    }

    /// `general_snipers` for a game of shogi's kinds: the rooks, bishops, their promotions and
    /// the lances of `them` on a line through `king` that they slide along.
    #[inline(always)]
    pub(crate) fn shogi_game_snipers(&self, king: Square, them: Color) -> Bitboard {
        let rooks = self.rook_sliders();
        let bishops = self.bishop_sliders();
        self.side_pieces(them)
            & ((attacks::rook_rays(king) & rooks)
                | (attacks::bishop_rays(king) & bishops)
                | (attacks::lance_ray((!them).index(), king) & self.kind_pieces(PieceKind::Lance)))
    }

    /// `is_attacked` for a game of shogi's kinds: steps first, the sliders only when one
    /// stands on a line through `sq`.
    #[inline(always)]
    pub(crate) fn shogi_game_is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.side_pieces(by);
        if (attacks::king_attacks(sq) & self.all_round_steppers() & them).any()
            || self.shogi_step_attackers(sq, by, occupied).any()
        {
            return true;
        }
        let rooks = self.rook_sliders() & them;
        if (attacks::rook_rays(sq) & rooks).any()
            && (attacks::rook_attacks(sq, occupied) & rooks).any()
        {
            return true;
        }
        let bishops = self.bishop_sliders() & them;
        (attacks::bishop_rays(sq) & bishops).any()
            && (attacks::bishop_attacks(sq, occupied) & bishops).any()
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::Bitboard;
    use crate::movegen::piece_attacks;
    use crate::movegen::playout::{XorShift, random_games};
    use crate::rules::{Color, LONGJIANG, LONGJIANG_NODROP, SHOGI};

    /// `attackers_to` for any game agrees with its slow twin, every piece's own attacks
    /// (`piece_attacks`) tested one by one, with the full occupancy and two pieces lifted off.
    #[test]
    fn attackers_match_every_piece_one_by_one() {
        let mut rnd = XorShift(0x0A77_AC4E_5EE5_0002);
        for rules in [LONGJIANG, LONGJIANG_NODROP, SHOGI] {
            random_games(rules, 6, 150, &mut rnd, |pos, _, rnd| {
                let occ = pos.occupied();
                let mut lifted = occ;
                for _ in 0..2 {
                    if let Some(s) = lifted.into_iter().nth(rnd.below(20)) {
                        lifted = lifted.without(s);
                    }
                }
                for o in [occ, lifted] {
                    for sq in rules.board {
                        let slow = (pos.occupied() & o)
                            .into_iter()
                            .filter(|&s| {
                                pos.piece_at(s)
                                    .is_some_and(|p| piece_attacks(p.kind, p.color, s, o).has(sq))
                            })
                            .fold(Bitboard::EMPTY, |b, s| b.with(s));
                        assert_eq!(pos.attackers_to(sq, o) & o, slow);
                    }
                }
            });
        }
    }

    /// The fast paths agree with the general attack code (their slow twin) on every square of
    /// random shogi games, with the full occupancy and with one piece lifted off; so do the
    /// snipers that pins are looked for from.
    #[test]
    fn shogi_fast_paths_match_the_general_code() {
        let mut rnd = XorShift(0x1234_5678_9ABC_DEF1);
        random_games(SHOGI, 10, 150, &mut rnd, |pos, _, rnd| {
            let occ = pos.occupied();
            let lifted = occ.into_iter().nth(rnd.below(20));
            for o in [occ, lifted.map_or(occ, |s| occ.without(s))] {
                for sq in SHOGI.board {
                    let all = pos.general_attackers_to(sq, o);
                    assert_eq!(pos.shogi_game_attackers_to(sq, o), all);
                    for by in Color::ALL {
                        let mine = all & pos.side_pieces(by);
                        assert_eq!(pos.shogi_game_attackers_by(sq, by, o), mine);
                        assert_eq!(pos.shogi_game_is_attacked(sq, by, o), mine.any());
                        assert_eq!(pos.shogi_game_snipers(sq, by), pos.general_snipers(sq, by));
                    }
                }
            }
        });
    }
}
