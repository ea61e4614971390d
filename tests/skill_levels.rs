//! Levels for people (docs/levels.md): `Skill Level`, `UCI_LimitStrength` + `UCI_Elo` and
//! `Skill Seed` in every dialect's handshake; a weak level plays legal moves among its search's
//! best lines, the same ones for the same seed, and not always the best one; level 20 is the
//! plain search; bad values are refused with one error line.

mod engine_driver;

use engine_driver::cecp::XBoard;
use engine_driver::{Driver, PROMPT};
use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{Move, Position, Variant};
use longjiang_engine::search::skill::Skill;
use longjiang_engine::search::{Engine, Limits};
use std::time::Duration;

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Positions along a game: the start, then the first legal move (by a fixed stride) each ply.
fn positions(v: Variant, plies: usize) -> Vec<Position> {
    let mut p = Position::start(v.rules());
    let mut all = vec![p.clone()];
    for i in 0..plies {
        let moves = legal_moves(&p);
        if moves.is_empty() {
            break;
        }
        let m = moves[(i * 7 + 3) % moves.len()];
        p.play(m);
        all.push(p.clone());
    }
    all
}

/// The move an engine at `skill` plays in `p` with `limits`.
fn play(skill: Option<Skill>, p: &Position, limits: Limits) -> Move {
    let mut e = Engine::new();
    e.set_hash_mb(8);
    if let Some(s) = skill {
        e.set_skill(s);
    }
    e.set_position(p.clone());
    e.search_sync(limits).best.expect("a move")
}

#[test]
fn level_zero_plays_legal_seeded_moves_among_the_best_lines_in_every_game() {
    for v in Variant::EVERY {
        let mut differs = 0;
        let all = positions(v, 12);
        for p in &all {
            let a = play(Some(Skill::level(0, 11)), p, depth(6));
            assert!(p.is_legal(a), "{v}: {a} in {}", p.to_sfen());
            assert_eq!(a, play(Some(Skill::level(0, 11)), p, depth(6)), "{v}");
            // One of the four best moves of a one-ply search: the level's own search.
            let mut wide = Engine::new();
            wide.set_hash_mb(8);
            wide.set_multipv(4);
            wide.set_position(p.clone());
            let (l, events) = longjiang_engine::search::engine::collecting_listener();
            let best = wide.search_with(depth(1), l).best;
            let firsts: Vec<Move> = events
                .lock()
                .unwrap()
                .iter()
                .filter_map(|e| match e {
                    longjiang_engine::search::SearchEvent::Info(i) => i.pv.first().copied(),
                    _ => None,
                })
                .collect();
            assert!(firsts.contains(&a), "{v}: {a} not among {firsts:?}");
            differs += usize::from(Some(a) != best);
        }
        assert!(differs > 0, "{v}: level 0 always played the best move");
        assert!(
            differs < all.len(),
            "{v}: level 0 never played the best move"
        );
    }
}

#[test]
fn level_twenty_is_the_plain_search() {
    for v in Variant::EVERY {
        for p in positions(v, 6) {
            let mut plain = Engine::new();
            plain.set_hash_mb(8);
            plain.set_position(p.clone());
            let want = plain.search_sync(depth(5));
            let mut full = Engine::new();
            full.set_hash_mb(8);
            full.set_skill(Skill::level(20, 5));
            full.set_position(p.clone());
            let got = full.search_sync(depth(5));
            assert_eq!(
                (got.best, got.nodes, got.pv),
                (want.best, want.nodes, want.pv)
            );
        }
    }
}

fn handshake(e: &mut Driver, hello: &str, ok: &str) -> Vec<String> {
    e.send(hello);
    e.until_prefix(PROMPT, ok)
}

const USI_LINES: [&str; 4] = [
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 2000 min 1460 max 3000",
    "option name Skill Seed type spin default 0 min 0 max 2147483647",
];

#[test]
fn every_handshake_offers_the_strength_options() {
    for (args, hello, ok) in [
        (&[][..], "usi", "usiok"),
        (&["--variant", "shogi"][..], "usi", "usiok"),
        (&[][..], "uci", "uciok"),
        (&["--variant", "longjiang-nodrop"][..], "uci", "uciok"),
    ] {
        let mut e = Driver::start_with(args);
        let lines = handshake(&mut e, hello, ok);
        for want in USI_LINES {
            assert!(lines.iter().any(|l| l == want), "{hello} {args:?}: {want}");
        }
    }
    let mut x = Driver::start();
    x.send("xboard");
    x.send("protover 2");
    let features = x.until(PROMPT, |l| l == "feature done=1");
    for want in [
        "feature option=\"Skill Level -spin 20 0 20\"",
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"UCI_Elo -spin 2000 1460 3000\"",
        "feature option=\"Skill Seed -spin 0 0 2147483647\"",
    ] {
        assert!(features.iter().any(|l| l == want), "{want}: {features:?}");
    }
}

/// The moves of a 6-ply game a fresh engine process plays against itself with `setup` sent
/// first.
fn answers(setup: &[&str], hello: &str, ok: &str) -> Vec<String> {
    let mut e = Driver::start();
    handshake(&mut e, hello, ok);
    for s in setup {
        assert_eq!(e.ask(s), Vec::<String>::new(), "{s}");
    }
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..6 {
        let line = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&line);
        e.send("go depth 8");
        let lines = e.until_prefix(Duration::from_secs(60), "bestmove");
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
        moves.push(best.expect("a bestmove").to_string());
    }
    moves
}

#[test]
fn the_options_reach_the_search_in_usi_and_uci() {
    let weak = [
        "setoption name Skill Level value 0",
        "setoption name Skill Seed value 42",
    ];
    for (hello, ok) in [("usi", "usiok"), ("uci", "uciok")] {
        let a = answers(&weak, hello, ok);
        assert_eq!(
            a,
            answers(&weak, hello, ok),
            "{hello}: a seed gives the same moves"
        );
        let elo = [
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1460",
            "setoption name Skill Seed value 42",
        ];
        assert_eq!(
            a,
            answers(&elo, hello, ok),
            "{hello}: UCI_Elo 1460 is level 0"
        );
    }
}

#[test]
fn bad_values_are_refused_with_one_error_line() {
    let mut e = Driver::start();
    handshake(&mut e, "usi", "usiok");
    for (cmd, says) in [
        (
            "setoption name Skill Level value 99",
            "not an integer in 0 … 20",
        ),
        (
            "setoption name UCI_Elo value strong",
            "not an integer in 1460 … 3000",
        ),
        (
            "setoption name UCI_Elo value 1459",
            "not an integer in 1460 … 3000",
        ),
        (
            "setoption name UCI_LimitStrength value 1",
            "expected true or false",
        ),
        (
            "setoption name Skill Seed value -3",
            "not an integer in 0 … 2147483647",
        ),
    ] {
        let got = e.ask(cmd);
        assert_eq!(got.len(), 1, "{cmd}: {got:?}");
        assert!(got[0].starts_with("info string error: "), "{cmd}: {got:?}");
        assert!(got[0].contains(says), "{cmd}: {got:?}");
    }
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.until_prefix(Duration::from_secs(60), "bestmove");
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")));
    let mut x = XBoard::start();
    let got = x.ask("option Skill Level=99");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("Error"), "{got:?}");
    assert_eq!(x.ask("option Skill Level=3"), Vec::<String>::new());
    assert_eq!(x.ask("option UCI_LimitStrength=1"), Vec::<String>::new());
}
