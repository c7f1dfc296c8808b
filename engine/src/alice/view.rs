//! The GUI's view of the Alice games: every board side by side, a move clicked on the
//! board its piece stands on and landing where the transfer takes it.
use super::general::Transfer;
use super::{board_letter, AliceGame, AliceMove, AliceMoveKind, BoardId};
use crate::chess::castling_rook;
use crate::chess::view::promotion_choice;
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::types::{Color, Square};
use crate::view::{square_name, ChoiceView, GameView, MoveView, PieceView, PositionView};

impl<const N: usize> AliceGame<N> {
    fn square_view(&self, board: BoardId, sq: Square) -> String {
        square_name(N as u8, board as u8, sq.file(), sq.rank())
    }

    /// The picker entry of a move other legal moves share their squares with, differing
    /// only in the board they land on (Duo's optional transfer, the choice of board on
    /// three boards). A promotion names its piece and its board in one entry.
    fn transfer_choice(&self, mv: AliceMove) -> Option<ChoiceView> {
        if matches!(self.rules().transfer, Transfer::Always | Transfer::IfEmpty) {
            // The board is no choice: it follows from the squares.
            return mv.promotion().map(promotion_choice);
        }
        let moves = self.legal_move_list();
        let shared = moves.iter().any(|other| {
            other.from_board() == mv.from_board()
                && other.from() == mv.from()
                && other.to() == mv.to()
                && other.to_board() != mv.to_board()
        });
        if !shared {
            return mv.promotion().map(promotion_choice);
        }
        let board = if mv.to_board() == mv.from_board() {
            format!("stay on {}", board_letter(mv.to_board()))
        } else {
            format!("to board {}", board_letter(mv.to_board()))
        };
        Some(match mv.promotion() {
            Some(role) => {
                let promotion = promotion_choice(role);
                ChoiceView {
                    label: format!("{}, {board}", promotion.label),
                    ..promotion
                }
            }
            None => ChoiceView {
                group: "transfer",
                label: board,
                kind: None,
            },
        })
    }
}

impl<const N: usize> GameView for AliceGame<N> {
    fn view(&self) -> PositionView {
        let rules = self.rules();
        let mut pieces = Vec::new();
        for board in 0..N {
            for sq in rules.squares() {
                if let Some((color, role)) = self.piece_at(board, sq) {
                    pieces.push(PieceView::of_kind(self.square_view(board, sq), color, role));
                }
            }
        }
        let checks = if self.in_check() {
            let (board, king) = self.king(self.side_to_move());
            vec![self.square_view(board, king)]
        } else {
            Vec::new()
        };
        PositionView {
            checks,
            ..PositionView::new(rules.files, N as u8, self.side_to_move(), pieces)
        }
    }

