//! It's not a job for King, Game I: Warriors (King steps, not royal) instead of King
//! and Queen. Instead of moving, a non-pawn piece may become a royal Maharajah (Rook,
//! Bishop or Knight moves) and a Maharajah may become again what it was; not on two of
//! a player's turns in a row, not in check, never with a single non-pawn piece, which
//! reverts at once when the second-to-last one is captured. No move may leave any of the
//! mover's Maharajahs attacked. No draws: captured points decide repetition and the
//! move counter.
//!
//! Move generation: pseudo-legal moves. Without a Maharajah every one is legal; with
//! some, out of check, only moves of a Maharajah, of a piece shielding one and en
//! passant are played out and tested; in check every move is.

mod fen;

pub use fen::MaharajahFenError;
#[cfg(test)]
mod tests;
mod view;

use super::{
    fen_char, piece_kinds, shields, BoardKeys, FenChars, KingsKind, KingsMove, KingsPosition, Movement, PieceType,
    Rules, Tested, BISHOP, KNIGHT, PAWN, ROOK,
};
use crate::bitboard::Bitboard;
use crate::game::{EndReason, FenError, GameResult, Outcome, Variant};
use crate::moves::PackedMove;
use crate::types::{Color, Square};

piece_kinds! {
    /// The piece types of Game I; a Maharajah keeps the type it came from and is marked
    /// royal.
    pub enum Kind {
        /// Scores 1; promotes to Warrior, Rook, Bishop or Knight.
        Pawn => PAWN,
        /// Scores 3.
        Knight => KNIGHT,
        /// Scores 3.
        Bishop => BISHOP,
        /// Scores 5.
        Rook => ROOK,
        /// Steps as a King, not royal; scores 3.
        Warrior => WARRIOR,
    }
    // No Queen, no Maharajah.
    promotions: [Warrior, Rook, Bishop, Knight];
}

/// The Warrior steps as a King.
const WARRIOR: PieceType = PieceType::new('w', Movement::new(true, false, false, false), "warrior");

impl Kind {
    /// What capturing a piece of this type scores.
    pub const fn points(self) -> u32 {
        match self {
            Kind::Pawn => 1,
            Kind::Knight | Kind::Bishop | Kind::Warrior => 3,
            Kind::Rook => 5,
        }
    }
}

/// The Maharajah moves as Rook, Bishop or Knight.
pub const MAHARAJAH: Movement = Movement::new(false, true, true, true);
/// The transformation suffix of becoming a Maharajah.
pub const MAHARAJAH_CHAR: char = 'm';

mod keys {
    use crate::kings::BoardKeys;
    use crate::zobrist;
    const PIECES: [u64; 640] = zobrist::keys(0x4A4A_0001);
    pub const ROYAL: [u64; 128] = zobrist::keys(0x4A4A_0002);
    pub const LOCKED: [u64; 2] = zobrist::keys(0x4A4A_0004);
    pub const BOARD: BoardKeys = BoardKeys {
        pieces: &PIECES,
        black_to_move: zobrist::keys::<1>(0x4A4A_0003)[0],
        en_passant: zobrist::keys(0x4A4A_0005),
    };
}

#[inline(always)]
fn royal_key(color: Color, sq: Square) -> u64 {
    keys::ROYAL[color.index() * 64 + sq.index()]
}

/// What a Game I position keeps besides the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MaharajahState {
    /// The Maharajahs (their origin type stays in the piece sets).
    royal: Bitboard,
    /// The side transformed on its last turn and may not transform on this one.
    locked: [bool; 2],
    /// Points captured by White and by Black.
    points: [u32; 2],
}

/// A Game I position.
pub type Maharajah = KingsPosition<MaharajahState>;

impl Maharajah {
    /// `color`'s Maharajahs.
    #[inline(always)]
    pub fn maharajahs(&self, color: Color) -> Bitboard {
        self.state.royal & self.by_color(color)
    }

    /// The piece on `sq`: colour, type (a Maharajah's origin) and whether it is a
    /// Maharajah.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind, bool)> {
        let (color, kind) = self.board.piece_at(sq)?;
        Some((color, kind, self.state.royal.contains(sq)))
    }

    /// Points captured by `color`.
    pub fn points(&self, color: Color) -> u32 {
        self.state.points[color.index()]
    }

    /// Whether `color` transformed on its last turn.
    pub fn is_locked(&self, color: Color) -> bool {
        self.state.locked[color.index()]
    }

    /// Whether some Maharajah of `color` is attacked.
    #[inline(always)]
    pub fn maharajah_attacked(&self, color: Color) -> bool {
        let maharajahs = self.maharajahs(color);
        if maharajahs.is_empty() {
            return false;
        }
        let movers = self.movers(!color);
        let occupied = self.occupied();
        maharajahs.into_iter().any(|sq| movers.attack(sq, !color, occupied))
    }

    #[inline(always)]
    fn toggle_royal(&mut self, color: Color, sq: Square) {
        self.state.royal ^= Bitboard::from_square(sq);
        self.turn.hash ^= royal_key(color, sq);
    }

    #[inline(always)]
    fn set_locked(&mut self, color: Color, locked: bool) {
        if self.state.locked[color.index()] != locked {
            self.state.locked[color.index()] = locked;
            self.turn.hash ^= keys::LOCKED[color.index()];
        }
    }
}

