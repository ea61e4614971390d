//! The evaluation as coefficients: for one position, how many times each weight enters it.
//! The evaluation is linear in its weights per phase except for king danger, whose units are
//! summed per king and then squared (middlegame); so the features are the linear
//! coefficients (first player minus second) and, per king, the coefficients of its danger
//! units. [`EvalFeatures::predict`] rebuilds the score from them for any weights, which is
//! what the tuner differentiates.

use super::Recorder;
use super::weights::{KING_DANGER_DIVISOR, KING_DANGER_EG_DIVISOR, S};
use longjiang_core::rules::{Color, Position};

/// The coefficients of every weight in one position's evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalFeatures {
    /// The phase, 0 (endgame) ..= `phase_max`.
    pub phase: i32,
    /// The phase of a full middlegame (a game without a phase: 1 of 1).
    pub phase_max: i32,
    /// The side to move.
    pub side: Color,
    /// Linear weights: (index, coefficient for the first player minus the second), non-zero
    /// ones only.
    pub linear: Vec<(u16, f32)>,
    /// Danger units against each king (`[Color::index()]`): (index, coefficient).
    pub danger: [Vec<(u16, f32)>; 2],
}

/// Records the coefficients of an evaluation's weights.
pub(super) struct FeatureRecorder {
    linear: Vec<f32>,
    danger: [Vec<f32>; 2],
}

impl Recorder for FeatureRecorder {
    const FEATURES: bool = true;
    fn add(&mut self, _: &'static str, _: Color, _: S) {}
    fn feature(&mut self, color: Color, index: usize, coef: f32) {
        self.linear[index] += match color {
            Color::Black => coef,
            Color::White => -coef,
        };
    }
    fn danger(&mut self, color: Color, index: usize, coef: f32) {
        self.danger[color.index()][index] += coef;
    }
}

fn sparse(v: &[f32]) -> Vec<(u16, f32)> {
    v.iter()
        .enumerate()
        .filter(|(_, c)| **c != 0.0)
        .map(|(i, &c)| (i as u16, c))
        .collect()
}

impl EvalFeatures {
    /// The features of an evaluation of `pos` with `n` weights at `(phase, phase_max)`, whose
    /// terms `run` hands to the recorder it is given.
    pub(super) fn record(
        pos: &Position,
        n: usize,
        phase: (i32, i32),
        run: impl FnOnce(&mut FeatureRecorder) -> i32,
    ) -> Self {
        let mut rec = FeatureRecorder {
            linear: vec![0.0; n],
            danger: [vec![0.0; n], vec![0.0; n]],
        };
        run(&mut rec);
        EvalFeatures {
            phase: phase.0,
            phase_max: phase.1,
            side: pos.side_to_move(),
            linear: sparse(&rec.linear),
            danger: [sparse(&rec.danger[0]), sparse(&rec.danger[1])],
        }
    }
}

/// The middlegame and endgame king-danger penalty for a danger sum (both non-negative).
#[inline]
pub fn danger_penalty(mg: f64, eg: f64) -> (f64, f64) {
    (
        mg.max(0.0).powi(2) / f64::from(KING_DANGER_DIVISOR),
        eg.max(0.0) / f64::from(KING_DANGER_EG_DIVISOR),
    )
}

impl EvalFeatures {
    /// The middlegame share of the blend, 0..=1.
    pub fn mg_share(&self) -> f64 {
        f64::from(self.phase) / f64::from(self.phase_max)
    }

    /// The danger sums (mg, eg) against `color`'s king under weights `w` (`w[i] = (mg, eg)`).
    pub fn danger_sum(&self, w: &[(f64, f64)], color: Color) -> (f64, f64) {
        let mut d = (0.0, 0.0);
        for &(i, c) in &self.danger[color.index()] {
            let (m, e) = w[i as usize];
            d.0 += f64::from(c) * m;
            d.1 += f64::from(c) * e;
        }
        d
    }

    /// The evaluation from the first player's point of view under weights `w`, without the
    /// integer rounding of `evaluate` (within a few centipawns of it).
    pub fn predict(&self, w: &[(f64, f64)]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &self.linear {
            let (m, e) = w[i as usize];
            mg += f64::from(c) * m;
            eg += f64::from(c) * e;
        }
        for color in Color::ALL {
            let (dm, de) = self.danger_sum(w, color);
            let (pm, pe) = danger_penalty(dm, de);
            let sign = if color == Color::Black { -1.0 } else { 1.0 };
            mg += sign * pm;
            eg += sign * pe;
        }
        let a = self.mg_share();
        mg * a + eg * (1.0 - a)
    }
}

/// A weight table as floating-point pairs, for `predict`.
pub fn as_f64(w: &[S]) -> Vec<(f64, f64)> {
    w.iter().map(|s| (f64::from(s.0), f64::from(s.1))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate, features, games};
    use longjiang_core::rules::samples::POSITIONS;

    #[test]
    fn the_features_rebuild_the_evaluation() {
        for (v, sfen) in POSITIONS {
            let pos = Position::from_sfen(sfen, v.rules()).unwrap();
            let f = features(&pos);
            let w = as_f64(games::of(v).classical.table().weights);
            let first = f.predict(&w);
            let e = f64::from(evaluate(&pos));
            let e_first = if pos.side_to_move() == Color::Black {
                e
            } else {
                -e
            };
            assert!(
                (first - e_first).abs() <= 6.0,
                "{sfen}: {first} vs {e_first}"
            );
        }
    }
}
