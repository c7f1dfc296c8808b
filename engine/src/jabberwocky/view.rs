//! The GUI's view of Jabberwocky: every piece drawn as the type it is now, a King on
//! its farthest rank choosing its new type.
use super::{Jabberwocky, JabberwockyMove};
use crate::chess::view::promotion_choice;
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::view::{single_square_name as name, GameView, MoveView, PieceView, PositionView};

impl GameView for Jabberwocky {
    /// No checks: Kings are ordinary pieces here (the game knows no check).
    fn view(&self) -> PositionView {
        let pieces = PieceView::of_chess_board(&self.board);
        PositionView::new(8, 1, self.side_to_move(), pieces)
    }

    fn move_view(&self, mv: JabberwockyMove) -> MoveView {
        MoveView {
            name: self.move_name(mv),
            from: Some(name(mv.from())),
            to: name(mv.to()),
            lands: name(mv.to()),
            drop: None,
            choice: mv.choice().map(promotion_choice),
            also: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Notation, Position, Variant};
    use crate::view::{assert_views_consistent, assert_views_consistent_in_playouts, GameView};
    use crate::Jabberwocky;

    fn kind_at(position: &Jabberwocky, square: &str) -> Option<&'static str> {
        position
            .view()
            .pieces
            .into_iter()
            .find(|p| p.square == square)
            .map(|p| p.kind)
    }

    #[test]
    fn views_of_random_games_are_consistent() {
        assert_views_consistent_in_playouts(&Jabberwocky::startpos(Variant::Jabberwocky), 4, 150);
    }

    #[test]
    fn a_piece_is_drawn_as_what_it_became() {
        let start = Jabberwocky::startpos(Variant::Jabberwocky);
        assert_eq!(kind_at(&start, "e2"), Some("king"));
        let after = start.play(start.parse_move("e2e3").unwrap());
        assert_views_consistent(&after);
        let piece = after.view().pieces.into_iter().find(|p| p.square == "e3").unwrap();
        assert_eq!((piece.kind, piece.letter), ("pawn", 'P'));
        // The pawn moves on as a Knight.
        let after = after.play(after.parse_move("e7e6").unwrap());
        let after = after.play(after.parse_move("e3e4").unwrap());
        assert_eq!(kind_at(&after, "e4"), Some("knight"));
        assert!(after.view().checks.is_empty());
    }

    #[test]
    fn a_king_on_its_farthest_rank_chooses() {
        let p = Jabberwocky::from_fen(Variant::Jabberwocky, "8/K7/8/8/8/8/8/K6k w - - 0 1").unwrap();
        assert_views_consistent(&p);
        let choice = p.move_view(p.parse_move("a7a8r").unwrap()).choice.unwrap();
        assert_eq!(
            (choice.group, choice.label.as_str(), choice.kind),
            ("promotion", "Rook", Some("rook"))
        );
    }
}
