//! The rating table of a match of three or more engines: one Elo per engine from every game,
//! by the maximum-likelihood Bradley–Terry fit (as ordo and BayesElo do, without their
//! priors): engine i scores against j with p = 1 / (1 + 10^((r_j − r_i)/400)), a draw counts
//! half a win for each side, and the ratings maximise the likelihood of the points scored.
//! The first engine is the anchor (0). The 95 % interval of each other engine is ±1.96 σ, σ²
//! the diagonal of the inverse Fisher information (the anchor held fixed).
//!
//! Solved by Hunter's MM iteration (`γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, γ = 10^(r/400)),
//! which converges for any connected schedule (round robin, gauntlet) with W_i inside (0, n_i).

/// One engine's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo relative to the first engine; infinite for an engine that won or lost every
    /// point, NaN for one that played no game.
    pub elo: f64,
    /// Half the 95 % interval (0 for the anchor; infinite while the data bound nothing).
    pub error: f64,
}

/// Games between two engines: `(a, b)`, the points `a` scored, and the games played.
pub type Result2 = ((usize, usize), f64, f64);

const K: f64 = std::f64::consts::LN_10 / 400.0;

/// Fits the ratings of `engines` engines from the results of their encounters. (An anchor
/// that won or lost everything is infinite itself; the others are then relative to each
/// other only.)
pub fn fit(engines: usize, results: &[Result2]) -> Vec<Rating> {
    let mut points = vec![0.0; engines];
    let mut games = vec![0.0; engines];
    for &((a, b), pa, n) in results {
        points[a] += pa;
        points[b] += n - pa;
        games[a] += n;
        games[b] += n;
    }
    // Engines with a finite rating: some points, not all of them.
    let finite: Vec<bool> = (0..engines)
        .map(|i| points[i] > 0.0 && points[i] < games[i])
        .collect();
    let mut gamma = vec![1.0f64; engines];
    for _ in 0..100_000 {
        let mut change = 0.0f64;
        for i in (0..engines).filter(|&i| finite[i]) {
            let denom: f64 = results
                .iter()
                .filter_map(|&((a, b), _, n)| match i {
                    _ if i == a && finite[b] => Some(n / (gamma[a] + gamma[b])),
                    _ if i == b && finite[a] => Some(n / (gamma[a] + gamma[b])),
                    _ => None,
                })
                .sum();
            // Points against the engines outside the fit are certain: leave them out.
            let own: f64 = results
                .iter()
                .filter_map(|&((a, b), pa, n)| match i {
                    _ if i == a && finite[b] => Some(pa),
                    _ if i == b && finite[a] => Some(n - pa),
                    _ => None,
                })
                .sum();
            if denom > 0.0 && own > 0.0 {
                let next = own / denom;
                change = change.max((next / gamma[i]).ln().abs());
                gamma[i] = next;
            }
        }
        if change < 1e-12 {
            break;
        }
    }
    let anchor = gamma[0];
    let elo: Vec<f64> = (0..engines)
        .map(|i| match (games[i] > 0.0, finite[i]) {
            (false, _) => f64::NAN,
            (true, true) => 400.0 * (gamma[i] / anchor).log10(),
            (true, false) if points[i] > 0.0 => f64::INFINITY,
            (true, false) => f64::NEG_INFINITY,
        })
        .collect();
    let errors = errors(engines, results, &elo);
    elo.into_iter()
        .zip(errors)
        .map(|(elo, error)| Rating { elo, error })
        .collect()
}

/// ±1.96 σ of each rating from the inverse Fisher information, the anchor fixed (engines
/// with an infinite rating are left out: their games tell nothing about the others').
fn errors(engines: usize, results: &[Result2], elo: &[f64]) -> Vec<f64> {
    // The row of each engine in the matrix: the finite ones but the anchor.
    let mut row = vec![None; engines];
    let mut m = 0;
    for i in (1..engines).filter(|&i| elo[i].is_finite()) {
        row[i] = Some(m);
        m += 1;
    }
    let mut info = vec![vec![0.0; m]; m];
    for &((a, b), _, n) in results {
        let p = 1.0 / (1.0 + 10f64.powf((elo[b] - elo[a]) / 400.0));
        let w = n * p * (1.0 - p) * K * K;
        if !w.is_finite() || w <= 0.0 {
            continue;
        }
        for (x, y, v) in [(a, a, w), (b, b, w), (a, b, -w), (b, a, -w)] {
            if let (Some(x), Some(y)) = (row[x], row[y]) {
                info[x][y] += v;
            }
        }
    }
    let inv = invert(info);
    (0..engines)
        .map(|i| match (i, row[i], &inv) {
            (0, ..) => 0.0,
            (_, Some(r), Some(inv)) => 1.96 * inv[r][r].max(0.0).sqrt(),
            _ => f64::INFINITY,
        })
        .collect()
}

/// The inverse of a symmetric matrix by Gauss–Jordan elimination; `None` when singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in (0..n).filter(|&r| r != col) {
            let f = a[row][col];
            for j in 0..n {
                a[row][j] -= f * a[col][j];
                inv[row][j] -= f * inv[col][j];
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two engines: the logistic Elo of the score, and the binomial interval.
    #[test]
    fn two_engines_give_the_logistic_elo() {
        let r = fit(2, &[((0, 1), 40.0, 100.0)]);
        assert_eq!(
            r[0],
            Rating {
                elo: 0.0,
                error: 0.0
            }
        );
        assert!((r[1].elo - 70.437).abs() < 0.01, "{:?}", r[1]);
        // σ = 1 / (√(n p (1 − p)) · ln 10 / 400) = 35.46; ×1.96.
        assert!((r[1].error - 69.50).abs() < 0.05, "{:?}", r[1]);
    }

    /// Results exactly as the model says (b 100 below a, c 100 below b) fit back to it.
    #[test]
    fn consistent_results_fit_back() {
        let p = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
        let n = 1000.0;
        let results = [
            ((0, 1), n * p(100.0), n),
            ((1, 2), n * p(100.0), n),
            ((0, 2), n * p(200.0), n),
        ];
        let r = fit(3, &results);
        for (got, want) in r.iter().zip([0.0, -100.0, -200.0]) {
            assert!((got.elo - want).abs() < 1e-6, "{r:?}");
        }
        assert!(r[2].error > r[1].error && r[1].error > 0.0);
        // A gauntlet: only the anchor meets the others.
        let g = fit(3, &[results[0], results[2]]);
        assert!((g[2].elo + 200.0).abs() < 1e-6 && (g[1].elo + 100.0).abs() < 1e-6);
        // All points or none: infinite, the others still fitted.
        let z = fit(3, &[((0, 1), 5.0, 10.0), ((0, 2), 10.0, 10.0)]);
        assert_eq!((z[1].elo, z[2].elo), (0.0, f64::NEG_INFINITY));
        assert!(z[2].error.is_infinite() && z[1].error.is_finite(), "{z:?}");
    }
}
