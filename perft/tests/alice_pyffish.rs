//! Differential test against Fairy-Stockfish's alice branch (PyPI `pyffish-alice`):
//! `data/alice_playouts.txt` holds seeded random playouts written by
//! `scripts/gen_alice_reference.py` (CI regenerates it and checks it is unchanged).
//! Repetitions are judged with the board of each piece: Fairy-Stockfish's own key
//! ignores it, so the generator compares FENs instead.

mod common;

use vorpal_engine::{Alice, Variant};

#[test]
fn agrees_with_fairy_stockfish_alice_on_seeded_playouts() {
    let data = include_str!("../data/alice_playouts.txt");
    let (positions, verdicts) = common::compare::<Alice>(Variant::Alice, data, "alice_playouts.txt");
    assert!(positions >= 10_000, "only {positions} positions compared");
    for kind in ["checkmate", "stalemate", "fifty", "threefold"] {
        assert!(verdicts.contains(kind), "no '{kind}' verdict in the reference data");
    }
}
