//! Property tests: the record notation round-trips on random games. In every position along a
//! random game, every legal move is written, read back, and must give the same move; the whole
//! game also round-trips through a record file.

use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::{parse_move, write_move};
use longjiang_core::rules::{Position, Variant};
use proptest::prelude::*;
use std::collections::HashSet;

/// Plays a random game from `choices` (each picks a legal move by index), checking the
/// notation of every legal move on the way. Returns the game as a record.
fn check_game(variant: Variant, choices: &[u16]) -> Result<GameRecord, TestCaseError> {
    let mut pos = Position::start(variant.rules());
    let mut record = GameRecord::new(variant);
    for &choice in choices {
        if pos.outcome().is_some() {
            break;
        }
        let moves = legal_moves(&pos);
        let mut texts = HashSet::new();
        for &m in &moves {
            let text = write_move(&pos, m);
            prop_assert_eq!(
                parse_move(&pos, &text),
                Ok(m),
                "{} in {}",
                text,
                pos.to_sfen()
            );
            prop_assert!(texts.insert(text.clone()), "{} written twice", text);
            prop_assert_eq!(text.ends_with('＃'), pos.gives_check(m));
        }
        let m = moves[choice as usize % moves.len()];
        record.moves.push(m);
        pos.play(m);
    }
    Ok(record)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn notation_round_trips_on_random_games(
        nodrop in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..300),
    ) {
        let variant = if nodrop { Variant::LongjiangNoDrop } else { Variant::Longjiang };
        let record = check_game(variant, &choices)?;
        let text = record.to_text().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let read = GameRecord::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(read, record);
    }
}

/// The random games above reach every form of the notation: a deterministic run of the same
/// check over seeded games, counting what was written.
#[test]
fn random_games_reach_every_form() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 16) as u16
    };
    let mut seen: HashSet<&'static str> = HashSet::new();
    for game in 0..60 {
        let variant = if game % 3 == 0 {
            Variant::LongjiangNoDrop
        } else {
            Variant::Longjiang
        };
        let choices: Vec<u16> = (0..300).map(|_| next()).collect();
        let record = check_game(variant, &choices).unwrap();
        let mut pos = Position::start(variant.rules());
        for &m in &record.moves {
            for &any in &legal_moves(&pos) {
                let t = write_move(&pos, any);
                let numerals = t
                    .chars()
                    .filter(|c| "一二三四五六七八九十".contains(*c))
                    .count();
                let forms: [(&str, bool); 9] = [
                    ("drop", t.ends_with('打')),
                    (
                        "spear promotion",
                        t.contains('成')
                            && !t.contains("成副")
                            && !t.contains("成戟")
                            && !t.contains("成骑")
                            && !t.contains("成僧")
                            && !t.contains("成卫"),
                    ),
                    ("named promotion", t.contains("成副")),
                    ("capture", t.contains('Ｘ')),
                    ("check", t.ends_with('＃')),
                    ("castle ten", t.starts_with("戟帅")),
                    ("castle one", t.starts_with("戟一帅")),
                    ("origin square", numerals == 4),
                    (
                        "pawn capture",
                        t.chars()
                            .next()
                            .is_some_and(|c| "一二三四五六七八九十".contains(c))
                            && t.contains('Ｘ'),
                    ),
                ];
                for (name, hit) in forms {
                    if hit {
                        seen.insert(name);
                    }
                }
            }
            pos.play(m);
        }
    }
    assert_eq!(seen.len(), 9, "forms reached: {seen:?}");
}
