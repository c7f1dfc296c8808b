//! Every FEN a game accepts is a position every operation handles: seeded random
//! positions of every game, made by random placements of a real position's pieces and
//! by mutating the FENs of random playouts, go through the rules (legal moves, the
//! result, the display, the FEN and hash round trip), a depth-2 search and perft 2.
//! Each rejected FEN must come with a reason.

use rayon::prelude::*;
use vorpal_engine::search::{search, Evaluator, Limits, SearchControl, SearchOptions, TranspositionTable};
use vorpal_engine::{with_game, Game, History, MoveList, RuleOptions, Variant};
use vorpal_eval::trace::trace;
use vorpal_eval::Evaluated;
use vorpal_perft::perft;

/// Positions tried per game and way of making them.
const PER_GAME: usize = 10_000;

/// One square of a FEN board: a piece token (with its board or state marks) or empty.
#[derive(Clone, PartialEq)]
enum Cell {
    Empty,
    Hole,
    Piece(String),
}

/// The board field split into ranks of cells: digits become empty cells, `*` a hole,
/// and marks such as `|` (board B) or `+` stay with the letter they precede.
fn cells(board: &str) -> Vec<Vec<Cell>> {
    board
        .split('/')
        .map(|rank| {
            let mut out = Vec::new();
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut number = c.to_digit(10).unwrap_or(0);
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        number = number * 10 + d;
                        chars.next();
                    }
                    out.extend((0..number).map(|_| Cell::Empty));
                } else if c == '*' {
                    out.push(Cell::Hole);
                } else if c.is_ascii_alphabetic() {
                    out.push(Cell::Piece(c.to_string()));
                } else {
                    let mut token = c.to_string();
                    while let Some(&next) = chars.peek() {
                        token.push(next);
                        chars.next();
                        if next.is_ascii_alphabetic() {
                            break;
                        }
                    }
                    out.push(Cell::Piece(token));
                }
            }
            out
        })
        .collect()
}

