//! The orthodox reference vectors (`data/chess.epd`, from `shared/perft/chess.epd`):
//! every count up to about 2x10^8 nodes.

use vorpal_engine::{Chess, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 200_000_000;

#[test]
fn chess_reference_vectors() {
    let vectors = parse_vectors(include_str!("../data/chess.epd")).unwrap();
    let (mismatches, checked) = check_vectors::<Chess>(Variant::Chess, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= 30, "only {checked} counts checked");
}
