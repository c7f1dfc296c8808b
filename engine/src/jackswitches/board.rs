//! The geometry of the Jacks and Witches board: 12x8 with twelve removed squares and
//! four teleporters. Leaper tables and slider rays are computed in `const`; a ray ends
//! before the board edge or a removed square, so holes stop sliders and Can(n)on lines
//! while leapers jump them (they only never land on one).

use crate::bitboard::WideBitboard;
use crate::types::{Color, WideSquare};

const fn bit(file: u8, rank: u8) -> u128 {
    1 << (rank as u32 * 12 + file as u32)
}

/// The removed squares: f3 g3 e4 f4 g4 h4 e5 f5 g5 h5 f6 g6.
pub(crate) const HOLES: WideBitboard = WideBitboard(
    bit(5, 2)
        | bit(6, 2)
        | bit(4, 3)
        | bit(5, 3)
        | bit(6, 3)
        | bit(7, 3)
        | bit(4, 4)
        | bit(5, 4)
        | bit(6, 4)
        | bit(7, 4)
        | bit(5, 5)
        | bit(6, 5),
);

/// The 84 squares of the board.
pub const SQUARES: WideBitboard = WideBitboard(((1u128 << 96) - 1) & !HOLES.0);

/// The teleporters: e3, h3, e6, h6.
pub(crate) const TELEPORTERS: WideBitboard = WideBitboard(bit(4, 2) | bit(7, 2) | bit(4, 5) | bit(7, 5));

/// Where `color` drops its Jacks: e2-h2 for White, e7-h7 for Black.
#[inline(always)]
pub(crate) const fn drop_squares(color: Color) -> WideBitboard {
    match color {
        Color::White => WideBitboard(bit(4, 1) | bit(5, 1) | bit(6, 1) | bit(7, 1)),
        Color::Black => WideBitboard(bit(4, 6) | bit(5, 6) | bit(6, 6) | bit(7, 6)),
    }
}

/// `color`'s last rank, where its pawns promote.
#[inline(always)]
pub(crate) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// A Jack's eye: the mirror square on the same rank (a-l, b-k, ..., f-g).
#[inline(always)]
pub(crate) const fn mirror(sq: WideSquare) -> WideSquare {
    WideSquare::from_coords(11 - sq.file(), sq.rank())
}

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 12 && rank >= 0 && rank < 8 && HOLES.0 & bit(file as u8, rank as u8) == 0
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [WideBitboard; 96] {
    let mut table = [WideBitboard::EMPTY; 96];
    let mut sq = 0;
    while sq < 96 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 12) as i8 + deltas[i].0;
            let r = (sq / 12) as i8 + deltas[i].1;
            if on_board(f, r) {
                bits |= bit(f as u8, r as u8);
            }
            i += 1;
        }
        // Nothing moves from a removed square either.
        if HOLES.0 & (1 << sq) == 0 {
            table[sq] = WideBitboard(bits);
        }
        sq += 1;
    }
    table
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

static KNIGHT: [WideBitboard; 96] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [WideBitboard; 96] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static WAZIR: [WideBitboard; 96] = leaper_table(&ORTHOGONAL);
static FERZ: [WideBitboard; 96] = leaper_table(&DIAGONAL);
static LION_LEAP: [WideBitboard; 96] =
    leaper_table(&[(2, 0), (2, 2), (0, 2), (-2, 2), (-2, 0), (-2, -2), (0, -2), (2, -2)]);
static PAWN: [[WideBitboard; 96]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

#[inline(always)]
pub(crate) fn knight_attacks(sq: WideSquare) -> WideBitboard {
    KNIGHT[sq.index()]
}

/// The eight neighbours (King steps, Lion captures, a Witch's reach).
#[inline(always)]
pub fn king_attacks(sq: WideSquare) -> WideBitboard {
    KING[sq.index()]
}

#[inline(always)]
pub(crate) fn wazir_steps(sq: WideSquare) -> WideBitboard {
    WAZIR[sq.index()]
}

#[inline(always)]
pub(crate) fn ferz_steps(sq: WideSquare) -> WideBitboard {
    FERZ[sq.index()]
}

/// The Lion's non-capturing leaps, two squares in any of the eight directions.
#[inline(always)]
pub(crate) fn lion_leaps(sq: WideSquare) -> WideBitboard {
    LION_LEAP[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, sq: WideSquare) -> WideBitboard {
    PAWN[color.index()][sq.index()]
}

/// The eight directions; the first four increase the square index, the last four
/// decrease it, which decides which end of a ray is nearest its origin.
const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];
pub(crate) const ROOK_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];
pub(crate) const BISHOP_DIRECTIONS: [usize; 4] = [2, 3, 6, 7];

