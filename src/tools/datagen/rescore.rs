//! `longjiang data rescore`: searches the positions of a data file again at a fixed node
//! count and writes the same games with the new scores, so that a net or a tuner can learn
//! from labels deeper than the games' own searches; and `longjiang data compare`, which pairs
//! two files' positions (a file and its rescored copy) and says how well each file's scores
//! predict the games' results.
//!
//! The rescored file keeps each position's game, ply, result and position; its score and its
//! `MATE`, `CAPTURE` and `PROMOTION` flags are the new search's (with `--nodes 0`, no search:
//! the old ones, for a baseline on the same positions). The old score stays in the
//! input file, which the output's header names (`rescore-of=`); positions pair by game
//! number and ply. Like datagen, workers take whole games, each searched in order by a
//! one-thread engine whose table is cleared first, and write each game in one piece: a
//! stopped run resumes where it stopped, with the same scores whichever worker searched a
//! game.

use super::file::{self, Format, Settings};
use super::selfplay_game;
use super::{data_store, eval_name, game_net};
use clap::Args;
use longjiang_core::data::binary::Kept;
use longjiang_core::data::sample::{DataSet, GameEnd, Sample, SampleFlags};
use longjiang_core::data::scale;
use longjiang_core::rng::SplitMix;
use longjiang_core::rules::{Color, Position, Variant};
use longjiang_engine::search::Limits;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Arguments of `longjiang data rescore`.
#[derive(Args, Debug)]
pub struct RescoreArgs {
    /// The data file to rescore (text or binary; a bare name is a file of the store).
    pub input: PathBuf,
    /// The rescored file (a bare name is a file of the store); an existing one of the same
    /// settings is resumed.
    pub output: PathBuf,
    /// Nodes searched per position; 0 searches nothing and keeps each drawn position's own
    /// score and flags: the same positions with their old labels, the baseline a rescored
    /// file is trained against.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games searched at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The share of each game's positions to rescore (the others are left out of the
    /// output), drawn per position from `--seed`.
    #[arg(long, default_value_t = 1.0)]
    pub fraction: f64,
    /// Seed of the `--fraction` draw.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the games this data file holds (by game number; a bare name is a file of the
    /// store): with `--nodes 0`, the baseline of a rescore still under way.
    #[arg(long)]
    pub games_of: Option<PathBuf>,
    /// The form of a new file (an existing file keeps its own): binary or text.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Search with the game's built-in net (`true`) or classically (`false`); the default is
    /// the game's own. The header records the net's checksum (`rescore-eval=`).
    #[arg(long, action = clap::ArgAction::Set)]
    pub nnue: Option<bool>,
    /// Search with this net file (of the same game) instead; implies `--nnue true`.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
    /// No progress bar and no comparison at the end (for scripts and tests).
    #[arg(long)]
    pub quiet: bool,
}

/// What a rescore run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rescored {
    /// Games written by this run.
    pub games: u64,
    /// Positions searched and written by this run.
    pub positions: u64,
}

