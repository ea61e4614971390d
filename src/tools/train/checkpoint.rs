//! Training checkpoints: the float net, the optimiser and the epochs done, with the best
//! validation epoch's parameters, so that `--resume` goes on exactly where a run stopped.

use super::model::{AdamW, FloatNet};
use super::shape::Shape;
use longjiang_engine::eval::nnue::FeatureSet;
use longjiang_engine::eval::nnue::network::Factors;

const MAGIC: &[u8; 8] = b"LJCKPT02";
/// Bytes before the parameter vectors.
const HEAD: usize = 8 + 4 + 2 + 2 + 8 + 4 + 4 + 8 + 8;

/// A checkpoint (see the module documentation).
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
    /// The file form: magic, hidden size, factorisers, feature set (0 in checkpoints of
    /// builds before set 1), parameter count, epoch, decay,
    /// steps, best loss, then the four f32 vectors (current, first and second moments,
    /// best).
    pub fn to_bytes(&self) -> Vec<u8> {
        let shape = self.net.shape;
        let n = shape.params();
        let mut out = Vec::with_capacity(HEAD + 16 * n);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(shape.hidden as u32).to_le_bytes());
        out.extend_from_slice(&shape.factors.bits().to_le_bytes());
        out.extend_from_slice(&shape.set.code().to_le_bytes());
        out.extend_from_slice(&(n as u64).to_le_bytes());
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

    /// Reads a checkpoint, refusing one of another shape than `shape`.
    pub fn from_bytes(bytes: &[u8], shape: Shape) -> Result<Checkpoint, String> {
        if bytes.len() < HEAD || &bytes[..8] != MAGIC {
            return Err("not a checkpoint of this build's trainer".into());
        }
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4]));
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let hidden = u32_at(8) as usize;
        let factors = Factors::from_bits_truncate(u16_at(12));
        let code = u16_at(14);
        if FeatureSet::from_code(code) != Some(shape.set) {
            return Err(format!(
                "checkpoint of feature set {code}, the flags ask for {} ({})",
                shape.set.code(),
                shape.set.name()
            ));
        }
        if hidden != shape.hidden || factors != shape.factors {
            return Err(format!(
                "checkpoint of hidden size {hidden} and factorisers {factors:?}, \
                 the flags ask for {} and {:?}",
                shape.hidden, shape.factors
            ));
        }
        let n = shape.params();
        if u64_at(16) != n as u64 || bytes.len() != HEAD + 16 * n {
            return Err("checkpoint of another network shape".into());
        }
        let epoch = u32_at(24);
        let decay = f32::from_bits(u32_at(28));
        let t = u64_at(32);
        let best_loss = f64::from_bits(u64_at(40));
        let vec_at = |k: usize| -> Vec<f32> {
            bytes[HEAD + 4 * n * k..HEAD + 4 * n * (k + 1)]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        Ok(Checkpoint {
            epoch,
            net: FloatNet {
                shape,
                p: vec_at(0),
            },
            opt: AdamW {
                m: vec_at(1),
                v: vec_at(2),
                t,
                decay,
            },
            best: (
                FloatNet {
                    shape,
                    p: vec_at(3),
                },
                best_loss,
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_round_trips_and_refuses_another_shape() {
        let shape = Shape::plain(256, Factors::KIND);
        let c = Checkpoint {
            epoch: 4,
            net: FloatNet::init(shape, 1),
            opt: AdamW::new(shape.params(), 0.01),
            best: (FloatNet::init(shape, 2), 0.07),
        };
        assert_eq!(Checkpoint::from_bytes(&c.to_bytes(), shape).unwrap(), c);
        assert!(Checkpoint::from_bytes(b"junk", shape).is_err());
        let other = Shape::plain(128, Factors::KIND);
        assert!(Checkpoint::from_bytes(&c.to_bytes(), other).is_err());
        // A checkpoint of the other feature set is refused by its set, both ways.
        let kb = Shape {
            set: FeatureSet::KingBuckets,
            hidden: 128,
            factors: Factors::KIND | Factors::SHARED,
        };
        let k = Checkpoint {
            epoch: 1,
            net: FloatNet::init(kb, 1),
            opt: AdamW::new(kb.params(), 0.01),
            best: (FloatNet::init(kb, 2), 0.07),
        };
        assert_eq!(Checkpoint::from_bytes(&k.to_bytes(), kb).unwrap(), k);
        let plain_of_kb = Shape::plain(128, kb.factors);
        let e = Checkpoint::from_bytes(&k.to_bytes(), plain_of_kb).unwrap_err();
        assert!(e.contains("feature set 1"), "{e}");
        let kb_of_plain = Shape {
            set: FeatureSet::KingBuckets,
            ..shape
        };
        let e = Checkpoint::from_bytes(&c.to_bytes(), kb_of_plain).unwrap_err();
        assert!(e.contains("feature set 0"), "{e}");
    }
}
