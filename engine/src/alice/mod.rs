//! Alice chess: two 8x8 boards. A piece moves by the rules of chess on the board it
//! stands on, then passes through the looking-glass to the same square of the other
//! board, which must be empty.
//!
//! Every game's moves come from one destination-set generator (`destinations.rs`), its
//! variation's rules as constants; the general generator (`general.rs`), which plays
//! and judges each candidate, is the reference it is tested against, and lists the
//! moves of a position with an en passant chance.

mod destinations;
mod fen;
mod general;
mod packed;
#[cfg(test)]
mod tests;
mod view;

pub use fen::AliceFenError;
pub(crate) use general::Rules;

use crate::attacks::piece_attacks;
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::chess::{castling_rook, CastlingRights, CASTLING_KEEP};
use crate::game::{
    FenError, GameResult, MoveError, MoveList, Notation, Position, RuleOptions, SearchHints, SearchRules, Turn, Variant,
};
use crate::moves::PackedMove;
use crate::sets;
use crate::types::{Color, Kind, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// One board's pieces.
pub(crate) type Board = ChessBoard;

/// A board's index: A is 0, B is 1, C (in `alice3`) is 2.
pub type BoardId = usize;

/// The letter that names `board` in moves and FEN: A, B, C.
pub(crate) fn board_letter(board: BoardId) -> char {
    (b'A' + board as u8) as char
}

/// A move: origin square and board, destination square (the same on every board) and
/// board (where the piece ends after the transfer), and its kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct AliceMove(u32);

/// What an Alice move does besides moving one piece.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AliceMoveKind {
    /// A plain move or capture.
    Normal,
    /// Castling: the king moves two files, the rook comes along.
    Castle,
    /// An en passant capture (the `AliceEnPassant` rule).
    EnPassant,
    /// A pawn promoting to the given piece.
    Promotion(Kind),
}

impl AliceMove {
    const CASTLE: u32 = 1 << 16;
    const PROMOTION: u32 = 1 << 17;
    const EN_PASSANT: u32 = 1 << 20;

    /// A move from `from` on `from_board` to `to`, ending on `to_board`.
    #[inline(always)]
    pub fn new(from: Square, from_board: BoardId, to: Square, to_board: BoardId, kind: AliceMoveKind) -> AliceMove {
        let flags = match kind {
            AliceMoveKind::Normal => 0,
            AliceMoveKind::Castle => Self::CASTLE,
            AliceMoveKind::EnPassant => Self::EN_PASSANT,
            AliceMoveKind::Promotion(role) => Self::PROMOTION | (role as u32 - Kind::Knight as u32) << 18,
        };
        AliceMove(Self::squares(from, to) | (from_board as u32) << Self::FLAGS_SHIFT | (to_board as u32) << 14 | flags)
    }

    /// The board the piece moves on.
    #[inline(always)]
    pub fn from_board(self) -> BoardId {
        (self.0 >> 12 & 3) as usize
    }

    /// The board the piece ends on, after passing through the glass.
    #[inline(always)]
    pub fn to_board(self) -> BoardId {
        (self.0 >> 14 & 3) as usize
    }

    /// What the move does besides moving the piece.
    #[inline(always)]
    pub fn kind(self) -> AliceMoveKind {
        if self.0 & Self::PROMOTION != 0 {
            AliceMoveKind::Promotion(Kind::ALL[Kind::Knight as usize + (self.0 >> 18 & 3) as usize])
        } else if self.0 & Self::CASTLE != 0 {
            AliceMoveKind::Castle
        } else if self.0 & Self::EN_PASSANT != 0 {
            AliceMoveKind::EnPassant
        } else {
            AliceMoveKind::Normal
        }
    }

    /// The piece a pawn promotes to, if it does.
    pub fn promotion(self) -> Option<Kind> {
        match self.kind() {
            AliceMoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// The explicit notation, naming both boards: `Ae2Be4`, `Ae7Be8q`.
    pub fn explicit(self) -> String {
        let mut out = format!(
            "{}{}{}{}",
            board_letter(self.from_board()),
            self.from(),
            board_letter(self.to_board()),
            self.to()
        );
        if let Some(role) = self.promotion() {
            out.push(role.char());
        }
        out
    }

    /// Plain UCI notation, board letters left out.
    pub fn plain(self) -> String {
        let mut out = format!("{}{}", self.from(), self.to());
        if let Some(role) = self.promotion() {
            out.push(role.char());
        }
        out
    }
}

impl fmt::Display for AliceMove {
    /// The explicit form; [`Notation::move_name`] writes the plain one where it names
    /// one legal move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explicit())
    }
}

crate::moves::packed_move!(AliceMove, Square);

mod keys {
    use crate::zobrist;
    /// Per board, as [`crate::board::PieceKeys`].
    pub static PIECES: [[u64; 768]; 3] = {
        let flat: [u64; 3 * 768] = zobrist::keys(0xA11C_E001);
        let mut out = [[0; 768]; 3];
        let mut i = 0;
        while i < flat.len() {
            out[i / 768][i % 768] = flat[i];
            i += 1;
        }
        out
    };
    pub const CASTLING: [u64; 4] = zobrist::keys(0xA11C_E002);
    pub const EN_PASSANT: [u64; 3 * 8] = zobrist::keys(0xA11C_E004);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0xA11C_E003)[0];
}

