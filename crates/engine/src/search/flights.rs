//! A necessary condition for a threat of mate by a direct check, from bitboards alone: after
//! a move and a pass, a direct check mates only if every square next to the enemy king ends
//! up attacked, and the squares the mover's other pieces cannot reach by any line must then
//! all be attacked by the checker itself. `pressure::threatens_direct_mate` asks it first and
//! plays the move only where it holds (docs/mates.md).

use arrayvec::ArrayVec;
use longjiang_core::geometry::attacks::{king_attacks, line, queen_attacks};
use longjiang_core::geometry::{Bitboard, Square};
use longjiang_core::movegen::{check_squares, piece_attacks};
use longjiang_core::rules::{Color, Move, PieceKind, Position};

/// Whether, were the opponent to pass after `m` (not yet played, not a check), a direct check
/// by the side to move could mate: `false` only where none can. Board moves answer `true`
/// (only drops are sifted).
///
/// The flights no piece attacks after the drop ("open") must all be attacked after the
/// check: by the checker from its square, or by a line the checker opens as it leaves (its
/// origin "discovers" that flight). Each checking kind (the mover's board kinds, their
/// promotions, the hand where drops may check) needs a checking square that it reaches, from
/// which it attacks every open flight its origin does not discover, and where no enemy piece
/// that cannot be pinned captures it (unless its leaving may give a second check).
pub(crate) fn may_threaten_direct_mate(pos: &Position, m: Move) -> bool {
    let Some(dropped) = m.drop_kind() else {
        return true;
    };
    Sieve::new(pos, dropped, m.to()).may_mate()
}

/// The position after a drop, as far as the test needs it.
struct Sieve<'a> {
    pos: &'a Position,
    us: Color,
    king: Square,
    dropped: PieceKind,
    s: Square,
    occ: Bitboard,
    lifted: Bitboard,
    ours: Bitboard,
    /// Squares a checker may stand on: on the board, not on the mover's pieces.
    landing: Bitboard,
    /// Where an enemy piece that cannot be pinned would capture a checker; lazily.
    captures: Option<Bitboard>,
}

