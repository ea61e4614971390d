//! Match statistics: Elo with a 95% interval, normalised Elo, likelihood of superiority, and
//! the sequential probability ratio test on trinomial (win/draw/loss) or pentanomial (game
//! pair) counts.
//!
//! Formulas (written from the descriptions, checked in the tests against published values of
//! fastchess' test suite and cutechess output):
//! - score s = mean points; Elo = −400·log10(1/s − 1); the 95% interval maps
//!   s ± 1.96·√(var/n) through the same function and reports half its width (cutechess);
//! - normalised Elo = (s − ½)/σ · 800/ln 10 with σ the per-game standard deviation, or
//!   σ_pair/√2 for pairs (Michel Van den Bergh, "Comments on normalized Elo");
//! - LOS = Φ((s − ½)/√(var/n));
//! - SPRT: generalised log-likelihood ratio, n·Σ p̂ᵢ·ln(p₁ᵢ/p₀ᵢ), where pⱼ is the distribution
//!   closest (maximum likelihood) to the observed p̂ under hypothesis j; under the logistic
//!   model the hypothesis fixes the mean score, under the normalised model the ratio
//!   (μ − ½)/σ (ibid., sections 1 and 4.1). Empty cells count as 0.001 so that the
//!   logarithms exist (as fastchess does). Bounds ln(β/(1−α)) and ln((1−β)/α) (Wald).

use std::f64::consts::LN_10;

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Logistic Elo difference of a score in (0, 1) (±∞ at the ends).
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The score expected at a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Numerical Recipes' Chebyshev fit of erfc; error below 1.2e-7).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins less losses (SPSA's result).
    pub fn score(self) -> i64 {
        i64::from(self.wins) - i64::from(self.losses)
    }

    /// The games of both sets together.
    pub fn plus(self, o: Wdl) -> Wdl {
        Wdl {
            wins: self.wins + o.wins,
            draws: self.draws + o.draws,
            losses: self.losses + o.losses,
        }
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Points (a win 1, a draw ½).
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Estimates from these games, each game one sample (trinomial model).
    pub fn estimate(&self) -> Option<Estimate> {
        Estimate::from_counts(&[0.0, 0.5, 1.0], &[self.losses, self.draws, self.wins], 1.0)
    }
}

/// Game pairs (same opening, colours swapped) by the points one side scored in them:
/// `counts[k]` = pairs with k half-points… i.e. index 0 = two losses, 1 = loss + draw,
/// 2 = two draws or win + loss, 3 = win + draw, 4 = two wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Penta {
    /// Pair counts by the side's points in the pair (0, ½, 1, 1½, 2).
    pub counts: [u32; 5],
}

impl Penta {
    /// Complete pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The same pairs from the other side.
    pub fn flipped(&self) -> Penta {
        let mut c = self.counts;
        c.reverse();
        Penta { counts: c }
    }

    /// Estimates with each pair one sample (pentanomial model; pair score in [0, 1]).
    pub fn estimate(&self) -> Option<Estimate> {
        Estimate::from_counts(&[0.0, 0.25, 0.5, 0.75, 1.0], &self.counts, 2.0)
    }
}

/// What a set of results says about the strength difference.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// Mean score per game.
    pub score: f64,
    /// Logistic Elo difference.
    pub elo: f64,
    /// Half the width of its 95% interval; infinite while the samples have no spread.
    pub elo_error: f64,
    /// Normalised Elo.
    pub nelo: f64,
    /// Half the width of its 95% interval; infinite while the samples have no spread.
    pub nelo_error: f64,
    /// Likelihood of superiority, 0…1.
    pub los: f64,
}

impl Estimate {
    /// From samples taking the values `scores` with the given counts; `games_per_sample` is 1
    /// for games and 2 for pairs (which turns the per-sample spread into a per-game one for
    /// normalised Elo). `None` without samples.
    fn from_counts(scores: &[f64], counts: &[u32], games_per_sample: f64) -> Option<Estimate> {
        let n: f64 = counts.iter().map(|&c| c as f64).sum();
        if n == 0.0 {
            return None;
        }
        let mean: f64 = scores
            .iter()
            .zip(counts)
            .map(|(a, &c)| a * c as f64)
            .sum::<f64>()
            / n;
        let var: f64 = scores
            .iter()
            .zip(counts)
            .map(|(a, &c)| c as f64 * (a - mean).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
        // An interval reaching past a score of 0 or 1 has an infinite Elo end (not NaN).
        let elo_error = (elo_from_score(hi.min(1.0)) - elo_from_score(lo.max(0.0))) / 2.0;
        let per_game_sd = (games_per_sample * var).sqrt();
        let nelo_of = |s: f64| {
            if per_game_sd > 0.0 {
                (s - 0.5) / per_game_sd * (800.0 / LN_10)
            } else if s == 0.5 {
                0.0
            } else {
                f64::INFINITY.copysign(s - 0.5)
            }
        };
        let los = if se > 0.0 {
            0.5 * (1.0 + erf((mean - 0.5) / (se * std::f64::consts::SQRT_2)))
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(Estimate {
            score: mean,
            elo: elo_from_score(mean),
            // Without spread (one sample, or all alike) the data bound nothing: the interval
            // is unbounded, not zero wide.
            elo_error: if se > 0.0 { elo_error } else { f64::INFINITY },
            nelo: nelo_of(mean),
            nelo_error: if se > 0.0 {
                (nelo_of(hi) - nelo_of(lo)) / 2.0
            } else {
                f64::INFINITY
            },
            los,
        })
    }
}

/// Which Elo the SPRT bounds are in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtModel {
    /// Normalised Elo (the default: independent of the draw rate).
    Normalized,
    /// Logistic Elo.
    Logistic,
}

/// An SPRT's decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// H1 accepted: the first engine is at least `elo1` stronger.
    H1,
    /// H0 accepted: it is at most `elo0` stronger.
    H0,
}

