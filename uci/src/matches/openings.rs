//! Openings: a start position and moves played from it before the engines take over.
//! Every game has a built-in set of short, balanced lines; a file may replace it.

use vorpal_engine::{Game, History, RuleOptions, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: String,
    pub moves: Vec<String>,
}

/// Built-in openings by protocol name: move sequences from the start position. The
/// chess lines are well-known openings; the others were chosen among random
/// four-ply lines as those Vorpal's own search scores nearest to level (the test
/// below holds them within [`BALANCE_LIMIT`]), with different first moves
/// (`scripts/pick_openings.py`).
const BUILT_IN: &[(&str, &[&str])] = &[
    (
        "chess",
        &[
            "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
            "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4",
            "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
            "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4",
            "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
            "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",
            "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5",
            "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",
        ],
    ),
    (
        "alice",
        &[
            "c2c4 g8f6 g1f3 d7d5",
            "b2b4 b7b6 f2f3 c7c6",
            "c2c4 a7a5 d1a4 b8c6",
            "g2g3 e7e6 e2e4 g7g6",
            "a2a4 g8f6 f2f3 c7c6",
            "c2c3 c7c6 f2f3 d7d5",
            "b1c3 h7h5 b2b4 e7e6",
            "g2g4 h7h6 b1a3 c7c5",
        ],
    ),
    (
        "alice2",
        &[
            "h2h4 b8a6 g2g3 g8f6",
            "g2g4 a7a5 g1f3 e7e5",
            "b1c3 d7d5 h2h3 a7a5",
            "c2c4 c7c6 g1f3 e7e5",
            "g2g3 d7d5 b2b4 b8a6",
            "f2f4 h7h6 a2a3 b8a6",
            "c2c3 g8f6 b2b3 b7b6",
            "a2a3 a7a5 a3a4 g8h6",
        ],
    ),
    (
        "msalice",
        &[
            "f2f4 c7c5 g2g4 d8b6",
            "a2a4 a7a6 b2b4 Ah8Bh8",
            "Aa1Ba1 c7c5 d2d4 d8c7",
            "a2a4 b8c6 Ad1Bd1 h7h5",
            "Ae1Be1 a7a5 b1a3 a8a7",
            "Af2Bf2 Ae7Be7 c2c3 Ah7Bh7",
            "b1a3 g8f6 a2a4 Aa8Ba8",
            "e2e4 g8f6 a2a4 Ae7Be7",
        ],
    ),
    (
        "odonohue",
        &[
            "e2e3 f7f6 e1e2 e7e6",
            "e2e4 c7c6 b1a3 d8b6",
            "b1a3 e7e5 f2f4 g7g5",
            "c2c3 g7g5 f2f3 c7c6",
            "g2g3 e7e6 g1f3 b8c6",
            "f2f4 g7g6 g2g4 a7a5",
            "g1h3 e7e6 d2d3 g8f6",
            "a2a4 e7e6 c2c3 d8e7",
        ],
    ),
    (
        "duo",
        &[
            "Ag2Ag3 Be7Ae6 Aa2Aa4 Bg8Ag8",
            "Af2Af3 Ba7Aa5 Aa2Ba3 Aa5Ba4",
            "Ag1Ah3 Bg8Bf6 Ah3Ag5 Bh7Bh6",
            "Ac2Bc4 Bb7Ab5 Bc4Ac5 Bg8Af6",
            "Ag1Bg1 Bh7Bh5 Ae1Be1 Bc8Ac8",
            "Ad2Ad3 Be7Ae6 Af2Af4 Bd8Ae7",
            "Ah2Ah4 Bd7Ad6 Ah1Bh1 Bc8Ad7",
            "Af2Bf3 Bg7Bg6 Ad2Ad3 Bd7Bd6",
        ],
    ),
    (
        "minialice",
        &[
            "a3a5 d6d4 d3d5 c6c4",
            "d3d4 b6b4 c3c4 d6d5",
            "d2c4 c6c5 b3b4 d6d4",
            "a2b4 d6d4 a3a5 c6c5",
            "c3c4 d7c5 d3d5 b6b4",
            "b3b5 a6a5 a3a4 b6b4",
            "d3d5 c6c5 d2c4 a7b5",
            "a3a4 c6c5 c3c4 d6d4",
        ],
    ),
    (
        "alice3",
        &[
            "Ab1Ca3 Ad7Cd5 Ae2Be3 Ad8Cd6",
            "Ac2Bc4 Aa7Ca6 Bc4Ac5 Af7Cf5",
            "Ae2Ce3 Ag8Bh6 Af2Cf4 Ad7Cd5",
            "Ad2Bd3 Ae7Ce5 Af2Cf4 Ag8Ce7",
            "Ag2Cg3 Ac7Cc5 Aa2Ba4 Ad7Bd6",
            "Ag2Bg3 Ad7Bd5 Af2Bf4 Ab7Bb6",
            "Ab1Ba3 Af7Cf6 Ac2Cc4 Ag8Bf6",
            "Af2Bf4 Ab8Ca6 Ag2Bg3 Aa7Ba5",
        ],
    ),
    (
        "jabberwocky",
        &[
            "d2e3 d7e6 a2a3 e7d6",
            "b2a3 g7g6 f2g3 c7d6",
            "g2h3 d7e6 e2d3 c8d7",
            "a2a3 e7f6 g2f3 e8e7",
            "d2c3 h7h6 g2f3 g7h7",
            "h2g3 e7f6 g2h2 a7a6",
            "b2c3 g7f6 c2b2 d7c6",
            "f2f3 e7f6 a2a3 c7c6",
        ],
    ),
    (
        "superpermutation",
        &[
            "c2c3 e8d8 e1a1 g8f6",
            "e1g1 e8g8 d2d3 g8h8",
            "f2f4 e7e5 c2c3 e8b8",
            "e1c1 b7b6 f2f3 c7c5",
            "e1h1 g8h6 a2a4 e7e6",
            "e1d1 b7b5 d1c1 e8a8",
            "h2h3 e8d8 h3h4 d8a8",
            "e1b1 e8g8 g1h3 b8c6",
        ],
    ),
    (
        "maharajah",
        &[
            "f2f4 c7c6 h2h3 e8e8m",
            "b2b4 f7f5 a1a1m a7a5",
            "g1h3 b7b6 b1a3 e7e6",
            "c2c3 h8h8m a1a1m a7a5",
            "e2e4 f8f8m b2b4 f7f5",
            "h1h1m e7e5 b2b3 f7f6",
            "a2a4 d7d5 g2g3 a8a8m",
            "f2f3 b7b6 b1a3 f7f6",
        ],
    ),
    (
        "twokings",
        &[
            "b1c3 f7f5 a1b1 d7d6",
            "h2h4 h7h6 g2g3 d7d5",
            "g2g4 h7h5 b1a3 c7c6",
            "g1f3 g8f6 b1a3 d7d6",
            "d2d4 g8f6 b2b3 h7h5",
            "b1a3 c7c6 b2b4 b7b5",
            "b2b3 c7c5 c2c4 h7h5",
            "e2e3 d7d5 b2b4 g7g6",
        ],
    ),
    (
        "twokings4",
        &[
            "f2f3 a7a6 e2f2 g8h6",
            "g2g3 h7h5 b1a3 e7f6",
            "a2a3 h7h6 h2h3 e7f6",
            "b2b3 g8h6 a2a3 f7f6",
            "d3d4 d7c6 h2h3 c8d7",
            "c2c3 g8h6 e3e4 b7b6",
            "h2h3 b7b6 d3d4 h7h5",
            "g1h3 f7f6 f2f3 b7b6",
        ],
    ),
    (
        "jackswitches",
        &[
            "J@e2 f8j4 c2c3 b8b8v",
            "i1h3 g8h7 b1b7c f8d6",
            "l2l3 a7a5 b2b3 l7l5",
            "b1b7c b8b8v l2l4 i8h6",
            "b1b1v a8a6 f1e2 f8c5",
            "f1f2 f8e7 d2d3 l7l6",
            "a1a3 J@g7 f1d3 i8j6",
            "i1j3 i8g7 f1g2 b8b8v",
        ],
    ),
];

