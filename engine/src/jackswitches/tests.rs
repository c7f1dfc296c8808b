//! Jacks and Witches 84: FEN, notation and one hand-made position per mechanism, its
//! depth-1 moves listed and its depth-2 count worked out by hand in the comments.
//! (Every count here also agrees with `scripts/perft_reference.py`.)

use super::*;
use crate::game::{EndReason, MoveError};
use crate::testing::{assert_fen_errors, assert_moves, moves, perft, play, won, xorshift};

const START: &str = "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1";

fn pos(fen: &str) -> JacksWitches {
    crate::testing::pos(Variant::JacksWitches, fen)
}

fn sq(name: &str) -> WideSquare {
    WideSquare::parse(name).unwrap()
}

#[test]
fn start_position_round_trips_and_has_52_moves() {
    let p = pos(START);
    assert_eq!(p.fen(), START);
    assert_eq!(p.hash(), p.hash_from_scratch());
    assert_eq!(p.hand(Color::White), 2);
    // Pawns a-d, i-l: one or two steps (16). Knights d1: c3, e3, f2; i1: g2, h3, j3
    // (6). Lions a1: a3, c3; l1: l3, j3 (4). Can(n)ons b1, k1: capture b7 / k7 over
    // the pawn in front, in either end mode, or flip (6). Bishops e1-f2, h1-g2 (2; g3
    // and f3 are removed). Witch f1: f2, e2-a6 (5), g2-k6 (5), 11 in all. King g1:
    // f2, g2, h2 (3). Jack drops e2-h2 (4). 16+6+4+6+2+11+3+4 = 52.
    assert_eq!(moves(&p).len(), 52);
    for name in ["b1b7c", "b1b7v", "b1b1v", "J@e2", "f1k6", "d1e3", "a1c3"] {
        assert!(moves(&p).contains(&name.to_string()), "{name}");
    }
    // Depth 2 and 3 agree with scripts/perft_reference.py.
    assert_eq!(perft(&p, 2), 2681);
}

#[test]
fn fen_rejects_bad_input() {
    let cases: &[(&str, FenError)] = &[
        // A removed square written as a board square, and a piece on a removed square.
        (
            "lcrnbwkbnrcl/pppp4pppp/12/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1",
            FenError::rule(JwFenError::RemovedSquare("f6".into())),
        ),
        (
            "lcrnbwkbnrcl/pppp4pppp/5*N5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKB1RCL[JJjj] w - - 0 1",
            FenError::rule(JwFenError::RemovedSquare("g6".into())),
        ),
        (
            "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL w - - 0 1",
            FenError::rule(JwFenError::InvalidHand(String::new())),
        ),
        (
            "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJJ] w - - 0 1",
            FenError::rule(JwFenError::InvalidHand("[JJJ]".into())),
        ),
        (
            "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JQ] w - - 0 1",
            FenError::rule(JwFenError::InvalidHand("[JQ]".into())),
        ),
        (
            "11k/12/4n**5/4****4/4****4/4N**5/12/K11[] w - - 0 1",
            FenError::rule(JwFenError::Exclusion),
        ),
        // The two Can(n)on modes are one type for the exclusion rule.
        (
            "11k/12/4v**5/4****4/4****4/4C**5/12/K11[] w - - 0 1",
            FenError::rule(JwFenError::Exclusion),
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/K10K[] w - - 0 1",
            FenError::TooManyKings("white"),
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/12[] w - - 0 1",
            FenError::MissingKing("white"),
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/K10R[] w - - 0 1",
            FenError::OpponentInCheck,
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/K11[] w KQ - 0 1",
            FenError::InvalidCastling("KQ".into()),
        ),
        (
            "P10k/12/5**5/4****4/4****4/5**5/12/K11[] w - - 0 1",
            FenError::PawnOnBackRank,
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/1PPPPPPPPP1P/K11[] w - - 0 1",
            FenError::TooManyPawns("white"),
        ),
        (
            "11k/CCCCCCCCCCCC/5**5/4****4/4****4/5**5/CCCCCCCCCCC1/K11[] w - - 0 1",
            FenError::TooManyPieces("white", 22),
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/K11[] w - d6 0 1",
            FenError::ImpossibleEnPassant("d6".into()),
        ),
        (
            "11k/12/5**5/4****4/4****4/5**5/12/K11[] w - m6 0 1",
            FenError::InvalidEnPassant("m6".into()),
        ),
    ];
    assert_fen_errors::<JacksWitches>(Variant::JacksWitches, cases);
}

