//! The trainer's float twin of [`Network`]: forward and backward passes on sparse samples,
//! AdamW, quantisation, and checkpoints.

use crate::eval::nnue::Network;
use crate::eval::nnue::features::NET_KINDS;
use crate::eval::nnue::features::{BOARD_FEATURES, FEATURES, HAND_SLOTS};
use crate::eval::nnue::network::{BUCKETS, HIDDEN, QA, QB, SCALE};
use crate::geometry::SQUARES;
use crate::rules::HAND_KINDS;
use crate::rules::Variant;

/// Training-only "factor" inputs, one per (ours/theirs, kind) of the board and of the hand:
/// each real feature also switches on its factor, so what all squares of a kind share
/// (material) is learnt from every position at once; quantisation adds each factor's row
/// into its features' rows, so the net file has no trace of them.
pub const VIRTUAL: usize = 2 * NET_KINDS + 2 * HAND_KINDS;
/// Input rows of the float net: the real features, then the factors.
pub const INPUTS: usize = FEATURES + VIRTUAL;

/// The factor input of real feature `f`.
#[inline(always)]
pub const fn factor(f: usize) -> usize {
    if f < BOARD_FEATURES {
        FEATURES + f / SQUARES
    } else {
        FEATURES + 2 * NET_KINDS + (f - BOARD_FEATURES) / HAND_SLOTS
    }
}

/// An example's input list from the two perspectives' active features: each half is the
/// features followed by their factors.
pub fn example_features(us: &[u16], them: &[u16]) -> Vec<u16> {
    let mut out = Vec::with_capacity(2 * (us.len() + them.len()));
    for half in [us, them] {
        out.extend_from_slice(half);
        out.extend(half.iter().map(|&f| factor(f as usize) as u16));
    }
    out
}

/// Offsets of the parameter blocks in the flat parameter vector.
pub const FT_W: usize = 0;
/// See [`FT_W`].
pub const FT_B: usize = FT_W + INPUTS * HIDDEN;
/// See [`FT_W`].
pub const OUT_W: usize = FT_B + HIDDEN;
/// See [`FT_W`].
pub const OUT_B: usize = OUT_W + BUCKETS * 2 * HIDDEN;
/// Number of parameters.
pub const PARAMS: usize = OUT_B + BUCKETS;

/// The largest weight magnitude quantisation keeps exact enough and overflow-free (i16 with
/// `QA` for the input layer; `c · w` within i16 for the output layer).
pub const WEIGHT_CLIP: f32 = 127.0 / QB as f32;

/// One training position: its features from the side to move's and the other side's point
/// of view (same count), its bucket and its target in 0..1.
#[derive(Clone, Debug)]
pub struct Example {
    /// Side to move's features, then the opponent's (`2 × n`).
    pub features: Vec<u16>,
    /// Output bucket.
    pub bucket: u8,
    /// The target win probability for the side to move.
    pub target: f32,
}

/// The float parameters (see the block offsets).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// All parameters, flat.
    pub p: Vec<f32>,
}

