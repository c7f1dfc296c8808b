//! Differential test against python-chess: `data/chess_playouts.txt` holds seeded
//! random playouts written by `scripts/gen_chess_reference.py` (CI regenerates it and
//! checks it is unchanged).

mod common;

use vorpal_engine::{Chess, Variant};

#[test]
fn agrees_with_python_chess_on_seeded_playouts() {
    let data = include_str!("../data/chess_playouts.txt");
    let (positions, verdicts) = common::compare::<Chess>(Variant::Chess, data, "chess_playouts.txt");
    assert!(positions >= 10_000, "only {positions} positions compared");
    for kind in ["checkmate", "stalemate", "insufficient", "fifty", "threefold"] {
        assert!(verdicts.contains(kind), "no '{kind}' verdict in the reference data");
    }
}