/// The game a data file's header names.
fn variant_of(set: &DataSet, path: &Path) -> Result<Variant, String> {
    Settings::parse(&set.header)
        .get("variant")
        .ok_or_else(|| format!("{}: its header names no game", path.display()))?
        .parse()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Whether the position `(game, ply)` is drawn into a run of share `fraction`.
fn drawn(seed: u64, fraction: f64, s: &Sample) -> bool {
    if fraction >= 1.0 {
        return true;
    }
    let mut rng = SplitMix::stream(seed, s.game ^ (u64::from(s.ply) << 48));
    ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < fraction
}

/// Runs `longjiang data rescore`.
pub fn run(args: &RescoreArgs) -> Result<Rescored, String> {
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads must be between 1 and 256".into());
    }
    if !(args.fraction > 0.0 && args.fraction <= 1.0) {
        return Err("--fraction must be above 0 and at most 1".into());
    }
    let input = data_store::resolve(&args.input)?;
    let path = data_store::resolve(&args.output)?;
    if input == path {
        return Err("the output must be another file than the input".into());
    }
    let set = longjiang_core::data::file::read_path(&input)?;
    let wanted: Option<HashSet<u64>> = match &args.games_of {
        Some(p) => {
            let other = longjiang_core::data::file::read_path(&data_store::resolve(p)?)?;
            Some(other.games.iter().map(|g| g.game).collect())
        }
        None => None,
    };
    let variant = variant_of(&set, &input)?;
    let rules = variant.rules();
    let net = game_net(variant, args.nnue, args.eval_file.as_deref())?;
    let name = input
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let mut settings = Settings(
        Settings::parse(&set.header)
            .0
            .into_iter()
            .filter(|(k, _)| !k.starts_with("rescore-"))
            .collect(),
    );
    settings = settings
        .with("rescore-of", name)
        .with("rescore-nodes", args.nodes)
        .with("rescore-fraction", args.fraction)
        .with("rescore-seed", args.seed)
        .with("rescore-eval", eval_name(net.as_deref()));

    let file::Output {
        file: out_file,
        format,
        existing,
    } = file::open_output(&path, variant, &settings, args.format, "output")?;
    let done = existing
        .as_ref()
        .map(|e| e.games.clone())
        .unwrap_or_default();

    // The games still to do, each with its drawn positions in file order.
    let mut by_game: HashMap<u64, Vec<&Sample>> = HashMap::new();
    for s in &set.samples {
        if drawn(args.seed, args.fraction, s) {
            by_game.entry(s.game).or_default().push(s);
        }
    }
    let todo: Vec<(&GameEnd, Vec<&Sample>)> = set
        .games
        .iter()
        .filter(|g| !done.contains(&g.game))
        .filter(|g| wanted.as_ref().is_none_or(|w| w.contains(&g.game)))
        .map(|g| (g, by_game.remove(&g.game).unwrap_or_default()))
        .collect();
    let total: u64 = todo.iter().map(|(_, s)| s.len() as u64).sum();

    let bar = file::positions_bar(total, args.quiet)?;
    let next = AtomicUsize::new(0);
    let sink = file::Sink::new(out_file, &path, false);
    let (games, positions) = (AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            let worker = std::thread::Builder::new()
                .name("rescore".into())
                .stack_size(longjiang_engine::search::engine::SEARCH_STACK_BYTES);
            let spawned = worker.spawn_scoped(scope, || {
                let mut engine = selfplay_game::engine();
                if let Some(n) = &net {
                    engine.set_nnue(vec![std::sync::Arc::clone(n)]);
                }
                while !sink.stopped() {
                    let Some((end, samples)) = todo.get(next.fetch_add(1, Ordering::Relaxed))
                    else {
                        return;
                    };
                    engine.new_game();
                    let mut kept = Vec::with_capacity(samples.len());
                    for s in samples {
                        let mut pos = match Position::from_sfen(&s.sfen, rules) {
                            Ok(p) => p,
                            Err(e) => {
                                return sink.fail(format!("game {}, ply {}: {e}", s.game, s.ply));
                            }
                        };
                        let setup = pos.to_setup();
                        let (score, flags) = if args.nodes == 0 {
                            (s.score, s.flags)
                        } else {
                            engine.set_position(pos.clone());
                            let res = engine.search_here(Limits {
                                nodes: Some(args.nodes),
                                ..Limits::default()
                            });
                            // A stored position always has a move; one without is left out.
                            let Some(best) = res.best else { continue };
                            let stm = res.score.centipawns();
                            let score = match pos.side_to_move() {
                                Color::Black => stm,
                                Color::White => -stm,
                            };
                            let mut flags = selfplay_game::move_flags(&mut pos, best);
                            flags.set(SampleFlags::MATE, res.score.is_mate());
                            (score, flags | (s.flags & SampleFlags::ADJUDICATED))
                        };
                        kept.push(Kept {
                            ply: s.ply,
                            score,
                            flags,
                            setup,
                        });
                    }
                    let bytes = match file::encode(format, &rules, end, &kept) {
                        Ok(b) => b,
                        Err(e) => return sink.fail(format!("game {}: {e}", end.game)),
                    };
                    if !sink.append(&bytes) {
                        return;
                    }
                    bar.inc(kept.len() as u64);
                    positions.fetch_add(kept.len() as u64, Ordering::Relaxed);
                    let g = games.fetch_add(1, Ordering::Relaxed) + 1;
                    bar.set_message(format!("{g} games"));
                }
            });
            if let Err(e) = spawned {
                sink.fail(format!("cannot start a worker: {e}"));
            }
        }
    });
    bar.finish();
    sink.finish()?;
    Ok(Rescored {
        games: games.load(Ordering::Relaxed),
        positions: positions.load(Ordering::Relaxed),
    })
}