/// `RAYS[d][sq]`: the squares from `sq` in direction `d` up to the edge or a hole.
static RAYS: [[WideBitboard; 96]; 8] = {
    let mut rays = [[WideBitboard::EMPTY; 96]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 96 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = ((sq % 12) as i8 + df, (sq / 12) as i8 + dr);
            let mut bits = 0u128;
            while on_board(f, r) {
                bits |= bit(f as u8, r as u8);
                f += df;
                r += dr;
            }
            rays[d][sq] = WideBitboard(bits);
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The occupied square of `set` nearest the origin of a ray in direction `d`.
#[inline(always)]
fn nearest(d: usize, set: WideBitboard) -> WideSquare {
    if d < 4 {
        set.first()
    } else {
        set.last()
    }
}

/// The squares a slider on `sq` reaches in direction `d`, the first occupied one
/// included.
#[inline(always)]
pub(crate) fn ray_attacks(sq: WideSquare, d: usize, occupied: WideBitboard) -> WideBitboard {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occupied;
    if blockers.is_empty() {
        ray
    } else {
        ray & !RAYS[d][nearest(d, blockers).index()]
    }
}

/// The square a Can(n)on on `sq` hits in direction `d`: the first occupied square
/// beyond the first occupied one (its screen), if any.
#[inline(always)]
pub(crate) fn cannon_target(sq: WideSquare, d: usize, occupied: WideBitboard) -> Option<WideSquare> {
    let blockers = RAYS[d][sq.index()] & occupied;
    if blockers.is_empty() {
        return None;
    }
    let beyond = RAYS[d][nearest(d, blockers).index()] & occupied;
    beyond.nonempty().then(|| nearest(d, beyond))
}

#[inline(always)]
pub(crate) fn rook_attacks(sq: WideSquare, occupied: WideBitboard) -> WideBitboard {
    ROOK_DIRECTIONS
        .iter()
        .fold(WideBitboard::EMPTY, |acc, &d| acc | ray_attacks(sq, d, occupied))
}

#[inline(always)]
pub(crate) fn bishop_attacks(sq: WideSquare, occupied: WideBitboard) -> WideBitboard {
    BISHOP_DIRECTIONS
        .iter()
        .fold(WideBitboard::EMPTY, |acc, &d| acc | ray_attacks(sq, d, occupied))
}

#[inline(always)]
pub(crate) fn queen_attacks(sq: WideSquare, occupied: WideBitboard) -> WideBitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The unit step from `from` towards `to` along a rank, file or diagonal (or the
/// sign of each coordinate difference, for a teleport).
#[inline(always)]
pub(crate) fn unit_step(from: WideSquare, to: WideSquare) -> (i8, i8) {
    (
        (to.file() as i8 - from.file() as i8).signum(),
        (to.rank() as i8 - from.rank() as i8).signum(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> WideSquare {
        WideSquare::parse(name).unwrap()
    }

    fn set(names: &[&str]) -> WideBitboard {
        names.iter().map(|n| sq(n)).collect()
    }

    #[test]
    fn board_has_84_squares_and_4_teleporters() {
        assert_eq!(SQUARES.count(), 84);
        assert_eq!(HOLES.count(), 12);
        assert_eq!(TELEPORTERS, set(&["e3", "h3", "e6", "h6"]));
        assert!((TELEPORTERS & HOLES).is_empty());
        assert_eq!(mirror(sq("a1")), sq("l1"));
        assert_eq!(mirror(sq("f2")), sq("g2"));
        // The holes are symmetric, so an eye is always a square of the board.
        let mut squares = SQUARES;
        assert!(squares.all(|s| SQUARES.contains(mirror(s))));
    }

    #[test]
    fn sliders_stop_before_holes() {
        let empty = WideBitboard::EMPTY;
        // From e3 the file is cut by e4 and the rank by f3; the diagonal by f4.
        assert_eq!(
            rook_attacks(sq("e3"), empty),
            set(&["e1", "e2", "a3", "b3", "c3", "d3"])
        );
        assert_eq!(
            bishop_attacks(sq("e3"), empty),
            set(&["d4", "c5", "b6", "a7", "d2", "c1", "f2", "g1"])
        );
        // A blocker ends the ray on itself.
        assert_eq!(ray_attacks(sq("a1"), 1, set(&["a4"])), set(&["a2", "a3", "a4"]));
        assert_eq!(ray_attacks(sq("a4"), 5, set(&["a2"])), set(&["a3", "a2"]));
    }

    #[test]
    fn leapers_jump_holes_but_never_land_on_them() {
        // The Knight on e3 cannot land on the holes f5 and g4; it jumps f3 to g2.
        assert_eq!(knight_attacks(sq("e3")), set(&["d1", "f1", "c2", "g2", "c4", "d5"]));
        // The Lion on d4 cannot land on the holes f4 and f6; from d3 it leaps over e2 to f1.
        assert_eq!(lion_leaps(sq("d4")), set(&["b2", "d2", "f2", "b4", "b6", "d6"]));
        assert_eq!(lion_leaps(sq("d3")), set(&["b1", "d1", "f1", "b3", "b5", "d5"]));
    }

    #[test]
    fn cannon_targets_need_one_screen() {
        let occupied = set(&["b2", "b7", "b8"]);
        assert_eq!(cannon_target(sq("b1"), 1, occupied), Some(sq("b7")));
        assert_eq!(cannon_target(sq("b1"), 1, set(&["b2"])), None);
        // The hole f3 ends the line from a3 towards the east before h3.
        assert_eq!(cannon_target(sq("a3"), 0, set(&["c3", "h3"])), None);
    }
}
