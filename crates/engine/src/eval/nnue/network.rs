//! The quantised network and its file format (`docs/nnue.md`).
//!
//! Architecture: `inputs → HIDDEN` per perspective (one shared matrix), squared
//! clipped ReLU, then the two halves (side to move first) into one of `BUCKETS` outputs
//! chosen by how many pieces are on the board. Integers throughout: i16 input weights, biases
//! and accumulators in units of `QA`, i16 output weights in units of `QB`, an i32 sum.
//!
//! A net file is a 64-byte header followed by the parameters, all little-endian:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `LJNN` |
//! | 4 | 2 | format version (2; version 1 files, hidden size 128, still load) |
//! | 6 | 2 | header length (64) |
//! | 8 | 24 | game, the variant's name, zero-padded ASCII |
//! | 32 | 4 | input features |
//! | 36 | 4 | hidden size (one of [`HIDDEN_SIZES`]) |
//! | 40 | 4 | output buckets |
//! | 44 | 2 | `QA` |
//! | 46 | 2 | `QB` |
//! | 48 | 2 | output scale (centipawns per unit) |
//! | 50 | 2 | feature set ([`FeatureSet`]: 0 plain, 1 king buckets; zero in version 1) |
//! | 52 | 2 | the factorisers it was trained with ([`Factors`] bits; zero in version 1) |
//! | 54 | 2 | zero |
//! | 56 | 8 | FNV-1a 64 of the parameter bytes |
//!
//! then i16 input weights `[input features][hidden]`, i16 input biases `[hidden]`, i16 output
//! weights `[buckets][2 × hidden]`, i32 output biases `[buckets]`.

use super::buckets::FeatureSet;
use super::kernels;
use longjiang_core::rules::{Color, Position, Variant};
use std::fmt;

use super::quant::{QA, QB, SCALE};

/// The hidden sizes (neurons per perspective) a net may have.
pub const HIDDEN_SIZES: [usize; 3] = [128, 256, 512];
/// The largest hidden size: the accumulators' capacity.
pub const MAX_HIDDEN: usize = 512;
/// The hidden size of the nets shipped so far (and of every version 1 file).
pub const DEFAULT_HIDDEN: usize = 128;
/// Output buckets (by pieces on the board).
pub const BUCKETS: usize = 4;
/// The board piece count that the buckets divide (the start positions hold 40).
pub const BUCKET_PIECES: usize = 40;

/// The format's magic bytes.
pub const MAGIC: [u8; 4] = *b"LJNN";
/// The format version this build writes (it reads 1 and 2).
pub const VERSION: u16 = 2;
/// Header length in bytes.
pub const HEADER_LEN: usize = 64;
const GAME_LEN: usize = 24;

/// The output bucket of `pos`: board pieces in `BUCKETS` equal bands.
#[inline(always)]
pub fn bucket(pos: &Position) -> usize {
    let n = pos.occupied().len() as usize;
    (n.saturating_sub(1) * BUCKETS / BUCKET_PIECES).min(BUCKETS - 1)
}

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file could not be read.
    Io(String),
    /// Shorter than its header says it must be, or longer.
    Length {
        /// Bytes the header's dimensions need.
        expected: usize,
        /// Bytes there are.
        found: usize,
    },
    /// Not a longjiang net (the first four bytes are not `LJNN`).
    Magic,
    /// A format version this build cannot read.
    Version(u16),
    /// The game field names no game this build plays.
    Game(String),
    /// A dimension or quantisation constant differs from this build's network.
    Shape {
        /// The header field.
        field: &'static str,
        /// This build's value.
        expected: u32,
        /// The file's value.
        found: u32,
    },
    /// The parameters' checksum does not match the header's (a damaged file).
    Checksum,
    /// A feature set this build does not have ([`FeatureSet`]).
    FeatureSet(u16),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(e) => write!(f, "cannot read the net file: {e}"),
            NetError::Length { expected, found } => {
                write!(f, "net file has {found} bytes, its header needs {expected}")
            }
            NetError::Magic => f.write_str("not a longjiang net file (bad magic)"),
            NetError::Version(v) => {
                write!(f, "net file format version {v}, this build reads {VERSION}")
            }
            NetError::Game(g) => write!(f, "net file is for an unknown game '{g}'"),
            NetError::Shape {
                field,
                expected,
                found,
            } => write!(
                f,
                "net file has {field} {found}, this build needs {expected}"
            ),
            NetError::Checksum => f.write_str("net file is damaged (checksum mismatch)"),
            NetError::FeatureSet(s) => write!(
                f,
                "net file has feature set {s}, this build reads 0 (plain) and 1 (king buckets)"
            ),
        }
    }
}

impl std::error::Error for NetError {}

