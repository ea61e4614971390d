//! The hidden layer's arithmetic: row additions into an accumulator and the output layer's
//! squared-clipped-ReLU dot product, for each hidden size a net may have.
//!
//! Each kernel is one plain fixed-length loop, generic over the hidden size `H` so that the
//! compiler vectorises it for the build's target (a run-time AVX2 choice did not pay:
//! docs/nnue.md, "Quantisation and inference").

use super::quant::QA;

/// `v[..H] = src[..H] + Σ add − Σ sub` (wrapping i16), rows of at least `H` entries.
#[inline(always)]
fn update<const H: usize>(v: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    let (Some(v), Some(src)) = (v.first_chunk_mut::<H>(), src.first_chunk::<H>()) else {
        return;
    };
    *v = *src;
    for row in add {
        if let Some(w) = row.first_chunk::<H>() {
            for i in 0..H {
                v[i] = v[i].wrapping_add(w[i]);
            }
        }
    }
    for row in sub {
        if let Some(w) = row.first_chunk::<H>() {
            for i in 0..H {
                v[i] = v[i].wrapping_sub(w[i]);
            }
        }
    }
}

/// Σ clamp(x, 0, QA)² · w over the first `H` entries, in i32. `c · w` fits an i16 because
/// training keeps |w| < 128 / QB units; the loop vectorises to pmullw / pmaddwd.
#[inline(always)]
fn screlu_dot<const H: usize>(acc: &[i16], w: &[i16]) -> i32 {
    let (Some(acc), Some(w)) = (acc.first_chunk::<H>(), w.first_chunk::<H>()) else {
        return 0;
    };
    let mut sum = 0i32;
    for i in 0..H {
        let c = acc[i].clamp(0, QA as i16);
        sum += (c.wrapping_mul(w[i])) as i32 * c as i32;
    }
    sum
}

/// Runs `$f::<H>` for the hidden size `$h` (one of `network::HIDDEN_SIZES`; any other size
/// does nothing and yields the default).
macro_rules! by_hidden {
    ($h:expr, $f:ident, ($($arg:expr),*)) => {
        match $h {
            128 => $f::<128>($($arg),*),
            256 => $f::<256>($($arg),*),
            512 => $f::<512>($($arg),*),
            _ => Default::default(),
        }
    };
}

/// `v[..h] = src[..h] + Σ add − Σ sub` for a net of hidden size `h`.
#[inline]
pub fn apply(h: usize, v: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    by_hidden!(h, update, (v, src, add, sub))
}

/// The output layer's dot product Σ clamp(acc, 0, QA)² · w over `h` entries.
#[inline]
pub fn dot(h: usize, acc: &[i16], w: &[i16]) -> i32 {
    by_hidden!(h, screlu_dot, (acc, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_compute_what_they_say_for_every_hidden_size() {
        let mut s = 7u64;
        let mut next = move || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 800) as i16 - 400
        };
        for h in [128, 256, 512] {
            let src: Vec<i16> = (0..h).map(|_| next()).collect();
            let a: Vec<i16> = (0..h).map(|_| next()).collect();
            let b: Vec<i16> = (0..h).map(|_| next()).collect();
            let w: Vec<i16> = (0..h).map(|_| next() / 4).collect();
            let mut x = vec![0; h];
            apply(h, &mut x, &src, &[&a], &[&b]);
            let want: Vec<i16> = (0..h).map(|i| src[i] + a[i] - b[i]).collect();
            assert_eq!(x, want);
            let d = dot(h, &x, &w);
            let naive: i32 = (0..h)
                .map(|i| {
                    let c = x[i].clamp(0, QA as i16) as i32;
                    c * c * w[i] as i32
                })
                .sum();
            assert_eq!(d, naive);
        }
    }
}
