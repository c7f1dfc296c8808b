use super::*;
use crate::game::{MoveError, MoveList, Notation, Position};
use crate::history::History;
use crate::testing::{assert_fen_errors, assert_fens_round_trip, assert_perfts, moves, perfts, play, sq, won};

fn pos(fen: &str) -> Maharajah {
    crate::testing::pos(Variant::Maharajah, fen)
}

fn transformations(p: &Maharajah) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut names: Vec<String> = list
        .iter()
        .filter(|m| m.is_transformation())
        .map(|m| p.move_name(*m))
        .collect();
    names.sort();
    names
}

#[test]
fn fen_round_trips_keep_maharajahs_locks_and_points() {
    assert_fens_round_trip::<Maharajah>(
        Variant::Maharajah,
        &[
            Variant::Maharajah.start_fen(),
            "r1b1wbnr/ppp2ppp/2n5/3pp3/4P3/2N2N2/PPPP1PPP/R1B+WWB1R b T - 3 4 0+0",
            "4w3/8/8/8/8/8/8/N3+W3 w Tt - 0 1 12+7",
            "+r3w3/8/8/8/8/8/8/1+N2+B3 b t - 10 30 3+0",
            "4w3/8/8/3Pp3/8/8/8/4W3 w - e6 0 1 0+0",
        ],
    );
    // Six fields: no points captured yet.
    assert_eq!(
        pos("rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1").fen(),
        Variant::Maharajah.start_fen()
    );
    // An en passant square no pawn can take on is dropped.
    assert_eq!(
        pos("4w3/8/8/4p3/8/8/8/4W3 w - e6 0 1 0+0").fen(),
        "4w3/8/8/4p3/8/8/8/4W3 w - - 0 1 0+0"
    );
    let p = pos("4w3/8/8/8/8/8/8/N3+W3 w Tt - 0 1 12+7");
    assert!(p.is_locked(Color::White) && p.is_locked(Color::Black));
    assert_eq!((p.points(Color::White), p.points(Color::Black)), (12, 7));
    assert_eq!(p.piece_at(sq("e1")), Some((Color::White, Kind::Warrior, true)));
}

#[test]
fn bad_fens_are_rejected() {
    assert_fen_errors::<Maharajah>(
        Variant::Maharajah,
        &[
            (
                "4w3/8/8/8/8/8/8/4+W3 w - - 0 1 0+0",
                FenError::rule(MaharajahFenError::LoneMaharajah("white")),
            ),
            ("4w3/8/8/8/8/8/8/N3+P3 w - - 0 1 0+0", FenError::InvalidPiece('P')),
            ("4w3/8/8/8/8/8/8/N3+Q3 w - - 0 1 0+0", FenError::InvalidPiece('Q')),
            (
                "4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 3-0",
                FenError::rule(MaharajahFenError::InvalidPoints("3-0".into())),
            ),
            (
                "4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 +0",
                FenError::rule(MaharajahFenError::InvalidPoints("+0".into())),
            ),
            (
                "4w3/8/8/8/8/8/8/N3+W3 w K - 0 1 0+0",
                FenError::InvalidCastling("K".into()),
            ),
            (
                "4w3/8/8/8/8/8/8/N3+W3 b - - 0 1 0+0 x",
                FenError::FieldCount {
                    expected: "4 to 7",
                    found: 8,
                },
            ),
            ("4r3/8/8/8/8/8/8/N3+W3 b - - 0 1 0+0", FenError::OpponentInCheck),
            ("8/8/8/8/8/8/8/4W3 w - - 0 1 0+0", FenError::NoPieces("black")),
            ("P3w3/8/8/8/8/8/8/4W3 w - - 0 1 0+0", FenError::PawnOnBackRank),
            (
                "4w3/8/8/8/8/8/8/4W3 w - e3 0 1 0+0",
                FenError::ImpossibleEnPassant("e3".into()),
            ),
        ],
    );
}

#[test]
fn notation_round_trips_and_bad_moves_change_nothing() {
    let start = Maharajah::startpos(Variant::Maharajah);
    let names = moves(&start);
    assert!(names.contains(&"d1d1m".to_string()) && names.contains(&"b1c3".to_string()));
    let mut h = History::new(start);
    assert_eq!(h.push_text("d1d1w"), Err(MoveError::Illegal("d1d1w".into())));
    assert_eq!(h.push_text("e2e1"), Err(MoveError::Illegal("e2e1".into())));
    assert_eq!(h.position().fen(), Variant::Maharajah.start_fen());
    h.push_text("d1d1m").unwrap();
    assert_eq!(
        h.position().fen(),
        "rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+WWBNR b T - 1 1 0+0"
    );
}