    fn move_view(&self, mv: AliceMove) -> MoveView {
        let (from, to, x, y) = (mv.from(), mv.to(), mv.from_board(), mv.to_board());
        let also = match mv.kind() {
            AliceMoveKind::Castle => {
                // The rook leaves its square on the home board and lands with the king.
                let (rook_from, rook_to) = castling_rook(to);
                vec![self.square_view(x, rook_from), self.square_view(y, rook_to)]
            }
            AliceMoveKind::EnPassant => {
                let victim_board = self.en_passant().map_or(x, |ep| ep.victim_board);
                let behind = match self.side_to_move() {
                    Color::White => to.offset(-8),
                    Color::Black => to.offset(8),
                };
                vec![self.square_view(victim_board, behind)]
            }
            AliceMoveKind::Normal | AliceMoveKind::Promotion(_) => Vec::new(),
        };
        MoveView {
            name: self.move_name(mv),
            from: Some(self.square_view(x, from)),
            to: self.square_view(x, to),
            lands: self.square_view(y, to),
            drop: None,
            choice: self.transfer_choice(mv),
            also,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::alice::{Alice, Alice3};
    use crate::game::{Notation, Position, RuleOptions, Variant};
    use crate::view::{assert_views_consistent, assert_views_consistent_in_playouts, GameView, MoveView};

    fn view<G: GameView>(position: &G, text: &str) -> MoveView {
        position.move_view(position.parse_move(text).unwrap())
    }

    fn assert_random_games_consistent(variant: Variant) {
        assert_views_consistent_in_playouts(&Alice::startpos(variant), 4, 150);
        let en_passant = RuleOptions { alice_en_passant: true };
        assert_views_consistent_in_playouts(&Alice::startpos_with(variant, &en_passant), 1, 150);
    }

    #[test]
    fn views_of_random_alice_and_alice2_games_are_consistent() {
        assert_random_games_consistent(Variant::Alice);
        assert_random_games_consistent(Variant::Alice2);
    }

    #[test]
    fn views_of_random_msalice_and_odonohue_games_are_consistent() {
        assert_random_games_consistent(Variant::MsAlice);
        assert_random_games_consistent(Variant::ODonohue);
    }

    #[test]
    fn views_of_random_duo_and_minialice_games_are_consistent() {
        assert_random_games_consistent(Variant::Duo);
        assert_random_games_consistent(Variant::MiniAlice);
    }

    #[test]
    fn views_of_random_alice3_games_are_consistent() {
        assert_views_consistent_in_playouts(&Alice3::startpos(Variant::Alice3), 4, 150);
    }

    #[test]
    fn start_views_lay_out_the_boards() {
        let alice = Alice::startpos(Variant::Alice).view();
        assert_eq!(
            (alice.files, alice.ranks, alice.boards, alice.pieces.len()),
            (8, 8, 2, 32)
        );
        assert!(alice
            .pieces
            .iter()
            .any(|p| p.square == "Ae1" && p.kind == "king" && p.letter == 'K'));
        let duo = Alice::startpos(Variant::Duo).view();
        assert!(duo.pieces.iter().any(|p| p.square == "Be8" && p.color == "black"));
        let mini = Alice::startpos(Variant::MiniAlice).view();
        assert_eq!((mini.files, mini.boards, mini.pieces.len()), (4, 2, 24));
        assert!(mini.pieces.iter().any(|p| p.square == "Ac1" && p.kind == "king"));
        let three = Alice3::startpos(Variant::Alice3).view();
        assert_eq!((three.boards, three.pieces.len()), (3, 32));
    }

    #[test]
    fn a_move_is_clicked_on_its_board_and_lands_on_the_other() {
        let alice = Alice::startpos(Variant::Alice);
        let e4 = view(&alice, "e2e4");
        assert_eq!(
            (e4.from.as_deref(), e4.to.as_str(), e4.lands.as_str()),
            (Some("Ae2"), "Ae4", "Be4")
        );
        assert_eq!(e4.choice, None);
        // Back from B: clicked on B, lands on A.
        let back = Alice::from_fen(Variant::Alice, "4k3/8/8/8/8/8/8/|R3K3 w - - 0 1").unwrap();
        assert_views_consistent(&back);
        let rook = view(&back, "a1a5");
        assert_eq!((rook.to.as_str(), rook.lands.as_str()), ("Ba5", "Aa5"));
    }

    #[test]
    fn msalice_zero_move_stays_on_its_square_and_changes_board() {
        let msalice = Alice::startpos(Variant::MsAlice);
        let zero = view(&msalice, "Ag1Bg1");
        assert_eq!(
            (zero.from.as_deref(), zero.to.as_str(), zero.lands.as_str()),
            (Some("Ag1"), "Ag1", "Bg1")
        );
        assert_eq!(zero.choice, None);
    }

    #[test]
    fn duo_transfer_is_a_choice() {
        let duo = Alice::startpos(Variant::Duo);
        let go = view(&duo, "Ae2Be4");
        let stay = view(&duo, "Ae2Ae4");
        assert_eq!((go.to.as_str(), stay.to.as_str()), ("Ae4", "Ae4"));
        assert_eq!((go.lands.as_str(), stay.lands.as_str()), ("Be4", "Ae4"));
        let (go, stay) = (go.choice.unwrap(), stay.choice.unwrap());
        assert_eq!((go.group, go.label.as_str()), ("transfer", "to board B"));
        assert_eq!((stay.group, stay.label.as_str()), ("transfer", "stay on A"));
        // A promotion names its piece and its board in one entry.
        let promotion = Alice::from_fen(Variant::Duo, "4k3/1P6/8/8/8/8/8/4|K3 w - - 0 1").unwrap();
        assert_views_consistent(&promotion);
        let queen = view(&promotion, "Ab7Bb8q").choice.unwrap();
        assert_eq!(
            (queen.group, queen.label.as_str(), queen.kind),
            ("promotion", "Queen, to board B", Some("queen"))
        );
        assert_eq!(view(&promotion, "Ab7Ab8n").choice.unwrap().label, "Knight, stay on A");
    }

    #[test]
    fn castling_en_passant_promotion_and_check_name_their_squares() {
        let castling = Alice::from_fen(Variant::Alice, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        assert_views_consistent(&castling);
        let short = view(&castling, "e1g1");
        assert_eq!((short.to.as_str(), short.lands.as_str()), ("Ag1", "Bg1"));
        assert_eq!(short.also, ["Ah1", "Bf1"]);
        assert_eq!(view(&castling, "e1c1").also, ["Aa1", "Bd1"]);

        // Black's pawn double-stepped on A and stands on B: White takes it on A.
        let options = RuleOptions { alice_en_passant: true };
        let before = Alice::from_fen_with(Variant::Alice, "4k3/3p4/8/4P3/8/8/8/4|K3 b - - 0 1", &options).unwrap();
        let after = before.play(before.parse_move("d7d5").unwrap());
        assert_views_consistent(&after);
        let ep = view(&after, "e5d6");
        assert_eq!((ep.to.as_str(), ep.lands.as_str()), ("Ad6", "Bd6"));
        assert_eq!(ep.also, ["Bd5"]);

        let promotion = Alice::from_fen(Variant::Alice, "4k3/1P6/8/8/8/8/8/4|K3 w - - 0 1").unwrap();
        let knight = view(&promotion, "b7b8n");
        assert_eq!((knight.to.as_str(), knight.lands.as_str()), ("Ab8", "Bb8"));
        let choice = knight.choice.unwrap();
        assert_eq!(
            (choice.group, choice.label.as_str(), choice.kind),
            ("promotion", "Knight", Some("knight"))
        );

        let checked = Alice::from_fen(Variant::Alice, "4|k3/8/8/8/8/8/8/4|R1K1 b - - 0 1").unwrap();
        assert_eq!(checked.view().checks, ["Be8"]);
    }

    #[test]
    fn alice3_moves_choose_their_board() {
        let three = Alice3::startpos(Variant::Alice3);
        let to_c = view(&three, "Ae2Ce4");
        assert_eq!((to_c.to.as_str(), to_c.lands.as_str()), ("Ae4", "Ce4"));
        let choice = to_c.choice.unwrap();
        assert_eq!((choice.group, choice.label.as_str()), ("transfer", "to board C"));
        assert_eq!(view(&three, "Ae2Be4").choice.unwrap().label, "to board B");
    }
}
