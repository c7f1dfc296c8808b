//! The GUI's view of Jacks and Witches: the 12x8 board with its holes and teleporters,
//! the Jacks in hand, and moves with their drops, drags, teleports and Can(n)on modes.
use super::board::{HOLES, TELEPORTERS};
use super::{JacksWitches, JwMove, Kind};
use crate::bitboard::WideBitboard;
use crate::game::{Notation, Position};
use crate::moves::PackedMove;
use crate::types::{Color, WideSquare};
use crate::view::{square_name, ChoiceView, GameView, HandView, MoveView, PieceView, PositionView};

fn name(sq: WideSquare) -> String {
    square_name(1, 0, sq.file(), sq.rank())
}

fn names(squares: WideBitboard) -> Vec<String> {
    squares.into_iter().map(name).collect()
}

impl Kind {
    /// The glyph name: the Can(n)on's rook mode is the `cannon`, its bishop mode (the
    /// game's Vao) the `canon`.
    pub(crate) fn view_name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Lion => "lion",
            Kind::Cannon => "cannon",
            Kind::Vao => "canon",
            Kind::Jack => "jack",
            Kind::Witch => "witch",
            Kind::King => "king",
        }
    }
}

impl GameView for JacksWitches {
    fn view(&self) -> PositionView {
        let pieces = self
            .board
            .occupied()
            .into_iter()
            .map(|sq| {
                let (color, kind) = self.piece_at(sq).expect("an occupied square holds a piece");
                PieceView {
                    square: name(sq),
                    color: color.name(),
                    kind: kind.view_name(),
                    letter: kind.fen_char(color),
                    badge: None,
                }
            })
            .collect();
        let hands = Color::ALL
            .into_iter()
            .map(|color| HandView {
                color: color.name(),
                kind: Kind::Jack.view_name(),
                letter: Kind::Jack.fen_char(color),
                count: self.hand(color),
            })
            .collect();
        let checks = self.in_check().then(|| name(self.king(self.side_to_move())));
        PositionView {
            removed: names(HOLES),
            // Once teleporting is off they are ordinary squares.
            teleporters: if self.teleporting_disabled() {
                Vec::new()
            } else {
                names(TELEPORTERS)
            },
            hands,
            checks: checks.into_iter().collect(),
            ..PositionView::new(12, 1, self.side_to_move(), pieces)
        }
    }

