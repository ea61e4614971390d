//! Differential test of standard shogi against python-shogi (PyPI), an independent move
//! generator: random playouts from the start position and the seven handicaps, and at every
//! position the legal-move sets of both must be equal. CI runs a short sample;
//! `LONGJIANG_SHOGI_PLAYOUTS=2000 cargo test --release --test shogi_reference` is the long run
//! (docs/shogi.md). `scripts/test` installs python-shogi into `target/shogi-venv`; another
//! interpreter can be named with `LONGJIANG_SHOGI_PYTHON`.

mod common;

use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::games::shogi::HANDICAPS;
use longjiang_core::rules::{Position, TextForm, Variant};

/// The reference's legal moves of each SFEN, one sorted list per SFEN.
fn reference_moves(sfens: &[String]) -> Vec<Vec<String>> {
    common::ask_shogi_python("shogi_reference.py", &["moves"], sfens)
        .iter()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn legal_moves_equal_python_shogi_on_random_playouts() {
    let games: usize = std::env::var("LONGJIANG_SHOGI_PLAYOUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(16);
    let rules = Variant::Shogi.rules();
    let starts: Vec<&str> = std::iter::once(rules.start_sfen)
        .chain(HANDICAPS.iter().map(|h| h.2))
        .collect();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut sfens = Vec::new();
    let mut ours = Vec::new();
    for g in 0..games {
        let mut pos = Position::from_sfen(starts[g % starts.len()], rules).expect("start");
        for _ in 0..160 {
            let moves = legal_moves(&pos);
            let mut text: Vec<String> =
                moves.iter().map(|&m| move_text(m, TextForm::Usi)).collect();
            text.sort();
            sfens.push(pos.to_sfen());
            ours.push(text);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rnd() % moves.len() as u64) as usize];
            pos.play(m);
        }
    }
    let theirs = reference_moves(&sfens);
    let mut bad = Vec::new();
    for ((sfen, a), b) in sfens.iter().zip(&ours).zip(&theirs) {
        if a != b {
            let only_ours: Vec<&String> = a.iter().filter(|m| !b.contains(m)).collect();
            let only_theirs: Vec<&String> = b.iter().filter(|m| !a.contains(m)).collect();
            bad.push(format!(
                "{sfen}: only longjiang {only_ours:?}, only python-shogi {only_theirs:?}"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} positions differ:\n{}",
        bad.len(),
        sfens.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
    assert!(
        sfens.len() > games * 20,
        "playouts too short: {}",
        sfens.len()
    );
}
