//! The hidden layer's arithmetic: row additions into an accumulator and the output layer's
//! squared-clipped-ReLU dot product, for each hidden size a net may have.
//!
//! Each kernel is one plain fixed-length loop (generic over the hidden size `H`, so the
//! compiler vectorises it for the build's target) and an AVX2 twin: the same loop compiled
//! with AVX2 enabled, chosen at run time ([`Simd::detect`]) when the processor has it.
//! `src/eval/nnue/tests.rs` compares the two on random playouts.

use super::network::QA;

/// Which compiled version of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    /// The loops as compiled for the build's target.
    Scalar,
    /// The same loops compiled with AVX2 (only chosen when the processor has it).
    Avx2,
}

impl Simd {
    /// The best version this processor runs.
    pub fn detect() -> Simd {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Simd::Avx2;
            }
        }
        Simd::Scalar
    }

    /// `self` if this processor runs it, else [`Simd::Scalar`].
    pub fn supported(self) -> Simd {
        if self == Simd::Avx2 && Simd::detect() != Simd::Avx2 {
            Simd::Scalar
        } else {
            self
        }
    }
}

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

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn update_avx2<const H: usize>(v: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    update::<H>(v, src, add, sub)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2<const H: usize>(acc: &[i16], w: &[i16]) -> i32 {
    screlu_dot::<H>(acc, w)
}

/// Runs `$scalar::<H>` or `$avx2::<H>` for the hidden size `$h` (one of
/// `network::HIDDEN_SIZES`; any other size does nothing and yields the default).
macro_rules! dispatch {
    ($simd:expr, $h:expr, $scalar:ident, $avx2:ident, ($($arg:expr),*)) => {
        match ($simd, $h) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Simd::Avx2` is only ever held when `Simd::detect` found AVX2
            // (`Network` stores `Simd::supported`), so the AVX2 code runs on a processor
            // that has it.
            (Simd::Avx2, 128) => unsafe { $avx2::<128>($($arg),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Simd::Avx2, 256) => unsafe { $avx2::<256>($($arg),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Simd::Avx2, 512) => unsafe { $avx2::<512>($($arg),*) },
            (_, 128) => $scalar::<128>($($arg),*),
            (_, 256) => $scalar::<256>($($arg),*),
            (_, 512) => $scalar::<512>($($arg),*),
            _ => Default::default(),
        }
    };
}

/// `v[..h] = src[..h] + Σ add − Σ sub` for a net of hidden size `h`.
#[inline]
pub fn apply(simd: Simd, h: usize, v: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    dispatch!(simd, h, update, update_avx2, (v, src, add, sub))
}

/// The output layer's dot product Σ clamp(acc, 0, QA)² · w over `h` entries.
#[inline]
pub fn dot(simd: Simd, h: usize, acc: &[i16], w: &[i16]) -> i32 {
    dispatch!(simd, h, screlu_dot, screlu_dot_avx2, (acc, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_avx2_kernels_equal_the_scalar_ones_where_avx2_runs() {
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
            let mut y = vec![0; h];
            apply(Simd::Scalar, h, &mut x, &src, &[&a], &[&b]);
            apply(Simd::Avx2.supported(), h, &mut y, &src, &[&a], &[&b]);
            assert_eq!(x, y);
            let want: Vec<i16> = (0..h).map(|i| src[i] + a[i] - b[i]).collect();
            assert_eq!(x, want);
            let d = dot(Simd::Scalar, h, &x, &w);
            assert_eq!(d, dot(Simd::Avx2.supported(), h, &x, &w));
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
