//! A necessary condition for a threat of mate by a direct check, from bitboards alone: after
//! a move and a pass, a direct check mates only if every square next to the enemy king ends
//! up attacked, and the squares the mover's other pieces cannot reach by any line must then
//! all be attacked by the checker itself. `pressure::threatens_direct_mate` asks it first and
//! plays the move only where it holds (docs/mates.md).

use std::cell::RefCell;

use arrayvec::ArrayVec;
use longjiang_core::geometry::attacks::{
    between, guard_leg, guard_legs_toward, king_attacks, line, queen_attacks, rook_rays,
};
use longjiang_core::geometry::{Bitboard, Square};
use longjiang_core::movegen::{check_squares, piece_attacks};
use longjiang_core::rules::{Color, KINDS, Move, PieceKind, Position};

/// Whether, were the opponent to pass after `m` (not yet played, not a check), a direct check
/// by the side to move could mate: `false` only where none can. Board moves answer `true`
/// (only drops are sifted).
///
/// The flights no piece attacks after the drop ("open") must all be attacked after the
/// check: by the checker from its square, or by a line the checker opens as it leaves (its
/// origin "discovers" that flight). Each checking kind (the mover's board kinds, their
/// promotions, the hand where drops may check) needs a checking square that it reaches, from
/// which it attacks every open flight its origin does not discover, and where no enemy piece
/// that cannot be pinned captures it (unless its leaving may give a second check). What does
/// not depend on the drop is worked out once per position ([`Node`]) and kept for its
/// sibling drops; every bound taken there without the dropped piece only widens what passes.
pub(crate) fn may_threaten_direct_mate(pos: &Position, m: Move) -> bool {
    let Some(dropped) = m.drop_kind() else {
        return true;
    };
    NODES.with(|cell| {
        let mut slots = cell.borrow_mut();
        let slot = &mut slots[(pos.key() as usize) % SLOTS];
        if !slot.is_for(pos) {
            slot.fill(pos);
        }
        slot.may_mate(pos, dropped, m.to())
    })
}

/// Positions kept per thread (direct-mapped by key: a search that tests drops at several
/// depths keeps the nodes of its path).
const SLOTS: usize = 8;

thread_local! {
    static NODES: RefCell<Vec<Node>> = RefCell::new(vec![Node::default(); SLOTS]);
}

/// The most flights (squares next to a king).
const FLIGHTS: usize = 8;

/// The checking squares of one checker kind, with its origins lifted off the board.
#[derive(Clone, Copy)]
struct Checker {
    /// The kind on the board it moves from (or drops, for a kind not on the board).
    kind: PieceKind,
    /// The kind it checks as (`kind` or a promotion of it).
    checker: PieceKind,
    /// The squares from which it attacks the king, off the mover's pieces.
    king: Bitboard,
    /// Per open flight (the order of `Node::open`): the squares from which it attacks it.
    flights: [Bitboard; FLIGHTS],
}

/// What the test needs of a position before the drop.
#[derive(Clone)]
struct Node {
    key: u64,
    occ: Bitboard,
    valid: bool,
    /// The side to move.
    us: Color,
    /// The enemy king.
    king: Square,
    ours: Bitboard,
    /// The flights no piece of the mover attacks (the king lifted).
    open: Bitboard,
    /// Per open flight, in order: the mover's pieces whose leaving lets another attack it.
    discoverers: ArrayVec<(Square, Bitboard), FLIGHTS>,
    /// The attacked flights that only one piece of the mover attacks, and no other once it
    /// leaves: (flight, that piece).
    sole: ArrayVec<(Square, Square), FLIGHTS>,
    /// The mover's pieces whose leaving lets another attack the king.
    double: Bitboard,
    /// The enemy pieces first on a queen's ray from their king, the mover's pieces ignored.
    first: Bitboard,
    /// The enemy pieces that could be pinned (of `first`, those with a piece of the mover
    /// further on that line that slides along it; on a guard's leg).
    prone: Bitboard,
    /// Every other enemy piece but the king, with its kind and attacks.
    defenders: ArrayVec<(Square, PieceKind, Bitboard), 64>,
    /// Per kind of the board and hand (the king aside), where its pieces go.
    reach: [Bitboard; KINDS],
    checkers: ArrayVec<Checker, { 2 * KINDS }>,
    /// Whether every checker kind found room in `checkers` (if not, every drop passes).
    complete: bool,
}

