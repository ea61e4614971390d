//! `longjiang datagen`: self-play games of either game with the in-process search at a fixed
//! node count per move, every searched position written with its score, the game's result,
//! its ply and its game number (the format is in [`longjiang_core::data::sample`] and
//! `docs/datagen.md`).
//!
//! Games are numbered from 0; game `n` is played from its own random generator (the seed and
//! `n`), by a one-thread engine whose table is cleared first, so its moves do not depend on
//! which worker plays it nor on what that worker played before. Workers take the next game
//! number that the output file does not already hold, and write each game in one piece when
//! it ends: stopping the generator loses at most the games in progress, and running the same
//! command again resumes.

pub mod data_store;
pub mod endgame;
pub mod file;
pub mod rescore;
pub mod selfplay_game;

use crate::tools::common::game::DEFAULT_VARIANT;
use crate::tools::common::openings;
use crate::tools::shard::Shard;
use clap::Args;
use file::{Format, Settings};
use longjiang_core::rules::Variant;
use longjiang_core::rules::adjudication::{Adjudicator, DrawRule, WinRule};
use longjiang_engine::eval::nnue::{self, Network};
use selfplay_game::GameConfig;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Nodes searched per move by default (chosen by measurement, docs/datagen.md "Speed").
pub const DEFAULT_NODES: u64 = 200;

/// Arguments of `longjiang datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The game: longjiang (drops) or longjiang-nodrop.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: Variant,
    /// Stop once the file holds this many positions (the games in progress are finished).
    #[arg(long, default_value_t = 100_000)]
    pub positions: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the games' random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The output file; positions are appended, and finished games already in it are skipped.
    /// A bare name (no `/`) is a file of the data store (`$LONGJIANG_DATA`, docs/datagen.md).
    #[arg(long)]
    pub out: PathBuf,
    /// The form of a new file (an existing file keeps its own): binary or text.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// The share of games that start from a random few-piece ending instead of an opening.
    #[arg(long, default_value_t = 0.1)]
    pub endgames: f64,
    /// The opening suite: builtin, startpos, or a file (see docs/match.md).
    #[arg(long, default_value = "builtin")]
    pub openings: String,
    /// Random legal plies played after the opening: between 0 and this many.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Adjudicate a win when every score for `--win-plies` plies is beyond this (centipawns,
    /// 1 or more).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(i32).range(1..))]
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
    /// Evaluate with the game's built-in net (`true`) or classically (`false`); the default
    /// is the game's own (`EngineGame::evaluator`). The header records the net's checksum.
    #[arg(long, action = clap::ArgAction::Set)]
    pub nnue: Option<bool>,
    /// Evaluate with this net file (of the same game) instead; implies `--nnue true`.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
}

/// How a data header names the evaluation that scored it: `nnue:<checksum>` (the net's
/// FNV-1a 64 checksum, 16 hex digits) or `classical`; datagen's `eval=` and rescore's
/// `rescore-eval=`.
pub(crate) fn eval_name(net: Option<&Network>) -> String {
    net.map_or("classical".to_string(), |n| {
        format!("nnue:{:016x}", n.checksum())
    })
}

