//! The evaluators of "It's not a job for King": material by piece type, the chess
//! piece-square tables for the chess pieces, and mobility of the strong pieces. Game I
//! adds the captured points (they decide repetition and the move counter) and the
//! danger of a Maharajah standing next to enemy pieces; Game II values each King as a
//! piece (losing all of them loses) and a lone King's exposure.

use crate::chess::{MAX_PHASE, TABLES};
use crate::Tapered;
use vorpal_engine::attacks::king_attacks;
use vorpal_engine::board::PieceKind;
use vorpal_engine::kings::maharajah::{self, MAHARAJAH};
use vorpal_engine::kings::twokings;
use vorpal_engine::kings::KingsKind;
use vorpal_engine::search::Evaluator;
use vorpal_engine::PackedMove;
use vorpal_engine::{Bitboard, Color, Kind, KingsMove, Maharajah, Position, SearchHints, Square, TwoKings};

const TEMPO: i32 = 10;
/// Per square a long-range piece reaches.
const MOBILITY: i32 = 3;

/// The piece-square entry of a chess role for `color` on `sq`.
fn table(role: Kind, color: Color, sq: Square) -> Tapered {
    let relative = if color == Color::White { sq } else { sq.flip_rank() };
    TABLES[role.index()][relative.index()]
}

/// Game I values by origin type: Pawn, Knight, Bishop, Rook, Warrior.
const MAHARAJAH_VALUE: [i32; 5] = [100, 310, 330, 500, 320];
/// Every Maharajah beyond the first is one more royal piece to keep safe (its reach
/// is counted as mobility).
const EXTRA_MAHARAJAH: i32 = 60;
/// A Maharajah with enemy pieces next to it can be chased and forked.
const MAHARAJAH_CROWDED: i32 = 25;
/// Captured points: ten centipawns a point (they decide the undecided games).
const POINT: i32 = 10;

/// The evaluator of Game I.
#[derive(Copy, Clone, Debug, Default)]
pub struct MaharajahEval;

impl MaharajahEval {
    fn side(&self, pos: &Maharajah, us: Color) -> i32 {
        let occupied = pos.occupied();
        let ours = pos.by_color(us);
        let mut score = Tapered::default();
        for &kind in maharajah::Kind::ALL {
            let role = match kind {
                maharajah::Kind::Pawn => Kind::Pawn,
                maharajah::Kind::Knight | maharajah::Kind::Warrior => Kind::Knight,
                maharajah::Kind::Bishop => Kind::Bishop,
                maharajah::Kind::Rook => Kind::Rook,
            };
            for sq in pos.pieces(us, kind) {
                let value = MAHARAJAH_VALUE[kind.index()];
                score += Tapered::new(value, value) + table(role, us, sq);
            }
        }
        let mut total = score.blend(phase(pos.occupied().count() as i32), MAX_PHASE);
        let maharajahs = pos.maharajahs(us);
        total -= EXTRA_MAHARAJAH * (maharajahs.count() as i32 - 1).max(0);
        for sq in maharajahs {
            let reach = MAHARAJAH.reach(sq, occupied) & !ours;
            total += MOBILITY * reach.count() as i32;
            total -= MAHARAJAH_CROWDED * (king_attacks(sq) & pos.by_color(!us)).count() as i32;
        }
        for kind in [maharajah::Kind::Bishop, maharajah::Kind::Rook] {
            for sq in pos.pieces(us, kind) & !pos.maharajahs(us) {
                total += MOBILITY * (kind.movement().reach(sq, occupied) & !ours).count() as i32;
            }
        }
        total + POINT * pos.points(us) as i32
    }
}

/// The game phase from the number of men on the board (32 at the start).
fn phase(men: i32) -> i32 {
    ((men - 2).max(0) * MAX_PHASE / 30).min(MAX_PHASE)
}

impl Evaluator<Maharajah> for MaharajahEval {
    fn evaluate(&self, pos: &Maharajah) -> i32 {
        let us = pos.side_to_move();
        self.side(pos, us) - self.side(pos, !us) + TEMPO
    }

    fn tactical_order(&self, pos: &Maharajah, mv: KingsMove) -> i32 {
        let victim = if pos.is_capture(mv) {
            pos.kind_at(mv.to()).map_or(100, |k| MAHARAJAH_VALUE[k.index()])
        } else {
            0
        };
        let promotion = mv
            .promotion()
            .and_then(maharajah::Kind::from_char)
            .map_or(0, |k| MAHARAJAH_VALUE[k.index()]);
        victim + promotion
    }

    fn material(&self, pos: &Maharajah) -> i32 {
        let us = pos.side_to_move();
        maharajah::Kind::ALL
            .iter()
            .map(|&kind| {
                let count = |color| pos.pieces(color, kind).count() as i32;
                MAHARAJAH_VALUE[kind.index()] * (count(us) - count(!us))
            })
            .sum()
    }
}

/// Game II values: Pawn, Knight, Bishop, Rook, Queen, King, Marshal, Cardinal.
const TWOKINGS_VALUE: [i32; 8] = [100, 310, 330, 500, 950, 400, 880, 820];
/// A side down to one King can be mated; with several it cannot lose one at a time.
const LONE_KING: i32 = 250;
/// Per attacked square around a lone King.
const LONE_KING_ATTACK: i32 = 15;

/// The evaluator of Game II.
#[derive(Copy, Clone, Debug, Default)]
pub struct TwoKingsEval;

