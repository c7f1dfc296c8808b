#![warn(missing_docs)]
//! Perft (the number of legal move sequences of a given length) and divide, for any
//! game, in parallel; and the reader of reference-vector files.

use rayon::prelude::*;
use thiserror::Error;
use vorpal_engine::{FenError, Game, MoveList, Variant};

/// Perft on the current thread. The last ply is counted, not played.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut child = pos.clone();
            moves
                .iter()
                .map(|&mv| {
                    pos.play_into(mv, &mut child);
                    // Counted here: a call of `perft` per last-ply position is a cost
                    // felt most by games with few moves.
                    if depth == 2 {
                        child.count_legal_moves()
                    } else {
                        perft(&child, depth - 1)
                    }
                })
                .sum()
        }
    }
}

/// The perft count below each root move, in generation order, computed in parallel on
/// the current rayon pool.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_until(pos, depth, &|| false).expect("a divide that is never stopped finishes")
}

/// Subtrees of at most this many plies are counted by one thread without looking at
/// the stop flag: two plies take milliseconds in every game (the deepest alice3 or
/// Jacks and Witches subtree of four took seconds), and handing out a task or looking
/// at the flag once per larger subtree costs nothing.
const SEQUENTIAL_DEPTH: u32 = 2;

/// Perft with each subtree deeper than [`SEQUENTIAL_DEPTH`] split over the rayon pool,
/// so that a root with few moves, or one huge subtree, still keeps every thread busy;
/// `None` soon after `stopped` turns true.
fn perft_until<G: Game>(pos: &G, depth: u32, stopped: &(impl Fn() -> bool + Sync)) -> Option<u64> {
    if stopped() {
        return None;
    }
    if depth <= SEQUENTIAL_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .par_iter()
        .map(|&mv| perft_until(&pos.play(mv), depth - 1, stopped))
        .sum()
}

/// [`divide`] for an interactive caller: `None` if `stopped` turned true before it
/// finished.
pub fn divide_until<G: Game>(pos: &G, depth: u32, stopped: &(impl Fn() -> bool + Sync)) -> Option<Vec<(G::Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .par_iter()
        .map(|&mv| perft_until(&pos.play(mv), depth - 1, stopped).map(|n| (mv, n)))
        .collect()
}

/// Perft in parallel on the current rayon pool.
pub fn perft_parallel<G: Game>(pos: &G, depth: u32) -> u64 {
    perft_until(pos, depth, &|| false).expect("a perft that is never stopped finishes")
}

/// One line of a reference-vector file: a position and its known counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    /// The line of the file it stands on, counted from 1.
    pub line: usize,
    /// The position, as FEN.
    pub fen: String,
    /// `(depth, nodes)` in the order the file lists them.
    pub counts: Vec<(u32, u64)>,
}

/// Why a line of a reference-vector file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VectorError {
    /// A count that is not `;D<depth> <nodes>`.
    #[error("line {line}: malformed count '{text}' (expected ';D<depth> <nodes>')")]
    MalformedCount {
        /// The file's line, counted from 1.
        line: usize,
        /// The count as written.
        text: String,
    },
    /// A position with no counts.
    #[error("line {line}: no counts")]
    NoCounts {
        /// The file's line, counted from 1.
        line: usize,
    },
    /// A position the game rejects.
    #[error("line {line}: {error}")]
    Fen {
        /// The file's line, counted from 1.
        line: usize,
        /// Why the game rejects it.
        error: FenError,
    },
}

/// Reads `FEN ;D1 n ;D2 n ...` lines; blank lines and `#` comments are skipped.
pub fn parse_vectors(text: &str) -> Result<Vec<Vector>, VectorError> {
    let mut out = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let malformed = || VectorError::MalformedCount {
                line,
                text: part.trim().to_string(),
            };
            let (depth, nodes) = part.trim().split_once(' ').ok_or_else(malformed)?;
            let depth = depth
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(malformed)?;
            let nodes = nodes.trim().parse().map_err(|_| malformed())?;
            counts.push((depth, nodes));
        }
        if counts.is_empty() {
            return Err(VectorError::NoCounts { line });
        }
        out.push(Vector { line, fen, counts });
    }
    Ok(out)
}

