//! "It's not a job for King" (Daniil Frolov): Game I, `maharajah`, and Game II,
//! `twokings` / `twokings4`. Both games play on the chess board with chess pawns and
//! pieces that combine the chess movements, transform in place as a whole move and
//! have several royal pieces; this module holds what they share: the move type, the
//! movements, the pawn moves and, in `position`, the one position type both play on,
//! each game adding its [`Rules`].

mod fen;
pub mod maharajah;
mod position;
#[cfg(test)]
mod testing;
pub mod twokings;
mod view;

pub use fen::{read_fen_char, FenChars};
pub use position::{BoardKeys, KingsKind, KingsPosition, Rules, Tested};

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::game::FenError;
use crate::moves::PackedMove;
use crate::types::{Color, Square};
use std::fmt;

/// A move: origin, destination and a lower-case letter (promotion piece or
/// transformation target; a transformation has origin = destination). Castling is
/// the King's square then the Rook's square, with its own flag.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct KingsMove(u32);

impl KingsMove {
    const CASTLE: u32 = 1 << 19;

    /// A move from `from` to `to` with its suffix (the letter of the piece it makes),
    /// if any.
    #[inline(always)]
    pub fn new(from: Square, to: Square, suffix: Option<char>) -> KingsMove {
        KingsMove(Self::squares(from, to) | suffix.map_or(0, u32::from) << Self::FLAGS_SHIFT)
    }

    /// Castling, written as the King's square then the Rook's.
    #[inline(always)]
    pub fn castle(king: Square, rook: Square) -> KingsMove {
        KingsMove(Self::squares(king, rook) | Self::CASTLE)
    }

    /// The promotion piece or transformation target, as its lower-case letter.
    #[inline(always)]
    pub fn suffix(self) -> Option<char> {
        let letter = (self.0 >> Self::FLAGS_SHIFT & 127) as u8;
        (letter != 0).then_some(char::from(letter))
    }

    /// Whether this is castling.
    #[inline(always)]
    pub fn is_castle(self) -> bool {
        self.0 & Self::CASTLE != 0
    }

    /// A transformation in place (no castling has equal squares either).
    #[inline(always)]
    pub fn is_transformation(self) -> bool {
        self.from() == self.to()
    }

    /// The piece a pawn promotes to, as its letter.
    #[inline(always)]
    pub fn promotion(self) -> Option<char> {
        self.suffix().filter(|_| !self.is_transformation())
    }

    /// Whether this is a pawn's double step, given that a pawn makes it.
    #[inline(always)]
    pub fn is_double_step(self) -> bool {
        !self.is_castle() && self.from().index().abs_diff(self.to().index()) == 16
    }
}

impl fmt::Display for KingsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f, self.suffix())
    }
}

crate::moves::packed_move!(KingsMove, Square);

/// How a piece moves and attacks: any combination of the King's step, the Knight's
/// leap and the Bishop's and Rook's lines (pawns apart).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Movement {
    /// The King's step.
    pub step: bool,
    /// The Knight's leap.
    pub leap: bool,
    /// The Bishop's lines.
    pub diagonal: bool,
    /// The Rook's lines.
    pub orthogonal: bool,
}

impl Movement {
    /// A movement of the given components.
    pub const fn new(step: bool, leap: bool, diagonal: bool, orthogonal: bool) -> Movement {
        Movement {
            step,
            leap,
            diagonal,
            orthogonal,
        }
    }

    /// The squares a piece moving so from `sq` attacks, with `occupied` as blockers.
    #[inline(always)]
    pub fn reach(self, sq: Square, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        if self.step {
            out |= king_attacks(sq);
        }
        if self.leap {
            out |= knight_attacks(sq);
        }
        if self.diagonal {
            out |= bishop_attacks(sq, occupied);
        }
        if self.orthogonal {
            out |= rook_attacks(sq, occupied);
        }
        out
    }
}

/// What the games tell of a piece type: letter, movement and glyph.
#[derive(Copy, Clone, Debug)]
pub struct PieceType {
    /// Lower-case letter: FEN (black), promotion and transformation suffix.
    pub char: char,
    /// How it moves and attacks (a pawn's moves are its own).
    pub movement: Movement,
    /// The glyph name a GUI draws it with.
    pub glyph: &'static str,
}