impl Default for Node {
    fn default() -> Node {
        Node {
            key: 0,
            occ: Bitboard::EMPTY,
            valid: false,
            us: Color::Black,
            king: Square::from_index_unchecked(0),
            ours: Bitboard::EMPTY,
            open: Bitboard::EMPTY,
            discoverers: ArrayVec::new(),
            sole: ArrayVec::new(),
            double: Bitboard::EMPTY,
            first: Bitboard::EMPTY,
            prone: Bitboard::EMPTY,
            defenders: ArrayVec::new(),
            reach: [Bitboard::EMPTY; KINDS],
            checkers: ArrayVec::new(),
            complete: false,
        }
    }
}

impl Node {
    fn is_for(&self, pos: &Position) -> bool {
        self.valid && self.key == pos.key() && self.occ == pos.occupied()
    }

    /// Works out everything that does not depend on the drop.
    #[inline(never)]
    fn fill(&mut self, pos: &Position) {
        let us = pos.side_to_move();
        let rules = pos.rules();
        let king = pos.king(!us);
        let occ = pos.occupied();
        let lifted = occ.without(king);
        let ours = pos.side_pieces(us);
        let theirs = pos.side_pieces(!us).without(king);
        self.key = pos.key();
        self.occ = occ;
        self.valid = true;
        self.us = us;
        self.king = king;
        self.ours = ours;
        self.open = Bitboard::EMPTY;
        self.sole.clear();
        for f in king_attacks(king) & rules.board & !theirs {
            let by = attackers(pos, f, lifted);
            if by.is_empty() {
                self.open = self.open.with(f);
            } else if !by.has_many() {
                let a = by.lowest();
                if attackers(pos, f, lifted.without(a)).without(a).is_empty() {
                    self.sole.push((f, a));
                }
            }
        }
        self.discoverers.clear();
        for f in self.open {
            self.discoverers.push((f, discoverers(pos, f, lifted)));
        }
        self.double = discoverers(pos, king, lifted);
        self.first = queen_attacks(king, theirs) & theirs;
        self.prone = Bitboard::EMPTY;
        for q in self.first {
            let orth = rook_rays(king).has(q);
            let pinners = (line(king, q) & ours)
                .into_iter()
                .filter(|&p| between(king, p).has(q))
                .any(|p| pos.piece_at(p).is_some_and(|p| pins_along(p.kind, orth)));
            if pinners {
                self.prone = self.prone.with(q);
            }
        }
        let guards = pos.pieces(us, PieceKind::Guard);
        for (leg, from) in guard_legs_toward(king) {
            if (from & guards).any() {
                self.prone |= leg & theirs;
            }
        }
        self.defenders.clear();
        for q in theirs {
            if let Some(p) = pos.piece_at(q) {
                let att = piece_attacks(p.kind, !us, q, occ);
                let _ = self.defenders.try_push((q, p.kind, att));
            }
        }
        self.checkers.clear();
        self.complete = true;
        for kind in PieceKind::ALL {
            let origins = pos.pieces(us, kind);
            let in_hand = pos.hand(us).count(kind) > 0;
            self.reach[kind.index()] = Bitboard::EMPTY;
            if kind == PieceKind::King || (origins.is_empty() && !in_hand) {
                continue;
            }
            self.reach[kind.index()] = origins
                .into_iter()
                .fold(Bitboard::EMPTY, |b, a| b | reach(kind, us, a, occ));
            let blockers = lifted & !origins;
            let promotions = rules.promotions[kind.index()];
            for checker in std::iter::once(kind).chain(promotions.iter().copied()) {
                let mut c = Checker {
                    kind,
                    checker,
                    king: check_squares(checker, us, king, blockers) & rules.board & !ours,
                    flights: [Bitboard::EMPTY; FLIGHTS],
                };
                for (i, f) in self.open.into_iter().enumerate() {
                    c.flights[i] = check_squares(checker, us, f, blockers);
                }
                self.complete &= self.checkers.try_push(c).is_ok();
            }
        }
    }

