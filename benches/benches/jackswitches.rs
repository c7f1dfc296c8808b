//! Jacks and Witches 84: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{JacksWitches, Variant};

fn jackswitches(c: &mut Criterion) {
    bench_game::<JacksWitches>(c, Variant::JacksWitches, 3);
}

criterion_group!(benches, jackswitches);
criterion_main!(benches);
