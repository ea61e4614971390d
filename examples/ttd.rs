//! Time to depth: how much sooner N threads complete a depth than one thread.
//!
//! `cargo run --release --example ttd -- [DEPTH] [RUNS] [THREADS] [FILE]` searches each
//! position to DEPTH (default 13) on a fresh table (16 MiB) with one thread and with THREADS
//! (default 2), RUNS times (default 10), the runs of the two interleaved so that a slow spell
//! of the machine hits both alike. It prints, for each, the median (and range) of the summed
//! times, the median nodes, and their ratio, with a 95 % bootstrap interval of the ratio. The
//! positions are the bench's, or FILE's: one per line, `<variant> <SFEN>` (`#` starts a
//! comment), e.g. the self-play positions in `examples/ttd_positions.txt`.
//!
//! With one thread the search is deterministic, so its runs differ only by the machine's
//! noise; with more, the order in which the threads finish their moves changes the tree, and
//! the runs spread by ±10–15 %: take 10 runs or more.
use longjiang_core::rules::Position;
use longjiang_core::rules::samples::POSITIONS;
use longjiang_engine::search::bench::parse_position_list;
use longjiang_engine::search::{Engine, Limits};
use std::process::ExitCode;
use std::time::Instant;

/// One configuration's runs: summed search time (seconds) and nodes per run, and the time
/// per position of every run.
#[derive(Default)]
struct Runs {
    seconds: Vec<f64>,
    nodes: Vec<u64>,
    per_position: Vec<Vec<f64>>,
}

fn median<T: Copy + PartialOrd>(v: &[T]) -> T {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    s[s.len() / 2]
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> Result<T, String> {
    match args.get(i) {
        None => Ok(default),
        Some(s) => s.parse().map_err(|_| format!("bad argument `{s}`")),
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = arg(&args, 1, 13)?;
    let runs: usize = arg(&args, 2, 10)?;
    let threads: usize = arg(&args, 3, 2)?;
    if depth == 0 || runs == 0 || threads == 0 {
        return Err("depth, runs and threads must be at least 1".into());
    }
    let text;
    let list = match args.get(4) {
        Some(path) => {
            text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_position_list(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => POSITIONS.to_vec(),
    };
    let positions: Vec<Position> = list
        .iter()
        .map(|&(v, s)| Position::from_sfen(s, v.rules()).map_err(|e| format!("{s}: {e}")))
        .collect::<Result<_, _>>()?;
    let configs = [1, threads];
    let mut results: [Runs; 2] = Default::default();
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    for r in 0..runs {
        for (c, &n) in configs.iter().enumerate() {
            engine.set_threads(n);
            let (mut seconds, mut nodes, mut each) = (0.0, 0, Vec::new());
            for pos in &positions {
                engine.new_game();
                engine.set_position(pos.clone());
                let t = Instant::now();
                let res = engine.search_sync(Limits {
                    depth: Some(depth),
                    ..Limits::default()
                });
                let s = t.elapsed().as_secs_f64();
                seconds += s;
                nodes += res.nodes;
                each.push(s);
            }
            eprintln!(
                "run {}/{runs}, {n} thread(s): {seconds:.2} s, {nodes} nodes",
                r + 1
            );
            results[c].seconds.push(seconds);
            results[c].nodes.push(nodes);
            results[c].per_position.push(each);
        }
    }
    println!(
        "{} positions, depth {depth}, {runs} runs each, 16 MiB",
        positions.len()
    );
    for (c, &n) in configs.iter().enumerate() {
        let r = &results[c];
        let lo = r.seconds.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = r.seconds.iter().copied().fold(0.0, f64::max);
        println!(
            "{n:2} thread(s): median {:.2} s (range {lo:.2}–{hi:.2}), median nodes {}",
            median(&r.seconds),
            median(&r.nodes)
        );
    }
    let (one, many) = (&results[0], &results[1]);
    println!(
        "time to depth, {threads} threads against 1: {:.2}x (medians); nodes {:.2}x",
        median(&one.seconds) / median(&many.seconds),
        median(&many.nodes) as f64 / median(&one.nodes) as f64
    );
    let (lo, hi) = bootstrap_interval(&one.seconds, &many.seconds);
    println!("  95 % interval of that ratio (bootstrap over the runs): {lo:.2}x–{hi:.2}x");
    // Per position: the ratio of the medians, for the positions that take a while.
    let per = |r: &Runs, i: usize| median(&r.per_position.iter().map(|p| p[i]).collect::<Vec<_>>());
    let (mut logs, mut counted) = (0.0, 0);
    for i in 0..positions.len() {
        let (a, b) = (per(one, i), per(many, i));
        if a >= 0.02 && b > 0.0 {
            logs += (a / b).ln();
            counted += 1;
        }
    }
    if counted > 0 {
        println!(
            "geometric mean of the per-position ratios ({counted} positions of 20 ms or more): {:.2}x",
            (logs / counted as f64).exp()
        );
    }
    Ok(())
}

/// A 95 % percentile-bootstrap interval of `median(one) / median(many)`: both sets of runs
/// resampled with replacement, 2,000 times. Two-thread runs spread by ±10–15 %, so a ratio
/// from 10–20 runs is uncertain by several per cent, and this says by how much.
fn bootstrap_interval(one: &[f64], many: &[f64]) -> (f64, f64) {
    // splitmix64: a fixed seed keeps the interval reproducible for the same runs.
    let mut rng = longjiang_core::rng::SplitMix::new(longjiang_core::rng::GAMMA);
    let mut next = move |n: usize| (rng.next_u64() % n as u64) as usize;
    let mut ratios: Vec<f64> = (0..2000)
        .map(|_| {
            let a: Vec<f64> = (0..one.len()).map(|_| one[next(one.len())]).collect();
            let b: Vec<f64> = (0..many.len()).map(|_| many[next(many.len())]).collect();
            median(&a) / median(&b)
        })
        .collect();
    ratios.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    (
        ratios[ratios.len() / 40],
        ratios[ratios.len() - 1 - ratios.len() / 40],
    )
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ttd: {e}");
            ExitCode::FAILURE
        }
    }
}
