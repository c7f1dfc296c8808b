//! Helpers the games' unit tests share: positions from FENs, moves by name, perft,
//! and the checks every game's FEN tests make.

use crate::game::{EndReason, FenError, Game, GameResult, MoveList, Notation, Outcome, Position, Variant};
use crate::history::History;
use crate::types::{Color, Square};

/// The position of `fen` in `variant`, which must be valid.
pub fn pos<G: Notation>(variant: Variant, fen: &str) -> G {
    G::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The names of the legal moves, sorted.
pub fn moves<G: Notation>(p: &G) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|&mv| p.move_name(mv)).collect();
    names.sort();
    names
}

/// The names, as owned strings, sorted: what [`moves`] returns for these moves.
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// Checks that the legal moves of `p` are those named, in any order, with spaces
/// between the names.
pub fn assert_moves<G: Notation>(p: &G, names: &str) {
    let names: Vec<&str> = names.split_whitespace().collect();
    assert_eq!(moves(p), sorted(&names), "{}", p.fen());
}

/// The position after the move named `name`, which must be legal.
pub fn play<G: Notation>(p: &G, name: &str) -> G {
    p.play(
        p.parse_move(name)
            .unwrap_or_else(|e| panic!("{name} in {}: {e}", p.fen())),
    )
}

/// The position after the moves named `names`, played in turn.
pub fn line<G: Notation>(p: &G, names: &[&str]) -> G {
    names.iter().fold(p.clone(), |p, name| play(&p, name))
}

/// The history of a game from `start` through the moves named `names`.
pub fn history<G: Game>(start: G, names: &[&str]) -> History<G> {
    let mut h = History::new(start);
    for name in names {
        h.push_text(name)
            .unwrap_or_else(|e| panic!("{name} after {:?}: {e}", h.moves()));
    }
    h
}

/// The number of move sequences of `depth` plies from `p`.
pub fn perft<G: Position>(p: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => p.count_legal_moves(),
        _ => {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            list.iter().map(|&mv| perft(&p.play(mv), depth - 1)).sum()
        }
    }
}

/// The perft counts of depths 1 to `depth`.
pub fn perfts<G: Position>(p: &G, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(p, d)).collect()
}

/// Checks the perft counts of EPD lines of `variant`, in the form of the perft data
/// files: a FEN (or `startpos`, the variant's start position), then `;D1 20 ;D2 400`
/// and so on from depth 1.
pub fn assert_perfts<G: Notation>(variant: Variant, lines: &[&str]) {
    for line in lines {
        let mut fields = line.split(';');
        let fen = match fields.next().unwrap_or_default().trim() {
            "startpos" => variant.start_fen(),
            fen => fen,
        };
        let p: G = pos(variant, fen);
        for (depth, field) in (1..).zip(fields) {
            let count = field.trim().strip_prefix(&format!("D{depth} "));
            let expected: u64 = count
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{line}: expected ;D{depth} and a count"));
            assert_eq!(perft(&p, depth), expected, "{} {fen} at depth {depth}", variant.name());
        }
    }
}

/// The square named `name`.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The result of a game `winner` won for `reason`.
pub fn won(winner: Color, reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        outcome: Outcome::Win(winner),
        reason,
    })
}

/// The result of a game drawn for `reason`.
pub fn drawn(reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        outcome: Outcome::Draw,
        reason,
    })
}

/// Checks that each FEN of `variant` is read and written back unchanged, with a
/// consistent hash.
pub fn assert_fens_round_trip<G: Notation>(variant: Variant, fens: &[&str]) {
    for &fen in fens {
        let p: G = pos(variant, fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(p.hash(), p.hash_from_scratch(), "{fen}");
    }
}

/// Checks that each FEN of `variant` is rejected with its error, which says something.
pub fn assert_fen_errors<G: Notation>(variant: Variant, cases: &[(&str, FenError)]) {
    for (fen, expected) in cases {
        assert_eq!(G::from_fen(variant, fen).err().as_ref(), Some(expected), "{fen}");
        assert!(!expected.to_string().is_empty());
    }
}

/// The next number of a xorshift generator: the tests' seeded random choices.
pub fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Checks quiescence's short cuts against the full list at `p`: its tactical moves are
/// the legal list's, in its order, and it has a legal move exactly when the list is not
/// empty. Returns how many tactical moves it has.
pub fn assert_tactical_moves_agree<G: Game>(p: &G) -> usize {
    let mut all = MoveList::new();
    let any_legal_move = p.search_moves(&mut all);
    assert_eq!(p.has_legal_move(), any_legal_move, "{}", p.fen());
    all.retain(|mv| p.is_tactical(*mv));
    let mut tactical = MoveList::new();
    p.tactical_search_moves(&mut tactical);
    assert_eq!(tactical.as_slice(), all.as_slice(), "{}", p.fen());
    tactical.len()
}

/// Calls `visit` at each position of random playouts from `seed` of up to `plies`
/// plies, `games` from each FEN of a perft data file.
pub fn along_playouts<G: Game>(
    variant: Variant,
    data: &str,
    (games, plies): (usize, usize),
    mut seed: u64,
    mut visit: impl FnMut(&G),
) {
    let fens = data.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    for fen in fens.map(|l| l.split(';').next().unwrap_or_default().trim()) {
        for _ in 0..games {
            let mut p: G = pos(variant, fen);
            for _ in 0..plies {
                visit(&p);
                let moves = p.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[(xorshift(&mut seed) % moves.len() as u64) as usize]);
            }
        }
    }
}

/// Checks that [`Position::play_into`] leaves in a child that held another position
/// what [`Position::play`] returns, for every legal move of `p`; returns how many.
pub fn assert_play_into_agrees<G: Game + PartialEq + std::fmt::Debug>(p: &G) -> usize {
    // Each move but the first is played into the previous move's child.
    let mut child = p.clone();
    let moves = p.legal_move_list();
    for &mv in &moves {
        p.play_into(mv, &mut child);
        assert_eq!(child, p.play(mv), "{} in {}", mv, p.fen());
    }
    moves.len()
}
