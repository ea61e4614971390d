//! `longjiang tune`: Texel tuning of every evaluation weight of one game on `datagen` data.
//!
//! The positions are read with the datagen reader, filtered (quiet positions by default: not
//! in check, best move neither capture nor promotion, no mate score), split into training and
//! validation sets by game number, and turned into the evaluation's features. K is fitted to
//! the results with the starting weights; then Adam minimises the mean squared error of
//! `sigmoid(K · eval / 400)` against `lambda · result + (1 − lambda) · sigmoid(K · score / 400)`
//! on the training set. The losses before and after, on both sets, are reported and written
//! into the generated weight file's header with the command and the data. See
//! `docs/tuning.md`.

pub mod examples;
pub mod fit;
pub mod quiet;
pub mod weight_file;

use crate::tools::common::data_filter::DataFilterArgs;
use crate::tools::common::game::DEFAULT_VARIANT;
use clap::Args;
use fit::{Adam, Example};
use indicatif::{ProgressBar, ProgressStyle};
use longjiang_core::data::sample;
use longjiang_core::rules::Variant;
use longjiang_engine::eval::weights::{S, WeightTable};
use longjiang_engine::eval::{as_f64, games};
use std::path::PathBuf;

/// Arguments of `longjiang tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose weights are tuned (its data must be of that game).
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: Variant,
    /// Datagen files (several may be given).
    #[arg(long = "data", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Weight of the game result in the target (the rest is the search score).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Optimisation steps over the whole training set.
    #[arg(long, default_value_t = 400)]
    pub epochs: u32,
    /// Adam's step size, centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// L2 penalty per squared centipawn that a weight moves from its starting value (keeps
    /// rarely seen weights where they were).
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
    /// Every n-th game (by game number) goes to the validation set.
    #[arg(long, default_value_t = 10)]
    pub validation_every: u64,
    /// `--min-ply`, `--max-score`, `--keep-noisy`.
    #[command(flatten)]
    pub filter: DataFilterArgs,
    /// Learn from the positions as stored instead of the quiet leaves of their quiescence
    /// search (see `quiet`).
    #[arg(long)]
    pub no_resolve: bool,
    /// Weight groups not to tune, by name (`piece value`, `mobility`, …; a comma-separated
    /// list, each an exact group name of `crates/engine/src/eval/weights.rs`).
    #[arg(long, value_delimiter = ',')]
    pub freeze: Vec<String>,
    /// Start from (and measure) another game's weights instead of this game's own, e.g. to
    /// compare two tables' losses on the same data with `--epochs 0` (the two games'
    /// evaluations must share a layout, as the 龙将棋 games do).
    #[arg(long)]
    pub start_variant: Option<Variant>,
    /// Use at most this many positions (0: all), taken evenly through the data.
    #[arg(long, default_value_t = 0)]
    pub max_positions: usize,
    /// Where to write the weight file (default: the game's own, under
    /// `crates/engine/src/eval/weights/`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// What a tuning run measured.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// Positions in the training and validation sets.
    pub sizes: (usize, usize),
    /// The fitted scale constant.
    pub k: f64,
    /// Training loss before and after (after: with the rounded weights).
    pub train: (f64, f64),
    /// Validation loss before and after.
    pub valid: (f64, f64),
    /// Validation loss against the game results alone (lambda 1) before and after: the one
    /// figure that compares runs made with different lambdas.
    pub valid_results: (f64, f64),
    /// The epoch whose weights were kept (the lowest validation loss; 0: the start).
    pub best_epoch: u32,
    /// (epoch, training loss, validation loss) every 25 epochs, the first and the last.
    pub curve: Vec<(u32, f64, f64)>,
}

/// Which weights of `table` the tuner may move: all but its anchors (a king's value, which
/// is never used, and the pawn's, which anchors the centipawn scale: 100; shogi's pawn, 90).
pub fn frozen(table: &WeightTable) -> Vec<bool> {
    let mut free = vec![true; table.weights.len()];
    for &i in table.anchors {
        free[i] = false;
    }
    free
}

/// How `tune` optimises.
#[derive(Clone, Copy, Debug)]
pub struct TuneConfig {
    /// Weight of the result in the target.
    pub lambda: f64,
    /// Optimisation steps.
    pub epochs: u32,
    /// Adam's step size.
    pub rate: f64,
    /// L2 penalty per squared centipawn moved from the start.
    pub l2: f64,
}

