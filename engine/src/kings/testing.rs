//! Helpers both games' view tests share.

use super::{KingsPosition, Rules};
use crate::game::Notation;
use crate::testing::pos;
use crate::view::{assert_views_consistent, GameView, MoveView};

/// The position of a FEN of the game's first variant, after checking its views.
pub fn viewed<R: Rules>(fen: &str) -> KingsPosition<R> {
    let position = pos(R::VARIANTS[0], fen);
    assert_views_consistent(&position);
    position
}

/// The view of the move named `text`, which must be legal.
pub fn view<R: Rules>(position: &KingsPosition<R>, text: &str) -> MoveView {
    position.move_view(position.parse_move(text).unwrap())
}
