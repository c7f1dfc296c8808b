//! It's not a job for King, Game II: two royal Kings a side (four in `twokings4`). A
//! move is illegal only when it leaves every King of the mover attacked; a side whose
//! Kings are all captured loses. Instead of moving, a King may become a Queen, Marshal
//! or Cardinal and such a compound a King, each piece only after three own turns since
//! it last transformed, was promoted or the game began; never the side's last King.
//! Either King castles with either Rook, Chess960-style, until it transforms.
//!
//! Move generation: pseudo-legal moves. While one King is safe, only its own moves,
//! those of the pieces shielding it, castling and en passant are played out and tested;
//! with every King attacked all moves are.

mod fen;

pub use fen::TwoKingsFenError;
#[cfg(test)]
mod tests;
mod view;

use super::{
    castling_targets, fen_char, last_rank, piece_kinds, read_fen_char, shields, BoardKeys, FenChars, KingsKind,
    KingsMove, KingsPosition, Movement, PieceType, Rules, Tested, BISHOP, KNIGHT, PAWN, ROOK,
};
use crate::attacks::between;
use crate::bitboard::Bitboard;
use crate::board::PieceKind;
use crate::game::{EndReason, FenError, GameResult, Variant};
use crate::moves::PackedMove;
use crate::types::{Color, Square};

piece_kinds! {
    /// The piece types of Game II.
    pub enum Kind {
        /// Promotes to King, Queen, Marshal or Cardinal.
        Pawn => PAWN,
        /// As in chess.
        Knight => KNIGHT,
        /// As in chess.
        Bishop => BISHOP,
        /// As in chess; castles while unmoved.
        Rook => ROOK,
        /// Rook and Bishop; may become a King.
        Queen => QUEEN,
        /// Royal; castles until it moves or transforms; may become a compound.
        King => KING,
        /// Rook and Knight; may become a King.
        Marshal => MARSHAL,
        /// Bishop and Knight; may become a King.
        Cardinal => CARDINAL,
    }
    promotions: [King, Queen, Marshal, Cardinal];
}

const QUEEN: PieceType = PieceType::new('q', Movement::new(false, false, true, true), "queen");
const KING: PieceType = PieceType::new('k', Movement::new(true, false, false, false), "king");
const MARSHAL: PieceType = PieceType::new('m', Movement::new(false, true, false, true), "marshal");
const CARDINAL: PieceType = PieceType::new('c', Movement::new(false, true, true, false), "cardinal");

impl Kind {
    /// What a King may become.
    pub const COMPOUNDS: [Kind; 3] = [Kind::Queen, Kind::Marshal, Kind::Cardinal];

    /// Kings and the compounds: the pieces that transform and wait.
    #[inline(always)]
    pub const fn transforms(self) -> bool {
        matches!(self, Kind::King | Kind::Queen | Kind::Marshal | Kind::Cardinal)
    }
}

/// Own turns a piece waits after it transformed, was promoted or the game began.
pub const WAIT: u8 = 3;

mod keys {
    use crate::kings::BoardKeys;
    use crate::zobrist;
    const PIECES: [u64; 1024] = zobrist::keys(0x2C2C_0001);
    pub const BOARD: BoardKeys = BoardKeys {
        pieces: &PIECES,
        black_to_move: zobrist::keys::<1>(0x2C2C_0002)[0],
        en_passant: zobrist::keys(0x2C2C_0004),
    };
    pub const CASTLING: [u64; 64] = zobrist::keys(0x2C2C_0003);
    pub const WAITS: [u64; 256] = zobrist::keys(0x2C2C_0005);
}

#[inline(always)]
fn wait_key(sq: Square, wait: u8) -> u64 {
    keys::WAITS[sq.index() * 4 + wait as usize]
}

/// `color`'s first rank.
#[inline(always)]
fn first_rank(color: Color) -> Bitboard {
    last_rank(!color)
}

