//! The trainer's float twin of [`Network`]: forward and backward passes on sparse positions
//! of a [`Shape`] (`shape.rs`), AdamW and quantisation.

use super::shape::Shape;
use longjiang_core::rng::SplitMix;
use longjiang_core::rules::Variant;
use longjiang_engine::eval::nnue::Network;
use longjiang_engine::eval::nnue::features::FEATURES;
use longjiang_engine::eval::nnue::network::{Factors, HIDDEN_SIZES};
use longjiang_engine::eval::nnue::quant::{QA, QB, SCALE};

/// The largest weight magnitude quantisation keeps exact enough and overflow-free (i16 with
/// `QA` for the input layer; `c · w` within i16 for the output layer).
pub const WEIGHT_CLIP: f32 = 127.0 / QB as f32;

/// One position as the passes see it: both perspectives' inputs (real features and their
/// factor rows; side to move first), the output bucket and the target in 0..1.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The side to move's inputs.
    pub us: &'a [u16],
    /// The opponent's inputs.
    pub them: &'a [u16],
    /// Output bucket.
    pub bucket: usize,
    /// The target win probability for the side to move.
    pub target: f32,
}

/// The float parameters of one shape.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The shape.
    pub shape: Shape,
    /// All parameters, flat (see [`Shape`]'s offsets).
    pub p: Vec<f32>,
}

