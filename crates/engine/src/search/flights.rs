//! A necessary condition for a threat of mate by a direct check, from bitboards alone: after
//! a move and a pass, a direct check mates only if every square next to the enemy king ends
//! up attacked, and the squares the mover's other pieces cannot reach by any line must then
//! all be attacked by the checker itself. `pressure::threatens_direct_mate` asks it first and
//! plays the move only where it holds (docs/mates.md).

use arrayvec::ArrayVec;
use longjiang_core::geometry::attacks::{king_attacks, queen_attacks};
use longjiang_core::geometry::{Bitboard, Square};
use longjiang_core::movegen::{check_squares, piece_attacks};
use longjiang_core::rules::{Color, Move, PieceKind, Position};

/// Whether, were the opponent to pass after `m` (not yet played, not a check), a direct check
/// by the side to move could leave the enemy king no step: `false` only where none can. Board
/// moves answer `true` (only drops are sifted).
///
/// The flights no piece attacks after the drop ("open") must all be attacked after the
/// check: by the checker from its square, or by a line the checker opens as it leaves (its
/// origin is then a "discoverer" of that flight). Each checking kind (the mover's board kinds,
/// their promotions, the hand where drops may check) needs a checking square that it reaches
/// and from which it attacks every open flight its origin does not discover; the mover's
/// pieces that are not the checker stay blockers only where the test says so.
pub(crate) fn may_threaten_direct_mate(pos: &Position, m: Move) -> bool {
    let Some(dropped) = m.drop_kind() else {
        return true;
    };
    let us = pos.side_to_move();
    let rules = pos.rules();
    let king = pos.king(!us);
    let s = m.to();
    let occ = pos.occupied().with(s);
    let lifted = occ.without(king);
    let ours = pos.side_pieces(us).with(s);
    let attacked = |f: Square, blockers: Bitboard| {
        pos.is_attacked(f, us, blockers) || piece_attacks(dropped, us, s, blockers).has(f)
    };
    let mut open = Bitboard::EMPTY;
    for f in king_attacks(king) & rules.board & !pos.side_pieces(!us) {
        if !attacked(f, lifted) {
            open = open.with(f);
        }
    }
    if open.is_empty() {
        return true;
    }
    // For each open flight, the pieces whose leaving lets another attack it (a blocker of a
    // line or a guard's step or leg lies next to the flight or first on a queen's ray).
    let mut discovers: ArrayVec<(Square, Bitboard), 8> = ArrayVec::new();
    let mut discoverers = Bitboard::EMPTY;
    for f in open {
        let mut by = Bitboard::EMPTY;
        for b in (queen_attacks(f, lifted) | king_attacks(f)) & ours {
            let freed = lifted.without(b);
            if pos.is_attacked(f, us, freed)
                || (b != s && piece_attacks(dropped, us, s, freed).has(f))
            {
                by = by.with(b);
            }
        }
        discovers.push((f, by));
        discoverers |= by;
    }
    let landing = rules.board & !ours;
    let kind_at = |a: Square| {
        if a == s {
            dropped
        } else {
            pos.piece_at(a).map_or(PieceKind::King, |p| p.kind)
        }
    };
    // Where a piece of `kind` on `a` can go (pawns: their pushes too).
    let reach = |kind: PieceKind, a: Square| {
        let from = Bitboard::from_square(a);
        let push = match (kind, us) {
            (PieceKind::Pawn, Color::Black) => from.north() | from.north().north(),
            (PieceKind::Pawn, Color::White) => from.south() | from.south().south(),
            _ => Bitboard::EMPTY,
        };
        push | piece_attacks(kind, us, a, occ)
    };
    // Whether a piece of `kind` (promoting to `checker`) from `origins`, none of them a
    // blocker, can check from a square that attacks every flight of `need`.
    let can_check = |checker: PieceKind, reached: Bitboard, origins: Bitboard, need: Bitboard| {
        let blockers = lifted & !origins;
        let mut from = check_squares(checker, us, king, blockers) & landing & reached;
        for f in need {
            from &= check_squares(checker, us, f, blockers);
        }
        from.any()
    };
    for a in discoverers {
        let kind = kind_at(a);
        let need = discovers
            .iter()
            .filter(|(_, by)| !by.has(a))
            .fold(Bitboard::EMPTY, |b, &(f, _)| b.with(f));
        let reached = reach(kind, a);
        let origin = Bitboard::from_square(a);
        if can_check(kind, reached, origin, need)
            || rules.promotions[kind.index()]
                .iter()
                .any(|&p| can_check(p, reached, origin, need))
        {
            return true;
        }
    }
    for kind in PieceKind::ALL {
        let mut origins = pos.pieces(us, kind);
        if kind == dropped {
            origins = origins.with(s);
        }
        if kind == PieceKind::King || origins.is_empty() {
            // A king never checks: it would stand next to the other king.
            continue;
        }
        let reached = origins
            .into_iter()
            .fold(Bitboard::EMPTY, |b, a| b | reach(kind, a));
        if can_check(kind, reached, origins, open)
            || rules.promotions[kind.index()]
                .iter()
                .any(|&p| can_check(p, reached, origins, open))
        {
            return true;
        }
    }
    rules.drop_may_check
        && pos
            .hand(us)
            .kinds()
            .any(|k| can_check(k, !occ, Bitboard::EMPTY, open))
}
