//! The trainer's shuffled feature cache: one pass over the data files filters the
//! positions, turns each into its side to move's features (a few dozen u16) and scatters it
//! into one of several shard files chosen at random (the validation games into a file of
//! their own). An epoch then reads the shards in a random order, each one whole into memory
//! and shuffled there, so memory stays at one shard whatever the data's size and every
//! batch mixes positions of the whole data set. The cache is kept beside the net (or where
//! `--cache` says) and reused while its manifest matches the data and the flags.
//!
//! A record, little-endian: u16 feature count n, u8 output bucket, u8 result for the side
//! to move (0 loss, 1 draw, 2 win), i16 search score for the side to move, i16 classical
//! evaluation (validation records only, else 0), then n u16 features.
//!
//! The features are the plain ones (feature set 0) whatever the net's set: a king-bucket
//! run finds each perspective's bucket from the two kings' features
//! (`FeatureSet::offsets_of_plain`), so one cache serves both sets and none is misread.

use super::source::{self, SourceRecord};
use longjiang_core::data::sample::Filter;
use longjiang_core::rng::mix;
use longjiang_core::rules::{Color, Variant};
use longjiang_engine::eval::nnue::features::active;
use longjiang_engine::eval::nnue::network::bucket;
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Bytes of a record's head.
const HEAD: usize = 8;
/// Records featurised at once.
const CHUNK: usize = 1 << 16;

/// What a cache is made of: it is reused only when all of it matches.
#[derive(Clone, Debug)]
pub struct CacheSettings {
    /// The game.
    pub variant: Variant,
    /// The data files.
    pub data: Vec<PathBuf>,
    /// The position filter.
    pub filter: Filter,
    /// The draw of positions after the filter (`--game-share`, `--wdl-skip`).
    pub draw: super::draw::Draw,
    /// Every n-th game is validation data.
    pub validation_every: u64,
    /// Seeds the scatter.
    pub seed: u64,
    /// About how many positions a shard holds (the shuffle's memory).
    pub shard_positions: u64,
}

impl CacheSettings {
    /// The manifest's first line: everything the cache depends on.
    fn key(&self) -> Result<String, String> {
        let mut key = format!(
            "ljcache v1 variant={} min-ply={} max-score={} keep-noisy={} validation-every={} seed={} shard={} {}",
            self.variant,
            self.filter.min_ply,
            self.filter.max_score,
            self.filter.keep_noisy,
            self.validation_every,
            self.seed,
            self.shard_positions,
            self.draw.key()
        );
        for p in &self.data {
            let len = std::fs::metadata(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .len();
            key.push_str(&format!(" {}:{len}", p.display()));
        }
        Ok(key)
    }
}

/// A built cache: where it is and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Cache {
    /// Its directory.
    pub dir: PathBuf,
    /// Training shards.
    pub shards: usize,
    /// Training positions.
    pub train: u64,
    /// Validation positions.
    pub valid: u64,
    /// Positions read before filtering.
    pub read: u64,
}

/// One loaded shard (or the validation set): the records' bytes and their offsets.
pub struct LoadedShard {
    bytes: Vec<u8>,
    /// Where each record starts.
    pub offsets: Vec<u32>,
}

/// One record of a loaded shard.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Output bucket.
    pub bucket: usize,
    /// Result for the side to move: 0, ½ or 1.
    pub result: f32,
    /// Search score for the side to move, centipawns.
    pub score: f32,
    /// The classical evaluation (validation records), centipawns.
    pub classical: f32,
    feats: &'a [u8],
}

impl View<'_> {
    /// The side to move's features.
    pub fn features(&self) -> impl Iterator<Item = u16> + Clone + '_ {
        self.feats
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
    }

    /// `wdl · result + (1 − wdl) · sigmoid(score / k)`.
    pub fn target(&self, wdl: f32, k: f32) -> f32 {
        wdl * self.result + (1.0 - wdl) / (1.0 + (-self.score / k).exp())
    }
}

impl LoadedShard {
    /// Reads a shard file, checking that its records are whole.
    pub fn load(path: &Path) -> Result<LoadedShard, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut offsets = Vec::new();
        let mut at = 0usize;
        while at < bytes.len() {
            if at + HEAD > bytes.len() || at > u32::MAX as usize {
                return Err(format!("{}: damaged at byte {at}", path.display()));
            }
            let n = u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
            offsets.push(at as u32);
            at += HEAD + 2 * n;
        }
        if at != bytes.len() {
            return Err(format!("{}: damaged at its end", path.display()));
        }
        Ok(LoadedShard { bytes, offsets })
    }

    /// Records held.
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// Record `i`.
    #[inline]
    pub fn get(&self, i: usize) -> View<'_> {
        let at = self.offsets[i] as usize;
        let b = &self.bytes[at..];
        let n = u16::from_le_bytes([b[0], b[1]]) as usize;
        View {
            bucket: b[2] as usize,
            result: b[3] as f32 / 2.0,
            score: i16::from_le_bytes([b[4], b[5]]) as f32,
            classical: i16::from_le_bytes([b[6], b[7]]) as f32,
            feats: &b[HEAD..HEAD + 2 * n],
        }
    }
}

/// A seeded shuffle of `0..n`.
pub fn permutation(n: usize, seed: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut s = seed;
    for i in (1..order.len()).rev() {
        s = mix(s);
        order.swap(i, (s % (i as u64 + 1)) as usize);
    }
    order
}

