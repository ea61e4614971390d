//! `longjiang bench [depth]`: runs the bench suite of [`longjiang_engine::search::bench`] (fixed positions
//! from both games, fixed depth, one thread, table and histories cleared before each), prints
//! one line per position and the totals. With one thread the node count is deterministic: it is
//! the search's regression signature (a change that should not alter the search must not alter
//! it), and the nodes per second measure speed. `--stats` adds what the trees looked like
//! (docs/search-stats.md): each position's nodes to each depth, and the statistics summed per
//! game and over the whole suite.

use clap::Args;
use longjiang_core::rules::Variant;
use longjiang_engine::search::bench::{DEFAULT_DEPTH, run_bench_params, run_bench_with};
use longjiang_engine::search::params::{Param, find};
use longjiang_engine::search::stats::SearchStats;

/// Arguments of `longjiang bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Search threads (node counts are deterministic only with one).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Evaluate with the built-in nets (`true`) or classically (`false`, the default: the
    /// signature is the classical search's, whatever each game's default evaluator).
    /// Positions of a game without a net are evaluated classically.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    pub nnue: bool,
    /// Run the suite classically and then with the nets, `N` times each in turn, and print
    /// both totals side by side with the median nodes per second (one line per run).
    #[arg(long, value_name = "N")]
    pub compare: Option<u32>,
    /// Also print the search statistics: each position's nodes at the end of each iteration,
    /// then the statistics summed per game and over the suite (docs/search-stats.md).
    #[arg(long)]
    pub stats: bool,
    /// Set a search parameter over every game's own value, `NAME=VALUE` (the names of
    /// `longjiang tune-search`'s list, e.g. `lmr_cut_node=2`); repeatable. The signature is
    /// then not the engine's.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
}

/// The `--param` settings, checked.
fn parse_params(list: &[String]) -> Result<Vec<(&'static Param, i32)>, String> {
    list.iter()
        .map(|s| {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| format!("--param {s}: expected NAME=VALUE"))?;
            let p = find(name)
                .ok_or_else(|| format!("--param {s}: no search parameter named '{name}'"))?;
            let v = value
                .trim()
                .parse::<i32>()
                .map_err(|_| format!("--param {s}: '{value}' is not an integer"))?;
            Ok((p, p.check(v)?))
        })
        .collect()
}

/// Runs `longjiang bench` and prints its report.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.depth == 0 || args.depth > 60 {
        return Err(format!(
            "depth must be between 1 and 60, got {}",
            args.depth
        ));
    }
    if args.threads == 0 || args.threads > longjiang_engine::search::engine::MAX_THREADS {
        return Err(format!(
            "--threads must be between 1 and {}",
            longjiang_engine::search::engine::MAX_THREADS
        ));
    }
    if args.hash == 0 || args.hash > 1 << 16 {
        return Err(format!(
            "--hash must be between 1 and 65536 MiB, got {}",
            args.hash
        ));
    }
    let params = parse_params(&args.params)?;
    if let Some(runs) = args.compare {
        return compare(args, runs.clamp(1, 100));
    }
    if args.stats {
        return with_stats(args, &params);
    }
    // A position's line that cannot be written is reported with the last line.
    let (nodes, time) = run_bench_params(
        args.depth,
        args.threads,
        args.hash,
        args.nnue,
        &params,
        |_, l, _, _| {
            let _ = super::say(format_args!("{l}\n"));
        },
    )?;
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    super::say(format_args!("{nodes} nodes {nps} nps\n"))
}

/// `--stats`: the bench's lines, each followed by its nodes to each depth, then the sums per
/// game and in all, then the usual last line.
fn with_stats(args: &BenchArgs, params: &[(&'static Param, i32)]) -> Result<(), String> {
    let mut per_game: Vec<(Variant, SearchStats)> = Vec::new();
    let mut all = SearchStats::default();
    let mut failed = Ok(());
    let (nodes, time) = run_bench_params(
        args.depth,
        args.threads,
        args.hash,
        args.nnue,
        params,
        |_, line, variant, r| {
            let depths: Vec<String> = r.stats.nodes_to_depth.iter().map(u64::to_string).collect();
            let said = super::say(format_args!(
                "{line}\n  nodes to depth {}\n",
                depths.join(" ")
            ));
            failed = failed.clone().and(said);
            match per_game.iter_mut().find(|(v, _)| *v == variant) {
                Some((_, s)) => s.add_counts(&r.stats),
                None => per_game.push((
                    variant,
                    SearchStats {
                        counters: r.stats.counters,
                        nodes_to_depth: Vec::new(),
                    },
                )),
            }
            all.add_counts(&r.stats);
        },
    )?;
    failed?;
    for (variant, s) in &per_game {
        super::say(format_args!("stats {} {s}\n", variant.name()))?;
    }
    super::say(format_args!("stats all {all}\n"))?;
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    super::say(format_args!("{nodes} nodes {nps} nps\n"))
}

/// `--compare N`: classical and net runs in turn, then the medians and their ratio.
fn compare(args: &BenchArgs, runs: u32) -> Result<(), String> {
    let mut nps: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut nodes = [0u64; 2];
    for run in 1..=runs {
        for (i, nnue) in [false, true].into_iter().enumerate() {
            let (n, time) = run_bench_with(args.depth, args.threads, args.hash, nnue, |_, _| {})?;
            let speed = (n as f64 / time.as_secs_f64().max(1e-9)) as u64;
            nodes[i] = n;
            nps[i].push(speed);
            super::say(format_args!(
                "run {run} {:<9} {n} nodes {speed} nps\n",
                if nnue { "nnue" } else { "classical" }
            ))?;
        }
    }
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    let (c, n) = (median(&mut nps[0]), median(&mut nps[1]));
    super::say(format_args!(
        "median classical {} nodes {c} nps, nnue {} nodes {n} nps, nnue/classical {:.2}\n",
        nodes[0],
        nodes[1],
        n as f64 / c.max(1) as f64
    ))
}
