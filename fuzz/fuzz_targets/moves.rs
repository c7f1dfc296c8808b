//! The move parser of every game: any text read as a move in the start position and a
//! few plies later is either a legal move, named back the same, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vorpal_engine::{with_game, Game, MoveList, Variant};

fn check<G: Game>(variant: Variant, plies: u8, text: &str) {
    let mut pos = G::startpos(variant);
    for ply in 0..plies % 8 {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[(ply as usize * 7) % moves.len()]);
    }
    if let Ok(mv) = pos.parse_move(text) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&mv));
        assert_eq!(pos.parse_move(&pos.move_name(mv)), Ok(mv));
        let _ = pos.play(mv);
    }
}

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let variants: Vec<Variant> = Variant::all().collect();
    let variant = variants[*pick as usize % variants.len()];
    with_game!(variant, G => check::<G>(variant, *plies, text));
});
