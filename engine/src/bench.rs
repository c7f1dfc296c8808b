//! The positions `vorpal bench` searches, one set per game with its depth: the one
//! list the bench command and the criterion benchmarks share.

use crate::game::Variant;

/// Bench positions and default depth of each game.
pub fn bench_set(variant: Variant) -> (Vec<&'static str>, u32) {
    match variant {
        Variant::Chess => (
            vec![
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 2 8",
                "8/8/1p1k4/p2p1p2/P2P1P2/1P1K4/8/8 w - - 0 1",
                "8/5pk1/6p1/3R4/6P1/r6P/5PK1/8 b - - 3 45",
                "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 1 7",
            ],
            11,
        ),
        Variant::Alice => (
            vec![
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rnbqkbnr/ppp1pppp/8/8/4p3/8/PPPP|BPPP/RNBQK1NR w KQkq - 0 3",
                "rnbqk1nr/pppp1|Npp/4|p3/2|b5/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3",
                "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/R3KB1R w KQ - 3 11",
                "rnb1k|bnr/3pp3/2|p2|p|p1/|p|p2P|B1|p/7|P/|P4R|q|N/|RPPP|KPP1/2BN1|Q2 b kq - 2 15",
                "1nbq1bnr/1ppp2p|R/4k|p2/pP5P/4prP1/2|N|P1|N2/P1P1P3/R1BQKB2 w Q - 0 12",
            ],
            9,
        ),
        // The variations: their start position.
        Variant::Alice2 => (vec![variant.start_fen()], 7),
        Variant::MsAlice => (vec![variant.start_fen()], 6),
        Variant::ODonohue => (vec![variant.start_fen()], 7),
        Variant::Duo => (vec![variant.start_fen()], 6),
        Variant::MiniAlice => (vec![variant.start_fen()], 9),
        Variant::Alice3 => (vec![variant.start_fen()], 6),
        Variant::Jabberwocky => (
            vec![
                "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w - - 0 1",
                "k1kkk1kk/1kp1pkp1/4p1p1/8/8/N2PP1P1/K3KB2/K2PKKKK w - - 0 1",
                "kkpkkk1k/1p6/1n6/8/6b1/1P6/1PPPPP2/K1K1PP1K w - - 0 1",
                "2pp3k/3p1ppk/3np2p/8/b7/N2P2P1/1PP1P2P/K3P1PP w - - 0 1",
                "3kk3/8/8/1p6/8/2N5/4B3/1R4KK w - - 0 1",
                "k6R/8/p7/8/8/6r1/K5N1/8 b - - 0 1",
            ],
            13,
        ),
        Variant::Superpermutation => (
            vec![
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                "r1bqk1nr/pNp2ppp/1Rn5/1p1pp3/8/P4P2/b1PPP1PP/1PBQKBNR b - - 3 5",
                "1Nb1k1nr/pRp2ppp/1pn5/1r1pp3/8/P4RPP/bPPPPPN1/2BQKBq1 w - - 1 9",
                "r1bqn1pB/p1pp3r/b1n1k2p/1P3pP1/1p2P2Q/P2BpK2/2PP1P2/RNB3NR w - - 0 1",
                "r1q1k1p1/p4p1R/n1p4p/1p1Pp1Pn/2Rp1Pr1/PP2P1bN/b1NB4/2PQBK1R b - - 0 1",
                "2nqbp1k/3p1rp1/rp1n3b/2B1p2p/B1p2PQ1/PN4RN/RPPPP1PP/n4K2 b - - 0 1",
                "r7/1P2k3/8/8/8/8/8/4K3 b - - 0 1",
            ],
            10,
        ),
        Variant::Maharajah => (
            vec![
                "rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1 0+0",
                "r1b1wbnr/ppp2ppp/2n5/3pp3/4P3/2N2N2/PPPP1PPP/R1B+WWB1R b T - 3 4 0+0",
                "r3w3/pp3ppp/2n5/8/8/2N5/PP3PPP/R3W3 w - - 0 20 6+6",
            ],
            9,
        ),
        Variant::TwoKings | Variant::TwoKings4 => (vec![variant.start_fen()], 9),
        Variant::JacksWitches => (
            vec![
                "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1",
                "lcrnb1kbnrcl/pppp1j2pppp/4N**5/4****4/2w1****4/5**5/PPPP4PPPP/LCR1BWKBNRCL[Jj] w - - 0 1",
                "k11/12/1K3**5/4****4/4****4/5**5/12/4R7[] w - - 0 1",
            ],
            7,
        ),
    }
}
