//! Standard SPSA (Spall 1998) as fishtest and OpenBench run it: iteration `k` (from 1) plays
//! `θ + c_k·Δ` against `θ − c_k·Δ` (Δ a random ±1 per parameter) and moves every parameter by
//! `a_k / c_k · result · Δ`, where `result` is the plus side's wins less its losses.
//!
//! Gains per parameter, from its step (`c_end`, the perturbation of the last iteration) and
//! `r_end` (the learning rate of the last iteration), over `N` iterations:
//! `c = c_end · N^γ`, `a = r_end · c_end² · (A + N)^α`, `c_k = c / k^γ`, `a_k = a / (A + k)^α`,
//! with `A = a_ratio · N`, α = 0.602, γ = 0.101 by default.

use super::param_file::Tuned;
use longjiang_core::rng::mix;

/// The schedule of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hyper {
    /// Iterations planned (`N`).
    pub iterations: u32,
    /// `A / N`.
    pub a_ratio: f64,
    /// The decay exponent of `a_k`.
    pub alpha: f64,
    /// The decay exponent of `c_k`.
    pub gamma: f64,
    /// The seed of the perturbation directions.
    pub seed: u64,
}

impl Hyper {
    /// The usual schedule (α = 0.602, γ = 0.101, A = N / 10).
    pub fn standard(iterations: u32, seed: u64) -> Hyper {
        Hyper {
            iterations,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            seed,
        }
    }
}

/// The state of a run: the current values θ of the tuned parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The schedule.
    pub hyper: Hyper,
    /// The parameters, in the input file's order.
    pub params: Vec<Tuned>,
    /// θ, one per parameter (real numbers; engines get them rounded).
    pub theta: Vec<f64>,
    /// Iterations applied so far.
    pub done: u32,
}

/// One iteration's engines: the values each side plays with, and the directions.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// The iteration, from 1.
    pub k: u32,
    /// Δ, ±1 per parameter.
    pub delta: Vec<f64>,
    /// `round(θ + c_k·Δ)`, within each range.
    pub plus: Vec<i32>,
    /// `round(θ − c_k·Δ)`, within each range.
    pub minus: Vec<i32>,
}

impl Spsa {
    /// A run starting from each parameter's value in the file.
    pub fn new(params: Vec<Tuned>, hyper: Hyper) -> Spsa {
        let theta = params.iter().map(|p| f64::from(p.value)).collect();
        Spsa {
            hyper,
            params,
            theta,
            done: 0,
        }
    }

    fn big_a(&self) -> f64 {
        self.hyper.a_ratio * f64::from(self.hyper.iterations)
    }

    /// `c_k` of parameter `i`.
    pub fn c_k(&self, i: usize, k: u32) -> f64 {
        let n = f64::from(self.hyper.iterations.max(1));
        let c = self.params[i].step * n.powf(self.hyper.gamma);
        c / f64::from(k.max(1)).powf(self.hyper.gamma)
    }

    /// `a_k` of parameter `i`.
    pub fn a_k(&self, i: usize, k: u32) -> f64 {
        let n = f64::from(self.hyper.iterations.max(1));
        let p = &self.params[i];
        let a = p.r_end * p.step * p.step * (self.big_a() + n).powf(self.hyper.alpha);
        a / (self.big_a() + f64::from(k.max(1))).powf(self.hyper.alpha)
    }

    /// The engines of the next iteration (`done + 1`).
    pub fn trial(&self) -> Trial {
        let k = self.done + 1;
        let mut bits = 0;
        let delta: Vec<f64> = (0..self.params.len())
            .map(|i| {
                if i % 64 == 0 {
                    // A hash of (seed, k): every shard and resumption draws the same directions.
                    bits = mix(self.hyper.seed ^ mix(u64::from(k) << 20 | (i / 64) as u64));
                }
                if bits >> (i % 64) & 1 == 1 { 1.0 } else { -1.0 }
            })
            .collect();
        let side = |sign: f64| -> Vec<i32> {
            (0..self.params.len())
                .map(|i| self.clamp(i, self.theta[i] + sign * self.c_k(i, k) * delta[i]))
                .map(|x| x.round() as i32)
                .collect()
        };
        Trial {
            k,
            plus: side(1.0),
            minus: side(-1.0),
            delta,
        }
    }

    fn clamp(&self, i: usize, x: f64) -> f64 {
        x.clamp(f64::from(self.params[i].min), f64::from(self.params[i].max))
    }

