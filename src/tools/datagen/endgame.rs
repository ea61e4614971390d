//! Random few-piece endings for datagen's games (`--endgames`): in the drop game captured
//! pieces go to hand, so self-play alone never reaches K+R v K and the like. A set-up takes
//! a material template whose kinds the game has, places it at random and keeps it only when
//! the rules core accepts it (`Position::from_setup`: kings, pawn ranks, the side not to move
//! not in check) and the side to move has a move and the game is not over.

use longjiang_core::geometry::Square;
use longjiang_core::movegen::legal_moves;
use longjiang_core::rng::SplitMix;
use longjiang_core::rules::{Color, Piece, PieceKind, Position, Rules, Setup};

use PieceKind::{Bishop as B, Cavalry as N, Guard as G, Pawn as P, Queen as Q, Rook as R};

/// The templates: the stronger side's pieces and the other side's, kings aside. A kind that
/// stands for "a minor piece" is drawn among `MINORS`.
const TEMPLATES: &[(&[PieceKind], &[PieceKind])] = &[
    (&[R], &[]),
    (&[Q], &[]),
    (&[R, N], &[B]),
    (&[R, B], &[G]),
    (&[R, G], &[N]),
    (&[Q], &[R]),
    (&[R], &[N]),
    (&[R, P], &[R]),
    (&[P, P], &[P]),
    (&[P, P, P], &[P, P]),
    (&[Q, P], &[Q]),
    (&[B, N], &[]),
    (&[R, R], &[Q]),
    (&[G, P], &[P]),
];

/// A random legal few-piece position of the game `rules`, or `None` when the game has no
/// template's kinds or no placement was legal in a few hundred tries.
pub fn random(rng: &mut SplitMix, rules: &Rules) -> Option<Position> {
    let usable: Vec<_> = TEMPLATES
        .iter()
        .filter(|(a, b)| a.iter().chain(b.iter()).all(|&k| rules.kinds.contains(&k)))
        .collect();
    if usable.is_empty() || !rules.kinds.contains(&PieceKind::King) {
        return None;
    }
    let squares: Vec<Square> = Square::all().filter(|&s| rules.board.has(s)).collect();
    for _ in 0..500 {
        let (strong, weak) = usable[rng.below(usable.len() as u64) as usize];
        let strong_side = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut setup = Setup::empty();
        setup.side = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let pieces = [(strong_side, *strong), (!strong_side, *weak)];
        let mut ok = true;
        for (color, kinds) in pieces {
            for &kind in std::iter::once(&PieceKind::King).chain(kinds.iter()) {
                let free: Vec<Square> = squares
                    .iter()
                    .copied()
                    .filter(|s| setup.board[s.index()].is_none())
                    .filter(|s| !rules.dead_squares[kind.index()][color.index()].has(*s))
                    .collect();
                if free.is_empty() {
                    ok = false;
                    break;
                }
                let sq = free[rng.below(free.len() as u64) as usize];
                setup.board[sq.index()] = Some(Piece::new(color, kind));
            }
        }
        if !ok {
            continue;
        }
        let Ok(pos) = Position::from_setup(&setup, *rules) else {
            continue;
        };
        if pos.outcome().is_none() && !legal_moves(&pos).is_empty() {
            return Some(pos);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::Variant;
    use std::collections::HashSet;

    #[test]
    fn set_ups_are_legal_and_varied_in_both_games() {
        for variant in Variant::ALL {
            let rules = variant.rules();
            let mut rng = SplitMix::stream(5, 0);
            let mut materials = HashSet::new();
            let mut sides = HashSet::new();
            for _ in 0..300 {
                let pos = random(&mut rng, &rules).expect("a set-up");
                // The rules core reads back what it wrote, and the side not to move is safe.
                let again = Position::from_sfen(&pos.to_sfen(), rules).unwrap();
                assert_eq!(again.key(), pos.key());
                assert!(pos.outcome().is_none());
                assert!(!legal_moves(&pos).is_empty());
                let n = pos.occupied().len();
                assert!((3..=7).contains(&n), "{}", pos.to_sfen());
                let mut m: Vec<String> = Square::all()
                    .filter_map(|s| pos.piece_at(s))
                    .map(|p| format!("{p:?}"))
                    .collect();
                m.sort();
                materials.insert(m);
                sides.insert(pos.side_to_move());
            }
            assert!(
                materials.len() >= 12,
                "{variant}: {} materials",
                materials.len()
            );
            assert_eq!(sides.len(), 2);
        }
    }
}
