//! Feature sets: the plain features of [`features`](super::features) (set 0), or the same
//! features repeated per own-king bucket (set 1, `docs/nnue.md`, "Feature sets").
//!
//! In set 1 each perspective's inputs are `bucket × FEATURES + f` for the plain feature `f`,
//! the bucket being where that perspective's own king stands (in its own orientation,
//! [`KING_BUCKET`]): the same piece on the same square may then weigh differently next to the
//! king and far from it, which plain piece-square inputs cannot say. A move of a king to
//! another bucket changes every feature of its perspective: that perspective is refreshed.

use super::features::{FEATURES, FeatureChange, FeatureDelta, MAX_ACTIVE, active, orient};
use longjiang_core::geometry::{FILES, SQUARES, Square};
use longjiang_core::rules::{Color, PieceKind, Position};

/// Own-king buckets of feature set 1.
pub const KING_BUCKETS: usize = 6;

/// The bucket of an own king on each square (index `rank × FILES + file`, seen from its
/// side: rank 0 is its back rank): wing a–c, centre d–g or wing h–j, times back ranks 1–2
/// or advanced (3 and up).
pub const KING_BUCKET: [u8; SQUARES] = {
    let mut t = [0u8; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = (sq % FILES as usize, sq / FILES as usize);
        let wing = if file < 3 {
            0
        } else if file < 7 {
            1
        } else {
            2
        };
        t[sq] = wing + if rank < 2 { 0 } else { 3 };
        sq += 1;
    }
    t
};

/// The bucket of `perspective`'s own king (0 if it has none).
#[inline(always)]
pub fn king_bucket(pos: &Position, perspective: Color) -> usize {
    pos.pieces(perspective, PieceKind::King)
        .first()
        .map_or(0, |sq| KING_BUCKET[orient(perspective, sq)] as usize)
}

/// Which inputs a net reads (the net file's "feature set" field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FeatureSet {
    /// 0: the board and hand thermometer features.
    #[default]
    Plain,
    /// 1: the plain features per own-king bucket ([`KING_BUCKET`]).
    KingBuckets,
}

impl FeatureSet {
    /// Every set this build reads.
    pub const ALL: [FeatureSet; 2] = [FeatureSet::Plain, FeatureSet::KingBuckets];

    /// The file header's code.
    pub const fn code(self) -> u16 {
        match self {
            FeatureSet::Plain => 0,
            FeatureSet::KingBuckets => 1,
        }
    }

