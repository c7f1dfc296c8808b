use super::*;
use crate::game::{MoveError, Notation, Position};
use crate::history::History;
use crate::testing::{assert_fen_errors, assert_fens_round_trip, assert_perfts, drawn, line, moves, play, sq, won};

fn pos(fen: &str) -> TwoKings {
    crate::testing::pos(Variant::TwoKings, fen)
}

/// The transformations of the piece on `square`.
fn transformations(p: &TwoKings, square: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|name| name.len() == 5 && name[..2] == *square && name[2..4] == *square)
        .collect()
}

#[test]
fn fen_round_trips_keep_castling_and_waits() {
    assert_fens_round_trip::<TwoKings>(
        Variant::TwoKings,
        &[
            Variant::TwoKings.start_fen(),
            "r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 -",
            "r1bk1bnr/ppp2ppp/2nqp3/3p4/3P4/2N1PN2/PPPK1PPP/R1BK1B1R w ADHadh - 2 6 -",
            "4k3/8/8/3Pp3/8/8/8/3KK3 w - e6 0 1 -",
            "2k5/8/8/8/8/8/8/3KQ3 w - - 0 1 e1=2",
            "1c2k3/8/8/8/8/8/8/M2KK3 b - - 4 9 a1=1,e1=3,b8=2",
        ],
    );
    assert_fens_round_trip::<TwoKings>(Variant::TwoKings4, &[Variant::TwoKings4.start_fen()]);
    // Without the seventh field the waits follow from the turns played.
    assert_eq!(
        pos("rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w ADEHadeh - 0 1"),
        pos(Variant::TwoKings.start_fen())
    );
    assert_eq!(
        pos("rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR b ADEHadeh - 0 1").fen(),
        "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR b ADEHadeh - 0 1 d1=2,e1=2,d8=3,e8=3"
    );
    // A side's rights go once it has no listed King or no listed Rook.
    assert_eq!(
        pos("r2kk2r/8/8/8/8/8/4K3/R6R w AHadeh - 0 1 -").fen(),
        "r2kk2r/8/8/8/8/8/4K3/R6R w adeh - 0 1 -"
    );
}

#[test]
fn bad_fens_are_rejected() {
    assert_fen_errors::<TwoKings>(
        Variant::TwoKings,
        &[
            (
                "3k4/8/8/8/8/8/8/3KK3 w B - 0 1 -",
                FenError::InvalidCastling("B".into()),
            ),
            ("3k4/8/8/8/8/8/8/3KK3 w A - 0 1 -", FenError::CastlingWithoutPieces('A')),
            ("3k4/8/8/8/8/8/8/R2KK3 w AA - 0 1 -", FenError::DuplicateCastling('A')),
            (
                "3k4/8/8/8/8/8/8/R2KK3 w - - 0 1 a1=1",
                FenError::rule(TwoKingsFenError::InvalidWaits("a1=1".into())),
            ),
            (
                "3k4/8/8/8/8/8/8/3KK3 w - - 0 1 d1=4",
                FenError::rule(TwoKingsFenError::InvalidWaits("d1=4".into())),
            ),
            (
                "3k4/8/8/8/8/8/8/3KK3 w - - 0 1 d1=2,d1=2",
                FenError::rule(TwoKingsFenError::InvalidWaits("d1=2,d1=2".into())),
            ),
            ("3k4/8/8/8/8/8/8/3QQ3 b - - 0 1 -", FenError::MissingKing("white")),
            ("4k3/8/8/8/8/8/8/3KQ3 w - - 0 1 -", FenError::OpponentInCheck),
            ("3k4/8/8/8/8/8/8/3KX3 w - - 0 1 -", FenError::InvalidPiece('X')),
        ],
    );
}