fn castling_key(rights: CastlingRights) -> u64 {
    (0..4)
        .filter(|b| rights.bits() & (1 << b) != 0)
        .fold(0, |h, b| h ^ keys::CASTLING[b])
}

/// A pawn that has just double-stepped, with the `AliceEnPassant` rule on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EnPassant {
    /// The board the double step was played on, where the capture is made.
    pub board: BoardId,
    /// The square the pawn passed over.
    pub target: Square,
    /// The board the pawn stands on now.
    pub victim_board: BoardId,
}

impl EnPassant {
    fn key(&self) -> u64 {
        keys::EN_PASSANT[self.board * 8 + self.target.file() as usize]
    }
}

/// A position of an Alice game on `N` boards; `variant` selects the variation's rules.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AliceGame<const N: usize> {
    boards: [Board; N],
    variant: Variant,
    /// Whether the `AliceEnPassant` rule is in force.
    en_passant_rule: bool,
    /// Set only when a legal en passant capture exists, as in chess.
    en_passant: Option<EnPassant>,
    turn: Turn,
    castling: CastlingRights,
    /// The board the side to move has its king on, and the pieces checking it there.
    king_board: BoardId,
    checkers: Bitboard,
    /// Our pieces on the king's board that are the only blocker between the king and
    /// an enemy slider.
    pinned: Bitboard,
}

/// The two-board games: `alice` and its variations but the three-board one.
pub type Alice = AliceGame<2>;
/// Alice chess on three boards.
pub type Alice3 = AliceGame<3>;

impl<const N: usize> AliceGame<N> {
    /// The men on `board`.
    pub fn board(&self, board: BoardId) -> &ChessBoard {
        &self.boards[board]
    }

    /// The board and square of `color`'s king.
    pub fn king(&self, color: Color) -> (BoardId, Square) {
        for (id, board) in self.boards.iter().enumerate() {
            if let Some(sq) = board.pieces(color, Kind::King).try_first() {
                return (id, sq);
            }
        }
        // The FEN reader accepts only positions with one King a side that the side to
        // move cannot capture (by each variation's own check rule), and legal moves
        // never leave a King capturable, so no position ever lacks one.
        unreachable!("both kings are on the boards of a valid position")
    }

    /// The man on `sq` of `board`, if any.
    pub fn piece_at(&self, board: BoardId, sq: Square) -> Option<(Color, Kind)> {
        self.boards[board].piece_at(sq)
    }

    /// The men checking the side to move's king, on the king's board.
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    fn toggle(&mut self, board: BoardId, color: Color, role: Kind, sq: Square) {
        self.boards[board].toggle(color, role, sq, &keys::PIECES[board], &mut self.turn);
    }