/// The built-in openings of a game (every game has a set; a test holds them to it).
pub fn built_in(variant: Variant) -> Vec<Opening> {
    let (_, lines) = BUILT_IN
        .iter()
        .find(|(name, _)| *name == variant.name())
        .expect("every game has a built-in opening set");
    lines
        .iter()
        .map(|line| Opening {
            fen: variant.start_fen().to_string(),
            moves: line.split_whitespace().map(str::to_string).collect(),
        })
        .collect()
}

/// Reads an opening file: one opening a line, either moves from the start position
/// (`e2e4 e7e5`) or a FEN, optionally followed by `moves` and moves. Empty lines and
/// lines starting with `#` are skipped.
pub fn parse(variant: Variant, text: &str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (setup, moves) = match line.split_once(" moves") {
                Some((setup, moves)) => (setup.trim(), moves),
                None if line.contains('/') => (line, ""),
                None => ("", line),
            };
            let fen = if setup.is_empty() { variant.start_fen() } else { setup };
            Opening {
                fen: fen.to_string(),
                moves: moves.split_whitespace().map(str::to_string).collect(),
            }
        })
        .collect()
}

/// Checks every opening is a valid position with legal moves that leave the game
/// running; the error names the first bad one (counting from 1).
pub fn check<G: Game>(variant: Variant, rules: &RuleOptions, openings: &[Opening]) -> Result<(), String> {
    if openings.is_empty() {
        return Err("no openings".to_string());
    }
    for (i, opening) in openings.iter().enumerate() {
        let bad = |why: String| format!("opening {}: {why}", i + 1);
        let start = G::from_fen_with(variant, &opening.fen, rules).map_err(|e| bad(format!("invalid FEN: {e}")))?;
        let mut history = History::new(start);
        for text in &opening.moves {
            history.push_text(text).map_err(|e| bad(e.to_string()))?;
        }
        if let Some(result) = history.result() {
            return Err(bad(format!("the game is already over ({})", result.reason.name())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::search::{search, Limits, Score, SearchControl, SearchOptions, TranspositionTable};
    use vorpal_engine::with_game;
    use vorpal_eval::Evaluated;

    /// The largest score, in centipawns, Vorpal may give a built-in opening after a
    /// 30,000-node search.
    const BALANCE_LIMIT: i32 = 80;

    fn score<G: Evaluated>(variant: Variant, opening: &Opening) -> Score {
        let mut history = History::new(G::from_fen(variant, &opening.fen).unwrap());
        for text in &opening.moves {
            history.push_text(text).unwrap();
        }
        let tt = TranspositionTable::new(16);
        let control = SearchControl::default();
        control.start(false);
        let limits = Limits {
            nodes: Some(30_000),
            ..Limits::default()
        };
        let result = search(
            &history,
            &G::evaluator(variant),
            &limits,
            &SearchOptions::default(),
            &tt,
            &control,
            &mut |_| {},
        );
        Score::from_internal(result.score)
    }

    #[test]
    fn every_game_has_legal_balanced_built_in_openings() {
        let mut unbalanced = Vec::new();
        for variant in Variant::all() {
            let openings = built_in(variant);
            assert_eq!(openings.len(), 8, "{}", variant.name());
            with_game!(variant, G => {
                check::<G>(variant, &RuleOptions::default(), &openings).unwrap();
                for opening in &openings {
                    let score = score::<G>(variant, opening);
                    if !matches!(score, Score::Centipawns(cp) if cp.abs() <= BALANCE_LIMIT) {
                        unbalanced.push(format!("{} {:?}: {score:?}", variant.name(), opening.moves));
                    }
                }
            });
        }
        assert!(unbalanced.is_empty(), "{unbalanced:#?}");
    }

    #[test]
    fn opening_files_hold_moves_or_fens() {
        let text = "# comment\n\ne2e4 e7e5\n8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\n\
                    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4\n";
        let openings = parse(Variant::Chess, text);
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].fen, Variant::Chess.start_fen());
        assert_eq!(openings[0].moves, ["e2e4", "e7e5"]);
        assert_eq!(openings[1].fen, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
        assert!(openings[1].moves.is_empty());
        assert_eq!(openings[2].moves, ["d2d4"]);
        check::<vorpal_engine::Chess>(Variant::Chess, &RuleOptions::default(), &openings).unwrap();
    }

    #[test]
    fn bad_openings_are_named() {
        let rules = RuleOptions::default();
        let check_chess =
            |text: &str| check::<vorpal_engine::Chess>(Variant::Chess, &rules, &parse(Variant::Chess, text));
        assert_eq!(
            check_chess("e2e4\ne2e5"),
            Err("opening 2: illegal move 'e2e5'".to_string())
        );
        assert!(check_chess("8/8/8 w - - 0 1")
            .unwrap_err()
            .starts_with("opening 1: invalid FEN"));
        // Fool's mate: the game is over before the engines play.
        assert_eq!(
            check_chess("f2f3 e7e5 g2g4 d8h4"),
            Err("opening 1: the game is already over (checkmate)".to_string())
        );
        assert_eq!(check_chess("# nothing"), Err("no openings".to_string()));
    }
}
