//! `longjiang train`: trains an NNUE net for one game on `datagen` data, on the CPU, with
//! all cores (rayon), and writes the quantised net file (`docs/nnue.md`).
//!
//! The positions are read with the datagen reader and filtered (quiet positions after the
//! opening by default, as the tuner does), split into training and validation sets by game
//! number, and turned into sparse features. The loss is the mean squared error of
//! `sigmoid(net · SCALE / K)` against `lambda · result + (1 − lambda) · sigmoid(score / K)`,
//! both from the side to move's view; AdamW minimises it in shuffled mini-batches with a
//! cosine learning-rate schedule. After every epoch a checkpoint is written (`--resume` goes
//! on from one); the epoch with the lowest validation loss is quantised into the net.

pub mod model;

use crate::eval::nnue::features::active;
use crate::eval::nnue::network::bucket;
use crate::rules::{Color, Variant};
use crate::tools::datagen::sample;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use model::{AdamW, Checkpoint, Example, FloatNet, PARAMS};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `longjiang train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// The game the net is for (its data must be of that game).
    #[arg(long, default_value = "longjiang")]
    pub variant: Variant,
    /// Datagen files (several may be given).
    #[arg(long = "data", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Where to write the net file.
    #[arg(long)]
    pub out: PathBuf,
    /// Passes over the training set.
    #[arg(long, default_value_t = 30)]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// AdamW's starting learning rate.
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    /// The learning rate at the last epoch, as a fraction of `--lr` (cosine decay between).
    #[arg(long, default_value_t = 0.05)]
    pub final_lr: f32,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = 0.01)]
    pub weight_decay: f32,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.3)]
    pub lambda: f32,
    /// The sigmoid's scale K, centipawns.
    #[arg(long, default_value_t = 400.0)]
    pub k: f32,
    /// Every n-th game (by game number) goes to the validation set.
    #[arg(long, default_value_t = 20)]
    pub validation_every: u64,
    /// Skip positions before this ply (the opening and its random moves).
    #[arg(long, default_value_t = 8)]
    pub min_ply: u32,
    /// Skip positions whose search score is beyond this (centipawns).
    #[arg(long, default_value_t = 3000)]
    pub max_score: i32,
    /// Keep positions that are not quiet (check, capture, promotion, mate score).
    #[arg(long)]
    pub keep_noisy: bool,
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
    /// No progress bar; one line per epoch.
    #[arg(long)]
    pub quiet: bool,
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

/// The loss the classical evaluation has on the validation set (the bar a net must pass).
fn classical_loss(valid: &[(f32, f32)], k: f32) -> f64 {
    let sum: f64 = valid
        .iter()
        .map(|&(eval, target)| {
            let p = 1.0 / (1.0 + (-eval / k).exp());
            ((p - target) * (p - target)) as f64
        })
        .sum();
    sum / valid.len().max(1) as f64
}

/// Reads, filters and featurises the data: (training, validation) examples.
fn load(args: &TrainArgs) -> Result<(Vec<Example>, Vec<Example>, String), String> {
    let (train, valid, classical, sources) = load_with_classical(args)?;
    let info = format!(
        "{sources}; classical evaluation's validation loss {:.6}",
        classical_loss(&classical, args.k)
    );
    Ok((train, valid, info))
}

/// [`load`], with the classical evaluation and the target of every validation position.
#[allow(clippy::type_complexity)]
fn load_with_classical(
    args: &TrainArgs,
) -> Result<(Vec<Example>, Vec<Example>, Vec<(f32, f32)>, String), String> {
    let rules = args.variant.rules();
    let mut samples = Vec::new();
    let mut sources = Vec::new();
    for path in &args.data {
        let data = sample::read_path_of(path, args.variant)?;
        sources.push(format!(
            "{}: {} positions, {} games",
            path.display(),
            data.samples.len(),
            data.games.len()
        ));
        samples.extend(data.samples);
    }
    let filter = sample::Filter {
        min_ply: args.min_ply,
        max_score: args.max_score,
        keep_noisy: args.keep_noisy,
    };
    samples.retain(|s| filter.keeps(s));
    let (lambda, k) = (args.lambda, args.k);
    let examples: Vec<(bool, Example, f32)> = samples
        .par_iter()
        .filter_map(|s| {
            let pos = s.position(rules).ok()?;
            let us = pos.side_to_move();
            let (score, result) = match us {
                Color::Black => (s.score as f32, s.result.score() as f32),
                Color::White => (-s.score as f32, 1.0 - s.result.score() as f32),
            };
            let features = model::example_features(&active(&pos, us), &active(&pos, !us));
            let target = lambda * result + (1.0 - lambda) / (1.0 + (-score / k).exp());
            let is_valid = s.game % args.validation_every == 0;
            let classical = if is_valid {
                crate::eval::evaluate(&pos) as f32
            } else {
                0.0
            };
            Some((
                is_valid,
                Example {
                    features,
                    bucket: bucket(&pos) as u8,
                    target,
                },
                classical,
            ))
        })
        .collect();
    let (valid, train): (Vec<_>, Vec<_>) = examples.into_iter().partition(|(v, _, _)| *v);
    let classical = valid.iter().map(|(_, e, c)| (*c, e.target)).collect();
    Ok((
        train.into_iter().map(|(_, e, _)| e).collect(),
        valid.into_iter().map(|(_, e, _)| e).collect(),
        classical,
        sources.join("; "),
    ))
}

/// The mean loss of `net` on `set`.
pub fn mean_loss(net: &FloatNet, set: &[Example], k: f32) -> f64 {
    if set.is_empty() {
        return f64::NAN;
    }
    let sum: f64 = set.par_iter().map(|e| net.loss(e, k) as f64).sum();
    sum / set.len() as f64
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

/// One epoch: shuffled mini-batches, each one AdamW step on the mean gradient. Returns the
/// mean training loss seen during the epoch.
fn epoch(
    ck: &mut Checkpoint,
    train: &[Example],
    args: &TrainArgs,
    lr: f32,
    bar: &ProgressBar,
) -> f64 {
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut s = args.seed ^ (u64::from(ck.epoch) << 32) ^ 0x7368_7566;
    for i in (1..order.len()).rev() {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        order.swap(i, (z % (i as u64 + 1)) as usize);
    }
    let threads = rayon::current_num_threads().max(1);
    let mut total = 0.0f64;
    for batch in order.chunks(args.batch.max(1)) {
        let chunk = batch.len().div_ceil(threads);
        let net = &ck.net;
        let (mut grad, loss) = batch
            .par_chunks(chunk)
            .map(|part| {
                let mut g = vec![0f32; PARAMS];
                let mut l = 0f64;
                for &i in part {
                    l += net.backward(&train[i as usize], args.k, &mut g) as f64;
                }
                (g, l)
            })
            .reduce(
                || (vec![0f32; PARAMS], 0.0),
                |(mut a, la), (b, lb)| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    (a, la + lb)
                },
            );
        let n = batch.len() as f32;
        grad.iter_mut().for_each(|g| *g /= n);
        ck.opt.step(&mut ck.net, &grad, lr);
        total += loss;
        bar.inc(batch.len() as u64);
        bar.set_message(format!("loss {:.5}", loss / batch.len() as f64));
    }
    total / train.len().max(1) as f64
}

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
    let (train_set, valid_set, sources) = load(args)?;
    if train_set.is_empty() {
        return Err("no training positions after filtering".into());
    }
    let mut ck = match &args.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Checkpoint::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => {
            let net = FloatNet::init(args.seed);
            Checkpoint {
                epoch: 0,
                best: (net.clone(), f64::INFINITY),
                net,
                opt: AdamW::new(args.weight_decay),
            }
        }
    };
    let ck_path = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.ckpt", args.out.display())));
    let mut reports = vec![EpochReport {
        epoch: ck.epoch,
        train: mean_loss(&ck.net, &train_set, args.k),
        valid: mean_loss(&ck.net, &valid_set, args.k),
        lr: 0.0,
        speed: 0.0,
    }];
    let say_epoch = |r: &EpochReport| {
        format!(
            "epoch {} train {:.6} valid {:.6} lr {:.6} {:.0} pos/s\n",
            r.epoch, r.train, r.valid, r.lr, r.speed
        )
    };
    let info = format!(
        "{} training, {} validation positions ({sources})\n",
        train_set.len(),
        valid_set.len()
    );
    if args.quiet {
        super::say(&info)?;
        super::say(say_epoch(&reports[0]))?;
    }
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(train_set.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "epoch {prefix} [{bar:30}] {pos}/{len} {per_sec} {msg} ETA {eta}",
        )
        .map_err(|e| e.to_string())?,
    );
    while ck.epoch < args.epochs {
        let lr = rate(args.lr, args.final_lr, ck.epoch, args.epochs);
        bar.reset();
        bar.set_prefix(format!("{}/{}", ck.epoch + 1, args.epochs));
        let start = Instant::now();
        let train_loss = epoch(&mut ck, &train_set, args, lr, &bar);
        let secs = start.elapsed().as_secs_f64();
        ck.epoch += 1;
        let valid = mean_loss(&ck.net, &valid_set, args.k);
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
            speed: train_set.len() as f64 / secs.max(1e-9),
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
