//! The scale that turns a score in centipawns into an expected result: the logistic
//! `1 / (1 + 10^(−K·x/400))`, the fit of `K` to a set's results, and the error of scores
//! against results under a `K`. The tuner, the trainer's figures and `data compare` share it.

use rayon::prelude::*;

/// `1 / (1 + 10^(−k·x/400))`: the expected result of a score `x` under the scale `k`.
#[inline]
pub fn sigmoid(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * x / 400.0))
}

/// The mean squared error of `sigmoid(k, score)` against the result, over `items` read as
/// `(score, result)` pairs by `pair` (0 for an empty set).
pub fn result_mse<T: Sync>(items: &[T], k: f64, pair: impl Fn(&T) -> (f64, f64) + Sync) -> f64 {
    let sum: f64 = items
        .par_iter()
        .map(|t| {
            let (score, result) = pair(t);
            (sigmoid(k, score) - result).powi(2)
        })
        .sum();
    sum / items.len().max(1) as f64
}

/// The `K` in 0.02..5 with which the scores best predict the results (least
/// [`result_mse`], golden-section search).
pub fn fit_k<T: Sync>(items: &[T], pair: impl Fn(&T) -> (f64, f64) + Sync) -> f64 {
    let (mut lo, mut hi) = (0.02f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let f = |k: f64| result_mse(items, k, &pair);
    let mut a = hi - g * (hi - lo);
    let mut b = lo + g * (hi - lo);
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_scale_that_made_the_results() {
        // Expected results drawn exactly from K = 1.3: the fit finds it, and its error is the
        // least of its neighbours'.
        let pairs: Vec<(f64, f64)> = (-40..=40)
            .map(|i| f64::from(i) * 25.0)
            .map(|s| (s, sigmoid(1.3, s)))
            .collect();
        let k = fit_k(&pairs, |&p| p);
        assert!((k - 1.3).abs() < 1e-3, "fitted {k}");
        let at = |k: f64| result_mse(&pairs, k, |&p| p);
        assert!(at(k) < at(1.2) && at(k) < at(1.4));
        assert_eq!(sigmoid(2.0, 0.0), 0.5);
        assert_eq!(result_mse::<(f64, f64)>(&[], 1.0, |&p| p), 0.0);
    }
}
