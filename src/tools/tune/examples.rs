//! The tuner's examples: datagen samples turned into the evaluation's features, split into
//! training and validation sets by game number, with the data checks `longjiang tune`
//! reports (how far the quiescence resolution moved, and how closely the features rebuild
//! `evaluate` on every position learnt from).

use super::fit::Example;
use super::quiet;
use longjiang_core::data::sample::Sample;
use longjiang_core::rules::{Color, Rules};
use longjiang_engine::eval::{self, as_f64, features};
use rayon::prelude::*;

/// What the data checks measured over every position learnt from.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DataChecks {
    /// Positions learnt from (training and validation).
    pub positions: usize,
    /// Of them, how many the quiescence search moved to another leaf.
    pub moved: usize,
    /// The mean |quiescence value − static evaluation|, centipawns.
    pub qdiff_mean: f64,
    /// The mean |`EvalFeatures::predict` − `evaluate`| with the build's weights, centipawns.
    pub error_mean: f64,
    /// The largest such gap.
    pub error_max: f64,
}

impl DataChecks {
    /// The report's line.
    pub fn line(&self) -> String {
        format!(
            "{} of {} positions resolved to another leaf (mean gap of quiescence and static value {:.1} cp); features vs evaluate: mean {:.2} cp, max {:.1} cp.",
            self.moved, self.positions, self.qdiff_mean, self.error_mean, self.error_max
        )
    }
}

/// The training and validation examples of some data.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// Positions of the games not held out.
    pub train: Vec<Example>,
    /// Positions of every `validation_every`-th game.
    pub valid: Vec<Example>,
    /// What the checks measured.
    pub checks: DataChecks,
}

/// Turns `samples` of the game of `rules` into examples: each position (its quiescence leaf
/// when `resolve`; positions whose resolution finds a mate, or that do not parse, are
/// dropped) gives its features, the game's result and the search score; every
/// `validation_every`-th game goes to the validation set.
pub fn prepare(samples: &[Sample], rules: Rules, resolve: bool, validation_every: u64) -> Prepared {
    let w = as_f64(eval::games::of(rules.variant).classical.table().weights);
    let examples: Vec<(bool, Example, (bool, f64, f64))> = samples
        .par_iter()
        .filter_map(|s| {
            let pos = s.position(rules).ok()?;
            let (pos, moved, qdiff) = if resolve {
                let r = quiet::resolve(&pos)?;
                let qdiff = f64::from((r.value - r.static_eval).abs());
                (r.leaf, r.plies > 0, qdiff)
            } else {
                (pos, false, 0.0)
            };
            let f = features(&pos);
            let e = f64::from(eval::evaluate(&pos));
            let e_first = if pos.side_to_move() == Color::Black {
                e
            } else {
                -e
            };
            let error = (f.predict(&w) - e_first).abs();
            let example = Example {
                features: f,
                result: s.result.score(),
                score: f64::from(s.score),
            };
            Some((
                s.game % validation_every == 0,
                example,
                (moved, qdiff, error),
            ))
        })
        .collect();
    let n = examples.len().max(1) as f64;
    let checks = DataChecks {
        positions: examples.len(),
        moved: examples.iter().filter(|x| x.2.0).count(),
        qdiff_mean: examples.iter().map(|x| x.2.1).sum::<f64>() / n,
        error_mean: examples.iter().map(|x| x.2.2).sum::<f64>() / n,
        error_max: examples.iter().map(|x| x.2.2).fold(0.0, f64::max),
    };
    let (valid, train): (Vec<_>, Vec<_>) = examples.into_iter().partition(|x| x.0);
    Prepared {
        train: train.into_iter().map(|x| x.1).collect(),
        valid: valid.into_iter().map(|x| x.1).collect(),
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::data::sample::{GameResult, SampleFlags};
    use longjiang_core::movegen::legal_moves;
    use longjiang_core::rng::SplitMix;
    use longjiang_core::rules::{Position, SHOGI};

    /// Shogi positions from random play (promotions, captures, pieces in hand on both sides).
    fn shogi_samples(n: usize) -> Vec<Sample> {
        let mut rng = SplitMix::stream(11, 0);
        let mut out = Vec::new();
        let mut game = 0;
        while out.len() < n {
            let mut pos = Position::start(SHOGI);
            for ply in 0..20 + rng.below(100) as u32 {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len() as u64) as usize]);
                if ply % 7 == 6 {
                    out.push(Sample {
                        game,
                        ply,
                        score: 0,
                        result: GameResult::Draw,
                        flags: SampleFlags::empty(),
                        sfen: pos.to_sfen(),
                    });
                }
            }
            game += 1;
        }
        out
    }

    /// The tuner's check on shogi: its features rebuild `evaluate` exactly (the evaluation is
    /// linear in its weights and has no phase to round), on the stored positions and on their
    /// quiescence leaves, and the held-out games are every third.
    #[test]
    fn shogi_features_rebuild_the_evaluation_exactly() {
        let samples = shogi_samples(400);
        for resolve in [false, true] {
            let p = prepare(&samples, SHOGI, resolve, 3);
            assert!(p.checks.positions > 300, "{:?}", p.checks);
            assert_eq!(p.checks.error_max, 0.0, "{:?}", p.checks);
            assert_eq!(p.train.len() + p.valid.len(), p.checks.positions);
            assert!(!p.valid.is_empty() && p.valid.len() < p.train.len());
            let table = eval::games::of(SHOGI.variant).classical.table();
            let in_hand = p.train.iter().filter(|e| {
                e.features.linear.iter().any(|&(i, _)| {
                    table
                        .param_name(i as usize)
                        .starts_with("shogi: piece in hand")
                })
            });
            assert!(in_hand.count() > 50);
        }
    }
}