#[test]
fn a_rule_error_keeps_its_game_type() {
    let fen = "11k/12/4n**5/4****4/4****4/4N**5/12/K11[] w - - 0 1";
    let error = JacksWitches::from_fen(Variant::JacksWitches, fen).unwrap_err();
    assert_eq!(error.rule_error::<JwFenError>(), Some(&JwFenError::Exclusion));
    assert_eq!(error.rule_error::<crate::alice::AliceFenError>(), None);
    assert_eq!(error.to_string(), JwFenError::Exclusion.to_string());
}

#[test]
fn fen_keeps_hands_teleport_flag_and_en_passant() {
    // A King on its opponent's first rank means teleporting is off, whatever the field.
    assert!(!pos("9k2/1K10/5**b4/4****4/4****4/4R**5/12/12[] w - - 0 1").teleporting_disabled());
    let lowered = pos("12/1K10/5**b4/4****4/4****4/4R**5/12/11k[] w - - 0 1");
    assert!(lowered.teleporting_disabled());
    assert_eq!(lowered.fen(), "12/1K10/5**b4/4****4/4****4/4R**5/12/11k[] w x - 0 1");
    // The en passant square is kept only when the capture is legal.
    let ep = "2n8k/1P10/5**5/2Pp****4/4****4/5**5/12/K11[] w - d6 0 1";
    assert_eq!(pos(ep).fen(), ep);
    let no_taker = pos("2n8k/1P10/5**5/3p****4/4****4/5**5/12/K11[] w - d6 0 1");
    assert_eq!(no_taker.en_passant(), None);
    assert_eq!(no_taker.hash(), no_taker.hash_from_scratch());
    // An empty hand is written `[]`; one Jack each `[Jj]`.
    let hands = "11k/12/5**5/4****4/4****4/5**5/5J6/K11[Jj] w - - 0 1";
    assert_eq!(pos(hands).fen(), hands);
}

#[test]
fn render_draws_holes_and_teleporters() {
    let text = pos(START).render();
    assert!(text.contains(" 3  . . . . + * * + . . . ."), "{text}");
    assert!(text.contains(" 1  L C R N B W K B N R C L"), "{text}");
    assert!(text.contains("a b c d e f g h i j k l"), "{text}");
    assert!(
        text.contains("Jacks in hand: white 2, black 2; teleporters enabled"),
        "{text}"
    );
}

#[test]
fn notation_of_drops_modes_and_bad_moves() {
    let p = pos(START);
    let drop = p.parse_move("J@e2").unwrap();
    assert!(drop.is_drop());
    assert_eq!(play(&p, "J@e2").hand(Color::White), 1);
    // A Can(n)on move without a suffix keeps the mode.
    assert_eq!(p.move_name(p.parse_move("b1b7").unwrap()), "b1b7c");
    assert_eq!(p.parse_move("b1b1"), Err(MoveError::Illegal("b1b1".into())));
    assert_eq!(p.parse_move("j@e2"), Err(MoveError::Illegal("j@e2".into())));
    assert_eq!(p.parse_move("J@e3"), Err(MoveError::Illegal("J@e3".into())));
    assert_eq!(p.parse_move("f3f4"), Err(MoveError::Illegal("f3f4".into())));
    let after = play(&p, "b1b7v");
    assert_eq!(after.piece_at(sq("b7")), Some((Color::White, Kind::Vao)));
    assert_eq!(after.halfmove_clock(), 0);
}

