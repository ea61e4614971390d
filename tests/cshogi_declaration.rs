//! Differential test of shogi's entering-king declaration (入玉宣言) against cshogi (PyPI), the
//! judge of the cshogi and ShogiArena client tests: on random positions built near the rule's
//! edges (the king in the enemy camp or not, 7–13 pieces there, points about the line, in check
//! or not), `Position::declaration` under `CSARule27` and `CSARule24` must say what cshogi's
//! `Board.is_nyugyoku(LAW_27 / LAW_24)` says. `scripts/test` installs cshogi into
//! `target/shogi-venv` (another interpreter: `LONGJIANG_SHOGI_PYTHON`).

mod common;

use longjiang_core::movegen::playout::XorShift;
use longjiang_core::rules::{EnteringKingRule, Position, Variant};

/// The pieces besides the kings, as SFEN letters, with their counts in a shogi set.
const SET: [(char, usize); 7] = [
    ('R', 2),
    ('B', 2),
    ('G', 4),
    ('S', 4),
    ('N', 4),
    ('L', 4),
    ('P', 18),
];

/// One random position as SFEN: the side to move (`black`) has `in_zone` pieces placed in its
/// promotion zone (rows 0–2 for black, 6–8 for white), its king there nine times in ten, and the
/// other pieces of the set go to the board or either hand at random.
fn random_sfen(rng: &mut XorShift) -> String {
    let black = rng.below(2) == 0;
    let zone = |row: usize, for_black: bool| if for_black { row < 3 } else { row > 5 };
    let mut board: [[Option<String>; 9]; 9] = Default::default();
    let mut pawn_files = [[false; 9]; 2];
    let mut hands = [Vec::new(), Vec::new()];
    let empty_square =
        |board: &[[Option<String>; 9]; 9], rng: &mut XorShift, want: &dyn Fn(usize) -> bool| {
            for _ in 0..200 {
                let (r, f) = (rng.below(9), rng.below(9));
                if board[r][f].is_none() && want(r) {
                    return Some((r, f));
                }
            }
            None
        };
    let mut place = |board: &mut [[Option<String>; 9]; 9],
                     rng: &mut XorShift,
                     letter: char,
                     white: bool,
                     (r, f): (usize, usize)| {
        // A piece that could never move again, or a second unpromoted pawn on a file, promotes.
        let last = if white { 8 - r } else { r };
        let dead = match letter {
            'P' | 'L' => last == 0,
            'N' => last < 2,
            _ => false,
        };
        let side = usize::from(white);
        let twin = letter == 'P' && pawn_files[side][f];
        let promote = letter != 'G' && letter != 'K' && (dead || twin || rng.below(4) == 0);
        if letter == 'P' && !promote {
            pawn_files[side][f] = true;
        }
        let text = if white {
            letter.to_ascii_lowercase()
        } else {
            letter
        };
        board[r][f] = Some(if promote {
            format!("+{text}")
        } else {
            text.to_string()
        });
    };
    let us_white = !black;
    let king_in = rng.below(10) != 0;
    let sq = empty_square(&board, rng, &|r| zone(r, black) == king_in).expect("a square");
    place(&mut board, rng, 'K', us_white, sq);
    let sq = empty_square(&board, rng, &|_| true).expect("a square");
    place(&mut board, rng, 'K', !us_white, sq);
    let mut pieces: Vec<char> = SET
        .iter()
        .flat_map(|&(c, n)| std::iter::repeat_n(c, n))
        .collect();
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, rng.below(i + 1));
    }
    let in_zone = 7 + rng.below(7);
    for (i, &letter) in pieces.iter().enumerate() {
        let spot = if i < in_zone { 0 } else { 1 + rng.below(6) };
        // Where the piece goes: (whose, which rows: 0 our zone, 1 outside it, 2 any), or a hand.
        let target = match spot {
            0 => Some((us_white, 0)),
            1 => Some((us_white, 1)),
            2 | 3 => Some((!us_white, 2)),
            _ => None,
        };
        let want = |region: usize, r: usize| region == 2 || zone(r, black) == (region == 0);
        match target.and_then(|(white, region)| {
            Some((white, empty_square(&board, rng, &|r| want(region, r))?))
        }) {
            Some((white, sq)) => place(&mut board, rng, letter, white, sq),
            None => {
                let to_us = spot == 4 || rng.below(2) == 0;
                hands[usize::from(to_us == us_white)].push(letter);
            }
        }
    }
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut gap = 0;
            for cell in row {
                match cell {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            text += &gap.to_string();
                            gap = 0;
                        }
                        text += p;
                    }
                }
            }
            if gap > 0 {
                text += &gap.to_string();
            }
            text
        })
        .collect();
    let mut hand = String::new();
    for (side, pieces) in hands.iter().enumerate() {
        for &(letter, _) in &SET {
            let n = pieces.iter().filter(|&&c| c == letter).count();
            let letter = if side == 1 {
                letter.to_ascii_lowercase()
            } else {
                letter
            };
            match n {
                0 => {}
                1 => hand.push(letter),
                _ => hand += &format!("{n}{letter}"),
            }
        }
    }
    if hand.is_empty() {
        hand.push('-');
    }
    let turn = if black { 'b' } else { 'w' };
    format!("{} {turn} {hand} 1", rows.join("/"))
}

/// cshogi's verdicts: for each SFEN, `is_nyugyoku` under the 27- and the 24-point rule.
fn cshogi_verdicts(sfens: &[String]) -> Vec<(bool, bool)> {
    common::ask_shogi_python("cshogi_nyugyoku.py", &[], sfens)
        .iter()
        .map(|l| match l.as_str() {
            "27 24" => (true, true),
            "27 -" => (true, false),
            "- 24" => (false, true),
            "- -" => (false, false),
            other => panic!("cshogi_nyugyoku.py answered {other:?}"),
        })
        .collect()
}

#[test]
fn the_csa_declaration_rules_agree_with_cshogi_on_positions_near_their_edges() {
    let shogi = Variant::Shogi.rules();
    let csa27 = shogi.with_entering_king(EnteringKingRule::Csa27);
    let csa24 = shogi.with_entering_king(EnteringKingRule::Csa24);
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut sfens = Vec::new();
    let mut ours = Vec::new();
    while sfens.len() < 3000 {
        let sfen = random_sfen(&mut rng);
        // Positions the rules refuse (the side not to move in check) are not asked.
        let (Ok(p27), Ok(p24)) = (
            Position::from_sfen(&sfen, csa27),
            Position::from_sfen(&sfen, csa24),
        ) else {
            continue;
        };
        ours.push((p27.declaration().is_some(), p24.declaration().is_some()));
        sfens.push(sfen);
    }
    let theirs = cshogi_verdicts(&sfens);
    let differ: Vec<String> = (0..sfens.len())
        .filter(|&i| ours[i] != theirs[i])
        .map(|i| format!("{}: ours {:?}, cshogi {:?}", sfens[i], ours[i], theirs[i]))
        .collect();
    assert!(
        differ.is_empty(),
        "{} of {} positions differ:\n{}",
        differ.len(),
        sfens.len(),
        differ.join("\n")
    );
    // Both answers occur often under each rule, so the agreement is not an empty one.
    let yes27 = ours.iter().filter(|v| v.0).count();
    let yes24 = ours.iter().filter(|v| v.1).count();
    for (name, yes) in [("CSARule27", yes27), ("CSARule24", yes24)] {
        assert!(
            yes >= 100 && yes <= sfens.len() - 100,
            "{name}: {yes} of {} positions may declare",
            sfens.len()
        );
    }
}
