//! The "It's not a job for King" vectors (`data/maharajah.epd`, `data/twokings.epd`,
//! `data/twokings4.epd`): the start positions to depth 5 and hand-made positions for
//! each rule. No other engine plays these games; the counts agree with
//! `scripts/perft_reference.py`, an independent plain implementation.

use vorpal_engine::{Game, Maharajah, TwoKings, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 20_000_000;

fn check<G: Game>(variant: Variant, text: &str, at_least: usize) {
    let vectors = parse_vectors(text).unwrap();
    let (mismatches, checked) = check_vectors::<G>(variant, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= at_least, "only {checked} counts checked");
}

#[test]
fn maharajah_vectors() {
    check::<Maharajah>(Variant::Maharajah, include_str!("../data/maharajah.epd"), 45);
}

#[test]
fn twokings_vectors() {
    check::<TwoKings>(Variant::TwoKings, include_str!("../data/twokings.epd"), 45);
}

#[test]
fn twokings4_vectors() {
    check::<TwoKings>(Variant::TwoKings4, include_str!("../data/twokings4.epd"), 25);
}
