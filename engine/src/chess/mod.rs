//! Orthodox chess: copy-make position, legal move generation by check and pin
//! masks, incremental Zobrist hashing.

mod fen;
mod movegen;
pub(crate) mod view;

pub(crate) use fen::{parse_castling_field, write_castling_field};
pub(crate) use movegen::{castling_rook, castling_squares};

use crate::attacks::{bishop_attacks, pawn_attacks, piece_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::game::{
    EndReason, FenError, GameResult, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints, SearchRules,
    TimeUse, Turn, Variant,
};
use crate::moves::PackedMove;
use crate::sets;
use crate::types::{Color, Kind, Square};
use crate::zobrist;
use std::fmt;

/// A chess move: origin, destination and what kind of move it is.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ChessMove(u16);

/// What a chess move does besides moving one piece.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// Castling, written as the king's two-square move.
    Castle,
    /// An en passant capture.
    EnPassant,
    /// A pawn promoting to the given piece.
    Promotion(Kind),
}

impl ChessMove {
    const CASTLE: u16 = 1;
    const EN_PASSANT: u16 = 2;
    const PROMOTION: u16 = 4;

    /// A move from `from` to `to`.
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> ChessMove {
        let flags = match kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => Self::CASTLE,
            MoveKind::EnPassant => Self::EN_PASSANT,
            MoveKind::Promotion(role) => Self::PROMOTION | (role as u16 - Kind::Knight as u16),
        };
        ChessMove(Self::squares(from, to) as u16 | flags << Self::FLAGS_SHIFT)
    }

    /// What the move does besides moving the piece.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        let flags = self.0 >> Self::FLAGS_SHIFT;
        if flags & Self::PROMOTION != 0 {
            MoveKind::Promotion(Kind::ALL[Kind::Knight as usize + (flags & 3) as usize])
        } else if flags == Self::CASTLE {
            MoveKind::Castle
        } else if flags == Self::EN_PASSANT {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        }
    }

    /// Whether the move promotes, read from its flags without decoding its kind: the
    /// search asks it of every move it orders.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        (self.0 >> Self::FLAGS_SHIFT) & Self::PROMOTION != 0
    }

    /// Whether the move is neither a promotion, en passant nor castling, read from its
    /// flags.
    #[inline(always)]
    pub fn is_normal(self) -> bool {
        self.0 >> Self::FLAGS_SHIFT == 0
    }

    /// Whether the move takes en passant, read from its flags.
    #[inline(always)]
    pub fn is_en_passant(self) -> bool {
        self.0 >> Self::FLAGS_SHIFT == Self::EN_PASSANT
    }

    /// The piece a pawn promotes to, if it does.
    pub fn promotion(self) -> Option<Kind> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }
}

impl fmt::Display for ChessMove {
    /// UCI notation; castling as the king's two-square step (`e1g1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f, self.promotion().map(Kind::char))
    }
}

crate::moves::packed_move!(ChessMove, Square);

/// Castling rights, one bit each: white king-side, white queen-side, black king-side,
/// black queen-side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// All four rights, as at the start.
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline(always)]
    const fn bit(color: Color, king_side: bool) -> u8 {
        1 << (2 * color as u8 + !king_side as u8)
    }

    /// Whether `color` may still castle on that side.
    #[inline(always)]
    pub fn has(self, color: Color, king_side: bool) -> bool {
        self.0 & Self::bit(color, king_side) != 0
    }

    pub(crate) fn with(self, color: Color, king_side: bool) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, king_side))
    }

    #[inline(always)]
    fn index(self) -> usize {
        self.0 as usize
    }

    /// The four rights as bits: white king side, white queen side, black king side, black queen side.
    #[inline(always)]
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The rights that `mask` (bits as in [`CASTLING_KEEP`]) keeps.
    #[inline(always)]
    pub(crate) fn keep(self, mask: u8) -> CastlingRights {
        CastlingRights(self.0 & mask)
    }
}

