//! Orthodox chess: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{Chess, Variant};

fn chess(c: &mut Criterion) {
    bench_game::<Chess>(c, Variant::Chess, 5);
}

criterion_group!(benches, chess);
criterion_main!(benches);