    /// Recomputes the king board, checkers and pins of the side to move.
    #[inline(always)]
    fn refresh_checks(&mut self) {
        let us = self.turn.side;
        let (kb, king) = self.king(us);
        let (mut checkers, pinned) = self.boards[kb].checks_and_pins(king, us);
        if self.rules().zero_square_attacks {
            checkers |= self.zero_square_attackers(kb, king, !us);
        }
        self.king_board = kb;
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// The position after `mv`. An en passant chance is offered to the opponent only
    /// when `offer_en_passant`: finding out needs the opponent's moves, which legality
    /// tests of candidate moves do not.
    pub(super) fn play_inner(&self, mv: AliceMove, offer_en_passant: bool) -> Self {
        let mut next = *self;
        next.apply(mv, offer_en_passant);
        next
    }

    /// Copies this position into `out` one field at a time. The whole position is more
    /// than the compiler copies inline, and the wide stores of a `memcpy` call do not
    /// forward to `apply`'s first narrow reads, which then wait until they reach the
    /// cache (a fifth of `apply`'s time in perft).
    #[inline(always)]
    fn copy_into(&self, out: &mut Self) {
        // Named in full, so that a new field cannot be forgotten here.
        let Self {
            boards,
            variant,
            en_passant_rule,
            en_passant,
            turn,
            castling,
            king_board,
            checkers,
            pinned,
        } = *self;
        out.boards = boards;
        out.variant = variant;
        out.en_passant_rule = en_passant_rule;
        out.en_passant = en_passant;
        out.turn = turn;
        out.castling = castling;
        out.king_board = king_board;
        out.checkers = checkers;
        out.pinned = pinned;
    }

    /// Plays `mv` on this position in place: [`Position::play_into`] changes the
    /// caller's copy, where a body that returned its own copy by value copied the
    /// position twice (a tenth of minialice's perft time).
    fn apply(&mut self, mv: AliceMove, offer_en_passant: bool) {
        let us = self.turn.side;
        let them = !us;
        let (from, to, x, y) = (mv.from(), mv.to(), mv.from_board(), mv.to_board());
        let role = self.boards[x].kind_at(from).expect("a legal move starts on a piece");
        // A zero move (duo) captures on the board it arrives on; other moves on their own.
        let capture_board = if from == to { y } else { x };

        self.turn.halfmove = self.turn.halfmove.saturating_add(1);
        if role == Kind::Pawn {
            self.turn.halfmove = 0;
        }
        if let Some(ep) = self.en_passant {
            self.en_passant = None;
            self.turn.hash ^= ep.key();
            if mv.kind() == AliceMoveKind::EnPassant {
                self.toggle(ep.victim_board, them, Kind::Pawn, to.offset(-us.forward()));
            }
        }
        let captured = self.boards[capture_board].by_color(them).contains(to);
        if captured {
            let victim = self.boards[capture_board]
                .kind_at(to)
                .expect("an occupied square holds a piece");
            self.toggle(capture_board, them, victim, to);
            self.turn.halfmove = 0;
        }
        self.toggle(x, us, role, from);
        match mv.kind() {
            AliceMoveKind::Normal | AliceMoveKind::EnPassant => self.toggle(y, us, role, to),
            AliceMoveKind::Promotion(promoted) => self.toggle(y, us, promoted, to),
            AliceMoveKind::Castle => {
                self.toggle(y, us, Kind::King, to);
                let (rook_from, rook_to) = castling_rook(to);
                self.toggle(x, us, Kind::Rook, rook_from);
                self.toggle(y, us, Kind::Rook, rook_to);
            }
        }
        // Rights go with the king and rooks on their home board: a piece leaving a
        // home square there, or a capture on one, ends them.
        if self.castling.bits() != 0 {
            let rules = self.rules();
            let mut keep = 0b1111;
            for (board, sq) in [(x, from), (capture_board, to)] {
                for (color, bits) in [(Color::White, 0b0011), (Color::Black, 0b1100)] {
                    if board == rules.home(color) {
                        keep &= CASTLING_KEEP[sq.index()] | !bits;
                    }
                }
            }
            let castling = self.castling.keep(keep);
            if castling != self.castling {
                self.turn.hash ^= castling_key(self.castling) ^ castling_key(castling);
                self.castling = castling;
            }
        }
        self.turn.end_move(keys::BLACK_TO_MOVE);
        self.refresh_checks();
        if offer_en_passant && self.en_passant_rule && role == Kind::Pawn && from.index().abs_diff(to.index()) == 16 {
            self.offer_en_passant(EnPassant {
                board: x,
                target: from.offset(us.forward()),
                victim_board: y,
            });
        }
    }

    /// Keeps `ep` as the en passant state of the side to move if a capture there is legal.
    /// Out of line: its move list would give every `play` a 4 KiB stack frame.
    #[cold]
    #[inline(never)]
    pub(super) fn offer_en_passant(&mut self, ep: EnPassant) {
        self.en_passant = Some(ep);
        self.turn.hash ^= ep.key();
        let mut moves = MoveList::new();
        self.en_passant_moves(&mut moves, &self.rules(), ep);
        if moves.is_empty() {
            self.en_passant = None;
            self.turn.hash ^= ep.key();
        }
    }

    /// Minialice's count: both boards at once where no move is at stake, else the sets
    /// (out of line, so that the common case needs no room for them).
    #[inline(never)]
    fn count_minialice(&self) -> u64 {
        #[inline(never)]
        fn by_sets<const N: usize>(pos: &AliceGame<N>) -> u64 {
            pos.count_moves()
        }
        self.count_packed().unwrap_or_else(|| by_sets(self))
    }

    /// The en passant chance of the side to move, kept only when a capture there is legal.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    /// The number of legal moves of a position with an en passant chance, from the
    /// general generator's list. Out of line: inlined, the list would give every count
    /// and every quiescence node a 4 KiB stack frame.
    #[cold]
    #[inline(never)]
    fn en_passant_move_count(&self) -> u64 {
        self.legal_move_list().len() as u64
    }
}

impl<const N: usize> Position for AliceGame<N> {
    type Move = AliceMove;

