//! The Superpermutation vectors (`data/superpermutation.epd`): the start position to
//! depth 5, hand-made positions and positions of the seed's game and of random
//! playouts. No other engine plays this game; the counts agree with
//! `scripts/perft_reference.py`, an independent plain implementation.

use vorpal_engine::{Superperm, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 40_000_000;

#[test]
fn superpermutation_vectors() {
    let vectors = parse_vectors(include_str!("../data/superpermutation.epd")).unwrap();
    let (mismatches, checked) = check_vectors::<Superperm>(Variant::Superpermutation, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= 60, "only {checked} counts checked");
}
