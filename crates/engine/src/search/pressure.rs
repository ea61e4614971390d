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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::{MATE_THREAT_FEW_REPLIES, Values, install};
    use longjiang_core::movegen::legal_moves;
    use longjiang_core::movegen::playout::XorShift;

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
