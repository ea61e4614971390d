//! The float net's input layout: the real features of a feature set and the training-only
//! factor rows each one switches on.

use longjiang_core::geometry::{FILES, RANKS, SQUARES};
use longjiang_core::rules::HAND_KINDS;
use longjiang_engine::eval::nnue::FeatureSet;
use longjiang_engine::eval::nnue::features::{BOARD_FEATURES, FEATURES, HAND_SLOTS, NET_KINDS};
use longjiang_engine::eval::nnue::network::{BUCKETS, Factors};

/// Kind factor rows: one per (ours/theirs, kind) of the board and of the hand.
const KIND_ROWS: usize = 2 * NET_KINDS + 2 * HAND_KINDS;
/// Files a mirror pair class tells apart (a↔j, b↔i, …).
const HALF_FILES: usize = (FILES as usize).div_ceil(2);
/// Mirror factor rows: one per (ours/theirs, kind, rank, mirror pair of files).
const MIRROR_ROWS: usize = 2 * NET_KINDS * RANKS as usize * HALF_FILES;

/// The float net's shape: its feature set, hidden size and the training-only "factor"
/// inputs. Each real feature also switches on its factors, so what many features share (a
/// kind's material, a square's mirror twin, the same feature in every king bucket) is learnt
/// from every position at once; quantisation adds each factor's row into its features'
/// rows, so the net file has no trace of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The inputs.
    pub set: FeatureSet,
    /// Neurons per perspective (one of `HIDDEN_SIZES`).
    pub hidden: usize,
    /// The factorisers.
    pub factors: Factors,
}

impl Shape {
    /// A plain-feature shape.
    pub fn plain(hidden: usize, factors: Factors) -> Shape {
        Shape {
            set: FeatureSet::Plain,
            hidden,
            factors,
        }
    }

    /// Input rows of the float net: the real features, then the factors (the shared
    /// plain rows, the kinds, the mirror pairs).
    pub fn inputs(&self) -> usize {
        let mut n = self.set.inputs();
        if self.factors.contains(Factors::SHARED) {
            n += FEATURES;
        }
        if self.factors.contains(Factors::KIND) {
            n += KIND_ROWS;
        }
        if self.factors.contains(Factors::MIRROR) {
            n += MIRROR_ROWS;
        }
        n
    }

    /// The factor rows real feature `f` switches on (at most three).
    #[inline(always)]
    pub fn factors_of(&self, f: usize) -> arrayvec::ArrayVec<usize, 3> {
        let mut out = arrayvec::ArrayVec::new();
        let mut next = self.set.inputs();
        // The plain feature, whatever the king bucket.
        let f = f % FEATURES;
        if self.factors.contains(Factors::SHARED) {
            out.push(next + f);
            next += FEATURES;
        }
        if self.factors.contains(Factors::KIND) {
            out.push(if f < BOARD_FEATURES {
                next + f / SQUARES
            } else {
                next + 2 * NET_KINDS + (f - BOARD_FEATURES) / HAND_SLOTS
            });
            next += KIND_ROWS;
        }
        if self.factors.contains(Factors::MIRROR) && f < BOARD_FEATURES {
            let (group, sq) = (f / SQUARES, f % SQUARES);
            let (rank, file) = (sq / FILES as usize, sq % FILES as usize);
            let pair = file.min(FILES as usize - 1 - file);
            out.push(next + (group * RANKS as usize + rank) * HALF_FILES + pair);
        }
        out
    }

    /// Appends the real features `real` and their factor rows to `out`.
    #[inline]
    pub fn expand(&self, real: impl Iterator<Item = u16>, out: &mut Vec<u16>) {
        let start = out.len();
        out.extend(real);
        for i in start..out.len() {
            let f = out[i] as usize;
            for r in self.factors_of(f) {
                out.push(r as u16);
            }
        }
    }

    /// Appends both perspectives' inputs (side to move first) of a position whose side to
    /// move has the plain features `plain` to `us` and `them`.
    #[inline]
    pub fn expand_position(
        &self,
        plain: impl Iterator<Item = u16> + Clone,
        us: &mut Vec<u16>,
        them: &mut Vec<u16>,
    ) {
        let [ou, ot] = self.set.offsets_of_plain(plain.clone()).map(|o| o as u16);
        self.expand(plain.clone().map(|f| f + ou), us);
        let theirs =
            plain.map(|f| longjiang_engine::eval::nnue::features::other_perspective(f as usize));
        self.expand(theirs.map(|f| f as u16 + ot), them);
    }

    /// Offset of the input biases in the flat parameter vector (the input weights are
    /// first, `[inputs][hidden]`).
    pub fn ft_b(&self) -> usize {
        self.inputs() * self.hidden
    }

    /// Offset of the output weights, `[BUCKETS][2 × hidden]`.
    pub fn out_w(&self) -> usize {
        self.ft_b() + self.hidden
    }

    /// Offset of the output biases, `[BUCKETS]`.
    pub fn out_b(&self) -> usize {
        self.out_w() + BUCKETS * 2 * self.hidden
    }

    /// Number of parameters.
    pub fn params(&self) -> usize {
        self.out_b() + BUCKETS
    }

    /// Whether parameter `i` is a weight (decayed and clipped) rather than a bias.
    #[inline(always)]
    pub fn is_weight(&self, i: usize) -> bool {
        i < self.ft_b() || (self.out_w()..self.out_b()).contains(&i)
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::FloatNet;
    use super::*;

    #[test]
    fn mirror_factors_pair_files_a_and_j() {
        let shape = Shape::plain(128, Factors::MIRROR);
        // a1 and j1 of one kind share a row; a1 and b1 do not; hand features have none.
        assert_eq!(shape.factors_of(0), shape.factors_of(9));
        assert_ne!(shape.factors_of(0), shape.factors_of(1));
        assert!(shape.factors_of(BOARD_FEATURES).is_empty());
        // The last group's top rank, file e (paired with f): the last row.
        let last = shape.factors_of(BOARD_FEATURES - 5)[0];
        assert_eq!(last, shape.inputs() - 1);
        assert_eq!(shape.factors_of(BOARD_FEATURES - 6)[0], last);
    }

    #[test]
    fn shared_factors_tie_a_feature_across_king_buckets() {
        let shape = Shape {
            set: FeatureSet::KingBuckets,
            hidden: 128,
            factors: Factors::SHARED | Factors::KIND,
        };
        let f = 700;
        let in_bucket = |b: usize| shape.factors_of(b * FEATURES + f);
        for b in 1..longjiang_engine::eval::nnue::buckets::KING_BUCKETS {
            assert_eq!(in_bucket(b), in_bucket(0));
        }
        assert_eq!(in_bucket(0)[0], shape.set.inputs() + f);
        assert_ne!(shape.factors_of(f + 1)[0], in_bucket(0)[0]);
        // Only the shared rows start random.
        let net = FloatNet::init(shape, 1);
        let h = shape.hidden;
        assert!(net.p[..shape.set.inputs() * h].iter().all(|&w| w == 0.0));
        assert!(
            net.p[shape.set.inputs() * h..(shape.set.inputs() + FEATURES) * h]
                .iter()
                .any(|&w| w != 0.0)
        );
    }
}
