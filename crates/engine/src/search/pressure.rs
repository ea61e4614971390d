//! Moves that press the enemy king: quiet moves and drops whose piece, once it stands on its
//! destination, attacks a square next to the enemy king. A drop may not give check in 龙将棋,
//! so every drop mate starts with such a move; pruning and reductions must not treat them as
//! any quiet move (docs/mates.md).

use longjiang_core::geometry::Bitboard;
use longjiang_core::geometry::attacks::king_attacks;
use longjiang_core::movegen::{
    check_squares, count_legal, generate, has_legal_move, piece_attacks,
};
use longjiang_core::rules::{Move, Position};

use super::flights::may_threaten_direct_mate;
use super::params::{
    MATE_THREAT_MAX_DEPTH, MATE_THREAT_MIN_DEPTH, MATE_THREAT_MODE, MATE_THREAT_ZONE,
};

/// Whether `m` (not yet played, not a capture) attacks the enemy king's neighbourhood from its
/// destination.
#[inline]
pub(crate) fn presses_king(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let kind = match (m.drop_kind(), m.promotion_kind(), m.from()) {
        (Some(k), _, _) => k,
        (None, Some(k), _) => k,
        (None, None, Some(f)) => match pos.piece_at(f) {
            Some(p) => p.kind,
            None => return false,
        },
        _ => return false,
    };
    let zone = king_attacks(pos.king(!us));
    let mut occ = pos.occupied().with(m.to());
    if let Some(f) = m.from() {
        occ = occ.without(f);
    }
    (piece_attacks(kind, us, m.to(), occ) & zone).any()
}

/// The squares a piece of `kind` dropped by the side to move would attack the enemy king's
/// neighbourhood from.
#[inline]
pub(crate) fn pressing_drop_squares(
    pos: &Position,
    kind: longjiang_core::rules::PieceKind,
) -> Bitboard {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let mut b = Bitboard::EMPTY;
    for z in king_attacks(pos.king(!us)) {
        b |= check_squares(kind, us, z, occ);
    }
    b
}

/// Whether the side to move mates at once: some legal check leaves the opponent no legal
/// move.
pub(crate) fn mates_in_one(pos: &mut Position) -> bool {
    let mut checks: arrayvec::ArrayVec<Move, 128> = arrayvec::ArrayVec::new();
    generate(pos, |set| {
        for m in set {
            if pos.gives_check(m) && checks.try_push(m).is_err() {
                return true;
            }
        }
        false
    });
    checks.into_iter().any(|m| check_mates(pos, m))
}

/// Whether the check `m` mates: the opponent has no legal move after it.
pub(crate) fn check_mates(pos: &mut Position, m: Move) -> bool {
    pos.play(m);
    let mated = !has_legal_move(pos);
    pos.undo();
    mated
}

/// Whether `m` (not a check) threatens mate in one: were the opponent to pass after it, the
/// side to move would mate at once; or the opponent has at most
/// `params::MATE_THREAT_FEW_REPLIES` replies and each of them allows a mate at once (a mate by
/// zugzwang). A position the prune-by-evaluation steps must not cut (docs/mates.md).
pub(crate) fn threatens_mate(pos: &mut Position, m: Move) -> bool {
    pos.play(m);
    pos.play_null();
    let mut t = mates_in_one(pos);
    pos.undo_null();
    if !t && count_legal(pos) <= super::params::MATE_THREAT_FEW_REPLIES.get() as u64 {
        let replies = longjiang_core::movegen::legal_moves(pos);
        t = !replies.is_empty()
            && replies.into_iter().all(|r| {
                pos.play(r);
                let mate = mates_in_one(pos);
                pos.undo();
                mate
            });
    }
    pos.undo();
    t
}

/// Whether the mate-threat rule holds `m` (not a check, at `depth`) for a threat of mate in
/// one: with `full` (`Features::mate_threats`) or `MATE_THREAT_MODE` 3 the full test of every
/// pressing move; with mode 1 (drops) or 2 (any move), at `MATE_THREAT_MIN_DEPTH ..=
/// MATE_THREAT_MAX_DEPTH` and within
/// `MATE_THREAT_ZONE` of the enemy king, the direct-check test (docs/mates.md).
#[inline]
pub(crate) fn mate_threat(pos: &mut Position, m: Move, depth: i32, full: bool) -> bool {
    let mode = if full { 3 } else { MATE_THREAT_MODE.get() };
    match mode {
        3 => presses_king(pos, m) && threatens_mate(pos, m),
        1 | 2 => {
            (mode == 2 || m.is_drop())
                && (MATE_THREAT_MIN_DEPTH.get()..=MATE_THREAT_MAX_DEPTH.get()).contains(&depth)
                && near_king(pos, m, MATE_THREAT_ZONE.get())
                && presses_king(pos, m)
                && threatens_direct_mate(pos, m)
        }
        _ => false,
    }
}

