//! Jabberwocky chess: every piece that moves becomes the next type of the cycle
//! King > Pawn > Knight > Bishop > Rook > Queen > King. Kings are ordinary pieces that
//! can be captured, any number of them; capturing is compulsory, and a move after which
//! the mover has no King is illegal. The side to move with no legal move loses.
//!
//! Legality needs no trial move: a move removes the mover's King only when the moving
//! piece is a King, and adds one only when it is a Queen, so it keeps a King exactly
//! when the mover has two Kings or more, or the moving piece is not a King and the mover
//! has one, or the moving piece is a Queen.

mod fen;
#[cfg(test)]
mod tests;
mod view;

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attack_set, queen_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::game::{
    EndReason, FenError, GameResult, MoveError, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints,
    SearchRules, Turn, Variant,
};
use crate::moves::{kind_choice, PackedMove};
use crate::sets::{self, DestinationSet, SetGenerator};
use crate::types::{Color, Kind, Square};
use std::fmt;

/// The type a piece of `kind` becomes after it moves (a King on its farthest rank
/// chooses instead).
#[inline(always)]
pub(crate) const fn next_kind(kind: Kind) -> Kind {
    match kind {
        Kind::King => Kind::Pawn,
        Kind::Pawn => Kind::Knight,
        Kind::Knight => Kind::Bishop,
        Kind::Bishop => Kind::Rook,
        Kind::Rook => Kind::Queen,
        Kind::Queen => Kind::King,
    }
}

/// The farthest rank of `color` (where its Kings choose their new type).
#[inline(always)]
pub(crate) const fn far_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::RANK_8,
        Color::Black => Bitboard::RANK_1,
    }
}

/// A move: origin, destination and, for a King arriving on its farthest rank, the
/// type it chooses.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct JabberwockyMove(u16);

impl JabberwockyMove {
    /// A move from `from` to `to`; `choice` is the type a King on its farthest rank becomes.
    #[inline(always)]
    pub fn new(from: Square, to: Square, choice: Option<Kind>) -> JabberwockyMove {
        JabberwockyMove(Self::squares(from, to) as u16 | kind_choice::pack(choice))
    }

    /// The type a King chooses on its farthest rank.
    #[inline(always)]
    pub fn choice(self) -> Option<Kind> {
        kind_choice::unpack(self.0)
    }
}

impl fmt::Display for JabberwockyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f, self.choice().map(Kind::char))
    }
}

crate::moves::packed_move!(JabberwockyMove, Square);

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 768] = zobrist::keys(0x7ABB_E001);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0x7ABB_E002)[0];
}

/// The legal destinations of one piece.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MoveSet {
    pub from: Square,
    pub to: Bitboard,
    /// Destinations where the piece (a King) chooses among four types.
    pub choose: Bitboard,
}

impl DestinationSet<Jabberwocky> for MoveSet {
    #[inline(always)]
    fn count(&self) -> u64 {
        self.to.count() as u64 + 3 * (self.to & self.choose).count() as u64
    }

    #[inline(always)]
    fn expand(&self, _: &Jabberwocky, mut emit: impl FnMut(JabberwockyMove)) {
        for to in self.to {
            if self.choose.contains(to) {
                for kind in Kind::PROMOTIONS {
                    emit(JabberwockyMove::new(self.from, to, Some(kind)));
                }
            } else {
                emit(JabberwockyMove::new(self.from, to, None));
            }
        }
    }
}

/// A Jabberwocky position: men of the six chess types, any number of each, with no
/// castling or en passant state; the halfmove clock counts plies since a capture
/// (pawn moves do not reset it in this game).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Jabberwocky {
    board: ChessBoard,
    turn: Turn,
}

/// The square in front of each pawn of `color`.
#[inline(always)]
fn pawn_pushes(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => pawns.north(),
        Color::Black => pawns.south(),
    }
}

impl Jabberwocky {
    /// The men on the board.
    #[inline(always)]
    pub fn board(&self) -> &ChessBoard {
        &self.board
    }

    #[inline(always)]
    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        self.board.toggle(color, kind, sq, &keys::PIECES, &mut self.turn);
    }

    /// Whether `color` has any capture, legal or not (the compulsory-capture test comes
    /// before the King test).
    pub(crate) fn has_capture(&self, color: Color) -> bool {
        let theirs = self.board.by_color(!color);
        let occupied = self.board.occupied();
        if (pawn_attack_set(color, self.board.pieces(color, Kind::Pawn)) & theirs).nonempty() {
            return true;
        }
        let mut near = Bitboard::EMPTY;
        for from in self.board.pieces(color, Kind::King) {
            near |= king_attacks(from);
        }
        for from in self.board.pieces(color, Kind::Knight) {
            near |= knight_attacks(from);
        }
        if (near & theirs).nonempty() {
            return true;
        }
        let queens = self.board.pieces(color, Kind::Queen);
        for from in self.board.pieces(color, Kind::Bishop) | queens {
            if (bishop_attacks(from, occupied) & theirs).nonempty() {
                return true;
            }
        }
        for from in self.board.pieces(color, Kind::Rook) | queens {
            if (rook_attacks(from, occupied) & theirs).nonempty() {
                return true;
            }
        }
        false
    }
}