/// `frozen(table)` with the groups named in `names` frozen too.
pub fn frozen_groups(table: &WeightTable, names: &[String]) -> Result<Vec<bool>, String> {
    let mut free = frozen(table);
    for name in names {
        let g = table
            .groups
            .iter()
            .find(|g| g.name == name.trim())
            .ok_or_else(|| format!("--freeze: no weight group named {name:?}"))?;
        for f in &mut free[g.start..g.start + g.len] {
            *f = false;
        }
    }
    Ok(free)
}

/// Tunes `start` on `train`, reports on `valid`; returns the rounded weights and the report.
/// The weights kept are those of the epoch with the lowest validation loss (checked every
/// ten epochs; all of them when `valid` is empty).
pub fn tune(
    train: &[Example],
    valid: &[Example],
    start: &[S],
    cfg: TuneConfig,
    free: &[bool],
    bar: &ProgressBar,
) -> (Vec<S>, TuneReport) {
    let lambda = cfg.lambda;
    let w0 = as_f64(start);
    let mut w = w0.clone();
    let k = fit::fit_k(train);
    let before = (
        fit::loss(train, &w, k, lambda),
        fit::loss(valid, &w, k, lambda),
    );
    let mut adam = Adam::new(cfg.rate, w.len());
    let mut best = (before.1, w.clone());
    let mut best_epoch = 0;
    let mut curve = vec![(0, before.0, before.1)];
    for e in 0..cfg.epochs {
        let mut g = fit::gradient(train, &w, k, lambda);
        for ((gi, wi), si) in g.iter_mut().zip(&w).zip(&w0) {
            gi.0 += 2.0 * cfg.l2 * (wi.0 - si.0);
            gi.1 += 2.0 * cfg.l2 * (wi.1 - si.1);
        }
        adam.step(&mut w, &g, free);
        bar.set_position(u64::from(e + 1));
        if (e + 1) % 25 == 0 || e + 1 == cfg.epochs {
            curve.push((
                e + 1,
                fit::loss(train, &w, k, lambda),
                fit::loss(valid, &w, k, lambda),
            ));
        }
        if valid.is_empty() {
            best.1.clone_from(&w);
            best_epoch = e + 1;
        } else if (e + 1) % 10 == 0 || e + 1 == cfg.epochs {
            let v = fit::loss(valid, &w, k, lambda);
            if v < best.0 {
                best = (v, w.clone());
                best_epoch = e + 1;
            }
        }
    }
    let mut w = best.1;
    // A set without a phase (every position a full middlegame, as shogi's) learns only the
    // middlegame halves; its endgame halves follow them, so the file shows one value.
    if train.iter().all(|e| e.features.mg_share() == 1.0) {
        for (wi, fi) in w.iter_mut().zip(free) {
            if *fi {
                wi.1 = wi.0;
            }
        }
    }
    let rounded = weight_file::round(&w);
    let wr = as_f64(&rounded);
    let report = TuneReport {
        sizes: (train.len(), valid.len()),
        k,
        train: (before.0, fit::loss(train, &wr, k, lambda)),
        valid: (before.1, fit::loss(valid, &wr, k, lambda)),
        valid_results: (fit::loss(valid, &w0, k, 1.0), fit::loss(valid, &wr, k, 1.0)),
        best_epoch,
        curve,
    };
    (rounded, report)
}

/// Checks that the weight file `out` can be written, leaving it as it was (a file made for
/// the check is removed); `default`: the path is the default one inside the repository.
fn writable(out: &std::path::Path, default: bool) -> Result<(), String> {
    let existed = out.exists();
    let opened = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(out);
    match opened {
        Ok(_) if !existed => {
            std::fs::remove_file(out).map_err(|e| format!("--out {}: {e}", out.display()))
        }
        Ok(_) => Ok(()),
        Err(e) if default => Err(format!(
            "cannot write the weight file {} ({e}): run tune from the repository's root or \
             give --out",
            out.display()
        )),
        Err(e) => Err(format!("--out {}: {e}", out.display())),
    }
}

