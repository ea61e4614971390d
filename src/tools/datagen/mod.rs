//! `longjiang datagen`: self-play games of either game with the in-process search at a fixed
//! node count per move, every searched position written with its score, the game's result,
//! its ply and its game number (the format is in [`sample`] and `docs/datagen.md`).
//!
//! Games are numbered from 0; game `n` is played from its own random generator (the seed and
//! `n`), by a one-thread engine whose table is cleared first, so its moves do not depend on
//! which worker plays it nor on what that worker played before. Workers take the next game
//! number that the output file does not already hold, and write each game in one piece when
//! it ends: stopping the generator loses at most the games in progress, and running the same
//! command again resumes.

pub mod game;
pub mod sample;

use crate::eval::nnue::{self, Network};
use crate::rules::Variant;
use crate::tools::matches::openings;
use crate::tools::shard::Shard;
use clap::Args;
use game::GameConfig;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Arguments of `longjiang datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The game: longjiang (drops) or longjiang-nodrop.
    #[arg(long, default_value = "longjiang")]
    pub variant: Variant,
    /// Stop once the file holds this many positions (the games in progress are finished).
    #[arg(long, default_value_t = 100_000)]
    pub positions: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the games' random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The output file; positions are appended, and finished games already in it are skipped.
    #[arg(long)]
    pub out: PathBuf,
    /// The opening suite: builtin, startpos, or a file (see docs/match.md).
    #[arg(long, default_value = "builtin")]
    pub openings: String,
    /// Random legal plies played after the opening: between 0 and this many.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Adjudicate a win when every score for `--win-plies` plies is beyond this (centipawns).
    #[arg(long, default_value_t = 2000)]
    pub win_score: i32,
    /// See `--win-score`.
    #[arg(long, default_value_t = 6)]
    pub win_plies: u32,
    /// Adjudicate a draw when after `--draw-after` plies every score for `--draw-plies`
    /// plies is within ±`--draw-score`.
    #[arg(long, default_value_t = 10)]
    pub draw_score: i32,
    /// See `--draw-score`.
    #[arg(long, default_value_t = 160)]
    pub draw_after: u32,
    /// See `--draw-score`.
    #[arg(long, default_value_t = 12)]
    pub draw_plies: u32,
    /// Adjudicate a draw at this many plies.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// No progress bar (for scripts and tests).
    #[arg(long)]
    pub quiet: bool,
    /// Play only part I of N of the games (`I/N`, `auto` or `auto/N` from a Slurm job array
    /// or a Kubernetes Indexed Job; see docs/distributed.md): the games whose number is
    /// I − 1 modulo N, each the same game as in one run of the whole. `--positions` counts
    /// this part's file.
    #[arg(long)]
    pub shard: Option<String>,
    /// Evaluate with the game's built-in net (`true`) or classically (`false`, the default,
    /// so that a recorded command makes the same file again). The header records the net.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    pub nnue: bool,
    /// Evaluate with this net file (of the same game) instead; implies `--nnue true`.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
}

/// The net the games are played with, if any (`--nnue`, `--eval-file`).
fn game_net(args: &DatagenArgs) -> Result<Option<Arc<Network>>, String> {
    let net = match &args.eval_file {
        Some(path) => {
            Arc::new(Network::load(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None if args.nnue => nnue::embedded(args.variant)
            .ok_or_else(|| format!("no net is built in for {}", args.variant))?,
        None => return Ok(None),
    };
    if net.game() != args.variant {
        return Err(format!(
            "the net is for {}, the games are {}",
            net.game(),
            args.variant
        ));
    }
    Ok(Some(net))
}

/// Runs `longjiang datagen`.
pub fn run(args: &DatagenArgs) -> Result<(), String> {
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads must be between 1 and 256".into());
    }
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    let shard = match &args.shard {
        Some(text) => Shard::parse(text)?,
        None => Shard::WHOLE,
    };
    let suite = openings::load(Some(&args.openings), args.variant)?;
    let net = game_net(args)?;
    let cfg = GameConfig {
        rules: args.variant.rules(),
        nodes: args.nodes,
        random_plies: args.random_plies,
        win_score: args.win_score,
        win_plies: args.win_plies.max(1),
        draw_after: args.draw_after,
        draw_score: args.draw_score,
        draw_plies: args.draw_plies.max(1),
        max_plies: args.max_plies.max(1),
    };
    let path = &args.out;
    let existing = if path.exists() {
        sample::read_path(path)?
    } else {
        sample::DataSet::default()
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let len = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    if len > existing.complete_len {
        // Cut off the game that was in progress when the last run stopped.
        file.set_len(existing.complete_len)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if existing.complete_len == 0 {
        let part = if shard == Shard::WHOLE {
            String::new()
        } else {
            format!(" shard={}/{}", shard.index + 1, shard.count)
        };
        // Classical data keeps the header it always had; a net is named by its checksum.
        let eval = net.as_ref().map_or(String::new(), |n| {
            format!(" eval=nnue:{:016x}", n.checksum())
        });
        let header = format!(
            "# longjiang datagen v1 variant={} nodes={} seed={} random-plies={} openings={}{part}{eval}\n",
            args.variant.name(),
            args.nodes,
            args.seed,
            args.random_plies,
            suite.source
        );
        file.write_all(header.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let done: HashSet<u64> = existing.games.iter().map(|g| g.game).collect();
    let have = existing.samples.len() as u64;
    let total = Arc::new(AtomicU64::new(have));
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.positions)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} positions, {per_sec}, ETA {eta} {msg}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    bar.set_position(have);
    bar.reset_eta();
    let next = Mutex::new(0u64);
    let out = Mutex::new((file, None::<String>));
    let stop = AtomicBool::new(have >= args.positions);
    let games = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                let mut engine = game::engine();
                if let Some(n) = &net {
                    engine.set_nnue(vec![Arc::clone(n)]);
                }
                while !stop.load(Ordering::Relaxed) {
                    let g = {
                        let Ok(mut n) = next.lock() else { return };
                        while done.contains(&n) || !shard.owns(*n) {
                            *n += 1;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let (samples, end) =
                        game::play(&mut engine, &suite.openings, &cfg, args.seed, g);
                    let mut text = String::new();
                    for s in &samples {
                        text.push_str(&format!("{s}\n"));
                    }
                    text.push_str(&format!("{end}\n"));
                    let Ok(mut o) = out.lock() else { return };
                    if o.1.is_some() {
                        return;
                    }
                    if let Err(e) = o.0.write_all(text.as_bytes()).and_then(|()| o.0.flush()) {
                        o.1 = Some(format!("{}: {e}", path.display()));
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    let n = total.fetch_add(samples.len() as u64, Ordering::Relaxed)
                        + samples.len() as u64;
                    let played = games.fetch_add(1, Ordering::Relaxed) + 1;
                    bar.set_position(n.min(args.positions));
                    bar.set_message(format!("{played} games"));
                    if n >= args.positions {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    bar.finish();
    let (_, err) = out
        .into_inner()
        .map_err(|_| "a worker panicked".to_string())?;
    if let Some(e) = err {
        return Err(e);
    }
    if args.quiet {
        return Ok(());
    }
    super::say(format_args!(
        "{} positions in {} ({} games this run)\n",
        total.load(Ordering::Relaxed),
        path.display(),
        games.load(Ordering::Relaxed)
    ))
}