impl<'a> Sieve<'a> {
    fn new(pos: &'a Position, dropped: PieceKind, s: Square) -> Sieve<'a> {
        let us = pos.side_to_move();
        let king = pos.king(!us);
        let occ = pos.occupied().with(s);
        let ours = pos.side_pieces(us).with(s);
        Sieve {
            pos,
            us,
            king,
            dropped,
            s,
            occ,
            lifted: occ.without(king),
            ours,
            landing: pos.rules().board & !ours,
            captures: None,
        }
    }

    /// Whether the mover attacks `sq` after the drop with `blockers` (the dropped piece's own
    /// attacks only if `with_drop`).
    fn attacked(&self, sq: Square, blockers: Bitboard, with_drop: bool) -> bool {
        self.pos.is_attacked(sq, self.us, blockers)
            || (with_drop && piece_attacks(self.dropped, self.us, self.s, blockers).has(sq))
    }

    /// Of the mover's pieces next to `sq` or first on a queen's ray from it, those whose
    /// leaving lets another of its pieces attack `sq` (a blocker of a line, a guard's step or
    /// leg lies there).
    fn discoverers(&self, sq: Square) -> Bitboard {
        let mut by = Bitboard::EMPTY;
        for b in (queen_attacks(sq, self.lifted) | king_attacks(sq)) & self.ours {
            if self.attacked(sq, self.lifted.without(b), b != self.s) {
                by = by.with(b);
            }
        }
        by
    }

    fn may_mate(&mut self) -> bool {
        let pos = self.pos;
        let rules = pos.rules();
        let mut open = Bitboard::EMPTY;
        for f in king_attacks(self.king) & rules.board & !pos.side_pieces(!self.us) {
            if !self.attacked(f, self.lifted, true) {
                open = open.with(f);
            }
        }
        let mut discovers: ArrayVec<(Square, Bitboard), 8> = ArrayVec::new();
        let mut discoverers = Bitboard::EMPTY;
        for f in open {
            let by = self.discoverers(f);
            discovers.push((f, by));
            discoverers |= by;
        }
        let double = self.discoverers(self.king);
        for a in discoverers {
            let need = discovers
                .iter()
                .filter(|(_, by)| !by.has(a))
                .fold(Bitboard::EMPTY, |b, &(f, _)| b.with(f));
            if self.kind_may_mate(self.kind_at(a), Bitboard::from_square(a), need, double) {
                return true;
            }
        }
        for kind in PieceKind::ALL {
            let mut origins = pos.pieces(self.us, kind);
            if kind == self.dropped {
                origins = origins.with(self.s);
            }
            // A king never checks: it would stand next to the other king.
            if kind != PieceKind::King
                && origins.any()
                && self.kind_may_mate(kind, origins, open, double)
            {
                return true;
            }
        }
        rules.drop_may_check
            && pos.hand(self.us).kinds().any(|k| {
                let from = self.check_squares(k, Bitboard::EMPTY, open) & !self.occ;
                from.any() && (from & !self.captures()).any()
            })
    }

    /// Whether a piece of `kind` from `origins` (promoted or not) could check from a square
    /// it reaches, attack every flight of `need` and not be captured there.
    fn kind_may_mate(
        &mut self,
        kind: PieceKind,
        origins: Bitboard,
        need: Bitboard,
        double: Bitboard,
    ) -> bool {
        let mut reached: Option<Bitboard> = None;
        let promotions = self.pos.rules().promotions[kind.index()];
        for checker in std::iter::once(kind).chain(promotions.iter().copied()) {
            let mut from = self.check_squares(checker, origins, need);
            if from.is_empty() {
                continue;
            }
            if (origins & double).is_empty() {
                from &= !self.captures();
                if from.is_empty() {
                    continue;
                }
            }
            let r = *reached.get_or_insert_with(|| {
                origins
                    .into_iter()
                    .fold(Bitboard::EMPTY, |b, a| b | self.reach(kind, a))
            });
            if (from & r).any() {
                return true;
            }
        }
        false
    }

    /// The squares, free of the mover's pieces, from which a `checker` (with `origins` gone
    /// from the blockers) attacks the king and every flight of `need`.
    fn check_squares(&self, checker: PieceKind, origins: Bitboard, need: Bitboard) -> Bitboard {
        let blockers = self.lifted & !origins;
        let mut from = check_squares(checker, self.us, self.king, blockers) & self.landing;
        for f in need {
            if from.is_empty() {
                break;
            }
            from &= check_squares(checker, self.us, f, blockers);
        }
        from
    }

    /// Where an enemy piece other than the king captures a checker for sure: every piece that
    /// could be pinned (on a queen's ray from its king with a piece of the mover further on
    /// that line; next to the king when the mover has guards, for their legs) left out.
    fn captures(&mut self) -> Bitboard {
        if let Some(c) = self.captures {
            return c;
        }
        let (pos, them) = (self.pos, !self.us);
        let theirs = pos.side_pieces(them).without(self.king);
        let mut prone = Bitboard::EMPTY;
        for q in queen_attacks(self.king, self.occ) & theirs {
            if (line(self.king, q) & self.ours).any() {
                prone = prone.with(q);
            }
        }
        if self.dropped == PieceKind::Guard || pos.pieces(self.us, PieceKind::Guard).any() {
            prone |= king_attacks(self.king);
        }
        let mut c = Bitboard::EMPTY;
        for q in theirs & !prone {
            if let Some(p) = pos.piece_at(q) {
                c |= piece_attacks(p.kind, them, q, self.occ);
            }
        }
        self.captures = Some(c);
        c
    }

    /// The kind on `a` after the drop.
    fn kind_at(&self, a: Square) -> PieceKind {
        if a == self.s {
            self.dropped
        } else {
            self.pos.piece_at(a).map_or(PieceKind::King, |p| p.kind)
        }
    }

    /// Where a piece of `kind` on `a` can go (pawns: their pushes too).
    fn reach(&self, kind: PieceKind, a: Square) -> Bitboard {
        let from = Bitboard::from_square(a);
        let push = match (kind, self.us) {
            (PieceKind::Pawn, Color::Black) => from.north() | from.north().north(),
            (PieceKind::Pawn, Color::White) => from.south() | from.south().south(),
            _ => Bitboard::EMPTY,
        };
        push | piece_attacks(kind, self.us, a, self.occ)
    }
}
