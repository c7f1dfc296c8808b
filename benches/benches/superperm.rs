//! Superpermutation chess: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{Superperm, Variant};

fn superperm(c: &mut Criterion) {
    bench_game::<Superperm>(c, Variant::Superpermutation, 4);
}

criterion_group!(benches, superperm);
criterion_main!(benches);