/// Mechanism 1: a King next to an enemy Witch cannot move, even out of check, and a
/// frozen piece neither moves nor captures.
#[test]
fn witch_immobilizes_a_king_in_check() {
    // Black Ka8 is in check from Rd8 and frozen by the Witch on b7; the Knight b6 (which
    // could block on c8) is frozen too. Only Rc2-c8 blocks: depth 1 = 1.
    let p = pos("k2R8/1W10/1n3**5/4****4/4****4/5**5/2r9/6K5[] b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["c2c8"]);
    // Depth 2, after Rc8 (frozen on arrival): every black piece is frozen, so nothing
    // attacks White. King g1: f1, h1, f2, g2, h2 (5). Rook d8: xc8, e8-l8 (8), d7-d1
    // (7): 16. Witch b7: b8, a7, c7-l7 (10), c6, d5 (e4 removed), a6: 15 (b8 drags
    // Nb6 to b7, c6 and d5 drag Ka8 to b7 and c6, a6 drags Rc8 to b7). 5+16+15 = 36.
    assert_eq!(perft(&p, 2), 36);
    let dragged = play(&play(&p, "c2c8"), "b7d5");
    assert_eq!(dragged.piece_at(sq("c6")), Some((Color::Black, Kind::King)));
    // Without the Rook it is mate through immobilization.
    let mate = pos("k2R8/1W10/1n3**5/4****4/4****4/5**5/12/6K5[] b - - 0 1");
    assert_eq!(mate.count_legal_moves(), 0);
    assert_eq!(mate.judge(false), won(Color::White, EndReason::Checkmate));
}

/// Mechanism 2: dragging along a line (the piece follows to the square behind the
/// Witch) and on a teleport (it lands on the teleporter the Witch left).
#[test]
fn witch_drags_along_a_line_and_through_a_teleporter() {
    // White Ka1, Witch e3; Black Kl8, pawns d3 and f2, both frozen by the Witch.
    let p = pos("11k/12/5**5/4****4/4****4/3pW**5/5p6/K11[] w - - 0 1");
    // Witch: e2, e1; d4, c5, b6, a7 (each drags f2 along the diagonal); d2, c1;
    // teleports h3 (drags d3 onto e3), e6, h6 (nothing behind). King: a2, b1, b2.
    assert_moves(
        &p,
        "e3e2 e3e1 e3d4 e3c5 e3b6 e3a7 e3d2 e3c1 e3h3 e3e6 e3h6 a1a2 a1b1 a1b2",
    );
    // Depth 2: Black always has Kk8, Kk7, Kl7 (3), plus d3-d2 (1) when d3 is free and
    // f2-f1 promoting (8) when f2 is free. A dragged pawn lands next to the Witch and
    // stays frozen. e2: both frozen, 3. e1: d3 free, 4. d4: 3. c5, b6, a7: d3 free, 4
    // each. d2: f2 free, 11. c1: both free, 12. h3: the pawn dragged to e3 is free
    // (e2, teleports e6, h6: 3) and f2 too (8): 14. e6, h6: both free, 12 each. King
    // moves: 3 each, 9. 3+4+3+12+11+12+14+12+12+9 = 92.
    assert_eq!(perft(&p, 2), 92);
    let line = play(&p, "e3c5");
    assert_eq!(line.piece_at(sq("d4")), Some((Color::Black, Kind::Pawn)));
    assert_eq!(line.piece_at(sq("f2")), None);
    assert!(line.immobilized(Color::Black).contains(sq("d4")));
    let teleport = play(&p, "e3h3");
    assert_eq!(teleport.piece_at(sq("e3")), Some((Color::Black, Kind::Pawn)));
    assert_eq!(teleport.piece_at(sq("d3")), None);
    assert!(!teleport.immobilized(Color::Black).contains(sq("e3")));
    // A drag is not a capture and does not reset the move counter.
    assert_eq!(teleport.halfmove_clock(), 1);
}

/// Mechanism 3a: the exclusion rule forbids a capture (the seed's Knight example).
#[test]
fn exclusion_forbids_a_capture() {
    // White Nd4 may not take the Knight on e6 while another black Knight stands on h6.
    let p = pos("11k/12/4n**n4/4****4/3N****4/5**5/12/K11[] w - - 0 1");
    assert_moves(&p, "d4b3 d4b5 d4c2 d4c6 d4e2 a1a2 a1b1 a1b2");
    // Depth 2: Black has Kk8, Kk7, Kl7 (3); Ne6: f8, g7, c5, c7, d8, d4 (a capture or
    // a step) and teleports e3, h3 (8); Nh6: i8, j7, j5, i4, f7, g8 and teleports e3,
    // h3 (8). No white move changes that: 8 x 19 = 152.
    assert_eq!(perft(&p, 2), 152);
    // The capture still gives check: a King on e6's squares would be attacked.
    assert!(pos("11k/12/4n**n4/4****4/3N****4/5**5/12/K11[] w - - 0 1").attacked(sq("e6"), Color::White));
}

/// Mechanism 3b: the exclusion rule forbids a Witch's teleport whose drag would put an
/// enemy piece on a teleporter against a piece of its type.
#[test]
fn exclusion_forbids_a_dragging_teleport() {
    // Witch e3-h3 would drag the black pawn d3 onto e3, facing the white pawn on e6.
    let p = pos("11k/12/4P**5/4****4/4****4/3pW**5/12/K11[] w - - 0 1");
    assert!(!moves(&p).contains(&"e3h3".to_string()));
    // Witch: e2, e1, d4, c5, b6, a7, d2, c1, f2, g1, teleport h6 (11); pawn e6: e7,
    // teleports h3, h6 (3); King: 3. 17.
    assert_eq!(moves(&p).len(), 17);
    // Depth 2: Black has its King's 3 moves, plus d3-d2 when the pawn is free: after
    // the Witch goes to e1, c5, b6, a7, c1, f2, g1 or h6 (8 x 4); to e2, d4 or d2 it
    // stays frozen (3 x 3); pawn and King moves leave it frozen (6 x 3). 32+9+18 = 59.
    assert_eq!(perft(&p, 2), 59);
}

/// Mechanism 4: once a King stands on its opponent's first rank, nobody teleports.
#[test]
fn a_king_on_the_far_rank_disables_teleporting() {
    let p = pos("9k2/1K10/5**b4/4****4/4****4/4R**5/12/12[] w - - 0 1");
    // King b7: a8, b8, c8, a7, c7, a6, b6, c6 (8); Rook e3: d3-a3, e2, e1, teleports
    // h3, e6 (8). 16.
    assert_eq!(moves(&p).len(), 16);
    // Depth 2: Black has Kj8's 5 moves and the Bishop h6's 7 (g7, f8, i7, i5, j4, k3,
    // l2), plus its teleports to the empty teleporters: none after Ka8, Kb8, Kc8
    // (3 x 12); e3 taken by the Rook after the other King moves (5 x 14); all three
    // after the Rook leaves for d3-a3, e2, e1 (6 x 15); two after Rh3 or Re6 (2 x 14).
    // 36+70+90+28 = 224.
    assert_eq!(perft(&p, 2), 224);
    let off = play(&p, "b7b8");
    assert!(off.teleporting_disabled());
    assert!(off.fen().contains(" b x - "));
    let mut list = MoveList::new();
    off.legal_moves(&mut list);
    assert!(!list.iter().any(|m| m.is_teleport()));
    assert!(moves(&play(&p, "b7c6")).contains(&"h6h3".to_string()));
}

/// Mechanism 5: the Jack's eye shut or open; Wazir or Ferz by the Kings' colours,
/// judged after the move.
#[test]
fn jack_eye_and_mode_follow_the_kings() {
    // Ka1 (dark) and kl5 (light): the Jack b4 steps from its eye k4 as a Ferz and
    // checks l5. Kk4 shuts the eye; Kk6 (light) and Kl6 (dark, Wazir from k4: k3, k5,
    // j4, l4) are safe; Kk5 and Kl4 (dark, Wazir) are attacked though a Ferz would not
    // reach them; Rk8-k4 shuts the eye.
    let p = pos("10r1/12/5**5/4****3k/1J2****4/5**5/12/K11[] b - - 0 1");
    assert!(p.in_check());
    assert_moves(&p, "l5k4 l5k6 l5l6 k8k4");
    // Depth 2: White has its King's 3 moves, and the Jack's 4 steps from k4 when the eye
    // is open (after Kk6: Ferz j3, l3, j5, l5; after Kl6: Wazir k3, k5, j4, l4).
    // 3 + 7 + 7 + 3 = 20.
    assert_eq!(perft(&p, 2), 20);
    assert!(!p.jacks_are_wazirs());
    assert!(play(&p, "l5l6").jacks_are_wazirs());
}

/// Mechanism 5b: drops on e2-h2 and the Jack's step back onto its own square.
#[test]
fn jack_drops_and_the_step_onto_its_own_square() {
    // Jf2's eye g2 is next door: Wazir steps f2 (its own square), h2, g1 (g3 removed).
    let p = pos("11k/12/5**5/4****4/4****4/5**5/5J6/K11[Jj] w - - 0 1");
    assert_moves(&p, "f2f2 f2h2 f2g1 J@e2 J@g2 J@h2 a1a2 a1b1 a1b2");
    // Depth 2: Black answers each with Kk8, Kk7, Kl7 or a drop on e7-h7: 9 x 7 = 63.
    assert_eq!(perft(&p, 2), 63);
    let pass = play(&p, "f2f2");
    assert_eq!(pass.piece_at(sq("f2")), Some((Color::White, Kind::Jack)));
    assert_eq!(pass.side_to_move(), Color::Black);
    // Two Jacks on f2 and g2 shut each other's eye.
    let shut = play(&play(&p, "J@g2"), "J@e7");
    assert!(!moves(&shut).iter().any(|m| m.starts_with("f2") || m.starts_with("g2")));
    // A drop does not reset the move counter.
    assert_eq!(play(&p, "J@e2").halfmove_clock(), 1);
}

/// Mechanism 6: the Can(n)on captures over a screen (a frozen piece screens too),
/// chooses its end mode, flips in place, and its new mode gives check at once.
#[test]
fn cannon_captures_over_a_screen_and_flips() {
    // The white Witch b5 freezes Nc4, Rc6 and the black Witch a6, which freezes it.
    let p = pos("11k/12/w1r2**5/1W2****4/2n1****4/5**5/12/K1C9[] w - - 0 1");
    // Cc1: c2, c3, xc6 over c4, b1, d1-l1: 13 squares, each in two end modes (26), and
    // the flip (1); King: a2, b1, b2 (3). 30.
    assert_eq!(moves(&p).len(), 30);
    assert!(moves(&p).contains(&"c1c6v".to_string()));
    // Depth 2: every black piece but the King stays frozen and no move checks: 30 x 3.
    assert_eq!(perft(&p, 2), 90);
    // The flip a2a2v turns the Can(n)on to the diagonal a2-g8 with Nc4 as the screen.
    let flip = pos("6k5/12/5**5/4****4/2n1****4/5**5/C11/K11[] w - - 0 1");
    let checked = play(&flip, "a2a2v");
    assert!(checked.in_check());
    assert_eq!(checked.piece_at(sq("a2")), Some((Color::White, Kind::Vao)));
    // Frozen Can(n)ons neither move nor flip.
    let frozen = pos("11k/12/5**5/4****4/4****4/5**5/w11/C1K9[] w - - 0 1");
    assert!(!moves(&frozen).iter().any(|m| m.starts_with("a1")));
}

/// Mechanism 7: the Lion leaps two squares over anything but never lands on a removed
/// square, captures only next to it, and teleports. (No leap of two squares on this
/// board crosses a removed square and lands on a square: every such line ends in
/// the hole, see `board::tests`.)
#[test]
fn lion_leaps_captures_next_door_and_teleports() {
    // Le3: leaps c5, c3, c1 (over the own pawn d2), e1, g1; g3, g5 and e5 are removed;
    // takes Nd4 next to it; teleports h3, e6, h6. Pawn d2-d3 (d4 is taken). King 3.
    let p = pos("11k/12/5**5/4****4/3n****4/4L**5/3P8/K11[] w - - 0 1");
    assert_moves(&p, "e3c5 e3c3 e3c1 e3e1 e3g1 e3d4 e3h3 e3e6 e3h6 d2d3 a1a2 a1b1 a1b2");
    // Depth 2: Black has its King's 3 moves and the Knight d4's 6 (b3, b5, c2, c6, e2,
    // e6, the last a capture after Le6); after Lxd4 only the King's: 12 x 9 + 3 = 111.
    assert_eq!(perft(&p, 2), 111);
}

/// Mechanism 8: promotion to every non-royal kind, en passant, and checks from the
/// new piece.
#[test]
fn pawns_promote_to_every_kind_and_take_en_passant() {
    let p = pos("2n8k/1P10/5**5/2Pp****4/4****4/5**5/12/K11[] w - d6 0 1");
    // b7-b8 and b7xc8 in eight kinds each (16); c5-c6 and c5xd6 en passant (2); King 3.
    assert_eq!(moves(&p).len(), 21);
    for kind in ["w", "l", "c", "v", "r", "b", "n", "j"] {
        assert!(moves(&p).contains(&format!("b7b8{kind}")), "{kind}");
    }
    // Depth 2 (Black: King 3, Nc8 4, d5-d4 1 = 8 unless noted).
    // b8: Witch freezes Nc8: 4. Lion, Vao, Bishop, Knight: 8 each. Can(n)on checks over
    // Nc8: Kk7, Kl7 or any Knight move: 6. Rook pins Nc8: 4. Jack (eye k8, Wazir)
    // checks l8: only Kk8, which shuts the eye: 1. 4+8+6+8+4+8+8+1 = 47.
    // xc8: King 3 + pawn 1 = 4, except the Rook's check along rank 8: Kk7, Kl7: 2.
    // 7 x 4 + 2 = 30. c5-c6: 8. c5xd6: the d5 pawn is gone: 7. King moves: 3 x 8.
    // 47 + 30 + 8 + 7 + 24 = 116.
    assert_eq!(perft(&p, 2), 116);
    let ep = play(&p, "c5d6");
    assert_eq!(ep.piece_at(sq("d5")), None);
    assert_eq!(ep.piece_at(sq("d6")), Some((Color::White, Kind::Pawn)));
    // The piece that moves is a pawn: promoting to a Witch drags nothing (the Knight
    // on b6 stays where it is).
    let witch = play(&play(&play(&p, "a1a2"), "c8b6"), "b7b8w");
    assert_eq!(witch.piece_at(sq("b6")), Some((Color::Black, Kind::Knight)));
    assert_eq!(witch.piece_at(sq("b7")), None);
    let jack = play(&p, "b7b8j");
    assert_moves(&jack, "l8k8");
    // A double step records the square only when a capture is possible.
    let double = pos("11k/2p9/5**5/1P2****4/4****4/5**5/12/K11[] b - - 0 1");
    assert_eq!(play(&double, "c7c5").en_passant(), Some(sq("c6")));
    assert_eq!(play(&double, "c7c6").en_passant(), None);
}

#[test]
fn pawn_teleports_reset_the_move_counter() {
    let p = pos("11k/12/5**5/4****4/4****4/4P**5/12/K11[] w - - 7 1");
    let after = play(&p, "e3h6");
    assert_eq!(after.piece_at(sq("h6")), Some((Color::White, Kind::Pawn)));
    assert_eq!(after.halfmove_clock(), 0);
}

/// The shortcut that accepts moves away from the King's lines without playing them
/// agrees with playing every move out, over seeded random games.
/// The legality shortcut, the search's lazy judgement and the kept check flag all
/// agree with playing each move out.
#[test]
fn legality_shortcut_agrees_with_playing_out() {
    let starts = [
        START,
        "lcrnb1kbnrcl/pppp1j2pppp/4N**5/4****4/2w1****4/5**5/PPPP4PPPP/LCR1BWKBNRCL[Jj] w - - 0 1",
        "10r1/12/5**5/4****3k/1J2****4/5**5/12/K11[] b - - 0 1",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for start in starts {
        for _ in 0..20 {
            let mut p = pos(start);
            for _ in 0..120 {
                let sensitive = p.sensitive_squares();
                let mut legal = Vec::new();
                p.pseudo_moves(|mv| {
                    assert_eq!(p.is_legal_given(mv, sensitive), p.is_legal(mv), "{mv} in {}", p.fen());
                    checked += 1;
                    if p.is_legal(mv) {
                        legal.push(mv);
                    }
                });
                assert_eq!(p.in_check(), p.king_attacked(), "{}", p.fen());
                let mut listed = MoveList::new();
                let any_legal_move = p.search_moves(&mut listed);
                listed.retain(|mv| p.is_legal_to_search(*mv));
                assert_eq!(listed.as_slice(), legal.as_slice(), "{}", p.fen());
                assert_eq!(any_legal_move, !legal.is_empty(), "{}", p.fen());
                assert_eq!(p.has_legal_move(), !legal.is_empty(), "{}", p.fen());
                let mut tactical = MoveList::new();
                p.tactical_search_moves(&mut tactical);
                let mut all = MoveList::new();
                p.search_moves(&mut all);
                all.retain(|mv| p.is_tactical(*mv));
                assert_eq!(tactical.as_slice(), all.as_slice(), "{}", p.fen());
                if legal.is_empty() {
                    break;
                }
                p = p.play(legal[(xorshift(&mut seed) % legal.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// Mutated FENs (a character replaced, dropped or doubled) are rejected with an error
/// or read into a position that plays and round-trips; nothing panics.
#[test]
fn mutated_fens_are_rejected_or_sound() {
    let bases = [
        START,
        "2n8k/1P10/5**5/2Pp****4/4****4/5**5/12/K11[] w - d6 0 1",
        "12/1K10/5**b4/4****4/4****4/4R**5/12/11k[] w x - 0 1",
        "lcrnb1kbnrcl/pppp1j2pppp/4N**5/4****4/2w1****4/5**5/PPPP4PPPP/LCR1BWKBNRCL[Jj] w - - 0 1",
    ];
    let alphabet: Vec<char> = "pnbrlcvjwkPNBRLCVJWK*/[]0123456789 -xwbd6".chars().collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (mut accepted, mut rejected) = (0, 0);
    for base in bases {
        for _ in 0..1500 {
            xorshift(&mut seed);
            let mut chars: Vec<char> = base.chars().collect();
            let at = (seed >> 8) as usize % chars.len();
            match seed % 3 {
                0 => chars[at] = alphabet[(seed >> 32) as usize % alphabet.len()],
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, chars[at]),
            }
            let fen: String = chars.into_iter().collect();
            let Ok(p) = JacksWitches::from_fen(Variant::JacksWitches, &fen) else {
                rejected += 1;
                continue;
            };
            accepted += 1;
            assert_eq!(pos(&p.fen()), p, "{fen}");
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            for mv in list {
                let next = p.play(mv);
                assert_eq!(next.hash(), next.hash_from_scratch(), "{fen} {mv}");
            }
        }
    }
    assert!(
        accepted > 100 && rejected > 1000,
        "{accepted} accepted, {rejected} rejected"
    );
}
