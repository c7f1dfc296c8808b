//! Move ordering, apart from the search that uses it: the table's move first, then
//! captures and promotions in the evaluator's order, the killer moves of the ply,
//! quiet moves by their history and what the evaluator reads of them in the position
//! (in chess, whether the man leaves or enters a square a cheaper man attacks), and
//! last the captures that lose the exchange.

use super::{Evaluator, MAX_PLY};
use crate::game::{Game, MoveList};

/// What the search learns about quiet moves as it goes: two killers per ply (quiet
/// moves that refuted a sibling) and a history score per [`SearchHints::history_index`](crate::game::SearchHints::history_index) slot.
pub(super) struct MoveOrdering<M> {
    killers: [[Option<M>; 2]; MAX_PLY],
    quiet_scores: Vec<i32>,
}

impl<M: Copy + Eq> MoveOrdering<M> {
    pub fn new(history_size: usize) -> Self {
        MoveOrdering {
            killers: [[None; 2]; MAX_PLY],
            quiet_scores: vec![0; history_size],
        }
    }

    /// The ordering key of `mv` at `ply`: higher is searched first.
    pub fn score<G: Game<Move = M>, E: Evaluator<G>>(
        &self,
        pos: &G,
        evaluator: &E,
        quiet_order: &E::QuietOrder,
        mv: M,
        tt_code: u32,
        ply: usize,
    ) -> i32 {
        if tt_code != 0 && G::move_code(mv) == tt_code {
            return TABLE_MOVE_KEY;
        }
        if pos.is_tactical(mv) {
            let order = evaluator.tactical_order(pos, mv).clamp(0, (1 << 27) - 1);
            // A capture that loses material in the exchange comes after the quiet moves.
            return if evaluator.exchange_at_least(pos, mv, 0) {
                1 << 28 | order
            } else {
                order - (1 << 28)
            };
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return 1 << 27;
        }
        if killers[1] == Some(mv) {
            return (1 << 27) - 1;
        }
        self.quiet_scores[pos.history_index(mv)] + evaluator.quiet_order(quiet_order, pos, mv)
    }

    /// A quiet move `mv` caused a cut-off after the quiet moves `tried` failed.
    pub fn reward_quiet<G: Game<Move = M>>(&mut self, pos: &G, mv: M, tried: &[M], depth: i32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let bonus = history_bonus(depth);
        self.update_history(pos.history_index(mv), bonus);
        for &other in tried {
            self.update_history(pos.history_index(other), -bonus);
        }
    }

    /// The quiet move in history slot `index` led to a node of `depth` where every
    /// reply failed low: it refuted whatever the opponent tried, as a cut-off would.
    pub fn reward_prior_quiet(&mut self, index: usize, depth: i32) {
        self.update_history(index, history_bonus(depth));
    }

    /// History with gravity: entries stay within +-16384.
    fn update_history(&mut self, index: usize, delta: i32) {
        let h = &mut self.quiet_scores[index];
        *h += delta - *h * delta.abs() / 16384;
    }
}

/// A cut-off's history bonus at `depth`.
fn history_bonus(depth: i32) -> i32 {
    (depth * depth).min(400) * 8
}

/// The ordering key of the table's move: above every other.
const TABLE_MOVE_KEY: i32 = i32::MAX;

/// Whether a tactical move with ordering key `key` holds its own in the exchange on its
/// square, as [`MoveOrdering::score`] found; `None` for the table's move, whose key does
/// not say.
pub(super) fn exchange_holds_by_key(key: i32) -> Option<bool> {
    (key != TABLE_MOVE_KEY).then_some(key >= 0)
}

/// Moves the best-scored remaining move (the first of equals) to `index` and returns it.
#[inline(always)]
pub(super) fn pick_next<M: Copy>(moves: &mut MoveList<M>, scores: &mut [i32], index: usize) -> M {
    // The highest key in one pass the compiler vectorises, then the first move holding
    // it: no unpredictable branch per move.
    let rest = &scores[index..];
    let best_score = rest.iter().copied().max().unwrap_or(i32::MIN);
    let best = index + rest.iter().position(|&s| s == best_score).unwrap_or(0);
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}