    /// The test for the drop of `dropped` on `s` in `pos` (the position of this node).
    fn may_mate(&self, pos: &Position, dropped: PieceKind, s: Square) -> bool {
        let us = pos.side_to_move();
        let king = self.king;
        let occ = self.occ.with(s);
        let lifted = occ.without(king);
        let attacks = piece_attacks(dropped, us, s, lifted);
        let open = self.open & !attacks;
        // Where the dropped piece would see through the mover's own pieces: a discovery of
        // its own, too rare to sift.
        let through = piece_attacks(dropped, us, s, lifted & !self.ours) & !attacks;
        let sole = self
            .sole
            .iter()
            .fold(Bitboard::EMPTY, |b, &(f, _)| b.with(f));
        if !self.complete || (through & (open | sole).with(king)).any() {
            return true;
        }
        let landing = pos.rules().board & !self.ours.without(s).with(s);
        let mut prone: Option<Bitboard> = None;
        let mut unanswered = |from: Bitboard, origins: Bitboard, checker: PieceKind| {
            if (origins & self.double).any() {
                return from;
            }
            let prone = *prone.get_or_insert_with(|| self.prone(dropped, s));
            self.unanswered(from, checker, prone, s, occ)
        };
        // A checker whose leaving discovers some open flights, or leaves open a flight it
        // alone attacks, is tried on its own.
        let mut special = Bitboard::EMPTY;
        for &(f, by) in &self.discoverers {
            if open.has(f) {
                special |= by;
            }
        }
        for &(f, a) in &self.sole {
            if !attacks.has(f) {
                special = special.with(a);
            }
        }
        if (self.open & attacks).any() {
            special = special.with(s);
        }
        for a in special {
            let kind = if a == s {
                dropped
            } else {
                pos.piece_at(a).map_or(PieceKind::King, |p| p.kind)
            };
            let mut need = if a == s { self.open } else { open };
            for &(f, by) in &self.discoverers {
                if by.has(a) {
                    need = need.without(f);
                }
            }
            for &(f, b) in &self.sole {
                if b == a && !attacks.has(f) {
                    need = need.with(f);
                }
            }
            let blockers = lifted.without(a);
            let reached = reach(kind, us, a, occ);
            let promotions = pos.rules().promotions[kind.index()];
            for checker in std::iter::once(kind).chain(promotions.iter().copied()) {
                let mut from = check_squares(checker, us, king, blockers) & landing & reached;
                for f in need {
                    from &= check_squares(checker, us, f, blockers);
                }
                if from.any() && unanswered(from, Bitboard::from_square(a), checker).any() {
                    return true;
                }
            }
        }
        // Any other checker must attack every open flight itself.
        for c in &self.checkers {
            let mut origins = pos.pieces(us, c.kind);
            let mut reached = self.reach[c.kind.index()];
            if c.kind == dropped {
                origins = origins.with(s);
                reached |= reach(dropped, us, s, occ);
            }
            origins &= !special;
            if origins.is_empty() {
                continue;
            }
            let mut from = c.king & landing & reached;
            for (i, f) in self.open.into_iter().enumerate() {
                if open.has(f) {
                    from &= c.flights[i];
                }
            }
            if from.any() && unanswered(from, origins, c.checker).any() {
                return true;
            }
        }
        pos.rules().drop_may_check
            && pos.hand(us).kinds().any(|k| {
                let mut from = check_squares(k, us, king, lifted) & !occ;
                for f in open {
                    from &= check_squares(k, us, f, lifted);
                }
                from.any() && unanswered(from, Bitboard::EMPTY, k).any()
            })
    }

