//! Orthodox chess: copy-make position, legal move generation by check and pin
//! masks, incremental Zobrist hashing.

mod fen;
mod movegen;
pub(crate) mod view;

pub(crate) use fen::{parse_castling_field, write_castling_field};
pub(crate) use movegen::castling_squares;

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::game::{EndReason, FenError, Game, GameResult, MoveList, Outcome, RuleOptions, SearchRules, Variant};
use crate::types::{Color, Role, Square};
use std::fmt;

/// A chess move: origin, destination and what kind of move it is.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct ChessMove(u16);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    Castle,
    EnPassant,
    Promotion(Role),
}

impl ChessMove {
    const CASTLE: u16 = 1;
    const EN_PASSANT: u16 = 2;
    const PROMOTION: u16 = 4;

    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> ChessMove {
        let flags = match kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => Self::CASTLE,
            MoveKind::EnPassant => Self::EN_PASSANT,
            MoveKind::Promotion(role) => Self::PROMOTION | (role as u16 - Role::Knight as u16),
        };
        ChessMove(from.index() as u16 | (to.index() as u16) << 6 | flags << 12)
    }

    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        let flags = self.0 >> 12;
        if flags & Self::PROMOTION != 0 {
            MoveKind::Promotion(Role::ALL[Role::Knight as usize + (flags & 3) as usize])
        } else if flags == Self::CASTLE {
            MoveKind::Castle
        } else if flags == Self::EN_PASSANT {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        }
    }

    pub fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }
}

impl fmt::Display for ChessMove {
    /// UCI notation; castling as the king's two-square step (`e1g1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for ChessMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Castling rights, one bit each: white king-side, white queen-side, black king-side,
/// black queen-side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline(always)]
    const fn bit(color: Color, king_side: bool) -> u8 {
        1 << (2 * color as u8 + !king_side as u8)
    }

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

#[inline(always)]
fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    keys::PIECES[(color.index() * 6 + role.index()) * 64 + sq.index()]
}