/// Depths 1 and 2 worked out by hand (the same counts are in the perft data files).
#[test]
fn hand_counted_perft() {
    // Start: as in chess but the Kings are boxed in and wait: 16 pawn moves and 4
    // knight moves, 20; Black the same after each: 400. The same holds for twokings4
    // (pawns a b c f g h: 12, d3-d4 e3-e4: 2, knights 4, Kings d2-c3 e2-f3: 2).
    assert_perfts::<TwoKings>(Variant::TwoKings4, &["startpos ;D1 20 ;D2 400"]);
    assert_perfts::<TwoKings>(
        Variant::TwoKings,
        &[
            "startpos ;D1 20 ;D2 400",
            // Kings a1, h1, nothing waiting: 3 steps each and 3 transformations each, 12. No
            // White piece then reaches d8 d7 e7 f7 f8 (a Queen on a1 or h1 sees b2-h8's
            // diagonal and the h-file, a Marshal or Cardinal less), so Black's lone King has
            // its 5 steps every time: 60.
            "4k3/8/8/8/8/8/8/K6K w - - 0 1 - ;D1 12 ;D2 60",
            // a7-a8 promotes to K Q M C (4); d1: c1 c2 d2 e2 (4); e1: d2 e2 f2 f1 (4);
            // 6 transformations: 18. Black's King e8 then has 5 steps, except: a8=Q and
            // a8=M check along the eighth rank (d7 e7 f7: 3 each); d1=Q and d1=M take d8 d7
            // (3 each); e1=Q and e1=M check along the e-file (d8 f8 d7 f7: 4 each).
            // Promotions 5 + 3 + 3 + 5 = 16, King steps 8 * 5 = 40,
            // transformations 3 + 3 + 5 + 4 + 4 + 5 = 24; total 80.
            "4k3/P7/8/8/8/8/8/3KK3 w - - 0 1 - ;D1 18 ;D2 80",
            // The e-file King has moved to e2: Rook a1 9 moves (a2-a8, b1, c1), Rook h1 10
            // (h2-h8, g1, f1, e1), King d1 4 (c1 c2 d2 e1), King e2 7, 6 transformations,
            // and d1 castles with either Rook: 38.
            "r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 - ;D1 38",
            // The c2 Rook attacks a2 b2 c1 g2 h2, but with two Kings one may step onto an
            // attacked square while the other is safe: b1 a1 a2 b2 c1 xc2 (5), h1 g1 g2 h2
            // (3), 6 transformations: 14.
            // Black then has the Rook's 14 moves (a2 b2 d2-h2, c1 c3-c8) and the King's 5,
            // 19, except after b1b2 and h1g2, which take one Rook move away (18 each), and
            // after b1xc2, which leaves the King alone (5); no transformed piece reaches
            // Black's King's squares: 6 * 19 + 19 * 5 + 18 * 2 + 5 = 250.
            "3k4/8/8/8/8/8/2r5/1K5K w - - 0 1 - ;D1 14 ;D2 250",
            // The Cardinal e1 still waits one turn: King a2 b1 b2 (3), Cardinal d2 c3 b4 a5
            // f2 g3 h4 and c2 d3 f3 g2 (11), no transformation: 14. Black's King e8 then has
            // its 5 steps, except where the Cardinal's diagonal reaches them: from b4 (e7
            // f8: 3), a5 (d8: 4), h4 (e7 d8: 3). 3 * 5 + 8 * 5 + 3 + 4 + 3 = 65.
            "4k3/8/8/8/8/8/8/K3C3 w - - 0 1 e1=1 ;D1 14 ;D2 65",
            // Without the wait the Cardinal also becomes a King (15), after which Black has
            // its 5 steps (70).
            "4k3/8/8/8/8/8/8/K3C3 w - - 0 1 - ;D1 15 ;D2 70",
            // The Marshal e1 is pinned to the lone King a1 along rank 1: it may go to d1 c1
            // b1 f1 g1 or take h1 (6), or become a King on the attacked e1, since a1 stays
            // safe (1); King a2 b1 b2 (3): 10.
            // Black: after a King step, Rook g1 f1 xe1 and h2-h7, King g8 g7 h7: 12 each
            // (36); Md1 13, Mc1 14, Mb1 15 (the Rook reaches the Marshal); Mf1: Rook g1 xf1
            // h2-h7, King 3: 11; Mg1: Rook xg1 h2-h7, King h7 only (the g-file is taken): 8;
            // Mxh1 checks along the h-file: g8 g7 (2); after e1 becomes a King the Rook may
            // take it (g1 f1 xe1, h2-h7) and the King has 3: 12. 36+13+14+15+11+8+2+12 = 111.
            "7k/8/8/8/8/8/8/K3M2r w - - 0 1 - ;D1 10 ;D2 111",
        ],
    );
}