/// The squares a King may castle from (d and e files), on both first ranks.
pub const CASTLING_KINGS: Bitboard = Bitboard(0x18 | 0x18 << 56);
/// The squares a Rook may castle from (a and h files), on both first ranks.
pub const CASTLING_ROOKS: Bitboard = Bitboard(0x81 | 0x81 << 56);

/// The squares from `a` to `b`, both included, on one line.
#[inline(always)]
fn span(a: Square, b: Square) -> Bitboard {
    between(a, b).with(a).with(b)
}

/// What a Game II position keeps besides the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TwoKingsState {
    variant: Variant,
    /// The Kings and Rooks that keep castling rights.
    castling: Bitboard,
    /// Own turns each King or compound still waits before it may transform.
    waits: [u8; 64],
}

/// A Game II position.
pub type TwoKings = KingsPosition<TwoKingsState>;

impl TwoKings {
    /// `color`'s Kings.
    #[inline(always)]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color, Kind::King)
    }

    /// The piece on `sq`: colour and type.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind)> {
        self.board.piece_at(sq)
    }

    /// Own turns the piece on `sq` still waits before it may transform.
    pub fn wait(&self, sq: Square) -> u8 {
        self.state.waits[sq.index()]
    }

    /// The Kings and Rooks that keep castling rights.
    pub fn castling_rights(&self) -> Bitboard {
        self.state.castling
    }

    /// Whether every King of `color` is attacked (also when it has none).
    #[inline(always)]
    pub fn all_kings_attacked(&self, color: Color) -> bool {
        let movers = self.movers(!color);
        let occupied = self.occupied();
        self.kings(color)
            .into_iter()
            .all(|sq| movers.attack(sq, !color, occupied))
    }

    #[inline(always)]
    fn set_wait(&mut self, sq: Square, wait: u8) {
        let old = self.state.waits[sq.index()];
        if old != wait {
            self.turn.hash ^= wait_key(sq, old) ^ wait_key(sq, wait);
            self.state.waits[sq.index()] = wait;
        }
    }

    #[inline(always)]
    fn set_castling(&mut self, rights: Bitboard) {
        for sq in self.state.castling ^ rights {
            self.turn.hash ^= keys::CASTLING[sq.index()];
        }
        self.state.castling = rights;
    }

    /// Castling rights without the squares in `lost`, and without a side's rights
    /// once it has no King or no Rook left among them.
    fn rights_after(rights: Bitboard, lost: Bitboard) -> Bitboard {
        let mut rights = rights & !lost;
        for color in Color::ALL {
            let rank = first_rank(color);
            if (rights & rank & CASTLING_KINGS).is_empty() || (rights & rank & CASTLING_ROOKS).is_empty() {
                rights &= !rank;
            }
        }
        rights
    }

    /// Castling's own conditions: the squares both pieces cross or land on are empty
    /// but for the two, and the King is not attacked on its square, on those it crosses
    /// or on its destination (its safety after the move is judged with the others).
    fn may_castle(&self, king: Square, rook: Square) -> bool {
        let (king_to, rook_to) = castling_targets(king, rook);
        let path = span(king, king_to) | span(rook, rook_to);
        let others = self.occupied().without(king).without(rook);
        (path & others).is_empty()
            && !span(king, king_to)
                .into_iter()
                .any(|sq| self.attacked(sq, !self.turn.side))
    }
}

impl Rules for TwoKingsState {
    type Kind = Kind;
    type Cell = (Color, Kind);

    const VARIANTS: &'static [Variant] = &[Variant::TwoKings, Variant::TwoKings4];
    const KEYS: BoardKeys = keys::BOARD;

