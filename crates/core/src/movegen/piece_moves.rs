//! `PieceMoves`: the legal moves of one piece (or of one kind in hand) as an origin and a
//! target bitboard, expanded into `Move`s only when someone asks (cozy-chess hands out moves
//! the same way). Counting a set is a popcount, which is what bulk-counted perft needs.

use crate::geometry::{Bitboard, Square};
use crate::rules::{Move, PieceKind};

/// The legal moves of one piece, or the legal drops of one kind from hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The kind that moves (or is dropped).
    pub kind: PieceKind,
    /// Where it stands; `None` for drops.
    pub from: Option<Square>,
    /// Every legal destination.
    pub to: Bitboard,
    /// Destinations where a promotion is allowed but not required (the move exists both ways).
    pub promo_optional: Bitboard,
    /// Destinations where a promotion is required.
    pub promo_forced: Bitboard,
    /// The kinds a promotion may choose.
    pub promo_kinds: &'static [PieceKind],
    /// Destinations that are castling (the king's landing squares).
    pub(crate) castles: Bitboard,
}

impl PieceMoves {
    /// A plain set of moves with no promotions or castling.
    #[inline(always)]
    pub(crate) fn plain(kind: PieceKind, from: Option<Square>, to: Bitboard) -> PieceMoves {
        PieceMoves {
            kind,
            from,
            to,
            promo_optional: Bitboard::EMPTY,
            promo_forced: Bitboard::EMPTY,
            promo_kinds: &[],
            castles: Bitboard::EMPTY,
        }
    }

    /// The number of distinct moves, promotions counted once per choice.
    #[inline(always)]
    pub fn len(&self) -> usize {
        let k = self.promo_kinds.len();
        self.to.len() as usize
            + self.promo_optional.len() as usize * k
            + (self.promo_forced.len() as usize * k)
                .saturating_sub(self.promo_forced.len() as usize)
    }

    /// Whether there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Whether `m` is one of these moves (with the same promotion and castling flags).
    pub fn contains(&self, m: Move) -> bool {
        let to = m.to();
        if m.from() != self.from || !self.to.has(to) {
            return false;
        }
        if self.from.is_none() {
            return m.drop_kind() == Some(self.kind)
                && m.promotion_kind().is_none()
                && !m.is_castle();
        }
        if m.is_castle() != self.castles.has(to) {
            return false;
        }
        match m.promotion_kind() {
            Some(k) => {
                (self.promo_optional.has(to) || self.promo_forced.has(to))
                    && self.promo_kinds.contains(&k)
            }
            None => !self.promo_forced.has(to),
        }
    }
}

/// Iterates the moves of a `PieceMoves`.
pub struct PieceMovesIter {
    set: PieceMoves,
    rest: Bitboard,
    /// A destination whose promotion choices are still being handed out, and the next choice.
    pending: Option<(Square, usize)>,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if let Some((to, i)) = self.pending {
            let kinds = self.set.promo_kinds;
            self.pending = (i + 1 < kinds.len()).then_some((to, i + 1));
            return self
                .set
                .from
                .map(|from| Move::promotion(from, to, kinds[i]));
        }
        let to = self.rest.first()?;
        self.rest = self.rest.without(to);
        let Some(from) = self.set.from else {
            return Some(Move::drop(self.set.kind, to));
        };
        if self.set.castles.has(to) {
            return Some(Move::castle(from, to));
        }
        let kinds = self.set.promo_kinds;
        if self.set.promo_forced.has(to) && !kinds.is_empty() {
            self.pending = (kinds.len() > 1).then_some((to, 1));
            return Some(Move::promotion(from, to, kinds[0]));
        }
        if self.set.promo_optional.has(to) && !kinds.is_empty() {
            self.pending = Some((to, 0));
        }
        Some(Move::normal(from, to))
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            set: self,
            rest: self.to,
            pending: None,
        }
    }
}