impl Rules for MaharajahState {
    type Kind = Kind;
    /// Colour, type and whether it is a Maharajah.
    type Cell = (Color, Kind, bool);

    const VARIANTS: &'static [Variant] = &[Variant::Maharajah];
    const KEYS: BoardKeys = keys::BOARD;

    fn empty(_variant: Variant) -> MaharajahState {
        MaharajahState {
            royal: Bitboard::EMPTY,
            locked: [false; 2],
            points: [0; 2],
        }
    }

    fn variant(&self) -> Variant {
        Variant::Maharajah
    }

    /// Maharajahs and locks; points are not part of the position's identity.
    fn state_hash(pos: &Maharajah) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for sq in pos.maharajahs(color) {
                hash ^= royal_key(color, sq);
            }
            if pos.is_locked(color) {
                hash ^= keys::LOCKED[color.index()];
            }
        }
        hash
    }

    #[inline(always)]
    fn recast(pos: &Maharajah) -> (Bitboard, Movement) {
        (pos.state.royal, MAHARAJAH)
    }

    /// Transformations first, only while the side may transform (not locked, its
    /// Maharajahs not attacked); then the pieces' moves and the pawns'.
    #[inline(always)]
    fn pseudo_moves(pos: &Maharajah, mut visit: impl FnMut(KingsMove)) {
        let us = pos.turn.side;
        if !pos.is_locked(us) && !pos.maharajah_attacked(us) {
            let non_pawns = pos.non_pawns(us);
            let several = non_pawns.has_many();
            for sq in non_pawns {
                if pos.state.royal.contains(sq) {
                    let origin = pos.kind_at(sq).expect("a Maharajah has an origin");
                    visit(KingsMove::new(sq, sq, Some(origin.char())));
                } else if several && !pos.attacked(sq, !us) {
                    visit(KingsMove::new(sq, sq, Some(MAHARAJAH_CHAR)));
                }
            }
        }
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Warrior] {
            for from in pos.pieces(us, kind) {
                pos.piece_moves(from, kind, &mut visit);
            }
        }
        pos.pawn_moves(&mut visit);
    }

    /// A transformation toggles the mark and locks the side; the Maharajah's mark
    /// moves with it; a capture scores and reverts a last non-pawn Maharajah.
    fn make(pos: &Maharajah, mv: KingsMove) -> Maharajah {
        let mut next = pos.successor();
        let us = pos.turn.side;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_transformation() {
            next.toggle_royal(us, from);
            next.set_locked(us, true);
            return next;
        }
        next.set_locked(us, false);
        let captured = next.move_piece(pos, mv);
        if pos.state.royal.contains(from) {
            next.toggle_royal(us, from);
            next.toggle_royal(us, to);
        }
        if let Some(victim) = captured {
            next.state.points[us.index()] += victim.points();
            // The last non-pawn piece cannot stay a Maharajah.
            let them = !us;
            let left = next.non_pawns(them);
            if !left.has_many() && (left & next.state.royal).nonempty() {
                next.toggle_royal(them, left.first());
            }
        }
        next
    }

    /// Without a Maharajah every move is legal.
    const WITHOUT_ROYALS: Tested = Tested::Nothing;

    /// Out of check only the moves of a Maharajah or of a piece shielding one can
    /// endanger it; in check every move can.
    #[inline(always)]
    fn tested(pos: &Maharajah, maharajahs: Bitboard) -> Tested {
        let us = pos.turn.side;
        if pos.maharajah_attacked(us) {
            return Tested::Origins(Bitboard::FULL);
        }
        let enemy = pos.movers(!us);
        let (ours, occupied) = (pos.by_color(us), pos.occupied());
        let mut tested = maharajahs;
        for sq in maharajahs {
            tested |= shields(sq, ours, &enemy, occupied);
        }
        Tested::Origins(tested)
    }

    /// Every Maharajah of the mover stays safe. Transformations are generated only
    /// where they are safe.
    #[inline(always)]
    fn is_legal(pos: &Maharajah, mv: KingsMove) -> bool {
        mv.is_transformation() || !Self::make(pos, mv).maharajah_attacked(pos.turn.side)
    }

    /// Some Maharajah is attacked.
    #[inline(always)]
    fn in_check(pos: &Maharajah, color: Color) -> bool {
        pos.maharajah_attacked(color)
    }

    fn royals(pos: &Maharajah, color: Color) -> Bitboard {
        pos.maharajahs(color)
    }

    fn judge(pos: &Maharajah, any_legal_move: bool) -> Option<GameResult> {
        if any_legal_move {
            return None;
        }
        Some(if pos.by_color(pos.turn.side).is_empty() {
            pos.lost(EndReason::NoPiecesLeft)
        } else if Self::in_check(pos, pos.turn.side) {
            pos.lost(EndReason::Checkmate)
        } else if pos.maharajahs(pos.turn.side).nonempty() {
            pos.lost(EndReason::Stalemate)
        } else {
            pos.lost(EndReason::NoLegalMove)
        })
    }

    /// No draws: the side that captured more points wins, Black on equal points.
    fn rule_draw_result(pos: &Maharajah, reason: EndReason) -> GameResult {
        let winner = if pos.points(Color::White) > pos.points(Color::Black) {
            Color::White
        } else {
            Color::Black
        };
        GameResult {
            outcome: Outcome::Win(winner),
            reason: match reason {
                EndReason::Repetition => EndReason::RepetitionOnPoints,
                EndReason::FiftyMoves => EndReason::FiftyMovesOnPoints,
                other => other,
            },
        }
    }

    /// Not with pawns alone, where zugzwang is likely.
    fn may_pass(pos: &Maharajah) -> bool {
        pos.non_pawns(pos.turn.side).nonempty()
    }

    fn read_piece(chars: &mut FenChars) -> Result<(Color, Kind, bool), FenError> {
        fen::read_piece(chars)
    }

    fn place(pos: &mut Maharajah, sq: Square, (color, kind, royal): (Color, Kind, bool)) {
        pos.toggle(color, kind, sq);
        if royal {
            pos.toggle_royal(color, sq);
        }
    }

    /// A lone non-pawn piece would have reverted.
    fn check_army(pos: &Maharajah, color: Color) -> Result<(), FenError> {
        let non_pawns = pos.non_pawns(color);
        if !non_pawns.has_many() && (non_pawns & pos.state.royal).nonempty() {
            return Err(FenError::rule(MaharajahFenError::LoneMaharajah(color.name())));
        }
        Ok(())
    }

    /// Pieces.
    fn mover_lacks(pos: &Maharajah, mover: Color) -> Option<FenError> {
        pos.by_color(mover).is_empty().then(|| FenError::NoPieces(mover.name()))
    }

    /// The transformation locks.
    fn read_castling_field(pos: &mut Maharajah, field: &str) -> Result<(), FenError> {
        pos.state.locked = fen::parse_locks(field)?;
        Ok(())
    }

    /// The captured points.
    fn read_extra_field(pos: &mut Maharajah, field: Option<&str>) -> Result<(), FenError> {
        pos.state.points = fen::parse_points(field)?;
        Ok(())
    }

    /// `+` and the origin for a Maharajah.
    fn fen_piece(pos: &Maharajah, sq: Square, color: Color, kind: Kind) -> String {
        let letter = fen_char(kind.char(), color);
        if pos.state.royal.contains(sq) {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    fn castling_field(pos: &Maharajah) -> String {
        fen::write_locks(pos.state.locked).to_string()
    }

    fn extra_field(pos: &Maharajah) -> String {
        format!("{}+{}", pos.state.points[0], pos.state.points[1])
    }

    /// A Maharajah is drawn with the transformation's letter.
    fn drawn_char(pos: &Maharajah, sq: Square, kind: Kind) -> char {
        if pos.state.royal.contains(sq) {
            MAHARAJAH_CHAR
        } else {
            kind.char()
        }
    }

    fn view_name(letter: char) -> &'static str {
        match Kind::from_char(letter) {
            Some(kind) => kind.view_name(),
            None => view::MAHARAJAH,
        }
    }

    /// A Maharajah carries the type it came from (the FEN's `+R` in one letter).
    fn badge(pos: &Maharajah, sq: Square, color: Color, kind: Kind) -> Option<String> {
        pos.state
            .royal
            .contains(sq)
            .then(|| fen_char(kind.char(), color).to_string())
    }

    fn points(pos: &Maharajah) -> Option<[u32; 2]> {
        Some(pos.state.points)
    }
}
