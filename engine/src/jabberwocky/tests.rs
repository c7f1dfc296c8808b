use super::*;
use crate::game::{FenError, MoveError};
use crate::history::History;
use crate::testing::{
    assert_fen_errors, assert_fens_round_trip, assert_moves, assert_perfts, history, moves, play, sq, won,
};

const START: &str = "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w - - 0 1";

fn pos(fen: &str) -> Jabberwocky {
    crate::testing::pos(Variant::Jabberwocky, fen)
}

fn line(fen: &str, names: &[&str]) -> History<Jabberwocky> {
    history(pos(fen), names)
}

/// The win of `color` by the Jabberwocky mate.
fn win(color: Color) -> Option<GameResult> {
    won(color, EndReason::NoLegalMove)
}

#[test]
fn fen_round_trips_and_rejects_what_the_game_cannot_have() {
    assert_fens_round_trip::<Jabberwocky>(
        Variant::Jabberwocky,
        &[
            START,
            "k6R/8/p7/8/8/6r1/K5N1/8 b - - 0 1",
            "Q7/8/p7/8/8/8/K5q1/8 b - - 0 2",
            "k1kkk1kk/1kp1pkp1/4p1p1/8/8/N2PP1P1/K3KB2/K2PKKKK w - - 17 9",
        ],
    );
    let start = pos(START);
    assert_eq!(start, Jabberwocky::startpos(Variant::Jabberwocky));
    assert_eq!(start.hash(), start.hash_from_scratch());
    assert_fen_errors::<Jabberwocky>(
        Variant::Jabberwocky,
        &[
            (
                "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w KQkq - 0 1",
                FenError::InvalidCastling("KQkq".into()),
            ),
            (
                "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w - e3 0 1",
                FenError::InvalidEnPassant("e3".into()),
            ),
            // Black has just moved and has no King: that move was not legal.
            ("8/8/8/8/8/8/8/K6q w - - 0 1", FenError::MissingKing("black")),
            ("kkkkkkkk/8/8/8/8/8/8/KKKKKKKX w - - 0 1", FenError::InvalidPiece('X')),
        ],
    );
    // The side to move may have lost its last King to the capture just made.
    assert!(Jabberwocky::from_fen(Variant::Jabberwocky, "8/8/8/8/8/8/8/k6Q w - - 0 1").is_ok());
}

#[test]
fn a_piece_runs_through_the_whole_cycle() {
    // White's d1 King and Black's e8 King each make six moves and come back as Kings:
    // K>P (d1d2), P>N (d2d3), N>B (d3b2), B>R (b2a1), R>Q (a1b1), Q>K (b1d1).
    let cycle = [
        "d1d2", "e8e7", "d2d3", "e7e6", "d3b2", "e6f8", "b2a1", "f8g7", "a1b1", "g7g8", "b1d1", "g8e8",
    ];
    let fen = "2k1k3/8/8/8/8/8/8/3K3K w - - 0 1";
    let mut h = History::new(pos(fen));
    // Each side's piece becomes, move by move, the next type of the cycle, which runs
    // through the kinds in their index order, Pawn to King.
    for (ply, name) in cycle.iter().enumerate() {
        let mover = h.position().side_to_move();
        h.push_text(name).unwrap();
        let to = sq(&name[2..]);
        assert_eq!(
            h.position().board().piece_at(to),
            Some((mover, Kind::ALL[ply / 2])),
            "after {name}"
        );
    }
    assert_eq!(h.position().fen(), "2k1k3/8/8/8/8/8/8/3K3K w - - 12 7");
    // Twice round: the start position for the third time, a draw.
    assert_eq!(h.result(), None);
    for name in cycle {
        h.push_text(name).unwrap();
    }
    assert_eq!(h.repetitions(), 3);
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::Repetition));
}

#[test]
fn the_seeds_mate_in_two() {
    // Black: Ka8 (its only King), Pa6, Rg3; White: Rh8, Ng2, Ka2 (its only King).
    // 1...Rxg2, the only capture: the Rook becomes a Queen.
    let fen = "k6R/8/p7/8/8/6r1/K5N1/8 b - - 0 1";
    assert_eq!(moves(&pos(fen)), ["g3g2"]);
    // 2.Rxa8 is White's only move (a capture, and Ka2 is White's last King).
    let h = line(fen, &["g3g2"]);
    assert_eq!(h.position().fen(), "k6R/8/p7/8/8/8/K5q1/8 w - - 0 2");
    assert_eq!(moves(h.position()), ["h8a8"]);
    // Black has lost its last King but not the game: the Queen's move makes a King.
    let h = line(fen, &["g3g2", "h8a8"]);
    assert_eq!(h.position().fen(), "Q7/8/p7/8/8/8/K5q1/8 b - - 0 2");
    assert_eq!(h.result(), None);
    assert_eq!(h.position().board().pieces(Color::Black, Kind::King), Bitboard::EMPTY);
    assert_eq!(moves(h.position()), ["g2a2", "g2a8"]);
    // 2...Qxa8#: Black has a King again; White's last King cannot move.
    let h = line(fen, &["g3g2", "h8a8", "g2a8"]);
    assert_eq!(h.position().fen(), "k7/8/p7/8/8/8/K7/8 w - - 0 3");
    assert!(moves(h.position()).is_empty());
    assert_eq!(h.result(), win(Color::Black));
    // 2...Qxa2? 3.Qxa6# instead: the White Queen becomes a King, and Black's only
    // piece is its last King.
    let h = line(fen, &["g3g2", "h8a8", "g2a2"]);
    assert_eq!(moves(h.position()), ["a8a6"]);
    let h = line(fen, &["g3g2", "h8a8", "g2a2", "a8a6"]);
    assert_eq!(h.position().fen(), "8/8/K7/8/8/8/k7/8 b - - 0 3");
    assert_eq!(h.result(), win(Color::White));
}