fn board_text(ranks: &[Vec<Cell>]) -> String {
    let mut out = Vec::new();
    for rank in ranks {
        let mut text = String::new();
        let mut empty = 0;
        for cell in rank {
            if *cell != Cell::Empty && empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            match cell {
                Cell::Empty => empty += 1,
                Cell::Hole => text.push('*'),
                Cell::Piece(token) => text.push_str(token),
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        out.push(text);
    }
    out.join("/")
}

/// `fen` with its pieces shuffled over the squares, some dropped, some doubled, and the
/// side to move and castling rights sometimes changed.
fn random_placement(fen: &str, rng: &mut fastrand::Rng) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let mut ranks = cells(&fields[0]);
    let mut pieces: Vec<Cell> = ranks
        .iter()
        .flatten()
        .filter(|c| matches!(c, Cell::Piece(_)))
        .cloned()
        .collect();
    pieces.retain(|_| rng.u8(..10) != 0);
    if !pieces.is_empty() && rng.bool() {
        let extra = pieces[rng.usize(..pieces.len())].clone();
        pieces.push(extra);
    }
    let mut squares: Vec<(usize, usize)> = Vec::new();
    for (r, rank) in ranks.iter_mut().enumerate() {
        for (f, cell) in rank.iter_mut().enumerate() {
            if *cell != Cell::Hole {
                *cell = Cell::Empty;
                squares.push((r, f));
            }
        }
    }
    rng.shuffle(&mut squares);
    for (piece, (r, f)) in pieces.into_iter().zip(squares) {
        ranks[r][f] = piece;
    }
    fields[0] = board_text(&ranks);
    if fields.len() > 1 && rng.bool() {
        fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
    }
    if fields.len() > 2 && rng.bool() {
        fields[2] = "-".to_string();
    }
    // Per-piece state fields that name squares (Game II waits) mostly no longer fit.
    if fields.len() > 6 && rng.bool() {
        fields[6] = "-".to_string();
    }
    fields.join(" ")
}

/// `fen` with one random edit: a character replaced, doubled, removed or swapped.
fn mutate(fen: &str, rng: &mut fastrand::Rng) -> String {
    const ALPHABET: &[u8] = b"pnbrqkwlcjPNBRQKWLCJ0123456789/|*+-[] =,abcdefghwx";
    let mut bytes = fen.as_bytes().to_vec();
    if bytes.is_empty() {
        return String::new();
    }
    let at = rng.usize(..bytes.len());
    let any = ALPHABET[rng.usize(..ALPHABET.len())];
    match rng.u8(..4) {
        0 => bytes[at] = any,
        1 => bytes.insert(at, bytes[at]),
        2 => {
            bytes.remove(at);
        }
        _ => {
            let other = rng.usize(..bytes.len());
            bytes.swap(at, other);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// FENs along seeded random games from the start.
fn playout_fens<G: Game>(variant: Variant, rng: &mut fastrand::Rng, count: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = G::startpos(variant);
        for _ in 0..rng.usize(1..200) {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.usize(..moves.len())]);
            out.push(pos.fen());
        }
    }
    out.truncate(count);
    out
}

/// Everything the engine does with a position, none of which may panic.
fn exercise<G: Evaluated>(variant: Variant, pos: &G, tt: &TranspositionTable) {
    let fen = pos.fen();
    let again = G::from_fen(variant, &fen).unwrap_or_else(|e| panic!("{variant:?} {fen}: own FEN refused: {e}"));
    assert_eq!(again.fen(), fen, "{variant:?}: FEN round trip");
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{variant:?} {fen}: hash");
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{variant:?} {fen}");
    let _ = pos.board_result();
    let _ = pos.render();
    for &mv in &moves {
        let name = pos.move_name(mv);
        assert_eq!(pos.parse_move(&name), Ok(mv), "{variant:?} {fen}: {name}");
        let next = pos.play(mv);
        assert_eq!(
            next.hash(),
            next.hash_from_scratch(),
            "{variant:?} {fen}: hash after {name}"
        );
    }
    let _ = perft(pos, 2);
    let evaluator = G::evaluator(variant);
    // `eval` evaluates once per field of weights: one position in eight keeps the time.
    if pos.hash() % 8 == 0 {
        assert_eq!(
            trace(variant, pos).total,
            evaluator.evaluate(pos),
            "{variant:?} {fen}: eval's total"
        );
    }
    let control = SearchControl::default();
    control.start(false);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let history = History::new(pos.clone());
    let result = search(
        &history,
        &evaluator,
        &limits,
        &SearchOptions::default(),
        tt,
        &control,
        &mut |_| {},
    );
    // No move exactly when the game is over (by the board, or the move counter).
    assert_eq!(result.best.is_none(), history.result().is_some(), "{variant:?} {fen}");
    assert!(
        !moves.is_empty() || history.result().is_some(),
        "{variant:?} {fen}: no move, no result"
    );
}

/// Counts of positions accepted and rejected, by placement and by mutation.
fn check_game<G: Evaluated>(variant: Variant) -> [usize; 2] {
    let seed = 0x5eed_0000 + variant as u64;
    let mut rng = fastrand::Rng::with_seed(seed);
    let playouts = playout_fens::<G>(variant, &mut rng, PER_GAME);
    let mut candidates: Vec<String> = playouts.iter().map(|fen| random_placement(fen, &mut rng)).collect();
    candidates.extend(playouts.iter().map(|fen| mutate(fen, &mut rng)));
    let tt = TranspositionTable::new(16);
    let accepted = candidates
        .par_iter()
        .filter(|fen| match G::from_fen_with(variant, fen, &RuleOptions::default()) {
            Ok(pos) => {
                exercise(variant, &pos, &tt);
                true
            }
            Err(reason) => {
                assert!(
                    !reason.to_string().is_empty(),
                    "{variant:?} {fen}: rejected without a reason"
                );
                false
            }
        })
        .count();
    [accepted, candidates.len() - accepted]
}

#[test]
fn every_accepted_position_is_safe_in_every_operation() {
    for variant in Variant::all() {
        let started = std::time::Instant::now();
        let [accepted, rejected] = with_game!(variant, G => check_game::<G>(variant));
        eprintln!(
            "{}: {accepted} accepted, {rejected} rejected, {:.1} s",
            variant.name(),
            started.elapsed().as_secs_f64()
        );
        assert_eq!(accepted + rejected, 2 * PER_GAME);
        // Both kinds must occur, or the generator tests nothing.
        assert!(accepted >= PER_GAME / 10, "{variant:?}: only {accepted} accepted");
        assert!(rejected >= PER_GAME / 10, "{variant:?}: only {rejected} rejected");
    }
}