impl SetGenerator for Jabberwocky {
    type Set = MoveSet;

    #[inline(always)]
    fn generate(&self, mut visit: impl FnMut(MoveSet) -> bool) {
        let us = self.turn.side;
        let occupied = self.board.occupied();
        let capturing = self.has_capture(us);
        let targets = if capturing { self.board.by_color(!us) } else { !occupied };
        let kings = self.board.pieces(us, Kind::King).count();

        macro_rules! emit {
            ($from:expr, $to:expr, $choose:expr) => {{
                let to: Bitboard = $to;
                if to.nonempty()
                    && visit(MoveSet {
                        from: $from,
                        to,
                        choose: $choose,
                    })
                {
                    return;
                }
            }};
        }

        // Only a Queen's move gives a King to a side that has none.
        for from in self.board.pieces(us, Kind::Queen) {
            emit!(from, queen_attacks(from, occupied) & targets, Bitboard::EMPTY);
        }
        if kings == 0 {
            return;
        }
        // A side's last King cannot move: it would stop being a King.
        if kings >= 2 {
            for from in self.board.pieces(us, Kind::King) {
                emit!(from, king_attacks(from) & targets, far_rank(us));
            }
        }
        for from in self.board.pieces(us, Kind::Knight) {
            emit!(from, knight_attacks(from) & targets, Bitboard::EMPTY);
        }
        for from in self.board.pieces(us, Kind::Bishop) {
            emit!(from, bishop_attacks(from, occupied) & targets, Bitboard::EMPTY);
        }
        for from in self.board.pieces(us, Kind::Rook) {
            emit!(from, rook_attacks(from, occupied) & targets, Bitboard::EMPTY);
        }
        for from in self.board.pieces(us, Kind::Pawn) {
            let single = Bitboard::from_square(from);
            let to = if capturing {
                pawn_attack_set(us, single) & targets
            } else {
                pawn_pushes(us, single) & targets
            };
            emit!(from, to, Bitboard::EMPTY);
        }
    }
}

impl Jabberwocky {
    /// Whether `mv` is a pawn's step onto its last rank (written without suffix, its
    /// Knight being forced; `n` is accepted).
    fn is_pawn_to_last_rank(&self, mv: JabberwockyMove) -> bool {
        self.board.pieces(self.turn.side, Kind::Pawn).contains(mv.from()) && far_rank(self.turn.side).contains(mv.to())
    }
}

impl Position for Jabberwocky {
    type Move = JabberwockyMove;

    const VARIANTS: &'static [Variant] = &[Variant::Jabberwocky];

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        self.board.hash(&keys::PIECES) ^ self.turn.side_key(keys::BLACK_TO_MOVE)
    }

    fn legal_moves(&self, moves: &mut MoveList<JabberwockyMove>) {
        sets::legal_moves(self, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        sets::count_legal_moves(self)
    }

    fn play(&self, mv: JabberwockyMove) -> Jabberwocky {
        let mut next = *self;
        let us = self.turn.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let kind = self.board.kind_at(from).expect("a legal move starts on a piece");

        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        if self.board.by_color(them).contains(to) {
            let captured = self.board.kind_at(to).expect("an occupied square holds a piece");
            next.toggle(them, captured, to);
            next.turn.halfmove = 0;
        }
        next.toggle(us, kind, from);
        next.toggle(us, mv.choice().unwrap_or(next_kind(kind)), to);
        next.turn.end_move(keys::BLACK_TO_MOVE);
        next
    }

    /// There is no check in this game.
    #[inline(always)]
    fn in_check(&self) -> bool {
        false
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        (!any_legal_move).then_some(GameResult {
            outcome: Outcome::Win(!self.turn.side),
            reason: EndReason::NoLegalMove,
        })
    }
}

impl Notation for Jabberwocky {
    fn read_fen(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Jabberwocky, FenError> {
        fen::parse(fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn parse_move(&self, text: &str) -> Result<JabberwockyMove, MoveError> {
        let moves = self.moves_to_parse()?;
        let bare = text.strip_suffix('n');
        moves
            .into_iter()
            .find(|&mv| {
                let name = mv.to_string();
                name == text || (bare == Some(name.as_str()) && self.is_pawn_to_last_rank(mv))
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| self.board.piece_at(sq).map(|(color, kind)| kind.fen_char(color)))
    }
}

impl SearchHints for Jabberwocky {
    /// Capturing is compulsory, so neither a pass nor a stand-pat is a choice the
    /// rules give.
    const SEARCH: SearchRules = SearchRules {
        null_move: false,
        mandatory_capture: true,
        ..SearchRules::STANDARD
    };

    #[inline(always)]
    fn is_capture(&self, mv: JabberwockyMove) -> bool {
        self.board.by_color(!self.turn.side).contains(mv.to())
    }

    #[inline(always)]
    fn is_tactical(&self, mv: JabberwockyMove) -> bool {
        self.is_capture(mv)
    }

    fn null_move(&self) -> Option<Jabberwocky> {
        None
    }
}