#[test]
fn with_one_king_each_the_side_to_move_is_mated() {
    let p = pos("8/8/8/3k4/8/8/3K4/8 w - - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.board_result(), win(Color::Black));
    assert_eq!(pos("8/8/8/3k4/8/8/3K4/8 b - - 0 1").board_result(), win(Color::White));
    // A last King that must capture cannot: the capture rule comes first, and the
    // Rook's quiet moves are not allowed while a capture exists.
    let p = pos("1r6/8/8/4k3/3P4/8/8/K6K b - - 0 1");
    assert!(p.has_capture(Color::Black));
    assert!(moves(&p).is_empty());
    assert_eq!(p.board_result(), win(Color::White));
    // Other pieces still move beside a last King.
    assert_eq!(moves(&pos("8/8/8/3k4/8/8/3K4/7N w - - 0 1")), ["h1f2", "h1g3"]);
}

#[test]
fn capture_is_compulsory_with_a_choice_among_several() {
    // The b5 pawn is attacked by the Rook b1, the Knight c3 and the Bishop e2.
    let p = pos("3kk3/8/8/1p6/8/2N5/4B3/1R4KK w - - 0 1");
    assert_eq!(moves(&p), ["b1b5", "c3b5", "e2b5"]);
    // Each capturer becomes its next type on b5.
    let b5 = sq("b5");
    for (name, kind) in [("b1b5", Kind::Queen), ("c3b5", Kind::Bishop), ("e2b5", Kind::Rook)] {
        let after = play(&p, name);
        assert_eq!(after.board().piece_at(b5), Some((Color::White, kind)), "{name}");
        assert_eq!(after.halfmove_clock(), 0);
        assert!(p.is_capture(p.parse_move(name).unwrap()));
    }
    // A pawn captures diagonally forward, never straight, and steps only one square.
    let p = pos("7k/7k/8/8/2p1p3/3P4/8/K6K w - - 0 1");
    assert_eq!(moves(&p), ["d3c4", "d3e4"]);
    let p = pos("7k/7k/8/8/3p4/3P4/8/K6K w - - 0 1");
    assert!(!moves(&p).iter().any(|m| m.starts_with("d3")));
}

#[test]
fn kings_choose_on_their_farthest_rank() {
    // The white King e8 moving along the 8th rank must become Q, R, B or N; stepping
    // down to the 7th it becomes a Pawn by the cycle.
    let p = pos("4K3/8/8/8/8/8/8/K5kk w - - 0 1");
    assert_moves(
        &p,
        "a1a2 a1b1 a1b2 e8d7 e8d8b e8d8n e8d8q e8d8r e8e7 e8f7 e8f8b e8f8n e8f8q e8f8r",
    );
    assert_eq!(p.parse_move("e8d8"), Err(MoveError::Illegal("e8d8".into())));
    assert_eq!(play(&p, "e8d8n").fen(), "3N4/8/8/8/8/8/8/K5kk b - - 1 1");
    assert_eq!(play(&p, "e8e7").fen(), "8/4P3/8/8/8/8/8/K5kk b - - 1 1");
    // A King stepping up onto the 8th chooses too; Black's farthest rank is the 1st.
    let p = pos("7k/3K4/8/8/8/8/8/K6k w - - 0 1");
    assert!(moves(&p).contains(&"d7d8q".to_string()));
    assert!(!moves(&p).contains(&"d7d8".to_string()));
    let black = pos("7k/8/8/8/8/8/8/K5k1 b - - 0 1");
    let g1: Vec<String> = moves(&black).into_iter().filter(|m| m.starts_with("g1")).collect();
    assert_eq!(
        g1,
        ["g1f1b", "g1f1n", "g1f1q", "g1f1r", "g1f2", "g1g2", "g1h1b", "g1h1n", "g1h1q", "g1h1r", "g1h2"]
    );
}

#[test]
fn pawns_on_the_last_and_first_ranks() {
    let p = pos("6kk/1P6/8/8/8/8/8/3P2KK w - - 0 1");
    // b7b8 is written without suffix (the Knight is forced); `n` is accepted.
    let names = moves(&p);
    assert!(names.contains(&"b7b8".to_string()) && names.contains(&"d1d2".to_string()));
    assert_eq!(p.parse_move("b7b8n"), p.parse_move("b7b8"));
    assert!(p.parse_move("b7b8q").is_err());
    assert_eq!(play(&p, "b7b8").fen(), "1N4kk/8/8/8/8/8/8/3P2KK b - - 1 1");
    assert_eq!(play(&p, "d1d2").fen(), "6kk/1P6/8/8/8/8/3N4/6KK b - - 1 1");
    // A pawn on its last rank has no move.
    let stuck = pos("1P4kk/8/8/8/8/8/8/6KK w - - 0 1");
    assert!(!moves(&stuck).iter().any(|m| m.starts_with("b8")));
}

#[test]
fn only_captures_reset_the_move_counter() {
    let mut h = History::new(pos("6kk/8/8/8/8/8/3P4/6KK w - - 98 60"));
    h.push_text("d2d3").unwrap();
    assert_eq!(h.position().halfmove_clock(), 99, "a pawn move does not reset it");
    assert_eq!(h.result(), None);
    h.push_text("g8f8").unwrap();
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::FiftyMoves));
    // The Jabberwocky mate on the hundredth ply is a mate.
    let mut h = History::new(pos("7k/7k/8/8/8/8/8/K7 b - - 99 80"));
    h.push_text("h7g6").unwrap();
    assert_eq!(h.position().halfmove_clock(), 100);
    assert_eq!(h.result(), win(Color::Black));
}

