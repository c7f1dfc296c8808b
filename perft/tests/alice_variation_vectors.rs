//! The Alice variations' own perft data (`data/<variant>.epd`): no other engine plays
//! them, so these are Vorpal's counts, checked by hand at low depth in the engine's
//! tests and kept here so that a change of the rules or the generator shows.

use vorpal_engine::alice::{Alice, Alice3};
use vorpal_engine::{Game, Variant};
use vorpal_perft::{check_vectors, parse_vectors};

fn check<G: Game>(variant: Variant, data: &str) {
    let vectors = parse_vectors(data).unwrap();
    let (mismatches, checked) = check_vectors::<G>(variant, &vectors, 20_000_000).unwrap();
    assert!(mismatches.is_empty(), "{}: {mismatches:#?}", variant.name());
    assert!(checked >= 10, "{}: only {checked} counts", variant.name());
}

#[test]
fn alice2() {
    check::<Alice>(Variant::Alice2, include_str!("../data/alice2.epd"));
}

#[test]
fn msalice() {
    check::<Alice>(Variant::MsAlice, include_str!("../data/msalice.epd"));
}

#[test]
fn odonohue() {
    check::<Alice>(Variant::ODonohue, include_str!("../data/odonohue.epd"));
}

#[test]
fn duo() {
    check::<Alice>(Variant::Duo, include_str!("../data/duo.epd"));
}

#[test]
fn minialice() {
    check::<Alice>(Variant::MiniAlice, include_str!("../data/minialice.epd"));
}

#[test]
fn alice3() {
    check::<Alice3>(Variant::Alice3, include_str!("../data/alice3.epd"));
}