    /// Applies the result of the next iteration: the plus side's wins less its losses over
    /// all its games (a pair 2–0 is +2).
    pub fn update(&mut self, result: i64) {
        let t = self.trial();
        for i in 0..self.params.len() {
            let step = self.a_k(i, t.k) / self.c_k(i, t.k) * result as f64 * t.delta[i];
            self.theta[i] = self.clamp(i, self.theta[i] + step);
        }
        self.done = t.k;
    }

    /// θ rounded, as the engine would be given it.
    pub fn values(&self) -> Vec<i32> {
        self.theta.iter().map(|x| x.round() as i32).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuned(name: &str, value: i32, min: i32, max: i32, step: f64) -> Tuned {
        Tuned {
            name: name.into(),
            value,
            min,
            max,
            step,
            r_end: 0.002,
        }
    }

    /// A noisy game between two parameter vectors: the side nearer the optimum of
    /// `−Σ ((x − opt) / width)²` wins more often (logistic in the strength difference).
    fn play_pair(plus: &[i32], minus: &[i32], opt: &[f64], width: &[f64], rng: &mut u64) -> i64 {
        let strength = |x: &[i32]| -> f64 {
            x.iter()
                .zip(opt)
                .zip(width)
                .map(|((&x, o), w)| -((f64::from(x) - o) / w).powi(2))
                .sum()
        };
        let p = 1.0 / (1.0 + (-(strength(plus) - strength(minus))).exp());
        let mut score = 0;
        for _ in 0..2 {
            *rng = mix(*rng);
            let u = (*rng >> 11) as f64 / (1u64 << 53) as f64;
            // A third of the games are draws; the rest go by the probability.
            if u < 0.33 {
                continue;
            }
            let u = (u - 0.33) / 0.67;
            score += if u < p { 1 } else { -1 };
        }
        score
    }

    #[test]
    fn spsa_moves_toward_the_optimum_of_a_noisy_objective() {
        let opt = [120.0, 4.0, -30.0];
        let width = [60.0, 3.0, 40.0];
        let params = vec![
            tuned("margin", 60, 0, 300, 10.0),
            tuned("depth", 8, 1, 12, 1.0),
            tuned("bias", 40, -100, 100, 8.0),
        ];
        let start: Vec<f64> = params.iter().map(|p| f64::from(p.value)).collect();
        let dist = |x: &[f64]| -> f64 {
            x.iter()
                .zip(&opt)
                .zip(&width)
                .map(|((x, o), w)| ((x - o) / w).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        let mut s = Spsa::new(params, Hyper::standard(3000, 7));
        let mut rng = 12345;
        while s.done < s.hyper.iterations {
            let t = s.trial();
            assert!(
                t.plus
                    .iter()
                    .zip(&t.minus)
                    .all(|(p, m)| p != m || s.done > 0)
            );
            let r = play_pair(&t.plus, &t.minus, &opt, &width, &mut rng);
            s.update(r);
        }
        let (before, after) = (dist(&start), dist(&s.theta));
        assert!(
            after < before * 0.5,
            "distance to the optimum {before:.2} → {after:.2}: {:?}",
            s.theta
        );
        // Each parameter moved toward its optimum, within its range.
        for (i, p) in s.params.iter().enumerate() {
            let (o, x0, x) = (opt[i], start[i], s.theta[i]);
            assert!(
                (x - o).abs() < (x0 - o).abs(),
                "{}: {x0} → {x} (opt {o})",
                p.name
            );
            assert!((f64::from(p.min)..=f64::from(p.max)).contains(&x));
        }
    }

    #[test]
    fn the_schedule_ends_at_the_step_and_the_directions_are_reproducible() {
        let s = Spsa::new(vec![tuned("x", 10, 0, 100, 4.0)], Hyper::standard(500, 1));
        assert!((s.c_k(0, 500) - 4.0).abs() < 1e-9);
        assert!(s.c_k(0, 1) > s.c_k(0, 2));
        // a_k / c_k² at the last iteration is r_end.
        assert!((s.a_k(0, 500) / s.c_k(0, 500).powi(2) - 0.002).abs() < 1e-12);
        let mut again = s.clone();
        assert_eq!(s.trial(), again.trial());
        again.update(2);
        // θ moved by a_1 / c_1 · 2 in the direction of Δ₁.
        let want = 10.0 + s.a_k(0, 1) / s.c_k(0, 1) * 2.0 * s.trial().delta[0];
        assert!((again.theta[0] - want).abs() < 1e-12);
        assert_eq!(again.done, 1);
        // Both signs occur among the directions.
        let many = Spsa::new(
            (0..100)
                .map(|i| tuned(&format!("p{i}"), 0, -5, 5, 1.0))
                .collect(),
            Hyper::standard(10, 3),
        );
        let d = many.trial().delta;
        assert!(d.contains(&1.0) && d.contains(&-1.0));
    }
}
