//! The one-ply greedy player: it plays the move after which its material balance
//! ([`Evaluator::material`]) is best, the static evaluation deciding between equals; a
//! move that wins the game comes before anything, and one that draws counts as level
//! material. A fixed weak opponent for strength measurements: with no look-ahead, it
//! sees no reply.
use super::{Evaluator, Limits, Score, SearchControl, SearchInfo, SearchResult, MATE};
use crate::game::{Game, MoveList, Outcome};
use crate::history::History;
use std::time::Instant;

/// Chooses the greedy move of `history`'s position and reports it as one depth-1
/// line; waits like [`super::search`] under `infinite` and `ponder`.
pub fn greedy<G: Game, E: Evaluator<G>>(
    history: &History<G>,
    evaluator: &E,
    limits: &Limits,
    control: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let started = Instant::now();
    let root = history.position();
    let mover = root.side_to_move();
    let mut moves = MoveList::new();
    if history.result().is_none() {
        root.legal_moves(&mut moves);
        let allowed = &limits.search_moves;
        moves.retain(|mv| allowed.is_empty() || allowed.contains(&root.move_name(*mv)));
    }
    // (material, evaluation) after each move, for the mover.
    let scored = moves.iter().map(|&mv| {
        let mut next = history.clone();
        next.push(mv);
        let key = match next.result() {
            Some(result) if result.outcome == Outcome::Win(mover) => (MATE - 1, 0),
            Some(result) if result.outcome == Outcome::Draw => (0, 0),
            Some(_) => (-(MATE - 1), 0),
            None => (
                -evaluator.material(next.position()),
                -evaluator.evaluate(next.position()),
            ),
        };
        (mv, key)
    });
    // The first of equally good moves, so the choice is reproducible.
    let best = scored.fold(None, |best: Option<(G::Move, (i32, i32))>, (mv, key)| match best {
        Some((_, top)) if top >= key => best,
        _ => Some((mv, key)),
    });
    if let Some((mv, (score, _))) = best {
        report(&SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::from_internal(score),
            bound: None,
            nodes: moves.len() as u64,
            time: started.elapsed(),
            hashfull: 0,
            pv: vec![mv],
        });
    }
    control.hold(limits);
    SearchResult {
        best: best.map(|(mv, _)| mv),
        ponder: None,
        score: best.map_or(0, |(_, (score, _))| score),
        depth: 1,
        nodes: moves.len() as u64,
        lines: best.map(|(mv, (score, _))| (mv, score)).into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Chess;
    use crate::game::Notation;
    use crate::game::Position;
    use crate::game::Variant;
    use crate::types::{Color, Kind, Square};

    /// Material, and an evaluation that only likes a knight on d5: it breaks ties.
    struct Material;

    impl Evaluator<Chess> for Material {
        type QuietOrder = ();

        fn evaluate(&self, pos: &Chess) -> i32 {
            let knight_on_d5 = pos.board().piece_at(Square::parse("d5").unwrap());
            let bonus = if knight_on_d5 == Some((Color::White, Kind::Knight)) {
                50
            } else {
                0
            };
            match pos.side_to_move() {
                Color::White => self.material(pos) + bonus,
                Color::Black => self.material(pos) - bonus,
            }
        }

        fn material(&self, pos: &Chess) -> i32 {
            let us = pos.side_to_move();
            [
                (Kind::Pawn, 100),
                (Kind::Knight, 300),
                (Kind::Rook, 500),
                (Kind::Queen, 900),
            ]
            .iter()
            .map(|&(kind, value)| {
                value * (pos.board().pieces(us, kind).count() as i32 - pos.board().pieces(!us, kind).count() as i32)
            })
            .sum()
        }

        fn tactical_order(&self, _: &Chess, _: crate::chess::ChessMove) -> i32 {
            0
        }
    }

    fn greedy_move(fen: &str) -> (String, i32) {
        let history = History::new(Chess::from_fen(Variant::Chess, fen).unwrap());
        let control = SearchControl::default();
        control.start(false);
        let mut lines = 0;
        let result = greedy(&history, &Material, &Limits::default(), &control, &mut |_| lines += 1);
        assert_eq!(lines, 1);
        let best = result.best.expect("a legal move");
        (history.position().move_name(best), result.score)
    }

    #[test]
    fn takes_the_biggest_piece_even_when_defended() {
        // The knight can take a queen defended by the e6 pawn (d5) or a pawn (b5):
        // greedy takes the queen and is left a knight against two pawns, +100; it does
        // not see exd5.
        let (mv, score) = greedy_move("4k3/8/4p3/1p1q4/8/2N5/8/4K3 w - - 0 1");
        assert_eq!((mv.as_str(), score), ("c3d5", 100));
    }

    #[test]
    fn material_first_then_the_evaluation() {
        // No capture: the evaluation's favourite, Nd5, not the first move generated.
        assert_eq!(
            greedy_move("4k3/7p/8/8/8/2N5/7P/4K3 w - - 0 1"),
            ("c3d5".to_string(), 300)
        );
        // A pawn to take (300 after it, 200 after any other move): material first.
        assert_eq!(
            greedy_move("4k3/7p/8/8/p7/2N5/7P/4K3 w - - 0 1"),
            ("c3a4".to_string(), 300)
        );
    }

    #[test]
    fn plays_mate_in_one_before_material() {
        // Ra8 mates (the g4 rook cannot interpose); Nxg4 wins a rook.
        let (mv, score) = greedy_move("6k1/5ppp/8/8/6r1/4N3/5PPP/R5K1 w - - 0 1");
        assert_eq!((mv.as_str(), score), ("a1a8", MATE - 1));
    }

    #[test]
    fn no_move_when_the_game_is_over() {
        let history = History::new(Chess::from_fen(Variant::Chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap());
        let control = SearchControl::default();
        control.start(false);
        let result = greedy(&history, &Material, &Limits::default(), &control, &mut |_| {
            panic!("no line for a finished game")
        });
        assert_eq!(result.best, None);
    }
}