/// How two files' scores of the same positions predict the results.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Positions found in both files (same game and ply) whose scores are both below
    /// `max_score` and neither a mate score.
    pub paired: usize,
    /// Positions found in both files but left out (a mate score or beyond `max_score`).
    pub left_out: usize,
    /// Per file: the fitted K.
    pub k: [f64; 2],
    /// Per file: the mean squared error of `sigmoid(K · score)` against the results, at the
    /// file's own K.
    pub error: [f64; 2],
    /// Per file: the same error at the other file's K.
    pub error_at_other_k: [f64; 2],
    /// The mean of |first score − second score|, centipawns.
    pub mean_abs_difference: f64,
    /// The correlation of the two files' scores.
    pub correlation: f64,
}

/// Pairs the positions of `first` and `second` by game and ply and compares their scores,
/// leaving out mate scores and scores beyond `max_score` in either file.
pub fn compare(first: &DataSet, second: &DataSet, max_score: i32) -> Comparison {
    let usable = |s: &Sample| !s.flags.contains(SampleFlags::MATE) && s.score.abs() <= max_score;
    let theirs: HashMap<(u64, u32), &Sample> = second
        .samples
        .iter()
        .map(|s| ((s.game, s.ply), s))
        .collect();
    let mut left_out = 0;
    let pairs: Vec<(f64, f64, f64)> = first
        .samples
        .iter()
        .filter_map(|a| theirs.get(&(a.game, a.ply)).map(|b| (a, *b)))
        .filter(|(a, b)| {
            let ok = usable(a) && usable(b);
            left_out += usize::from(!ok);
            ok
        })
        .map(|(a, b)| (f64::from(a.score), f64::from(b.score), a.result.score()))
        .collect();
    let k = [
        scale::fit_k(&pairs, |p| (p.0, p.2)),
        scale::fit_k(&pairs, |p| (p.1, p.2)),
    ];
    let error_at = |k: f64, second: bool| {
        scale::result_mse(&pairs, k, |p| (if second { p.1 } else { p.0 }, p.2))
    };
    let n = pairs.len().max(1) as f64;
    let mean = |f: &dyn Fn(&(f64, f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let (ma, mb) = (mean(&|p| p.0), mean(&|p| p.1));
    let cov = mean(&|p| (p.0 - ma) * (p.1 - mb));
    let (va, vb) = (mean(&|p| (p.0 - ma).powi(2)), mean(&|p| (p.1 - mb).powi(2)));
    Comparison {
        paired: pairs.len(),
        left_out,
        k,
        error: [error_at(k[0], false), error_at(k[1], true)],
        error_at_other_k: [error_at(k[1], false), error_at(k[0], true)],
        mean_abs_difference: mean(&|p| (p.0 - p.1).abs()),
        correlation: if va > 0.0 && vb > 0.0 {
            cov / (va * vb).sqrt()
        } else {
            0.0
        },
    }
}

/// The report `longjiang data compare` prints.
pub fn report(names: [&str; 2], c: &Comparison) -> String {
    let mut s = format!(
        "{} positions paired ({} left out: a mate score or beyond the bound)\n",
        c.paired, c.left_out
    );
    for (i, name) in names.iter().enumerate() {
        s.push_str(&format!(
            "{name}: K {:.3}, error against the results {:.6} (at the other file's K {:.6})\n",
            c.k[i], c.error[i], c.error_at_other_k[i]
        ));
    }
    s.push_str(&format!(
        "mean |difference| {:.1} cp, correlation {:.4}\n",
        c.mean_abs_difference, c.correlation
    ));
    s
}
