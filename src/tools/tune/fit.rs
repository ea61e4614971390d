//! The optimisation behind `longjiang tune`: the scale constant K, the loss (mean squared
//! error of `sigmoid(K · eval / 400)` against a target), its exact gradient from the
//! evaluation's features (chain rule through the squared king-danger penalty), and Adam.
//! The gradient over the examples is summed in parallel with rayon.

use longjiang_core::data::scale::{self, sigmoid};
use longjiang_core::rules::Color;
use longjiang_engine::eval::EvalFeatures;
use longjiang_engine::eval::weights::{KING_DANGER_DIVISOR, KING_DANGER_EG_DIVISOR};
use rayon::prelude::*;

/// One training example: a position's features and the target win probability of the first
/// player.
#[derive(Clone, Debug)]
pub struct Example {
    /// The evaluation's features.
    pub features: EvalFeatures,
    /// The game's result for the first player (1, ½, 0).
    pub result: f64,
    /// The search score, centipawns, first player's view.
    pub score: f64,
}

/// Weights as `(mg, eg)` pairs of floats, in the evaluation's table order.
pub type Params = Vec<(f64, f64)>;

/// The target of an example: `lambda` of the result and the rest of the search score's win
/// probability under the same K.
#[inline]
pub fn target(e: &Example, k: f64, lambda: f64) -> f64 {
    lambda * e.result + (1.0 - lambda) * sigmoid(k, e.score)
}

/// The mean squared error of `w` on `data`.
pub fn loss(data: &[Example], w: &Params, k: f64, lambda: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = data
        .par_iter()
        .map(|e| {
            let d = sigmoid(k, e.features.predict(w)) - target(e, k, lambda);
            d * d
        })
        .sum();
    sum / data.len() as f64
}

/// The K with which the search scores best predict the game results: the scale of the
/// engine's centipawns, which the evaluation shares. (Fitting it to the starting evaluation
/// instead lets a badly scaled evaluation drag K to its bound.)
pub fn fit_k(data: &[Example]) -> f64 {
    scale::fit_k(data, |e| (e.score, e.result))
}

/// The gradient of `loss` with respect to every weight.
pub fn gradient(data: &[Example], w: &Params, k: f64, lambda: f64) -> Params {
    let n = data.len().max(1) as f64;
    let grads = data
        .par_chunks(4096)
        .map(|chunk| {
            let mut g = vec![(0.0, 0.0); w.len()];
            for e in chunk {
                add_gradient(e, w, k, lambda, &mut g);
            }
            g
        })
        .reduce(
            || vec![(0.0, 0.0); w.len()],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    x.0 += y.0;
                    x.1 += y.1;
                }
                a
            },
        );
    grads.into_iter().map(|(m, e)| (m / n, e / n)).collect()
}

fn add_gradient(e: &Example, w: &Params, k: f64, lambda: f64, g: &mut Params) {
    let f = &e.features;
    let p = sigmoid(k, f.predict(w));
    // d(loss)/d(eval): 2 (p − t) · p (1 − p) · ln 10 · K / 400.
    let de = 2.0 * (p - target(e, k, lambda)) * p * (1.0 - p) * std::f64::consts::LN_10 * k / 400.0;
    let a = f.mg_share();
    let (gm, ge) = (de * a, de * (1.0 - a));
    for &(i, c) in &f.linear {
        let c = f64::from(c);
        g[i as usize].0 += gm * c;
        g[i as usize].1 += ge * c;
    }
    for color in Color::ALL {
        let units = &f.danger[color.index()];
        if units.is_empty() {
            continue;
        }
        let (dm, dg) = f.danger_sum(w, color);
        // The penalty is subtracted from the king's side: −1 for the first player's king.
        let sign = if color == Color::Black { -1.0 } else { 1.0 };
        let slope_m = if dm > 0.0 {
            2.0 * dm / f64::from(KING_DANGER_DIVISOR)
        } else {
            0.0
        };
        let slope_e = if dg > 0.0 {
            1.0 / f64::from(KING_DANGER_EG_DIVISOR)
        } else {
            0.0
        };
        for &(i, c) in units {
            let c = f64::from(c);
            g[i as usize].0 += gm * sign * slope_m * c;
            g[i as usize].1 += ge * sign * slope_e * c;
        }
    }
}

/// Adam's state.
pub struct Adam {
    m: Params,
    v: Params,
    t: i32,
    /// The step size, centipawns.
    pub rate: f64,
}

impl Adam {
    /// A fresh optimiser of `n` weights with step size `rate`.
    pub fn new(rate: f64, n: usize) -> Adam {
        Adam {
            m: vec![(0.0, 0.0); n],
            v: vec![(0.0, 0.0); n],
            t: 0,
            rate,
        }
    }

    /// One step of `w` down the gradient `g`; weights not in `free` stay.
    pub fn step(&mut self, w: &mut Params, g: &Params, free: &[bool]) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        const EPS: f64 = 1e-12;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..w.len() {
            if !free[i] {
                continue;
            }
            let (gm, ge) = g[i];
            let m = &mut self.m[i];
            let v = &mut self.v[i];
            m.0 = B1 * m.0 + (1.0 - B1) * gm;
            m.1 = B1 * m.1 + (1.0 - B1) * ge;
            v.0 = B2 * v.0 + (1.0 - B2) * gm * gm;
            v.1 = B2 * v.1 + (1.0 - B2) * ge * ge;
            w[i].0 -= self.rate * (m.0 / c1) / ((v.0 / c2).sqrt() + EPS);
            w[i].1 -= self.rate * (m.1 / c1) / ((v.1 / c2).sqrt() + EPS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::samples::POSITIONS;
    use longjiang_core::rules::{LONGJIANG, Position};
    use longjiang_engine::eval::{as_f64, features, games};

    /// The analytic gradient agrees with finite differences of the loss.
    #[test]
    fn gradient_matches_finite_differences() {
        let data: Vec<Example> = POSITIONS
            .iter()
            .filter(|(v, _)| v.rules() == LONGJIANG)
            .enumerate()
            .map(|(i, (v, s))| Example {
                features: features(&Position::from_sfen(s, v.rules()).unwrap()),
                result: [0.0, 0.5, 1.0][i % 3],
                score: 30.0 * i as f64 - 100.0,
            })
            .collect();
        let w = as_f64(
            games::of(longjiang_core::rules::Variant::Longjiang)
                .classical
                .table()
                .weights,
        );
        let g = gradient(&data, &w, 1.1, 0.5);
        let mut checked = 0;
        for i in 0..w.len() {
            for part in 0..2 {
                let ga = if part == 0 { g[i].0 } else { g[i].1 };
                if ga.abs() < 1e-9 {
                    continue;
                }
                let h = 0.01;
                let mut up = w.clone();
                let mut down = w.clone();
                if part == 0 {
                    up[i].0 += h;
                    down[i].0 -= h;
                } else {
                    up[i].1 += h;
                    down[i].1 -= h;
                }
                let gn = (loss(&data, &up, 1.1, 0.5) - loss(&data, &down, 1.1, 0.5)) / (2.0 * h);
                assert!(
                    (ga - gn).abs() <= 1e-3 * ga.abs().max(gn.abs()) + 1e-10,
                    "weight {i} part {part}: {ga} vs {gn}"
                );
                checked += 1;
            }
        }
        assert!(checked > 50, "{checked}");
    }
}
