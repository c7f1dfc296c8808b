use super::*;
use crate::game::{EndReason, Outcome, RuleOptions};
use crate::game::{Notation, Position};
use crate::history::History;
use crate::testing::{assert_fens_round_trip, assert_perfts, history, moves, sq};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Alice {
    crate::testing::pos(Variant::Alice, fen)
}

fn after(names: &[&str]) -> History<Alice> {
    history(pos(START), names)
}

#[test]
fn a_moved_piece_passes_to_the_other_board() {
    let h = after(&["e2e4"]);
    assert_eq!(
        h.position().fen(),
        "rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let e4 = sq("e4");
    assert_eq!(h.position().piece_at(1, e4), Some((Color::White, Kind::Pawn)));
    assert_eq!(h.position().piece_at(0, e4), None);
}

#[test]
fn the_seeds_early_mates() {
    for line in [
        &["e2e4", "d7d5", "f1e2", "d5e4", "e2b5"][..],
        &["e2e4", "d7d6", "f1c4", "d8d2", "c4b5"],
        &["e2e4", "e7e5", "d1h5", "g8f6", "h5e5"],
        &[
            "e2e4", "h7h5", "f1e2", "h8h4", "e2h5", "h4e4", "e1f1", "d7d5", "d1e2", "c8h3",
        ],
        &["d2d4", "e7e6", "d1d6", "f8e7", "d6e5", "e8f8", "c1h6"],
    ] {
        let h = after(line);
        let result = h
            .result()
            .unwrap_or_else(|| panic!("{line:?} is not over: {}", h.position().fen()));
        assert_eq!(result.reason, EndReason::Checkmate, "{line:?}");
        let loser = h.position().side_to_move();
        assert_eq!(result.outcome, Outcome::Win(!loser), "{line:?}");
    }
}

#[test]
fn interposing_fails_because_the_blocker_vanishes() {
    // 1.e4 d5 2.Be2 dxe4 3.Bb5#: Bd7, Nc6, c6 would block on A but pass to B.
    let h = after(&["e2e4", "d7d5", "f1e2", "d5e4", "e2b5"]);
    assert!(moves(h.position()).is_empty());
    assert!(h.position().in_check());
}

#[test]
fn bg1_is_legal_while_kxf7_bxf2_and_qd4_are_not() {
    // 1.Nf3 e6 2.Ne5 Bc5 3.Nxf7: the knight is on f7 of board B.
    let h = after(&["g1f3", "e7e6", "f3e5", "f8c5", "e5f7"]);
    let names = moves(h.position());
    assert!(names.contains(&"c5g1".to_string()), "{names:?}");
    for refused in ["e8f7", "c5f2", "d8d4"] {
        assert!(!names.contains(&refused.to_string()), "{refused} in {names:?}");
    }
}

#[test]
fn yearout_jelliss_game_replays_and_its_final_threats_mate() {
    let game = [
        "d2d3", "g8f6", "b1c3", "c7c5", "d1d2", "b8c6", "d3d4", "a8b8", "e2e3", "g7g5", "f2f4", "b8g8", "c3d5", "h7h6",
        "g1f3", "g5f4", "c1f4", "g8g4", "f4e5", "h8h5", "e1c1", "f6e4", "e5c7", "g4a4", "f1a6", "f8g7", "a6b5", "a4c4",
        "c1b1", "h5f5", "c7a5", "f5d5", "d2d5", "d8a5", "a2a3", "a5d2", "d5d7", "e8f8", "d7g7", "d2c3", "d1d8",
    ];
    let h = after(&game);
    assert_eq!(h.result(), None, "White's 21.Rd8 does not mate by itself");
    // Black resigned: after 21...Bd7, ...Be6 or ...Nf6, White mates with Qg8, Re8 or Qh8.
    for (defence, mate) in [("c8d7", "g7g8"), ("c8e6", "d8e8"), ("e4f6", "g7h8")] {
        let mut line = h.clone();
        line.push_text(defence).unwrap_or_else(|e| panic!("{defence}: {e}"));
        line.push_text(mate)
            .unwrap_or_else(|e| panic!("{mate} after {defence}: {e}"));
        assert_eq!(
            line.result().map(|r| r.reason),
            Some(EndReason::Checkmate),
            "{defence} {mate}"
        );
    }
}

#[test]
fn castling_passes_both_pieces_to_board_b() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let names = moves(&p);
    assert!(names.contains(&"e1g1".to_string()) && names.contains(&"e1c1".to_string()));
    let castled = p.play(p.parse_move("e1g1").unwrap());
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/R4|R|K1 b kq - 1 1");
    // An occupied square on B refuses it.
    let blocked = pos("r3k2r/8/8/8/8/8/8/R3K|n1R w KQkq - 0 1");
    assert!(!moves(&blocked).contains(&"e1g1".to_string()));
    // A king attacked on g1 of board B refuses it.
    let attacked = pos("r3k2r/8/8/8/8/8/6|r1/R3K2R w KQkq - 0 1");
    assert!(!moves(&attacked).contains(&"e1g1".to_string()));
}