/// Runs `longjiang tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err("--lambda must be between 0 and 1".into());
    }
    if args.validation_every < 2 {
        return Err("--validation-every must be at least 2".into());
    }
    let rules = args.variant.rules();
    let table = games::of(args.variant).classical.table();
    let start = args
        .start_variant
        .map_or(table, |v| games::of(v).classical.table());
    if !start.same_layout(table) {
        return Err(format!(
            "--start-variant: the weights of {} are not laid out as those of {}",
            start.title, table.title
        ));
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(table.file));
    // Before the work, not after it.
    writable(&out, args.out.is_none())?;
    let mut samples = Vec::new();
    let mut sources = Vec::new();
    for path in &args.data {
        let data = sample::read_path_of(path, args.variant)?;
        sources.push(format!(
            "{} ({} positions, {} games; {})",
            weight_file::portable(&path.to_string_lossy()),
            data.samples.len(),
            data.games.len(),
            data.header.trim_start_matches("# ")
        ));
        samples.extend(data.samples);
    }
    let filter = args.filter.filter();
    samples.retain(|s| filter.keeps(s));
    if args.max_positions > 0 && samples.len() > args.max_positions {
        let step = samples.len() as f64 / args.max_positions as f64;
        samples = (0..args.max_positions)
            .map(|i| samples[(i as f64 * step) as usize].clone())
            .collect();
    }
    let examples::Prepared {
        train,
        valid,
        checks,
    } = examples::prepare(&samples, rules, !args.no_resolve, args.validation_every);
    let checks = checks.line();
    if train.is_empty() {
        return Err("no training positions after filtering".into());
    }
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(u64::from(args.epochs))
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] epoch {pos}/{len}, ETA {eta}")
            .map_err(|e| e.to_string())?,
    );
    let cfg = TuneConfig {
        lambda: args.lambda,
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
    };
    // The scale the static evaluation itself would have against the results (beside the
    // search's K): far below it, the evaluation is overconfident.
    let w0 = as_f64(start.weights);
    let as_eval: Vec<Example> = train
        .iter()
        .map(|e| Example {
            features: e.features.clone(),
            result: e.result,
            score: e.features.predict(&w0),
        })
        .collect();
    let k_eval = fit::fit_k(&as_eval);
    drop(as_eval);
    let checks = format!("{checks} K of the static evaluation {k_eval:.4}.");
    let free = frozen_groups(table, &args.freeze)?;
    let (tuned, r) = tune(&train, &valid, start.weights, cfg, &free, &bar);
    bar.finish_and_clear();
    for (e, t, v) in &r.curve {
        super::say(format_args!(
            "epoch {e}: training {t:.6}, validation {v:.6}\n"
        ))?;
    }
    let command: Vec<String> = std::env::args()
        .enumerate()
        .map(|(i, a)| {
            if i == 0 {
                "longjiang".into()
            } else {
                weight_file::portable(&a)
            }
        })
        .collect();
    let mut header = vec![
        format!("Command: `{}`", command.join(" ")),
        "Data:".to_string(),
    ];
    header.extend(sources.iter().map(|s| format!("- {s}")));
    header.push(String::new());
    header.push(format!(
        "{} training and {} validation positions (every {}th game), K = {:.4}, lambda = {}, l2 = {}.",
        r.sizes.0, r.sizes.1, args.validation_every, r.k, args.lambda, args.l2
    ));
    header.push(checks.clone());
    if !args.freeze.is_empty() {
        header.push(format!("Frozen: {}.", args.freeze.join(", ")));
    }
    header.push(format!(
        "Kept the weights of epoch {} of {}.",
        r.best_epoch, args.epochs
    ));
    header.push(format!(
        "Loss: training {:.6} -> {:.6}, validation {:.6} -> {:.6} (against the results alone {:.6} -> {:.6}).",
        r.train.0, r.train.1, r.valid.0, r.valid.1, r.valid_results.0, r.valid_results.1
    ));
    let text = weight_file::render(table, &tuned, &header);
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    super::say(format_args!(
        "{checks}\n{} training, {} validation positions; K {:.4}\ntraining loss {:.6} -> {:.6}\nvalidation loss {:.6} -> {:.6}\nvalidation loss against the results {:.6} -> {:.6}\nkept epoch {}\nwrote {}\n",
        r.sizes.0,
        r.sizes.1,
        r.k,
        r.train.0,
        r.train.1,
        r.valid.0,
        r.valid.1,
        r.valid_results.0,
        r.valid_results.1,
        r.best_epoch,
        out.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output that cannot be written is refused before the data is read
    /// (here the data file does not exist either: the output is named, not the data).
    #[test]
    fn the_output_is_checked_before_the_work() {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            tune: TuneArgs,
        }
        let dir = std::env::temp_dir().join(format!("lj-tune-out-{}", std::process::id()));
        let out = dir.join("missing-dir").join("w.rs");
        let data = dir.join("missing-data.txt");
        let cli = <Cli as clap::Parser>::parse_from([
            "tune".as_ref(),
            "--data".as_ref(),
            data.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ]);
        let e = run(&cli.tune).unwrap_err();
        assert!(e.starts_with(&format!("--out {}: ", out.display())), "{e}");
        // A writable path is left as it was: no file is made by the check.
        std::fs::create_dir_all(&dir).unwrap();
        let fine = dir.join("w.rs");
        writable(&fine, false).unwrap();
        assert!(!fine.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
    use longjiang_core::movegen::legal_moves;
    use longjiang_core::rng::SplitMix;
    use longjiang_core::rules::{LONGJIANG_NODROP, PieceKind, Position};
    use longjiang_engine::eval::features;

    /// The index of the first weight of `table`'s group `name`.
    fn group(table: &WeightTable, name: &str) -> usize {
        table.groups.iter().find(|g| g.name == name).unwrap().start
    }

    /// `--freeze` takes exact group names, freezes the whole group and refuses others.
    #[test]
    fn freeze_names_whole_groups() {
        let table = games::of(Variant::LongjiangNoDrop).classical.table();
        let free = frozen_groups(table, &["mobility".to_string()]).unwrap();
        let mob = group(table, "mobility");
        // The group has one weight per 龙将棋 kind (eight).
        assert!(free[mob..mob + 8].iter().all(|f| !f));
        assert!(free[mob + 8]);
        assert!(free[group(table, "centralisation") + 1]);
        assert!(!free[group(table, "piece value")]);
        assert!(frozen_groups(table, &["mobilty".to_string()]).is_err());
        // Shogi's table has its own groups, and its pawn is its anchor.
        let shogi = games::of(Variant::Shogi).classical.table();
        assert!(frozen_groups(shogi, &["mobility".to_string()]).is_err());
        assert_eq!(frozen(shogi).iter().filter(|f| !**f).count(), 1);
        assert!(!shogi.same_layout(table));
    }

    /// Positions from random play, labelled by a "true" evaluation that values cavalry 250 cp
    /// more and centralisation differently: the tuner, started from the built-in weights, must
    /// find most of it (the loss falls on positions it did not train on, and the cavalry's
    /// value rises).
    #[test]
    fn the_tuner_learns_what_the_data_needs() {
        let table = games::of(Variant::LongjiangNoDrop).classical.table();
        let start = table.weights;
        let mut truth = start.to_vec();
        let cav = group(table, "piece value") + PieceKind::Cavalry.index();
        truth[cav] += S(250, 250);
        truth[group(table, "centralisation") + PieceKind::Bishop.index()] = S(12, 0);
        let wt = as_f64(&truth);
        let mut rng = SplitMix::stream(5, 0);
        let mut examples = Vec::new();
        while examples.len() < 1200 {
            let mut pos = Position::start(LONGJIANG_NODROP);
            let plies = 10 + rng.below(50);
            for _ in 0..plies {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len() as u64) as usize]);
            }
            if legal_moves(&pos).is_empty() {
                continue;
            }
            let f = features(&pos);
            let truth_eval = f.predict(&wt);
            examples.push(Example {
                features: f,
                result: longjiang_core::data::scale::sigmoid(1.0, truth_eval),
                score: truth_eval,
            });
        }
        let valid = examples.split_off(1000);
        let cfg = TuneConfig {
            lambda: 1.0,
            epochs: 300,
            rate: 4.0,
            l2: 0.0,
        };
        let (tuned, r) = tune(
            &examples,
            &valid,
            start,
            cfg,
            &frozen(table),
            &ProgressBar::hidden(),
        );
        assert!(r.valid.1 < 0.5 * r.valid.0, "{r:?}");
        assert!(r.train.1 < 0.5 * r.train.0, "{r:?}");
        assert!(tuned[cav].0 > start[cav].0 + 100, "{:?}", tuned[cav]);
        // The frozen pawn value is where it was.
        let pawn = group(table, "piece value") + PieceKind::Pawn.index();
        assert_eq!(tuned[pawn], start[pawn]);
    }
}
