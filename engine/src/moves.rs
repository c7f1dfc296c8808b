//! What every game's move type shares: the origin and destination squares packed in
//! its lowest bits, with the game's own flags (promotion, board, teleport...) above
//! them.

use crate::types::{Square, WideSquare};
use std::fmt;

/// A square type a move packs in [`PackedSquare::BITS`] bits.
pub trait PackedSquare: Copy + fmt::Display {
    /// How many bits the square takes in a move.
    const BITS: u32;
    /// How many squares the board has: the stride of per-square tables.
    const COUNT: usize;
    /// The square's index.
    fn packed(self) -> u32;
    /// The square of index `bits`, which is below [`PackedSquare::COUNT`].
    fn unpacked(bits: u32) -> Self;
}

macro_rules! packed_square {
    ($square:ty) => {
        impl PackedSquare for $square {
            const BITS: u32 = usize::BITS - (<$square>::COUNT - 1).leading_zeros();
            const COUNT: usize = <$square>::COUNT;

            #[inline(always)]
            fn packed(self) -> u32 {
                self.index() as u32
            }

            #[inline(always)]
            fn unpacked(bits: u32) -> $square {
                <$square>::new(bits as u8)
            }
        }
    };
}

packed_square!(Square);
packed_square!(WideSquare);

/// A move whose lowest `2 * BITS` bits hold its origin and destination squares; what
/// each square means in a game's special moves (castling, drops, teleports) its move
/// type says.
pub trait PackedMove: Copy {
    /// The square type of the game's board.
    type Square: PackedSquare;

    /// Where a game's flags start.
    const FLAGS_SHIFT: u32 = 2 * Self::Square::BITS;

    /// The mask of one square's bits.
    const SQUARE_MASK: u32 = (1 << Self::Square::BITS) - 1;

    /// The move's bits.
    fn bits(self) -> u32;

    /// The origin square.
    #[inline(always)]
    fn from(self) -> Self::Square {
        Self::Square::unpacked(self.bits() & Self::SQUARE_MASK)
    }

    /// The destination square.
    #[inline(always)]
    fn to(self) -> Self::Square {
        Self::Square::unpacked(self.bits() >> Self::Square::BITS & Self::SQUARE_MASK)
    }

    /// The bits of a move from `from` to `to`; a game adds its flags above
    /// [`PackedMove::FLAGS_SHIFT`].
    #[inline(always)]
    fn squares(from: Self::Square, to: Self::Square) -> u32 {
        from.packed() | to.packed() << Self::Square::BITS
    }

    /// Writes the move as `e2e4`, then `suffix` (a promotion's letter) if any: the UCI
    /// form each game's notation builds on.
    fn write_uci(self, f: &mut fmt::Formatter<'_>, suffix: Option<char>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match suffix {
            Some(letter) => write!(f, "{letter}"),
            None => Ok(()),
        }
    }
}

/// The flags of a chess piece chosen by a move (a promotion, Jabberwocky's King on its
/// farthest rank) in a 16-bit move of the 8x8 games: a flag at bit 14, the piece
/// (knight to queen) at bits 12-13.
pub(crate) mod kind_choice {
    use crate::types::Kind;

    const CHOSEN: u16 = 1 << 14;

    /// The flags of `kind`, none when there is no choice.
    #[inline(always)]
    pub(crate) fn pack(kind: Option<Kind>) -> u16 {
        kind.map_or(0, |kind| CHOSEN | (kind as u16 - Kind::Knight as u16) << 12)
    }

    /// The piece chosen by a move with these bits.
    #[inline(always)]
    pub(crate) fn unpack(bits: u16) -> Option<Kind> {
        (bits & CHOSEN != 0).then(|| Kind::ALL[Kind::Knight as usize + (bits >> 12 & 3) as usize])
    }
}

/// Implements [`PackedMove`] for a move type that wraps its bits, and `Debug` as its
/// `Display`, so that test failures and logs show moves as written.
macro_rules! packed_move {
    ($move:ty, $square:ty) => {
        impl $crate::moves::PackedMove for $move {
            type Square = $square;

            #[inline(always)]
            fn bits(self) -> u32 {
                u32::from(self.0)
            }
        }

        impl std::fmt::Debug for $move {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }
    };
}
pub(crate) use packed_move;
