//! Sets of squares as machine words: the 8x8 [`Bitboard`] and the 12x8 [`WideBitboard`].

use crate::types::{Color, Square, WideSquare};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The operations every bitboard shares, whatever its word and square type: the
/// 8x8 [`Bitboard`] (u64) and the 12x8 [`WideBitboard`] (u128) are both built here.
macro_rules! bitboard_type {
    ($(#[$doc:meta])* $name:ident, $word:ty, $square:ident, $files:expr, $ranks:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub $word);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name(0);

            /// The set of `sq` alone.
            #[inline(always)]
            pub const fn from_square(sq: $square) -> $name {
                $name(1 << sq.index())
            }

            /// Whether no square is in the set.
            #[inline(always)]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether some square is in the set.
            #[inline(always)]
            pub const fn nonempty(self) -> bool {
                self.0 != 0
            }

            /// Whether `sq` is in the set.
            #[inline(always)]
            pub const fn contains(self, sq: $square) -> bool {
                self.0 & (1 << sq.index()) != 0
            }

            /// The number of squares in the set.
            #[inline(always)]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// More than one square in the set.
            #[inline(always)]
            pub const fn has_many(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }

            /// The lowest square; the set must not be empty.
            #[inline(always)]
            pub const fn first(self) -> $square {
                $square::new(self.0.trailing_zeros() as u8)
            }

            /// The highest square; the set must not be empty.
            #[inline(always)]
            pub const fn last(self) -> $square {
                $square::new((<$word>::BITS - 1 - self.0.leading_zeros()) as u8)
            }

            /// The lowest square, if any.
            #[inline(always)]
            pub const fn try_first(self) -> Option<$square> {
                if self.0 == 0 {
                    None
                } else {
                    Some(self.first())
                }
            }

            /// The set with `sq` added.
            #[inline(always)]
            pub const fn with(self, sq: $square) -> $name {
                $name(self.0 | 1 << sq.index())
            }

            /// The set with `sq` taken out.
            #[inline(always)]
            pub const fn without(self, sq: $square) -> $name {
                $name(self.0 & !(1 << sq.index()))
            }
        }

        impl Iterator for $name {
            type Item = $square;

            #[inline(always)]
            fn next(&mut self) -> Option<$square> {
                let sq = self.try_first()?;
                self.0 &= self.0 - 1;
                Some(sq)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.count() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $name {}

        impl FromIterator<$square> for $name {
            fn from_iter<I: IntoIterator<Item = $square>>(iter: I) -> $name {
                iter.into_iter().fold($name::EMPTY, $name::with)
            }
        }

        bit_op!($name, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        bit_op!($name, BitOr, bitor, BitOrAssign, bitor_assign, |);
        bit_op!($name, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl Not for $name {
            type Output = $name;
            #[inline(always)]
            fn not(self) -> $name {
                $name(!self.0)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                for rank in (0..$ranks).rev() {
                    for file in 0..$files {
                        let on = self.contains($square::from_coords(file, rank));
                        f.write_str(if on { "X" } else { "." })?;
                    }
                    f.write_str("\n")?;
                }
                Ok(())
            }
        }
    };
}

macro_rules! bit_op {
    ($name:ident, $trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for $name {
            type Output = $name;
            #[inline(always)]
            fn $fn(self, rhs: $name) -> $name {
                $name(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for $name {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: $name) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bitboard_type!(
    /// A set of squares of an 8x8 board as one 64-bit word.
    Bitboard, u64, Square, 8, 8
);
bitboard_type!(
    /// A set of squares of the 12x8 board (Jacks and Witches) in the low 96 bits of
    /// a 128-bit word.
    WideBitboard, u128, WideSquare, 12, 8
);

impl Bitboard {
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// White's first rank.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Black's first rank.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xaa55_aa55_aa55_aa55);

    /// The rank `rank` (0 is the first).
    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }

    /// The file `file` (0 is the a-file).
    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file)
    }

    /// The rank where `color`'s pawns promote.
    #[inline(always)]
    pub const fn last_rank(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard::RANK_8,
            Color::Black => Bitboard::RANK_1,
        }
    }

    /// The squares of the set for which `keep` holds.
    #[inline(always)]
    pub fn filter_squares(self, mut keep: impl FnMut(Square) -> bool) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in self {
            if keep(sq) {
                out = out.with(sq);
            }
        }
        out
    }

    /// Shifted one rank towards rank 8.
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Shifted one rank towards rank 1.
    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_yields_squares_in_order() {
        let bb: Bitboard = [Square::H8, Square::A1, Square::E4_FOR_TEST].into_iter().collect();
        let squares: Vec<Square> = bb.collect();
        assert_eq!(squares, vec![Square::A1, Square::E4_FOR_TEST, Square::H8]);
    }

    #[test]
    fn square_colours_partition_the_board() {
        assert_eq!(Bitboard::DARK_SQUARES.count(), 32);
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
        assert!(!Bitboard::DARK_SQUARES.contains(Square::H1));
        assert_eq!(Bitboard::DARK_SQUARES | Bitboard::LIGHT_SQUARES, Bitboard::FULL);
    }

    #[test]
    fn has_many_counts_beyond_one() {
        assert!(!Bitboard::EMPTY.has_many());
        assert!(!Bitboard::from_square(Square::C1).has_many());
        assert!(Bitboard::RANK_1.has_many());
    }

    #[test]
    fn wide_sets_reach_the_last_square() {
        let l8 = WideSquare::from_coords(11, 7);
        let bb = WideBitboard::from_square(l8).with(WideSquare::from_coords(0, 0));
        assert_eq!(bb.count(), 2);
        assert_eq!(bb.last(), l8);
        assert_eq!(bb.first().index(), 0);
        assert_eq!(bb.collect::<Vec<_>>().len(), 2);
    }

    impl Square {
        const E4_FOR_TEST: Square = Square::from_coords(4, 3);
    }
}
