//! The generator's own tests: the bulk count and the limited generation against the move
//! list, `attacks_square` against the attack sets, the check squares against `gives_check`,
//! and pins a perft would catch late.

use super::*;
use crate::rules::LONGJIANG_NODROP;

fn moves_of(sfen: &str) -> Vec<String> {
    let pos = Position::from_sfen(sfen, LONGJIANG_NODROP).unwrap();
    let mut v: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn bulk_count_matches_the_move_list_on_random_games() {
    let mut rnd = playout::XorShift(0x2545_F491_4F6C_DD1D);
    for rules in [
        crate::rules::LONGJIANG,
        LONGJIANG_NODROP,
        crate::rules::SHOGI,
    ] {
        playout::random_games(rules, 40, 200, &mut rnd, |pos, moves, _| {
            assert_eq!(count_legal(pos), moves.len() as u64, "{}", pos.to_sfen());
        });
    }
}

#[test]
fn check_squares_answer_as_gives_check_does_on_random_games() {
    let mut rnd = playout::XorShift(0x9E37_79B9_7F4A_7C15);
    for rules in [
        crate::rules::LONGJIANG,
        LONGJIANG_NODROP,
        crate::rules::SHOGI,
    ] {
        // Checks the lookup answers itself (not by the slow path), so the test is not empty.
        let mut direct = 0;
        playout::random_games(rules, 60, 200, &mut rnd, |pos, moves, _| {
            let mut lookup = CheckSquares::new(pos);
            for &m in moves {
                let slow = pos.gives_check(m);
                assert_eq!(lookup.gives_check(pos, m), slow, "{m} in {}", pos.to_sfen());
                let fast_path = !m.is_castle()
                    && m.promotion_kind().is_none()
                    && !m.from().is_some_and(|f| pos.state().discoverers.has(f));
                direct += (slow && fast_path) as usize;
            }
        });
        assert!(direct > 500, "{direct} direct checks");
    }
}

#[test]
fn king_limited_generation_is_the_full_one_filtered() {
    let mut rnd = playout::XorShift(0x2545_F491_4F6C_DD1D);
    let collect = |pos: &Position, king_to: Option<(Bitboard, bool)>| {
        let mut v = Vec::new();
        let push = |set: PieceMoves| {
            v.extend(set);
            false
        };
        match king_to {
            Some((to, castle)) => generate_king_limited(pos, to, castle, push),
            None => generate(pos, push),
        };
        v.sort_by_key(|m| m.to_bits());
        v
    };
    for rules in [
        crate::rules::LONGJIANG,
        LONGJIANG_NODROP,
        crate::rules::SHOGI,
    ] {
        playout::random_games(rules, 10, 160, &mut rnd, |pos, _, _| {
            let theirs = pos.side_pieces(!pos.side_to_move());
            let king = pos.king(pos.side_to_move());
            for (to, castle) in [(theirs, false), (!theirs, true)] {
                let want: Vec<Move> = collect(pos, None)
                    .into_iter()
                    .filter(|m| {
                        m.from() != Some(king)
                            || (m.is_castle() && castle)
                            || (!m.is_castle() && to.has(m.to()))
                    })
                    .collect();
                assert_eq!(collect(pos, Some((to, castle))), want, "{}", pos.to_sfen());
            }
        });
    }
}

#[test]
fn attacks_square_agrees_with_the_attack_sets() {
    let mut rnd = playout::XorShift(0x9E37_79B9_7F4A_7C15);
    let squares: Vec<Square> = (0..crate::geometry::SQUARES as u8)
        .filter_map(Square::new)
        .collect();
    for density in [0, 15, 40, 80] {
        let mut occ = Bitboard::EMPTY;
        for &s in &squares {
            if rnd.below(100) < density {
                occ = occ.with(s);
            }
        }
        for kind in PieceKind::ALL {
            for color in Color::ALL {
                for &from in &squares {
                    let set = piece_attacks(kind, color, from, occ);
                    for &target in &squares {
                        assert_eq!(
                            attacks_square(kind, color, from, target, occ),
                            set.has(target),
                            "{kind:?} {color:?} {from} -> {target}, density {density}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn one_block_on_a_guard_leg_can_answer_a_double_check() {
    // The queen on h7 checks the king on e4 along h7-g6-f5, the guard on f6 by a knight
    // move through its leg f5. The rook's a5f5 blocks both; the king has two squares.
    let moves = moves_of("9k/p9/10/7q2/5g4/R9/4K5/10/1N8/10 b - - 00 1");
    assert!(moves.contains(&"a5f5".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 3, "{moves:?}");
}

#[test]
fn pinned_cavalry_may_not_leap_over_its_pinner_or_king() {
    // Cavalry e7 pinned by the rook on e8: e7e5 keeps the file closed, e7e9 would open it.
    let moves = moves_of("5k4/10/4r5/4N5/10/10/10/10/10/4K5 b - - 00 1");
    assert!(moves.contains(&"e7e5".to_string()));
    assert!(!moves.contains(&"e7e9".to_string()));
    // Cavalry d1 pinned along rank 1 by the rook on a1: leaping over the king to f1 is
    // illegal, leaping to b1 keeps the rank closed.
    let moves = moves_of("5k4/10/10/10/10/10/10/10/10/r2NK5 b - - 00 1");
    let from_d1: Vec<&String> = moves.iter().filter(|m| m.starts_with("d1")).collect();
    assert_eq!(from_d1, ["d1b1"]);
}