bitflags::bitflags! {
    /// The training-only input factorisers a net was trained with (folded into its weights
    /// at quantisation, so inference never sees them; the file records them for reports).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Factors: u16 {
        /// One shared row per (ours/theirs, kind) of the board and of the hand.
        const KIND = 1;
        /// One shared row per (ours/theirs, kind, square's mirror pair a↔j).
        const MIRROR = 2;
        /// One shared row per plain feature across the king buckets (feature set 1).
        const SHARED = 4;
    }
}

/// A quantised network for one game.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    game: Variant,
    /// Neurons per perspective (one of [`HIDDEN_SIZES`]).
    hidden: usize,
    /// Its inputs.
    set: FeatureSet,
    /// The factorisers it was trained with.
    factors: Factors,
    /// `[set.inputs()][HIDDEN]`.
    pub(crate) ft_weights: Vec<i16>,
    /// `[HIDDEN]`.
    pub(crate) ft_bias: Vec<i16>,
    /// `[BUCKETS][2 × HIDDEN]`: the side to move's half first.
    pub(crate) out_weights: Vec<i16>,
    /// `[BUCKETS]`, in units of `QA × QB`.
    pub(crate) out_bias: Vec<i32>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({}, {}→{}×2→{BUCKETS})",
            self.game,
            self.set.inputs(),
            self.hidden
        )
    }
}

/// FNV-1a, 64 bits: the parameters' checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Bytes of the parameters of a net of `inputs` input features and hidden size `hidden`.
const fn param_bytes_of(inputs: usize, hidden: usize) -> usize {
    2 * (inputs * hidden + hidden + BUCKETS * 2 * hidden) + 4 * BUCKETS
}

impl Network {
    /// A plain-feature network of hidden size `hidden` from its quantised parameters;
    /// `None` when the size is not one of [`HIDDEN_SIZES`] or a slice has the wrong length.
    pub fn from_parts(
        game: Variant,
        hidden: usize,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: Vec<i32>,
    ) -> Option<Network> {
        let p = (ft_weights, ft_bias, out_weights, out_bias);
        Network::from_parts_in(FeatureSet::Plain, game, hidden, p)
    }

    /// [`Network::from_parts`] for feature set `set` (the trainer's output): the input
    /// weights, input biases, output weights and output biases.
    pub fn from_parts_in(
        set: FeatureSet,
        game: Variant,
        hidden: usize,
        (ft_weights, ft_bias, out_weights, out_bias): (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i32>),
    ) -> Option<Network> {
        (HIDDEN_SIZES.contains(&hidden)
            && ft_weights.len() == set.inputs() * hidden
            && ft_bias.len() == hidden
            && out_weights.len() == BUCKETS * 2 * hidden
            && out_bias.len() == BUCKETS)
            .then_some(Network {
                game,
                hidden,
                set,
                factors: Factors::empty(),
                ft_weights,
                ft_bias,
                out_weights,
                out_bias,
            })
    }

    /// The quantised blocks in the order [`Network::from_parts_in`] takes them: input
    /// weights, input biases, output weights, output biases (what fine-tuning starts from).
    pub fn parts(&self) -> (&[i16], &[i16], &[i16], &[i32]) {
        (
            &self.ft_weights,
            &self.ft_bias,
            &self.out_weights,
            &self.out_bias,
        )
    }

    /// This net, recording that it was trained with `factors`.
    pub fn with_factors(mut self, factors: Factors) -> Network {
        self.factors = factors;
        self
    }

    /// Neurons per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Its feature set.
    #[inline(always)]
    pub fn set(&self) -> FeatureSet {
        self.set
    }

    /// The factorisers it was trained with (empty for a version 1 file).
    pub fn factors(&self) -> Factors {
        self.factors
    }

    /// The game this net evaluates.
    pub fn game(&self) -> Variant {
        self.game
    }

    /// The FNV-1a 64 checksum of the parameters (the file header's): names a net in data
    /// headers and reports.
    pub fn checksum(&self) -> u64 {
        fnv1a(&self.param_bytes())
    }

