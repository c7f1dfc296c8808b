use super::*;
use crate::history::History;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Alice {
    Alice::from_fen(Variant::Alice, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(moves: &[&str]) -> History<Alice> {
    let mut h = History::new(pos(START));
    for mv in moves {
        h.push_text(mv)
            .unwrap_or_else(|e| panic!("{mv} after {:?}: {e}", h.moves()));
    }
    h
}

fn legal(p: &Alice) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|m| p.move_name(*m)).collect()
}

#[test]
fn a_moved_piece_passes_to_the_other_board() {
    let h = after(&["e2e4"]);
    assert_eq!(
        h.position().fen(),
        "rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let e4 = Square::parse("e4").unwrap();
    assert_eq!(h.position().piece_at(1, e4), Some((Color::White, Role::Pawn)));
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
    assert!(legal(h.position()).is_empty());
    assert!(h.position().in_check());
}

#[test]
fn bg1_is_legal_while_kxf7_bxf2_and_qd4_are_not() {
    // 1.Nf3 e6 2.Ne5 Bc5 3.Nxf7: the knight is on f7 of board B.
    let h = after(&["g1f3", "e7e6", "f3e5", "f8c5", "e5f7"]);
    let moves = legal(h.position());
    assert!(moves.contains(&"c5g1".to_string()), "{moves:?}");
    for refused in ["e8f7", "c5f2", "d8d4"] {
        assert!(!moves.contains(&refused.to_string()), "{refused} in {moves:?}");
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
    let moves = legal(&p);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let castled = p.play(p.parse_move("e1g1").unwrap());
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/R4|R|K1 b kq - 1 1");
    // An occupied square on B refuses it.
    let blocked = pos("r3k2r/8/8/8/8/8/8/R3K|n1R w KQkq - 0 1");
    assert!(!legal(&blocked).contains(&"e1g1".to_string()));
    // A king attacked on g1 of board B refuses it.
    let attacked = pos("r3k2r/8/8/8/8/8/6|r1/R3K2R w KQkq - 0 1");
    assert!(!legal(&attacked).contains(&"e1g1".to_string()));
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
    for fen in [
        START,
        "rnbqkbnr/ppp1pppp/8/8/4p3/8/PPPP|BPPP/RNBQK1NR w KQkq - 0 3",
        "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/R3KB1R w KQ - 3 11",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
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
