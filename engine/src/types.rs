//! Colours, chess piece kinds and the squares of the 8x8 and 12x8 boards.

use std::fmt;

/// A side: who owns a man, who is to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black, who moves second.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank direction this side's pawns advance in, as a square-index offset.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 8,
            Color::Black => -8,
        }
    }

    /// The side of a FEN side-to-move letter.
    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The FEN side-to-move letter.
    pub fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The six piece types of orthodox chess, shared by the games built on it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// Steps forward (two squares from its first rank), captures one step diagonally
    /// forward.
    Pawn,
    /// Leaps to the far corner of a 2x3 rectangle, over anything between.
    Knight,
    /// Slides diagonally.
    Bishop,
    /// Slides along ranks and files.
    Rook,
    /// Slides as a rook or a bishop.
    Queen,
    /// Steps one square any way; the royal piece of most games.
    King,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];
    /// Promotion choices in the order UCI move lists usually print them.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    /// 0 for the pawn to 5 for the king, the order of [`Kind::ALL`]: the index of
    /// per-kind tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter (black piece in FEN, promotion suffix in UCI).
    pub const fn char(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a FEN letter, either case.
    pub fn from_char(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'p' => Kind::Pawn,
            'n' => Kind::Knight,
            'b' => Kind::Bishop,
            'r' => Kind::Rook,
            'q' => Kind::Queen,
            'k' => Kind::King,
            _ => return None,
        })
    }

    /// The lower-case English name, as views and glyphs name piece types.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
        }
    }

    /// FEN letter of a piece of this kind and colour.
    pub fn fen_char(self, color: Color) -> char {
        match color {
            Color::White => self.char().to_ascii_uppercase(),
            Color::Black => self.char(),
        }
    }
}

/// The operations every square type shares, whatever its board's width: the 8x8
/// [`Square`] and the 12x8 [`WideSquare`] (both boards have 8 ranks). Squares are
/// numbered rank by rank from a1 = 0.
macro_rules! square_type {
    ($(#[$doc:meta])* $name:ident, $files:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            /// Files of the board.
            pub const FILES: u8 = $files;
            /// Squares of the board.
            pub const COUNT: usize = $files * 8;

            /// The square of index `index` (a1 = 0, rank by rank).
            ///
            /// # Panics
            /// In debug builds, when `index` is not below [`Self::COUNT`].
            #[inline(always)]
            pub const fn new(index: u8) -> $name {
                debug_assert!((index as usize) < Self::COUNT);
                $name(index)
            }

            /// The square on `file` and `rank`, both from 0.
            #[inline(always)]
            pub const fn from_coords(file: u8, rank: u8) -> $name {
                $name(rank * Self::FILES + file)
            }

            /// Every square, a1 first, rank by rank.
            pub fn all() -> impl Iterator<Item = $name> {
                (0..Self::COUNT as u8).map($name)
            }

            /// The index, a1 = 0, rank by rank: the index of per-square tables.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The file, from 0.
            #[inline(always)]
            pub const fn file(self) -> u8 {
                self.0 % Self::FILES
            }

            /// The rank, from 0.
            #[inline(always)]
            pub const fn rank(self) -> u8 {
                self.0 / Self::FILES
            }

            /// Rank counted from `color`'s own side: 0 is its first rank.
            #[inline(always)]
            pub const fn relative_rank(self, color: Color) -> u8 {
                match color {
                    Color::White => self.rank(),
                    Color::Black => 7 - self.rank(),
                }
            }

            /// The square of a name such as `e4`.
            pub fn parse(text: &str) -> Option<$name> {
                let b = text.as_bytes();
                if b.len() != 2 {
                    return None;
                }
                let file = b[0].wrapping_sub(b'a');
                let rank = b[1].wrapping_sub(b'1');
                (file < Self::FILES && rank < 8).then(|| $name::from_coords(file, rank))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    };
}

square_type!(
    /// A square of an 8x8 board: a1 = 0, b1 = 1, ..., h8 = 63.
    Square, 8
);
square_type!(
    /// A square of the 12x8 board (Jacks and Witches): a1 = 0, ..., l1 = 11, a2 = 12,
    /// ..., l8 = 95.
    WideSquare, 12
);

impl Square {
    // The back-rank squares castling and the FEN readers name.
    pub(crate) const A1: Square = Square(0);
    pub(crate) const C1: Square = Square(2);
    pub(crate) const E1: Square = Square(4);
    pub(crate) const G1: Square = Square(6);
    pub(crate) const H1: Square = Square(7);
    pub(crate) const A8: Square = Square(56);
    pub(crate) const E8: Square = Square(60);
    pub(crate) const H8: Square = Square(63);

    /// The same square seen from the other side (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `delta` indices away; the caller guarantees it stays on the board.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8)
    }
}

impl WideSquare {
    /// The square `(df, dr)` away, if it is on the 12x8 grid.
    #[inline(always)]
    pub const fn step(self, df: i8, dr: i8) -> Option<WideSquare> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < Self::FILES as i8 && r >= 0 && r < 8 {
            Some(WideSquare::from_coords(f as u8, r as u8))
        } else {
            None
        }
    }

    /// Whether the square is dark (a1 is).
    #[inline(always)]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("e4"), Some(Square::from_coords(4, 3)));
        for bad in ["", "e", "e9", "i1", "e44", "E4"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn wide_square_names_round_trip() {
        for sq in WideSquare::all() {
            assert_eq!(WideSquare::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(WideSquare::parse("l8").map(WideSquare::index), Some(95));
        assert_eq!(WideSquare::parse("m1"), None);
        assert!(WideSquare::parse("a1").unwrap().is_dark());
        assert!(!WideSquare::parse("l1").unwrap().is_dark());
    }

    #[test]
    fn relative_rank_mirrors_for_black() {
        let e2 = Square::parse("e2").unwrap();
        assert_eq!(e2.relative_rank(Color::White), 1);
        assert_eq!(e2.relative_rank(Color::Black), 6);
        assert_eq!(e2.flip_rank(), Square::parse("e7").unwrap());
    }
}
