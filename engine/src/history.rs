//! A game as played: the start position, the moves, and the draws that need the past
//! (repetition and the fifty-move rule).
use crate::game::{EndReason, Game, GameResult, MoveError};

/// A game record: the start, the moves and every position reached, for repetition, the fifty-move rule and takebacks.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> History<G> {
    /// A record starting at `start`.
    pub fn new(start: G) -> History<G> {
        History {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a history always holds its start position")
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The position after the first `ply` moves (`None` past the last).
    pub fn position_at(&self, ply: usize) -> Option<&G> {
        self.positions.get(ply)
    }

    /// Takes back every move after the first `plies`.
    pub fn truncate(&mut self, plies: usize) {
        self.moves.truncate(plies);
        self.positions.truncate(plies + 1);
    }

    /// Hashes of the positions before the current one, oldest first.
    pub(crate) fn previous_hashes(&self) -> impl DoubleEndedIterator<Item = u64> + '_ {
        self.positions[..self.positions.len() - 1].iter().map(G::hash)
    }

    /// Plays a legal move.
    pub fn push(&mut self, mv: G::Move) {
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Parses and plays a move in protocol notation; on error nothing changes. No move
    /// is accepted once the game is over, by the board or by a draw rule.
    pub fn push_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        if self.result().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.position().parse_move(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// How often the current position has occurred, itself included.
    pub(crate) fn repetitions(&self) -> usize {
        let current = self.position();
        let window = current.halfmove_clock() as usize;
        let hash = current.hash();
        1 + self.positions[..self.positions.len() - 1]
            .iter()
            .rev()
            .take(window)
            .filter(|p| p.hash() == hash)
            .count()
    }

    /// The result of the game, if it is over: the board's own verdict first, then the
    /// fifty-move rule, then threefold repetition.
    pub fn result(&self) -> Option<GameResult> {
        let pos = self.position();
        if let Some(result) = pos.board_result() {
            return Some(result);
        }
        if pos.halfmove_clock() >= 100 {
            return Some(pos.rule_draw_result(EndReason::FiftyMoves));
        }
        (self.repetitions() >= 3).then(|| pos.rule_draw_result(EndReason::Repetition))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::{Chess, Variant};

    #[test]
    fn truncating_takes_moves_back() {
        let mut history = History::new(Chess::startpos(Variant::Chess));
        for text in ["e2e4", "e7e5", "g1f3"] {
            history.push_text(text).unwrap();
        }
        let after_one = history.position_at(1).unwrap().fen();
        history.truncate(1);
        assert_eq!(history.moves().len(), 1);
        assert_eq!(history.position().fen(), after_one);
        assert!(history.position_at(2).is_none());
        history.truncate(5);
        assert_eq!(history.moves().len(), 1, "truncating past the end changes nothing");
    }
}
