//! Which of the filtered positions the trainer learns from: a share of each game's positions
//! (`--game-share`: neighbouring positions of a game teach nearly the same thing), and the
//! WDL skip (`--wdl-skip`): a position is dropped with probability 1 − P(result | score), so
//! that labels the game's result contradicts weigh less (the idea of nnue-pytorch's
//! `wld_filtered`). Both draws are seeded per position (game and ply), so a cache is the same
//! on every run with the same flags. Also the fit of the sigmoid's K to the data (`--fit-k`).

use super::source;
use longjiang_core::data::sample::{Filter, GameResult};
use longjiang_core::data::scale;
use longjiang_core::rng::mix;
use longjiang_core::rules::Variant;
use std::path::PathBuf;

/// A win-draw-loss model of a score: P(win) = σ((s − margin) / k), P(loss) = σ((−s − margin)
/// / k), P(draw) the rest, with σ the logistic and `s` the first player's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// The scale, centipawns (the trainer's `--k`).
    pub k: f64,
    /// The draw margin, centipawns (0 or more).
    pub margin: f64,
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl WdlModel {
    /// P(`result` | `score`), both from the first player's view.
    pub fn probability(&self, score: f64, result: GameResult) -> f64 {
        let win = logistic((score - self.margin) / self.k);
        let loss = logistic((-score - self.margin) / self.k);
        match result {
            GameResult::FirstWins => win,
            GameResult::SecondWins => loss,
            GameResult::Draw => (1.0 - win - loss).max(0.0),
        }
    }

    /// The model of scale `k` whose margin best explains `pairs` (greatest likelihood,
    /// golden-section search over 0..8k).
    pub fn fit(k: f64, pairs: &[(f64, GameResult)]) -> WdlModel {
        let nll = |margin: f64| {
            let m = WdlModel { k, margin };
            -pairs
                .iter()
                .map(|&(s, r)| m.probability(s, r).max(1e-12).ln())
                .sum::<f64>()
        };
        let (mut lo, mut hi) = (0.0, 8.0 * k);
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
            if nll(a) < nll(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        WdlModel {
            k,
            margin: (lo + hi) / 2.0,
        }
    }
}

/// The K (centipawns, `σ(s / K)`) with which the scores best predict the results.
pub fn fit_k(pairs: &[(f64, GameResult)]) -> f64 {
    // `scale` writes the sigmoid as 1 / (1 + 10^(−k·s/400)): the same curve at K = 400 / (k ln 10).
    let k = scale::fit_k(pairs, |&(s, r)| (s, r.score()));
    400.0 / (k * std::f64::consts::LN_10)
}

/// The trainer's draw of positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Draw {
    /// The share of each game's positions kept (1: all).
    pub share: f64,
    /// The WDL skip's model, when on.
    pub wdl: Option<WdlModel>,
    /// Seeds both draws.
    pub seed: u64,
}

/// A number in [0, 1) from `bits`.
fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

impl Draw {
    /// Keeps everything.
    pub const ALL: Draw = Draw {
        share: 1.0,
        wdl: None,
        seed: 0,
    };

    /// Whether the position at `ply` of `game` falls into the share of its game.
    pub fn in_share(&self, game: u64, ply: u32) -> bool {
        self.share >= 1.0 || unit(self.bits(game, ply, 1)) < self.share
    }

    /// Whether the position is kept: in the share, and not skipped by the WDL model.
    pub fn keeps(&self, game: u64, ply: u32, score: i32, result: GameResult) -> bool {
        self.in_share(game, ply)
            && self.wdl.is_none_or(|m| {
                unit(self.bits(game, ply, 2)) < m.probability(f64::from(score), result)
            })
    }

    fn bits(&self, game: u64, ply: u32, draw: u64) -> u64 {
        mix(self.seed ^ mix(game ^ (u64::from(ply) << 40) ^ (draw << 60)))
    }

