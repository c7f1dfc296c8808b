//! The GUI's view of both games: each piece with the letter and glyph its game draws
//! and the game's badge, the attacked royal pieces as checks, transformations and
//! promotions as a choice, Chess960 castling clicked on the Rook.

use super::{castling_targets, en_passant_victim, fen_char, KingsKind, KingsMove, KingsPosition, Rules};
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::view::{single_square_name as name, ChoiceView, GameView, MoveView, PieceView, PositionView};

impl<R: Rules> GameView for KingsPosition<R> {
    fn view(&self) -> PositionView {
        let pieces = self
            .occupied()
            .into_iter()
            .map(|sq| {
                let (color, kind) = self.board.piece_at(sq).expect("an occupied square holds a piece");
                let letter = R::drawn_char(self, sq, kind);
                PieceView {
                    square: name(sq),
                    color: color.name(),
                    kind: R::view_name(letter),
                    letter: fen_char(letter, color),
                    badge: R::badge(self, sq, color, kind),
                }
            })
            .collect();
        let us = self.side_to_move();
        let checks = R::royals(self, us)
            .into_iter()
            .filter(|&sq| self.attacked(sq, !us))
            .map(name)
            .collect();
        PositionView {
            checks,
            points: R::points(self),
            ..PositionView::new(8, 1, us, pieces)
        }
    }

    fn move_view(&self, mv: KingsMove) -> MoveView {
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castle() {
            // Castling is written King-takes-Rook (`d1a1`) and clicked so: the King's
            // destination would not do, as the d-file King's step to c1 ends there too.
            let (king_to, rook_to) = castling_targets(from, to);
            return MoveView {
                name: self.move_name(mv),
                from: Some(name(from)),
                to: name(to),
                lands: name(king_to),
                drop: None,
                choice: None,
                also: vec![name(to), name(rook_to)],
            };
        }
        let choice = mv.suffix().map(|letter| {
            let group = if mv.is_transformation() {
                "transformation"
            } else {
                "promotion"
            };
            ChoiceView::of_kind(group, R::view_name(letter))
        });
        let pawn = self.kind_at(from) == Some(R::Kind::pawn());
        let also = if pawn && from.file() != to.file() && self.kind_at(to).is_none() {
            vec![name(en_passant_victim(self.side_to_move(), to))]
        } else {
            Vec::new()
        };
        MoveView::on_one_board(self.move_name(mv), from, to, choice, also)
    }
}