/// Rights that survive a move touching each square (a king or rook moving away or a
/// rook being captured clears them).
pub(crate) const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::H1.index()] = 0b1110;
    keep[Square::A1.index()] = 0b1101;
    keep[Square::E1.index()] = 0b1100;
    keep[Square::H8.index()] = 0b1011;
    keep[Square::A8.index()] = 0b0111;
    keep[Square::E8.index()] = 0b0011;
    keep
};

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 768] = zobrist::keys(0xC4E5_5001);
    pub const CASTLING: [u64; 16] = {
        // Rights combine by XOR of the four single-right keys.
        let single: [u64; 4] = zobrist::keys(0xC4E5_5002);
        let mut out = [0u64; 16];
        let mut i = 0;
        while i < 16 {
            let mut b = 0;
            while b < 4 {
                if i & (1 << b) != 0 {
                    out[i] ^= single[b];
                }
                b += 1;
            }
            i += 1;
        }
        out
    };
    pub const EN_PASSANT: [u64; 8] = zobrist::keys(0xC4E5_5003);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0xC4E5_5004)[0];
}

/// An orthodox chess position. Besides the FEN's fields it keeps the Zobrist hash and
/// the side to move's checkers and pins up to date, so that move generation starts from
/// them; [`Position::play`] returns the next position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    board: ChessBoard,
    turn: Turn,
    castling: CastlingRights,
    /// Set only when the side to move has a legal en passant capture, so that the
    /// hash and FEN of equal positions are equal.
    en_passant: Option<Square>,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Chess {
    /// The men on the board.
    #[inline(always)]
    pub fn board(&self) -> &ChessBoard {
        &self.board
    }

    /// `color`'s king square.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.board.pieces(color, Kind::King).first()
    }

    /// The men checking the side to move's king.
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The castling rights left.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square, kept only when a capture there is legal.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    #[inline(always)]
    fn toggle(&mut self, color: Color, role: Kind, sq: Square) {
        self.board.toggle(color, role, sq, &keys::PIECES, &mut self.turn);
    }

    /// Recomputes the check and pin state of the side to move.
    #[inline(always)]
    fn refresh_checks(&mut self) {
        (self.checkers, self.pinned) = self.board.checks_and_pins(self.king(self.turn.side), self.turn.side);
    }

    /// Whether a pawn of `us` on `from` may legally take en passant on `target`: the
    /// king must be safe once both pawns have left their squares.
    #[inline]
    fn en_passant_is_legal(&self, us: Color, from: Square, target: Square) -> bool {
        let victim = target.offset(-us.forward());
        let occupied = (self.board.occupied().without(from).without(victim)).with(target);
        let attackers = self.board.attackers(self.king(us), !us, occupied).without(victim);
        attackers.is_empty()
    }

    fn has_legal_en_passant(&self, us: Color, target: Square) -> bool {
        let capturers = pawn_attacks(!us, target) & self.board.pieces(us, Kind::Pawn);
        capturers
            .into_iter()
            .any(|from| self.en_passant_is_legal(us, from, target))
    }

    /// Draw by insufficient material, as python-chess judges it: both sides unable to
    /// mate by any sequence, counting help-mates by the other side's pieces.
    pub(crate) fn is_insufficient_material(&self) -> bool {
        Color::ALL.into_iter().all(|c| self.has_insufficient_material(c))
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.board.by_color(color);
        let heavy = self.board.by_kind(Kind::Pawn) | self.board.by_kind(Kind::Rook) | self.board.by_kind(Kind::Queen);
        if (ours & heavy).nonempty() {
            return false;
        }
        if (ours & self.board.by_kind(Kind::Knight)).nonempty() {
            let their_minor_or_heavy =
                self.board.by_color(!color) & !self.board.by_kind(Kind::King) & !self.board.by_kind(Kind::Queen);
            return ours.count() <= 2 && their_minor_or_heavy.is_empty();
        }
        let bishops = self.board.by_kind(Kind::Bishop);
        if (ours & bishops).nonempty() {
            let one_colour =
                (bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && self.board.by_kind(Kind::Pawn).is_empty()
                && self.board.by_kind(Kind::Knight).is_empty();
        }
        true
    }
}