/// Whether `m` lands within king distance `zone` of the enemy king (any square for 0).
#[inline]
fn near_king(pos: &Position, m: Move, zone: i32) -> bool {
    if zone <= 0 {
        return true;
    }
    let mut b = Bitboard::from_square(pos.king(!pos.side_to_move()));
    for _ in 0..zone {
        b = b | b.east() | b.west();
        b = b | b.north() | b.south();
    }
    b.has(m.to())
}

/// A subset of [`threatens_mate`] for the cheap modes: were the opponent to pass after `m`,
/// a direct check (`mates_in_one_directly`) would mate. No zugzwang test. Played only where
/// the flight-square test (`flights::may_threaten_direct_mate`) leaves it possible.
pub(crate) fn threatens_direct_mate(pos: &mut Position, m: Move) -> bool {
    may_threaten_direct_mate(pos, m) && threatens_direct_mate_by_play(pos, m)
}

/// [`threatens_direct_mate`] without its bitboard test: the move and the pass played.
pub(crate) fn threatens_direct_mate_by_play(pos: &mut Position, m: Move) -> bool {
    pos.play(m);
    pos.play_null();
    let t = mates_in_one_directly(pos);
    pos.undo_null();
    pos.undo();
    t
}

/// Whether some move that gives check directly (the moved or dropped piece attacks the
/// king from its destination; a discovered check alone does not count) mates at once. The candidates come from each piece's target
/// bitboard masked by the squares that check, so the full move list is never built (a
/// subset of [`mates_in_one`]).
pub(crate) fn mates_in_one_directly(pos: &mut Position) -> bool {
    let us = pos.side_to_move();
    let king = pos.king(!us);
    let occ = pos.occupied();
    let mut checks: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
    generate(pos, |mut set| {
        let board = set.from.map_or(occ, |f| occ.without(f));
        let mut mask = check_squares(set.kind, us, king, board);
        for &k in set.promo_kinds {
            mask |= check_squares(k, us, king, board);
        }
        set.to &= mask;
        set.promo_optional &= mask;
        set.promo_forced &= mask;
        for m in set {
            let kind = m.promotion_kind().unwrap_or(set.kind);
            let direct = piece_attacks(kind, us, m.to(), board.with(m.to())).has(king);
            if direct && checks.try_push(m).is_err() {
                return true;
            }
        }
        false
    });
    checks.into_iter().any(|m| check_mates(pos, m))
}

#[cfg(test)]
mod tests {
    use super::super::flights::may_threaten_direct_mate;
    use super::*;
    use crate::search::params::{MATE_THREAT_FEW_REPLIES, Values, install};
    use longjiang_core::movegen::legal_moves;
    use longjiang_core::movegen::playout::{XorShift, random_games};
    use longjiang_core::rules::{LONGJIANG, Rules, SHOGI};

    /// A random legal position of the no-drop game: a king, a rook and a guard against a lone
    /// king, the first player to move.
    fn sparse(rnd: &mut XorShift) -> Option<Position> {
        let mut board = [['1'; 10]; 10];
        for piece in ['K', 'R', 'G', 'k'] {
            let (r, f) = (rnd.below(10), rnd.below(10));
            if board[r][f] != '1' {
                return None;
            }
            board[r][f] = piece;
        }
        let rows: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
        let sfen = format!("{} b - - 00 1", rows.join("/")).replace("1111111111", "10");
        let sfen = (2..=9)
            .rev()
            .fold(sfen, |s, n| s.replace(&"1".repeat(n), &n.to_string()));
        let pos = Position::from_sfen(&sfen, longjiang_core::rules::LONGJIANG_NODROP).ok()?;
        (pos.outcome().is_none() && !pos.in_check()).then_some(pos)
    }

    /// The slow twin of `mates_in_one_directly`: every legal move, played, whose piece on its
    /// destination attacks the enemy king and leaves it no legal move.
    fn mates_in_one_directly_slow(pos: &mut Position) -> bool {
        let us = pos.side_to_move();
        legal_moves(pos).into_iter().any(|m| {
            pos.play(m);
            let king = pos.king(!us);
            let direct = pos
                .piece_at(m.to())
                .is_some_and(|p| piece_attacks(p.kind, us, m.to(), pos.occupied()).has(king));
            let mated = direct && !has_legal_move(pos);
            pos.undo();
            mated
        })
    }

    /// Positions of random drop-game playouts from ply 40 on (hands fill up as pieces are
    /// taken), both sides to move, with every pressing non-check move of each.
    fn drop_game_samples(each: impl FnMut(&mut Position, Move)) {
        samples(LONGJIANG, 24, each);
    }