    /// The input weights of feature `f` (`hidden` long).
    #[inline(always)]
    pub(crate) fn feature_weights(&self, f: usize) -> &[i16] {
        &self.ft_weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The parameters as the file stores them, little-endian, after the header.
    fn param_bytes(&self) -> Vec<u8> {
        let mut params = Vec::with_capacity(param_bytes_of(self.set.inputs(), self.hidden));
        for w in self
            .ft_weights
            .iter()
            .chain(&self.ft_bias)
            .chain(&self.out_weights)
        {
            params.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.out_bias {
            params.extend_from_slice(&b.to_le_bytes());
        }
        params
    }

    /// The file form (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let params = self.param_bytes();
        let mut out = Vec::with_capacity(HEADER_LEN + params.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(HEADER_LEN as u16).to_le_bytes());
        let mut game = [0u8; GAME_LEN];
        let name = self.game.name().as_bytes();
        game[..name.len()].copy_from_slice(name);
        out.extend_from_slice(&game);
        for v in [self.set.inputs(), self.hidden, BUCKETS] {
            out.extend_from_slice(&(v as u32).to_le_bytes());
        }
        for v in [QA, QB, SCALE] {
            out.extend_from_slice(&(v as u16).to_le_bytes());
        }
        out.extend_from_slice(&self.set.code().to_le_bytes());
        out.extend_from_slice(&self.factors.bits().to_le_bytes());
        out.extend_from_slice(&[0; 2]);
        out.extend_from_slice(&fnv1a(&params).to_le_bytes());
        out.extend_from_slice(&params);
        out
    }

    /// Reads a net file, checking its header against this build's network.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN {
            if bytes.len() >= 4 && bytes[..4] != MAGIC {
                return Err(NetError::Magic);
            }
            return Err(NetError::Length {
                expected: HEADER_LEN,
                found: bytes.len(),
            });
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        if bytes[..4] != MAGIC {
            return Err(NetError::Magic);
        }
        let version = u16_at(4);
        if !(1..=VERSION).contains(&version) {
            return Err(NetError::Version(version));
        }
        let shape = |field, expected: usize, found: u32| {
            if found as usize == expected {
                Ok(())
            } else {
                Err(NetError::Shape {
                    field,
                    expected: expected as u32,
                    found,
                })
            }
        };
        shape("header length", HEADER_LEN, u16_at(6) as u32)?;
        let name_bytes = &bytes[8..8 + GAME_LEN];
        let end = name_bytes.iter().position(|&b| b == 0).unwrap_or(GAME_LEN);
        let name = String::from_utf8_lossy(&name_bytes[..end]).into_owned();
        let game: Variant = name.parse().map_err(|_| NetError::Game(name.clone()))?;
        let set = FeatureSet::from_code(u16_at(50)).ok_or(NetError::FeatureSet(u16_at(50)))?;
        let inputs = set.inputs();
        shape("input features", inputs, u32_at(32))?;
        let hidden = u32_at(36) as usize;
        if version == 1 || !HIDDEN_SIZES.contains(&hidden) {
            shape("hidden size", DEFAULT_HIDDEN, hidden as u32)?;
        }
        let factors = Factors::from_bits_truncate(u16_at(52));
        shape("output buckets", BUCKETS, u32_at(40))?;
        shape("QA", QA as usize, u16_at(44) as u32)?;
        shape("QB", QB as usize, u16_at(46) as u32)?;
        shape("scale", SCALE as usize, u16_at(48) as u32)?;
        let expected = HEADER_LEN + param_bytes_of(inputs, hidden);
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let params = &bytes[HEADER_LEN..];
        let sum = u64::from_le_bytes(bytes[56..64].try_into().unwrap_or([0; 8]));
        if fnv1a(params) != sum {
            return Err(NetError::Checksum);
        }
        let mut words = params
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| words.by_ref().take(n).collect::<Vec<i16>>();
        let ft_weights = take(inputs * hidden);
        let ft_bias = take(hidden);
        let out_weights = take(BUCKETS * 2 * hidden);
        let tail = &params[2 * (inputs * hidden + hidden + BUCKETS * 2 * hidden)..];
        let out_bias = tail
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let p = (ft_weights, ft_bias, out_weights, out_bias);
        Network::from_parts_in(set, game, hidden, p)
            .map(|n| n.with_factors(factors))
            .ok_or(NetError::Length {
                expected,
                found: bytes.len(),
            })
    }

    /// Reads the net file at `path`.
    pub fn load(path: &std::path::Path) -> Result<Network, NetError> {
        let bytes =
            std::fs::read(path).map_err(|e| NetError::Io(format!("{}: {e}", path.display())))?;
        Network::from_bytes(&bytes)
    }