/// Depths 1 and 2 worked out by hand (the same counts are in `maharajah.epd`).
#[test]
fn hand_counted_perft() {
    // Start: 16 pawn moves, 4 knight moves, and each of the 8 pieces may become a
    // Maharajah (none is attacked): 28. Black answers each with the same 28, except
    // that after a White transformation nothing changes for Black: 28 * 28 = 784.
    let start = Maharajah::startpos(Variant::Maharajah);
    assert_eq!(perfts(&start, 2), [28, 784]);

    assert_perfts::<Maharajah>(
        Variant::Maharajah,
        &[
            // White locked (transformed last turn): Knight a1 b3 c2 (2); the Maharajah on
            // e1 moves as Rook e2-e8 (7, e8 takes the Warrior), d1 c1 b1, f1 g1 h1 (6), as
            // Bishop d2 c3 b4 a5, f2 g3 h4 (7), as Knight c2 d3 f3 g2 (4): 24, less e7 next
            // to the Warrior: 23. Total 25. Black's Warrior then has its five steps, except
            // after e1xe8, which leaves Black without pieces: 24 * 5 = 120.
            "4w3/8/8/8/8/8/8/N3+W3 w T - 0 1 0+0 ;D1 25 ;D2 120",
            // Unlocked: also e1e1w and a1a1m, 27; 26 * 5 = 130.
            "4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0 ;D1 27 ;D2 130",
            // In check from e8: the Maharajah leaves the e-file (rank 6, diagonals 7, leaps
            // 4) or takes e8 (1): 18; no knight move helps, no transformation is allowed.
            // Black's Rook then has 7 + 7 moves after each of the 17 moves that leave it: 238.
            "4r3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0 ;D1 18 ;D2 238",
            // Warrior a1 against Warrior b2: a2, b1, xb2 (3). After a2 or b1 the black
            // Warrior has its 8 steps (one a capture); after xb2 Black has nothing: 16.
            "8/8/8/8/8/8/1w6/W7 w - - 0 1 0+0 ;D1 3 ;D2 16",
            // a7-a8 with 4 promotions, Warrior a2 b1 b2 (3); a single non-pawn piece does
            // not transform: 7. Black's Warrior e1 steps to d1 d2 e2 f2 f1 each time: 35.
            "8/P7/8/8/8/8/8/W3w3 w - - 0 1 0+0 ;D1 7 ;D2 35",
            // Two Maharajahs forked by the c3 Knight: only b1xc3 and d1xc3 (leaps) save
            // both. Black's Warrior e8 then has its 5 steps: 10.
            "4w3/8/8/8/8/2n5/8/1+R1+B4 w - - 0 1 0+0 ;D1 2 ;D2 10",
        ],
    );
    let fork = pos("4w3/8/8/8/8/2n5/8/1+R1+B4 w - - 0 1 0+0");
    let mut fork_moves = moves(&fork);
    fork_moves.sort();
    assert_eq!(fork_moves, ["b1c3", "d1c3"]);
}

#[test]
fn no_transformation_on_two_turns_in_a_row() {
    let p = pos("4w3/8/8/8/8/8/8/N3W3 w - - 0 1 0+0");
    assert_eq!(transformations(&p), ["a1a1m", "e1e1m"]);
    let p = play(&play(&p, "e1e1m"), "e8d8");
    assert!(p.is_locked(Color::White));
    assert!(transformations(&p).is_empty(), "{}", p.fen());
    // A move in between lifts the lock.
    let p = play(&play(&p, "a1b3"), "d8e8");
    assert!(!p.is_locked(Color::White));
    assert_eq!(transformations(&p), ["b3b3m", "e1e1w"]);
    // Transforming back is a transformation too.
    let p = play(&play(&p, "e1e1w"), "e8d8");
    assert!(transformations(&p).is_empty());
}

#[test]
fn no_transformation_in_check_or_onto_an_attacked_square() {
    let p = pos("4r3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0");
    assert!(p.in_check());
    assert!(transformations(&p).is_empty());
    // Not in check, but Black's a4 pawn attacks b3: the Knight there cannot become a
    // Maharajah, the a1 Rook can.
    let p = pos("4w3/8/8/8/p7/1N6/8/R7 w - - 0 1 0+0");
    assert_eq!(transformations(&p), ["a1a1m"]);
}

#[test]
fn the_last_non_pawn_piece_reverts_inside_the_capture() {
    // Black's Maharajah takes a5 although the e1 Maharajah watches a5 along the
    // diagonal: the capture leaves White one non-pawn piece, which reverts to its
    // Knight at once, and the capture is judged after that.
    let p = pos("7w/8/8/R6+r/8/8/8/4+N3 b - - 0 1 0+0");
    assert!(p.in_check());
    let next = play(&p, "h5a5");
    assert_eq!(next.fen(), "7w/8/8/+r7/8/8/8/4N3 w - - 0 2 0+5");
    assert_eq!(next.piece_at(sq("e1")), Some((Color::White, Kind::Knight, false)));
    // The lone Knight may not transform.
    assert!(transformations(&next).is_empty());
}

