//! Tests of the GUI's view of Game II, which the shared view of the kings games draws
//! from the game's rules: Kings and compounds with their wait counters, Chess960
//! castling, transformations as a choice.

#[cfg(test)]
mod tests {
    use crate::game::{Notation, Position, Variant};
    use crate::kings::testing::{view, viewed};
    use crate::view::{assert_views_consistent_in_playouts, GameView};
    use crate::TwoKings;

    fn pos(fen: &str) -> TwoKings {
        viewed(fen)
    }

    fn badge(position: &TwoKings, square: &str) -> Option<String> {
        let piece = position.view().pieces.into_iter().find(|p| p.square == square).unwrap();
        piece.badge
    }

    #[test]
    fn views_of_random_games_are_consistent() {
        assert_views_consistent_in_playouts(&TwoKings::startpos(Variant::TwoKings), 4, 150);
        assert_views_consistent_in_playouts(&TwoKings::startpos(Variant::TwoKings4), 4, 150);
    }

    #[test]
    fn start_view_shows_the_waits() {
        let start = TwoKings::startpos(Variant::TwoKings);
        assert_eq!(badge(&start, "d1").as_deref(), Some("3"));
        assert_eq!(badge(&start, "a1"), None);
        let four = TwoKings::startpos(Variant::TwoKings4).view();
        assert_eq!(four.pieces.iter().filter(|p| p.kind == "king").count(), 8);
    }

    #[test]
    fn a_transformation_shows_its_piece_and_starts_a_wait() {
        let p = pos("4k3/8/8/8/8/8/8/K3K3 w - - 0 1 -");
        let marshal = view(&p, "e1e1m");
        assert_eq!((marshal.from.as_deref(), marshal.to.as_str()), (Some("e1"), "e1"));
        let choice = marshal.choice.unwrap();
        assert_eq!(
            (choice.group, choice.label.as_str(), choice.kind),
            ("transformation", "Marshal", Some("marshal"))
        );
        assert_eq!(view(&p, "e1e1c").choice.unwrap().kind, Some("cardinal"));
        let after = p.play(p.parse_move("e1e1m").unwrap());
        let piece = after.view().pieces.into_iter().find(|p| p.square == "e1").unwrap();
        assert_eq!(
            (piece.kind, piece.letter, piece.badge.as_deref()),
            ("marshal", 'M', Some("3"))
        );
        // The wait counts down with the mover's turns.
        let later = after.play(after.parse_move("e8d8").unwrap());
        let later = later.play(later.parse_move("a1a2").unwrap());
        assert_eq!(badge(&later, "e1").as_deref(), Some("2"));
    }

    #[test]
    fn castling_is_clicked_on_the_rook_and_names_its_squares() {
        let p = pos("r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 -");
        let long = view(&p, "d1a1");
        assert_eq!((long.to.as_str(), long.lands.as_str()), ("a1", "c1"));
        assert_eq!(long.also, ["a1", "d1"]);
        // The King's own step to c1 stays a separate move.
        assert_eq!(view(&p, "d1c1").lands, "c1");
        let short = view(&p, "d1h1");
        assert_eq!(
            (short.to.as_str(), short.lands.as_str(), short.also.clone()),
            ("h1", "g1", vec!["h1".to_string(), "f1".to_string()])
        );
    }

    #[test]
    fn checks_promotions_and_en_passant() {
        // Only the attacked King of the two is marked.
        let p = pos("3rk3/8/8/8/8/8/8/3KK3 w - - 0 1 -");
        assert_eq!(p.view().checks, ["d1"]);
        let promotion = pos("4k3/1P6/8/8/8/8/8/3KK3 w - - 0 1 -");
        let choice = view(&promotion, "b7b8c").choice.unwrap();
        assert_eq!((choice.group, choice.label.as_str()), ("promotion", "Cardinal"));
        let ep = pos("4k3/8/8/3pP3/8/8/8/3KK3 w - d6 0 1 -");
        assert_eq!(view(&ep, "e5d6").also, ["d5"]);
    }
}
