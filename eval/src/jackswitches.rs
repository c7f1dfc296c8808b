//! The Jacks and Witches evaluator: material (Jacks in hand included), the pieces a
//! Witch holds frozen (an immobilized piece is worth much less while it stays so),
//! pawns by how far they have come, pieces by how central they stand on the broken
//! board, and a Jack's reach (nothing while its eye is shut).

use crate::params::params;
use vorpal_engine::jackswitches::board::{king_attacks, SQUARES};
use vorpal_engine::jackswitches::Kind;
use vorpal_engine::search::Evaluator;
use vorpal_engine::PackedMove;
use vorpal_engine::{Color, JacksWitches, JwMove, Position, SearchHints, WideBitboard, WideSquare};

/// Share of a piece's value lost while a Witch holds it (not tuned: a divisor).
const FROZEN_DIVISOR: i32 = 3;

/// The weights in force: every weight tuned on self-play data.
// Tuned by `vorpal tune --variant jackswitches --data jackswitches-5000.txt --iterations
// 60 --step 16` (56 passes, until no step helped) on 138875 positions, 15430 more held
// out (K 0.002214), from `vorpal selfplay --variant jackswitches --games 2500 --nodes
// 5000 --seed 1 --random-plies 8 --skip-plies 8`. Error before 0.150352, after
// 0.126728; held out 0.152198, 0.134000. The hand-set weights they replace are in the
// history. The Witch, who freezes what stands next to her, weighs more than two Rooks;
// a Jack, whose eye is mostly shut, less than a Pawn.
const TUNED: JackswitchesParams = JackswitchesParams {
    value: [59, 212, 176, 444, 168, 248, 261, 44, 1077, 0],
    jack_in_hand: 80,
    frozen_king: 331,
    pawn_advance: 15,
    centre: 4,
    king_room: -14,
    tempo: -3,
};

params! {
    /// The weights of the Jacks and Witches evaluator.
    pub struct JackswitchesParams for JackswitchesEval = TUNED;
    {
        /// Value of a piece by kind (index: Kind): Pawn, Knight, Bishop, Rook, Lion,
        /// Can(n)on in either mode, Jack, Witch, King; also the captures' order.
        value: [i32; 10],
        /// A Jack in hand: it can go to any of four squares at once.
        jack_in_hand: i32,
        /// A King next to an enemy Witch cannot flee a check.
        frozen_king: i32,
        /// Per rank a pawn has come.
        pawn_advance: i32,
        /// Per step nearer the middle files for the short-range pieces.
        centre: i32,
        /// Per square around the King not held by its own men.
        king_room: i32,
        /// For the side to move.
        tempo: i32,
    }
}

/// The Jacks and Witches evaluator.
#[derive(Clone, Debug)]
pub struct JackswitchesEval {
    params: JackswitchesParams,
}

/// Steps from the board's edge files (0 on a and l, 5 on f and g).
fn centrality(sq: WideSquare) -> i32 {
    let file = sq.file() as i32;
    file.min(11 - file)
}

impl JackswitchesEval {
    fn side(&self, pos: &JacksWitches, us: Color) -> i32 {
        let p = &self.params;
        let board = pos.board();
        let ours = board.by_color(us);
        let mut score = p.jack_in_hand * pos.hand(us) as i32;
        // By kind, not by square: a popcount per kind is cheaper than a lookup per man.
        for kind in Kind::ALL {
            score += p.value[kind.index()] * board.pieces(us, kind).count() as i32;
        }
        for sq in pos.immobilized(us) & ours {
            let (_, kind) = pos.piece_at(sq).expect("a square of ours holds a piece");
            score -= if kind == Kind::King {
                p.frozen_king
            } else {
                p.value[kind.index()] / FROZEN_DIVISOR
            };
        }
        for sq in board.pieces(us, Kind::Pawn) {
            score += p.pawn_advance * sq.relative_rank(us) as i32;
        }
        let short_range = [Kind::Knight, Kind::Lion, Kind::Jack, Kind::Witch];
        for sq in short_range
            .into_iter()
            .fold(WideBitboard::EMPTY, |set, kind| set | board.pieces(us, kind))
        {
            score += p.centre * centrality(sq);
        }
        // Room around the King: squares it could stand on, not held by its own men.
        let room = king_attacks(pos.king(us)) & SQUARES & !ours;
        score + p.king_room * room.count() as i32
    }
}