#[test]
fn the_d_file_king_castles_both_ways_after_the_e_file_king_moved() {
    let p = pos("r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 -");
    let names = moves(&p);
    assert!(names.contains(&"d1a1".to_string()) && names.contains(&"d1h1".to_string()));
    let short = play(&p, "d1h1");
    assert_eq!(short.fen(), "r2kk2r/8/8/8/8/8/4K3/R4RK1 b adeh - 1 1 -");
    let long = play(&p, "d1a1");
    assert_eq!(long.fen(), "r2kk2r/8/8/8/8/8/4K3/2KR3R b adeh - 1 1 -");
    // The King's destination is accepted where no other move has that name; d1c1 is
    // the King's step.
    assert_eq!(p.parse_move("d1g1"), p.parse_move("d1h1"));
    assert_eq!(play(&p, "d1c1").fen(), "r2kk2r/8/8/8/8/8/4K3/R1K4R b adeh - 1 1 -");
    // With both Kings at home each is blocked by the other on one side.
    let home = pos("r2kk2r/8/8/8/8/8/8/R2KK2R w ADEHadeh - 0 1 -");
    let castles: Vec<String> = moves(&home)
        .into_iter()
        .filter(|m| ["d1a1", "d1h1", "e1a1", "e1h1"].contains(&m.as_str()))
        .collect();
    assert_eq!(castles, ["d1a1", "e1h1"]);
    // Not through an attacked square: a Rook on f8 covers f1.
    let covered = pos("3k1r2/8/8/8/8/8/4K3/R2K3R w ADH - 0 1 -");
    assert!(!moves(&covered).contains(&"d1h1".to_string()));
    assert!(moves(&covered).contains(&"d1a1".to_string()));
}

#[test]
fn a_king_that_transformed_and_came_back_does_not_castle() {
    let p = pos("r2kk2r/pppppppp/8/8/8/8/PPPPPPPP/R2KK2R w ADEHadeh - 0 1 -");
    let p = play(&p, "e1e1q");
    assert_eq!(p.castling_rights().count(), 7, "{}", p.fen());
    // The Queen waits three of White's turns.
    let p = line(&p, &["a7a6", "a2a3", "b7b6"]);
    assert!(transformations(&p, "e1").is_empty());
    let p = line(&p, &["b2b3", "c7c6"]);
    assert!(transformations(&p, "e1").is_empty());
    let p = line(&p, &["c2c3", "d7d6"]);
    assert_eq!(transformations(&p, "e1"), ["e1e1k"]);
    let p = line(&p, &["e1e1k", "e7e6"]);
    let names = moves(&p);
    assert!(!names.contains(&"e1h1".to_string()) && !names.contains(&"e1g1".to_string()));
    assert_eq!(p.parse_move("e1h1"), Err(MoveError::Illegal("e1h1".into())));
    // The d1 King, which never transformed, still may.
    assert!(names.contains(&"d1a1".to_string()));
}

#[test]
fn a_promoted_piece_waits_three_own_turns() {
    let p = play(&pos("4k3/P7/8/8/8/8/8/3KK3 w - - 0 1 -"), "a7a8k");
    assert_eq!(p.wait(sq("a8")), 3);
    assert_eq!(p.fen(), "K3k3/8/8/8/8/8/8/3KK3 b - - 0 1 a8=3");
    let p = play(&p, "e8e7");
    assert!(transformations(&p, "a8").is_empty());
    let p = line(&p, &["d1c1", "e7e8"]);
    assert!(transformations(&p, "a8").is_empty());
    let p = line(&p, &["c1d1", "e8e7"]);
    assert!(transformations(&p, "a8").is_empty());
    // The wait follows the piece when it moves.
    let p = line(&p, &["a8b8", "e7e6"]);
    assert_eq!(transformations(&p, "b8"), ["b8b8c", "b8b8m", "b8b8q"]);
    // Transforming one piece counts as a turn for the others: the original Kings,
    // free from the start of this FEN, are still free.
    assert_eq!(transformations(&p, "d1").len(), 3);
}