    const VARIANTS: &'static [Variant] = if N == 3 {
        &[Variant::Alice3]
    } else {
        &[
            Variant::Alice,
            Variant::Alice2,
            Variant::MsAlice,
            Variant::ODonohue,
            Variant::Duo,
            Variant::MiniAlice,
        ]
    };

    fn variant(&self) -> Variant {
        self.variant
    }

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = castling_key(self.castling) ^ self.turn.side_key(keys::BLACK_TO_MOVE);
        for (board, keys) in self.boards.iter().zip(&keys::PIECES) {
            hash ^= board.hash(keys);
        }
        if let Some(ep) = self.en_passant {
            hash ^= ep.key();
        }
        hash
    }

    fn legal_moves(&self, moves: &mut MoveList<AliceMove>) {
        // An en passant chance (rare, and only with the option) is left to the general
        // generator, which lists the capture last.
        if self.en_passant.is_some() {
            self.generate_general(moves);
        } else {
            sets::legal_moves(self, moves);
        }
    }

    fn count_legal_moves(&self) -> u64 {
        if self.en_passant.is_some() {
            return self.en_passant_move_count();
        }
        if self.variant == Variant::MiniAlice {
            return self.count_minialice();
        }
        self.count_moves()
    }

    fn play(&self, mv: AliceMove) -> Self {
        self.play_inner(mv, true)
    }

    fn play_into(&self, mv: AliceMove, out: &mut Self) {
        self.copy_into(out);
        out.apply(mv, true);
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers.nonempty()
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if any_legal_move {
            return None;
        }
        Some(GameResult::mate_or_stalemate(self.in_check(), self.turn.side))
    }
}

impl<const N: usize> Notation for AliceGame<N> {
    fn read_fen(variant: Variant, fen: &str, options: &RuleOptions) -> Result<Self, FenError> {
        fen::parse(variant, fen, options)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn move_name(&self, mv: AliceMove) -> String {
        if self.variant == Variant::Alice {
            return mv.plain();
        }
        // Plain where it names one legal move; zero moves and three boards always explicit.
        if N == 2 && mv.from() != mv.to() {
            let moves = self.legal_move_list();
            let plain = mv.plain();
            if moves.iter().filter(|m| m.plain() == plain).count() == 1 {
                return plain;
            }
        }
        mv.explicit()
    }

    fn parse_move(&self, text: &str) -> Result<AliceMove, MoveError> {
        let moves = self.moves_to_parse()?;
        if let Some(&mv) = moves.iter().find(|mv| mv.explicit() == text) {
            return Ok(mv);
        }
        let mut plain = moves.iter().filter(|mv| mv.from() != mv.to() && mv.plain() == text);
        match (plain.next(), plain.next()) {
            (Some(&mv), None) => Ok(mv),
            (Some(_), Some(_)) => Err(MoveError::Ambiguous(text.to_string())),
            _ => Err(MoveError::Illegal(text.to_string())),
        }
    }

    fn render(&self) -> String {
        let files = self.rules().files;
        let mut out = String::from("   ");
        for id in 0..N {
            out.push_str(&format!(
                " Board {}{}",
                board_letter(id),
                " ".repeat(2 * files as usize - 5)
            ));
        }
        out.push('\n');
        for rank in (0..8).rev() {
            out.push_str(&format!(" {} ", rank + 1));
            for board in &self.boards {
                for file in 0..files {
                    let sq = Square::from_coords(file, rank);
                    let c = board.piece_at(sq).map_or('.', |(color, role)| role.fen_char(color));
                    out.push(' ');
                    out.push(c);
                }
                out.push_str("   ");
            }
            out.push('\n');
        }
        out.push_str("   ");
        for _ in 0..N {
            for file in 0..files {
                out.push(' ');
                out.push((b'a' + file) as char);
            }
            out.push_str("   ");
        }
        out.push('\n');
        out
    }
}

impl<const N: usize> SearchHints for AliceGame<N> {
    const TACTICAL_GENERATION: bool = true;