#[test]
fn perft_by_hand() {
    // Start: only the sixteen rank-2 Kings can move, to rank 3: a2 and h2 two squares
    // each, b2..g2 three each: 2 + 6 * 3 + 2 = 22. Every move makes a Pawn on rank 3,
    // far from Black, whose 22 replies are the mirror image: 22 * 22 = 484.
    assert_perfts::<Jabberwocky>(
        Variant::Jabberwocky,
        &[
            // Start: only the sixteen rank-2 Kings can move, to rank 3: a2 and h2 two
            // squares each, b2..g2 three each: 2 + 6 * 3 + 2 = 22. Every move makes a Pawn
            // on rank 3, far from Black, whose 22 replies are the mirror image: 22 * 22 = 484.
            "startpos ;D1 22 ;D2 484",
            // The seed's mate in two: 1...Rxg2 is Black's only capture (the Pawn a6 and the
            // last King a8 have none), so D1 = 1; White's only move is then 2.Rxa8 (a
            // capture; Ka2 is its last King and may not move anyway): D2 = 1; Black, with
            // no King, may move only its Queen, and must capture: Qxa8 or Qxa2: D3 = 2.
            "k6R/8/p7/8/8/6r1/K5N1/8 b - - 0 1 ;D1 1 ;D2 1 ;D3 2",
            // Far rank: Ke8 has d8 and f8 with four choices each and d7, e7, f7 (Pawns):
            // 11; Ka1 has a2, b1, b2: 3. D1 = 14. Black's Kings g1 and h1, untouched by any
            // White move, answer with g1-f1 (four choices, Black's farthest rank), g1-f2,
            // g1-g2, g1-h2, h1-g2, h1-h2: 9. D2 = 14 * 9 = 126.
            "4K3/8/8/8/8/8/8/K5kk w - - 0 1 ;D1 14 ;D2 126",
            // Forced capture: three captures of b5 (Rook, Knight, Bishop), nothing else: 3.
            // Black's Kings d8, e8 then touch no White piece: d8 to c8, c7, d7, e7 and e8
            // to d7, e7, f7, f8 (all Pawns: Black's farthest rank is the 1st): 8. D2 = 24.
            "3kk3/8/8/1p6/8/2N5/4B3/1R4KK w - - 0 1 ;D1 3 ;D2 24",
            // No King: Black may move only the Queen and must capture: g2a8 and g2a2: 2.
            // After g2a8 (a King) White's last King cannot move: 0; after g2a2 White has no
            // King and its Queen must take a6: 1. D2 = 1. Then Black's last King is stuck:
            // D3 = 0.
            "Q7/8/p7/8/8/8/K5q1/8 b - - 0 2 ;D1 2 ;D2 1 ;D3 0",
            // Pawns: b7-b8 (a Knight), d1-d2, Kg1 to f1, f2, g2, h2 (rank 1 is not White's
            // farthest), Kh1 to g2, h2: 8. Black's Kings g8 and h8 reach f8, f7, g7, h7 and
            // g7, h7 (no White piece near): 6. D2 = 8 * 6 = 48.
            "6kk/1P6/8/8/8/8/8/3P2KK w - - 0 1 ;D1 8 ;D2 48",
        ],
    );
}
