//! Sample positions of the 龙将棋 games, reached in self-play games of the engine: the bench
//! suite of the search (its regression signature) and a fixture of the tests of every layer.

use super::Variant;

/// The bench positions: openings, middlegames with pieces in hand and endgames of the drop
/// game, then of the no-drop game. All were reached in self-play games of the engine.
pub const POSITIONS: [(Variant, &str); 25] = [
    (
        Variant::Longjiang,
        "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
    ),
    (
        Variant::Longjiang,
        "r1bgqkg2r/p1p1pp2pp/6ppn1/1p1pb5/3n6/8P1/5B3P/1NQP2PN2/PPP1PP1P2/R2G1KGB1R w - KQkq 00 20",
    ),
    (
        Variant::Longjiang,
        "r1bgqkg2r/1p2pp1ppp/3p1bp3/p1p7/2n3n3/3P6/P4N4/2N3B1P1/1PP1PPPPBP/R2GQKG2R w - KQkq 00 20",
    ),
    (
        Variant::Longjiang,
        "r3qkg2r/2p1pp2pp/p1g3ppn1/1p1pbb4/n9/1N2B3P1/P2P5P/1P4PN2/2P1PP1P2/R2GQKGB1R w - KQkq 00 32",
    ),
    (
        Variant::Longjiang,
        "r3qkg2r/2p1pp2p1/p4bppn1/1pgp1b4/9p/3P1N2P1/P2B5P/1PQ1G1PN2/2P1PP1P2/R4KGB1R w n KQkq 10 44",
    ),
    (
        Variant::Longjiang,
        "r2gqkg2r/1p2pp1ppp/3p1bp3/p1p7/5Nnb2/1N1P3b2/P3P4P/3G4P1/1PP2PPPB1/R3QKG2R w N KQkq 22 44",
    ),
    (
        Variant::Longjiang,
        "r3qk3r/2p1pp2p1/p1g2bgpn1/1p1p1p3P/10/3P4P1/P2B6/1PQ1G1PN1R/2P1PP1P2/R4KG3 w BPb2n Qkq 00 56",
    ),
    (
        Variant::Longjiang,
        "r3qk4/2p1pp4/p1g2b1g1r/1p1p1p2pP/10/3P4P1/P9/1P1QG1PN1R/2P1PP1P2/R4KG3 w BNP2b2np Qq 00 68",
    ),
    (
        Variant::Longjiang,
        "r2gBk3r/1p3p1ppp/3p2pg2/p1p1p1n3/6B3/1N1PP3P1/P4n4/8P1/1PP1QPPP2/R4KG2R w QBNbg KQkq 00 68",
    ),
    (
        Variant::Longjiang,
        "r3qk4/2p1pp1PPb/p1g2bg2r/1p1p4pP/5p4/3P4P1/P6R2/1PQ1G1PG2/2P1PP1P2/R4K4 w BNb3n Qq 20 80",
    ),
    (
        Variant::Longjiang,
        "r2g1k3r/1p3p1ppp/3p2p3/pBp1p1n3/10/1N1P4P1/P9/3G3PP1/1g1B1PP3/R3K4R w QG2Nq2b3p kq 12 92",
    ),
    (
        Variant::Longjiang,
        "8q1/2p1ppkr2/p5n3/1p1pB1r3/8p1/3P1G2P1/P6R2/1P2G1P3/1KP1PP1P2/R9 w Q3BGPg3n3p - 01 116",
    ),
    (
        Variant::Longjiang,
        "r6r2/1p5pkp/3pp1p3/1g2p5/p1p2n1B2/3PQ5/P7P1/3N3P2/3KNP2p1/10 w Q3G2P2r3bn3p - 00 152",
    ),
    (
        Variant::LongjiangNoDrop,
        "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
    ),
    (
        Variant::LongjiangNoDrop,
        "r1b1qkg2r/ppp1pp1ppp/6p3/3p3n2/1g1b6/10/P2P5P/4PBPN2/1PP2P1PP1/R1BGQKG2R w - KQkq 00 20",
    ),
    (
        Variant::LongjiangNoDrop,
        "r3qk3r/1pp1pp1pp1/2g3pg2/p1bp1b1n1p/10/10/P1PPP4P/1P1N1BP3/2GB1P1PP1/R3QKG2R b - KQkq 00 35",
    ),
    (
        Variant::LongjiangNoDrop,
        "r2q1k1b1r/1pp1pp2p1/2n4g2/p2p2pp1p/10/4P5/1PP4N1P/P2GB1P3/4PP1PP1/R3QK3R w - KQkq 00 36",
    ),
    (
        Variant::LongjiangNoDrop,
        "r3qk2r1/1pp2p1p2/2g3pg2/2bp3npp/p3p5/2PPP5/P6G1P/1P1G1BP3/3B1P1PP1/R3QK3R w - KQq 00 50",
    ),
    (
        Variant::LongjiangNoDrop,
        "r4k2r1/1p3p1p2/2q2bpg2/2pp1g2p1/p2Pp4p/2P1P5/P5G1PP/1P1G2PP2/3B1P4/R3QK3R b - KQq 00 65",
    ),
    (
        Variant::LongjiangNoDrop,
        "r4k4/3qpp3r/6ng2/p1pp4p1/7p1p/1PG1P2N1P/5P2P1/P5QP2/4P5/R6RK1 w - q 00 66",
    ),
    (
        Variant::LongjiangNoDrop,
        "r7r1/5p1k2/1pq2bp3/2pp1g1pp1/p2Pp4p/B1P1PP4/P3Q1GPPP/1P4P3/10/R4K3R w - KQ 00 80",
    ),
    (
        Variant::LongjiangNoDrop,
        "r7r1/7k2/1p5q2/3p2g1p1/3PpP1p1p/b6P1P/PR6P1/2B2GP3/4Q5/5K3R w - K 00 110",
    ),
    (
        Variant::LongjiangNoDrop,
        "6r3/4pk4/5p4/2pR4p1/7p1p/1P2P4P/PR3P3g/5K1P2/4P5/10 w - - 00 96",
    ),
    (
        Variant::LongjiangNoDrop,
        "10/10/6R3/8p1/6k3/P2N2np2/10/1P2P2P2/2P5PP/8K1 w - - 00 128",
    ),
    (
        Variant::LongjiangNoDrop,
        "10/1K2pk4/5p4/2g5p1/6rp1p/1P2P5/PR3P4/10/4P5/10 b - - 00 111",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn every_bench_position_parses_and_has_moves() {
        for (v, sfen) in POSITIONS {
            let p = Position::from_sfen(sfen, v.rules()).unwrap_or_else(|e| panic!("{sfen}: {e}"));
            assert!(crate::movegen::count_legal(&p) > 0, "{sfen}");
            assert!(p.outcome().is_none(), "{sfen}");
        }
        let drops = POSITIONS
            .iter()
            .filter(|(v, _)| *v == Variant::Longjiang)
            .count();
        assert!(drops >= 10 && POSITIONS.len() - drops >= 10);
    }
}
