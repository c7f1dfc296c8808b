//! The piece board every game stores its men in: one set of squares per piece kind
//! and per colour, generic over the bitboard (the 8x8 [`Bitboard`], the 12x8
//! [`WideBitboard`]) and the game's piece kinds. Its crate-private `toggle` is the one
//! place where a game's pieces and its Zobrist hash change together.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::{Bitboard, WideBitboard};
use crate::game::Turn;
use crate::types::{Color, Kind, Square, WideSquare};
use std::marker::PhantomData;
use std::ops::{BitAnd, BitOr, BitXorAssign, Index, IndexMut};

/// A bitboard type a [`PieceBoard`] can be built on.
pub trait SquareSet: Copy + Eq + Default + BitAnd<Output = Self> + BitOr<Output = Self> + BitXorAssign {
    /// The square type of this board's geometry.
    type Square: Copy;
    /// How many squares the geometry has (the stride of a Zobrist piece table).
    const SQUARES: usize;
    /// The set holding `sq` alone.
    fn single(sq: Self::Square) -> Self;
    /// Whether `sq` is in the set.
    fn holds(self, sq: Self::Square) -> bool;
    /// The index of `sq` in `0..SQUARES`.
    fn square_index(sq: Self::Square) -> usize;
}

macro_rules! square_set {
    ($set:ty, $square:ty, $squares:expr) => {
        impl SquareSet for $set {
            type Square = $square;
            const SQUARES: usize = $squares;

            #[inline(always)]
            fn single(sq: $square) -> $set {
                <$set>::from_square(sq)
            }

            #[inline(always)]
            fn holds(self, sq: $square) -> bool {
                self.contains(sq)
            }

            #[inline(always)]
            fn square_index(sq: $square) -> usize {
                sq.index()
            }
        }
    };
}

square_set!(Bitboard, Square, 64);
square_set!(WideBitboard, WideSquare, 96);

/// A game's piece types, as a [`PieceBoard`] indexes them.
pub trait PieceKind: Copy + Eq + 'static {
    /// Every kind, in index order.
    const ALL: &'static [Self];
    /// The kind's index in `0..ALL.len()`.
    fn index(self) -> usize;
}

impl PieceKind for Kind {
    const ALL: &'static [Kind] = &Kind::ALL;

    #[inline(always)]
    fn index(self) -> usize {
        Kind::index(self)
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct ByColor<T>(pub [T; 2]);

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, color: Color) -> &T {
        &self.0[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}

/// One value per piece kind `K` (of which there are `N`), indexed by the kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ByKind<T, K, const N: usize>(pub [T; N], PhantomData<K>);

impl<T: Copy + Default, K, const N: usize> Default for ByKind<T, K, N> {
    fn default() -> Self {
        ByKind([T::default(); N], PhantomData)
    }
}

impl<T, K: PieceKind, const N: usize> Index<K> for ByKind<T, K, N> {
    type Output = T;

    #[inline(always)]
    fn index(&self, kind: K) -> &T {
        &self.0[kind.index()]
    }
}

impl<T, K: PieceKind, const N: usize> IndexMut<K> for ByKind<T, K, N> {
    #[inline(always)]
    fn index_mut(&mut self, kind: K) -> &mut T {
        &mut self.0[kind.index()]
    }
}

/// A game's Zobrist keys for its pieces: one per colour, kind and square, laid out
/// as `(colour * kinds + kind) * squares + square`, where `kinds` counts the game's
/// kinds ([`PieceKind::ALL`]), which may be fewer than the board has room for.
pub(crate) type PieceKeys = [u64];

/// The men of both colours on one board: a set of squares per kind `K` (room for `N`
/// kinds, at least as many as the game has) and per colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PieceBoard<B: SquareSet, K: PieceKind, const N: usize> {
    kinds: ByKind<B, K, N>,
    colors: ByColor<B>,
}

impl<B: SquareSet, K: PieceKind, const N: usize> Default for PieceBoard<B, K, N> {
    fn default() -> Self {
        PieceBoard {
            kinds: ByKind::default(),
            colors: ByColor::default(),
        }
    }
}

/// The board of the games played with the six chess pieces on 8x8 squares.
pub type ChessBoard = PieceBoard<Bitboard, Kind, 6>;

impl<B: SquareSet, K: PieceKind, const N: usize> PieceBoard<B, K, N> {
    /// Adds a man of `color` and `kind` on `sq` if the square holds none, removes it
    /// if it stands there, and flips its key from `keys` in the position's hash, kept
    /// in `turn`. Every change of a game's men goes through here, so its hash cannot
    /// drift from its pieces.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, color: Color, kind: K, sq: B::Square, keys: &PieceKeys, turn: &mut Turn) {
        self.flip(color, kind, sq);
        turn.hash ^= Self::key(keys, color, kind, sq);
    }

    #[inline(always)]
    fn key(keys: &PieceKeys, color: Color, kind: K, sq: B::Square) -> u64 {
        keys[(color.index() * K::ALL.len() + kind.index()) * B::SQUARES + B::square_index(sq)]
    }