#[test]
fn the_last_king_never_transforms() {
    let p = pos("3k4/8/8/8/8/8/8/3KQ3 w - - 0 1 -");
    // One King: it may not transform; the Queen may become a second King.
    assert!(transformations(&p, "d1").is_empty());
    assert_eq!(transformations(&p, "e1"), ["e1e1k"]);
    let p = line(&p, &["e1e1k", "d8c8"]);
    // Now two Kings: the d1 King may transform, the new one waits.
    assert_eq!(transformations(&p, "d1").len(), 3);
    assert!(transformations(&p, "e1").is_empty());
}

#[test]
fn one_king_may_be_left_attacked_and_lost() {
    let p = pos("3k4/8/8/8/8/8/8/1r1K3K w - - 0 1 -");
    // d1 is attacked; stepping the other King leaves it so, which is legal.
    let p = play(&p, "h1g1");
    let p = play(&p, "b1d1");
    assert_eq!(p.kings(Color::White).count(), 1);
    // The last King is in check as in chess, and may no longer transform.
    assert!(p.in_check());
    assert!(transformations(&p, "g1").is_empty());
    assert!(moves(&p).iter().all(|m| m.starts_with("g1")));
}

#[test]
fn results() {
    // Both Kings attacked and no move saves either: mate.
    let mate = pos("r2k3r/1r4r1/8/8/8/8/8/K6K w - - 0 1 -");
    assert_eq!(mate.board_result(), won(Color::Black, EndReason::Checkmate));
    // No move, but the King is safe: a draw.
    let stalemate = pos("k7/8/1Q6/8/8/8/8/7K b - - 0 1 -");
    assert_eq!(stalemate.board_result(), drawn(EndReason::Stalemate));
    // No King left.
    let kingless = pos("2k5/8/8/8/8/8/8/3Q4 w - - 0 1 -");
    assert_eq!(kingless.board_result(), won(Color::Black, EndReason::NoKingsLeft));
    assert_eq!(kingless.count_legal_moves(), 0);
    // Repetition draws as in chess.
    let mut h = History::new(pos("3k4/8/8/8/8/8/8/3KK3 w - - 0 1 d1=3,e1=3,d8=3"));
    let shuffle = ["e1f1", "d8c8", "f1e1", "c8d8"];
    for name in shuffle.iter().chain(&shuffle).chain(&shuffle) {
        h.push_text(name).unwrap();
    }
    // The waits are part of the position: the placement after ply 2 (waits 2, 2; 2)
    // recurs after plies 6, 10 and 14, but the waits are 0 from ply 6 on, so the third
    // occurrence of the position comes only with ply 14.
    assert_eq!(h.result(), None);
    h.push_text("e1f1").unwrap();
    assert_eq!(h.result(), None);
    h.push_text("d8c8").unwrap();
    assert_eq!(h.result(), drawn(EndReason::Repetition));
}

#[test]
fn the_hash_follows_waits_castling_and_en_passant() {
    let a = pos("r2kk2r/8/8/8/8/8/8/R2KK2R w ADEHadeh - 0 1 -");
    let b = pos("r2kk2r/8/8/8/8/8/8/R2KK2R w ADEHadeh - 0 1 d1=1");
    let c = pos("r2kk2r/8/8/8/8/8/8/R2KK2R w ADEadeh - 0 1 -");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    let ep = pos("4k3/8/8/3Pp3/8/8/8/3KK3 w - e6 0 1 -");
    let no_ep = pos("4k3/8/8/3Pp3/8/8/8/3KK3 w - - 0 1 -");
    assert_ne!(ep.hash(), no_ep.hash());
    for p in [a, b, c, ep, no_ep] {
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    let taken = play(&ep, "d5e6");
    assert_eq!(taken.piece_at(sq("e5")), None);
}
