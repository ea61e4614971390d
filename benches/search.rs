//! Criterion bench of a fixed-depth search (one thread, table and histories cleared first)
//! from the start positions of both games and a middlegame with pieces in hand; and of a
//! game's run of searches with the built-in nets, the table kept from move to move as in a
//! real game (what `longjiang bench`'s fresh positions cannot show: notes/speed.md).

use criterion::{Criterion, criterion_group, criterion_main};
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position};
use longjiang_engine::eval::nnue::default_nets;
use longjiang_engine::search::{Engine, Limits};

fn fixed_depth(c: &mut Criterion) {
    let cases = [
        ("drop game start, depth 8", Position::start(LONGJIANG), 8),
        ("no-drop game start, depth 8", Position::start(LONGJIANG_NODROP), 8),
        (
            "drop game middlegame with hands, depth 7",
            Position::from_sfen(
                "r3qk3r/2p1pp2p1/p1g2bgpn1/1p1p1p3P/10/3P4P1/P2B6/1PQ1G1PN1R/2P1PP1P2/R4KG3 w BPb2n Qkq 00 56",
                LONGJIANG,
            )
            .expect("valid"),
            7,
        ),
    ];
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    for (name, pos, depth) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                engine.new_game();
                engine.set_position(pos.clone());
                engine.search_sync(Limits {
                    depth: Some(depth),
                    ..Limits::default()
                })
            })
        });
    }
    group.finish();
}

/// Self-play from each 龙将棋 game's start: 16 plies at 20,000 nodes a move, one engine with
/// the built-in nets keeping its table (cleared once per run).
fn game_run(c: &mut Criterion) {
    let mut group = c.benchmark_group("search game");
    group.sample_size(10);
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    engine.set_nnue(default_nets());
    for (name, rules) in [("drop game", LONGJIANG), ("no-drop game", LONGJIANG_NODROP)] {
        group.bench_function(format!("{name}, 16 plies at 20,000 nodes"), |b| {
            b.iter(|| {
                engine.new_game();
                let mut pos = Position::start(rules);
                for _ in 0..16 {
                    engine.set_position(pos.clone());
                    let r = engine.search_sync(Limits {
                        nodes: Some(20_000),
                        ..Limits::default()
                    });
                    match r.best {
                        Some(m) => pos.play(m),
                        None => break,
                    }
                }
                pos
            })
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, game_run);
criterion_main!(benches);