/// The encoded record of `r`, or `None` when it is filtered out or not a valid position;
/// `valid` also stores its classical evaluation.
fn encode(r: &SourceRecord, variant: Variant, valid: bool) -> Option<Vec<u8>> {
    let pos = r.position(variant.rules()).ok()?;
    let us = pos.side_to_move();
    let (score, result) = match us {
        Color::Black => (r.score, r.result.score()),
        Color::White => (-r.score, 1.0 - r.result.score()),
    };
    let features = active(&pos, us);
    let clip = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
    let classical = if valid {
        clip(longjiang_engine::eval::evaluate(&pos))
    } else {
        0
    };
    let mut out = Vec::with_capacity(HEAD + 2 * features.len());
    out.extend_from_slice(&(features.len() as u16).to_le_bytes());
    out.push(bucket(&pos) as u8);
    out.push((result * 2.0).round() as u8);
    out.extend_from_slice(&clip(score).to_le_bytes());
    out.extend_from_slice(&classical.to_le_bytes());
    for f in features {
        out.extend_from_slice(&f.to_le_bytes());
    }
    Some(out)
}

/// The path of training shard `i` of the cache in `dir`.
pub fn shard_path(dir: &Path, i: usize) -> PathBuf {
    dir.join(format!("train-{i:04}.bin"))
}

/// The path of the validation set of the cache in `dir`.
pub fn valid_path(dir: &Path) -> PathBuf {
    dir.join("valid.bin")
}

/// The cache in `dir` for `settings`: the one there if its manifest matches, else built
/// anew (with all cores); `say` reports the building.
pub fn open_or_build(
    dir: &Path,
    settings: &CacheSettings,
    say: &dyn Fn(&str),
) -> Result<Cache, String> {
    let key = settings.key()?;
    let manifest = dir.join("manifest.txt");
    if let Ok(text) = std::fs::read_to_string(&manifest) {
        let mut lines = text.lines();
        if lines.next() == Some(key.as_str()) {
            let nums: Vec<u64> = lines
                .next()
                .unwrap_or("")
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            if let [shards, train, valid, read] = nums[..] {
                return Ok(Cache {
                    dir: dir.to_path_buf(),
                    shards: shards as usize,
                    train,
                    valid,
                    read,
                });
            }
        }
    }
    let cache = build(dir, settings, say)?;
    std::fs::write(
        &manifest,
        format!(
            "{key}\n{} {} {} {}\n",
            cache.shards, cache.train, cache.valid, cache.read
        ),
    )
    .map_err(|e| format!("{}: {e}", manifest.display()))?;
    Ok(cache)
}

fn build(dir: &Path, settings: &CacheSettings, say: &dyn Fn(&str)) -> Result<Cache, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let _ = std::fs::remove_file(dir.join("manifest.txt"));
    let mut sources = Vec::new();
    for p in &settings.data {
        sources.push(source::open(p, settings.variant)?);
    }
    let estimate: u64 = sources.iter().map(|s| s.estimated_records()).sum();
    let shards = estimate.div_ceil(settings.shard_positions.max(1)).max(1) as usize;
    let create = |p: PathBuf| {
        std::fs::File::create(&p)
            .map(|f| std::io::BufWriter::with_capacity(1 << 20, f))
            .map_err(|e| format!("{}: {e}", p.display()))
    };
    let mut train_out = (0..shards)
        .map(|i| create(shard_path(dir, i)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut valid_out = create(valid_path(dir))?;
    let mut cache = Cache {
        dir: dir.to_path_buf(),
        shards,
        train: 0,
        valid: 0,
        read: 0,
    };
    let start = std::time::Instant::now();
    for (src, path) in sources.iter_mut().zip(&settings.data) {
        loop {
            let mut chunk = Vec::with_capacity(CHUNK);
            while chunk.len() < CHUNK {
                match src.next_record()? {
                    Some(r) => chunk.push(r),
                    None => break,
                }
            }
            if chunk.is_empty() {
                break;
            }
            cache.read += chunk.len() as u64;
            let encoded: Vec<(bool, Vec<u8>)> = chunk
                .par_iter()
                .filter(|r| {
                    r.kept_by(&settings.filter)
                        && settings.draw.keeps(r.game, r.ply, r.score, r.result)
                })
                .filter_map(|r| {
                    let valid = r.game % settings.validation_every == 0;
                    encode(r, settings.variant, valid).map(|e| (valid, e))
                })
                .collect();
            for (valid, bytes) in encoded {
                let (out, n) = if valid {
                    (&mut valid_out, &mut cache.valid)
                } else {
                    let i = (mix(settings.seed ^ mix(cache.train)) % shards as u64) as usize;
                    (&mut train_out[i], &mut cache.train)
                };
                out.write_all(&bytes)
                    .map_err(|e| format!("{}: {e}", dir.display()))?;
                *n += 1;
            }
            say(&format!(
                "cache: {} read, {} training, {} validation positions ({}, {:.0} s)",
                cache.read,
                cache.train,
                cache.valid,
                path.display(),
                start.elapsed().as_secs_f64()
            ));
        }
    }
    for mut w in train_out.into_iter().chain([valid_out]) {
        w.flush().map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    Ok(cache)
}
