//! Invariants every game keeps over seeded random playouts: the incremental hash equals
//! the hash from scratch, the FEN round-trips to the same position, every move's name
//! parses back to the move, bulk counting agrees with the move list, and copy-make
//! leaves the parent untouched.

use vorpal_engine::alice::Alice3;
use vorpal_engine::{Alice, Chess, Game, Jabberwocky, JacksWitches, Maharajah, MoveList, Superperm, TwoKings, Variant};

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn check_playouts<G: Game + PartialEq + std::fmt::Debug>(variant: Variant, starts: &[&str], games: usize) -> usize {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut positions = 0;
    for start in starts {
        for _ in 0..games {
            let mut pos = G::from_fen(variant, start).unwrap();
            for _ in 0..200 {
                let fen = pos.fen();
                assert_eq!(pos.hash(), pos.hash_from_scratch(), "{fen}");
                assert_eq!(G::from_fen(variant, &fen).as_ref(), Ok(&pos), "FEN round trip of {fen}");
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{fen}");
                for &mv in &moves {
                    assert_eq!(pos.parse_move(&pos.move_name(mv)), Ok(mv), "{fen}");
                }
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                let before = pos.clone();
                let next = pos.play(moves[(xorshift(&mut seed) % moves.len() as u64) as usize]);
                assert_eq!(before, pos, "copy-make changed the parent");
                pos = next;
            }
        }
    }
    positions
}

#[test]
fn chess_playouts_are_consistent() {
    let starts = [
        Variant::Chess.start_fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    assert!(check_playouts::<Chess>(Variant::Chess, &starts, 40) > 10_000);
}

#[test]
fn alice_playouts_are_consistent() {
    let starts = [
        Variant::Alice.start_fen(),
        "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/R3KB1R w KQ - 3 11",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    assert!(check_playouts::<Alice>(Variant::Alice, &starts, 40) > 5_000);
}

#[test]
fn alice_variation_playouts_are_consistent() {
    for variant in [
        Variant::Alice2,
        Variant::MsAlice,
        Variant::ODonohue,
        Variant::Duo,
        Variant::MiniAlice,
    ] {
        assert!(
            check_playouts::<Alice>(variant, &[variant.start_fen()], 15) > 1_000,
            "{}",
            variant.name()
        );
    }
    assert!(check_playouts::<Alice3>(Variant::Alice3, &[Variant::Alice3.start_fen()], 15) > 1_000);
}

#[test]
fn jabberwocky_playouts_are_consistent() {
    let starts = [
        Variant::Jabberwocky.start_fen(),
        "k1kkk1kk/1kp1pkp1/4p1p1/8/8/N2PP1P1/K3KB2/K2PKKKK w - - 0 1",
        "4K3/8/8/8/8/8/8/K5kk w - - 0 1",
        "6kk/1P6/8/8/8/8/8/3P2KK w - - 0 1",
    ];
    assert!(check_playouts::<Jabberwocky>(Variant::Jabberwocky, &starts, 40) > 5_000);
}

#[test]
fn superpermutation_playouts_are_consistent() {
    let starts = [
        Variant::Superpermutation.start_fen(),
        "1Nb1k1nr/pRp2ppp/1pn5/1r1pp3/8/P4RPP/bPPPPPN1/2BQKBq1 w - - 1 9",
        "r1q1k1p1/p4p1R/n1p4p/1p1Pp1Pn/2Rp1Pr1/PP2P1bN/b1NB4/2PQBK1R b - - 0 1",
        "r7/1P2k3/8/8/8/8/8/4K3 b - - 0 1",
    ];
    assert!(check_playouts::<Superperm>(Variant::Superpermutation, &starts, 60) > 5_000);
}

#[test]
fn maharajah_playouts_are_consistent() {
    let starts = [
        Variant::Maharajah.start_fen(),
        "r1b1wbnr/ppp2ppp/2n5/3pp3/4P3/2N2N2/PPPP1PPP/R1B+WWB1R b T - 3 4 0+0",
        "7w/8/8/R6+r/8/8/8/4+N3 b - - 0 1 0+0",
        "8/P7/8/8/8/8/8/W3w3 w - - 0 1 0+0",
    ];
    assert!(check_playouts::<Maharajah>(Variant::Maharajah, &starts, 40) > 5_000);
}

#[test]
fn twokings_playouts_are_consistent() {
    let starts = [
        Variant::TwoKings.start_fen(),
        "r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 -",
        "4k3/P7/8/8/8/8/8/3KK3 w - - 0 1 -",
        "r1bk1bnr/ppp2ppp/2nqp3/3p4/3P4/2N1PN2/PPPK1PPP/R1BK1B1R w ADHadh - 2 6 -",
    ];
    assert!(check_playouts::<TwoKings>(Variant::TwoKings, &starts, 40) > 5_000);
    assert!(check_playouts::<TwoKings>(Variant::TwoKings4, &[Variant::TwoKings4.start_fen()], 20) > 2_000);
}

#[test]
fn jackswitches_playouts_are_consistent() {
    let starts = [
        Variant::JacksWitches.start_fen(),
        "lcrnb1kbnrcl/pppp1j2pppp/4N**5/4****4/2w1****4/5**5/PPPP4PPPP/LCR1BWKBNRCL[Jj] w - - 0 1",
        "4k7/2p5p3/4V**5/4****4/4****4/4w**1W3/1P6P3/6K5[] b - - 0 1",
    ];
    assert!(check_playouts::<JacksWitches>(Variant::JacksWitches, &starts, 30) > 5_000);
}
