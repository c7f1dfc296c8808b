//! A position's static evaluation taken apart, for a person asking why the engine
//! likes a position (`eval` in the protocol, `vorpal eval`). It reads the evaluator
//! from outside, through its weights, so every game has it and the evaluation the
//! search runs stays as it is.

use crate::{Evaluated, Params, Tunable};
use std::ops::Range;
use vorpal_engine::search::Evaluator;
use vorpal_engine::Variant;

/// One part of an evaluation, in centipawns for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    /// The weights' field in the evaluator's source (`material`, `passed`...), or the
    /// name of a part outside the weights (`network`).
    pub name: String,
    /// What the part adds.
    pub centipawns: i32,
}

/// A static evaluation and its parts, in centipawns for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The evaluation the search starts from.
    pub total: i32,
    /// Per field of the evaluator's weights, the evaluation less the evaluation with
    /// every weight of that field at zero, largest first; fields that add nothing here
    /// are left out. Terms that multiply one another (chess's king danger grows with
    /// the square of its attackers) are not additive, so the shares need not sum to
    /// the total.
    pub weights: Vec<Share>,
    /// Parts that no weight holds, such as chess's network.
    pub unweighted: Vec<Share>,
}

/// The evaluation of `pos` with the weights `variant` plays with, taken apart.
pub fn trace<G: Evaluated>(variant: Variant, pos: &G) -> Trace {
    let evaluator = G::evaluator(variant);
    let total = evaluator.evaluate(pos);
    let params = evaluator.params();
    // A field's weights come one after another in visit order.
    let mut fields: Vec<(String, Range<usize>)> = Vec::new();
    for (index, name) in params.names().iter().enumerate() {
        let field = field_of(name);
        match fields.last_mut() {
            Some((last, weights)) if last == field => weights.end = index + 1,
            _ => fields.push((field.to_string(), index..index + 1)),
        }
    }
    let mut weights: Vec<Share> = fields
        .into_iter()
        .map(|(field, weights)| {
            let mut without = params.clone();
            let mut index = 0;
            without.visit(&mut |_, value| {
                if weights.contains(&index) {
                    *value = 0;
                }
                index += 1;
            });
            let centipawns = total - G::Eval::with_params(without).evaluate(pos);
            Share {
                name: field,
                centipawns,
            }
        })
        .filter(|share| share.centipawns != 0)
        .collect();
    weights.sort_by_key(|share| std::cmp::Reverse(share.centipawns.abs()));
    let unweighted = G::unweighted_parts(&evaluator, pos)
        .into_iter()
        .map(|(name, centipawns)| Share {
            name: name.to_string(),
            centipawns,
        })
        .collect();
    Trace {
        total,
        weights,
        unweighted,
    }
}

/// The field a weight's name belongs to: `passed` of `passed[3].mg`.
fn field_of(name: &str) -> &str {
    name.split(['[', '.']).next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::{Chess, Notation};

    fn chess_trace(fen: &str) -> Trace {
        trace(Variant::Chess, &Chess::from_fen(Variant::Chess, fen).unwrap())
    }

    fn share(trace: &Trace, name: &str) -> i32 {
        trace
            .weights
            .iter()
            .chain(&trace.unweighted)
            .find(|share| share.name == name)
            .map_or(0, |share| share.centipawns)
    }

    #[test]
    fn the_total_is_the_evaluation_the_search_uses() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
        assert_eq!(chess_trace(fen).total, crate::ChessEval::default().evaluate(&pos));
    }

    #[test]
    fn a_piece_more_shows_in_material_for_the_side_to_move() {
        // White has an extra knight; the same position with either side to move.
        let white = chess_trace("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1");
        let black = chess_trace("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1");
        assert!(share(&white, "material") > 100, "{white:?}");
        assert_eq!(share(&black, "material"), -share(&white, "material"));
    }

    #[test]
    fn fields_that_add_nothing_are_left_out_and_the_largest_come_first() {
        // Symmetric material: the piece values cancel out.
        let trace = chess_trace("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert!(trace.weights.iter().all(|share| share.centipawns != 0));
        assert_eq!(share(&trace, "material"), 0);
        assert!(trace
            .weights
            .windows(2)
            .all(|pair| pair[0].centipawns.abs() >= pair[1].centipawns.abs()));
        assert!(!trace.weights.is_empty());
    }

    #[test]
    fn chess_names_its_network_and_it_completes_the_hand_written_score() {
        let fen = "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 6 11";
        let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
        let trace = chess_trace(fen);
        let hand_written = crate::ChessEval::default().hand_written(&pos);
        assert_eq!(trace.unweighted.len(), 1);
        assert_eq!(trace.unweighted[0].name, "network");
        assert_eq!(hand_written + trace.unweighted[0].centipawns, trace.total);
    }

    #[test]
    fn a_scaled_ending_names_what_the_scale_takes_off() {
        // A bishop that does not control the rook pawn's promotion square: scaled to 0.
        let fen = "6k1/8/7P/8/7K/3B4/8/8 w - - 0 1";
        let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
        let trace = chess_trace(fen);
        let evaluator = crate::ChessEval::default();
        let names: Vec<_> = trace.unweighted.iter().map(|part| part.name.as_str()).collect();
        assert_eq!(names, ["network", "end-game scale"]);
        assert_eq!(trace.total, 0);
        assert_eq!(trace.unweighted[1].centipawns, -evaluator.unscaled(&pos));
        let parts: i32 = trace.unweighted.iter().map(|part| part.centipawns).sum();
        assert_eq!(evaluator.hand_written(&pos) + parts, trace.total);
    }

    #[test]
    fn a_solved_king_and_pawn_ending_names_the_table() {
        // Drawn by the opposition: the table takes the whole hand-written score off.
        let fen = "8/8/4k3/8/8/4K3/4P3/8 b - - 0 1";
        let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
        let trace = chess_trace(fen);
        let names: Vec<_> = trace.unweighted.iter().map(|part| part.name.as_str()).collect();
        assert_eq!(names, ["network", "king and pawn against king, solved"]);
        assert_eq!(trace.total, 0);
        let parts: i32 = trace.unweighted.iter().map(|part| part.centipawns).sum();
        assert_eq!(crate::ChessEval::default().hand_written(&pos) + parts, trace.total);
    }

    #[test]
    fn a_weight_name_belongs_to_its_field() {
        assert_eq!(field_of("passed[3].mg"), "passed");
        assert_eq!(field_of("tempo.eg"), "tempo");
        assert_eq!(field_of("bishop_pair"), "bishop_pair");
    }
}
