//! The Alice reference vectors (`data/alice.epd`, Fairy-Stockfish's alice branch via
//! `shared/perft/alice.epd`): the start position to depth 6, the others to depth 5.

use vorpal_engine::{Alice, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 200_000_000;

#[test]
fn alice_reference_vectors() {
    let vectors = parse_vectors(include_str!("../data/alice.epd")).unwrap();
    let (mismatches, checked) = check_vectors::<Alice>(Variant::Alice, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= 70, "only {checked} counts checked");
}