    fn move_view(&self, mv: JwMove) -> MoveView {
        let to = name(mv.to());
        if mv.is_drop() {
            return MoveView {
                name: self.move_name(mv),
                from: None,
                to: to.clone(),
                lands: to,
                drop: Some(Kind::Jack.view_name()),
                choice: None,
                also: Vec::new(),
            };
        }
        let (_, kind) = self.piece_at(mv.from()).expect("a legal move starts on a piece");
        let drag = self.drag(mv);
        let choice = match (kind, mv.becomes()) {
            (Kind::Pawn, Some(promoted)) => Some(ChoiceView::of_kind("promotion", promoted.view_name())),
            // Every Can(n)on move, a flip included, ends in the mode the mover names.
            (_, Some(mode)) => Some(ChoiceView::of_kind("mode", mode.view_name())),
            // A drag is compulsory, so this entry is the only move between its squares:
            // it names the piece the Witch pulls along.
            (_, None) => drag.map(|(behind, _)| ChoiceView {
                group: "drag",
                label: format!("drag {}", name(behind)),
                kind: None,
            }),
        };
        let mut also = Vec::new();
        if let Some((behind, landing)) = drag {
            also = vec![name(behind), name(landing)];
        } else if kind == Kind::Pawn && Some(mv.to()) == self.en_passant() && mv.from().file() != mv.to().file() {
            also.push(name(WideSquare::from_coords(mv.to().file(), mv.from().rank())));
        }
        MoveView {
            name: self.move_name(mv),
            from: Some(name(mv.from())),
            // A teleport is clicked on the teleporter it reaches.
            to: to.clone(),
            lands: to,
            drop: None,
            choice,
            also,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Notation, Position, Variant};
    use crate::view::{assert_views_consistent, assert_views_consistent_in_playouts, GameView, MoveView};
    use crate::JacksWitches;

    fn pos(fen: &str) -> JacksWitches {
        let position = JacksWitches::from_fen(Variant::JacksWitches, fen).unwrap();
        assert_views_consistent(&position);
        position
    }

    fn view(position: &JacksWitches, text: &str) -> MoveView {
        position.move_view(position.parse_move(text).unwrap())
    }

    #[test]
    fn views_of_random_games_are_consistent() {
        assert_views_consistent_in_playouts(&JacksWitches::startpos(Variant::JacksWitches), 4, 150);
    }

    #[test]
    fn start_view_has_holes_teleporters_and_hands() {
        let start = JacksWitches::startpos(Variant::JacksWitches);
        let view = start.view();
        assert_eq!((view.files, view.ranks, view.boards, view.pieces.len()), (12, 8, 1, 40));
        assert_eq!(view.removed.len(), 12);
        assert!(view.removed.contains(&"f3".to_string()) && view.removed.contains(&"h5".to_string()));
        assert_eq!(view.teleporters, ["e3", "h3", "e6", "h6"]);
        assert_eq!(
            view.hands
                .iter()
                .map(|h| (h.color, h.kind, h.count))
                .collect::<Vec<_>>(),
            [("white", "jack", 2), ("black", "jack", 2)]
        );
        let kind_at = |square: &str| view.pieces.iter().find(|p| p.square == square).map(|p| p.kind);
        assert_eq!(
            ["a1", "b1", "f1", "g1", "l8"].map(kind_at),
            [Some("lion"), Some("cannon"), Some("witch"), Some("king"), Some("lion")]
        );
    }

    #[test]
    fn drops_and_cannon_modes() {
        let start = JacksWitches::startpos(Variant::JacksWitches);
        let drop = view(&start, "J@e2");
        assert_eq!((drop.from, drop.to.as_str(), drop.drop), (None, "e2", Some("jack")));
        let cannon = view(&start, "b1b7c").choice.unwrap();
        let canon = view(&start, "b1b7v").choice.unwrap();
        assert_eq!(
            (cannon.group, cannon.label.as_str(), cannon.kind),
            ("mode", "Cannon", Some("cannon"))
        );
        assert_eq!(
            (canon.group, canon.label.as_str(), canon.kind),
            ("mode", "Canon", Some("canon"))
        );
        let flip = view(&start, "b1b1v");
        assert_eq!((flip.from.as_deref(), flip.to.as_str()), (Some("b1"), "b1"));
        assert_eq!(flip.choice.unwrap().kind, Some("canon"));
        let flipped = start.play(start.parse_move("b1b1v").unwrap()).view();
        assert!(flipped
            .pieces
            .iter()
            .any(|p| p.square == "b1" && p.kind == "canon" && p.letter == 'V'));
    }

    #[test]
    fn witch_drags_name_the_dragged_piece() {
        let p = pos("11k/12/5**5/4****4/4****4/3pW**5/5p6/K11[] w - - 0 1");
        let line = view(&p, "e3c5");
        let choice = line.choice.unwrap();
        assert_eq!((choice.group, choice.label.as_str()), ("drag", "drag f2"));
        assert_eq!(line.also, ["f2", "d4"]);
        // Teleporting to h3, the Witch pulls d3 onto the teleporter it left.
        let teleport = view(&p, "e3h3");
        assert_eq!((teleport.to.as_str(), teleport.lands.as_str()), ("h3", "h3"));
        assert_eq!(teleport.also, ["d3", "e3"]);
        // Nothing behind: no drag.
        let free = view(&p, "e3h6");
        assert_eq!((free.choice, free.also.len()), (None, 0));
    }

    #[test]
    fn lion_teleport_promotion_and_en_passant() {
        // The Lion on e3 teleports to h6 or leaps to c3.
        let lion = pos("11k/12/5**5/4****4/4****4/4L**5/12/K11[] w - - 0 1");
        assert_eq!(
            lion.view().pieces.iter().find(|p| p.square == "e3").unwrap().kind,
            "lion"
        );
        let teleport = view(&lion, "e3h6");
        assert_eq!((teleport.from.as_deref(), teleport.lands.as_str()), (Some("e3"), "h6"));
        let p = pos("2n8k/1P10/5**5/2Pp****4/4****4/5**5/12/K11[] w - d6 0 1");
        let witch = view(&p, "b7b8w").choice.unwrap();
        assert_eq!(
            (witch.group, witch.label.as_str(), witch.kind),
            ("promotion", "Witch", Some("witch"))
        );
        assert_eq!(view(&p, "b7c8v").choice.unwrap().label, "Canon");
        assert_eq!(view(&p, "c5d6").also, ["d5"]);
        // A King on the far rank switches the teleporters off: no more marks.
        let off = pos("6K5/12/5**5/4****4/4****4/5**5/12/k11[] b - - 0 1");
        assert!(off.view().teleporters.is_empty());
        assert!(pos("11k/12/5**5/4****4/4****4/5**5/12/K11[] w - - 0 1")
            .view()
            .checks
            .is_empty());
        let checked = pos("11k/12/5**5/4****4/4****4/5**5/12/K10r[] w - - 0 1");
        assert_eq!(checked.view().checks, ["a1"]);
    }
}
