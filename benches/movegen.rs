//! Move generation and perft benchmarks: `cargo bench --bench movegen`.

use criterion::{Criterion, criterion_group, criterion_main};
use longjiang_core::movegen::{count_legal, legal_moves, perft};
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position, Rules, SHOGI};
use std::hint::black_box;

/// Positions of the three games: the start, an opening, a middlegame with pieces in hand; for
/// shogi the start, an opening and matsuri (a published perft position full of checks and
/// drops).
fn positions() -> Vec<(&'static str, Position)> {
    let play = |rules: Rules, moves: &str| {
        let mut pos = Position::start(rules);
        for m in moves.split_whitespace() {
            let mv = pos.parse_move(m).expect("bench line is legal");
            pos.play(mv);
        }
        pos
    };
    vec![
        ("start", Position::start(LONGJIANG)),
        ("opening", play(LONGJIANG, "f2f4 e9e7 b1c3 b10c8 e2e4 f9f8 d2d3 i10h8 c1e3 d9d8")),
        (
            "hands",
            Position::from_sfen("r1bgqkgb1r/ppp2ppppp/2n7/3pp3n1/10/4P5/10/2N2N4/PPPP1PPPPP/R1BGQKGB1R b BPnp KQkq 00 15", LONGJIANG)
                .expect("bench SFEN is valid"),
        ),
        ("nodrop-opening", play(LONGJIANG_NODROP, "f2f4 e9e7 b1c3 b10c8 e2e4 f9f8")),
        ("shogi-start", Position::start(SHOGI)),
        ("shogi-opening", play(SHOGI, "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b")),
        (
            "shogi-matsuri",
            Position::from_sfen(
                "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                SHOGI,
            )
            .expect("bench SFEN is valid"),
        ),
    ]
}

fn bench_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for (name, pos) in positions() {
        group.bench_function(format!("legal_moves/{name}"), |b| {
            b.iter(|| legal_moves(black_box(&pos)).len())
        });
        group.bench_function(format!("count_legal/{name}"), |b| {
            b.iter(|| count_legal(black_box(&pos)))
        });
        let moves = legal_moves(&pos);
        let mut p = pos.clone();
        group.bench_function(format!("play_undo_all/{name}"), |b| {
            b.iter(|| {
                for &m in moves.iter() {
                    p.play(m);
                    p.undo();
                }
            })
        });
    }
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, rules) in [
        ("longjiang", LONGJIANG),
        ("longjiang-nodrop", LONGJIANG_NODROP),
        ("shogi", SHOGI),
    ] {
        let mut pos = Position::start(rules);
        group.bench_function(format!("start_depth4/{name}"), |b| {
            b.iter(|| perft(black_box(&mut pos), 4))
        });
    }
    let (_, mut hands) = positions().swap_remove(2);
    group.bench_function("hands_depth3", |b| {
        b.iter(|| perft(black_box(&mut hands), 3))
    });
    group.finish();
}

criterion_group!(benches, bench_movegen, bench_perft);
criterion_main!(benches);
