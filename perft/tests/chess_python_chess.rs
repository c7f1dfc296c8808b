//! Differential test against python-chess: `data/chess_playouts.txt` holds seeded
//! random playouts written by `scripts/gen_chess_reference.py` (CI regenerates it and
//! checks it is unchanged). For every position: the same FEN, the same legal moves, the
//! same FEN after each of them (by digest) and the same game-over verdict.

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use vorpal_engine::{Chess, EndReason, Game, History, MoveList, Variant};

fn verdict(history: &History<Chess>) -> &'static str {
    match history.result().map(|r| r.reason) {
        None => "none",
        Some(EndReason::Checkmate) => "checkmate",
        Some(EndReason::Stalemate) => "stalemate",
        Some(EndReason::InsufficientMaterial) => "insufficient",
        Some(EndReason::FiftyMoves) => "fifty",
        Some(EndReason::Repetition) => "threefold",
        Some(other) => panic!("no chess game ends by {}", other.name()),
    }
}

fn successor_digest(pos: &Chess, sorted: &[(String, <Chess as Game>::Move)]) -> String {
    let fens: Vec<String> = sorted.iter().map(|(_, mv)| pos.play(*mv).fen()).collect();
    let digest = Sha256::digest(fens.join("\n").as_bytes());
    digest[..8].iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

#[test]
fn agrees_with_python_chess_on_seeded_playouts() {
    let data = include_str!("../data/chess_playouts.txt");
    let mut history: Option<History<Chess>> = None;
    let mut positions = 0;
    let mut verdicts = std::collections::BTreeSet::new();
    for (index, line) in data.lines().enumerate() {
        let at = format!("chess_playouts.txt:{}", index + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if line.starts_with("game ") {
            history = Some(History::new(Chess::startpos(Variant::Chess)));
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 5, "{at}: malformed line");
        let [fen, legal, digest, expected_verdict, played] = fields[..] else {
            unreachable!()
        };
        let h = history.as_mut().expect("a game line comes first");
        let pos = *h.position();
        assert_eq!(pos.fen(), fen, "{at}: FEN differs");
        assert_eq!(
            Chess::from_fen(Variant::Chess, fen).map(|p| p.hash()),
            Ok(pos.hash()),
            "{at}: hash"
        );

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut sorted: Vec<(String, _)> = moves.iter().map(|&mv| (pos.move_name(mv), mv)).collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let names: Vec<&str> = sorted.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.join(" "), legal, "{at}: legal moves differ in {fen}");
        assert_eq!(
            successor_digest(&pos, &sorted),
            digest,
            "{at}: successor FENs differ from {fen}"
        );
        assert_eq!(verdict(h), expected_verdict, "{at}: verdict differs in {fen}");
        verdicts.insert(expected_verdict);
        positions += 1;

        if played != "-" {
            h.push_text(played).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
    assert!(positions >= 10_000, "only {positions} positions compared");
    for kind in ["checkmate", "stalemate", "insufficient", "fifty", "threefold"] {
        assert!(verdicts.contains(kind), "no '{kind}' verdict in the reference data");
    }
}
