//! Minialice's count of legal moves with both of its 4x8 boards in one bitboard: board
//! A on files a-d, board B moved onto files e-h. Each kind of man but the king is then
//! counted on both boards at once by whole sets, with no loop over the men: a pawn
//! set by its pushes and captures, the knights by jump, the sliders by direction (the
//! rays of several sliders along one direction never share a square, as each stops at
//! the first man in its way). A step that would cross from one board to the other is
//! masked off like a step off the edge.
//!
//! The sets hold only where no single move is at stake: out of check, with no man
//! pinned to the king and no enemy whose capture would expose it. The destination-set
//! generator counts the rest (about one position in fifty in minialice's perft).

use super::{AliceGame, Rules};
use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::game::Variant;
use crate::sets::PROMOTION_RANKS;
use crate::types::{Color, Kind};

/// Files a and e, where each board begins.
const FIRST_FILES: u64 = Bitboard::FILE_A.0 | Bitboard::FILE_A.0 << 4;
/// Files d and h, where each board ends.
const LAST_FILES: u64 = Bitboard::FILE_A.0 << 3 | Bitboard::FILE_A.0 << 7;
/// Board A's squares, files a-d (minialice's `Rules::squares`).
const BOARD_A: u64 = Bitboard::FILE_A.0 * 0xf;

/// The squares `a` of board A and `b` of board B in one set.
#[inline(always)]
fn pack(a: Bitboard, b: Bitboard) -> u64 {
    debug_assert!((a.0 | b.0) & !BOARD_A == 0, "a minialice board has four files");
    a.0 | b.0 << 4
}

/// `set` moved by `shift` squares (toward h8 when positive).
#[inline(always)]
const fn step(set: u64, shift: i32) -> u64 {
    if shift >= 0 {
        set << shift
    } else {
        set >> -shift
    }
}

/// Where a step of `shift` squares may land: not across a board's side, so neither off
/// the board nor onto the other one. Its file changes by `shift` modulo 8 (a knight's
/// by up to two). Evaluated at compile time, so no other step can be asked for.
const fn landing(shift: i32) -> u64 {
    match shift.rem_euclid(8) {
        0 => !0,
        1 => !FIRST_FILES,
        2 => !(FIRST_FILES | FIRST_FILES << 1),
        6 => !(LAST_FILES | LAST_FILES >> 1),
        7 => !LAST_FILES,
        _ => panic!("not a step of a chess man"),
    }
}

/// The squares the sliders `from` reach by steps of `SHIFT` over the empty squares
/// `empty`, the first man in the way included. Along a file a ray has up to seven
/// squares, across a board of four files three. Kogge and Stone's fill.
#[inline(always)]
fn slides<const SHIFT: i32>(from: u64, empty: u64) -> u64 {
    let land = const { landing(SHIFT) };
    let mut pass = empty & land;
    let mut reached = from;
    reached |= pass & step(reached, SHIFT);
    pass &= step(pass, SHIFT);
    reached |= pass & step(reached, 2 * SHIFT);
    if SHIFT % 8 == 0 {
        pass &= step(pass, 2 * SHIFT);
        reached |= pass & step(reached, 4 * SHIFT);
    }
    step(reached, SHIFT) & land
}

/// The squares the knights `from` reach by the jump of `SHIFT`.
#[inline(always)]
fn jumps<const SHIFT: i32>(from: u64) -> u64 {
    step(from, SHIFT) & const { landing(SHIFT) }
}

/// The single steps, double steps (before the rank is asked) and captures toward the
/// a-file and toward the h-file of the pawns `pawns` of `color`, with `empty` the empty
/// squares: each pawn has one of each at most.
#[inline(always)]
fn pawn_steps(color: Color, pawns: u64, empty: u64) -> [u64; 4] {
    match color {
        Color::White => {
            let single = pawns << 8 & empty;
            [
                single,
                single << 8 & empty,
                pawns << 7 & !LAST_FILES,
                pawns << 9 & !FIRST_FILES,
            ]
        }
        Color::Black => {
            let single = pawns >> 8 & empty;
            [
                single,
                single >> 8 & empty,
                pawns >> 9 & !LAST_FILES,
                pawns >> 7 & !FIRST_FILES,
            ]
        }
    }
}

impl<const N: usize> AliceGame<N> {
    /// The number of legal moves of a minialice position without an en passant chance,
    /// or `None` where a move is at stake (the module's comment).
    #[inline(always)]
    pub(super) fn count_packed(&self) -> Option<u64> {
        debug_assert!(N == 2);
        let rules = Rules::of(Variant::MiniAlice);
        let us = self.turn.side;
        let them = !us;
        let kb = self.king_board;
        let (home, across) = (&self.boards[kb], &self.boards[1 - kb]);
        let king = home.pieces(us, Kind::King).first();
        if self.checkers.nonempty()
            || self.pinned.nonempty()
            || (home.by_color(them) & self.x_ray_lines(king)).nonempty()
        {
            return None;
        }
        let (a, b) = (&self.boards[0], &self.boards[1]);
        let mine = pack(a.by_color(us), b.by_color(us));
        let theirs = pack(a.by_color(them), b.by_color(them));
        let occupied = mine | theirs;
        let empty = !occupied;
        // A man lands on the square of the other board, which must be empty.
        let free_across = !(occupied >> 4 & BOARD_A | occupied << 4 & !BOARD_A);
        let target = !mine & free_across;
        let ours = |kind: Kind| mine & pack(a.by_kind(kind), b.by_kind(kind));

        let queens = ours(Kind::Queen);
        let (lines, diagonals) = (ours(Kind::Rook) | queens, ours(Kind::Bishop) | queens);
        let knights = ours(Kind::Knight);
        let moves = |to: u64| (to & target).count_ones();
        let mut count = moves(slides::<8>(lines, empty))
            + moves(slides::<-8>(lines, empty))
            + moves(slides::<1>(lines, empty))
            + moves(slides::<-1>(lines, empty))
            + moves(slides::<9>(diagonals, empty))
            + moves(slides::<7>(diagonals, empty))
            + moves(slides::<-7>(diagonals, empty))
            + moves(slides::<-9>(diagonals, empty))
            + moves(jumps::<17>(knights))
            + moves(jumps::<15>(knights))
            + moves(jumps::<10>(knights))
            + moves(jumps::<6>(knights))
            + moves(jumps::<-6>(knights))
            + moves(jumps::<-10>(knights))
            + moves(jumps::<-15>(knights))
            + moves(jumps::<-17>(knights));

        let pawns = ours(Kind::Pawn);
        let [pushed, double, west, east] = pawn_steps(us, pawns, empty);
        let single = pushed & free_across;
        let double = double & rules.double_step_rank(us).0 & free_across;
        let takes_west = west & theirs & free_across;
        let takes_east = east & theirs & free_across;
        let promotions = (single | takes_west) & PROMOTION_RANKS.0;
        count += single.count_ones()
            + double.count_ones()
            + takes_west.count_ones()
            + takes_east.count_ones()
            + 3 * (promotions.count_ones() + (takes_east & PROMOTION_RANKS.0).count_ones());

        // The king: safe where it stops on its board, with itself gone, and across.
        let steps = king_attacks(king) & rules.squares() & !home.by_color(us) & !across.occupied();
        let without_king = home.occupied().without(king);
        for to in steps {
            if home.attackers(to, them, without_king).is_empty()
                && across.attackers(to, them, across.occupied()).is_empty()
            {
                count += 1;
            }
        }
        Some(count as u64)
    }
}
