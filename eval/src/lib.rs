#![warn(missing_docs)]
//! One evaluator per game, each implementing [`vorpal_engine::search::Evaluator`]
//! for its game type. Scores are centipawns from the side to move's point of view.

pub mod alice;
pub mod chess;
pub mod chess_net;
pub mod jabberwocky;
pub mod jackswitches;
pub mod kings;
pub mod kpk;
pub mod params;
pub mod superperm;
pub mod trace;

pub use alice::AliceEval;
pub use chess::ChessEval;
pub use jabberwocky::JabberwockyEval;
pub use jackswitches::JackswitchesEval;
pub use kings::{MaharajahEval, TwoKingsEval};
pub use params::{Params, Tunable};
pub use superperm::SuperpermEval;

use vorpal_engine::alice::AliceGame;
use vorpal_engine::search::Evaluator;
use vorpal_engine::{Chess, Color, Game, Jabberwocky, JacksWitches, Kind, Maharajah, Superperm, TwoKings, Variant};

/// The evaluator the engine plays each game with.
pub trait Evaluated: Game {
    /// The evaluator of this game.
    type Eval: Evaluator<Self> + Tunable + Default + Send + Sync + 'static;

    /// The evaluator with the weights of `variant`, one of the games of this type:
    /// those that share a type may each have weights of their own.
    fn evaluator(_variant: Variant) -> Self::Eval {
        Self::Eval::default()
    }

    /// The parts of `evaluator`'s score of `pos` that no weight holds, by name, for
    /// [`trace::trace`].
    fn unweighted_parts(_evaluator: &Self::Eval, _pos: &Self) -> Vec<(&'static str, i32)> {
        Vec::new()
    }
}

impl Evaluated for Chess {
    type Eval = ChessEval;

    fn unweighted_parts(evaluator: &ChessEval, pos: &Chess) -> Vec<(&'static str, i32)> {
        let unscaled = evaluator.unscaled(pos);
        let mut parts = vec![("network", unscaled - evaluator.hand_written(pos))];
        let off = evaluator.evaluate(pos) - unscaled;
        if chess::king_pawn_king(pos).is_some() {
            parts.push(("king and pawn against king, solved", off));
        } else if off != 0 {
            parts.push(("end-game scale", off));
        }
        parts
    }
}

impl<const N: usize> Evaluated for AliceGame<N> {
    type Eval = AliceEval;

    fn evaluator(variant: Variant) -> AliceEval {
        AliceEval::for_variant(variant)
    }
}

impl Evaluated for Jabberwocky {
    type Eval = JabberwockyEval;
}

impl Evaluated for Superperm {
    type Eval = SuperpermEval;
}

impl Evaluated for JacksWitches {
    type Eval = JackswitchesEval;
}

impl Evaluated for Maharajah {
    type Eval = MaharajahEval;
}

impl Evaluated for TwoKings {
    type Eval = TwoKingsEval;
}

/// `us`'s material less the opponent's: `values` by kind times the number of pieces
/// `count` gives for each colour and kind.
fn material_balance(values: &[i32; 6], us: Color, count: impl Fn(Color, Kind) -> u32) -> i32 {
    Kind::ALL
        .iter()
        .map(|&kind| values[kind.index()] * (count(us, kind) as i32 - count(!us, kind) as i32))
        .sum()
}

/// A middle-game and an end-game value, blended by the game phase.
///
/// Both live in one `i64`, the middle game's times 2^32 plus the end game's, so that a
/// sum or a product by a count is one operation for both: the evaluators add and scale
/// these in every term. Each half stays exact while it fits in an `i32`.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
pub struct Tapered(i64);

impl Tapered {
    /// A value of `mg` in the middle game and `eg` in the end game.
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered(((mg as i64) << 32) + eg as i64)
    }

    /// The middle-game value.
    pub const fn mg(self) -> i32 {
        ((self.0 - self.eg() as i64) >> 32) as i32
    }

    /// The end-game value: the low half, whose sign the high half has absorbed.
    pub const fn eg(self) -> i32 {
        self.0 as i32
    }

    /// `phase` runs from 0 (bare kings) to `max_phase` (all pieces on the board).
    pub fn blend(self, phase: i32, max_phase: i32) -> i32 {
        let phase = phase.min(max_phase);
        (self.mg() * phase + self.eg() * (max_phase - phase)) / max_phase
    }
}

impl std::fmt::Debug for Tapered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tapered")
            .field("mg", &self.mg())
            .field("eg", &self.eg())
            .finish()
    }
}

/// [`Tapered::new`], short for the weight tables.
pub(crate) const fn t(mg: i32, eg: i32) -> Tapered {
    Tapered::new(mg, eg)
}

