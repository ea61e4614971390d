//! The internal score scale: centipawns, with mate scores kept far above any evaluation.
//!
//! A position where the side to move is mated `ply` plies from the root scores
//! `-(MATE - ply)`; so a shorter mate is a larger score and the distance can be read back.
//! The evaluation is clamped well inside `±MATE_IN_MAX_PLY` so the two never mix.

use super::Score;

/// The search's value type.
pub type Value = i32;

/// The deepest ply the search reaches (stack size).
pub const MAX_PLY: usize = 128;
/// Mate at the root.
pub const MATE: Value = 30_000;
/// Above every real score; the initial window bound.
pub const INFINITE: Value = 30_001;
/// "No value" marker for tables (fits an `i16`).
pub const NONE: Value = 30_002;
/// Any score at or above this is a mate for the side to move.
pub const MATE_IN_MAX_PLY: Value = MATE - MAX_PLY as Value;
/// Any score at or below this is a mate against the side to move.
pub const MATED_IN_MAX_PLY: Value = -MATE_IN_MAX_PLY;
/// The evaluation never leaves `±EVAL_LIMIT`.
pub const EVAL_LIMIT: Value = MATE_IN_MAX_PLY - 1_000;
/// A draw.
pub const DRAW: Value = 0;

/// The score of mating `ply` plies from the root.
#[inline(always)]
pub const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// The score of being mated `ply` plies from the root.
#[inline(always)]
pub const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// Whether `v` is a mate score (either side).
#[inline(always)]
pub const fn is_mate(v: Value) -> bool {
    v >= MATE_IN_MAX_PLY || v <= MATED_IN_MAX_PLY
}

/// Converts a root-relative score into the ply-independent form the table stores: mate scores
/// count from the stored node instead of the root.
#[inline(always)]
pub const fn to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_IN_MAX_PLY {
        v + ply as Value
    } else if v <= MATED_IN_MAX_PLY {
        v - ply as Value
    } else {
        v
    }
}

/// The inverse of [`to_tt`] at the node `ply` plies from the root.
#[inline(always)]
pub const fn from_tt(v: Value, ply: usize) -> Value {
    if v == NONE {
        NONE
    } else if v >= MATE_IN_MAX_PLY {
        v - ply as Value
    } else if v <= MATED_IN_MAX_PLY {
        v + ply as Value
    } else {
        v
    }
}

/// The outside view of a root score.
pub fn to_score(v: Value) -> Score {
    if v >= MATE_IN_MAX_PLY {
        Score::Mate(MATE - v)
    } else if v <= MATED_IN_MAX_PLY {
        Score::Mate(-(MATE + v))
    } else {
        Score::Cp(v)
    }
}

impl Score {
    /// This score on the one centipawn scale every tool uses (the search's own, [`MATE`]):
    /// centipawns as they are, a mate in `n` plies `MATE − n`, being mated in `n` plies
    /// `−(MATE − n)`; the inverse of [`to_score`]. Adjudication, opening books, training data,
    /// the web board's graph and the tuner all compare scores on this scale.
    pub const fn centipawns(self) -> Value {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE - n,
            Score::Mate(n) => -MATE - n,
        }
    }

    /// Whether this is a mate score (for either side).
    pub const fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_survive_the_table() {
        for ply in [0usize, 1, 7, 60] {
            for v in [mate_in(ply + 3), mated_in(ply + 4), 123, -77, DRAW] {
                assert_eq!(from_tt(to_tt(v, ply), ply), v);
            }
        }
        // A mate found 5 plies below a node stored at ply 3 reads back as 5 plies below a
        // node at ply 10.
        assert_eq!(from_tt(to_tt(mate_in(3 + 5), 3), 10), mate_in(10 + 5));
    }

    #[test]
    fn scores_read_as_distances() {
        assert_eq!(to_score(mate_in(3)), Score::Mate(3));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-2));
        assert_eq!(to_score(mated_in(0)), Score::Mate(0));
        assert_eq!(to_score(-45), Score::Cp(-45));
    }

    #[test]
    fn centipawns_invert_to_score() {
        for v in [
            mate_in(1),
            mate_in(9),
            mated_in(0),
            mated_in(4),
            0,
            317,
            -2_000,
            EVAL_LIMIT,
        ] {
            assert_eq!(to_score(v).centipawns(), v, "{v}");
        }
        assert_eq!(Score::Mate(3).centipawns(), MATE - 3);
        assert_eq!(Score::Mate(-2).centipawns(), -(MATE - 2));
        assert!(Score::Mate(0).is_mate() && !Score::Cp(5).is_mate());
    }
}
