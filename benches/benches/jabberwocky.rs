//! Jabberwocky chess: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{Jabberwocky, Variant};

fn jabberwocky(c: &mut Criterion) {
    bench_game::<Jabberwocky>(c, Variant::Jabberwocky, 5);
}

criterion_group!(benches, jabberwocky);
criterion_main!(benches);