/// An orthodox chess position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
    side: Color,
    castling: CastlingRights,
    /// Set only when the side to move has a legal en passant capture, so that the
    /// hash and FEN of equal positions are equal.
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Chess {
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Color, Role)> {
        let color = Color::ALL.into_iter().find(|c| self.by_color(*c).contains(sq))?;
        Some((color, self.role_at(sq)?))
    }

    #[inline(always)]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL.into_iter().find(|r| self.roles[r.index()].contains(sq))
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).first()
    }

    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Pieces of `by` attacking `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role(Role::Queen);
        let diagonal = (self.by_role(Role::Bishop) | queens) & bishop_attacks(sq, occupied);
        let straight = (self.by_role(Role::Rook) | queens) & rook_attacks(sq, occupied);
        let leapers = (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(!by, sq) & self.by_role(Role::Pawn));
        (diagonal | straight | leapers) & self.by_color(by)
    }

    #[inline(always)]
    fn put(&mut self, color: Color, role: Role, sq: Square) {
        self.roles[role.index()] = self.roles[role.index()].with(sq);
        self.colors[color.index()] = self.colors[color.index()].with(sq);
        self.hash ^= piece_key(color, role, sq);
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, role: Role, sq: Square) {
        self.roles[role.index()] = self.roles[role.index()].without(sq);
        self.colors[color.index()] = self.colors[color.index()].without(sq);
        self.hash ^= piece_key(color, role, sq);
    }

    /// Recomputes the check and pin state of the side to move.
    #[inline(always)]
    fn refresh_checks(&mut self) {
        let us = self.side;
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let theirs = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        // Our own pieces are transparent here, so every aligned slider is seen.
        let snipers = ((rook_attacks(king, theirs) & (self.by_role(Role::Rook) | queens))
            | (bishop_attacks(king, theirs) & (self.by_role(Role::Bishop) | queens)))
            & theirs;
        let mut checkers = ((knight_attacks(king) & self.by_role(Role::Knight))
            | (pawn_attacks(us, king) & self.by_role(Role::Pawn)))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.has_many() {
                pinned |= blockers & self.by_color(us);
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether a pawn of `us` on `from` may legally take en passant on `target`: the
    /// king must be safe once both pawns have left their squares.
    #[inline]
    fn en_passant_is_legal(&self, us: Color, from: Square, target: Square) -> bool {
        let victim = target.offset(-us.forward());
        let occupied = (self.occupied().without(from).without(victim)).with(target);
        let attackers = self.attackers(self.king(us), !us, occupied).without(victim);
        attackers.is_empty()
    }

    fn has_legal_en_passant(&self, us: Color, target: Square) -> bool {
        let capturers = pawn_attacks(!us, target) & self.pieces(us, Role::Pawn);
        capturers
            .into_iter()
            .any(|from| self.en_passant_is_legal(us, from, target))
    }

    /// Draw by insufficient material, as python-chess judges it: both sides unable to
    /// mate by any sequence, counting help-mates by the other side's pieces.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL.into_iter().all(|c| self.has_insufficient_material(c))
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy).nonempty() {
            return false;
        }
        if (ours & self.by_role(Role::Knight)).nonempty() {
            let their_minor_or_heavy = self.by_color(!color) & !self.by_role(Role::King) & !self.by_role(Role::Queen);
            return ours.count() <= 2 && their_minor_or_heavy.is_empty();
        }
        let bishops = self.by_role(Role::Bishop);
        if (ours & bishops).nonempty() {
            let one_colour =
                (bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour && self.by_role(Role::Pawn).is_empty() && self.by_role(Role::Knight).is_empty();
        }
        true
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = keys::CASTLING[self.castling.index()];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    hash ^= piece_key(color, role, sq);
                }
            }
        }
        if let Some(ep) = self.ep {
            hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        if self.side == Color::Black {
            hash ^= keys::BLACK_TO_MOVE;
        }
        hash
    }
}

impl Game for Chess {
    type Move = ChessMove;

    fn from_fen_with(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Chess, FenError> {
        fen::parse(fen)
    }

    fn variant(&self) -> Variant {
        Variant::Chess
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn legal_moves(&self, moves: &mut MoveList<ChessMove>) {
        self.generate(|set| {
            set.expand(self, |mv| moves.push(mv));
            false
        });
    }

    fn count_legal_moves(&self) -> u64 {
        let mut count = 0;
        self.generate(|set| {
            count += set.count();
            false
        });
        count
    }

    fn play(&self, mv: ChessMove) -> Chess {
        let mut next = *self;
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let role = self.role_at(from).expect("a legal move starts on a piece");

        if let Some(ep) = self.ep {
            next.hash ^= keys::EN_PASSANT[ep.file() as usize];
            next.ep = None;
        }
        next.halfmove = next.halfmove.saturating_add(1);
        if role == Role::Pawn {
            next.halfmove = 0;
        }
        if let Some(captured) = self.by_color(them).contains(to).then(|| self.role_at(to)).flatten() {
            next.remove(them, captured, to);
            next.halfmove = 0;
        }

        next.remove(us, role, from);
        match mv.kind() {
            MoveKind::Normal => {
                next.put(us, role, to);
                if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 {
                    let target = from.offset(us.forward());
                    if next.has_legal_en_passant(them, target) {
                        next.ep = Some(target);
                        next.hash ^= keys::EN_PASSANT[target.file() as usize];
                    }
                }
            }
            MoveKind::Promotion(promoted) => next.put(us, promoted, to),
            MoveKind::EnPassant => {
                next.put(us, Role::Pawn, to);
                next.remove(them, Role::Pawn, to.offset(-us.forward()));
            }
            MoveKind::Castle => {
                next.put(us, Role::King, to);
                let (rook_from, rook_to) = if to.file() == 6 {
                    (to.offset(1), to.offset(-1))
                } else {
                    (to.offset(-2), to.offset(1))
                };
                next.remove(us, Role::Rook, rook_from);
                next.put(us, Role::Rook, rook_to);
            }
        }

        let castling = CastlingRights(self.castling.0 & CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()]);
        if castling != self.castling {
            next.hash ^= keys::CASTLING[self.castling.index()] ^ keys::CASTLING[castling.index()];
            next.castling = castling;
        }
        if us == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = them;
        next.hash ^= keys::BLACK_TO_MOVE;
        next.refresh_checks();
        next
    }

    fn move_name(&self, mv: ChessMove) -> String {
        mv.to_string()
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers.nonempty()
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if !any_legal_move {
            return Some(GameResult::mate_or_stalemate(self.in_check(), self.side));
        }
        self.is_insufficient_material().then_some(GameResult {
            outcome: Outcome::Draw,
            reason: EndReason::InsufficientMaterial,
        })
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| self.piece_at(sq).map(|(color, role)| role.fen_char(color)))
    }

    const SEARCH: SearchRules = SearchRules {
        null_move: true,
        late_move_reductions: true,
        mandatory_capture: false,
    };

    #[inline(always)]
    fn is_capture(&self, mv: ChessMove) -> bool {
        self.by_color(!self.side).contains(mv.to()) || mv.kind() == MoveKind::EnPassant
    }

    #[inline(always)]
    fn is_tactical(&self, mv: ChessMove) -> bool {
        self.is_capture(mv) || matches!(mv.kind(), MoveKind::Promotion(_))
    }

    fn null_move(&self) -> Option<Chess> {
        // Zugzwang is common when only king and pawns are left.
        let pieces = self.by_color(self.side) & !self.by_role(Role::Pawn) & !self.by_role(Role::King);
        if self.in_check() || pieces.is_empty() {
            return None;
        }
        let mut next = *self;
        if let Some(ep) = next.ep.take() {
            next.hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        next.side = !self.side;
        next.hash ^= keys::BLACK_TO_MOVE;
        next.halfmove = next.halfmove.saturating_add(1);
        next.refresh_checks();
        Some(next)
    }

    #[inline(always)]
    fn move_code(mv: ChessMove) -> u32 {
        // Bit 16 keeps a1a1-like codes (never legal) apart from "no move".
        mv.0 as u32 | 1 << 16
    }

    const HISTORY_SIZE: usize = 2 * 64 * 64;

    #[inline(always)]
    fn history_index(&self, mv: ChessMove) -> usize {
        (self.side.index() * 64 + mv.from().index()) * 64 + mv.to().index()
    }
}

#[cfg(test)]
mod tests;