/// A count that disagrees with its reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The position, as FEN.
    pub fen: String,
    /// The depth of the count.
    pub depth: u32,
    /// The reference count.
    pub expected: u64,
    /// The count Vorpal found.
    pub found: u64,
}

/// Checks every count of `vectors` whose reference is at most `max_nodes`, returning
/// the mismatches and the number of counts checked.
pub fn check_vectors<G: Game>(
    variant: Variant,
    vectors: &[Vector],
    max_nodes: u64,
) -> Result<(Vec<Mismatch>, usize), VectorError> {
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for vector in vectors {
        let pos = G::from_fen(variant, &vector.fen).map_err(|error| VectorError::Fen {
            line: vector.line,
            error,
        })?;
        for &(depth, expected) in vector.counts.iter().filter(|&&(_, n)| n <= max_nodes) {
            let found = perft_parallel(&pos, depth);
            checked += 1;
            if found != expected {
                mismatches.push(Mismatch {
                    fen: vector.fen.clone(),
                    depth,
                    expected,
                    found,
                });
            }
        }
    }
    Ok((mismatches, checked))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::Notation;

    #[test]
    fn divide_until_counts_unless_stopped() {
        let start = vorpal_engine::Chess::startpos(Variant::Chess);
        let counts = divide_until(&start, 6, &|| false).expect("not stopped");
        assert_eq!(counts, divide(&start, 6));
        assert_eq!(counts.iter().map(|&(_, n)| n).sum::<u64>(), 119_060_324);
        assert_eq!(divide_until(&start, 6, &|| true), None);
    }

    #[test]
    fn split_perft_counts_what_one_thread_counts() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        // A root of two moves, so that the work is shared below it.
        let few_moves = vorpal_engine::Chess::from_fen(Variant::Chess, "8/8/8/8/8/2k5/8/K7 w - - 0 1").unwrap();
        let kiwipete = vorpal_engine::Chess::from_fen(
            Variant::Chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(pool.install(|| perft_parallel(&few_moves, 7)), perft(&few_moves, 7));
        let split = pool.install(|| perft_parallel(&kiwipete, 4));
        assert_eq!(split, perft(&kiwipete, 4));
        assert_eq!(split, 4_085_603);
    }

    #[test]
    fn vector_lines_parse() {
        let text = "# comment\n\nfen one ;D1 20 ;D2 400\nfen two;D3 8902\n";
        let vectors = parse_vectors(text).unwrap();
        assert_eq!(vectors.len(), 2);
        assert_eq!(vectors[0].fen, "fen one");
        assert_eq!(vectors[0].counts, vec![(1, 20), (2, 400)]);
        assert_eq!(vectors[1].counts, vec![(3, 8902)]);
        assert_eq!((vectors[0].line, vectors[1].line), (3, 4));
    }

    #[test]
    fn a_rejected_fen_names_its_file_line() {
        let text = "# comment

8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0
";
        let vectors = parse_vectors(text).unwrap();
        let error = check_vectors::<vorpal_engine::Chess>(Variant::Chess, &vectors, 1).unwrap_err();
        assert!(matches!(error, VectorError::Fen { line: 3, .. }), "{error}");
    }

    #[test]
    fn malformed_vector_lines_are_rejected() {
        assert_eq!(parse_vectors("fen only"), Err(VectorError::NoCounts { line: 1 }));
        assert!(matches!(
            parse_vectors("x ;D1"),
            Err(VectorError::MalformedCount { line: 1, .. })
        ));
        assert!(matches!(
            parse_vectors("x ;E1 5"),
            Err(VectorError::MalformedCount { .. })
        ));
        assert!(matches!(
            parse_vectors("x ;D1 five"),
            Err(VectorError::MalformedCount { .. })
        ));
    }
}