impl std::ops::Add for Tapered {
    type Output = Tapered;
    fn add(self, rhs: Tapered) -> Tapered {
        Tapered(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Tapered {
    fn add_assign(&mut self, rhs: Tapered) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for Tapered {
    type Output = Tapered;
    fn sub(self, rhs: Tapered) -> Tapered {
        Tapered(self.0 - rhs.0)
    }
}

impl std::ops::Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, rhs: i32) -> Tapered {
        Tapered(self.0 * rhs as i64)
    }
}

/// The next number of a xorshift generator: the evaluators' tests' seeded choices.
#[cfg(test)]
fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// The best move's name and the score of a one-thread search of `history` to `depth`,
/// for the evaluators' tests.
#[cfg(test)]
fn best_at_depth<G: Game, E: Evaluator<G>>(
    history: &vorpal_engine::History<G>,
    evaluator: &E,
    depth: u32,
) -> (String, vorpal_engine::search::Score) {
    use vorpal_engine::search::{search, Limits, Score, SearchControl, SearchOptions, TranspositionTable};
    let tt = TranspositionTable::new(8);
    let control = SearchControl::default();
    control.start(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = search(
        history,
        evaluator,
        &limits,
        &SearchOptions::default(),
        &tt,
        &control,
        &mut |_| {},
    );
    let best = result.best.expect("the test position has a move");
    (history.position().move_name(best), Score::from_internal(result.score))
}

#[cfg(test)]
mod tests {
    use super::Tapered;
    use vorpal_engine::search::Evaluator;
    use vorpal_engine::{with_game, Notation, Variant};

    #[test]
    fn material_is_level_at_the_start_and_counts_a_missing_piece() {
        use crate::Tunable;
        for variant in Variant::all() {
            with_game!(variant, G => {
                let evaluator = <G as super::Evaluated>::Eval::default();
                assert_eq!(evaluator.material(&G::startpos(variant)), 0, "{}", variant.name());
            });
        }
        let no_queen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let chess = vorpal_engine::Chess::from_fen(Variant::Chess, no_queen).unwrap();
        assert_eq!(super::ChessEval::default().material(&chess), -950);
        let alice = vorpal_engine::Alice::from_fen(Variant::Alice, no_queen).unwrap();
        assert_eq!(super::AliceEval::default().material(&alice), -950);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b - - 0 1";
        let superperm = vorpal_engine::Superperm::from_fen(Variant::Superpermutation, fen).unwrap();
        assert_eq!(super::SuperpermEval::default().material(&superperm), 950);
        // The tuned games by the weights in force: a King short.
        let fen = "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKK1 w - - 0 1";
        let jabberwocky = vorpal_engine::Jabberwocky::from_fen(Variant::Jabberwocky, fen).unwrap();
        let eval = super::JabberwockyEval::default();
        let king = eval.params().value[vorpal_engine::Kind::King.index()];
        assert_eq!(eval.material(&jabberwocky), -king);
        // A Jack dropped is worth its board value, one in hand its own: Black, with two in
        // hand, against one in hand and one dropped.
        let fen = "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPPJ3PPPP/LCRNBWKBNRCL[Jjj] b - - 1 1";
        let jackswitches = vorpal_engine::JacksWitches::from_fen(Variant::JacksWitches, fen).unwrap();
        let eval = super::JackswitchesEval::default();
        let jack = eval.params().value[vorpal_engine::jackswitches::Kind::Jack.index()];
        assert_eq!(eval.material(&jackswitches), eval.params().jack_in_hand - jack);
    }

    #[test]
    fn weights_round_trip_and_are_read() {
        use crate::{Params, Tunable};
        use vorpal_engine::Position;
        for variant in Variant::all() {
            with_game!(variant, G => {
                let default = <G as super::Evaluated>::Eval::default();
                // Positions of a seeded random game, far enough to have captures.
                let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
                let mut positions = vec![G::startpos(variant)];
                for _ in 0..60 {
                    let moves = positions.last().unwrap().legal_move_list();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[super::xorshift(&mut seed) as usize % moves.len()];
                    positions.push(positions.last().unwrap().play(mv));
                }
                let values = default.params().values();
                let mut params = default.params().clone();
                params.set_values(&values).unwrap();
                let copy = <G as super::Evaluated>::Eval::with_params(params.clone());
                assert_eq!(copy.params().values(), values, "{}", variant.name());
                for pos in &positions {
                    assert_eq!(copy.evaluate(pos), default.evaluate(pos), "{} {}", variant.name(), pos.fen());
                }
                // The last weight is the tempo in every evaluator: the evaluation reads it.
                let names = params.names();
                assert_eq!(names.last().map(String::as_str), Some("tempo"), "{}", variant.name());
                let mut more_tempo = values.clone();
                *more_tempo.last_mut().unwrap() += 5;
                params.set_values(&more_tempo).unwrap();
                let start = &positions[0];
                let shifted = <G as super::Evaluated>::Eval::with_params(params.clone()).evaluate(start);
                assert_eq!(shifted, default.evaluate(start) + 5, "{}", variant.name());
                assert!(params.source().ends_with(&format!("    tempo: {},\n}}", more_tempo.last().unwrap())));
            });
        }
    }

    #[test]
    fn blend_moves_from_end_game_to_middle_game() {
        let t = Tapered::new(100, 20);
        assert_eq!(t.blend(24, 24), 100);
        assert_eq!(t.blend(0, 24), 20);
        assert_eq!(t.blend(12, 24), 60);
        assert_eq!(t.blend(99, 24), 100);
    }

    #[test]
    fn both_halves_stay_exact_through_sums_and_products_of_any_signs() {
        let values = [0, 1, -1, 7, -300, 12_345, -54_321, 1 << 20, -(1 << 20)];
        let mut seed = 0x5eed_u64;
        for _ in 0..2_000 {
            let mut pick = || values[(super::xorshift(&mut seed) % values.len() as u64) as usize];
            let (a, b, c, d, k) = (pick(), pick(), pick(), pick(), pick() % 64);
            let (x, y) = (Tapered::new(a, b), Tapered::new(c, d));
            assert_eq!((x.mg(), x.eg()), (a, b));
            assert_eq!(x + y, Tapered::new(a + c, b + d));
            assert_eq!(x - y, Tapered::new(a - c, b - d));
            assert_eq!(x * k, Tapered::new(a * k, b * k));
            let mut sum = x;
            sum += y;
            assert_eq!((sum.mg(), sum.eg()), (a + c, b + d));
        }
    }
}
