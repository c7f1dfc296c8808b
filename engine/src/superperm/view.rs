//! The GUI's view of Superpermutation: a move names the squares its chain swaps
//! through and lands where the chain ends; a teleport is clicked on the partner.
use super::{front, Superperm, SuperpermMove};
use crate::chess::view::promotion_choice;
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::view::{single_square_name as name, GameView, MoveView, PositionView};

impl GameView for Superperm {
    fn view(&self) -> PositionView {
        let side = self.side_to_move();
        PositionView::of_chess_board(&self.board, side, self.in_check().then(|| self.king(side)))
    }

    fn move_view(&self, mv: SuperpermMove) -> MoveView {
        let (from, to) = (mv.from(), mv.to());
        // A teleport swaps the King with the piece on `to`: both squares are named.
        let end = if mv.is_teleport() { to } else { self.chain_end(mv) };
        // The chain swaps the piece forward square by square: each square past the
        // destination, up to its end, trades its piece one square back.
        let mut also = Vec::new();
        let mut at = to;
        while at != end {
            at = front(self.side_to_move(), at).expect("a chain runs forward on the board");
            also.push(name(at));
        }
        MoveView {
            name: self.move_name(mv),
            from: Some(name(from)),
            to: name(to),
            lands: name(end),
            drop: None,
            choice: mv.promotion().map(promotion_choice),
            also,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::SEED_GAME;
    use crate::game::{Notation, Position, Variant};
    use crate::view::{assert_views_consistent, assert_views_consistent_in_playouts, GameView, MoveView};
    use crate::Superperm;

    fn view(position: &Superperm, text: &str) -> MoveView {
        position.move_view(position.parse_move(text).unwrap())
    }

    /// The position after the first `plies` moves of the seed's game.
    fn seed_game(plies: usize) -> Superperm {
        let mut position = Superperm::startpos(Variant::Superpermutation);
        for long in &SEED_GAME[..plies] {
            position = position.play(position.parse_move(long).unwrap());
            assert_views_consistent(&position);
        }
        position
    }

    #[test]
    fn views_of_random_games_are_consistent() {
        assert_views_consistent_in_playouts(&Superperm::startpos(Variant::Superpermutation), 4, 150);
    }

    #[test]
    fn a_chain_names_its_squares_and_lands_at_its_end() {
        let p = seed_game(2);
        let rook = view(&p, "a1b1");
        assert_eq!((rook.to.as_str(), rook.lands.as_str()), ("b1", "b2"));
        assert_eq!(rook.also, ["b2"]);
        // No chain: nothing else changes.
        let quiet = view(&p, "f2f3");
        assert_eq!((quiet.lands.as_str(), quiet.also.len()), ("f3", 0));
        // b2-b4-b8=Q: the pawn swaps through b5 to b8 and promotes there.
        let p = seed_game(16);
        let promotion = view(&p, "b2b4q");
        assert_eq!((promotion.to.as_str(), promotion.lands.as_str()), ("b4", "b8"));
        assert_eq!(promotion.also, ["b5", "b6", "b7", "b8"]);
        let choice = promotion.choice.unwrap();
        assert_eq!((choice.group, choice.label.as_str()), ("promotion", "Queen"));
        // Black's chains run down the board: Qh4-h3-h1.
        let p = seed_game(11);
        let queen = view(&p, "h4h3");
        assert_eq!(
            (queen.lands.as_str(), queen.also.clone()),
            ("h1", vec!["h2".to_string(), "h1".to_string()])
        );
    }

    #[test]
    fn a_teleport_is_clicked_on_its_partner() {
        let p = Superperm::from_fen(Variant::Superpermutation, "7k/6N1/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_views_consistent(&p);
        let teleport = view(&p, "a1g7");
        assert_eq!(
            (teleport.from.as_deref(), teleport.to.as_str(), teleport.lands.as_str()),
            (Some("a1"), "g7", "g7")
        );
        assert!(teleport.also.is_empty());
        let checked = seed_game(10);
        assert_eq!(checked.view().checks, ["e1"]);
    }
}
