//! `longjiang train`: trains an NNUE net for one game on `datagen` data, on the CPU, with
//! all cores (rayon), and writes the quantised net file (`docs/nnue.md`).
//!
//! The data files are streamed ([`source`]) into a shuffled feature cache ([`cache`]):
//! positions filtered (quiet positions after the opening by default, as the tuner does),
//! split into training and validation sets by game number, and scattered at random over
//! shards that an epoch reads one at a time, so memory is bounded by one shard. The loss is
//! the mean squared error of `sigmoid(net · SCALE / K)` against `wdl · result + (1 − wdl) ·
//! sigmoid(score / K)`, both from the side to move's view; AdamW minimises it in shuffled
//! mini-batches with a cosine learning-rate schedule. After every epoch a checkpoint is
//! written (`--resume` goes on from one); the epoch with the lowest validation loss is
//! quantised into the net.

pub mod cache;
pub mod checkpoint;
pub mod draw;
pub mod model;
pub mod shape;
pub mod source;

use crate::tools::common::data_filter::DataFilterArgs;
use crate::tools::common::game::DEFAULT_VARIANT;
use cache::{Cache, LoadedShard};
use checkpoint::Checkpoint;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use longjiang_core::rules::Variant;
use longjiang_engine::eval::nnue::FeatureSet;
use longjiang_engine::eval::nnue::Network;
use longjiang_engine::eval::nnue::network::Factors;
use model::{AdamW, FloatNet, Input};
use rayon::prelude::*;
use shape::Shape;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `longjiang train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// The game the net is for (its data must be of that game).
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: Variant,
    /// Datagen files (several may be given).
    #[arg(long = "data", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Where to write the net file.
    #[arg(long)]
    pub out: PathBuf,
    /// Passes over the training set (every shipped net took 10 or 12; notes/nnue-figures.md).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// AdamW's starting learning rate (every shipped net's).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// The learning rate at the last epoch, as a fraction of `--lr` (cosine decay between).
    #[arg(long, default_value_t = 0.05)]
    pub final_lr: f32,
    /// AdamW's decoupled weight decay: 2 beat 0.3 and 5 in matches (notes/nnue-figures.md).
    #[arg(long, default_value_t = 2.0)]
    pub weight_decay: f32,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, visible_alias = "wdl", default_value_t = 0.3)]
    pub lambda: f32,
    /// The sigmoid's scale K, centipawns.
    #[arg(long, default_value_t = 400.0)]
    pub k: f32,
    /// Fit K to the data instead (the K with which the kept positions' scores best predict
    /// their results); the report names it.
    #[arg(long)]
    pub fit_k: bool,
    /// The share of each game's positions to learn from (drawn per position from `--seed`),
    /// after the other filters: neighbouring positions of a game teach nearly the same thing.
    #[arg(long, default_value_t = 1.0)]
    pub game_share: f64,
    /// Skip a position with probability 1 − P(result | score) under a win-draw-loss model of
    /// scale K whose draw margin is fitted to the data, so that labels the game's result
    /// contradicts weigh less.
    #[arg(long)]
    pub wdl_skip: bool,
    /// Every n-th game (by game number) goes to the validation set.
    #[arg(long, default_value_t = 20)]
    pub validation_every: u64,
    /// `--min-ply`, `--max-score`, `--keep-noisy`.
    #[command(flatten)]
    pub filter: DataFilterArgs,
    /// Seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The checkpoint written after every epoch (default: the output path + `.ckpt`).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Go on from this checkpoint (same data and flags), at the epoch after its last.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Start from this net file's weights instead of random ones (fine-tuning a net on new
    /// data); it must be of `--variant` and have the shape `--hidden` and `--king-buckets` ask.
    #[arg(long, conflicts_with = "resume")]
    pub init: Option<PathBuf>,
    /// No progress bar; one line per epoch.
    #[arg(long)]
    pub quiet: bool,
    /// Stop after this many epochs in this run (the net and the checkpoint are written as at
    /// the end; `--resume` goes on with the same `--epochs` schedule).
    #[arg(long)]
    pub stop_after: Option<u32>,
    /// Hidden neurons per perspective: 128, 256 or 512.
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Training-only input factorisers, comma-separated: `kind` (a row per ours/theirs and
    /// kind), `mirror` (a row per square's a↔j mirror pair), or `none`.
    #[arg(long, default_value = "kind")]
    pub factors: String,
    /// Train a king-bucket net (feature set 1: the plain features per own-king bucket,
    /// `docs/nnue.md`), with the `shared` factoriser (a row per plain feature shared by all
    /// buckets) added to `--factors`.
    #[arg(long)]
    pub king_buckets: bool,
    /// The shuffled feature cache's directory (default: the output path + `.cache`); kept
    /// and reused while the data and the filters are the same.
    #[arg(long)]
    pub cache: Option<PathBuf>,
    /// About how many positions one cache shard holds: the memory of the shuffle (about
    /// 90 bytes a position).
    #[arg(long, default_value_t = 2_000_000)]
    pub shard_positions: u64,
}

/// The factorisers a `--factors` value names.
pub fn parse_factors(text: &str) -> Result<Factors, String> {
    let mut f = Factors::empty();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        f |= match word {
            "kind" => Factors::KIND,
            "mirror" => Factors::MIRROR,
            "none" => Factors::empty(),
            _ => {
                return Err(format!(
                    "--factors: unknown factoriser '{word}' (kind, mirror, none)"
                ));
            }
        };
    }
    Ok(f)
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, from 1 (0: before training).
    pub epoch: u32,
    /// Mean training loss.
    pub train: f64,
    /// Mean validation loss.
    pub valid: f64,
    /// The learning rate used.
    pub lr: f32,
    /// Training positions per second.
    pub speed: f64,
}

/// Expands record `v` into both perspectives' inputs (into `us`, `them`) and returns it as
/// an [`Input`] with its target.
#[inline]
fn input<'a>(
    shape: &Shape,
    v: &cache::View,
    args: &TrainArgs,
    us: &'a mut Vec<u16>,
    them: &'a mut Vec<u16>,
) -> Input<'a> {
    us.clear();
    them.clear();
    shape.expand_position(v.features(), us, them);
    Input {
        us,
        them,
        bucket: v.bucket,
        target: v.target(args.lambda, args.k),
    }
}

/// The mean loss of `net` on the first `limit` records of `set`, and the classical
/// evaluation's on the same records (meaningful for validation records only).
pub fn mean_loss(net: &FloatNet, set: &LoadedShard, limit: usize, args: &TrainArgs) -> (f64, f64) {
    let n = set.len().min(limit);
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    // Fixed chunks summed in order: the same figures whatever the scheduling.
    let parts: Vec<(f64, f64)> = (0..n.div_ceil(4096))
        .into_par_iter()
        .map(|c| {
            let (mut us, mut them) = (Vec::new(), Vec::new());
            let (mut l, mut cl) = (0f64, 0f64);
            for i in c * 4096..((c + 1) * 4096).min(n) {
                let v = set.get(i);
                let x = input(&net.shape, &v, args, &mut us, &mut them);
                l += net.loss(&x, args.k) as f64;
                let p = 1.0 / (1.0 + (-v.classical / args.k).exp());
                cl += ((p - x.target) * (p - x.target)) as f64;
            }
            (l, cl)
        })
        .collect();
    let (sum, classical) = parts.iter().fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    (sum / n as f64, classical / n as f64)
}

/// The learning rate of `epoch` (from 0) of `epochs`: cosine from `lr` to `lr · final`.
pub fn rate(lr: f32, final_frac: f32, epoch: u32, epochs: u32) -> f32 {
    let t = if epochs > 1 {
        epoch as f32 / (epochs - 1) as f32
    } else {
        0.0
    };
    let low = lr * final_frac;
    low + (lr - low) * 0.5 * (1.0 + (std::f32::consts::PI * t).cos())
}

/// Reusable gradient buffers, one per worker.
struct Workers {
    grads: Vec<Vec<f32>>,
}

/// One AdamW step on the mean gradient of the records `batch` of `shard`; returns their
/// summed loss. The batch is cut into one fixed part per worker and the parts' gradients
/// are summed in order, so a run is reproducible for a given thread count.
fn step(
    ck: &mut Checkpoint,
    shard: &LoadedShard,
    batch: &[u32],
    args: &TrainArgs,
    lr: f32,
    workers: &mut Workers,
) -> f64 {
    let parts = workers.grads.len();
    let chunk = batch.len().div_ceil(parts).max(1);
    let net = &ck.net;
    let losses: Vec<f64> = workers
        .grads
        .par_iter_mut()
        .enumerate()
        .map(|(w, g)| {
            g.iter_mut().for_each(|x| *x = 0.0);
            let (mut us, mut them) = (Vec::new(), Vec::new());
            let lo = (w * chunk).min(batch.len());
            let hi = ((w + 1) * chunk).min(batch.len());
            let mut l = 0f64;
            for &i in &batch[lo..hi] {
                let x = input(&net.shape, &shard.get(i as usize), args, &mut us, &mut them);
                l += net.backward(&x, args.k, g) as f64;
            }
            l
        })
        .collect();
    let (first, rest) = workers.grads.split_at_mut(1);
    let n = batch.len() as f32;
    first[0]
        .par_chunks_mut(1 << 14)
        .enumerate()
        .for_each(|(c, g)| {
            for other in rest.iter() {
                let o = &other[c << 14..];
                g.iter_mut().zip(o).for_each(|(x, y)| *x += y);
            }
            g.iter_mut().for_each(|x| *x /= n);
        });
    ck.opt.step(&mut ck.net, &first[0], lr);
    losses.iter().sum()
}

/// One epoch: the shards in a seeded random order, each shuffled in memory and cut into
/// mini-batches. Returns the mean training loss seen during the epoch.
fn epoch(
    ck: &mut Checkpoint,
    cache: &Cache,
    args: &TrainArgs,
    lr: f32,
    bar: &ProgressBar,
    workers: &mut Workers,
) -> Result<f64, String> {
    let seed = args.seed ^ (u64::from(ck.epoch) << 32) ^ 0x7368_7566;
    let mut total = 0.0f64;
    let mut seen = 0u64;
    for (n, s) in cache::permutation(cache.shards, seed)
        .into_iter()
        .enumerate()
    {
        let shard = LoadedShard::load(&cache::shard_path(&cache.dir, s as usize))?;
        let order = cache::permutation(shard.len(), longjiang_core::rng::mix(seed ^ n as u64));
        for batch in order.chunks(args.batch.max(1)) {
            let loss = step(ck, &shard, batch, args, lr, workers);
            total += loss;
            seen += batch.len() as u64;
            bar.inc(batch.len() as u64);
            bar.set_message(format!("loss {:.5}", loss / batch.len() as f64));
        }
    }
    Ok(total / seen.max(1) as f64)
}

/// Positions of the first shard the "before training" loss is measured on.
const FIRST_LOSS_SAMPLE: usize = 1 << 20;

/// Trains as `args` say; returns the epochs' figures (epoch 0: before training) and the
/// final checkpoint.
pub fn train(args: &TrainArgs) -> Result<(Vec<EpochReport>, Checkpoint, String), String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err("--lambda must be between 0 and 1".into());
    }
    if args.validation_every < 2 {
        return Err("--validation-every must be at least 2".into());
    }
    if args.k <= 0.0 || args.batch == 0 {
        return Err("--k and --batch must be positive".into());
    }
    if !model::valid_hidden(args.hidden) {
        return Err(format!("--hidden {}: must be 128, 256 or 512", args.hidden));
    }
    let (set, shared) = match args.king_buckets {
        true => (FeatureSet::KingBuckets, Factors::SHARED),
        false => (FeatureSet::Plain, Factors::empty()),
    };
    let shape = Shape {
        set,
        hidden: args.hidden,
        factors: parse_factors(&args.factors)? | shared,
    };
    if !(args.game_share > 0.0 && args.game_share <= 1.0) {
        return Err("--game-share must be above 0 and at most 1".into());
    }
    let filter = args.filter.filter();
    let mut draw = draw::Draw {
        share: args.game_share,
        wdl: None,
        seed: args.seed,
    };
    let mut fitted = args.clone();
    if args.fit_k || args.wdl_skip {
        let pairs = draw::sample_pairs(&args.data, args.variant, &filter, &draw, 1 << 21)?;
        if pairs.is_empty() {
            return Err("no positions to fit K or the WDL model to after filtering".into());
        }
        if args.fit_k {
            fitted.k = draw::fit_k(&pairs) as f32;
        }
        draw.wdl = args
            .wdl_skip
            .then(|| draw::WdlModel::fit(f64::from(fitted.k), &pairs));
    }
    let args = &fitted;
    let settings = cache::CacheSettings {
        variant: args.variant,
        data: args.data.clone(),
        filter,
        draw,
        validation_every: args.validation_every,
        seed: args.seed,
        shard_positions: args.shard_positions,
    };
    let cache_dir = args
        .cache
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.cache", args.out.display())));
    // A cache this run makes is removed when the run fails; one it found (perhaps the
    // user's `--cache`) is kept.
    let made = !cache_dir.exists();
    let result = train_in(args, shape, &settings, &cache_dir);
    if result.is_err() && made {
        let _ = std::fs::remove_dir_all(&cache_dir);
    }
    result
}

/// [`train`] with its cache in `cache_dir` (opened, or built for `settings`).
fn train_in(
    args: &TrainArgs,
    shape: Shape,
    settings: &cache::CacheSettings,
    cache_dir: &Path,
) -> Result<(Vec<EpochReport>, Checkpoint, String), String> {
    let quiet = args.quiet;
    let say_build = move |line: &str| {
        if !quiet {
            eprint!("\r{line}");
        }
    };
    let cache = cache::open_or_build(cache_dir, settings, &say_build)?;
    if !quiet {
        eprintln!();
    }
    if cache.train == 0 {
        return Err("no training positions after filtering".into());
    }
    let valid_set = LoadedShard::load(&cache::valid_path(&cache.dir))?;
    let mut ck = match &args.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Checkpoint::from_bytes(&bytes, shape).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => {
            let net = match &args.init {
                Some(path) => start_net(path, shape, args.variant)?,
                None => FloatNet::init(shape, args.seed),
            };
            Checkpoint {
                epoch: 0,
                best: (net.clone(), f64::INFINITY),
                net,
                opt: AdamW::new(shape.params(), args.weight_decay),
            }
        }
    };
    let ck_path = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.ckpt", args.out.display())));
    let first_shard = LoadedShard::load(&cache::shard_path(&cache.dir, 0))?;
    let (valid0, classical) = mean_loss(&ck.net, &valid_set, usize::MAX, args);
    let mut reports = vec![EpochReport {
        epoch: ck.epoch,
        train: mean_loss(&ck.net, &first_shard, FIRST_LOSS_SAMPLE, args).0,
        valid: valid0,
        lr: 0.0,
        speed: 0.0,
    }];
    drop(first_shard);
    let say_epoch = |r: &EpochReport| {
        format!(
            "epoch {} train {:.6} valid {:.6} lr {:.6} {:.0} pos/s\n",
            r.epoch, r.train, r.valid, r.lr, r.speed
        )
    };
    let info = format!(
        "{} training, {} validation positions ({} read from {} files; cache {}, {} shards); \
         {}→{}×2 net ({} features), factorisers {:?}; classical evaluation's validation \
         loss {classical:.6}; K {:.1}, {}\n",
        cache.train,
        cache.valid,
        cache.read,
        args.data.len(),
        cache.dir.display(),
        cache.shards,
        shape.set.inputs(),
        shape.hidden,
        shape.set.name(),
        shape.factors,
        args.k,
        settings.draw.key()
    );
    if args.quiet {
        super::say(&info)?;
        super::say(say_epoch(&reports[0]))?;
    }
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(cache.train)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "epoch {prefix} [{bar:30}] {pos}/{len} {per_sec} {msg} ETA {eta}",
        )
        .map_err(|e| e.to_string())?,
    );
    let mut workers = Workers {
        grads: vec![vec![0f32; shape.params()]; rayon::current_num_threads().max(1)],
    };
    let stop = args
        .stop_after
        .map_or(args.epochs, |n| args.epochs.min(ck.epoch.saturating_add(n)));
    while ck.epoch < stop {
        let lr = rate(args.lr, args.final_lr, ck.epoch, args.epochs);
        bar.reset();
        bar.set_prefix(format!("{}/{}", ck.epoch + 1, args.epochs));
        let start = Instant::now();
        let train_loss = epoch(&mut ck, &cache, args, lr, &bar, &mut workers)?;
        let secs = start.elapsed().as_secs_f64();
        ck.epoch += 1;
        let valid = mean_loss(&ck.net, &valid_set, usize::MAX, args).0;
        // With no validation set the training loss picks the epoch.
        let pick = if valid.is_nan() { train_loss } else { valid };
        if pick < ck.best.1 {
            ck.best = (ck.net.clone(), pick);
        }
        let r = EpochReport {
            epoch: ck.epoch,
            train: train_loss,
            valid,
            lr,
            speed: cache.train as f64 / secs.max(1e-9),
        };
        bar.println(say_epoch(&r).trim_end());
        if args.quiet {
            super::say(say_epoch(&r))?;
        }
        reports.push(r);
        std::fs::write(&ck_path, ck.to_bytes())
            .map_err(|e| format!("{}: {e}", ck_path.display()))?;
    }
    bar.finish_and_clear();
    Ok((reports, ck, info))
}

/// Runs `longjiang train`.
pub fn run(args: &TrainArgs) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| e.to_string())?;
    let (reports, ck, info) = pool.install(|| train(args))?;
    let net = ck.best.0.quantise(args.variant);
    std::fs::write(&args.out, net.to_bytes())
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let first = reports[0];
    let last = reports[reports.len() - 1];
    if !args.quiet {
        super::say(&info)?;
    }
    super::say(format_args!(
        "loss: training {:.6} -> {:.6}, validation {:.6} -> {:.6} (best {:.6}) after {} epochs\nwrote {}\n",
        first.train,
        last.train,
        first.valid,
        last.valid,
        ck.best.1,
        last.epoch,
        args.out.display()
    ))
}

/// The float net of the net file at `path`, checked against the game and shape asked for.
fn start_net(path: &Path, shape: Shape, game: Variant) -> Result<FloatNet, String> {
    let net = Network::load(path).map_err(|e| format!("--init {}: {e}", path.display()))?;
    if net.game() != game {
        return Err(format!(
            "--init {}: a net of {}, not of {game}",
            path.display(),
            net.game()
        ));
    }
    FloatNet::from_network(shape, &net).ok_or_else(|| {
        format!(
            "--init {}: {} inputs × {} hidden, where --hidden and --king-buckets ask {} × {}",
            path.display(),
            net.set().inputs(),
            net.hidden(),
            shape.set.inputs(),
            shape.hidden
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_net_of_another_game_is_refused() {
        let shape = Shape::plain(128, Factors::KIND);
        let net = FloatNet::init(shape, 1).quantise(Variant::Longjiang);
        let path = std::env::temp_dir().join(format!("lj-init-{}.nnue", std::process::id()));
        std::fs::write(&path, net.to_bytes()).unwrap();
        let err = start_net(&path, shape, Variant::LongjiangNoDrop).err();
        let ok = start_net(&path, shape, Variant::Longjiang).is_ok();
        let _ = std::fs::remove_file(&path);
        assert!(ok);
        assert!(
            err.is_some_and(|e| e.contains("not of")),
            "another game was taken"
        );
    }
}
