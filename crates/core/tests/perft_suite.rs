//! The perft suites of `tests/perft/*.txt` in this crate (format in each file's header): every
//! count of every position is checked with `longjiang_core::movegen::perft`. The expected counts
//! come from Fairy-Stockfish (no-drop game), from a reference perft built on it (drop game), and
//! from published counts and python-shogi (shogi), never from this engine; each line's comment
//! names its source.
//!
//! Counts above `DEBUG_LIMIT` are checked by tests of their own, which a debug build marks
//! ignored (so that a plain `cargo test` stays quick, and says it left them out);
//! `cargo test --release -p longjiang-core` checks everything.

mod common;

use common::SuiteEntry;
use longjiang_core::movegen::perft;
use longjiang_core::rules::{Position, Variant};

const DEBUG_LIMIT: u64 = 300_000;

/// The mismatches of one entry's counts above `DEBUG_LIMIT` (`large`) or up to it, as
/// messages (empty when every such count agrees).
fn check(e: &SuiteEntry, large: bool) -> Vec<String> {
    let mut pos = match Position::from_sfen(&e.sfen, e.variant.rules()) {
        Ok(p) => p,
        Err(err) => return vec![format!("{}: SFEN does not parse: {err}", e.origin)],
    };
    let mut out = Vec::new();
    for (i, &want) in e.counts.iter().enumerate() {
        if (want > DEBUG_LIMIT) != large {
            continue;
        }
        let depth = i as u32 + 1;
        let got = perft(&mut pos, depth);
        if got != want {
            out.push(format!(
                "{}: depth {depth}: engine {got}, reference {want} ({})\n  \
                 minimise with: cargo run --release -- perft {depth} --variant {} --sfen \"{}\" --divide",
                e.origin, e.comment, e.variant, e.sfen
            ));
        }
    }
    out
}

fn run_suite(variant: Variant, large: bool) {
    let entries: Vec<SuiteEntry> = common::load_suites()
        .into_iter()
        .filter(|e| e.variant == variant)
        .collect();
    assert!(entries.len() >= 12, "too few {variant} positions");
    let failures: Vec<String> = entries.iter().flat_map(|e| check(e, large)).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Standard shogi: the published counts (start, matsuri, the 593-move position) and
/// python-shogi's for the handicaps and the positions that isolate one rule
/// (`crates/core/tests/perft/shogi.txt`).
#[test]
fn shogi_suite_matches_published_and_python_shogi_counts() {
    run_suite(Variant::Shogi, false);
}

#[test]
fn drop_game_suite_matches_the_reference() {
    run_suite(Variant::Longjiang, false);
}

#[test]
fn no_drop_game_suite_matches_fairy_stockfish() {
    run_suite(Variant::LongjiangNoDrop, false);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "counts above 300000 take minutes in a debug build"
)]
fn shogi_suite_large_counts() {
    run_suite(Variant::Shogi, true);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "counts above 300000 take minutes in a debug build"
)]
fn drop_game_suite_large_counts() {
    run_suite(Variant::Longjiang, true);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "counts above 300000 take minutes in a debug build"
)]
fn no_drop_game_suite_large_counts() {
    run_suite(Variant::LongjiangNoDrop, true);
}

#[test]
fn suite_lines_are_canonical_and_name_their_source() {
    for e in common::load_suites() {
        let pos = Position::from_sfen(&e.sfen, e.variant.rules())
            .unwrap_or_else(|err| panic!("{}: {err}", e.origin));
        assert_eq!(pos.to_sfen(), e.sfen, "{}: SFEN is not canonical", e.origin);
        assert!(e.comment.contains("src:"), "{}: no source named", e.origin);
    }
}