    /// The enemy pieces that could be pinned once `dropped` stands on `s` (first on a
    /// queen's ray from their king, the mover's pieces seen through, with a piece of the
    /// mover further on that line that slides along it; on the leg of a guard's knight move
    /// to the king).
    fn prone(&self, dropped: PieceKind, s: Square) -> Bitboard {
        let mut prone = self.prone;
        if between(self.king, s).any() {
            for q in self.first {
                if between(self.king, s).has(q) && pins_along(dropped, rook_rays(self.king).has(q))
                {
                    prone = prone.with(q);
                }
            }
        }
        if dropped == PieceKind::Guard {
            for (leg, from) in guard_legs_toward(self.king) {
                if from.has(s) {
                    prone |= leg;
                }
            }
        }
        prone
    }

    /// Of `from` (squares a `checker` would check the king from, the drop on `s` made), those
    /// where no enemy piece but the king and the `prone` ones captures it or blocks the check
    /// (as `movegen::check_mask` blocks; the piece the checker takes, and one that attacks its
    /// square and so might need to pass it, do not block).
    fn unanswered(
        &self,
        from: Bitboard,
        checker: PieceKind,
        prone: Bitboard,
        s: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let (king, them) = (self.king, !self.us);
        let mut left = from;
        for t in from {
            let blocks = match checker {
                PieceKind::Pawn | PieceKind::Cavalry | PieceKind::King => Bitboard::EMPTY,
                PieceKind::Guard if line(king, t).is_empty() => {
                    guard_leg(t, king).map_or(Bitboard::EMPTY, Bitboard::from_square)
                }
                _ => between(t, king),
            };
            for &(q, kind, att) in &self.defenders {
                let push = if kind == PieceKind::Pawn {
                    pawn_push(q, them)
                } else {
                    att
                };
                if q == t || prone.has(q) || !(att.has(t) || (push & blocks).any()) {
                    continue;
                }
                // The drop may stand in its way (attacks with it are a subset of those without).
                let att = if att.has(s) {
                    piece_attacks(kind, them, q, occ)
                } else {
                    att
                };
                let push = if kind == PieceKind::Pawn { push } else { att };
                if att.has(t) || (push & blocks).any() {
                    left = left.without(t);
                    break;
                }
            }
        }
        left
    }
}

/// Whether a piece of `kind` attacks through a square along a rank or file (`orth`) or a
/// diagonal: a piece that could pin along that line.
fn pins_along(kind: PieceKind, orth: bool) -> bool {
    use PieceKind::*;
    match kind {
        Queen | Guard => true,
        Rook | Spear | Lance | Dragon => orth,
        Bishop | Horse => !orth,
        _ => false,
    }
}

/// The square a pawn of `color` on `q` steps forward to (on or off the board).
fn pawn_push(q: Square, color: Color) -> Bitboard {
    let from = Bitboard::from_square(q);
    match color {
        Color::Black => from.north(),
        Color::White => from.south(),
    }
}

/// Of the mover's pieces next to `sq` or first on a queen's ray from it, those whose leaving
/// lets another of its pieces attack `sq` (a blocker of a line, a guard's step or leg lies
/// there).
fn discoverers(pos: &Position, sq: Square, lifted: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    let mut by = Bitboard::EMPTY;
    for b in (queen_attacks(sq, lifted) | king_attacks(sq)) & pos.side_pieces(us) {
        if pos.is_attacked(sq, us, lifted.without(b)) {
            by = by.with(b);
        }
    }
    by
}

/// The pieces of the side to move that attack `sq` with `blockers`.
fn attackers(pos: &Position, sq: Square, blockers: Bitboard) -> Bitboard {
    let us = pos.side_to_move();
    let mut by = Bitboard::EMPTY;
    for kind in PieceKind::ALL {
        let pieces = pos.pieces(us, kind);
        if pieces.any() {
            by |= check_squares(kind, us, sq, blockers) & pieces;
        }
    }
    by
}

/// Where a piece of `kind` of `us` on `a` can go (pawns: their pushes too).
fn reach(kind: PieceKind, us: Color, a: Square, occ: Bitboard) -> Bitboard {
    let from = Bitboard::from_square(a);
    let push = match (kind, us) {
        (PieceKind::Pawn, Color::Black) => from.north() | from.north().north(),
        (PieceKind::Pawn, Color::White) => from.south() | from.south().south(),
        _ => Bitboard::EMPTY,
    };
    push | piece_attacks(kind, us, a, occ)
}
