//! The NNUE kernels for each hidden size: `cargo bench --bench nnue`.

use criterion::{Criterion, criterion_group, criterion_main};
use longjiang_engine::eval::nnue::kernels;
use std::hint::black_box;

fn kernels(c: &mut Criterion) {
    for h in [128usize, 256, 512] {
        let row = |k: i16| -> Vec<i16> { (0..h).map(|i| ((i as i16 * 7 + k) % 61) - 30).collect() };
        let (src, a, b, r, s) = (row(1), row(2), row(3), row(4), row(5));
        let mut v = vec![0i16; h];
        c.bench_function(&format!("apply {h}"), |bench| {
            bench.iter(|| {
                kernels::apply(h, &mut v, black_box(&src), &[&a, &b], &[&r, &s]);
                black_box(&v);
            })
        });
        c.bench_function(&format!("dot {h}"), |bench| {
            bench.iter(|| black_box(kernels::dot(h, black_box(&src), black_box(&a))))
        });
    }
}

criterion_group!(benches, kernels);
criterion_main!(benches);
