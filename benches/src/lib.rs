#![warn(missing_docs)]
//! The benchmarks every game shares (move generation, copy-make, perft of the start
//! position), run on the positions of `vorpal bench`.

use criterion::{Criterion, Throughput};
use std::hint::black_box;
use vorpal_engine::bench::bench_set;
use vorpal_engine::{Game, MoveList, Variant};
use vorpal_perft::perft;

/// Benchmarks `G` on the variant's bench positions (those `vorpal bench` searches)
/// under the group named after the variant.
pub fn bench_game<G: Game>(c: &mut Criterion, variant: Variant, perft_depth: u32) {
    let (fens, _) = bench_set(variant);
    let positions: Vec<G> = fens
        .iter()
        .map(|fen| G::from_fen(variant, fen).expect("valid FEN"))
        .collect();
    let lists: Vec<MoveList<G::Move>> = positions
        .iter()
        .map(|p| {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            moves
        })
        .collect();
    let mut group = c.benchmark_group(variant.name());

    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                let mut moves = MoveList::new();
                black_box(pos).legal_moves(&mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).count_legal_moves()).sum::<u64>())
    });

    group.throughput(Throughput::Elements(lists.iter().map(|l| l.len() as u64).sum()));
    group.bench_function("play", |b| {
        b.iter(|| {
            let mut hash = 0;
            for (pos, moves) in positions.iter().zip(&lists) {
                for &mv in moves {
                    hash ^= black_box(pos).play(mv).hash();
                }
            }
            hash
        })
    });

    let start = G::startpos(variant);
    group.throughput(Throughput::Elements(perft(&start, perft_depth)));
    group.sample_size(10);
    group.bench_function(format!("perft_start_{perft_depth}"), |b| {
        b.iter(|| perft(black_box(&start), perft_depth))
    });
    group.finish();
}
