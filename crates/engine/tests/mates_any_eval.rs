//! A search to depth N finds every mate in at most 2 moves (3 plies) of N plies or
//! fewer whatever its evaluation says. Besides the classical evaluation and the built-in nets,
//! each position is searched with nets this test writes to a file and loads back (so none is
//! the built-in one): one that tells every side to move it is 15 pawns up, one that says 15
//! pawns down, and two of random weights (the hand-built mates with every evaluation, the mate
//! suite's mates in 1 and 2 with the classical one and the built-in nets). The exhaustive prover (not the search) says which
//! mate each position holds and which first moves force it (for the mate suite's positions,
//! crates/engine/tests/mate_suite.rs proves the file's lengths and first moves).

use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position, Rules, Variant};
use longjiang_engine::eval::nnue::Network;
use longjiang_engine::eval::nnue::features::FEATURES;
use longjiang_engine::eval::nnue::network::BUCKETS;
use longjiang_engine::eval::nnue::quant::{QA, QB, SCALE};
use longjiang_engine::search::tsume::exhaustive::{Proof, shortest_mate};
use longjiang_engine::search::{Engine, Features, Limits, Score};
use std::sync::Arc;

/// The mates in 1 and 2 of crates/engine/tests/search_mates.rs and its quiet rook lift (b2b9, then
/// a1a10 mate), with their games.
const HAND_BUILT: &[(&str, bool)] = &[
    ("5k4/3ppppp2/10/10/10/10/10/10/10/R4K4 b r - 00 1", true),
    ("10/10/10/10/10/10/6p1p1/6pkp1/10/4NK3R b r K 00 1", true),
    ("7kr1/4P2pp1/4N5/10/10/10/10/10/10/K9 b g - 00 1", true),
    ("7k2/2P3ppp1/10/10/10/10/10/10/10/K9 b - - 00 1", false),
    ("9k/8pp/6G3/10/10/10/10/10/10/K9 b q - 00 1", true),
    ("8rk/8pr/10/6N3/10/10/10/10/10/K9 b gn - 00 1", true),
    ("5k4/10/10/R9/1R8/10/10/10/10/K9 b - - 00 1", false),
    ("5k4/4pp4/10/10/10/10/10/10/10/R4K4 b G - 00 1", true),
    ("6k3/10/5K4/10/10/10/10/10/10/10 b R - 00 1", true),
    ("9k/10/7K2/10/10/10/10/10/10/1Q8 b - - 00 1", true),
    ("9k/10/6K3/4G5/10/10/10/10/10/10 b - - 00 1", true),
    ("5k4/10/10/10/10/10/10/10/1R8/R4K4 b - - 00 1", true),
];

/// A net for `game` of hidden size 128: all weights zero and an output bias worth `cp`
/// centipawns for the side to move (`seed` 0), or random weights from `seed` besides.
fn odd_net(game: Variant, cp: i32, seed: u64) -> Network {
    let h = 128;
    let mut s = seed;
    let mut rnd = move |span: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % span) as i16 - (span / 2) as i16
    };
    let (ft, out) = if seed == 0 {
        (vec![0; FEATURES * h], vec![0; BUCKETS * 2 * h])
    } else {
        (
            (0..FEATURES * h).map(|_| rnd(61)).collect(),
            (0..BUCKETS * 2 * h).map(|_| rnd(81)).collect(),
        )
    };
    let bias = cp * (QA * QB) / SCALE;
    Network::from_parts(game, h, ft, vec![60; h], out, vec![bias; BUCKETS]).expect("a net")
}

/// `net` written to a file and read back, as `setoption name EvalFile` would.
fn through_a_file(net: &Network, name: &str) -> Arc<Network> {
    // One file per call: the tests of this file run at once and write the same nets.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "lj-mates-any-eval-{name}-{}-{call}.nnue",
        std::process::id()
    ));
    std::fs::write(&path, net.to_bytes()).expect("write the net");
    let back = Network::from_bytes(&std::fs::read(&path).expect("read the net"));
    let _ = std::fs::remove_file(&path);
    Arc::new(back.expect("the net loads"))
}

