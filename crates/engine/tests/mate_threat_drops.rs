//! The cheap mate-threat rule for drops (`spsa_mate_threat_mode` 1, docs/mates.md): quiet-drop
//! mates in two, each proven here by the exhaustive prover, are found at depth 3 with the rule
//! and not without it; and each of its parameters is read by the search.

use longjiang_core::rules::{LONGJIANG, Position};
use longjiang_engine::search::params::{
    MATE_THREAT_MAX_DEPTH, MATE_THREAT_MIN_DEPTH, MATE_THREAT_MODE, MATE_THREAT_REDUCE,
    MATE_THREAT_ZONE, Param,
};
use longjiang_engine::search::tsume::exhaustive::{Proof, shortest_mate};
use longjiang_engine::search::{Engine, Limits, Score, SearchResult};

/// Mates in two whose every first move is a quiet drop (a drop may not check in 龙将棋), some
/// with large hands on both sides (the defender's drop cooldown `02` keeps the mate).
const QUIET_DROP_MATES: &[&str] = &[
    "5k4/4pp4/10/10/10/10/10/10/10/R4K4 b G - 00 1",
    "5k4/4pp4/10/10/10/10/10/10/10/R4K4 b Q2R2B3G2N6P - 00 1",
    "5k4/4pp4/10/10/10/10/10/10/10/R4K4 b Q2R2B3G2N6Pq2r2b3g2n6p - 02 1",
    "6k3/10/5K4/10/10/10/10/10/10/10 b R2B3G4Pqr2b2n5p - 02 1",
    "8k1/7p1p/10/10/10/10/10/10/10/K5R3 b G - 00 1",
    "8k1/7p1p/10/10/10/10/10/10/10/K5R3 b Q2B3G2N5Pr2b3g2n4p - 02 1",
    "k9/p1p7/10/10/10/10/10/10/10/4R4K b N - 00 1",
    "k9/p1p7/10/10/10/10/10/10/10/4R4K b B2G2N4Pq2r2bn6p - 02 1",
];

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen, LONGJIANG).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// One search of `sfen` to `depth` (one thread, fresh table) with the given evaluation and
/// parameters.
fn search(sfen: &str, depth: u32, net: bool, set: &[(&'static Param, i32)]) -> SearchResult {
    let mut e = Engine::new();
    e.set_nnue(if net {
        longjiang_engine::eval::nnue::embedded_nets()
    } else {
        Vec::new()
    });
    for &(p, v) in set {
        e.set_param(p, v).expect("in range");
    }
    e.set_position(pos(sfen));
    e.search_sync(Limits {
        depth: Some(depth),
        ..Limits::default()
    })
}

/// With the rule (mode 1) every mate above is reported at depth 3, its length exactly, with a
/// mating first move, classically and with the built-in nets; without it (mode 0, the
/// default) none of them is (when written: a mate in 3 moves once, otherwise a pawn or more
/// up).
#[test]
fn quiet_drop_mates_are_found_at_their_depth_with_the_cheap_rule() {
    for &sfen in QUIET_DROP_MATES {
        let Proof::Mate { moves: 2, first } = shortest_mate(&pos(sfen), 2, 5_000_000) else {
            panic!("{sfen}: not a mate in 2");
        };
        let first: Vec<String> = first.iter().map(|m| m.to_string()).collect();
        assert!(first.iter().all(|m| m.contains('*')), "{sfen}: {first:?}");
        for net in [false, true] {
            let on = search(sfen, 3, net, &[(&MATE_THREAT_MODE, 1)]);
            assert_eq!(on.score, Score::Mate(3), "{sfen} net {net}: rule on");
            let best = on.best.map(|m| m.to_string()).unwrap_or_default();
            assert!(first.contains(&best), "{sfen} net {net}: {best}");
            let off = search(sfen, 3, net, &[]);
            assert_ne!(off.score, Score::Mate(3), "{sfen} net {net}: rule off");
        }
    }
}

/// A drop-game middlegame with large hands on both sides.
const HANDS: &str = "r1q6r/pp2ppkppp/2p2bp3/3p6/10/P1nP1N4/7P2/6P3/1PP1PPG2P/R2GQK1B2 b \
                     Q2B2GN3Pr2gn2p Q 00 57";

/// Each parameter of the rule is read: moved from its default (with the rule on), it changes
/// the nodes of a depth-8 search of a position with large hands; the rule off is today's
/// search whatever they are.
#[test]
fn every_parameter_of_the_cheap_rule_is_read() {
    let nodes = |set: &[(&'static Param, i32)]| search(HANDS, 8, false, set).nodes;
    let on = (&MATE_THREAT_MODE, 1);
    let off = nodes(&[]);
    let base = nodes(&[on]);
    assert_ne!(base, off);
    for moved in [
        (&MATE_THREAT_ZONE, 1),
        (&MATE_THREAT_MIN_DEPTH, 2),
        (&MATE_THREAT_MAX_DEPTH, 6),
    ] {
        assert_ne!(nodes(&[on, moved]), base, "{}", moved.0.name());
        assert_eq!(nodes(&[moved]), off, "{}", moved.0.name());
    }
    // Reductions of a threatening move matter only above depth 3.
    let deeper = (&MATE_THREAT_MAX_DEPTH, 6);
    let unreduced = nodes(&[on, deeper, (&MATE_THREAT_REDUCE, 0)]);
    assert_ne!(unreduced, nodes(&[on, deeper]));
}