impl TwoKingsEval {
    fn side(&self, pos: &TwoKings, us: Color) -> i32 {
        let occupied = pos.occupied();
        let ours = pos.by_color(us);
        let mut score = Tapered::default();
        let mut mobility = 0;
        for &kind in twokings::Kind::ALL {
            let role = match kind {
                twokings::Kind::Pawn => Kind::Pawn,
                twokings::Kind::Knight => Kind::Knight,
                twokings::Kind::Bishop => Kind::Bishop,
                twokings::Kind::Rook => Kind::Rook,
                twokings::Kind::King => Kind::King,
                _ => Kind::Queen,
            };
            for sq in pos.pieces(us, kind) {
                let value = TWOKINGS_VALUE[kind.index()];
                score += Tapered::new(value, value) + table(role, us, sq);
                if kind != twokings::Kind::King && kind != twokings::Kind::Pawn {
                    mobility += (kind.movement().reach(sq, occupied) & !ours).count() as i32;
                }
            }
        }
        let mut total = score.blend(phase(occupied.count() as i32), MAX_PHASE) + MOBILITY * mobility;
        let kings = pos.kings(us);
        if !kings.has_many() {
            total -= LONE_KING;
            for king in kings {
                let zone: Bitboard = king_attacks(king) & !ours;
                let attacked = zone.into_iter().filter(|&sq| pos.attacked(sq, !us)).count() as i32;
                total -= LONE_KING_ATTACK * attacked;
            }
        }
        total
    }
}

impl Evaluator<TwoKings> for TwoKingsEval {
    fn evaluate(&self, pos: &TwoKings) -> i32 {
        let us = pos.side_to_move();
        self.side(pos, us) - self.side(pos, !us) + TEMPO
    }

    fn tactical_order(&self, pos: &TwoKings, mv: KingsMove) -> i32 {
        let victim = if pos.is_capture(mv) {
            pos.kind_at(mv.to()).map_or(100, |k| TWOKINGS_VALUE[k.index()])
        } else {
            0
        };
        let promotion = mv
            .promotion()
            .and_then(twokings::Kind::from_char)
            .map_or(0, |k| TWOKINGS_VALUE[k.index()]);
        victim + promotion
    }

    fn material(&self, pos: &TwoKings) -> i32 {
        let us = pos.side_to_move();
        twokings::Kind::ALL
            .iter()
            .map(|&kind| {
                let count = |color| pos.pieces(color, kind).count() as i32;
                TWOKINGS_VALUE[kind.index()] * (count(us) - count(!us))
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::search::Score;
    use vorpal_engine::Notation;
    use vorpal_engine::{History, Variant};

    #[test]
    fn starts_are_level_and_material_counts() {
        assert_eq!(MaharajahEval.evaluate(&Maharajah::startpos(Variant::Maharajah)), TEMPO);
        assert_eq!(TwoKingsEval.evaluate(&TwoKings::startpos(Variant::TwoKings)), TEMPO);
        assert_eq!(TwoKingsEval.evaluate(&TwoKings::startpos(Variant::TwoKings4)), TEMPO);
        let rook_up = Maharajah::from_fen(
            Variant::Maharajah,
            "1nbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1 5+0",
        )
        .unwrap();
        assert!(MaharajahEval.evaluate(&rook_up) > 400);
        // A side down to one King is worse off than its material says.
        let one_king = TwoKings::from_fen(Variant::TwoKings, "3kk3/8/8/8/8/8/8/3KQ3 w - - 0 1 -").unwrap();
        assert!(TwoKingsEval.evaluate(&one_king) < 950 - 400);
    }

    #[test]
    fn material_counts_pieces_by_type_for_the_side_to_move() {
        let rook_up = Maharajah::from_fen(
            Variant::Maharajah,
            "1nbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR b - - 0 1 5+0",
        )
        .unwrap();
        assert_eq!(MaharajahEval.material(&rook_up), -500);
        // A Maharajah counts as the piece it came from.
        let maharajah = Maharajah::from_fen(Variant::Maharajah, "4w3/8/8/8/8/8/8/3W+R3 w - - 0 1 0+0").unwrap();
        assert_eq!(MaharajahEval.material(&maharajah), 500);
        let one_king = TwoKings::from_fen(Variant::TwoKings, "3kk3/8/8/8/8/8/8/3KQ3 w - - 0 1 -").unwrap();
        assert_eq!(TwoKingsEval.material(&one_king), 950 - 400);
    }

    #[test]
    fn maharajah_search_finds_the_mate_of_a_boxed_maharajah() {
        // Nd3-f2 checks the h1 Maharajah, boxed in by its own men; e3 guards f2 and h4
        // covers g3.
        let pos = Maharajah::from_fen(Variant::Maharajah, "4w3/8/8/8/7p/3np3/6PP/6N+W b - - 0 1 0+0").unwrap();
        let (best, score) = crate::best_at_depth(&History::new(pos), &MaharajahEval, 3);
        assert_eq!((best.as_str(), score), ("d3f2", Score::Mate(1)));
    }

    #[test]
    fn twokings_search_finds_the_mate_of_both_kings() {
        // Re6-h6 attacks h1 while a8 holds a1; b7 and g7 close the b- and g-files.
        let pos = TwoKings::from_fen(Variant::TwoKings, "r2k4/1r4r1/4r3/8/8/8/8/K6K b - - 0 1 -").unwrap();
        let (_, score) = crate::best_at_depth(&History::new(pos), &TwoKingsEval, 3);
        assert_eq!(score, Score::Mate(1));
    }
}
