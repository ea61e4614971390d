//! The bench suite: a fixed set of positions from both games searched to a fixed depth on a
//! fresh table. With one thread its node count is deterministic, the search's regression
//! signature. `longjiang bench` and the protocol's `bench` command both run it; nothing here
//! prints (each position's report line is handed to the caller).

use crate::search::params::Param;
use crate::search::{Engine, Limits, Score, SearchResult};
use longjiang_core::rules::samples::POSITIONS;
use longjiang_core::rules::{Position, Variant};
use std::time::{Duration, Instant};

/// The default depth (about 5–6 s on one core of the 2-core development machine).
pub const DEFAULT_DEPTH: u32 = 13;

/// Reads a list of positions in the shape of [`POSITIONS`], written one per line as
/// `<variant> <SFEN>` (`#` starts a comment, blank lines are skipped): the format of
/// `examples/ttd_positions.txt`. The SFENs are not checked here; an error names the line.
pub fn parse_position_list(text: &str) -> Result<Vec<(Variant, &str)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (variant, sfen) = line
            .split_once(' ')
            .ok_or_else(|| format!("line {}: expected `<variant> <SFEN>`", i + 1))?;
        let variant = variant
            .parse()
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push((variant, sfen.trim()));
    }
    Ok(out)
}

/// Runs the bench, calling `line` with each position's report; returns total nodes and time.
/// The evaluation is the classical one, whatever a game's default evaluator: the bench
/// signature stays the classical search's (`run_bench_with` measures the nets).
pub fn run_bench(
    depth: u32,
    threads: usize,
    hash: usize,
    line: impl FnMut(usize, &str),
) -> Result<(u64, Duration), String> {
    run_bench_with(depth, threads, hash, false, line)
}

/// [`run_bench`] with the built-in nets (`nnue`) or the classical evaluation.
pub fn run_bench_with(
    depth: u32,
    threads: usize,
    hash: usize,
    nnue: bool,
    mut line: impl FnMut(usize, &str),
) -> Result<(u64, Duration), String> {
    run_bench_results(depth, threads, hash, nnue, |i, l, _, _| line(i, l))
}

/// [`run_bench_with`], handing each position's report line, game and whole result (its
/// statistics included) to `each`.
pub fn run_bench_results(
    depth: u32,
    threads: usize,
    hash: usize,
    nnue: bool,
    each: impl FnMut(usize, &str, Variant, &SearchResult),
) -> Result<(u64, Duration), String> {
    run_bench_params(depth, threads, hash, nnue, &[], each)
}

/// [`run_bench_results`] with search parameters set over every game's own (`longjiang bench
/// --param`): how a tuner or a search change sees the bench's trees before any game is played.
pub fn run_bench_params(
    depth: u32,
    threads: usize,
    hash: usize,
    nnue: bool,
    params: &[(&'static Param, i32)],
    mut each: impl FnMut(usize, &str, Variant, &SearchResult),
) -> Result<(u64, Duration), String> {
    let mut engine = Engine::new();
    for &(p, v) in params {
        engine.set_param(p, v)?;
    }
    engine.set_hash_mb(hash);
    engine.set_threads(threads);
    if nnue {
        engine.set_nnue(crate::eval::nnue::embedded_nets());
    }
    let mut total = 0u64;
    let mut time = Duration::ZERO;
    for (i, (variant, sfen)) in POSITIONS.iter().enumerate() {
        let pos = Position::from_sfen(sfen, variant.rules())
            .map_err(|e| format!("bench position {}: {e}", i + 1))?;
        engine.new_game();
        engine.set_position(pos);
        let start = Instant::now();
        let r = engine.search_sync(Limits {
            depth: Some(depth),
            ..Limits::default()
        });
        let t = start.elapsed();
        total += r.nodes;
        time += t;
        let score = match r.score {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        let best = r.best.map_or("(none)".to_string(), |m| m.to_string());
        each(
            i,
            &format!(
                "{:>2}/{} {:<16} nodes {:>10} time {:>6} ms  best {:<8} {}",
                i + 1,
                POSITIONS.len(),
                variant.name(),
                r.nodes,
                t.as_millis(),
                best,
                score
            ),
            *variant,
            &r,
        );
    }
    Ok((total, time))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_list_is_read_line_by_line() {
        let text = "# comment\n\nlongjiang 10/10 b - - 00 1  # after\nlongjiang-nodrop  x y\n";
        assert_eq!(
            parse_position_list(text),
            Ok(vec![
                (Variant::Longjiang, "10/10 b - - 00 1"),
                (Variant::LongjiangNoDrop, "x y")
            ])
        );
        assert!(parse_position_list("longjiang").is_err_and(|e| e.starts_with("line 1:")));
        assert!(
            parse_position_list("\nchess 10/10 b - - 00 1")
                .is_err_and(|e| e.starts_with("line 2:"))
        );
    }

    #[test]
    fn bench_is_deterministic() {
        let a = run_bench(4, 1, 4, |_, _| {}).unwrap().0;
        let b = run_bench(4, 1, 4, |_, _| {}).unwrap().0;
        assert_eq!(a, b);
    }
}
