//! Criterion bench of the static evaluation on the bench positions of both games.

use criterion::{Criterion, criterion_group, criterion_main};
use longjiang_core::rules::Position;
use longjiang_core::rules::samples::POSITIONS;
use longjiang_engine::eval::evaluate;
use std::hint::black_box;

fn eval_positions(c: &mut Criterion) {
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|(v, s)| Position::from_sfen(s, v.rules()).expect("bench positions parse"))
        .collect();
    c.bench_function("evaluate 25 bench positions", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for p in &positions {
                sum += evaluate(black_box(p)) as i64;
            }
            sum
        })
    });
}

criterion_group!(benches, eval_positions);
criterion_main!(benches);
