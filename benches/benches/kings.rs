//! "It's not a job for King" (maharajah, twokings, twokings4): move generation,
//! copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion};
use vorpal_benches::bench_game;
use vorpal_engine::{Maharajah, TwoKings, Variant};

fn kings(c: &mut Criterion) {
    bench_game::<Maharajah>(c, Variant::Maharajah, 4);
    bench_game::<TwoKings>(c, Variant::TwoKings, 4);
    bench_game::<TwoKings>(c, Variant::TwoKings4, 4);
}

criterion_group!(benches, kings);
criterion_main!(benches);