/// SplitMix64, for a reproducible initialisation.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl FloatNet {
    /// Small uniform random weights from `seed`, zero biases.
    pub fn init(seed: u64) -> FloatNet {
        let mut s = seed ^ 0x6e6e_7565;
        let mut uniform =
            |a: f32| ((splitmix(&mut s) >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a;
        let mut p = vec![0.0; PARAMS];
        for w in &mut p[FT_W..FT_W + FEATURES * HIDDEN] {
            *w = uniform(0.08);
        }
        let a = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for w in &mut p[OUT_W..OUT_B] {
            *w = uniform(a);
        }
        FloatNet { p }
    }

    /// The hidden sums of one perspective's features.
    #[inline]
    fn hidden(&self, features: &[u16]) -> [f32; HIDDEN] {
        let mut acc = [0f32; HIDDEN];
        acc.copy_from_slice(&self.p[FT_B..FT_B + HIDDEN]);
        for &f in features {
            let row = &self.p[FT_W + f as usize * HIDDEN..FT_W + (f as usize + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The raw output (1.0 = `SCALE` centipawns) of an example.
    pub fn forward(&self, ex: &Example) -> f32 {
        let n = ex.features.len() / 2;
        let us = self.hidden(&ex.features[..n]);
        let them = self.hidden(&ex.features[n..]);
        let b = ex.bucket as usize;
        let w = &self.p[OUT_W + b * 2 * HIDDEN..OUT_W + (b + 1) * 2 * HIDDEN];
        let mut out = self.p[OUT_B + b];
        for h in 0..HIDDEN {
            let (u, t) = (us[h].clamp(0.0, 1.0), them[h].clamp(0.0, 1.0));
            out += u * u * w[h] + t * t * w[HIDDEN + h];
        }
        out
    }

    /// Adds the gradient of the example's loss `(sigmoid(out · SCALE / k) − target)²` to
    /// `grad` and returns the loss.
    pub fn backward(&self, ex: &Example, k: f32, grad: &mut [f32]) -> f32 {
        let n = ex.features.len() / 2;
        let halves = [&ex.features[..n], &ex.features[n..]];
        let acc = [self.hidden(halves[0]), self.hidden(halves[1])];
        let b = ex.bucket as usize;
        let wo = OUT_W + b * 2 * HIDDEN;
        let mut out = self.p[OUT_B + b];
        for (side, a) in acc.iter().enumerate() {
            for (h, &x) in a.iter().enumerate() {
                let c = x.clamp(0.0, 1.0);
                out += c * c * self.p[wo + side * HIDDEN + h];
            }
        }
        let s = SCALE as f32 / k;
        let p = 1.0 / (1.0 + (-out * s).exp());
        let err = p - ex.target;
        let g = 2.0 * err * p * (1.0 - p) * s;
        grad[OUT_B + b] += g;
        for (side, a) in acc.iter().enumerate() {
            let mut dacc = [0f32; HIDDEN];
            for (h, &x) in a.iter().enumerate() {
                let c = x.clamp(0.0, 1.0);
                let i = wo + side * HIDDEN + h;
                grad[i] += g * c * c;
                if x > 0.0 && x < 1.0 {
                    dacc[h] = g * self.p[i] * 2.0 * c;
                }
            }
            for (gb, d) in grad[FT_B..FT_B + HIDDEN].iter_mut().zip(&dacc) {
                *gb += d;
            }
            for &f in halves[side] {
                let row = &mut grad[FT_W + f as usize * HIDDEN..FT_W + (f as usize + 1) * HIDDEN];
                for (gw, d) in row.iter_mut().zip(&dacc) {
                    *gw += d;
                }
            }
        }
        err * err
    }

    /// The example's loss without its gradient.
    pub fn loss(&self, ex: &Example, k: f32) -> f32 {
        let p = 1.0 / (1.0 + (-self.forward(ex) * SCALE as f32 / k).exp());
        (p - ex.target) * (p - ex.target)
    }

    /// The quantised network (rounded, clipped to what the integer net can hold).
    pub fn quantise(&self, game: Variant) -> Network {
        let q = |v: f32, scale: f32| (v * scale).round().clamp(-32767.0, 32767.0) as i16;
        let ft_w = (0..FEATURES * HIDDEN)
            .map(|i| {
                let (f, h) = (i / HIDDEN, i % HIDDEN);
                q(
                    self.p[FT_W + i] + self.p[FT_W + factor(f) * HIDDEN + h],
                    QA as f32,
                )
            })
            .collect();
        let ft_b = self.p[FT_B..OUT_W]
            .iter()
            .map(|&w| q(w, QA as f32))
            .collect();
        let out_w = self.p[OUT_W..OUT_B]
            .iter()
            .map(|&w| q(w, QB as f32))
            .collect();
        let out_b = self.p[OUT_B..]
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect();
        Network::from_parts(game, ft_w, ft_b, out_w, out_b)
            .expect("the blocks have the net's shape")
    }
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
    /// A fresh optimiser for `PARAMS` parameters.
    pub fn new(decay: f32) -> AdamW {
        AdamW {
            m: vec![0.0; PARAMS],
            v: vec![0.0; PARAMS],
            t: 0,
            decay,
        }
    }

    /// One step of size `rate` along the mean gradient `grad`.
    pub fn step(&mut self, net: &mut FloatNet, grad: &[f32], rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t.min(1 << 20) as i32);
        let c2 = 1.0 - B2.powi(self.t.min(1 << 20) as i32);
        for (i, &g) in grad.iter().enumerate().take(PARAMS) {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g;
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g * g;
            let is_weight = i < FT_B || (OUT_W..OUT_B).contains(&i);
            let mut w = net.p[i];
            if is_weight {
                w -= rate * self.decay * w;
            }
            w -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            net.p[i] = if is_weight {
                w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP)
            } else {
                w
            };
        }
    }
}

const CHECKPOINT_MAGIC: &[u8; 8] = b"LJCKPT01";

/// A checkpoint: the parameters, the optimiser and the epochs done, with the best
/// validation epoch's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// Epochs completed.
    pub epoch: u32,
    /// Current parameters.
    pub net: FloatNet,
    /// Optimiser state.
    pub opt: AdamW,
    /// The parameters of the epoch with the lowest validation loss so far, and that loss.
    pub best: (FloatNet, f64),
}

impl Checkpoint {
    /// The file form: magic, epoch, steps, best loss, then the four f32 vectors.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + 16 * PARAMS);
        out.extend_from_slice(CHECKPOINT_MAGIC);
        out.extend_from_slice(&(PARAMS as u64).to_le_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        out.extend_from_slice(&self.opt.decay.to_le_bytes());
        out.extend_from_slice(&self.opt.t.to_le_bytes());
        out.extend_from_slice(&self.best.1.to_le_bytes());
        for v in [&self.net.p, &self.opt.m, &self.opt.v, &self.best.0.p] {
            for x in v.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// Reads a checkpoint written by this build's trainer.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let head = 8 + 8 + 4 + 4 + 8 + 8;
        if bytes.len() != head + 16 * PARAMS || &bytes[..8] != CHECKPOINT_MAGIC {
            return Err("not a checkpoint of this build's network".into());
        }
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4]));
        if u64_at(8) != PARAMS as u64 {
            return Err("checkpoint of another network shape".into());
        }
        let epoch = u32_at(16);
        let decay = f32::from_bits(u32_at(20));
        let t = u64_at(24);
        let best_loss = f64::from_bits(u64_at(32));
        let vec_at = |k: usize| -> Vec<f32> {
            bytes[head + 4 * PARAMS * k..head + 4 * PARAMS * (k + 1)]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        Ok(Checkpoint {
            epoch,
            net: FloatNet { p: vec_at(0) },
            opt: AdamW {
                m: vec_at(1),
                v: vec_at(2),
                t,
                decay,
            },
            best: (FloatNet { p: vec_at(3) }, best_loss),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::evaluate_fresh;
    use crate::eval::nnue::features::active;
    use crate::eval::nnue::network::bucket;
    use crate::rules::{Color, Position};

    #[test]
    fn the_quantised_net_agrees_with_the_float_net() {
        let mut net = FloatNet::init(3);
        // Factor rows that matter, so that quantisation must fold them in.
        for (i, w) in net.p[FT_W + FEATURES * HIDDEN..FT_B].iter_mut().enumerate() {
            *w = ((i % 13) as f32 - 6.0) * 0.01;
        }
        let pos = Position::start(Variant::LongjiangNoDrop.rules());
        let features = example_features(&active(&pos, Color::Black), &active(&pos, Color::White));
        let ex = Example {
            features,
            bucket: bucket(&pos) as u8,
            target: 0.5,
        };
        let float_cp = net.forward(&ex) * SCALE as f32;
        let q = evaluate_fresh(&net.quantise(Variant::LongjiangNoDrop), &pos);
        assert!(
            (float_cp - q as f32).abs() < 4.0 + 0.05 * float_cp.abs(),
            "{float_cp} vs {q}"
        );
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut net = FloatNet::init(5);
        let ex = Example {
            features: vec![3, 700, 1650, 11, 900, 1700],
            bucket: 2,
            target: 0.8,
        };
        let mut grad = vec![0.0; PARAMS];
        net.backward(&ex, 400.0, &mut grad);
        for i in [
            FT_W + 3 * HIDDEN + 5,
            FT_W + 1700 * HIDDEN + 9,
            FT_B + 7,
            OUT_W + 2 * 2 * HIDDEN + 4,
            OUT_B + 2,
        ] {
            let h = 1e-3;
            let w = net.p[i];
            net.p[i] = w + h;
            let up = net.loss(&ex, 400.0);
            net.p[i] = w - h;
            let down = net.loss(&ex, 400.0);
            net.p[i] = w;
            let numeric = (up - down) / (2.0 * h);
            assert!(
                (numeric - grad[i]).abs() < 1e-3 + 0.05 * numeric.abs(),
                "param {i}: {numeric} vs {}",
                grad[i]
            );
        }
    }

    #[test]
    fn a_checkpoint_round_trips() {
        let c = Checkpoint {
            epoch: 4,
            net: FloatNet::init(1),
            opt: AdamW::new(0.01),
            best: (FloatNet::init(2), 0.07),
        };
        assert_eq!(Checkpoint::from_bytes(&c.to_bytes()).unwrap(), c);
        assert!(Checkpoint::from_bytes(b"junk").is_err());
    }
}