    /// The cache key's words for this draw.
    pub fn key(&self) -> String {
        let mut s = format!("share={}", self.share);
        if let Some(m) = self.wdl {
            s.push_str(&format!(" wdl-skip={:.3}/{:.3}", m.k, m.margin));
        }
        s
    }
}

/// Up to about `limit` `(score, result)` pairs of the positions `filter` keeps and `share`
/// draws, spread evenly through `data`: what K and the WDL model are fitted to.
pub fn sample_pairs(
    data: &[PathBuf],
    variant: Variant,
    filter: &Filter,
    share: &Draw,
    limit: u64,
) -> Result<Vec<(f64, GameResult)>, String> {
    let mut sources = Vec::new();
    for p in data {
        sources.push(source::open(p, variant)?);
    }
    let estimate: u64 = sources.iter().map(|s| s.estimated_records()).sum();
    let stride = (estimate / limit.max(1)).max(1);
    let mut pairs = Vec::new();
    let mut n = 0u64;
    for src in &mut sources {
        while let Some(r) = src.next_record()? {
            n += 1;
            if n.is_multiple_of(stride) && r.kept_by(filter) && share.in_share(r.game, r.ply) {
                pairs.push((f64::from(r.score), r.result));
            }
        }
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wdl_model_fits_its_own_margin_and_skips_contradicted_labels() {
        let truth = WdlModel {
            k: 150.0,
            margin: 120.0,
        };
        // Results in the proportions the model gives, at scores from −600 to 600.
        let mut pairs = Vec::new();
        for s in (-600..=600).step_by(20).map(f64::from) {
            for (r, n) in [
                (
                    GameResult::FirstWins,
                    truth.probability(s, GameResult::FirstWins),
                ),
                (GameResult::Draw, truth.probability(s, GameResult::Draw)),
                (
                    GameResult::SecondWins,
                    truth.probability(s, GameResult::SecondWins),
                ),
            ] {
                pairs.extend(std::iter::repeat_n((s, r), (n * 1000.0).round() as usize));
            }
        }
        let fitted = WdlModel::fit(150.0, &pairs);
        assert!((fitted.margin - 120.0).abs() < 3.0, "{fitted:?}");
        let sum: f64 = [
            GameResult::FirstWins,
            GameResult::Draw,
            GameResult::SecondWins,
        ]
        .iter()
        .map(|&r| truth.probability(250.0, r))
        .sum();
        assert!((sum - 1.0).abs() < 1e-12);

        // A won game's +500 is nearly always kept, a lost game's +500 nearly always skipped.
        let draw = Draw {
            share: 1.0,
            wdl: Some(truth),
            seed: 3,
        };
        let kept = |r| (0..2000).filter(|&g| draw.keeps(g, 30, 500, r)).count();
        let (won, lost) = (kept(GameResult::FirstWins), kept(GameResult::SecondWins));
        assert!(won > 1800 && lost < 50, "won {won}, lost {lost}");
        // A third of each game: about a third of the positions, the same on every call.
        let third = Draw {
            share: 1.0 / 3.0,
            ..Draw::ALL
        };
        let n = (0..3000).filter(|&p| third.in_share(7, p)).count();
        assert!((900..1100).contains(&n), "{n}");
        assert!((0..3000).all(|p| third.in_share(7, p) == third.in_share(7, p)));
        // K fitted back from results drawn at K = 200 with no draws.
        let two: Vec<(f64, GameResult)> = (-30..=30)
            .flat_map(|i| {
                let s = f64::from(i) * 20.0;
                let w = (logistic(s / 200.0) * 1000.0).round() as usize;
                std::iter::repeat_n((s, GameResult::FirstWins), w)
                    .chain(std::iter::repeat_n((s, GameResult::SecondWins), 1000 - w))
            })
            .collect();
        assert!((fit_k(&two) - 200.0).abs() < 2.0, "{}", fit_k(&two));
    }
}
