//! Attack tables of the 8x8 board: leapers and lines computed in `const`, sliders
//! from the tables `build.rs` generates (PEXT-indexed with BMI2, magic otherwise).

use crate::bitboard::Bitboard;
use crate::types::{Color, Kind, Square};

pub(crate) struct Magic {
    mask: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    magic: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    shift: u32,
    offset: u32,
}

include!(concat!(env!("OUT_DIR"), "/slider_tables.rs"));

#[inline(always)]
fn slider(entry: &Magic, occupied: Bitboard) -> Bitboard {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the bmi2 target feature is enabled for this build.
    let index = unsafe { std::arch::x86_64::_pext_u64(occupied.0, entry.mask) } as usize;
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let index = ((occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize;
    Bitboard(SLIDER_ATTACKS[entry.offset as usize + index])
}

/// Squares a rook on `sq` attacks, `occupied` blocking (magic bitboards).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slider(&ROOK_MAGICS[sq.index()], occupied)
}

/// Squares a bishop on `sq` attacks, `occupied` blocking (magic bitboards).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slider(&BISHOP_MAGICS[sq.index()], occupied)
}

/// Squares a queen on `sq` attacks, `occupied` blocking.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i8 + deltas[i].0;
            let r = (sq / 8) as i8 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const KNIGHT: [Bitboard; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
const KING: [Bitboard; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
const PAWN: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// The squares a man of `kind` and `color` on `sq` attacks (captures on, if an enemy
/// stands there), with `occupied` blocking the sliders.
#[inline(always)]
pub fn piece_attacks(kind: Kind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::Pawn => pawn_attacks(color, sq),
        Kind::Knight => knight_attacks(sq),
        Kind::Bishop => bishop_attacks(sq, occupied),
        Kind::Rook => rook_attacks(sq, occupied),
        Kind::Queen => queen_attacks(sq, occupied),
        Kind::King => king_attacks(sq),
    }
}

/// Squares a set of pawns of `color` attacks.
#[inline(always)]
pub fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    let [west, east] = pawn_attacks_by_side(color, pawns);
    west | east
}

/// Squares a set of pawns of `color` attacks toward the a-file and toward the h-file,
/// apart: each pawn attacks at most one square of each, so their popcounts count the
/// pawns' captures.
#[inline(always)]
pub fn pawn_attacks_by_side(color: Color, pawns: Bitboard) -> [Bitboard; 2] {
    let west = pawns & !Bitboard::FILE_A;
    let east = pawns & !Bitboard::FILE_H;
    match color {
        Color::White => [Bitboard(west.0 << 7), Bitboard(east.0 << 9)],
        Color::Black => [Bitboard(west.0 >> 9), Bitboard(east.0 >> 7)],
    }
}

const fn direction(from: usize, to: usize) -> Option<(i8, i8)> {
    let df = (to % 8) as i8 - (from % 8) as i8;
    let dr = (to / 8) as i8 - (from / 8) as i8;
    if from == to || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// `BETWEEN[a][b]`: the squares strictly between two aligned squares;
/// `LINE[a][b]`: the whole board line through both (edge to edge).
const LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some((df, dr)) = direction(a, b) {
                let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
                let mut bits = 0u64;
                while (r * 8 + f) as usize != b {
                    bits |= 1 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                between[a][b] = Bitboard(bits);
                let mut whole = 0u64;
                let mut sign = -1;
                while sign <= 1 {
                    let (mut f, mut r) = ((a % 8) as i8, (a / 8) as i8);
                    while f >= 0 && f < 8 && r >= 0 && r < 8 {
                        whole |= 1 << (r * 8 + f);
                        f += sign * df;
                        r += sign * dr;
                    }
                    sign += 2;
                }
                line[a][b] = Bitboard(whole);
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
};
static BETWEEN: [[Bitboard; 64]; 64] = LINES.0;
static LINE: [[Bitboard; 64]; 64] = LINES.1;

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The full line through `a` and `b` when they share one, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().map(|n| sq(n)).collect()
    }

    /// Slow ray walk, the definition the tables must agree with.
    fn walk(from: Square, occupied: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (from.file() as i8 + df, from.rank() as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = Square::from_coords(f as u8, r as u8);
                out = out.with(s);
                if occupied.contains(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn slider_tables_match_ray_walks() {
        let mut state = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = Bitboard(state & state.rotate_left(17));
            let from = Square::new((state >> 58) as u8);
            let rook = walk(from, occupied, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
            let bishop = walk(from, occupied, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
            assert_eq!(rook_attacks(from, occupied), rook);
            assert_eq!(bishop_attacks(from, occupied), bishop);
        }
    }

    #[test]
    fn leapers_at_corners_and_centre() {
        assert_eq!(knight_attacks(sq("a1")), set(&["b3", "c2"]));
        assert_eq!(knight_attacks(sq("d4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")), set(&["g8", "g7", "h7"]));
        assert_eq!(pawn_attacks(Color::White, sq("a2")), set(&["b3"]));
        assert_eq!(pawn_attacks(Color::Black, sq("e5")), set(&["d4", "f4"]));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")), set(&["b2", "c3"]));
        assert_eq!(between(sq("e1"), sq("e2")), Bitboard::EMPTY);
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("c3"), sq("e5")).count(), 8);
        assert_eq!(line(sq("b1"), sq("b5")), Bitboard::file(1));
        assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
    }
}
