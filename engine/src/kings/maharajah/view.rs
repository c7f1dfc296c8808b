//! The GUI's view of Game I, which the shared view of the kings games draws from the
//! game's rules: Warriors and Maharajahs told apart, a Maharajah drawn with the
//! transformation's letter and marked with the type it came from, the captured points,
//! transformations as a choice.

/// The glyph name of a Maharajah.
pub(super) const MAHARAJAH: &str = "maharajah";

#[cfg(test)]
mod tests {
    use crate::game::{Notation, Position, Variant};
    use crate::kings::testing::{view, viewed};
    use crate::view::{assert_views_consistent_in_playouts, GameView};
    use crate::Maharajah;

    fn pos(fen: &str) -> Maharajah {
        viewed(fen)
    }

    #[test]
    fn views_of_random_games_are_consistent() {
        assert_views_consistent_in_playouts(&Maharajah::startpos(Variant::Maharajah), 4, 150);
    }

    #[test]
    fn start_view_has_warriors_and_no_points() {
        let view = Maharajah::startpos(Variant::Maharajah).view();
        assert_eq!(view.points, Some([0, 0]));
        let warriors: Vec<_> = view
            .pieces
            .iter()
            .filter(|p| p.kind == "warrior")
            .map(|p| p.letter)
            .collect();
        assert_eq!(warriors, ['W', 'W', 'w', 'w']);
    }

    #[test]
    fn a_transformation_is_a_choice_on_the_pieces_square() {
        let p = pos("4w3/8/8/8/8/8/8/N3W3 w - - 0 1 0+0");
        let transform = view(&p, "e1e1m");
        assert_eq!(
            (
                transform.from.as_deref(),
                transform.to.as_str(),
                transform.lands.as_str()
            ),
            (Some("e1"), "e1", "e1")
        );
        let choice = transform.choice.unwrap();
        assert_eq!(
            (choice.group, choice.label.as_str(), choice.kind),
            ("transformation", "Maharajah", Some("maharajah"))
        );
        // Played, the Warrior is drawn as a Maharajah marked with what it was.
        let after = p.play(p.parse_move("e1e1m").unwrap());
        let maharajah = after.view().pieces.into_iter().find(|p| p.square == "e1").unwrap();
        assert_eq!(
            (maharajah.kind, maharajah.letter, maharajah.badge.as_deref()),
            ("maharajah", 'M', Some("W"))
        );
        // Transforming back names the origin.
        let back = pos("4w3/8/8/8/8/8/8/N3+W3 w - - 0 1 0+0");
        let choice = view(&back, "e1e1w").choice.unwrap();
        assert_eq!((choice.group, choice.kind), ("transformation", Some("warrior")));
    }

    #[test]
    fn checks_points_promotions_and_en_passant() {
        let checked = pos("4r3/8/8/8/8/8/8/N3+W3 w - - 0 1 3+5");
        assert_eq!(checked.view().checks, ["e1"]);
        assert_eq!(checked.view().points, Some([3, 5]));
        let promotion = pos("4w3/1P6/8/8/8/8/8/N3W3 w - - 0 1 0+0");
        let choice = view(&promotion, "b7b8w").choice.unwrap();
        assert_eq!(
            (choice.group, choice.label.as_str(), choice.kind),
            ("promotion", "Warrior", Some("warrior"))
        );
        let ep = pos("4w3/8/8/3pP3/8/8/8/N3W3 w - d6 0 1 0+0");
        assert_eq!(view(&ep, "e5d6").also, ["d5"]);
    }
}
