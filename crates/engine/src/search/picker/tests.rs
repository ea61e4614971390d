//! The picker's tests: which moves each kind of picker hands out (against the legal moves,
//! filtered), after move-count pruning, and the order the far continuation histories give.

use super::*;
use longjiang_core::movegen::playout::{XorShift, random_games};
use longjiang_core::rules::samples::POSITIONS;

/// Every move the picker hands out, in its order.
fn drain(mut picker: MovePicker, pos: &Position, h: &Histories) -> Vec<Move> {
    let mut got = Vec::new();
    while let Some(m) = picker.next(pos, h) {
        got.push(m);
    }
    got
}

/// The main search's picker hands out every legal move exactly once, in shogi too, where
/// most promotions are quiet moves and some destinations are reached only by promoting.
#[test]
fn the_main_picker_hands_out_every_legal_move_once() {
    let h = Histories::new();
    let mut rnd = XorShift(0x2545_F491_4F6C_DD1D);
    let mut promotions = 0;
    for rules in [
        longjiang_core::rules::SHOGI,
        longjiang_core::rules::LONGJIANG_NODROP,
    ] {
        random_games(rules, 8, 150, &mut rnd, |pos, moves, _| {
            let mut got = drain(
                MovePicker::new(pos, Move::NONE, 8, OrderHints::NONE),
                pos,
                &h,
            );
            let mut want: Vec<Move> = moves.to_vec();
            promotions += want.iter().filter(|m| m.promotion_kind().is_some()).count();
            got.sort_by_key(|m| format!("{m:?}"));
            want.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got, want, "{}", pos.to_sfen());
        });
    }
    assert!(promotions > 100, "{promotions}");
}

/// The moves 3 and 6 plies before order the quiet moves only where their weight is set:
/// a quiet move with a large entry in one of those blocks comes first with the weight and
/// keeps its place without.
#[test]
fn the_far_continuation_blocks_order_quiets_when_weighted() {
    use crate::search::params::{CONT_HISTORY_3_WEIGHT, CONT_HISTORY_6_WEIGHT, Values, install};
    let pos = Position::start(longjiang_core::rules::LONGJIANG_NODROP);
    let legal = movegen::legal_moves(&pos);
    let last = *legal
        .iter()
        .rev()
        .find(|&&m| !is_tactical(&pos, m))
        .unwrap();
    let piece = pos.piece_at(last.from().unwrap()).unwrap();
    let earlier = longjiang_core::rules::Piece::new(!pos.side_to_move(), piece.kind);
    for (slot, param) in [(0, &CONT_HISTORY_3_WEIGHT), (1, &CONT_HISTORY_6_WEIGHT)] {
        let h = Histories::new();
        let block = Histories::cont_key(earlier, 55);
        h.update_cont(block, piece, last.to().index(), 16_000);
        let mut ctx = OrderHints::NONE;
        ctx.cont_far[slot] = block;
        let first_quiet = |h: &Histories| {
            let got = drain(MovePicker::new(&pos, Move::NONE, 8, ctx), &pos, h);
            *got.iter().find(|&&m| !is_tactical(&pos, m)).unwrap()
        };
        assert_ne!(first_quiet(&h), last, "{}", param.name());
        let mut v = Values::DEFAULT;
        v.set(param, 1).unwrap();
        let _on = install(&v);
        assert_eq!(first_quiet(&h), last, "{}", param.name());
    }
}

