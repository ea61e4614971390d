//! Evaluation tests: colour symmetry, the trace agrees with `evaluate`, sensible signs.

use longjiang_core::rules::samples::POSITIONS;
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position, Rules};
use longjiang_engine::eval::{evaluate, trace};
use longjiang_engine::search::bench::parse_position_list;

/// The same position with the sides exchanged: ranks mirrored, colours and everything that
/// belongs to a side swapped.
fn mirror(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "b" { "w" } else { "b" };
    let hands = if f[2] == "-" {
        "-".to_string()
    } else {
        // Counts are digits (unchanged by the swap); uppercase groups must come first.
        let swapped = swap(f[2]);
        let mut upper = String::new();
        let mut lower = String::new();
        let mut pending = String::new();
        for c in swapped.chars() {
            if c.is_ascii_digit() {
                pending.push(c);
            } else {
                let target = if c.is_ascii_uppercase() {
                    &mut upper
                } else {
                    &mut lower
                };
                target.push_str(&pending);
                target.push(c);
                pending.clear();
            }
        }
        upper + &lower
    };
    let castling = if f[3] == "-" {
        "-".to_string()
    } else {
        let s = swap(f[3]);
        let mut up: Vec<char> = s.chars().filter(|c| c.is_ascii_uppercase()).collect();
        let mut lo: Vec<char> = s.chars().filter(|c| c.is_ascii_lowercase()).collect();
        up.sort_by_key(|&c| if c == 'K' { 0 } else { 1 });
        lo.sort_by_key(|&c| if c == 'k' { 0 } else { 1 });
        up.into_iter().chain(lo).collect()
    };
    let cd: String = f[4].chars().rev().collect();
    format!(
        "{} {side} {hands} {castling} {cd} {}",
        board.join("/"),
        f[5]
    )
}

fn both(sfen: &str, rules: Rules) -> (Position, Position) {
    let a = Position::from_sfen(sfen, rules).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let m = mirror(sfen);
    let b = Position::from_sfen(&m, rules).unwrap_or_else(|e| panic!("{m}: {e}"));
    (a, b)
}

#[test]
fn evaluation_is_colour_symmetric() {
    for (v, sfen) in POSITIONS {
        let (a, b) = both(sfen, v.rules());
        assert_eq!(evaluate(&a), evaluate(&b), "{sfen}");
    }
    // Positions with drop cooldowns and pieces in hand on both sides.
    for sfen in [
        "r2gqkg2r/1p2pp1ppp/3p1bp3/p1p7/5Nnb2/1N1P3b2/P3P4P/3G4P1/1PP2PPPB1/R3QKG2R w N KQkq 22 44",
        "r3qk4/2p1pp1PPb/p1g2bg2r/1p1p4pP/5p4/3P4P1/P6R2/1PQ1G1PG2/2P1PP1P2/R4K4 b BNb3n Qq 20 80",
    ] {
        let (a, b) = both(sfen, LONGJIANG);
        assert_eq!(evaluate(&a), evaluate(&b), "{sfen}");
    }
    // The self-play positions of the time-to-depth measurement.
    let list = parse_position_list(include_str!("../../../examples/ttd_positions.txt"))
        .unwrap_or_else(|e| panic!("ttd_positions.txt: {e}"));
    assert_eq!(list.len(), 60);
    for (v, sfen) in list {
        let (a, b) = both(sfen, v.rules());
        assert_eq!(evaluate(&a), evaluate(&b), "{sfen}");
    }
}

#[test]
fn trace_explains_the_same_score() {
    for (v, sfen) in POSITIONS {
        let p = Position::from_sfen(sfen, v.rules()).unwrap();
        let t = trace(&p);
        assert_eq!(t.score, evaluate(&p));
        let text = t.to_string();
        for term in [
            "material",
            "mobility",
            "king danger",
            "pawns",
            "threats",
            "evaluation",
        ] {
            assert!(text.contains(term), "{term} missing from\n{text}");
        }
    }
}

#[test]
fn material_and_hand_count() {
    let start = Position::start(LONGJIANG);
    // An extra queen in hand is worth a lot; the start position is about level.
    assert!(evaluate(&start).abs() < 60);
    let up = Position::from_sfen(
        "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b Q KQkq 00 1",
        LONGJIANG,
    )
    .unwrap();
    assert!(evaluate(&up) > 800);
    // The same queen on the board of the no-drop game is worth about as much.
    let board = Position::from_sfen(
        "rnbgqkgbnr/pppppppppp/10/10/10/4Q5/10/10/PPPPPPPPPP/RNBGQKGBNR w - KQkq 00 1",
        LONGJIANG_NODROP,
    )
    .unwrap();
    assert!(evaluate(&board) < -800);
}
