//! Orthodox chess: move generation, copy-make and perft.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use vorpal_benches::CHESS_POSITIONS;
use vorpal_engine::{Chess, Game, MoveList, Variant};
use vorpal_perft::perft;

fn positions() -> Vec<Chess> {
    CHESS_POSITIONS
        .iter()
        .map(|fen| Chess::from_fen(Variant::Chess, fen).expect("valid FEN"))
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("chess");
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
    group.finish();
}

fn make_move(c: &mut Criterion) {
    let positions = positions();
    let lists: Vec<MoveList<_>> = positions
        .iter()
        .map(|p| {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            moves
        })
        .collect();
    let count: usize = lists.iter().map(|l| l.len()).sum();
    let mut group = c.benchmark_group("chess");
    group.throughput(Throughput::Elements(count as u64));
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
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start = Chess::startpos(Variant::Chess);
    let mut group = c.benchmark_group("chess");
    group.throughput(Throughput::Elements(perft(&start, 5)));
    group.sample_size(10);
    group.bench_function("perft_start_5", |b| b.iter(|| perft(black_box(&start), 5)));
    group.finish();
}

criterion_group!(benches, movegen, make_move, perft_start);
criterion_main!(benches);
