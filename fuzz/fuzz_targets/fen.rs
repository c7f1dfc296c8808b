//! Every game's FEN reader: the first byte picks the game, the rest is the FEN. An
//! accepted position must round-trip, keep its hash, and play each of its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vorpal_engine::{with_game, Game, MoveList, Variant};

fn check<G: Game>(variant: Variant, fen: &str) {
    let Ok(pos) = G::from_fen(variant, fen) else { return };
    let written = pos.fen();
    let again = G::from_fen(variant, &written).expect("a position's own FEN is accepted");
    assert_eq!(again.fen(), written);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let _ = pos.board_result();
    let _ = pos.render();
    for mv in moves {
        let next = pos.play(mv);
        assert_eq!(next.hash(), next.hash_from_scratch());
        assert_eq!(pos.parse_move(&pos.move_name(mv)), Ok(mv));
        let _ = next.count_legal_moves();
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(fen) = std::str::from_utf8(rest) else { return };
    let variants: Vec<Variant> = Variant::all().collect();
    let variant = variants[pick as usize % variants.len()];
    with_game!(variant, G => check::<G>(variant, fen));
});