impl Chess {
    /// Plays `mv`, one of the legal moves, on this position in place: on a copy for
    /// [`Position::play`], on the caller's child for [`Position::play_into`] (where the
    /// default, `play` and an assignment, made chess's perft 6% slower).
    fn apply(&mut self, mv: ChessMove) {
        let us = self.turn.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let role = self.board.kind_at(from).expect("a legal move starts on a piece");

        if let Some(ep) = self.en_passant {
            self.turn.hash ^= keys::EN_PASSANT[ep.file() as usize];
            self.en_passant = None;
        }
        self.turn.halfmove = self.turn.halfmove.saturating_add(1);
        if role == Kind::Pawn {
            self.turn.halfmove = 0;
        }
        if let Some(captured) = self
            .board
            .by_color(them)
            .contains(to)
            .then(|| self.board.kind_at(to))
            .flatten()
        {
            self.toggle(them, captured, to);
            self.turn.halfmove = 0;
        }

        self.toggle(us, role, from);
        match mv.kind() {
            MoveKind::Normal => {
                self.toggle(us, role, to);
                if role == Kind::Pawn && from.index().abs_diff(to.index()) == 16 {
                    let target = from.offset(us.forward());
                    if self.has_legal_en_passant(them, target) {
                        self.en_passant = Some(target);
                        self.turn.hash ^= keys::EN_PASSANT[target.file() as usize];
                    }
                }
            }
            MoveKind::Promotion(promoted) => self.toggle(us, promoted, to),
            MoveKind::EnPassant => {
                self.toggle(us, Kind::Pawn, to);
                self.toggle(them, Kind::Pawn, to.offset(-us.forward()));
            }
            MoveKind::Castle => {
                self.toggle(us, Kind::King, to);
                let (rook_from, rook_to) = castling_rook(to);
                self.toggle(us, Kind::Rook, rook_from);
                self.toggle(us, Kind::Rook, rook_to);
            }
        }

        let castling = CastlingRights(self.castling.0 & CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()]);
        if castling != self.castling {
            self.turn.hash ^= keys::CASTLING[self.castling.index()] ^ keys::CASTLING[castling.index()];
            self.castling = castling;
        }
        self.turn.end_move(keys::BLACK_TO_MOVE);
        self.refresh_checks();
    }
}

impl Position for Chess {
    type Move = ChessMove;

    const VARIANTS: &'static [Variant] = &[Variant::Chess];

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = self.board.hash(&keys::PIECES)
            ^ keys::CASTLING[self.castling.index()]
            ^ self.turn.side_key(keys::BLACK_TO_MOVE);
        if let Some(ep) = self.en_passant {
            hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        hash
    }

    fn legal_moves(&self, moves: &mut MoveList<ChessMove>) {
        sets::legal_moves(self, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        sets::count_legal_moves(self)
    }

    fn play(&self, mv: ChessMove) -> Chess {
        let mut next = *self;
        next.apply(mv);
        next
    }

    fn play_into(&self, mv: ChessMove, out: &mut Chess) {
        *out = *self;
        out.apply(mv);
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers.nonempty()
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if !any_legal_move {
            return Some(GameResult::mate_or_stalemate(self.in_check(), self.turn.side));
        }
        self.is_insufficient_material().then_some(GameResult {
            outcome: Outcome::Draw,
            reason: EndReason::InsufficientMaterial,
        })
    }
}

impl Notation for Chess {
    fn read_fen(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Chess, FenError> {
        fen::parse(fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| self.board.piece_at(sq).map(|(color, role)| role.fen_char(color)))
    }
}

impl SearchHints for Chess {
    const TACTICAL_GENERATION: bool = true;