/// After move-count pruning (`skip_quiets` from the start) the main picker still hands out
/// every capture, promotion, quiet check and drop that presses the enemy king, once.
#[test]
fn checks_and_pressing_drops_survive_move_count_pruning() {
    let h = Histories::new();
    let mut rnd = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut kept = 0;
    for rules in [
        longjiang_core::rules::LONGJIANG,
        longjiang_core::rules::SHOGI,
    ] {
        random_games(rules, 6, 120, &mut rnd, |pos, moves, _| {
            let mut picker = MovePicker::new(pos, Move::NONE, 8, OrderHints::NONE);
            picker.skip_quiets = true;
            let mut got = drain(picker, pos, &h);
            let mut want: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    pos.in_check()
                        || is_tactical(pos, m)
                        || pos.gives_check(m)
                        || (m.is_drop() && crate::search::pressure::presses_king(pos, m))
                })
                .collect();
            kept += want.iter().filter(|&&m| !is_tactical(pos, m)).count();
            let n = got.len();
            got.sort_by_key(|m| format!("{m:?}"));
            got.dedup();
            want.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got.len(), n, "{}: a move twice", pos.to_sfen());
            assert_eq!(got, want, "{}", pos.to_sfen());
        });
    }
    assert!(kept > 100, "{kept}");
}

/// With `LMP_KEEP_CHECKS` 0 (Stockfish's), no quiet move or drop comes after move-count
/// pruning, whether it began before the quiet stage or in it; the tactical moves still do.
#[test]
fn move_count_pruning_can_skip_every_quiet_move() {
    use crate::search::params::{Values, install};
    let mut v = Values::DEFAULT;
    v.set(&LMP_KEEP_CHECKS, 0).unwrap();
    let _off = install(&v);
    let h = Histories::new();
    let mut rnd = XorShift(0x2545_F491_4F6C_DD1D);
    let (mut cut_in_stage, mut quiets_left) = (0, 0);
    for rules in [
        longjiang_core::rules::LONGJIANG,
        longjiang_core::rules::LONGJIANG_NODROP,
    ] {
        random_games(rules, 6, 120, &mut rnd, |pos, moves, _| {
            if pos.in_check() {
                return;
            }
            let tactical: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| is_tactical(pos, m))
                .collect();
            // Skipping from the start: exactly the tactical moves.
            let mut picker = MovePicker::new(pos, Move::NONE, 8, OrderHints::NONE);
            picker.skip_quiets = true;
            let mut got = drain(picker, pos, &h);
            got.sort_by_key(|m| format!("{m:?}"));
            let mut want = tactical.clone();
            want.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got, want, "{}", pos.to_sfen());
            // Skipping from the first quiet move on: nothing quiet after it.
            let mut picker = MovePicker::new(pos, Move::NONE, 8, OrderHints::NONE);
            let mut seen_quiet = false;
            while let Some(m) = picker.next(pos, &h) {
                if is_tactical(pos, m) {
                    continue;
                }
                assert!(!seen_quiet, "{m} after the skip in {}", pos.to_sfen());
                seen_quiet = true;
                picker.skip_quiets = true;
                cut_in_stage += 1;
                quiets_left += moves.len() - tactical.len() - 1;
            }
        });
    }
    assert!(
        cut_in_stage > 100 && quiets_left > 1000,
        "{cut_in_stage} {quiets_left}"
    );
}

/// With checks, quiescence's picker hands out every capture, promotion and quiet check
/// once (the slow twin: the legal moves filtered by `is_tactical` and `gives_check`).
#[test]
fn quiescence_checks_are_the_checking_moves() {
    let h = Histories::new();
    for (variant, sfen) in POSITIONS.iter() {
        let pos = Position::from_sfen(sfen, variant.rules()).unwrap();
        if pos.in_check() {
            continue;
        }
        let picker = MovePicker::new_qsearch(&pos, Move::NONE, OrderHints::NONE, true);
        let mut got = drain(picker, &pos, &h);
        let mut want: Vec<Move> = movegen::legal_moves(&pos)
            .iter()
            .copied()
            .filter(|&m| is_tactical(&pos, m) || pos.gives_check(m))
            .collect();
        let n = got.len();
        got.sort_by_key(|m| format!("{m:?}"));
        got.dedup();
        want.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(got.len(), n, "{sfen}: a move twice");
        assert_eq!(got, want, "{sfen}");
    }
}
