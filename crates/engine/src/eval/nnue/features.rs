//! The network's inputs: which features a position has from one side's point of view, and
//! which ones a move switches on and off.
//!
//! Features are seen from a *perspective* (a side): a piece is "ours" or "theirs", and for the
//! second player the board is mirrored rank for rank, so both players see their own pieces
//! at the bottom (the same orientation the classical piece-square tables use). Two groups:
//! - board: (ours or theirs, kind, square) for every piece on the board, the spearman
//!   included: `2 × NET_KINDS × SQUARES` features;
//! - hand: (ours or theirs, hand kind, i) for i = 0 … count − 1 (a thermometer: the n-th pawn
//!   in hand switches on one more feature), counts above `HAND_SLOTS` clipped:
//!   `2 × HAND_KINDS × HAND_SLOTS` features.
//!
//! Sized from the 龙将棋 kinds (`NET_KINDS`, `HAND_KINDS`), `MAX_IN_HAND` and `SQUARES`: the
//! games with nets. A game with other kinds (standard shogi) has no net and is evaluated
//! classically; its own feature set would widen `NET_KINDS` and the file format's version.

use longjiang_core::geometry::{SQUARES, Square};
use longjiang_core::rules::hand::MAX_IN_HAND;
use longjiang_core::rules::{Color, HAND_KINDS, Move, Piece, PieceKind, Position};

/// Piece kinds the board features tell apart: the eight 龙将棋 kinds, whose indices are
/// 0 … 7 (`PieceKind::King` is the last of them).
pub const NET_KINDS: usize = PieceKind::King.index() + 1;

/// Pieces of one kind the hand features can tell apart (more count as this many).
pub const HAND_SLOTS: usize = MAX_IN_HAND as usize;
/// Board features: ours/theirs × kind × square.
pub const BOARD_FEATURES: usize = 2 * NET_KINDS * SQUARES;
/// Hand features: ours/theirs × hand kind × slot.
pub const HAND_FEATURES: usize = 2 * HAND_KINDS * HAND_SLOTS;
/// All input features.
pub const FEATURES: usize = BOARD_FEATURES + HAND_FEATURES;
/// The most features a position can have on at once from one perspective (a board full of
/// pieces and both hands full), a bound for fixed-size buffers.
pub const MAX_ACTIVE: usize = SQUARES + HAND_FEATURES;

/// `sq` as `perspective` sees it: the second player's board is mirrored rank for rank.
#[inline(always)]
pub const fn orient(perspective: Color, sq: Square) -> usize {
    match perspective {
        Color::Black => sq.index(),
        Color::White => sq.flip_rank().index(),
    }
}

/// 0 when `color` is `perspective`'s own side, 1 for the opponent.
#[inline(always)]
const fn relation(perspective: Color, color: Color) -> usize {
    (perspective as usize) ^ (color as usize)
}

/// The board feature of `piece` on `sq` from `perspective`.
#[inline(always)]
pub const fn board_feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    (relation(perspective, piece.color) * NET_KINDS + piece.kind.index()) * SQUARES
        + orient(perspective, sq)
}

/// The hand feature of `color`'s `slot`-th piece of `kind` in hand (from 0) from
/// `perspective`; slots at or beyond `HAND_SLOTS` share the last feature's place and are
/// never switched on (see [`active`]).
#[inline(always)]
pub const fn hand_feature(perspective: Color, color: Color, kind: PieceKind, slot: usize) -> usize {
    BOARD_FEATURES + (relation(perspective, color) * HAND_KINDS + kind.index()) * HAND_SLOTS + slot
}

/// The feature `f` of one perspective as the other perspective sees it: ours and theirs
/// swapped, and for a board feature the square mirrored rank for rank.
#[inline(always)]
pub const fn other_perspective(f: usize) -> usize {
    if f < BOARD_FEATURES {
        let (group, sq) = (f / SQUARES, f % SQUARES);
        let (rel, kind) = (group / NET_KINDS, group % NET_KINDS);
        let flipped = (longjiang_core::geometry::RANKS as usize
            - 1
            - sq / longjiang_core::geometry::FILES as usize)
            * longjiang_core::geometry::FILES as usize
            + sq % longjiang_core::geometry::FILES as usize;
        ((1 - rel) * NET_KINDS + kind) * SQUARES + flipped
    } else {
        let h = f - BOARD_FEATURES;
        let (group, slot) = (h / HAND_SLOTS, h % HAND_SLOTS);
        let (rel, kind) = (group / HAND_KINDS, group % HAND_KINDS);
        BOARD_FEATURES + ((1 - rel) * HAND_KINDS + kind) * HAND_SLOTS + slot
    }
}

/// One input change a move makes, independent of the perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureChange {
    /// A piece on a square.
    Board(Piece, Square),
    /// `color`'s `slot`-th piece of `kind` in hand.
    Hand(Color, PieceKind, u8),
}

impl FeatureChange {
    /// The feature index from `perspective`, or `None` for a hand slot past `HAND_SLOTS`.
    #[inline(always)]
    pub fn feature(self, perspective: Color) -> Option<usize> {
        match self {
            FeatureChange::Board(p, sq) => Some(board_feature(perspective, p, sq)),
            FeatureChange::Hand(c, k, slot) => ((slot as usize) < HAND_SLOTS)
                .then(|| hand_feature(perspective, c, k, slot as usize)),
        }
    }
}

