//! Alice chess: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{Alice, Variant};

fn alice(c: &mut Criterion) {
    bench_game::<Alice>(c, Variant::Alice, 5);
}

criterion_group!(benches, alice);
criterion_main!(benches);