    fn empty(variant: Variant) -> TwoKingsState {
        TwoKingsState {
            variant,
            castling: Bitboard::EMPTY,
            waits: [0; 64],
        }
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    /// Waits and castling rights.
    fn state_hash(pos: &TwoKings) -> u64 {
        let mut hash = 0;
        for sq in Square::all() {
            hash ^= wait_key(sq, pos.wait(sq));
        }
        for sq in pos.state.castling {
            hash ^= keys::CASTLING[sq.index()];
        }
        hash
    }

    /// Each piece's moves, then its transformations; the pawns' moves; castling
    /// (generated only when its own conditions hold).
    #[inline(always)]
    fn pseudo_moves(pos: &TwoKings, mut visit: impl FnMut(KingsMove)) {
        let us = pos.turn.side;
        let several_kings = pos.kings(us).has_many();
        for &kind in &Kind::ALL[1..] {
            for from in pos.pieces(us, kind) {
                pos.piece_moves(from, kind, &mut visit);
                if kind.transforms() && pos.wait(from) == 0 {
                    if kind == Kind::King {
                        if several_kings {
                            for target in Kind::COMPOUNDS {
                                visit(KingsMove::new(from, from, Some(target.char())));
                            }
                        }
                    } else {
                        visit(KingsMove::new(from, from, Some(Kind::King.char())));
                    }
                }
            }
        }
        pos.pawn_moves(&mut visit);
        let rights = pos.state.castling & first_rank(us);
        for king in rights & pos.kings(us) & CASTLING_KINGS {
            for rook in rights & pos.pieces(us, Kind::Rook) & CASTLING_ROOKS {
                if pos.may_castle(king, rook) {
                    visit(KingsMove::castle(king, rook));
                }
            }
        }
    }

    /// Without Kings the game is lost and there are no moves.
    const WITHOUT_ROYALS: Tested = Tested::NoMoves;

    /// While some King is safe, only its own moves and those of the pieces shielding
    /// it can leave every King attacked; with every King attacked all moves can.
    #[inline(always)]
    fn tested(pos: &TwoKings, kings: Bitboard) -> Tested {
        let us = pos.turn.side;
        let enemy = pos.movers(!us);
        let occupied = pos.occupied();
        for king in kings {
            if !enemy.attack(king, !us, occupied) {
                return Tested::Origins(shields(king, pos.by_color(us), &enemy, occupied).with(king));
            }
        }
        Tested::Origins(Bitboard::FULL)
    }

    /// Some King of the mover stays unattacked; a castling King must be safe on its
    /// destination.
    #[inline(always)]
    fn is_legal(pos: &TwoKings, mv: KingsMove) -> bool {
        let next = Self::make(pos, mv);
        if mv.is_castle() {
            let (king_to, _) = castling_targets(mv.from(), mv.to());
            return !next.attacked(king_to, !pos.turn.side);
        }
        !next.all_kings_attacked(pos.turn.side)
    }

    /// Castling moves both pieces; a transformation changes the type; the wait moves
    /// with its piece, counts down one own turn and starts afresh for a transformed or
    /// promoted piece; castling rights go with the squares left.
    fn make(pos: &TwoKings, mv: KingsMove) -> TwoKings {
        let mut next = pos.successor();
        let us = pos.turn.side;
        let (from, to) = (mv.from(), mv.to());
        // The piece that ends the move on a fresh wait (transformed or promoted).
        let mut fresh = None;
        let mut lost = Bitboard::from_square(from);
        if mv.is_castle() {
            let (king_to, rook_to) = castling_targets(from, to);
            next.toggle(us, Kind::King, from);
            next.toggle(us, Kind::Rook, to);
            next.toggle(us, Kind::King, king_to);
            next.toggle(us, Kind::Rook, rook_to);
            let wait = pos.wait(from);
            next.set_wait(from, 0);
            next.set_wait(king_to, wait);
            lost = lost.with(to);
        } else if mv.is_transformation() {
            let kind = pos.kind_at(from).expect("a transformation starts on a piece");
            let target = mv
                .suffix()
                .and_then(Kind::from_char)
                .expect("a transformation names its piece");
            next.toggle(us, kind, from);
            next.toggle(us, target, from);
            fresh = Some(from);
        } else {
            if next.move_piece(pos, mv).is_some() {
                next.set_wait(to, 0);
            }
            if mv.promotion().is_some() {
                fresh = Some(to);
            }
            let wait = pos.wait(from);
            next.set_wait(from, 0);
            next.set_wait(to, wait);
            lost = lost.with(to);
        }
        // One more own turn played: every waiting piece of the mover waits one less.
        for sq in next.by_color(us) {
            let wait = next.wait(sq);
            if wait > 0 {
                next.set_wait(sq, wait - 1);
            }
        }
        if let Some(sq) = fresh {
            next.set_wait(sq, WAIT);
        }
        if (lost & pos.state.castling).nonempty() {
            next.set_castling(TwoKings::rights_after(pos.state.castling, lost));
        }
        next
    }

    /// Every King attacked: what "check" means with several Kings.
    #[inline(always)]
    fn in_check(pos: &TwoKings, color: Color) -> bool {
        pos.kings(color).nonempty() && pos.all_kings_attacked(color)
    }

    fn royals(pos: &TwoKings, color: Color) -> Bitboard {
        pos.kings(color)
    }

    fn judge(pos: &TwoKings, any_legal_move: bool) -> Option<GameResult> {
        if pos.kings(pos.turn.side).is_empty() {
            return Some(pos.lost(EndReason::NoKingsLeft));
        }
        (!any_legal_move).then(|| GameResult::mate_or_stalemate(Self::in_check(pos, pos.turn.side), pos.turn.side))
    }

    /// Not without Kings, where the game is over.
    fn may_pass(pos: &TwoKings) -> bool {
        pos.kings(pos.turn.side).nonempty()
    }

    fn read_piece(chars: &mut FenChars) -> Result<(Color, Kind), FenError> {
        read_fen_char(chars.next().ok_or(FenError::InvalidPiece(' '))?)
    }

    fn place(pos: &mut TwoKings, sq: Square, (color, kind): (Color, Kind)) {
        pos.toggle(color, kind, sq);
    }

    /// The larger setup starts with two more Kings a side; promotions never add men.
    fn most_men(&self) -> u32 {
        if self.variant == Variant::TwoKings4 {
            18
        } else {
            16
        }
    }

    /// A King (the last one is never captured).
    fn mover_lacks(pos: &TwoKings, mover: Color) -> Option<FenError> {
        pos.kings(mover).is_empty().then(|| FenError::MissingKing(mover.name()))
    }

    /// The files of the Kings and Rooks keeping rights.
    fn read_castling_field(pos: &mut TwoKings, field: &str) -> Result<(), FenError> {
        let rights = fen::parse_castling(pos, field)?;
        pos.state.castling = TwoKings::rights_after(rights, Bitboard::EMPTY);
        Ok(())
    }

    /// The waits; without the field every King and compound is original.
    fn read_extra_field(pos: &mut TwoKings, field: Option<&str>) -> Result<(), FenError> {
        pos.state.waits = match field {
            Some(field) => fen::parse_waits(pos, field)?,
            None => fen::original_waits(pos),
        };
        Ok(())
    }

    fn fen_piece(_pos: &TwoKings, _sq: Square, color: Color, kind: Kind) -> String {
        fen_char(kind.char(), color).to_string()
    }

    fn castling_field(pos: &TwoKings) -> String {
        fen::write_castling(pos.state.castling)
    }

    fn extra_field(pos: &TwoKings) -> String {
        fen::write_waits(pos)
    }

    /// The own turns left before the piece may transform.
    fn badge(pos: &TwoKings, sq: Square, _color: Color, _kind: Kind) -> Option<String> {
        let wait = pos.wait(sq);
        (wait > 0).then(|| wait.to_string())
    }
}