    /// The same from `games` random playouts of the game of `rules`.
    fn samples(rules: Rules, games: usize, mut each: impl FnMut(&mut Position, Move)) {
        let mut rnd = XorShift(0x9E37_79B9_7F4A_7C15);
        random_games(rules, games, 160, &mut rnd, |pos, moves, _| {
            if pos.move_number() < 40 || pos.in_check() {
                return;
            }
            let mut pos = pos.clone();
            for &m in moves {
                if !pos.gives_check(m) && presses_king(&pos, m) {
                    each(&mut pos, m);
                }
            }
        });
    }

    /// `mates_in_one_directly` agrees with its slow twin in every position after a pressing
    /// move and a pass (where mates in one abound), in 龙将棋 and in shogi, and finds some
    /// mates there.
    #[test]
    fn the_direct_mate_test_agrees_with_its_slow_twin() {
        for (rules, games) in [(LONGJIANG, 24), (SHOGI, 60)] {
            let (mut tried, mut mates) = (0, 0);
            samples(rules, games, |pos, m| {
                pos.play(m);
                pos.play_null();
                let fast = mates_in_one_directly(pos);
                assert_eq!(
                    fast,
                    mates_in_one_directly_slow(pos),
                    "{} after {m}",
                    pos.to_sfen()
                );
                pos.undo_null();
                pos.undo();
                tried += 1;
                mates += fast as usize;
            });
            assert!(mates > 100 && mates < tried / 2, "{mates} mates in {tried}");
        }
    }

    /// The flight-square test never turns down a move after which a direct check mates (the
    /// play-and-test twin), in 龙将棋 and in shogi (drops that check), and spares most
    /// pressing moves their play.
    #[test]
    fn the_flight_test_keeps_every_direct_threat() {
        for (rules, games) in [(LONGJIANG, 24), (SHOGI, 60)] {
            let (mut tried, mut kept, mut threats) = (0, 0, 0);
            samples(rules, games, |pos, m| {
                let threat = threatens_direct_mate_by_play(pos, m);
                let may = may_threaten_direct_mate(pos, m);
                if threat && !may {
                    pos.play(m);
                    pos.play_null();
                    let mut found = vec![];
                    for c in legal_moves(pos) {
                        if pos.gives_check(c) && check_mates(pos, c) {
                            found.push(c.to_string());
                        }
                    }
                    panic!("{m} turned down, yet {found:?} mate in {}", pos.to_sfen());
                }
                assert_eq!(threatens_direct_mate(pos, m), threat);
                if m.is_drop() {
                    tried += 1;
                    kept += may as usize;
                    threats += threat as usize;
                }
            });
            eprintln!("{tried} tried, {kept} kept, {threats} threats");
            assert!(
                threats > 20 && kept * 10 < tried * 6,
                "{threats} threats, {kept} of {tried}"
            );
        }
    }

    /// The cheap threat test claims no threat the full one denies, and finds most of its
    /// threats (the full one also counts discovered checks and mates by zugzwang; 3 315 of
    /// 3 328 when written).
    #[test]
    fn the_direct_threat_test_is_a_subset_of_the_full_one() {
        let (mut full, mut direct) = (0, 0);
        drop_game_samples(|pos, m| {
            let d = threatens_direct_mate(pos, m);
            let f = threatens_mate(pos, m);
            assert!(!d || f, "{} {m}", pos.to_sfen());
            full += f as usize;
            direct += d as usize;
        });
        assert!(full > 20 && direct * 10 >= full * 8, "{direct} of {full}");
    }

    /// The few-replies test of `threatens_mate` finds mate threats by zugzwang (every reply
    /// allows a mate in one, a pass would not) in sparse positions: none with
    /// `MATE_THREAT_FEW_REPLIES` at 0, some at its largest, and every threat found at 0 too
    /// at the largest.
    #[test]
    fn the_few_replies_test_finds_zugzwang_threats() {
        let with = |n: i32| {
            let mut v = Values::DEFAULT;
            v.set(&MATE_THREAT_FEW_REPLIES, n).unwrap();
            v
        };
        let (none, most) = (with(0), with(MATE_THREAT_FEW_REPLIES.max));
        let mut rnd = XorShift(0x2545_F491_4F6C_DD1D);
        let (mut tried, mut only_most) = (0, 0);
        for _ in 0..3000 {
            let Some(mut pos) = sparse(&mut rnd) else {
                continue;
            };
            for m in legal_moves(&pos) {
                if pos.gives_check(m) || !presses_king(&pos, m) {
                    continue;
                }
                tried += 1;
                let mut threat = |v: &Values| {
                    let _installed = install(v);
                    threatens_mate(&mut pos, m)
                };
                let (a, b) = (threat(&none), threat(&most));
                assert!(!a || b, "{m}");
                only_most += (b && !a) as usize;
            }
        }
        assert!(only_most > 0, "{tried} pressing moves");
    }
}