/// The evaluations: a name and the nets of both games (empty: classical).
fn evaluations() -> Vec<(String, Vec<Arc<Network>>)> {
    let mut out = vec![
        ("classical".to_string(), Vec::new()),
        (
            "built-in".to_string(),
            longjiang_engine::eval::nnue::embedded_nets(),
        ),
    ];
    for (name, cp, seed) in [
        ("+15 pawns", 1500, 0),
        ("-15 pawns", -1500, 0),
        ("random 1", 0, 12345),
        ("random 2", 300, 999),
    ] {
        let nets = [LONGJIANG.variant, LONGJIANG_NODROP.variant]
            .into_iter()
            .map(|g| through_a_file(&odd_net(g, cp, seed), &format!("{}-{seed}-{cp}", g.name())))
            .collect();
        out.push((name.to_string(), nets));
    }
    out
}

/// The shortest mate of `p` (at most 2 moves) and its first moves, from the prover.
fn proven(p: &Position) -> (u32, Vec<String>) {
    match shortest_mate(p, 2, 5_000_000) {
        Proof::Mate { moves, first } => (moves, first.iter().map(|m| m.to_string()).collect()),
        other => panic!("{}: {other:?}", p.to_sfen()),
    }
}

/// Searches `p` to exactly the mate's length in plies with `features`; `Some` describes a miss.
fn miss(e: &mut Engine, p: &Position, n: u32, first: &[String]) -> Option<String> {
    e.new_game();
    e.set_position(p.clone());
    let r = e.search_sync(Limits {
        depth: Some(2 * n - 1),
        ..Limits::default()
    });
    let best = r.best.map(|m| m.to_string()).unwrap_or_default();
    (r.score != Score::Mate(2 * n as i32 - 1) || !first.contains(&best)).then(|| {
        format!(
            "{}: mate in {n}, depth {}: {:?} {best}",
            p.to_sfen(),
            2 * n - 1,
            r.score
        )
    })
}

fn positions(suite: bool) -> Vec<(Position, u32, Vec<String>)> {
    let mut out: Vec<(Position, u32, Vec<String>)> = HAND_BUILT
        .iter()
        .map(|&(sfen, drops)| {
            let rules: Rules = if drops { LONGJIANG } else { LONGJIANG_NODROP };
            let p = Position::from_sfen(sfen, rules).expect("a position");
            let (n, first) = proven(&p);
            (p, n, first)
        })
        .collect();
    // The mate suite's mates in 1 and 2 (their lengths and first moves are proven again by
    // crates/engine/tests/mate_suite.rs).
    for line in include_str!("data/mate_suite.txt")
        .lines()
        .filter(|_| suite)
    {
        let f: Vec<&str> = line.split(';').collect();
        if line.starts_with('#') || f.len() != 6 || f[1] == "3" {
            continue;
        }
        let variant: Variant = f[0].parse().expect("a variant");
        let p = Position::from_sfen(f[5], variant.rules()).expect("a position");
        let n = f[1].parse().expect("a length");
        out.push((p, n, f[2].split(' ').map(String::from).collect()));
    }
    out
}

/// The misses of every evaluation on the hand-built mates, and of the first two (classical,
/// built-in) on the mate suite's mates in 1 and 2 too.
fn misses(features: Features) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (name, nets)) in evaluations().into_iter().enumerate() {
        let positions = positions(i < 2);
        let mut e = Engine::new();
        e.set_hash_mb(16);
        e.set_features(features);
        e.set_nnue(nets);
        for (p, n, first) in &positions {
            if let Some(m) = miss(&mut e, p, *n, first) {
                out.push(format!("{name}: {m}"));
            }
        }
    }
    out
}

#[test]
fn a_search_to_the_mates_depth_finds_it_whatever_the_evaluation_says() {
    // The rule is off by default (it costs half the speed: docs/mates.md); this is what it buys.
    let m = misses(Features {
        mate_threats: true,
        ..Features::DEFAULT
    });
    assert!(m.is_empty(), "{} misses:\n{}", m.len(), m.join("\n"));
}

/// The rule that makes it so: without it, the same searches miss mates (the rook lift
/// among them, with the nets that say 15 pawns either way).
#[test]
fn without_the_mate_threat_rule_the_evaluation_hides_mates() {
    let m = misses(Features {
        mate_threats: false,
        ..Features::DEFAULT
    });
    assert!(
        m.iter()
            .any(|s| s.contains("5k4/10/10/10/10/10/10/10/1R8/R4K4")),
        "{m:?}"
    );
}
