//! Helpers both games' tests share.

use super::{KingsPosition, Rules};
use crate::game::{MoveList, Notation, Position};
use crate::types::Square;
use crate::view::{assert_views_consistent, GameView, MoveView};

/// The position of a FEN of the game's first variant, which must be valid.
pub fn pos<R: Rules>(fen: &str) -> KingsPosition<R> {
    KingsPosition::from_fen(R::VARIANTS[0], fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The names of the legal moves, sorted.
pub fn moves<R: Rules>(p: &KingsPosition<R>) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|m| p.move_name(*m)).collect();
    names.sort();
    names
}

/// The position after the move named `name`, which must be legal.
pub fn play<R: Rules>(p: &KingsPosition<R>, name: &str) -> KingsPosition<R> {
    p.play(
        p.parse_move(name)
            .unwrap_or_else(|e| panic!("{name} in {}: {e}", p.fen())),
    )
}

/// The perft counts of depths 1 to `depth`.
pub fn perfts<R: Rules>(p: &KingsPosition<R>, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(p, d)).collect()
}

fn perft<R: Rules>(p: &KingsPosition<R>, depth: u32) -> u64 {
    if depth == 1 {
        return p.count_legal_moves();
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|&mv| perft(&p.play(mv), depth - 1)).sum()
}

/// The square named `name`.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// [`pos`], after checking its views.
pub fn viewed<R: Rules>(fen: &str) -> KingsPosition<R> {
    let position = pos(fen);
    assert_views_consistent(&position);
    position
}

/// The view of the move named `text`, which must be legal.
pub fn view<R: Rules>(position: &KingsPosition<R>, text: &str) -> MoveView {
    position.move_view(position.parse_move(text).unwrap())
}