impl Evaluator<JacksWitches> for JackswitchesEval {
    type QuietOrder = ();

    fn evaluate(&self, pos: &JacksWitches) -> i32 {
        let us = pos.side_to_move();
        self.side(pos, us) - self.side(pos, !us) + self.params.tempo
    }

    fn tactical_order(&self, pos: &JacksWitches, mv: JwMove) -> i32 {
        let value = &self.params.value;
        let victim = if pos.is_capture(mv) {
            pos.piece_at(mv.to())
                .map_or(value[Kind::Pawn.index()], |(_, k)| value[k.index()])
        } else {
            0
        };
        let promotion = match (pos.piece_at(mv.from()), mv.becomes()) {
            (Some((_, Kind::Pawn)), Some(kind)) => value[kind.index()],
            _ => 0,
        };
        victim + promotion
    }

    fn material(&self, pos: &JacksWitches) -> i32 {
        let side = |us: Color| {
            let on_board: i32 = pos
                .board()
                .by_color(us)
                .into_iter()
                .filter_map(|sq| pos.piece_at(sq))
                .map(|(_, kind)| self.params.value[kind.index()])
                .sum();
            on_board + self.params.jack_in_hand * pos.hand(us) as i32
        };
        let us = pos.side_to_move();
        side(us) - side(!us)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::search::Score;
    use vorpal_engine::Notation;
    use vorpal_engine::{History, Variant};

    fn pos(fen: &str) -> JacksWitches {
        JacksWitches::from_fen(Variant::JacksWitches, fen).unwrap()
    }

    fn best(fen: &str, depth: u32) -> (String, Score) {
        crate::best_at_depth(&History::new(pos(fen)), &JackswitchesEval::default(), depth)
    }

    #[test]
    fn start_is_level_and_material_counts() {
        let start = JacksWitches::startpos(Variant::JacksWitches);
        let eval = JackswitchesEval::default();
        assert_eq!(eval.evaluate(&start), eval.params.tempo);
        // White without its Witch.
        let no_witch = "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNB1KBNRCL[JJjj] b - - 0 1";
        assert!(JackswitchesEval::default().evaluate(&pos(no_witch)) > 300);
    }

    #[test]
    fn a_frozen_piece_is_worth_less() {
        // The white Rook on b4 next to the black Witch on c5, or away from it on b2.
        let frozen = pos("k11/12/5**5/2w1****4/1R2****4/5**5/12/6K5[] w - - 0 1");
        let free = pos("k11/12/5**5/2w1****4/4****4/5**5/1R10/6K5[] w - - 0 1");
        assert!(JackswitchesEval::default().evaluate(&free) > JackswitchesEval::default().evaluate(&frozen) + 100);
    }

    #[test]
    fn finds_a_rook_mate_in_one() {
        // Ka8 boxed in by Kb6: Rd1-d8 is mate (the d-file has no hole).
        assert_eq!(
            best("k11/12/1K3**5/4****4/4****4/5**5/12/3R8[] w - - 0 1", 3),
            ("d1d8".into(), Score::Mate(1))
        );
    }

    #[test]
    fn finds_a_mate_by_immobilization() {
        // Witch c8-b7 uncovers Re8's check and freezes Ka8 and Nb6: mate.
        let fen = "k1W1R7/12/1n3**5/4****4/4****4/5**5/12/6K5[] w - - 0 1";
        let (mv, score) = best(fen, 3);
        assert_eq!(score, Score::Mate(1));
        let mated = pos(fen).play(pos(fen).parse_move(&mv).unwrap());
        assert!(mated.in_check() && mated.count_legal_moves() == 0, "{mv}");
    }

    #[test]
    fn finds_a_mate_in_two_around_a_hole() {
        // The Rook on e1 cannot reach e8 (e4 is removed): Re1-d1 first, then Rd1-d8.
        let (_, score) = best("k11/12/1K3**5/4****4/4****4/5**5/12/4R7[] w - - 0 1", 4);
        assert_eq!(score, Score::Mate(2));
    }
}
