//! The Jabberwocky vectors (`data/jabberwocky.epd`): the start position to depth 5 and
//! hand-made and played positions deeper. No other engine plays this game; every count
//! agrees with `scripts/perft_reference.py`, an independent plain implementation.

use vorpal_engine::{Jabberwocky, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 200_000_000;

#[test]
fn jabberwocky_vectors() {
    let vectors = parse_vectors(include_str!("../data/jabberwocky.epd")).unwrap();
    let (mismatches, checked) = check_vectors::<Jabberwocky>(Variant::Jabberwocky, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= 50, "only {checked} counts checked");
}
