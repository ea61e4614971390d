//! The built-in nets load, evaluate the start and a queen down sensibly, and round-trip through
//! the file form; and they know few-piece endings that self-play rarely reaches
//! (docs/datagen.md, "Endings"): a king with a rook, a queen, two rooks, … against a bare king
//! is clearly won for the stronger side, in both 龙将棋 games, with either side to move and
//! either colour attacking.

use longjiang_core::rules::{Color, Position, Variant};
use longjiang_engine::eval::nnue::{self, Network, evaluate_fresh};

/// The least a net must give the stronger side, centipawns.
const WON: i32 = 200;

/// King placements, attacker as the first player: the defending king, the attacking king,
/// the squares of the attacker's pieces (in order). No piece attacks or touches the
/// defending king, so neither side is in check and nothing hangs.
const LAYOUTS: [(&str, &str, [&str; 2]); 4] = [
    ("e10", "e1", ["a1", "b1"]),
    ("a10", "c5", ["h2", "h4"]),
    ("e6", "e1", ["a3", "j3"]),
    ("j1", "h3", ["a10", "b9"]),
];

/// The attacker's pieces besides its king.
const MATERIAL: [&str; 8] = ["R", "Q", "RR", "QR", "RB", "RN", "RG", "QQ"];

/// (file 0–9, rank 1–10) of a square such as `e10`.
fn square(name: &str) -> (usize, usize) {
    let file = (name.as_bytes()[0] - b'a') as usize;
    (file, name[1..].parse().expect("a rank"))
}

/// The SFEN of the board `pieces` (letter by (file, rank)) with `side` to move.
fn sfen(pieces: &[(char, (usize, usize))], side: Color) -> String {
    let rows: Vec<String> = (1..=10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..10 {
                match pieces.iter().find(|(_, sq)| *sq == (file, rank)) {
                    Some((c, _)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                        }
                        empty = 0;
                        row.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let side = if side == Color::Black { "b" } else { "w" };
    format!("{} {side} - - 00 1", rows.join("/"))
}

/// Every ending of the suite: (material, attacker, side to move, SFEN).
fn suite() -> Vec<(&'static str, Color, Color, String)> {
    let mut out = Vec::new();
    for (defender_king, attacker_king, squares) in LAYOUTS {
        for material in MATERIAL {
            for attacker in [Color::Black, Color::White] {
                for to_move in [Color::Black, Color::White] {
                    // The second player attacking: colours swapped, ranks mirrored.
                    let place = |c: char, sq: &str| {
                        let (f, r) = square(sq);
                        match attacker {
                            Color::Black => (c, (f, r)),
                            Color::White if c.is_ascii_uppercase() => {
                                (c.to_ascii_lowercase(), (f, 11 - r))
                            }
                            Color::White => (c.to_ascii_uppercase(), (f, 11 - r)),
                        }
                    };
                    let mut pieces = vec![place('k', defender_king), place('K', attacker_king)];
                    for (c, sq) in material.chars().zip(squares) {
                        pieces.push(place(c, sq));
                    }
                    out.push((material, attacker, to_move, sfen(&pieces, to_move)));
                }
            }
        }
    }
    out
}

#[test]
fn the_nets_score_few_piece_endings_as_won_for_the_stronger_side() {
    for game in [Variant::Longjiang, Variant::LongjiangNoDrop] {
        let net = nnue::embedded(game).unwrap_or_else(|| panic!("no net for {game}"));
        let mut failures = Vec::new();
        let mut count = 0;
        for (material, attacker, to_move, text) in suite() {
            let pos = Position::from_sfen(&text, game.rules())
                .unwrap_or_else(|e| panic!("{game}: {text}: {e}"));
            assert!(!pos.in_check(), "{text}: the suite has no checks");
            let v = evaluate_fresh(&net, &pos);
            let strong = if attacker == to_move { v } else { -v };
            if strong < WON {
                failures.push(format!("K+{material} v K {text}: {strong} cp"));
            }
            count += 1;
        }
        assert_eq!(count, LAYOUTS.len() * MATERIAL.len() * 4);
        assert!(
            failures.is_empty(),
            "{game}: {} of {count} endings below +{WON} cp for the stronger side:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

#[test]
fn the_suite_is_what_it_says() {
    // The first ending is K+R v K, and each has both kings and the material.
    let all = suite();
    assert_eq!(all[0].3, "4k5/10/10/10/10/10/10/10/10/R3K5 b - - 00 1");
    for (material, attacker, _, text) in &all {
        let board = text.split(' ').next().unwrap();
        let (ours, theirs): (String, String) = board
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .partition(|c| c.is_ascii_uppercase());
        let (strong, weak) = match attacker {
            Color::Black => (ours, theirs),
            Color::White => (theirs.to_ascii_uppercase(), ours.to_ascii_lowercase()),
        };
        assert_eq!(weak, "k", "{text}");
        let mut want: Vec<char> = format!("K{material}").chars().collect();
        let mut got: Vec<char> = strong.chars().collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{text}");
    }
}

#[test]
fn the_embedded_nets_load_and_evaluate() {
    for v in Variant::ALL {
        let net = nnue::embedded(v).unwrap_or_else(|| panic!("no net for {v}"));
        assert_eq!(net.game(), v);
        let rules = v.rules();
        let start = evaluate_fresh(&net, &Position::start(rules));
        assert!(start.abs() < 150, "{v}: the start position is {start} cp");
        // The first player without a queen: clearly worse for the first player, and the
        // same from the other side when it is the second player to move.
        let sfen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBG1KGBNR";
        let down = Position::from_sfen(&format!("{sfen} b - KQkq 00 1"), rules).unwrap();
        let up = Position::from_sfen(&format!("{sfen} w - KQkq 00 1"), rules).unwrap();
        let (d, u) = (evaluate_fresh(&net, &down), evaluate_fresh(&net, &up));
        assert!(d < start - 200 && u > 200, "{v}: a queen down {d}, up {u}");
        // The file form round-trips.
        assert_eq!(Network::from_bytes(&net.to_bytes()).as_ref(), Ok(&*net));
    }
}