/// An SPRT: `elo0` (H0) and `elo1` (H1), error rates, model.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// The Elo the bounds are given in.
    pub model: SprtModel,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]` (alpha, beta
    /// and model optional: 0.05, 0.05, normalized).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::Normalized,
        };
        for item in text.split(',') {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{item}' is not key=value"))?;
            let num = || {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("--sprt: {k}='{v}' is not a number"))
            };
            match k.trim() {
                "elo0" => s.elo0 = num()?,
                "elo1" => s.elo1 = num()?,
                "alpha" => s.alpha = num()?,
                "beta" => s.beta = num()?,
                "model" => {
                    s.model = match v.trim() {
                        "normalized" | "normalised" => SprtModel::Normalized,
                        "logistic" => SprtModel::Logistic,
                        o => return Err(format!("--sprt: model '{o}' (normalized or logistic)")),
                    }
                }
                o => return Err(format!("--sprt: unknown key '{o}'")),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            return Err("--sprt needs elo0= and elo1=".into());
        }
        if s.elo0 >= s.elo1 {
            return Err("--sprt: elo0 must be below elo1".into());
        }
        if !(s.alpha > 0.0 && s.beta > 0.0 && s.alpha + s.beta < 1.0) {
            return Err("--sprt: alpha and beta must be above 0 with alpha + beta < 1".into());
        }
        Ok(s)
    }

    /// The LLR bounds (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The decision an LLR calls for, if any.
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Decision::H1)
        } else if llr <= lo {
            Some(Decision::H0)
        } else {
            None
        }
    }

    /// The LLR of game pairs.
    pub fn llr_penta(&self, p: &Penta) -> f64 {
        self.llr(
            &[0.0, 0.25, 0.5, 0.75, 1.0],
            &p.counts,
            std::f64::consts::SQRT_2,
        )
    }

    /// The LLR of single games.
    pub fn llr_wdl(&self, w: &Wdl) -> f64 {
        self.llr(&[0.0, 0.5, 1.0], &[w.losses, w.draws, w.wins], 1.0)
    }

    fn llr(&self, scores: &[f64], counts: &[u32], t_scale: f64) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let reg: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let n: f64 = reg.iter().sum();
        let phat: Vec<f64> = reg.iter().map(|c| c / n).collect();
        let (p0, p1) = match self.model {
            SprtModel::Logistic => (
                mle_mean(scores, &phat, score_from_elo(self.elo0)),
                mle_mean(scores, &phat, score_from_elo(self.elo1)),
            ),
            SprtModel::Normalized => {
                let t = |elo: f64| t_scale * elo / (800.0 / LN_10);
                (
                    mle_normalized(scores, &phat, 0.5, t(self.elo0)),
                    mle_normalized(scores, &phat, 0.5, t(self.elo1)),
                )
            }
        };
        n * phat
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(q, (a, b))| q * (b.ln() - a.ln()))
            .sum::<f64>()
    }
}

/// Solves Σ p̂ᵢ φᵢ / (1 + θ φᵢ) = 0 for θ on (−1/max φ, −1/min φ), where the sum falls from
/// +∞ to −∞; `None` when φ does not change sign.
fn solve_theta(phat: &[f64], phi: &[f64]) -> Option<f64> {
    let max = phi.iter().cloned().fold(f64::MIN, f64::max);
    let min = phi.iter().cloned().fold(f64::MAX, f64::min);
    if !(min < 0.0 && max > 0.0) {
        return None;
    }
    let f = |x: f64| {
        phat.iter()
            .zip(phi)
            .map(|(p, f)| p * f / (1.0 + x * f))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 { lo = mid } else { hi = mid }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution with mean `s` closest to `phat` (maximum likelihood).
fn mle_mean(scores: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let phi: Vec<f64> = scores.iter().map(|a| a - s).collect();
    match solve_theta(phat, &phi) {
        Some(theta) => phat
            .iter()
            .zip(&phi)
            .map(|(p, f)| p / (1.0 + theta * f))
            .collect(),
        None => phat.to_vec(),
    }
}

/// The distribution with (μ − `mu_ref`)/σ = `t` closest to `phat`, by the fixed-point
/// iteration of Van den Bergh's section 4.1 starting from the uniform distribution.
fn mle_normalized(scores: &[f64], phat: &[f64], mu_ref: f64, t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![1.0 / n as f64; n];
    for _ in 0..10_000 {
        let mu: f64 = scores.iter().zip(&p).map(|(a, q)| a * q).sum();
        let var: f64 = scores
            .iter()
            .zip(&p)
            .map(|(a, q)| q * (a - mu).powi(2))
            .sum();
        let sigma = var.sqrt();
        if sigma <= 0.0 {
            break;
        }
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - mu_ref - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let Some(theta) = solve_theta(phat, &phi) else {
            break;
        };
        let mut change: f64 = 0.0;
        for i in 0..n {
            let q = phat[i] / (1.0 + theta * phi[i]);
            change = change.max((q - p[i]).abs());
            p[i] = q;
        }
        if change < 1e-10 {
            break;
        }
    }
    p
}

#[cfg(test)]
mod tests;