    /// The set of header code `code`, if this build has it.
    pub fn from_code(code: u16) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|s| s.code() == code)
    }

    /// A short name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::Plain => "plain",
            FeatureSet::KingBuckets => "king-bucket",
        }
    }

    /// How many copies of the plain features it has.
    pub const fn buckets(self) -> usize {
        match self {
            FeatureSet::Plain => 1,
            FeatureSet::KingBuckets => KING_BUCKETS,
        }
    }

    /// Input features of a net of this set.
    pub const fn inputs(self) -> usize {
        self.buckets() * FEATURES
    }

    /// What `perspective`'s plain features are offset by in `pos`.
    #[inline(always)]
    pub fn offset(self, pos: &Position, perspective: Color) -> usize {
        match self {
            FeatureSet::Plain => 0,
            FeatureSet::KingBuckets => king_bucket(pos, perspective) * FEATURES,
        }
    }

    /// Every input `pos` has on from `perspective`, in no particular order.
    pub fn active(self, pos: &Position, perspective: Color) -> arrayvec::ArrayVec<u16, MAX_ACTIVE> {
        let mut out = active(pos, perspective);
        let offset = self.offset(pos, perspective) as u16;
        if offset != 0 {
            out.iter_mut().for_each(|f| *f += offset);
        }
        out
    }

    /// Whether the move of `delta` changes `perspective`'s offset (its king goes to another
    /// bucket), so that its sums must be computed afresh.
    #[inline(always)]
    pub fn refreshes(self, delta: &FeatureDelta, perspective: Color) -> bool {
        if self == FeatureSet::Plain {
            return false;
        }
        let king = |changes: &[FeatureChange]| {
            changes.iter().find_map(|c| match *c {
                FeatureChange::Board(p, sq)
                    if p.kind == PieceKind::King && p.color == perspective =>
                {
                    Some(KING_BUCKET[orient(perspective, sq)])
                }
                _ => None,
            })
        };
        king(delta.removed()) != king(delta.added())
    }

    /// Both perspectives' offsets (side to move first) from the side to move's plain
    /// features `plain` (the trainer's cache records): found from the two kings' features.
    pub fn offsets_of_plain(self, plain: impl Iterator<Item = u16>) -> [usize; 2] {
        if self == FeatureSet::Plain {
            return [0; 2];
        }
        let kings = PieceKind::King.index() * SQUARES;
        let theirs = kings + super::features::NET_KINDS * SQUARES;
        let mut out = [0; 2];
        for f in plain.map(usize::from) {
            if (kings..kings + SQUARES).contains(&f) {
                out[0] = KING_BUCKET[f - kings] as usize * FEATURES;
            } else if (theirs..theirs + SQUARES).contains(&f) {
                // Their king as they see it: the square mirrored rank for rank.
                let sq = Square::from_index_unchecked((f - theirs) as u8).flip_rank();
                out[1] = KING_BUCKET[sq.index()] as usize * FEATURES;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::movegen::legal_moves;
    use longjiang_core::rules::{LONGJIANG, Variant};

    #[test]
    fn the_bucket_table_has_wings_centre_and_advanced_kings() {
        let at = |file: usize, rank: usize| KING_BUCKET[rank * FILES as usize + file];
        assert_eq!(
            [at(0, 0), at(2, 1), at(3, 0), at(6, 1), at(7, 0), at(9, 1)],
            [0, 0, 1, 1, 2, 2]
        );
        assert_eq!([at(0, 2), at(5, 5), at(9, 9)], [3, 4, 5]);
        assert!(KING_BUCKET.iter().all(|&b| (b as usize) < KING_BUCKETS));
        // The start position's kings stand in the centre of their back ranks, both alike.
        let pos = Position::start(LONGJIANG);
        assert_eq!(king_bucket(&pos, Color::Black), 1);
        assert_eq!(king_bucket(&pos, Color::White), 1);
    }

    #[test]
    fn codes_round_trip_and_sets_size_their_inputs() {
        for s in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_code(s.code()), Some(s));
        }
        assert_eq!(FeatureSet::from_code(2), None);
        assert_eq!(FeatureSet::Plain.inputs(), FEATURES);
        assert_eq!(FeatureSet::KingBuckets.inputs(), KING_BUCKETS * FEATURES);
        assert!(FeatureSet::KingBuckets.inputs() <= u16::MAX as usize);
    }

    /// On random playouts: the set-1 inputs are in range and offset by the king bucket, the
    /// offsets found from the plain features are the positions', and `refreshes` says exactly
    /// when a move changes a perspective's bucket.
    #[test]
    fn offsets_and_refreshes_follow_the_kings() {
        let set = FeatureSet::KingBuckets;
        let mut changed = 0;
        for variant in [Variant::Longjiang, Variant::LongjiangNoDrop] {
            for seed in 0..20u64 {
                let mut pos = Position::start(variant.rules());
                let mut s = seed;
                for _ in 0..200 {
                    let moves = legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    // Prefer king moves, so that buckets change often.
                    let kings: Vec<_> = moves
                        .iter()
                        .copied()
                        .filter(|m| {
                            m.from()
                                .and_then(|f| pos.piece_at(f))
                                .is_some_and(|p| p.kind == PieceKind::King)
                        })
                        .collect();
                    let m = if !kings.is_empty() && (s >> 40) % 2 == 0 {
                        kings[(s >> 33) as usize % kings.len()]
                    } else {
                        moves[(s >> 33) as usize % moves.len()]
                    };
                    let d = super::super::features::delta(&pos, m);
                    let before = [
                        set.offset(&pos, Color::Black),
                        set.offset(&pos, Color::White),
                    ];
                    pos.play(m);
                    for c in Color::ALL {
                        let moved = set.offset(&pos, c) != before[c.index()];
                        assert_eq!(set.refreshes(&d, c), moved, "{}", pos.to_sfen());
                        changed += moved as usize;
                        let plain = active(&pos, c);
                        let off = set.offset(&pos, c);
                        let mut a = set.active(&pos, c);
                        a.iter_mut().for_each(|f| *f -= off as u16);
                        assert_eq!(a, plain);
                    }
                    let us = pos.side_to_move();
                    assert_eq!(
                        set.offsets_of_plain(active(&pos, us).into_iter()),
                        [set.offset(&pos, us), set.offset(&pos, !us)]
                    );
                    assert!(!FeatureSet::Plain.refreshes(&d, us));
                }
            }
        }
        assert!(
            changed > 20,
            "the playouts moved kings between buckets {changed} times"
        );
    }
}