/// Runs `$f::<H>` for the hidden size `$h` (of `HIDDEN_SIZES`), in its AVX2 + FMA build when
/// `$avx2` says the processor has them.
macro_rules! by_hidden {
    ($avx2:expr, $h:expr, $f:ident, $f_avx2:ident, ($($arg:expr),*)) => {
        match ($avx2, $h) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `avx2()` is true only when the processor has AVX2 and FMA, so their
            // build runs on a processor that has them.
            (true, 128) => unsafe { $f_avx2::<128>($($arg),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (true, 256) => unsafe { $f_avx2::<256>($($arg),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (true, 512) => unsafe { $f_avx2::<512>($($arg),*) },
            (_, 128) => $f::<128>($($arg),*),
            (_, 256) => $f::<256>($($arg),*),
            _ => $f::<512>($($arg),*),
        }
    };
}

/// The hidden sums of one perspective's inputs.
#[inline(always)]
fn hidden<const H: usize>(p: &[f32], ft_b: usize, inputs: &[u16]) -> [f32; H] {
    let mut acc = [0f32; H];
    acc.copy_from_slice(&p[ft_b..ft_b + H]);
    for &f in inputs {
        if let Some(row) = p[f as usize * H..].first_chunk::<H>() {
            for h in 0..H {
                acc[h] += row[h];
            }
        }
    }
    acc
}

/// The raw output (1.0 = `SCALE` centipawns).
#[inline(always)]
fn forward_h<const H: usize>(net: &FloatNet, x: &Input) -> f32 {
    let s = &net.shape;
    let us = hidden::<H>(&net.p, s.ft_b(), x.us);
    let them = hidden::<H>(&net.p, s.ft_b(), x.them);
    let wo = s.out_w() + x.bucket * 2 * H;
    let w = &net.p[wo..wo + 2 * H];
    let mut out = net.p[s.out_b() + x.bucket];
    for h in 0..H {
        let (u, t) = (us[h].clamp(0.0, 1.0), them[h].clamp(0.0, 1.0));
        out += u * u * w[h] + t * t * w[H + h];
    }
    out
}

/// Adds the gradient of the loss `(sigmoid(out · SCALE / k) − target)²` to `grad`; returns
/// the loss.
#[inline(always)]
fn backward_h<const H: usize>(net: &FloatNet, x: &Input, k: f32, grad: &mut [f32]) -> f32 {
    let s = &net.shape;
    let (ft_b, out_b) = (s.ft_b(), s.out_b());
    let halves = [x.us, x.them];
    let acc = [
        hidden::<H>(&net.p, ft_b, x.us),
        hidden::<H>(&net.p, ft_b, x.them),
    ];
    let wo = s.out_w() + x.bucket * 2 * H;
    let mut out = net.p[out_b + x.bucket];
    for (side, a) in acc.iter().enumerate() {
        for (h, &v) in a.iter().enumerate() {
            let c = v.clamp(0.0, 1.0);
            out += c * c * net.p[wo + side * H + h];
        }
    }
    let sc = SCALE as f32 / k;
    let p = 1.0 / (1.0 + (-out * sc).exp());
    let err = p - x.target;
    let g = 2.0 * err * p * (1.0 - p) * sc;
    grad[out_b + x.bucket] += g;
    for (side, a) in acc.iter().enumerate() {
        let mut dacc = [0f32; H];
        for (h, &v) in a.iter().enumerate() {
            let c = v.clamp(0.0, 1.0);
            let i = wo + side * H + h;
            grad[i] += g * c * c;
            if v > 0.0 && v < 1.0 {
                dacc[h] = g * net.p[i] * 2.0 * c;
            }
        }
        for (gb, d) in grad[ft_b..ft_b + H].iter_mut().zip(&dacc) {
            *gb += d;
        }
        for &f in halves[side] {
            if let Some(row) = grad[f as usize * H..].first_chunk_mut::<H>() {
                for h in 0..H {
                    row[h] += dacc[h];
                }
            }
        }
    }
    err * err
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn forward_avx2<const H: usize>(net: &FloatNet, x: &Input) -> f32 {
    forward_h::<H>(net, x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn backward_avx2<const H: usize>(net: &FloatNet, x: &Input, k: f32, grad: &mut [f32]) -> f32 {
    backward_h::<H>(net, x, k, grad)
}

/// Whether the passes run their AVX2 + FMA build: when the processor has both, unless the
/// environment variable `LONGJIANG_NO_AVX2` is set (for benchmarks; the results are the
/// same, the compiler contracts no multiply-add).
fn avx2() -> bool {
    static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVX2.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            std::env::var_os("LONGJIANG_NO_AVX2").is_none()
                && std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    })
}

impl FloatNet {
    /// Small uniform random weights from `seed`, zero biases and factor rows; with the
    /// shared factoriser the shared rows are random and the bucket rows zero (the net
    /// starts as a plain one and learns what the buckets change).
    pub fn init(shape: Shape, seed: u64) -> FloatNet {
        let mut s = SplitMix::new(seed ^ 0x6e6e_7565);
        let mut uniform =
            |a: f32| ((s.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a;
        let mut p = vec![0.0; shape.params()];
        let h = shape.hidden;
        let random = if shape.factors.contains(Factors::SHARED) {
            shape.set.inputs() * h..(shape.set.inputs() + FEATURES) * h
        } else {
            0..shape.set.inputs() * h
        };
        for w in &mut p[random] {
            *w = uniform(0.08);
        }
        let a = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        for w in &mut p[shape.out_w()..shape.out_b()] {
            *w = uniform(a);
        }
        FloatNet { shape, p }
    }

    /// The float net that quantises back to `net`: its blocks divided by their scales, the
    /// factor rows zero (quantisation has folded them in), so fine-tuning a shipped net
    /// starts where it stands. `None` when `net` has another feature set or hidden size.
    pub fn from_network(shape: Shape, net: &Network) -> Option<FloatNet> {
        if net.set() != shape.set || net.hidden() != shape.hidden {
            return None;
        }
        let (ft_w, ft_b, out_w, out_b) = net.parts();
        let mut p = vec![0.0; shape.params()];
        let mut fill = |at: usize, from: &mut dyn Iterator<Item = f32>| {
            for (d, v) in p[at..].iter_mut().zip(from) {
                *d = v;
            }
        };
        let (qa, qb) = (QA as f32, QB as f32);
        fill(0, &mut ft_w.iter().map(|&w| w as f32 / qa));
        fill(shape.ft_b(), &mut ft_b.iter().map(|&w| w as f32 / qa));
        fill(shape.out_w(), &mut out_w.iter().map(|&w| w as f32 / qb));
        fill(
            shape.out_b(),
            &mut out_b.iter().map(|&b| b as f32 / (qa * qb)),
        );
        Some(FloatNet { shape, p })
    }

    /// The raw output (1.0 = `SCALE` centipawns) of a position.
    pub fn forward(&self, x: &Input) -> f32 {
        by_hidden!(
            avx2(),
            self.shape.hidden,
            forward_h,
            forward_avx2,
            (self, x)
        )
    }

    /// Adds the gradient of the position's loss `(sigmoid(out · SCALE / k) − target)²` to
    /// `grad` (`params` long) and returns the loss.
    pub fn backward(&self, x: &Input, k: f32, grad: &mut [f32]) -> f32 {
        by_hidden!(
            avx2(),
            self.shape.hidden,
            backward_h,
            backward_avx2,
            (self, x, k, grad)
        )
    }

    /// The position's loss without its gradient.
    pub fn loss(&self, x: &Input, k: f32) -> f32 {
        let p = 1.0 / (1.0 + (-self.forward(x) * SCALE as f32 / k).exp());
        (p - x.target) * (p - x.target)
    }

    /// The quantised network (rounded, clipped to what the integer net can hold).
    pub fn quantise(&self, game: Variant) -> Network {
        let s = &self.shape;
        let h = s.hidden;
        let q = |v: f32, scale: f32| (v * scale).round().clamp(-32767.0, 32767.0) as i16;
        let ft_w = (0..s.set.inputs() * h)
            .map(|i| {
                let (f, j) = (i / h, i % h);
                let folded: f32 = s.factors_of(f).iter().map(|&r| self.p[r * h + j]).sum();
                q(self.p[i] + folded, QA as f32)
            })
            .collect();
        let ft_b = self.p[s.ft_b()..s.out_w()]
            .iter()
            .map(|&w| q(w, QA as f32))
            .collect();
        let out_w = self.p[s.out_w()..s.out_b()]
            .iter()
            .map(|&w| q(w, QB as f32))
            .collect();
        let out_b = self.p[s.out_b()..]
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect();
        Network::from_parts_in(s.set, game, h, (ft_w, ft_b, out_w, out_b))
            .expect("the blocks have the net's shape")
            .with_factors(s.factors)
    }
}

/// Whether `hidden` is a size the net file can hold.
pub fn valid_hidden(hidden: usize) -> bool {
    HIDDEN_SIZES.contains(&hidden)
}

/// AdamW: Adam with decoupled weight decay (on weights, not biases), then the clip.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub t: u64,
    /// Decoupled weight decay per step (times the rate).
    pub decay: f32,
}

impl AdamW {
    /// A fresh optimiser for `params` parameters.
    pub fn new(params: usize, decay: f32) -> AdamW {
        AdamW {
            m: vec![0.0; params],
            v: vec![0.0; params],
            t: 0,
            decay,
        }
    }

    /// One step of size `rate` along the mean gradient `grad`, on all cores (rayon).
    pub fn step(&mut self, net: &mut FloatNet, grad: &[f32], rate: f32) {
        use rayon::prelude::*;
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const CHUNK: usize = 1 << 14;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t.min(1 << 20) as i32);
        let c2 = 1.0 - B2.powi(self.t.min(1 << 20) as i32);
        let (shape, decay) = (net.shape, self.decay);
        net.p
            .par_chunks_mut(CHUNK)
            .zip(self.m.par_chunks_mut(CHUNK))
            .zip(self.v.par_chunks_mut(CHUNK))
            .zip(grad.par_chunks(CHUNK))
            .enumerate()
            .for_each(|(c, (((p, m), v), g))| {
                for j in 0..p.len() {
                    let i = c * CHUNK + j;
                    m[j] = B1 * m[j] + (1.0 - B1) * g[j];
                    v[j] = B2 * v[j] + (1.0 - B2) * g[j] * g[j];
                    let is_weight = shape.is_weight(i);
                    let mut w = p[j];
                    if is_weight {
                        w -= rate * decay * w;
                    }
                    w -= rate * (m[j] / c1) / ((v[j] / c2).sqrt() + 1e-8);
                    p[j] = if is_weight {
                        w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP)
                    } else {
                        w
                    };
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::Position;
    use longjiang_engine::eval::nnue::FeatureSet;
    use longjiang_engine::eval::nnue::evaluate_fresh;
    use longjiang_engine::eval::nnue::features::active;
    use longjiang_engine::eval::nnue::network::bucket;

    fn inputs(shape: &Shape, pos: &Position) -> (Vec<u16>, Vec<u16>) {
        let real = active(pos, pos.side_to_move());
        let (mut us, mut them) = (Vec::new(), Vec::new());
        shape.expand_position(real.iter().copied(), &mut us, &mut them);
        // The real inputs are the engine's, perspective by perspective.
        let n = real.len();
        for (mine, c) in [(&us, pos.side_to_move()), (&them, !pos.side_to_move())] {
            let mut a = mine[..n].to_vec();
            let mut b = shape.set.active(pos, c).to_vec();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{:?}", shape.set);
        }
        (us, them)
    }

    #[test]
    fn a_quantised_net_read_back_quantises_to_itself() {
        for shape in [
            Shape::plain(128, Factors::KIND),
            Shape::plain(256, Factors::KIND | Factors::MIRROR),
            Shape {
                set: FeatureSet::KingBuckets,
                hidden: 128,
                factors: Factors::SHARED | Factors::KIND,
            },
        ] {
            let mut float = FloatNet::init(shape, 9);
            // Every row non-zero, factor rows included, so that the fold must be undone.
            for (i, w) in float.p.iter_mut().enumerate() {
                *w += ((i * 7919 % 23) as f32 - 11.0) * 0.0009;
            }
            let net = float.quantise(Variant::LongjiangNoDrop);
            let back = FloatNet::from_network(shape, &net).expect("the same shape");
            let again = back.quantise(Variant::LongjiangNoDrop);
            assert_eq!(net.to_bytes(), again.to_bytes(), "{shape:?}");
            let hidden = if shape.hidden == 128 { 256 } else { 128 };
            let other = Shape { hidden, ..shape };
            assert!(FloatNet::from_network(other, &net).is_none(), "{shape:?}");
        }
    }

    #[test]
    fn the_quantised_net_agrees_with_the_float_net_for_every_shape() {
        let sfen =
            "rnbgqkgbnr/ppppp3pp/6p3/5p1p2/10/10/2N7/6P3/PPPPPPGPPP/R1BGQK1BNR w - KQkq 00 8";
        let pos = Position::from_sfen(sfen, Variant::LongjiangNoDrop.rules()).unwrap();
        let shapes = HIDDEN_SIZES.into_iter().flat_map(|hidden| {
            [
                Shape::plain(hidden, Factors::empty()),
                Shape::plain(hidden, Factors::KIND),
                Shape::plain(hidden, Factors::KIND | Factors::MIRROR),
                Shape {
                    set: FeatureSet::KingBuckets,
                    hidden,
                    factors: Factors::SHARED | Factors::KIND,
                },
                Shape {
                    set: FeatureSet::KingBuckets,
                    hidden,
                    factors: Factors::SHARED | Factors::KIND | Factors::MIRROR,
                },
            ]
        });
        for shape in shapes {
            let (hidden, factors) = (shape.hidden, shape.factors);
            {
                let mut net = FloatNet::init(shape, 3);
                // Bucket rows (zero at first) and factor rows that matter, so that
                // quantisation must fold the factors into the right bucket's rows.
                if shape.set == FeatureSet::KingBuckets {
                    for (i, w) in net.p[..shape.set.inputs() * hidden].iter_mut().enumerate() {
                        *w = ((i % 11) as f32 - 5.0) * 0.002;
                    }
                }
                for (i, w) in net.p[shape.set.inputs() * hidden..shape.ft_b()]
                    .iter_mut()
                    .enumerate()
                {
                    *w = ((i % 13) as f32 - 6.0) * 0.01;
                }
                let (us, them) = inputs(&shape, &pos);
                let x = Input {
                    us: &us,
                    them: &them,
                    bucket: bucket(&pos),
                    target: 0.5,
                };
                let float_cp = net.forward(&x) * SCALE as f32;
                let quantised = net.quantise(Variant::LongjiangNoDrop);
                assert_eq!(quantised.hidden(), hidden);
                let back = Network::from_bytes(&quantised.to_bytes()).unwrap();
                assert_eq!(back, quantised);
                assert_eq!(back.factors(), factors);
                assert_eq!(back.set(), shape.set);
                // Every hidden sum of both perspectives is the float net's, to rounding
                // (half a unit per folded row): the factors went into the right rows.
                let acc = longjiang_engine::eval::nnue::Accumulator::refresh(&back, &pos);
                for (mine, c) in [(&us, pos.side_to_move()), (&them, !pos.side_to_move())] {
                    for j in 0..hidden {
                        let float: f32 = net.p[shape.ft_b() + j]
                            + mine
                                .iter()
                                .map(|&f| net.p[f as usize * hidden + j])
                                .sum::<f32>();
                        let q = acc.v[c.index()][j] as f32 / QA as f32;
                        let bound = (mine.len() as f32 + 1.0) * 0.5 / QA as f32;
                        assert!((float - q).abs() <= bound, "{shape:?}: {float} vs {q}");
                    }
                }
                // The output weights' rounding (1/QB) over 2 × hidden neurons dominates
                // the output's error; more neurons are lit in the patterned bucket rows.
                let q = evaluate_fresh(&back, &pos);
                let slack = if shape.set == FeatureSet::Plain {
                    4.0
                } else {
                    12.0
                };
                assert!(
                    (float_cp - q as f32).abs() < slack + 0.05 * float_cp.abs(),
                    "{shape:?}: {float_cp} vs {q}"
                );
            }
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let shape = Shape::plain(256, Factors::KIND | Factors::MIRROR);
        let mut net = FloatNet::init(shape, 5);
        let (mut us, mut them) = (Vec::new(), Vec::new());
        shape.expand([3u16, 700, 1650].into_iter(), &mut us);
        shape.expand([11u16, 900, 1700].into_iter(), &mut them);
        let x = Input {
            us: &us,
            them: &them,
            bucket: 2,
            target: 0.8,
        };
        let mut grad = vec![0.0; shape.params()];
        net.backward(&x, 400.0, &mut grad);
        let h = shape.hidden;
        let mirror_row = shape.factors_of(700)[1];
        for i in [
            3 * h + 5,
            1700 * h + 9,
            mirror_row * h + 17,
            shape.ft_b() + 7,
            shape.out_w() + 2 * 2 * h + 4,
            shape.out_b() + 2,
        ] {
            let d = 1e-3;
            let w = net.p[i];
            net.p[i] = w + d;
            let up = net.loss(&x, 400.0);
            net.p[i] = w - d;
            let down = net.loss(&x, 400.0);
            net.p[i] = w;
            let numeric = (up - down) / (2.0 * d);
            assert!(
                (numeric - grad[i]).abs() < 1e-3 + 0.05 * numeric.abs(),
                "param {i}: {numeric} vs {}",
                grad[i]
            );
        }
    }
}
