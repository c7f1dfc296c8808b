//! The differential-test runner shared by the peers' playout files (format in
//! `scripts/gen_chess_reference.py`): for every position, the same FEN, the same legal
//! moves, the same FEN after each of them (by digest) and the same game-over verdict.

use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use vorpal_engine::{EndReason, Game, History, MoveList, Variant};

fn verdict<G: Game>(history: &History<G>) -> &'static str {
    match history.result().map(|r| r.reason) {
        None => "none",
        Some(EndReason::Checkmate) => "checkmate",
        Some(EndReason::Stalemate) => "stalemate",
        Some(EndReason::InsufficientMaterial) => "insufficient",
        Some(EndReason::FiftyMoves) => "fifty",
        Some(EndReason::Repetition) => "threefold",
        Some(other) => other.token(),
    }
}

fn successor_digest<G: Game>(pos: &G, sorted: &[(String, G::Move)]) -> String {
    let fens: Vec<String> = sorted.iter().map(|(_, mv)| pos.play(*mv).fen()).collect();
    let digest = Sha256::digest(fens.join("\n").as_bytes());
    digest[..8].iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// Replays every game of `data`, comparing each position; returns the number of
/// positions compared and the verdicts seen.
pub fn compare<G: Game>(variant: Variant, data: &str, file: &str) -> (usize, BTreeSet<&'static str>) {
    let mut history: Option<History<G>> = None;
    let mut positions = 0;
    let mut verdicts = BTreeSet::new();
    for (index, line) in data.lines().enumerate() {
        let at = format!("{file}:{}", index + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if line.starts_with("game ") {
            history = Some(History::new(G::startpos(variant)));
            continue;
        }
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 5, "{at}: malformed line");
        let [fen, legal, digest, expected_verdict, played] = fields[..] else {
            unreachable!()
        };
        let h = history.as_mut().expect("a game line comes first");
        let pos = h.position().clone();
        assert_eq!(pos.fen(), fen, "{at}: FEN differs");
        assert_eq!(
            G::from_fen(variant, fen).map(|p| p.hash()),
            Ok(pos.hash()),
            "{at}: hash"
        );

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut sorted: Vec<(String, G::Move)> = moves.iter().map(|&mv| (pos.move_name(mv), mv)).collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let names: Vec<&str> = sorted.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.join(" "), legal, "{at}: legal moves differ in {fen}");
        assert_eq!(
            successor_digest(&pos, &sorted),
            digest,
            "{at}: successor FENs differ from {fen}"
        );
        let found = verdict(h);
        assert_eq!(found, expected_verdict, "{at}: verdict differs in {fen}");
        verdicts.insert(found);
        positions += 1;

        if played != "-" {
            h.push_text(played).unwrap_or_else(|e| panic!("{at}: {e}"));
        }
    }
    (positions, verdicts)
}