    /// [`PieceBoard::toggle`] without the hash, for a scratch copy that only probes
    /// legality and is thrown away.
    #[inline(always)]
    pub(crate) fn flip(&mut self, color: Color, kind: K, sq: B::Square) {
        let bit = B::single(sq);
        self.kinds[kind] ^= bit;
        self.colors[color] ^= bit;
    }

    /// The Zobrist hash of the men alone, from scratch.
    pub(crate) fn hash(&self, keys: &PieceKeys) -> u64
    where
        B: IntoIterator<Item = B::Square>,
    {
        let mut hash = 0;
        for color in Color::ALL {
            for &kind in K::ALL {
                for sq in self.pieces(color, kind) {
                    hash ^= Self::key(keys, color, kind, sq);
                }
            }
        }
        hash
    }

    /// The men of `color` and `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: K) -> B {
        self.colors[color] & self.kinds[kind]
    }

    /// The men of `color`.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> B {
        self.colors[color]
    }

    /// The men of `kind`, both colours.
    #[inline(always)]
    pub fn by_kind(&self, kind: K) -> B {
        self.kinds[kind]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.colors[Color::White] | self.colors[Color::Black]
    }

    /// The kind of the man on `sq`, if any.
    #[inline(always)]
    pub fn kind_at(&self, sq: B::Square) -> Option<K> {
        K::ALL.iter().copied().find(|&kind| self.kinds[kind].holds(sq))
    }

    /// The colour and kind of the man on `sq`, if any.
    pub fn piece_at(&self, sq: B::Square) -> Option<(Color, K)> {
        let color = Color::ALL.into_iter().find(|&color| self.colors[color].holds(sq))?;
        Some((color, self.kind_at(sq)?))
    }
}

impl ChessBoard {
    /// Men of `by` attacking `sq` as the chess pieces do, with `occupied` as the
    /// blockers.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let leapers = (knight_attacks(sq) & self.by_kind(Kind::Knight))
            | (king_attacks(sq) & self.by_kind(Kind::King))
            | (pawn_attacks(!by, sq) & self.by_kind(Kind::Pawn));
        self.sliders_toward(sq, by, occupied) | (leapers & self.by_color(by))
    }

    /// Rooks, bishops and queens of `by` that reach `sq` along lines that only
    /// `blockers` may cut.
    #[inline(always)]
    pub(crate) fn sliders_toward(&self, sq: Square, by: Color, blockers: Bitboard) -> Bitboard {
        let queens = self.by_kind(Kind::Queen);
        ((rook_attacks(sq, blockers) & (self.by_kind(Kind::Rook) | queens))
            | (bishop_attacks(sq, blockers) & (self.by_kind(Kind::Bishop) | queens)))
            & self.by_color(by)
    }

    /// The enemy men checking `us`'s King on `king`, and `us`'s men pinned to it.
    /// An enemy King counts as a checker: in chess it can never stand next to ours,
    /// and in the games where it can, it gives check.
    #[inline(always)]
    pub(crate) fn checks_and_pins(&self, king: Square, us: Color) -> (Bitboard, Bitboard) {
        let theirs = self.by_color(!us);
        // Our own men are transparent here, so every aligned slider is seen.
        let snipers = self.sliders_toward(king, !us, theirs);
        let mut checkers = ((knight_attacks(king) & self.by_kind(Kind::Knight))
            | (pawn_attacks(us, king) & self.by_kind(Kind::Pawn))
            | (king_attacks(king) & self.by_kind(Kind::King)))
            & theirs;
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.has_many() {
                pinned |= blockers & self.by_color(us);
            }
        }
        (checkers, pinned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zobrist;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn toggle_adds_then_removes_and_the_hash_follows() {
        let keys: [u64; 768] = zobrist::keys(1);
        let mut board = ChessBoard::default();
        let mut turn = Turn::INITIAL;
        board.toggle(Color::Black, Kind::Knight, sq("g8"), &keys, &mut turn);
        assert_eq!(board.piece_at(sq("g8")), Some((Color::Black, Kind::Knight)));
        assert_eq!({ turn.hash }, board.hash(&keys));
        assert_ne!({ turn.hash }, 0);
        board.toggle(Color::Black, Kind::Knight, sq("g8"), &keys, &mut turn);
        assert_eq!(board, ChessBoard::default());
        assert_eq!(turn, Turn::INITIAL);
    }

    #[test]
    fn a_pinned_man_and_a_checker() {
        let keys: [u64; 768] = zobrist::keys(1);
        let mut board = ChessBoard::default();
        let mut turn = Turn::INITIAL;
        for (color, role, sq) in [
            (Color::White, Kind::King, sq("e1")),
            (Color::White, Kind::Knight, sq("e2")),
            (Color::Black, Kind::Rook, sq("e8")),
            (Color::Black, Kind::Bishop, sq("b4")),
        ] {
            board.toggle(color, role, sq, &keys, &mut turn);
        }
        let (checkers, pinned) = board.checks_and_pins(sq("e1"), Color::White);
        assert_eq!(checkers, Bitboard::from_square(sq("b4")));
        assert_eq!(pinned, Bitboard::from_square(sq("e2")));
    }
}
