//! The mate suite (docs/mates.md): forced mates in 1 to 3 moves of both 龙将棋 games, from random
//! playouts and self-play, a few starting with a quiet move or a drop, proven by the exhaustive prover and
//! cross-checked by the df-pn solver (`examples/mate_suite.rs` made
//! `crates/engine/tests/data/mate_suite.txt` and says how). The search, with the classical evaluation and with the game's net, must
//! report and play each one's shortest mate within `NODES` nodes on one thread (about 1 s of
//! one core; docs/mates.md).

use longjiang_core::rules::{Position, Variant};
use longjiang_engine::search::tsume::exhaustive::{Proof, mate_within, shortest_mate};
use longjiang_engine::search::{Engine, Limits, Score};

/// The node budget per position (docs/mates.md: about one second of one core with the net).
const NODES: u64 = 400_000;

struct Entry {
    line: String,
    variant: Variant,
    moves: i32,
    first: Vec<String>,
    sfen: String,
}

fn suite() -> Vec<Entry> {
    let text = include_str!("data/mate_suite.txt");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f.len(), 6, "{l}");
            Entry {
                line: l.to_string(),
                variant: f[0].parse().unwrap_or_else(|_| panic!("{l}")),
                moves: f[1].parse().unwrap_or_else(|_| panic!("{l}")),
                first: f[2].split(' ').map(String::from).collect(),
                sfen: f[5].to_string(),
            }
        })
        .collect()
}

fn position(e: &Entry) -> Position {
    Position::from_sfen(&e.sfen, e.variant.rules()).unwrap_or_else(|err| panic!("{err}"))
}

/// The suite is what it promises: at least 200 mates of both games, lengths 1 to 3,
/// some starting quietly, every first move legal.
#[test]
fn the_suite_has_two_hundred_mates_of_both_games() {
    let s = suite();
    assert!(s.len() >= 200, "{}", s.len());
    for v in Variant::ALL {
        let n = s.iter().filter(|e| e.variant == v).count();
        assert!(n >= 80, "{}: {n}", v.name());
    }
    for (len, least) in [(1, 100), (2, 70), (3, 15)] {
        let n = s.iter().filter(|e| e.moves == len).count();
        assert!(n >= least, "mates in {len}: {n}");
    }
    // Mates that start quietly are rare in playouts (docs/mates.md): a few, one with a drop.
    let quiet = s.iter().filter(|e| !e.line.contains(";check;")).count();
    let drops = s.iter().filter(|e| e.line.contains(";drop;")).count();
    assert!(
        quiet >= 3 && drops >= 1,
        "{quiet} quiet, {drops} drop starts"
    );
    for e in &s {
        let p = position(e);
        for m in &e.first {
            assert!(p.parse_move(m).is_ok(), "{m}: {}", e.line);
        }
    }
}

/// The prover agrees with the file: mates in 1 and 2 with exactly the listed first moves, and
/// no mate in 2 where the file says 3.
#[test]
fn the_prover_confirms_the_short_mates() {
    for e in suite() {
        let p = position(&e);
        if e.moves <= 2 {
            match shortest_mate(&p, e.moves as u32, 5_000_000) {
                Proof::Mate { moves, first } => {
                    let mut f: Vec<String> = first.iter().map(|m| m.to_string()).collect();
                    f.sort();
                    assert_eq!(moves as i32, e.moves, "{}", e.line);
                    assert_eq!(f, e.first, "{}", e.line);
                }
                other => panic!("{other:?}: {}", e.line),
            }
        } else {
            assert_eq!(mate_within(&p, 2, 5_000_000), Some(false), "{}", e.line);
        }
    }
}

/// Searches every position with `nodes` at most, and lists those where the search did not
/// end with the shortest mate and one of its first moves.
fn misses(net: bool) -> Vec<String> {
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    engine.set_nnue(if net {
        longjiang_engine::eval::nnue::embedded_nets()
    } else {
        Vec::new()
    });
    let mut out = Vec::new();
    for e in suite() {
        engine.new_game();
        engine.set_position(position(&e));
        let r = engine.search_sync(Limits {
            nodes: Some(NODES),
            ..Limits::default()
        });
        let best = r.best.map(|m| m.to_string()).unwrap_or_default();
        if r.score != Score::Mate(2 * e.moves - 1) || !e.first.contains(&best) {
            out.push(format!(
                "{:?} {best} ({} nodes): {}",
                r.score, r.nodes, e.line
            ));
        }
    }
    out
}

#[test]
fn the_classical_search_finds_every_shortest_mate() {
    let m = misses(false);
    assert!(m.is_empty(), "{} missed:\n{}", m.len(), m.join("\n"));
}

#[test]
fn the_net_search_finds_every_shortest_mate() {
    let m = misses(true);
    assert!(m.is_empty(), "{} missed:\n{}", m.len(), m.join("\n"));
}