    /// The output in centipawns for the side to move `us`, from the two perspectives'
    /// accumulator rows (`acc[Color::index()]`, at least `hidden` long) and the bucket.
    #[inline]
    pub fn output(&self, acc: &[[i16; MAX_HIDDEN]; 2], us: Color, bucket: usize) -> i32 {
        let h = self.hidden;
        let w = &self.out_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
        let (w_us, w_them) = w.split_at(h);
        let sum =
            kernels::dot(h, &acc[us.index()], w_us) + kernels::dot(h, &acc[(!us).index()], w_them);
        (sum / QA + self.out_bias[bucket]) * SCALE / (QA * QB)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_net as pattern_net;
    use super::*;

    #[test]
    fn a_net_round_trips_through_its_file_form() {
        let net = pattern_net(Variant::LongjiangNoDrop);
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..4], b"LJNN");
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.game(), Variant::LongjiangNoDrop);
        assert_eq!(back.to_bytes(), bytes);
        // The checksum is the one the header stores, just before the parameters.
        let stored = u64::from_le_bytes(bytes[HEADER_LEN - 8..HEADER_LEN].try_into().unwrap());
        assert_eq!(net.checksum(), stored);
    }

    #[test]
    fn version_1_files_load_as_128_nets_and_wider_nets_round_trip() {
        // A version 1 file, written field by field from the format's table (version 1, the
        // hidden size 128 and zero at 50..56), loads as the net it holds; saved again
        // (version 2) it keeps its parameters and checksum.
        for game in [Variant::Longjiang, Variant::LongjiangNoDrop] {
            let net = pattern_net(game).with_factors(Factors::KIND);
            let params = net.to_bytes()[HEADER_LEN..].to_vec();
            let mut v1 = Vec::new();
            v1.extend_from_slice(b"LJNN");
            v1.extend_from_slice(&1u16.to_le_bytes());
            v1.extend_from_slice(&64u16.to_le_bytes());
            let mut name = [0u8; 24];
            name[..game.name().len()].copy_from_slice(game.name().as_bytes());
            v1.extend_from_slice(&name);
            for v in [super::super::features::FEATURES as u32, 128, 4] {
                v1.extend_from_slice(&v.to_le_bytes());
            }
            for v in [255u16, 64, 400, 0, 0, 0] {
                v1.extend_from_slice(&v.to_le_bytes());
            }
            v1.extend_from_slice(&fnv1a(&params).to_le_bytes());
            v1.extend_from_slice(&params);
            let back = Network::from_bytes(&v1).unwrap();
            assert_eq!(back.game(), game);
            assert_eq!(back.hidden(), DEFAULT_HIDDEN);
            assert_eq!(back.factors(), Factors::empty());
            assert_eq!(back, net.clone().with_factors(Factors::empty()));
            let again = back.to_bytes();
            assert_eq!(u16::from_le_bytes([again[4], again[5]]), VERSION);
            assert_eq!(&again[HEADER_LEN..], &v1[HEADER_LEN..]);
            assert_eq!(&again[56..64], &v1[56..64]);
            assert_eq!(Network::from_bytes(&again).unwrap(), back);
            // A damaged parameter byte is still caught in a version 1 file.
            let mut bad = v1.clone();
            bad[HEADER_LEN + 7] ^= 1;
            assert_eq!(Network::from_bytes(&bad), Err(NetError::Checksum));
        }
        // A version 1 header cannot claim another hidden size.
        let wide = super::super::test_net_of(Variant::Longjiang, 256);
        let mut bytes = wide.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap().hidden(), 256);
        bytes[4] = 1;
        assert!(matches!(
            Network::from_bytes(&bytes),
            Err(NetError::Shape {
                field: "hidden size",
                ..
            })
        ));
    }

    #[test]
    fn bad_files_are_refused_with_their_reason() {
        let bytes = pattern_net(Variant::Longjiang).to_bytes();
        assert_eq!(
            Network::from_bytes(b"LJNN"),
            Err(NetError::Length {
                expected: HEADER_LEN,
                found: 4
            })
        );
        let mut b = bytes.clone();
        b[0] = b'X';
        assert_eq!(Network::from_bytes(&b), Err(NetError::Magic));
        let mut b = bytes.clone();
        b[4] = 9;
        assert_eq!(Network::from_bytes(&b), Err(NetError::Version(9)));
        // Set 1 needs six times the inputs; an unknown set is refused by name.
        let mut b = bytes.clone();
        b[50] = 1;
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetError::Shape {
                field: "input features",
                ..
            })
        ));
        let mut b = bytes.clone();
        b[50] = 7;
        assert_eq!(Network::from_bytes(&b), Err(NetError::FeatureSet(7)));
        assert!(
            NetError::FeatureSet(7)
                .to_string()
                .contains("feature set 7")
        );
        let mut b = bytes.clone();
        b[8..11].copy_from_slice(b"xyz");
        assert!(matches!(Network::from_bytes(&b), Err(NetError::Game(_))));
        let mut b = bytes.clone();
        b[36] = 64;
        assert_eq!(
            Network::from_bytes(&b),
            Err(NetError::Shape {
                field: "hidden size",
                expected: DEFAULT_HIDDEN as u32,
                found: 64
            })
        );
        let b = &bytes[..bytes.len() - 1];
        assert!(matches!(
            Network::from_bytes(b),
            Err(NetError::Length { .. })
        ));
        let mut b = bytes.clone();
        let last = b.len() - 9;
        b[last] ^= 1;
        assert_eq!(Network::from_bytes(&b), Err(NetError::Checksum));
        for e in [NetError::Magic, NetError::Checksum, NetError::Version(2)] {
            assert!(!e.to_string().is_empty());
        }
    }
}
