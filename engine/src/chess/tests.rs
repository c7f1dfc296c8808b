use super::*;
use crate::game::{FenError, MoveError};
use crate::history::History;
use crate::testing::{assert_fen_errors, assert_fens_round_trip, drawn, moves, play, sq, won};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn pos(fen: &str) -> Chess {
    crate::testing::pos(Variant::Chess, fen)
}

#[test]
fn fen_round_trips() {
    assert_fens_round_trip::<Chess>(
        Variant::Chess,
        &[
            START,
            KIWIPETE,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/8/4K2R b K - 99 150",
        ],
    );
}

#[test]
fn four_field_fen_gets_default_counters() {
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - -").fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn en_passant_square_is_kept_only_when_a_capture_is_legal() {
    // No black pawn can take on e3.
    assert_eq!(
        pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").fen(),
        "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    );
    // The d4 pawn could take, but it is pinned along the fourth rank.
    assert_eq!(pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").en_passant(), None);
    let open = pos("8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1");
    assert_eq!(open.en_passant(), Some(sq("e3")));
    assert!(moves(&open).contains(&"d4e3".to_string()));
    // After the double step itself.
    let after = play(&pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), "e2e4");
    assert_eq!(after.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

#[test]
fn malformed_fens_are_rejected_with_a_reason() {
    let cases: &[(&str, FenError)] = &[
        ("", FenError::Empty),
        ("   ", FenError::Empty),
        (
            "8/8/8/8/8/8/8/8",
            FenError::FieldCount {
                expected: "4 to 6",
                found: 1,
            },
        ),
        (
            &format!("{START} extra"),
            FenError::FieldCount {
                expected: "4 to 6",
                found: 7,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenError::RankCount(7, 8),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            FenError::RankCount(9, 8),
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::RankLength {
                rank: 7,
                squares: 9,
                expected: 8,
            },
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::RankLength {
                rank: 7,
                squares: 7,
                expected: 8,
            },
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::RankLength {
                rank: 6,
                squares: 44,
                expected: 8,
            },
        ),
        (
            "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::InvalidEmptyCount("0".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::InvalidPiece('X'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenError::InvalidSideToMove("x".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            FenError::InvalidCastling("KQxq".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
            FenError::DuplicateCastling('K'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            FenError::CastlingWithoutPieces('K'),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w Qkq - 0 1",
            FenError::MissingKing("white"),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenError::InvalidEnPassant("e9".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            FenError::ImpossibleEnPassant("e3".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenError::InvalidHalfmoveClock("x".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            FenError::InvalidHalfmoveClock("-1".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenError::InvalidFullmoveNumber("0".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y",
            FenError::InvalidFullmoveNumber("y".into()),
        ),
        ("4k3/8/8/8/8/8/8/1K2K3 w - - 0 1", FenError::TooManyKings("white")),
        ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", FenError::TooManyPawns("black")),
        ("4k3/8/8/8/8/8/8/PK6 w - - 0 1", FenError::PawnOnBackRank),
        (
            "QQQQk3/QQQQQQQQ/QQQQ4/8/8/8/8/4K3 w - - 0 1",
            FenError::TooManyPieces("white", 16),
        ),
        ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", FenError::OpponentInCheck),
        (
            "4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1",
            FenError::ImpossibleCheck("more than two pieces give check"),
        ),
        (
            "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            FenError::ImpossibleCheck("two pawns or knights give check at once"),
        ),
    ];
    assert!(cases.len() >= 20);
    assert_fen_errors::<Chess>(Variant::Chess, cases);
}

#[test]
fn castling_rules() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    let castled = play(&p, "e1g1");
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Through an attacked square (f1 by the f8 rook) king-side is refused; b1 attacked
    // does not matter for queen-side castling.
    let p = pos("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = moves(&p);
    assert!(!m.contains(&"e1g1".to_string()));
    assert!(m.contains(&"e1c1".to_string()));
    // Not out of check.
    assert!(!moves(&pos("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1"))
        .iter()
        .any(|m| m == "e1g1" || m == "e1c1"));
    // A rook captured on its corner takes the right with it.
    let p = play(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "a1a8");
    assert_eq!(p.castling(), CastlingRights(0b0101));
}

#[test]
fn promotions_offer_four_pieces() {
    let p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let promotions: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(promotions, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    assert_eq!(play(&p, "a7a8n").fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(p.parse_move("a7a8"), Err(MoveError::Illegal("a7a8".into())));
}

#[test]
fn pins_and_double_check() {
    // The e2 knight is pinned by the e8 rook; only king moves in a double check.
    let p = pos("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(moves(&p).iter().all(|m| !m.starts_with("e2")));
    let double = pos("4r2k/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert!(moves(&double).iter().all(|m| m.starts_with("e1")));
}

#[test]
fn results_of_the_board() {
    let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(mate.board_result(), won(Color::Black, EndReason::Checkmate));
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.board_result(), drawn(EndReason::Stalemate));
    assert_eq!(stalemate.count_legal_moves(), 0);
    for (fen, dead) in [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true),
        ("8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", true),   // bishops on one colour
        ("8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", false), // opposite colours: help-mate exists
        ("8/8/3nk3/8/8/3KN3/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false),
        ("8/8/4k3/8/8/R2K4/8/8 w - - 0 1", false),
        ("8/8/4k3/4p3/8/3K4/8/8 w - - 0 1", false),
    ] {
        assert_eq!(pos(fen).is_insufficient_material(), dead, "{fen}");
    }
}

#[test]
fn history_draws_by_repetition_and_fifty_moves() {
    let mut h = History::new(pos(START));
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        h.push_text(mv).unwrap();
        assert_eq!(h.result(), None);
    }
    h.push_text("f6g8").unwrap();
    assert_eq!(h.repetitions(), 3);
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::Repetition));

    let mut h = History::new(pos("4k3/8/8/8/8/8/8/4K2R w - - 99 80"));
    assert_eq!(h.result(), None);
    h.push_text("h1h2").unwrap();
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::FiftyMoves));
    // A mate on the hundredth ply is a mate.
    let mut h = History::new(pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"));
    h.push_text("a1a8").unwrap();
    assert_eq!(h.result().map(|r| r.reason), Some(EndReason::Checkmate));
}

#[test]
fn illegal_and_malformed_moves_leave_the_history_unchanged() {
    let mut h = History::new(pos(START));
    assert_eq!(h.push_text("e2e5"), Err(MoveError::Illegal("e2e5".into())));
    assert_eq!(h.push_text(""), Err(MoveError::Illegal("".into())));
    assert!(h.moves().is_empty());
    let mut mated = History::new(pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    assert_eq!(mated.push_text("e2e4"), Err(MoveError::GameOver));
}

#[test]
fn the_largest_counters_stay_there_and_round_trip() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 4294967295 4294967295";
    let mut pos = Chess::from_fen(Variant::Chess, fen).unwrap();
    for mv in ["g8f6", "g1f3"] {
        pos = pos.play(pos.parse_move(mv).unwrap());
    }
    assert_eq!(
        pos.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 4294967295 4294967295"
    );
    assert_eq!(
        Chess::from_fen(Variant::Chess, &pos.fen()).map(|p| p.fen()),
        Ok(pos.fen())
    );
}

#[test]
fn quiescence_lists_the_tactical_moves_of_the_full_list() {
    let mut compared = 0;
    crate::testing::along_playouts(
        Variant::Chess,
        include_str!("../../../perft/data/chess.epd"),
        (20, 200),
        0x7AC7_1CA1,
        |p: &Chess| compared += crate::testing::assert_tactical_moves_agree(p),
    );
    assert!(compared > 20_000, "{compared}");
}

#[test]
fn play_into_agrees_with_play() {
    let mut compared = 0;
    crate::testing::along_playouts(
        Variant::Chess,
        include_str!("../../../perft/data/chess.epd"),
        (4, 100),
        0x91A7_1A70,
        |p: &Chess| compared += crate::testing::assert_play_into_agrees(p),
    );
    assert!(compared > 50_000, "{compared}");
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    let mut seed = 0xC4EC_C0DE_u64;
    let mut checks = 0;
    let fens = include_str!("../../../perft/data/chess.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    for fen in fens.map(|l| l.split(';').next().unwrap_or_default().trim()) {
        for _ in 0..20 {
            let mut p = pos(fen);
            for _ in 0..200 {
                let moves = p.legal_move_list();
                for &mv in &moves {
                    let checks_after = p.play(mv).in_check();
                    assert_eq!(p.gives_check(mv), checks_after, "{mv} in {}", p.fen());
                    checks += checks_after as usize;
                }
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[(crate::testing::xorshift(&mut seed) % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(checks > 10_000, "{checks}");
    // Checks by castling either way, by a pawn leaving the line en passant, by promoting.
    for (fen, checking) in [
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"),
        ("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", "e5d6"),
        ("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
    ] {
        let p = pos(fen);
        for mv in p.legal_move_list() {
            assert_eq!(p.gives_check(mv), p.play(mv).in_check(), "{mv} in {fen}");
        }
        assert!(p.gives_check(p.parse_move(checking).unwrap()), "{checking} in {fen}");
    }
}

#[test]
fn the_pawn_key_tells_pawn_structures_apart_and_nothing_else() {
    use crate::game::SearchHints;
    let key = |fen: &str| pos(fen).pawn_key().expect("chess keys its pawns");
    let start = key(START);
    // Pieces moved, the side to move changed: the same pawns.
    assert_eq!(
        key("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"),
        start
    );
    assert_eq!(key("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"), start);
    // A pawn moved, or the colours swapped: other keys.
    assert_ne!(key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), start);
    assert_ne!(
        key("4k3/8/8/3P4/3p4/8/8/4K3 w - - 0 1"),
        key("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1")
    );
}

#[test]
fn a_moves_flags_read_as_its_decoded_kind() {
    let kinds = [
        MoveKind::Normal,
        MoveKind::Castle,
        MoveKind::EnPassant,
        MoveKind::Promotion(Kind::Knight),
        MoveKind::Promotion(Kind::Bishop),
        MoveKind::Promotion(Kind::Rook),
        MoveKind::Promotion(Kind::Queen),
    ];
    for kind in kinds {
        for (from, to) in [("e7", "e8"), ("a2", "h7"), ("h1", "a1")] {
            let mv = ChessMove::new(sq(from), sq(to), kind);
            assert_eq!(mv.kind(), kind);
            assert_eq!(mv.is_normal(), kind == MoveKind::Normal, "{kind:?}");
            assert_eq!(mv.is_en_passant(), kind == MoveKind::EnPassant, "{kind:?}");
            assert_eq!(mv.is_promotion(), matches!(kind, MoveKind::Promotion(_)), "{kind:?}");
        }
    }
}
