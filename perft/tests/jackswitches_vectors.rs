//! The Jacks and Witches vectors (`data/jackswitches.epd`): the start position to depth
//! 4, one hand-made position per mechanism and two middle games. No other engine plays
//! this game; the counts agree with `scripts/perft_reference.py`, an independent plain
//! implementation.

use vorpal_engine::{JacksWitches, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

const MAX_NODES: u64 = 8_000_000;

#[test]
fn jackswitches_vectors() {
    let vectors = parse_vectors(include_str!("../data/jackswitches.epd")).unwrap();
    let (mismatches, checked) = check_vectors::<JacksWitches>(Variant::JacksWitches, &vectors, MAX_NODES).unwrap();
    assert!(mismatches.is_empty(), "perft mismatches: {mismatches:#?}");
    assert!(checked >= 60, "only {checked} counts checked");
}