    // Singular extensions won in alice as in chess (SPRT in docs/STRENGTH.md).
    const SEARCH: SearchRules = SearchRules {
        singular_extensions: true,
        ..SearchRules::STANDARD
    };

    fn tactical_search_moves(&self, moves: &mut MoveList<AliceMove>) {
        if self.en_passant.is_some() {
            self.legal_moves(moves);
            moves.retain(|mv| self.is_tactical(*mv));
        } else {
            self.tactical_set_moves(moves);
        }
    }

    fn has_legal_move(&self) -> bool {
        if self.en_passant.is_some() {
            self.en_passant_move_count() != 0
        } else {
            sets::has_legal_move(self)
        }
    }

    const CHEAP_GIVES_CHECK: bool = true;

    /// The enemy king is not in check before the move, so only what the move changes on
    /// the king's board can check it there: a man arriving (the castling rook too), or
    /// a line opened by a man leaving or a man taken; in Duo, also one of ours landing
    /// on the king's square of another board.
    fn gives_check(&self, mv: AliceMove) -> bool {
        let us = self.turn.side;
        let (kb, king) = self.king(!us);
        let (from, to, x, y) = (mv.from(), mv.to(), mv.from_board(), mv.to_board());
        let role = self.boards[x].kind_at(from).expect("a legal move starts on a piece");
        // The men that arrive on board `y`, and the squares that empty on board `x`.
        let mut arrivals = ArrayVec::<(Kind, Square), 2>::new();
        let mut vacated = Bitboard::from_square(from);
        // A move takes on the board it is made on; a zero move (Duo) where it arrives.
        let capture_board = if from == to { y } else { x };
        let mut taken = Bitboard::EMPTY;
        if capture_board == kb && self.boards[kb].by_color(!us).contains(to) {
            taken = taken.with(to);
        }
        match mv.kind() {
            AliceMoveKind::Normal => arrivals.push((role, to)),
            AliceMoveKind::Promotion(promoted) => arrivals.push((promoted, to)),
            AliceMoveKind::EnPassant => {
                arrivals.push((role, to));
                if self.en_passant.is_some_and(|ep| ep.victim_board == kb) {
                    taken = taken.with(to.offset(-us.forward()));
                }
            }
            AliceMoveKind::Castle => {
                let (rook_from, rook_to) = castling_rook(to);
                vacated = vacated.with(rook_from);
                arrivals.push((role, to));
                arrivals.push((Kind::Rook, rook_to));
            }
        }
        let board = &self.boards[kb];
        let left = if x == kb { vacated } else { Bitboard::EMPTY };
        let mut occupied = board.occupied() & !left & !taken;
        if y == kb {
            for &(_, sq) in &arrivals {
                occupied = occupied.with(sq);
            }
        }
        let arrival_checks = |&(kind, sq): &(Kind, Square)| {
            if y == kb {
                piece_attacks(kind, us, sq, occupied).contains(king)
            } else {
                // Duo: a man but a pawn on the king's square of another board.
                self.rules().zero_square_attacks && sq == king && kind != Kind::Pawn
            }
        };
        (board.attackers(king, us, occupied) & !left).nonempty() || arrivals.iter().any(arrival_checks)
    }

    #[inline(always)]
    fn is_capture(&self, mv: AliceMove) -> bool {
        let board = if mv.from() == mv.to() {
            mv.to_board()
        } else {
            mv.from_board()
        };
        self.boards[board].by_color(!self.turn.side).contains(mv.to())
    }

    #[inline(always)]
    fn is_tactical(&self, mv: AliceMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn null_move(&self) -> Option<Self> {
        let pieces = self.boards.iter().fold(Bitboard::EMPTY, |acc, b| {
            acc | (b.by_color(self.turn.side) & !b.by_kind(Kind::Pawn) & !b.by_kind(Kind::King))
        });
        if self.in_check() || pieces.is_empty() {
            return None;
        }
        let mut next = *self;
        if let Some(ep) = next.en_passant.take() {
            next.turn.hash ^= ep.key();
        }
        next.turn.hand_over(keys::BLACK_TO_MOVE);
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next.refresh_checks();
        Some(next)
    }

    const HISTORY_SIZE: usize = 2 * 3 * 64 * 64;

    #[inline(always)]
    fn history_index(&self, mv: AliceMove) -> usize {
        ((self.turn.side.index() * 3 + mv.from_board()) * 64 + mv.from().index()) * 64 + mv.to().index()
    }
}