/// The net a search of `variant` evaluates with, if any: the file `eval_file`, else the
/// built-in net when `nnue` (by default the game's own choice) asks for one.
pub(crate) fn game_net(
    variant: Variant,
    nnue: Option<bool>,
    eval_file: Option<&std::path::Path>,
) -> Result<Option<Arc<Network>>, String> {
    let net = match eval_file {
        Some(path) => {
            Arc::new(Network::load(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None if nnue.unwrap_or(nnue::by_default(variant)) => {
            nnue::embedded(variant).ok_or_else(|| format!("no net is built in for {variant}"))?
        }
        None => return Ok(None),
    };
    if net.game() != variant {
        return Err(format!(
            "the net is for {}, the games are {variant}",
            net.game()
        ));
    }
    Ok(Some(net))
}

/// The settings that decide the games of a run, as its file's header records them.
/// The one adjudicator with datagen's flags: a ply's score counts once that ply is played, so
/// "after `--draw-after` plies" is `--draw-after` + 1 plies played.
fn adjudicator(args: &DatagenArgs) -> Adjudicator {
    Adjudicator {
        win: Some(WinRule {
            plies: args.win_plies.max(1) as usize,
            score: args.win_score,
        }),
        draw: Some(DrawRule {
            after: args.draw_after as usize + 1,
            plies: args.draw_plies.max(1) as usize,
            score: args.draw_score,
        }),
        max_plies: Some(args.max_plies.max(1) as usize),
    }
}

fn settings(args: &DatagenArgs, source: &str, shard: Shard, net: Option<&Network>) -> Settings {
    let mut s = Settings::default()
        .with("variant", args.variant.name())
        .with("nodes", args.nodes)
        .with("seed", args.seed)
        .with("random-plies", args.random_plies)
        .with("openings", source)
        .with("endgames", args.endgames)
        .with("win", format!("{}/{}", args.win_score, args.win_plies))
        .with(
            "draw",
            format!(
                "{}/{}/{}",
                args.draw_score, args.draw_after, args.draw_plies
            ),
        )
        .with("max-plies", args.max_plies);
    if shard != Shard::WHOLE {
        s = s.with("shard", format!("{}/{}", shard.index + 1, shard.count));
    }
    s.with("eval", eval_name(net))
}

/// Runs `longjiang datagen`.
pub fn run(args: &DatagenArgs) -> Result<(), String> {
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads must be between 1 and 256".into());
    }
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&args.endgames) {
        return Err("--endgames must be between 0 and 1".into());
    }
    let shard = match &args.shard {
        Some(text) => Shard::parse(text)?,
        None => Shard::WHOLE,
    };
    let suite = openings::load(Some(&args.openings), args.variant)?;
    let net = game_net(args.variant, args.nnue, args.eval_file.as_deref())?;
    let cfg = GameConfig {
        rules: args.variant.rules(),
        nodes: args.nodes,
        random_plies: args.random_plies,
        endgames: args.endgames,
        adjudicator: adjudicator(args),
    };
    let path = &data_store::resolve(&args.out)?;
    let settings = settings(args, &suite.source, shard, net.as_deref());
    let file::Output {
        file: out_file,
        format,
        existing,
    } = file::open_output(path, args.variant, &settings, args.format, "--out")?;
    let done = existing
        .as_ref()
        .map(|e| e.games.clone())
        .unwrap_or_default();
    let have = existing.as_ref().map_or(0, |e| e.positions);
    let total = Arc::new(AtomicU64::new(have));
    let bar = file::positions_bar(args.positions, args.quiet)?;
    bar.set_position(have);
    bar.reset_eta();
    let next = Mutex::new(0u64);
    let sink = file::Sink::new(out_file, path, have >= args.positions);
    let games = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            // Each worker searches on its own thread (`Engine::search_here`).
            let worker = std::thread::Builder::new()
                .name("datagen".into())
                .stack_size(longjiang_engine::search::engine::SEARCH_STACK_BYTES);
            let spawned = worker.spawn_scoped(scope, || {
                let mut engine = selfplay_game::engine();
                if let Some(n) = &net {
                    engine.set_nnue(vec![Arc::clone(n)]);
                }
                while !sink.stopped() {
                    let g = {
                        let Ok(mut n) = next.lock() else { return };
                        while done.contains(&n) || !shard.owns(*n) {
                            *n += 1;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let (kept, end) =
                        selfplay_game::play(&mut engine, &suite.openings, &cfg, args.seed, g);
                    let bytes = match file::encode(format, &cfg.rules, &end, &kept) {
                        Ok(b) => b,
                        Err(e) => return sink.fail(format!("game {g}: {e}")),
                    };
                    if !sink.append(&bytes) {
                        return;
                    }
                    let k = kept.len() as u64;
                    let n = total.fetch_add(k, Ordering::Relaxed) + k;
                    let played = games.fetch_add(1, Ordering::Relaxed) + 1;
                    bar.set_position(n.min(args.positions));
                    bar.set_message(format!("{played} games"));
                    if n >= args.positions {
                        sink.stop();
                    }
                }
            });
            if let Err(e) = spawned {
                sink.fail(format!("cannot start a worker: {e}"));
            }
        }
    });
    bar.finish();
    sink.finish()?;
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
