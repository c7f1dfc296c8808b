use super::*;
use crate::game::{FenError, MoveError};
use crate::history::History;
use crate::testing::{assert_fen_errors, assert_fens_round_trip, assert_perfts, drawn, line, moves, play, sq, won};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

fn pos(fen: &str) -> Superperm {
    crate::testing::pos(Variant::Superpermutation, fen)
}

/// The seed's test game in its own notation; the last square of each move is where
/// the moved piece ends after its chain.
pub(super) const SEED_GAME: [&str; 18] = [
    "Nb1-c3",
    "d7-d5",
    "Ra1-b1-b2",
    "Nb8-c6",
    "f2-f3",
    "e7-e5",
    "Rb2-b6-b7",
    "Bf8-a3-a2",
    "Nc3-b5-b7",
    "Qd8-h4+",
    "g2-g3",
    "Qh4-h3-h1",
    "Rh2-f2-f3",
    "Ra8-b8-b5",
    "b1-b2",
    "Qh1-g2-g1",
    "b2-b4-b8=Q",
    "Rb4-f4-f1#",
];

#[test]
fn the_seeds_test_game_replays_move_by_move() {
    let mut h = History::new(pos(START));
    for long in SEED_GAME {
        let p = *h.position();
        assert_eq!(h.result(), None, "the game is not over before {long}");
        let mv = p
            .parse_move(long)
            .unwrap_or_else(|e| panic!("{long} in {}: {e}", p.fen()));
        // The engine writes the move exactly as the seed does, chain and check included.
        assert_eq!(p.long_name(mv), long);
        // The chain ends on the last square the seed names.
        let squares: Vec<&str> = long
            .trim_start_matches(['N', 'B', 'R', 'Q', 'K'])
            .split(['-', '=', '+', '#'])
            .filter(|s| s.len() == 2)
            .collect();
        assert_eq!(p.chain_end(mv), sq(squares[squares.len() - 1]), "{long}");
        // The short form names the same move.
        assert_eq!(p.parse_move(&p.move_name(mv)), Ok(mv));
        h.push(mv);
    }
    let names: Vec<String> = {
        let mut p = pos(START);
        h.moves()
            .iter()
            .map(|&mv| {
                let name = p.move_name(mv);
                p = p.play(mv);
                name
            })
            .collect()
    };
    assert_eq!(
        names[16], "b2b4q",
        "the promotion at the end of the chain is the suffix"
    );
    let end = h.position();
    assert_eq!(
        end.fen(),
        "1Qb1k1nr/pNp2ppp/1Rn5/1p1pp3/5R2/P4PPP/b1PPPBN1/2BQKrq1 w - - 1 10"
    );
    assert!(end.in_check());
    assert!(moves(end).is_empty());
    assert_eq!(h.result(), won(Color::Black, EndReason::Checkmate));
    // Intermediate positions the seed describes: after 2.Ra1-b1-b2 the b-pawn stands
    // on b1; once the Rook has left b2 it may step only to b2 (8.b1-b2), never two
    // squares. After 4...Bf8-a3-a2 Black has two light-squared bishops.
    let p = line(&pos(START), &SEED_GAME[..3]);
    assert_eq!(p.board().piece_at(sq("b1")), Some((Color::White, Kind::Pawn)));
    let q = line(&p, &SEED_GAME[3..14]);
    assert_eq!(
        moves(&q).iter().filter(|m| m.starts_with("b1")).collect::<Vec<_>>(),
        ["b1b2"]
    );
    let q = line(&p, &SEED_GAME[3..8]);
    let light = q.board().pieces(Color::Black, Kind::Bishop) & Bitboard::LIGHT_SQUARES;
    assert_eq!(light.count(), 2);
}

/// The position after the move `name` from `p`, checking that the move's long name,
/// which names the same move, is `long`.
fn chain(p: &Superperm, name: &str, long: &str) -> Superperm {
    let mv = p
        .parse_move(name)
        .unwrap_or_else(|e| panic!("{name} in {}: {e}", p.fen()));
    assert_eq!(p.long_name(mv), long);
    assert_eq!(p.parse_move(long), Ok(mv));
    p.play(mv)
}