    // Singular extensions and internal iterative reduction won in chess (SPRTs in
    // docs/STRENGTH.md).
    const SEARCH: SearchRules = SearchRules {
        singular_extensions: true,
        internal_iterative_reduction: true,
        futility_halfway: true,
        table_score_as_eval: true,
        prior_quiet_bonus: true,
        reduce_checks: true,
        ..SearchRules::STANDARD
    };

    // Longer thinking won in chess (SPRT in docs/STRENGTH.md) but lost in alice; a
    // best move that keeps changing is worth more of it.
    const TIME_USE: TimeUse = TimeUse {
        moves_to_go: 20,
        new_iteration_percent: [100, 85, 75, 65],
    };

    fn tactical_search_moves(&self, moves: &mut MoveList<ChessMove>) {
        self.tactical_moves(moves);
    }

    fn has_legal_move(&self) -> bool {
        sets::has_legal_move(self)
    }

    const CHEAP_GIVES_CHECK: bool = true;

    fn pawn_key(&self) -> Option<u64> {
        let white = self.board.pieces(Color::White, Kind::Pawn).0;
        let black = self.board.pieces(Color::Black, Kind::Pawn).0;
        // Both sets mixed apart, so that swapping them changes the key.
        Some(zobrist::mix(white ^ zobrist::mix(black)))
    }

    /// The moved man's attack from its square, or a slider's uncovered by the move, on
    /// the enemy king, with the board's men where the move leaves them.
    fn gives_check(&self, mv: ChessMove) -> bool {
        let us = self.turn.side;
        let king = self.king(!us);
        let (from, to) = (mv.from(), mv.to());
        let mut role = self.board.kind_at(from).expect("a legal move starts on a piece");
        let mut occupied = self.board.occupied().without(from).with(to);
        let mut ours = self.board.by_color(us).without(from);
        match mv.kind() {
            MoveKind::Normal => {}
            MoveKind::Promotion(promoted) => role = promoted,
            MoveKind::EnPassant => occupied = occupied.without(to.offset(-us.forward())),
            MoveKind::Castle => {
                let (rook_from, rook_to) = castling_rook(to);
                occupied = occupied.without(rook_from).with(rook_to);
                ours = ours.without(rook_from);
                if rook_attacks(rook_to, occupied).contains(king) {
                    return true;
                }
            }
        }
        // A king never checks: it cannot stand next to the other.
        if piece_attacks(role, us, to, occupied).contains(king) {
            return true;
        }
        let queens = self.board.by_kind(Kind::Queen);
        let diagonal = ours & (self.board.by_kind(Kind::Bishop) | queens);
        let straight = ours & (self.board.by_kind(Kind::Rook) | queens);
        ((bishop_attacks(king, occupied) & diagonal) | (rook_attacks(king, occupied) & straight)).nonempty()
    }

    #[inline(always)]
    fn is_capture(&self, mv: ChessMove) -> bool {
        self.board.by_color(!self.turn.side).contains(mv.to()) || mv.is_en_passant()
    }

    #[inline(always)]
    fn is_tactical(&self, mv: ChessMove) -> bool {
        self.is_capture(mv) || mv.is_promotion()
    }

    fn null_move(&self) -> Option<Chess> {
        // Zugzwang is common when only king and pawns are left.
        let pieces =
            self.board.by_color(self.turn.side) & !self.board.by_kind(Kind::Pawn) & !self.board.by_kind(Kind::King);
        if self.in_check() || pieces.is_empty() {
            return None;
        }
        let mut next = *self;
        if let Some(ep) = next.en_passant.take() {
            next.turn.hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        next.turn.hand_over(keys::BLACK_TO_MOVE);
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next.refresh_checks();
        Some(next)
    }
}

#[cfg(test)]
mod tests;