#[test]
fn a_promoted_piece_may_transform_on_the_next_turn() {
    let p = pos("8/P7/8/8/8/8/8/W3w3 w - - 0 1 0+0");
    assert!(transformations(&p).is_empty());
    let p = play(&play(&p, "a7a8r"), "e1e2");
    assert_eq!(transformations(&p), ["a1a1m", "a8a8m"]);
}

#[test]
fn results() {
    // Capturing the last piece wins.
    let p = play(&pos("8/8/8/8/8/8/1w6/W7 w - - 0 1 0+0"), "a1b2");
    assert_eq!(p.board_result(), won(Color::White, EndReason::NoPiecesLeft));
    // Mate: the f2 Knight (guarded by e3) checks the boxed Maharajah on h1; g3 is
    // covered by h4.
    let mate = pos("4w3/8/8/8/7p/4p3/5nPP/6N+W w - - 0 1 0+0");
    assert_eq!(mate.board_result(), won(Color::Black, EndReason::Checkmate));
    // Stalemate of a Maharajah loses: the a8 Maharajah is boxed in (b7 guarded by a6,
    // b6 by c5, c7 by d6), the b8 Knight is pinned by d8, the a7 pawn blocked, and
    // Black transformed last turn. Unlocked, turning back would be its only move.
    let stalemate = pos("+rn1R4/pN6/P2B4/2P5/8/8/8/8 b t - 0 1 0+0");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.board_result(), won(Color::White, EndReason::Stalemate));
    assert_eq!(moves(&pos("+rn1R4/pN6/P2B4/2P5/8/8/8/8 b - - 0 1 0+0")), ["a8a8r"]);
    // A side without Maharajah and without moves loses too.
    let stuck = pos("4w3/8/8/8/8/p7/P7/8 w - - 0 1 0+0");
    assert_eq!(stuck.board_result(), won(Color::Black, EndReason::NoLegalMove));
}

/// Shuffles the two Warriors back and forth until the start position occurs a third
/// time.
fn repeat(fen: &str) -> Option<GameResult> {
    let mut h = History::new(pos(fen));
    for name in ["e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8"] {
        assert_eq!(h.result(), None);
        h.push_text(name).unwrap();
    }
    h.result()
}

#[test]
fn repetition_and_the_move_counter_are_decided_on_points() {
    let white = won(Color::White, EndReason::RepetitionOnPoints);
    assert_eq!(repeat("4w3/8/8/8/8/8/8/4W3 w - - 0 1 3+1"), white);
    // Equal points: Black wins.
    let black = won(Color::Black, EndReason::RepetitionOnPoints);
    assert_eq!(repeat("4w3/8/8/8/8/8/8/4W3 w - - 0 1 2+2"), black);
    assert_eq!(repeat("4w3/8/8/8/8/8/8/4W3 w - - 0 1 1+5"), black);
    let mut h = History::new(pos("4w3/8/8/8/8/8/8/4W3 w - - 99 80 5+3"));
    h.push_text("e1d1").unwrap();
    assert_eq!(h.result(), won(Color::White, EndReason::FiftyMovesOnPoints));
}

#[test]
fn captures_score_points_and_the_hash_follows_the_state() {
    let p = pos("4w3/8/8/3Pp3/8/8/8/r3W3 w - e6 0 1 0+0");
    let after = play(&p, "d5e6");
    assert_eq!(after.points(Color::White), 1);
    assert_eq!(after.piece_at(sq("e5")), None);
    let after = play(&after, "a1e1");
    assert_eq!(after.points(Color::Black), 3);
    for fen in [
        "4w3/8/8/8/8/8/8/N3+W3 w T - 0 1 0+0",
        "4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0",
        "4w3/8/8/8/8/8/8/N3W3 w - - 0 1 0+0",
    ] {
        let p = pos(fen);
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    // Lock and Maharajah are part of the position's identity; points are not.
    assert_ne!(
        pos("4w3/8/8/8/8/8/8/N3+W3 w T - 0 1 0+0").hash(),
        pos("4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0").hash()
    );
    assert_ne!(
        pos("4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0").hash(),
        pos("4w3/8/8/8/8/8/8/N3W3 w - - 0 1 0+0").hash()
    );
    assert_eq!(
        pos("4w3/8/8/8/8/8/8/N3W3 w - - 0 1 3+0").hash(),
        pos("4w3/8/8/8/8/8/8/N3W3 w - - 0 1 0+0").hash()
    );
}
