use super::*;
use crate::game::MoveError;

const START: &str = "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1";

fn pos(fen: &str) -> JacksWitches {
    JacksWitches::from_fen(Variant::JacksWitches, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &JacksWitches) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|m| p.move_name(*m)).collect();
    names.sort();
    names
}

fn play(p: &JacksWitches, name: &str) -> JacksWitches {
    p.play(
        p.parse_move(name)
            .unwrap_or_else(|e| panic!("{name} in {}: {e}", p.fen())),
    )
}

fn perft(p: &JacksWitches, depth: u32) -> u64 {
    if depth == 1 {
        return p.count_legal_moves();
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|&mv| perft(&p.play(mv), depth - 1)).sum()
}

#[test]
fn start_position_round_trips() {
    let p = pos(START);
    assert_eq!(p.fen(), START);
    assert_eq!(p.hash(), p.hash_from_scratch());
}

#[test]
fn start_moves() {
    let p = pos(START);
    println!("{:?}", moves(&p));
    println!("{}", p.render());
    for d in 1..=3 {
        println!("{d} {}", perft(&p, d));
    }
    let _ = MoveError::GameOver;
}
