//! The GUI's view of an orthodox chess position and its moves.
use super::{castling_rook, Chess, ChessMove, MoveKind};
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::types::{Color, Kind};
use crate::view::{single_square_name as name, ChoiceView, GameView, MoveView, PositionView};

impl GameView for Chess {
    fn view(&self) -> PositionView {
        let side = self.side_to_move();
        PositionView::of_chess_board(&self.board, side, self.in_check().then(|| self.king(side)))
    }

    fn move_view(&self, mv: ChessMove) -> MoveView {
        let (from, to) = (mv.from(), mv.to());
        let (choice, also) = match mv.kind() {
            MoveKind::Normal => (None, Vec::new()),
            MoveKind::Promotion(role) => (Some(promotion_choice(role)), Vec::new()),
            MoveKind::EnPassant => {
                let behind = match self.side_to_move() {
                    Color::White => to.offset(-8),
                    Color::Black => to.offset(8),
                };
                (None, vec![name(behind)])
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = castling_rook(to);
                (None, vec![name(rook_from), name(rook_to)])
            }
        };
        MoveView::on_one_board(self.move_name(mv), from, to, choice, also)
    }
}

/// The picker entry of a promotion to `role`, shared by the games built on chess.
pub(crate) fn promotion_choice(role: Kind) -> ChoiceView {
    ChoiceView::of_kind("promotion", role.name())
}

#[cfg(test)]
mod tests {
    use crate::game::{Notation, Variant};
    use crate::view::{assert_views_consistent, GameView};
    use crate::Chess;

    #[test]
    fn start_position_view() {
        let start = Chess::startpos(Variant::Chess);
        let view = start.view();
        assert_eq!(view.pieces.len(), 32);
        assert_eq!((view.files, view.ranks, view.boards), (8, 8, 1));
        assert!(view
            .pieces
            .iter()
            .any(|p| p.square == "e1" && p.kind == "king" && p.color == "white"));
        assert_views_consistent(&start);
    }

    #[test]
    fn special_moves_name_every_square_they_change() {
        // White can castle both ways, capture en passant on d6 and promote on b8.
        let position = Chess::from_fen(Variant::Chess, "4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 1").unwrap();
        assert_views_consistent(&position);
        let view = |text: &str| position.move_view(position.parse_move(text).unwrap());
        assert_eq!(view("e1g1").also, ["h1", "f1"]);
        assert_eq!(view("e1c1").also, ["a1", "d1"]);
        assert_eq!(view("e5d6").also, ["d5"]);
        let promotion = view("b7b8n");
        assert_eq!(
            (promotion.to.as_str(), promotion.choice.unwrap().label.as_str()),
            ("b8", "Knight")
        );
        let checked = Chess::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        assert_eq!(checked.view().checks, ["e8"]);
    }
}