#[test]
fn explicit_notation_is_accepted() {
    let p = pos(START);
    let plain = p.parse_move("e2e4").unwrap();
    assert_eq!(p.parse_move("Ae2Be4"), Ok(plain));
    assert_eq!(plain.explicit(), "Ae2Be4");
    assert!(p.parse_move("Be2Ae4").is_err());
}

#[test]
fn fen_forms_round_trip_and_the_wide_form_reads() {
    assert_fens_round_trip::<Alice>(
        Variant::Alice,
        &[
            START,
            "rnbqkbnr/ppp1pppp/8/8/4p3/8/PPPP|BPPP/RNBQK1NR w KQkq - 0 3",
            "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/R3KB1R w KQ - 3 11",
        ],
    );
    let wide = pos("rnbqkbnr8/pppppppp8/16/16/12P3/16/PPPP1PPP8/RNBQKBNR8 b KQkq - 0 1");
    assert_eq!(wide, pos("rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    assert!(Alice::from_fen(
        Variant::Alice,
        "rnbqkbnr/pppppppp/8/8/4|X3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    )
    .is_err());
}

#[test]
fn the_board_is_part_of_the_hash() {
    let on_a = pos("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    let on_b = pos("4k3/8/8/8/4|N3/8/8/4K3 w - - 0 1");
    assert_ne!(on_a.hash(), on_b.hash());
}

/// The six variations: perft counts checked by hand, the reasoning beside each.
mod variations {
    use super::*;
    use crate::alice::Alice3;

    #[test]
    fn alice2_black_starts_and_castles_on_board_b() {
        let black = "|r3|k2|r/8/8/8/8/8/8/4K3 b kq - 0 1";
        assert_perfts::<Alice>(
            Variant::Alice2,
            &[
                // 16 pawn moves and 4 knight moves land on empty squares of B; Black's 20
                // land on ranks 5-6 of A, empty whatever White did.
                "startpos ;D1 20 ;D2 400",
                // King e8 on B: d8 f8 d7 e7 f7 (5); rook a8: b8-d8 and a7-a1 (10); rook h8:
                // g8 f8 and h7-h1 (9); both castlings on B, landing on empty g8/f8 and c8/d8
                // of A (2).
                // Depth 2: White's Ke1 has d1 d2 e2 f2 f1, each checked on A (where it
                // steps) and on B (where it lands; the rooks left there guard only the a-,
                // h-files, rank 8). King moves 5x5 = 25. Ra8 to A: a1 checks along rank 1
                // (d2 e2 f2: 3), a2 cuts rank 2 (d1 f1: 2), a3-a7 5 each (25), b8 c8 5 each,
                // d8 guards d1 d2 (3): 43. Rh8 to A likewise: h1 3, h2 2, h3-h7 25, g8 5, f8
                // guards f1 f2 (3): 38. O-O leaves a rook on f8 of A (3), O-O-O one on d8
                // (3): 6. 25+43+38+6 = 112.
                &format!("{black} ;D1 26 ;D2 112"),
                // Black in check on B from the rook on e1 of B: the king steps on B to d8 f8
                // d7 f7 (e7 stays on the file); rook moves leave B and cannot block; no
                // castling.
                // Depth 2, after each: Ka1 has a2 b1 b2 (B holds only the h8 rook, which
                // sees the h-file and rank 8); the B rook has e2-e8 and b1-d1, f1-h1 (a1
                // would land on the white king on A): 3 + 13 = 16, and the black king on A
                // is on none of those squares. 4 x 16 = 64.
                "4|k2|r/8/8/8/8/8/8/K3|R3 b k - 0 1 ;D1 4 ;D2 64",
                // O-O-O on B needs c8 and d8 empty on A: the bishop on c8 of A refuses it.
                // The king: d8 f8 e7 f7 (d7 of A is attacked by the bishop); rook b8 d8
                // a7-a1 (c8 of A taken): 4 + 9 = 13.
                // Depth 2: the bishop always has its 7 squares of A (b7 a6 d7 e6 f5 g4 h3,
                // a6 by capture after Ra6), each empty on B; Kh1 has g1 g2 h2. After the 4
                // king moves: 10 each (40). After rook moves to A: b8 d8 a7 a6 a5 a4 a3: 10
                // each (70); a2 cuts g2 h2 (8); a1 checks along rank 1 and only g2 h2 remain
                // (2). 40+70+8+2 = 120.
                "|r1B1|k3/8/8/8/8/8/8/7K b q - 0 1 ;D1 13 ;D2 120",
                // White still castles on A: king 5 + castlings 2; rook a1: b1-d1, a2-a7 (a8
                // is taken on B) = 9; rook h1: g1 f1 h2-h7 = 8.
                "|r3|k2|r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ;D1 24",
                // A white knight on g8 of A: O-O lands the king on g8 of A, refused; Ke7
                // lands on A where the knight attacks it. King 4, rooks 10 + 8, O-O-O 1.
                "|r3|k1N|r/8/8/8/8/8/8/4K3 b kq - 0 1 ;D1 23",
            ],
        );
        // In plain Alice the same rights are impossible: Black castles on A there.
        assert!(Alice::from_fen(Variant::Alice, black).is_err());
    }

    #[test]
    fn msalice_zero_moves() {
        assert_perfts::<Alice>(
            Variant::MsAlice,
            &[
                // 20 ordinary moves and a zero move for each of the 16 pieces; Black the
                // same whatever White did (White's pieces stay on ranks 1-4).
                "startpos ;D1 36 ;D2 1296",
                // Bare kings: 5 king steps and the zero move; Black likewise after each.
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 6 ;D2 36",
                // In check from the e2 rook the king may not flee by a zero move: Kd1, Kf1,
                // Kxe2.
                // Depth 2: after Kd1 or Kf1 (to B) Black has 5 king steps, the king's zero
                // move, 13 rook moves (rank 2 and e1, e3-e7; all empty on B) and the rook's
                // zero move: 20 each; after Kxe2 the bare king has 5 steps and its zero
                // move: 6. 46.
                "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 ;D1 3 ;D2 46",
                // Check along rank 1 of A from a1: the rook on c1 of B blocks by Rb1, Rd1,
                // or by its zero move to c1 of A; the king has d2, e2, f2 (d1, f1 stay on
                // the line).
                // Depth 2. The king's 5 steps and zero move, the a1 rook's a-file (7), its
                // rank-1 squares up to the capture, its zero move. Rb1 (A): 6 + 7 + 1 + 1 =
                // 15. Rd1 (A): the d-file takes d8 d7 from the king (3 + 1), rook 7 + 3 + 1:
                // 15. Zero move Rc1 to A: 6 + 7 + 2 + 1 = 16. Kd2, Ke2, Kf2 (to B): the whole
                // rank 1 is open (7) but c1 of B holds the white rook (6): 6 + 7 + 6 + 1 =
                // 20 each. 15+15+16+60 = 106.
                "4k3/8/8/8/8/8/8/r1|R1K3 w - - 0 1 ;D1 6 ;D2 106",
            ],
        );
        // Plain Alice has no zero move: 5.
        assert_perfts::<Alice>(Variant::Alice, &["4k3/8/8/8/8/8/8/r1|R1K3 w - - 0 1 ;D1 5"]);
        // A rook's zero move there and back costs its castling right.
        let start = crate::testing::pos(Variant::MsAlice, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let h = history::<Alice>(start, &["Ah1Bh1", "e8d8", "Bh1Ah1", "d8e8"]);
        assert_eq!(h.position().fen(), "4k3/8/8/8/8/8/8/4K2R w - - 4 3");
    }

    #[test]
    fn odonohue_keeps_the_piece_when_the_other_square_is_taken() {
        let twins = "4k11/16/16/16/16/16/16/1N2K4N6 w - - 0 1";
        assert_perfts::<Alice>(
            Variant::ODonohue,
            &[
                "startpos ;D1 20 ;D2 400",
                // Ra1-a5 ends on a5 of A since a5 of B holds a knight: 15 moves, Alice 14
                // (rook a2-a8 and b1-d1 less a5 = 9, king 5).
                // Depth 2: Black's king steps d8 f8 d7 e7 f7 and the knight's b7 c6 c4 b3
                // (all pass to the other board): 9, less the king squares a rook on B
                // attacks: Ra7 (rank 7: 6), Ra8 (rank 8: 7), Rd1 (d-file: 7). Ra2-a6 (a5
                // stays on A), Rb1, Rc1: 9 each (63); the king's five moves: 9 each (45).
                // 63 + 20 + 45 = 128.
                "4k3/8/8/|n7/8/8/8/R3K3 w - - 0 1 ;D1 15 ;D2 128",
                // Kd2 stays on A (d2 of B holds a pawn), the other four steps pass to B.
                // Depth 2: the black king always has its 5 steps. After Kd1 (on B) the pawn
                // is blocked: 5. After Kd2 (kept on A), Ke2, Kf2, Kf1: the pawn promotes on
                // d1 of B in four ways and passes to d1 of A: 9 each. 5 + 36 = 41.
                "4k3/8/8/8/8/8/3|p4/4K3 w - - 0 1 ;D1 5 ;D2 41",
                // Knights on b1 of both boards: three moves each, king 5. Their plain names
                // clash, so they are written with the boards.
                // Depth 2: no white piece reaches ranks 7-8, so the black king's 5 steps: 55.
                &format!("{twins} ;D1 11 ;D2 55"),
            ],
        );
        assert_perfts::<Alice>(Variant::Alice, &["4k3/8/8/|n7/8/8/8/R3K3 w - - 0 1 ;D1 14"]);
        let pos = Alice::from_fen(Variant::ODonohue, twins).unwrap();
        assert_eq!(pos.parse_move("b1c3"), Err(MoveError::Ambiguous("b1c3".into())));
        let mv = pos.parse_move("Bb1Ac3").unwrap();
        assert_eq!(pos.move_name(mv), "Bb1Ac3");
        assert_eq!(pos.move_name(pos.parse_move("e1e2").unwrap()), "e1e2");
    }

    #[test]
    fn duo_optional_transfer_and_zero_square_check() {
        assert_perfts::<Alice>(
            Variant::Duo,
            &[
                // Each of the 20 moves with or without the transfer (40), and a zero move
                // for each of the 8 pieces (b1..h1 of B are empty): 48; Black symmetrically.
                "startpos ;D1 48 ;D2 2304",
                // The black queen on e1 of B checks the king on e1 of A. The king captures it
                // by a zero move, or steps on A without transfer (d1 d2 e2 f2 f1); every
                // transfer lands next to the queen on B.
                // Depth 2. After the zero-move capture the bare black king has 5 steps with
                // or without transfer and its zero move: 11. After each king step on A the
                // queen has 21 squares on B, each without transfer (21) or with it (19: the
                // white king's square and e8, the black king's, are taken on A), and its zero
                // move to e1 of A; the black king 11: 52 each. 11 + 5 x 52 = 271.
                "4k11/16/16/16/16/16/16/4K7q3 w - - 0 1 ;D1 6 ;D2 271",
                // Pawn e3/e4 with or without transfer (4), king d1 d2 f2 f1 with or without
                // (8), king zero move (1); pawns make no zero moves.
                // Depth 2: nothing reaches the black king's 11 moves: 13 x 11 = 143.
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ;D1 13 ;D2 143",
                // Castling with or without transfer. Rook: 10 squares with or without
                // transfer (20) and its zero move; king 5 steps x 2 and its zero move; O-O-O
                // x 2: 34.
                // Depth 2: the black king has 11 moves (5 steps x 2, zero move); a rook cuts
                // the squares it attacks on its board. Rook on A: b1 c1 a2-a6 11 each (77), d1
                // 7 (d8 d7 lost both ways), a7 5, a8 checks and leaves d7 e7 f7 x 2 and the
                // zero move (7): 96. Rook on B: 11 each for b1 c1 a2-a6 (77), d1 9, a7 8, a8 8
                // (d8 f8 and the zero move's e8 attacked on B): 102. Rook's zero move 11,
                // king steps 10 x 11, king's zero move 11, O-O-O on A 7 and on B 9.
                // 96+102+11+110+11+16 = 346.
                "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 34 ;D2 346",
            ],
        );
    }

    #[test]
    fn minialice_small_board() {
        assert_perfts::<Alice>(
            Variant::MiniAlice,
            &[
                // Pawns a3-d3 one or two steps (8), Na2-b4, Nd2-c4; everything else is
                // blocked.
                // Black has the same 10 less those landing on the square of B White's piece
                // took: a4 a5 b4 c4 d4 d5 Nb4 Nc4 leave 9; b5 (b6-b5 and Na7-b5) and c5 leave
                // 8: 88.
                "startpos ;D1 10 ;D2 88",
                // c7-c8 with four promotions; the king on d1 has c1 c2 d2 and no e-file.
                // Depth 2: Ka8 has a7 b7 b8, landing on B. After c8=Q on B only a7 is safe
                // (1); c8=R takes b8 (2), c8=B b7 (2), c8=N a7 (2). After the king moves the
                // pawn on A guards b8 (2 each, 6). 1 + 6 + 6 = 13.
                "k3/2P1/4/4/4/4/4/3K w - - 0 1 ;D1 7 ;D2 13",
                // The pawn's double step from the third rank: b4 b5, and Kc1 c2 d2: 5.
                // Depth 2: nothing reaches a7 b7 b8: 5 x 3 = 15.
                "k3/4/4/4/4/1P2/4/3K w - - 0 1 ;D1 5 ;D2 15",
                // The rook on the 4-file board: b1 c1 a2-a8 (9) and Kc1 c2 d2 (3): 12.
                // Depth 2: Kb8 has a8 c8 a7 b7 c7 (to B). The rook on B takes: b1 b7 (4), c1
                // c8 c7 (3), a2-a6 a8 a7 (3 each, 15), a7 all but c8 (1), a8 a7 and c8 (2).
                // After a king move the rook on a1 of A guards a8 and a7 there (3 each, 9).
                // 34.
                "1k2/4/4/4/4/4/4/R2K w - - 0 1 ;D1 12 ;D2 34",
            ],
        );
        // No castling on this board.
        assert!(Alice::from_fen(Variant::MiniAlice, "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w KQkq - 0 1").is_err());
    }

    #[test]
    fn alice3_the_mover_chooses_the_board() {
        let start = Variant::Alice3.start_fen();
        assert_perfts::<Alice3>(
            Variant::Alice3,
            &[
                // 20 moves, each to B or C; Black likewise.
                "startpos ;D1 40 ;D2 1600",
                // Knight g1: e2 h3 to B or C, f3 only to B (a pawn on f3 of C); king: five
                // squares on B or C except e2 of C, attacked by that pawn: 5 + 9.
                // Depth 2: the black king's 5 steps to B or C (10) are never attacked; the
                // pawn's f2 goes to A or B (2), unless the white king took f2 of B (1) or of
                // C (0), and it takes a knight on e2 of C to A or B (2 more). Knight moves:
                // 12, 14, 12, 12, 12; king to B: 12 12 12 11 12; king to C: 12 12 12 10. 167.
                "4k19/24/24/24/24/21p2/24/4K1N17 w - - 0 1 ;D1 14 ;D2 167",
                // Castling to B or C (2), king 5x2, rook g1 f1 h2-h8 to B or C (18).
                // Depth 2: the black king's 10 moves less what a rook attacks on its board:
                // after castling (rook on f1 of B or C) 8 each; after a king step 10 each
                // (100); rook to B or C: g1 10, f1 8, h2-h6 10, h7 7, h8 8 (83 per board).
                // 16 + 100 + 166 = 282.
                "4k19/24/24/24/24/24/24/4K2R16 w K - 0 1 ;D1 30 ;D2 282",
                // A square taken on two other boards: Rxa8 is impossible (a8 of B holds the
                // knight, a8 of C the king), so the rook has a2-a7 and b1-g1 to B or C (24),
                // the king g1 g2 h2 to B or C (6): 30.
                // Depth 2. Black: Ka8 of C to a7 b7 b8 of A or B; the knight b6 c7 of B to A
                // or C. Rook to C a2-a6 checks: b7 b8 to A or B only (4 each, 20); to C a7:
                // Kxa7 and b8 (4); to C b1: a7 only for the king, knight 4 (6); c1-g1 of C:
                // 6 + 4 (50). Rook to B a2-a6: a7 of B attacked (5 + 4, 45); a7 of B: 4 + 4
                // (8); b1: b7 b8 of B attacked (8); c1-g1: 10 each (50). King moves: the rook
                // on a1 of A guards a7 there (5 + 4, 6 x 9 = 54). 20+4+56+45+8+58+54 = 245.
                "8n7k7/24/24/24/24/24/24/R6K16 w - - 0 1 ;D1 30 ;D2 245",
            ],
        );
        assert!(Alice3::from_fen(Variant::Alice3, start).is_ok_and(|p| p.fen() == start));
    }
}

#[test]
fn en_passant_is_an_option() {
    let with = RuleOptions { alice_en_passant: true };
    let line = ["e2e4", "a7a6", "e4e5", "d7d5"];
    // 2...d5 passes d6 on board A; the e5 pawn stands on A and may take there.
    let mut h = History::new(Alice::startpos_with(Variant::Alice, &with));
    for mv in line {
        h.push_text(mv).unwrap();
    }
    let fen = "rnbqkbnr/1pp1pppp/|p7/3|pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(h.position().fen(), fen);
    assert_eq!(
        Alice::from_fen_with(Variant::Alice, fen, &with).as_ref(),
        Ok(h.position())
    );
    assert_eq!(
        Alice::from_fen_with(Variant::Alice, &fen.replace(" d6 ", " Ad6 "), &with).as_ref(),
        Ok(h.position())
    );
    h.push_text("e5d6").unwrap();
    // The captured pawn leaves d5 of B; the capturing pawn passes to d6 of B.
    assert_eq!(
        h.position().fen(),
        "rnbqkbnr/1pp1pppp/|p2|P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // Without the option the same moves give no capture and the field is dropped.
    let plain = after(&line);
    assert!(!moves(plain.position()).contains(&"e5d6".to_string()));
    assert_eq!(plain.position().fen(), fen.replace(" d6 ", " - "));
}

#[test]
fn a_duo_king_attacked_through_the_other_board_is_a_check_the_fen_reader_knows() {
    // White's King on Ab7 and Black's on Bb7: in Duo a King attacks its own square on
    // the other board, so White (not to move) stands in check and the FEN is refused.
    let fen = "16/1K7k6/16/16/16/16/16/16 b - - 0 1";
    assert_eq!(Alice::from_fen(Variant::Duo, fen), Err(FenError::OpponentInCheck));
    // With the Kings facing each other through the glass both are in check, whoever moves.
    assert!(Alice::from_fen(Variant::Duo, "16/1K7k6/16/16/16/16/16/16 w - - 0 1").is_err());
    // A rook on Be1 checks the King on Ae1 through the glass; White moves out of it.
    let checked = Alice::from_fen(Variant::Duo, "15k/16/16/16/16/16/16/4K7r3 w - - 0 1").unwrap();
    assert!(checked.in_check());
    let mut moves = MoveList::new();
    checked.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for mv in moves {
        assert!(!checked.play(mv).in_check() || checked.play(mv).board_result().is_some());
    }
    // In the other Alice games the kings on different boards do not attack each other.
    assert!(Alice::from_fen(Variant::Alice, fen).is_ok());
}

/// The destination-set generator against the general one, kept as the reference: on
/// seeded random playouts from every position of each game's perft data, with and
/// without `AliceEnPassant`, the same moves in the same order (so the search sees them
/// as before), the same positions after each, `count_legal_moves` the list's length, and
/// quiescence's tactical moves the list's.
mod fast_generator {
    use super::*;
    use crate::testing::{assert_tactical_moves_agree, xorshift};

    /// The number of positions compared, and of tactical moves compared with the
    /// list's.
    fn playouts<const N: usize>(variant: Variant, data: &str, games: usize) -> (usize, usize) {
        let mut seed = 0x5EED_A11C_E000 + variant as u64;
        let (mut compared, mut tactical, mut checking) = (0, 0, 0);
        let fens = data.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
        for fen in fens.map(|l| l.split(';').next().unwrap_or_default().trim()) {
            for alice_en_passant in [false, true] {
                let options = RuleOptions { alice_en_passant };
                for _ in 0..games {
                    let mut p = AliceGame::<N>::from_fen_with(variant, fen, &options).unwrap();
                    for _ in 0..200 {
                        let mut general = MoveList::new();
                        p.generate_general(&mut general);
                        let listed = p.legal_move_list();
                        assert_eq!(p.count_legal_moves(), listed.len() as u64, "{}", p.fen());
                        tactical += assert_tactical_moves_agree(&p);
                        for &mv in &listed {
                            let checks = p.play(mv).in_check();
                            assert_eq!(p.gives_check(mv), checks, "{} in {}", mv.explicit(), p.fen());
                            checking += checks as usize;
                        }
                        // An en passant chance is left to the general generator.
                        if p.en_passant().is_none() {
                            let mut fast = MoveList::new();
                            sets::legal_moves(&p, &mut fast);
                            assert_eq!(fast, listed);
                            compared += 1;
                        }
                        let successors = |moves: &MoveList<AliceMove>| {
                            let mut out: Vec<_> = moves.iter().map(|&mv| (mv.explicit(), p.play(mv).fen())).collect();
                            out.sort();
                            out
                        };
                        assert_eq!(successors(&listed), successors(&general), "{}", p.fen());
                        // Standard Alice keeps its own order; the variations list the general one.
                        if variant != Variant::Alice {
                            assert_eq!(listed, general, "{}", p.fen());
                        }
                        if listed.is_empty() {
                            break;
                        }
                        p = p.play(listed[xorshift(&mut seed) as usize % listed.len()]);
                    }
                }
            }
        }
        assert!(checking > 100, "{checking} checking moves");
        (compared, tactical)
    }

    fn assert_compared((positions, tactical): (usize, usize)) {
        assert!(
            positions > 5000 && tactical > 2000,
            "{positions} positions, {tactical} tactical moves"
        );
    }

    #[test]
    fn alice_and_alice2() {
        assert_compared(playouts::<2>(
            Variant::Alice,
            include_str!("../../../perft/data/alice.epd"),
            2,
        ));
        assert_compared(playouts::<2>(
            Variant::Alice2,
            include_str!("../../../perft/data/alice2.epd"),
            6,
        ));
    }

    #[test]
    fn msalice_and_odonohue() {
        assert_compared(playouts::<2>(
            Variant::MsAlice,
            include_str!("../../../perft/data/msalice.epd"),
            8,
        ));
        assert_compared(playouts::<2>(
            Variant::ODonohue,
            include_str!("../../../perft/data/odonohue.epd"),
            8,
        ));
    }

    #[test]
    fn duo_and_minialice() {
        assert_compared(playouts::<2>(
            Variant::Duo,
            include_str!("../../../perft/data/duo.epd"),
            8,
        ));
        assert_compared(playouts::<2>(
            Variant::MiniAlice,
            include_str!("../../../perft/data/minialice.epd"),
            8,
        ));
    }

    #[test]
    fn alice3() {
        assert_compared(playouts::<3>(
            Variant::Alice3,
            include_str!("../../../perft/data/alice3.epd"),
            8,
        ));
    }
}

/// Two pawns that capture onto the same last-rank square from either side make eight
/// moves there: the last ply's count once took the square once.
#[test]
fn two_pawns_promoting_onto_one_square_are_counted_apart() {
    let cases = [
        (Variant::Alice, "1r6/P1P5/8/7|k/8/8/8/4K3 w - - 0 1", 21),
        (Variant::Alice2, "1r6/P1P5/8/7|k/8/8/8/4K3 w - - 0 1", 21),
        (Variant::MsAlice, "1r6/P1P5/8/7|k/8/8/8/4K3 w - - 0 1", 24),
        (Variant::ODonohue, "1r6/P1P5/8/7|k/8/8/8/4K3 w - - 0 1", 21),
        (Variant::Duo, "1r6/P1P5/8/7|k/8/8/8/4K3 w - - 0 1", 43),
        (Variant::MiniAlice, "1r2/P1P1/4/3|k/4/4/4/K3 w - - 0 1", 17),
    ];
    for (variant, fen, moves) in cases {
        let p = Alice::from_fen(variant, fen).unwrap();
        let mut general = MoveList::new();
        p.generate_general(&mut general);
        assert_eq!(general.len(), moves, "{variant:?}");
        assert_eq!(p.legal_move_list().len(), moves, "{variant:?}");
        assert_eq!(p.count_legal_moves(), moves as u64, "{variant:?}");
    }
    // Board A's pawns capture on b8 and land on B or C: sixteen captures there, sixteen
    // pushes, and ten king moves.
    let p = Alice3::from_fen(Variant::Alice3, "1r22/P1P21/24/23k/24/24/24/4K19 w - - 0 1").unwrap();
    let mut general = MoveList::new();
    p.generate_general(&mut general);
    assert_eq!(general.len(), 42);
    assert_eq!(p.count_legal_moves(), 42);
}

/// Minialice's count on both boards at once against the general generator's list, on
/// random playouts from its perft data; it must count most positions itself, the
/// others being left to the destination sets.
#[test]
fn minialice_packed_count_agrees_with_the_general_generator() {
    use crate::testing::along_playouts;
    let (mut packed, mut left) = (0, 0);
    along_playouts(
        Variant::MiniAlice,
        include_str!("../../../perft/data/minialice.epd"),
        (40, 80),
        0x4A11_CE04,
        |p: &Alice| {
            let mut general = MoveList::new();
            p.generate_general(&mut general);
            match p.count_packed() {
                Some(count) => {
                    assert_eq!(count, general.len() as u64, "{}", p.fen());
                    packed += 1;
                }
                None => left += 1,
            }
        },
    );
    assert!(packed > 10 * left && left > 0, "{packed} counted, {left} left");
}

#[test]
fn play_into_agrees_with_play_in_every_alice_game() {
    use crate::testing::{along_playouts, assert_play_into_agrees};
    let two_boards = [
        (Variant::Alice, include_str!("../../../perft/data/alice.epd")),
        (Variant::Alice2, include_str!("../../../perft/data/alice2.epd")),
        (Variant::MsAlice, include_str!("../../../perft/data/msalice.epd")),
        (Variant::ODonohue, include_str!("../../../perft/data/odonohue.epd")),
        (Variant::Duo, include_str!("../../../perft/data/duo.epd")),
        (Variant::MiniAlice, include_str!("../../../perft/data/minialice.epd")),
    ];
    for (variant, data) in two_boards {
        let mut compared = 0;
        along_playouts(variant, data, (2, 60), 0x91A7_1A70, |p: &Alice| {
            compared += assert_play_into_agrees(p)
        });
        assert!(compared > 2_000, "{variant:?}: {compared}");
    }
    let mut compared = 0;
    along_playouts(
        Variant::Alice3,
        include_str!("../../../perft/data/alice3.epd"),
        (2, 60),
        0x91A7_1A70,
        |p: &Alice3| compared += assert_play_into_agrees(p),
    );
    assert!(compared > 2_000, "alice3: {compared}");
}

/// The check test without playing, where a move empties a square the playouts rarely
/// put between a slider and the enemy king: castling takes the rook off board A (it
/// must not be counted there), and en passant takes the pawn off d5 of B, opening the
/// rook's rank to the king there.
#[test]
fn gives_check_sees_castling_and_en_passant_empty_their_squares() {
    let with = RuleOptions { alice_en_passant: true };
    for (fen, name, checks) in [
        ("8/8/8/8/8/8/8/1k2K2R w K - 0 1", "e1g1", false),
        ("8/8/8/|k2|pP2|R/8/8/8/4K3 w - d6 0 1", "e5d6", true),
    ] {
        let p = Alice::from_fen_with(Variant::Alice, fen, &with).unwrap();
        for mv in p.legal_move_list() {
            assert_eq!(p.gives_check(mv), p.play(mv).in_check(), "{} in {fen}", mv.explicit());
        }
        let mv = p.parse_move(name).unwrap();
        assert_eq!(p.gives_check(mv), checks, "{name} in {fen}");
    }
}