/// Checks the men on the squares of `p`: `"e4 p, e5 N"` is a black pawn on e4 and a
/// White Knight on e5 (FEN letters).
fn assert_men(p: &Superperm, men: &str) {
    for man in men.split(", ") {
        let (square, letter) = man.split_once(' ').unwrap();
        let found = p.board().piece_at(sq(square)).map(|(color, kind)| kind.fen_char(color));
        assert_eq!(found, letter.chars().next(), "{man} in {}", p.fen());
    }
}

#[test]
fn a_chain_carries_the_mover_past_the_piece_in_front() {
    // 1...e7-e5 in front of a White Knight: the pawn swaps to e4, the Knight to e5.
    let p = pos("rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/R1BQKBNR b - - 0 1");
    let after = chain(&p, "e7e5", "e7-e5-e4");
    assert_men(&after, "e4 p, e5 N");
    assert!(p.parse_move("e7-e5-e3").is_err(), "a wrong chain end is refused");
    // A pawn carried by a chain does not reset the move counter; the pawn that moved does.
    let q = pos("4k3/8/8/8/8/1p6/8/R3K3 w - - 7 20");
    assert_eq!(play(&q, "a1b1").halfmove_clock(), 8);
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn a_bishop_swaps_twice() {
    // The seed's "Bf1-h6" (f1-h6 is no diagonal: the diagram's bishop came from the
    // c1-h6 diagonal): the Bishop lands before the h7 pawn, swaps with it, then with
    // the h8 Rook, and stops at the edge.
    let p = pos("rnbqkbnr/pppp1ppp/8/8/8/3P4/PPPBPPPP/RN1QKBNR w - - 0 1");
    let after = chain(&p, "Bd2-h6-h8", "Bd2-h6-h8");
    assert_men(&after, "h8 B, h7 r, h6 p");
}

#[test]
fn a_check_on_landing_stops_the_chain() {
    // Nd5-f6+: the f7 pawn stands in front of the Knight, but the check comes first.
    // (With the Queen on d8, or the pawn on d7, this would be mate: nothing but the
    // King captures, and Ke8-d8 would swap the King with d7 into the Knight's reach.)
    let p = pos("rnb1kbnr/ppp1pppp/8/3N4/8/8/PPPPPPPP/R1BQKBNR w - - 0 1");
    let after = chain(&p, "d5f6", "Nd5-f6+");
    assert_men(&after, "f6 N, f7 p");
    assert!(after.in_check());
    // b2-b4: the pawn swaps with the b5 Knight, then with the b6 Bishop, and on b6 it
    // gives check to the c7 King: the chain ends there, before the b7 pawn.
    let p = pos("8/1pk5/1b6/1n6/8/8/1P6/4K3 w - - 0 1");
    let after = chain(&p, "b2b4", "b2-b4-b6+");
    assert_eq!(after.fen(), "8/1pk5/1P6/1b6/1n6/8/8/4K3 b - - 0 1");
    assert!(after.in_check());
}

#[test]
fn a_chain_that_exposes_the_king_is_illegal() {
    // b2-b4 would swap the b5 Bishop down to b4, attacking the King on a3.
    let p = pos("7k/8/8/1b6/8/K7/1P6/8 w - - 0 1");
    assert_eq!(p.parse_move("b2b4"), Err(MoveError::Illegal("b2b4".into())));
    assert!(moves(&p).contains(&"b2b3".to_string()));
    // The King's own chain: Ka3-b4 swaps it with the Bishop, which is legal.
    assert_eq!(p.long_name(p.parse_move("a3b4").unwrap()), "Ka3-b4-b5");
}

#[test]
fn only_kings_capture_and_pawns_never_go_sideways() {
    let p = pos("4k3/8/8/3p4/2P5/8/r7/R3K3 w - - 0 1");
    let names = moves(&p);
    // The c4 pawn does not take d5; the a1 Rook does not take a2.
    assert!(!names.contains(&"c4d5".to_string()));
    assert!(names.contains(&"c4c5".to_string()));
    assert!(!names.contains(&"a1a2".to_string()));
    assert!(names.contains(&"a1d1".to_string()));
    // A King takes any enemy piece it may safely reach.
    let p = pos("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(p.is_capture(p.parse_move("e1d2").unwrap()));
    let after = play(&p, "e1d2");
    assert_eq!(after.board().by_color(Color::Black).count(), 1);
    assert_eq!(after.halfmove_clock(), 0);
    // Non-capturing pieces still give check: the pawn's diagonal, the Rook's file.
    let checked = pos("4k3/3P4/8/8/8/8/8/4K3 b - - 0 1");
    assert!(checked.in_check());
}

#[test]
fn pawns_pushed_onto_their_last_rank_become_queens() {
    // Black's Rook a8-b8 swaps with the White pawn b7, which reaches its last rank.
    let p = pos("r7/1P2k3/8/8/8/8/8/4K3 b - - 0 1");
    let after = play(&p, "a8b8");
    assert_eq!(after.board().piece_at(sq("b8")), Some((Color::White, Kind::Queen)));
    assert_eq!(after.board().piece_at(sq("b7")), Some((Color::Black, Kind::Rook)));
    // With the Black King on e8 the new Queen would attack it: the move is illegal.
    let p = pos("r3k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
    assert!(p.parse_move("a8b8").is_err());
    // The mover's own pawn chooses: b2-b4 through a full b-file ends on b8.
    let p = pos("1N5k/1R6/1p6/1r6/8/8/1P6/4K3 w - - 0 1");
    let names = moves(&p);
    for choice in ["b2b4q", "b2b4r", "b2b4b", "b2b4n"] {
        assert!(names.contains(&choice.to_string()), "{choice} in {names:?}");
    }
    assert!(!names.contains(&"b2b4".to_string()));
    let after = play(&p, "b2b4n");
    assert_eq!(after.board().piece_at(sq("b8")), Some((Color::White, Kind::Knight)));
}

#[test]
fn teleportation() {
    // The King swaps with any own piece but a pawn; no chain follows.
    let p = pos("7k/8/8/8/8/8/3P4/3QK1R1 w - - 0 1");
    let names = moves(&p);
    assert!(names.contains(&"e1d1".to_string()) && names.contains(&"e1g1".to_string()));
    assert!(!names.contains(&"e1d2".to_string()), "not with a pawn");
    let after = play(&p, "e1d1");
    assert_eq!(after.fen(), "7k/8/8/8/8/8/3P4/3KQ1R1 b - - 1 1");
    assert_eq!(p.long_name(p.parse_move("e1d1").unwrap()), "Ke1-d1");
    // Not out of check.
    let p = pos("4r2k/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(!moves(&p).contains(&"e1d1".to_string()));
    // Into check: legal, and the mover has lost at once.
    let p = pos("3r3k/8/8/8/8/8/8/3QK3 w - - 0 1");
    let mut h = History::new(p);
    h.push_text("e1d1").unwrap();
    let lost = h.position();
    assert!(lost.is_lost_by_teleport());
    assert_eq!(lost.count_legal_moves(), 0);
    assert_eq!(h.result(), won(Color::Black, EndReason::TeleportedIntoCheck));
    // Its FEN reads back as the same lost position.
    assert_eq!(pos(&lost.fen()), *lost);
    assert_eq!(h.push_text("h8g8"), Err(MoveError::GameOver));
}

#[test]
fn fen_round_trips_and_rejects_impossible_positions() {
    assert_fens_round_trip::<Superperm>(
        Variant::Superpermutation,
        &[
            START,
            "1Nb1k1nr/pRp2ppp/1pn5/1r1pp3/8/P4RPP/bPPPPPN1/2BQKBq1 w - - 1 9",
            "r1bqk1nr/pNp2ppp/1Rn5/1p1pp3/8/P4P2/b1PPP1PP/1PBQKBNR b - - 3 5",
        ],
    );
    assert_fen_errors::<Superperm>(
        Variant::Superpermutation,
        &[
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                FenError::InvalidCastling("KQkq".into()),
            ),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", FenError::MissingKing("white")),
            ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenError::TooManyKings("white")),
            ("1P2k3/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PawnOnBackRank),
            ("4k3/8/8/8/8/8/8/3pK3 w - - 0 1", FenError::PawnOnBackRank),
        ],
    );
    // White pawns on their first rank are part of the game.
    assert!(Superperm::from_fen(Variant::Superpermutation, "4k3/8/8/8/8/8/8/1P2K3 w - - 0 1").is_ok());
}

#[test]
fn stalemate_is_a_draw() {
    // Black's King has no move and no piece to teleport with.
    let p = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.board_result(), drawn(EndReason::Stalemate));
}

#[test]
fn perft_by_hand() {
    assert_perfts::<Superperm>(
        Variant::Superpermutation,
        &[
            // Start: sixteen pawn moves, four Knight moves, and the King may teleport with
            // seven pieces (Q, R, R, B, B, N, N): 27. No White move touches Black's 27: 729.
            "startpos ;D1 27 ;D2 729",
            // Ra1 + Ke1 against Ke8. White: the Rook to b1, c1, d1 and a2..a8 (10, nothing
            // in front of any square); the King to d1, d2, e2, f2, f1 (5); teleport e1a1
            // (1): 16. Black's King has d8, d7, e7, f7, f8 except where attacked: after
            // Rb1, Rc1, Ra2..Ra6 and the five King moves all 5 (7 * 5 + 5 * 5 = 60); after
            // Rd1 3 (d-file taken); after Ra7 2 (d8, f8); after Ra8+ 3 (d7, e7, f7); after
            // the teleport (Re1+) 4 (all but e7): 60 + 3 + 2 + 3 + 4 = 72.
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 ;D1 16 ;D2 72",
            // The e-file chain: Black e7-e6, e7-e5 (chain to e4) and the King to d8, d7,
            // f7, f8: 6. After each, White has the Knight's 8 moves (a Knight landing
            // before the Black King swaps with it, still one move), 5 King moves and the
            // teleport with the Knight: 14. D2 = 6 * 14 = 84.
            "4k3/4p3/8/8/4N3/8/8/4K3 b - - 0 1 ;D1 6 ;D2 84",
            // Teleport into check: Ka1 has a2, b1, b2 (3), the Knight g7 e8, e6, f5, h5
            // (4), and the teleport a1g7, which puts the King next to Black's: legal, and
            // lost (1): 8. Black's King answers a King move with g8, h7 or Kxg7 (3 each:
            // 9), a Knight move with g8 or h7 (g7 attacked: 2 each: 8), and the lost
            // position has no move: 17.
            "7k/6N1/8/8/8/8/8/K7 w - - 0 1 ;D1 8 ;D2 17",
            // Exposing chain: b2-b3 (1; b2-b4 illegal), the King to a2, b3, and b4 whose
            // chain swaps it with the Bishop to b5 (3; a4 is attacked): 4. Black always has
            // three King moves, nine Bishop moves (Bb5-a4 swaps with the King a3 after
            // b2-b3, still one move) and the teleport (lost after Ka3-b4-b5, legal all the
            // same): 13. D2 = 4 * 13 = 52.
            "7k/8/8/1b6/8/K7/1P6/8 w - - 0 1 ;D1 4 ;D2 52",
            // Black Ra8 + Ke7 against Pb7 + Ke1. Black: the Rook's 14 squares (Rb8 swaps
            // with b7, which becomes a White Queen; Re8 swaps with the King), 8 King moves
            // and the teleport to a8 (attacked by b7: lost): 23. White answers with b7-b8
            // (4 choices) and King moves d1, d2, e2, f2, f1 as far as the Rook allows:
            // Rb8: Queen b8 has 14 moves, King 5, teleport 1: 20. Rc8, Rg8, Rh8, Ra7..Ra3:
            // 9 each (9 * 8 = 72). Rd8 and Rf8 take two King squares: 7 each. Re8 (the Rook
            // on e7 checks): Kd1, d2, f2, f1: 4. Ra2 leaves Kd1, f1: 6. Ra1+: Kd2, e2, f2:
            // 3. Black King moves: 9 each (72). Teleport: 0.
            // 20 + 72 + 14 + 4 + 6 + 3 + 72 = 191.
            "r7/1P2k3/8/8/8/8/8/4K3 b - - 0 1 ;D1 23 ;D2 191",
        ],
    );
}

#[test]
fn a_teleport_loss_on_the_hundredth_ply_is_a_loss() {
    let mut h = History::new(pos("3r3k/8/8/8/8/8/8/3QK3 w - - 99 80"));
    h.push_text("e1d1").unwrap();
    assert_eq!(h.position().halfmove_clock(), 100);
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::TeleportedIntoCheck));
}
