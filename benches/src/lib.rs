//! The benchmarks every game shares (move generation, copy-make, perft of the start
//! position) and the positions they run on.

use criterion::{Criterion, Throughput};
use std::hint::black_box;
use vorpal_engine::{Game, MoveList, Variant};
use vorpal_perft::perft;

/// Orthodox middle-game and endgame positions of the usual perft suite.
pub const CHESS_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Alice positions from the reference suite (`|` marks a piece on board B).
pub const ALICE_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/4p3/8/PPPP|BPPP/RNBQK1NR w KQkq - 0 3",
    "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/R3KB1R w KQ - 3 11",
    "rnb1k|bnr/3pp3/2|p2|p|p1/|p|p2P|B1|p/7|P/|P4R|q|N/|RPPP|KPP1/2BN1|Q2 b kq - 2 15",
    "3q|Qbn1/1pk1p1p1/|n1|p5/|p4|p1|p/|r|P2|P1|b1/2|N|P2|P|B/P1P2P1|r/1|RB1K1NR w K - 0 11",
];

/// Jabberwocky: the start, middle games from random playouts, the seed's examples.
pub const JABBERWOCKY_POSITIONS: &[&str] = &[
    "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w - - 0 1",
    "k1kkk1kk/1kp1pkp1/4p1p1/8/8/N2PP1P1/K3KB2/K2PKKKK w - - 0 1",
    "kkpkkk1k/1p6/1n6/8/6b1/1P6/1PPPPP2/K1K1PP1K w - - 0 1",
    "2pp3k/3p1ppk/3np2p/8/b7/N2P2P1/1PP1P2P/K3P1PP w - - 0 1",
    "3kk3/8/8/1p6/8/2N5/4B3/1R4KK w - - 0 1",
    "k6R/8/p7/8/8/6r1/K5N1/8 b - - 0 1",
];

/// Superpermutation: the start, the seed's game, positions of random playouts.
pub const SUPERPERMUTATION_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "r1bqk1nr/pNp2ppp/1Rn5/1p1pp3/8/P4P2/b1PPP1PP/1PBQKBNR b - - 3 5",
    "1Nb1k1nr/pRp2ppp/1pn5/1r1pp3/8/P4RPP/bPPPPPN1/2BQKBq1 w - - 1 9",
    "r1bqn1pB/p1pp3r/b1n1k2p/1P3pP1/1p2P2Q/P2BpK2/2PP1P2/RNB3NR w - - 0 1",
    "r1q1k1p1/p4p1R/n1p4p/1p1Pp1Pn/2Rp1Pr1/PP2P1bN/b1NB4/2PQBK1R b - - 0 1",
];

/// Maharajah: the start, middle games with Maharajahs and a lock, rule positions.
pub const MAHARAJAH_POSITIONS: &[&str] = &[
    "rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1 0+0",
    "r1b1wbnr/ppp2ppp/2n5/3pp3/4P3/2N2N2/PPPP1PPP/R1B+WWB1R b T - 3 4 0+0",
    "r1b1w1nr/ppp2ppp/2n5/1B1pp3/1b2P3/2N2N2/PPPP1PPP/R1+B+WW2R w - - 0 6 0+0",
    "7w/8/8/R6+r/8/8/8/4+N3 b - - 0 1 0+0",
];

/// Two Kings: both start positions, a castling position and a middle game.
pub const TWOKINGS_POSITIONS: &[&str] = &[
    "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d8=3,e8=3",
    "r2kk2r/pppppppp/8/8/8/8/PPPPPPPP/R2KK2R w ADEHadeh - 0 1 -",
    "r1bk1bnr/ppp2ppp/2nqp3/3p4/3P4/2N1PN2/PPPK1PPP/R1BK1B1R w ADHadh - 2 6 -",
];
pub const TWOKINGS4_POSITIONS: &[&str] = &[
    "rnbkkbnr/pppkkppp/3pp3/8/8/3PP3/PPPKKPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d2=3,e2=3,d7=3,e7=3,d8=3,e8=3",
    "rnbkkb1r/ppp1kppp/3ppn2/8/4P3/2PP1N2/PP1KKPPP/RNBK1B1R w ADHadeh - 1 5 d1=1,d2=1,e2=1",
];

/// Jacks and Witches 84: the start, a middle game with a Witch, a Knight on a
/// teleporter and Jacks on the board.
pub const JACKSWITCHES_POSITIONS: &[&str] = &[
    "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1",
    "lcrnb1kbnrcl/pppp1j2pppp/4N**5/4****4/2w1****4/5**5/PPPP4PPPP/LCR1BWKBNRCL[Jj] w - - 0 1",
];

/// Benchmarks `G` on `fens` under the group named after the variant.
pub fn bench_game<G: Game>(c: &mut Criterion, variant: Variant, fens: &[&str], perft_depth: u32) {
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