impl PieceType {
    /// A piece type of letter `char`, `movement` and `glyph`.
    pub const fn new(char: char, movement: Movement, glyph: &'static str) -> PieceType {
        PieceType { char, movement, glyph }
    }
}

/// Declares a game's piece-type enum, its types in index order each with the
/// [`PieceType`] that gives its letter, movement and glyph, and implements
/// [`PieceKind`](crate::board::PieceKind) and [`KingsKind`] for it. `movement` is a
/// `match`, which lets the compiler specialise move generation per type (a table
/// lookup costs perft some 5% more instructions).
macro_rules! piece_kinds {
    (
        $(#[$doc:meta])*
        pub enum $kind:ident {
            $($(#[$variant_doc:meta])* $variant:ident => $piece_type:expr,)*
        }
        promotions: [$($promotion:ident),*];
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum $kind {
            $($(#[$variant_doc])* $variant,)*
        }

        impl $crate::board::PieceKind for $kind {
            const ALL: &'static [$kind] = &[$($kind::$variant),*];

            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }

        impl $crate::kings::KingsKind for $kind {
            const PROMOTIONS: &'static [$kind] = &[$($kind::$promotion),*];
            const TYPES: &'static [$crate::kings::PieceType] = &[$($piece_type),*];

            #[inline(always)]
            fn movement(self) -> $crate::kings::Movement {
                match self {
                    $($kind::$variant => $piece_type.movement,)*
                }
            }
        }
    };
}
pub(crate) use piece_kinds;

/// The chess pawn, in both games.
pub const PAWN: PieceType = PieceType::new('p', Movement::new(false, false, false, false), "pawn");
/// The chess Knight, in both games.
pub const KNIGHT: PieceType = PieceType::new('n', Movement::new(false, true, false, false), "knight");
/// The chess Bishop, in both games.
pub const BISHOP: PieceType = PieceType::new('b', Movement::new(false, false, true, false), "bishop");
/// The chess Rook, in both games.
pub const ROOK: PieceType = PieceType::new('r', Movement::new(false, false, false, true), "rook");

/// The pieces of one side sorted by movement component (a piece appears in every set
/// its movement has), for attack tests.
#[derive(Copy, Clone, Debug, Default)]
pub struct Movers {
    /// Pieces with the King's step.
    pub step: Bitboard,
    /// Pieces with the Knight's leap.
    pub leap: Bitboard,
    /// Pieces on the Bishop's lines.
    pub diagonal: Bitboard,
    /// Pieces on the Rook's lines.
    pub orthogonal: Bitboard,
    /// The pawns.
    pub pawns: Bitboard,
}

impl Movers {
    /// Adds pieces moving as `movement`.
    #[inline(always)]
    pub fn add(&mut self, movement: Movement, pieces: Bitboard) {
        if movement.step {
            self.step |= pieces;
        }
        if movement.leap {
            self.leap |= pieces;
        }
        if movement.diagonal {
            self.diagonal |= pieces;
        }
        if movement.orthogonal {
            self.orthogonal |= pieces;
        }
    }

    /// Whether these pieces, of colour `by`, attack `sq` given `occupied`.
    #[inline(always)]
    pub fn attack(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (king_attacks(sq) & self.step).nonempty()
            || (knight_attacks(sq) & self.leap).nonempty()
            || (pawn_attacks(!by, sq) & self.pawns).nonempty()
            || (bishop_attacks(sq, occupied) & self.diagonal).nonempty()
            || (rook_attacks(sq, occupied) & self.orthogonal).nonempty()
    }
}

/// Our pieces (in `ours`) that stand alone between `target` and an enemy line piece
/// of `enemy` aiming at it: the only pieces whose move can uncover an attack on
/// `target`. Every other move of a piece other than the one on `target` leaves it as
/// safe as it was (en passant, which empties two squares, apart).
#[inline(always)]
pub fn shields(target: Square, ours: Bitboard, enemy: &Movers, occupied: Bitboard) -> Bitboard {
    let snipers = (rook_attacks(target, Bitboard::EMPTY) & enemy.orthogonal)
        | (bishop_attacks(target, Bitboard::EMPTY) & enemy.diagonal);
    let mut out = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = crate::attacks::between(target, sniper) & occupied;
        if !blockers.has_many() {
            out |= blockers & ours;
        }
    }
    out
}

/// The FEN letter of a piece of `color` whose lower-case letter is `letter`.
#[inline(always)]
pub fn fen_char(letter: char, color: Color) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// Where King and Rook end when the King on `king` castles with the Rook on `rook`
/// (Chess960 style: on the c and d files, or g and f).
#[inline(always)]
pub fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() < king.file() {
        (Square::from_coords(2, rank), Square::from_coords(3, rank))
    } else {
        (Square::from_coords(6, rank), Square::from_coords(5, rank))
    }
}

/// The last rank of `color`'s pawns.
#[inline(always)]
pub const fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::RANK_8,
        Color::Black => Bitboard::RANK_1,
    }
}

/// A pawn move found by [`pawn_moves`].
#[derive(Copy, Clone, Debug)]
pub struct PawnMove {
    /// The pawn's square.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// A two-square first step.
    pub double_step: bool,
    /// An en passant capture.
    pub en_passant: bool,
    /// Arrives on the last rank: one move per promotion piece.
    pub promotes: bool,
}

/// The pseudo-legal moves of `color`'s pawns as in chess: a step, a double step from
/// the second rank, diagonal captures of `enemies`, en passant onto `ep`.
#[inline(always)]
pub fn pawn_moves(
    color: Color,
    pawns: Bitboard,
    occupied: Bitboard,
    enemies: Bitboard,
    ep: Option<Square>,
    mut emit: impl FnMut(PawnMove),
) {
    let last = last_rank(color);
    for from in pawns {
        let mut push = |to: Square, double_step: bool, en_passant: bool| {
            emit(PawnMove {
                from,
                to,
                double_step,
                en_passant,
                promotes: last.contains(to),
            })
        };
        let one = from.offset(color.forward());
        if !occupied.contains(one) {
            push(one, false, false);
            if from.relative_rank(color) == 1 {
                let two = one.offset(color.forward());
                if !occupied.contains(two) {
                    push(two, true, false);
                }
            }
        }
        let targets = pawn_attacks(color, from);
        for to in targets & enemies {
            push(to, false, false);
        }
        if let Some(ep) = ep.filter(|&ep| targets.contains(ep)) {
            push(ep, false, true);
        }
    }
}

/// Checks a FEN en passant field: `-`, or the square a pawn of the side not to move
/// has just passed over (empty, with that pawn in front of it and its start square
/// empty). Whether a capture is legal is the game's question.
pub fn read_en_passant(
    field: &str,
    side: Color,
    their_pawns: Bitboard,
    occupied: Bitboard,
) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq = Square::parse(field).ok_or_else(|| FenError::InvalidEnPassant(field.to_string()))?;
    let them = !side;
    let possible = sq.relative_rank(them) == 2
        && !occupied.contains(sq)
        && their_pawns.contains(sq.offset(them.forward()))
        && !occupied.contains(sq.offset(-them.forward()));
    if possible {
        Ok(Some(sq))
    } else {
        Err(FenError::ImpossibleEnPassant(field.to_string()))
    }
}

/// Whether one of `side`'s `pawns` can take en passant onto `ep` by a move `is_legal`
/// accepts.
#[inline]
pub fn en_passant_possible(side: Color, ep: Square, pawns: Bitboard, is_legal: impl Fn(KingsMove) -> bool) -> bool {
    (pawn_attacks(!side, ep) & pawns)
        .into_iter()
        .any(|from| is_legal(KingsMove::new(from, ep, None)))
}

/// The square of the pawn an en passant capture onto `ep` by `side` removes.
#[inline(always)]
pub fn en_passant_victim(side: Color, ep: Square) -> Square {
    ep.offset(-side.forward())
}