/// What one move switches off (`removed`) and on (`added`): at most two of each (a capture
/// with promotion into a hand, or castling's king and rook).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureDelta {
    /// Features switched off.
    pub removed: [FeatureChange; 2],
    /// Features switched on.
    pub added: [FeatureChange; 2],
    /// How many of `removed` are used.
    pub n_removed: u8,
    /// How many of `added` are used.
    pub n_added: u8,
}

const NO_CHANGE: FeatureChange = FeatureChange::Hand(Color::Black, PieceKind::Pawn, u8::MAX);

impl FeatureDelta {
    /// No change (a null move).
    pub const EMPTY: FeatureDelta = FeatureDelta {
        removed: [NO_CHANGE; 2],
        added: [NO_CHANGE; 2],
        n_removed: 0,
        n_added: 0,
    };

    #[inline(always)]
    fn remove(&mut self, c: FeatureChange) {
        self.removed[self.n_removed as usize] = c;
        self.n_removed += 1;
    }

    #[inline(always)]
    fn add(&mut self, c: FeatureChange) {
        self.added[self.n_added as usize] = c;
        self.n_added += 1;
    }

    /// The changes switched off.
    #[inline(always)]
    pub fn removed(&self) -> &[FeatureChange] {
        &self.removed[..self.n_removed as usize]
    }

    /// The changes switched on.
    #[inline(always)]
    pub fn added(&self) -> &[FeatureChange] {
        &self.added[..self.n_added as usize]
    }
}

/// The input changes of playing the legal move `m` in `pos` (read before it is played):
/// quiet moves, captures (into the hand when the rules have drops), promotions, castling and
/// drops.
#[inline]
pub fn delta(pos: &Position, m: Move) -> FeatureDelta {
    let us = pos.side_to_move();
    let to = m.to();
    let mut d = FeatureDelta::EMPTY;
    let Some(from) = m.from() else {
        let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
        let n = pos.hand(us).count(kind);
        d.remove(FeatureChange::Hand(us, kind, n.saturating_sub(1)));
        d.add(FeatureChange::Board(Piece::new(us, kind), to));
        return d;
    };
    let Some(piece) = pos.piece_at(from) else {
        return d;
    };
    if m.is_castle() {
        let cm = pos.castling_for(us, to);
        let rook = Piece::new(us, PieceKind::Rook);
        d.remove(FeatureChange::Board(piece, from));
        d.remove(FeatureChange::Board(rook, cm.rook_from));
        d.add(FeatureChange::Board(piece, to));
        d.add(FeatureChange::Board(rook, cm.rook_to));
        return d;
    }
    d.remove(FeatureChange::Board(piece, from));
    let landed = m.promotion_kind().map_or(piece, |k| Piece::new(us, k));
    d.add(FeatureChange::Board(landed, to));
    if let Some(cap) = pos.piece_at(to) {
        d.remove(FeatureChange::Board(cap, to));
        if pos.rules().drops {
            let kind = cap.kind.in_hand();
            d.add(FeatureChange::Hand(us, kind, pos.hand(us).count(kind)));
        }
    }
    d
}

/// Every feature `pos` has on from `perspective`, in no particular order.
pub fn active(pos: &Position, perspective: Color) -> arrayvec::ArrayVec<u16, MAX_ACTIVE> {
    let mut out = arrayvec::ArrayVec::new();
    for color in Color::ALL {
        for &kind in &PieceKind::ALL[..NET_KINDS] {
            for sq in pos.pieces(color, kind) {
                out.push(board_feature(perspective, Piece::new(color, kind), sq) as u16);
            }
        }
        for kind in PieceKind::IN_HAND {
            let n = (pos.hand(color).count(kind) as usize).min(HAND_SLOTS);
            for slot in 0..n {
                out.push(hand_feature(perspective, color, kind, slot) as u16);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::LONGJIANG;

    #[test]
    fn features_are_distinct_and_in_range() {
        let mut seen = vec![false; FEATURES];
        for p in Color::ALL {
            seen.iter_mut().for_each(|s| *s = false);
            for c in Color::ALL {
                for &k in &PieceKind::ALL[..NET_KINDS] {
                    for sq in Square::all() {
                        let f = board_feature(p, Piece::new(c, k), sq);
                        assert!(f < BOARD_FEATURES && !seen[f]);
                        seen[f] = true;
                    }
                }
                for k in PieceKind::IN_HAND {
                    for slot in 0..HAND_SLOTS {
                        let f = hand_feature(p, c, k, slot);
                        assert!((BOARD_FEATURES..FEATURES).contains(&f) && !seen[f]);
                        seen[f] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "every feature index is used");
        }
    }

    #[test]
    fn the_other_perspective_of_a_feature_is_the_other_sides_feature() {
        for p in Color::ALL {
            for c in Color::ALL {
                for &k in &PieceKind::ALL[..NET_KINDS] {
                    for sq in Square::all() {
                        let piece = Piece::new(c, k);
                        let f = board_feature(p, piece, sq);
                        assert_eq!(other_perspective(f), board_feature(!p, piece, sq));
                    }
                }
                for k in PieceKind::IN_HAND {
                    for slot in 0..HAND_SLOTS {
                        let f = hand_feature(p, c, k, slot);
                        assert_eq!(other_perspective(f), hand_feature(!p, c, k, slot));
                    }
                }
            }
        }
    }

    #[test]
    fn the_start_position_looks_the_same_to_both_sides() {
        let pos = Position::start(LONGJIANG);
        let mut a = active(&pos, Color::Black);
        let mut b = active(&pos, Color::White);
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a.len(), 40);
        assert_eq!(a, b);
    }
}
