//! Superpermutation chess: the chess pieces, but only Kings capture; every piece still
//! attacks as in chess for check. A King not in check may teleport (swap squares with
//! a friendly piece that is not a pawn), and loses at once if that leaves it attacked.
//! After every other move the moved piece swaps places with whatever stands directly
//! in front of it, again and again (the chain), unless the move gives check; a swap
//! that gives check ends the chain.
//!
//! Move generation: a move whose destination has nothing in front of it after the
//! move, or that gives check on landing, has no chain and is judged as in chess (check
//! and pin masks, bulk counted). Every other move is played out and judged on the
//! result, since the chain moves pieces of both sides into and out of lines.

mod fen;
#[cfg(test)]
mod tests;
mod view;

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, piece_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::game::{
    EndReason, FenError, GameResult, MoveError, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints,
    SearchRules, Turn, Variant,
};
use crate::moves::{kind_choice, PackedMove};
use crate::types::{Color, Kind, Square};
use std::fmt;

/// A move: origin and destination as written (for a teleport, the King's square and
/// its partner's), and a promotion or teleportation flag. The chain is not stored: it
/// follows from the position.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct SuperpermMove(u16);

impl SuperpermMove {
    const TELEPORT: u16 = 1 << 15;

    /// A move from `from` to `to`, promoting when `promotion` says so.
    #[inline(always)]
    pub fn new(from: Square, to: Square, promotion: Option<Kind>) -> SuperpermMove {
        SuperpermMove(Self::squares(from, to) as u16 | kind_choice::pack(promotion))
    }

    /// The King on `king` swaps places with the friendly piece on `piece`.
    #[inline(always)]
    pub(crate) fn teleport(king: Square, piece: Square) -> SuperpermMove {
        SuperpermMove(Self::squares(king, piece) as u16 | Self::TELEPORT)
    }

    /// The piece a pawn promotes to, if it does.
    #[inline(always)]
    pub fn promotion(self) -> Option<Kind> {
        kind_choice::unpack(self.0)
    }

    /// Whether the King teleports, swapping with a man of its side.
    #[inline(always)]
    pub fn is_teleport(self) -> bool {
        self.0 & Self::TELEPORT != 0
    }

    #[inline(always)]
    fn with_promotion(self, kind: Kind) -> SuperpermMove {
        SuperpermMove::new(self.from(), self.to(), Some(kind))
    }
}

impl fmt::Display for SuperpermMove {
    /// UCI-like: `e2e4`, `b2b4q` (promotion at the end of the chain), `e1b1` (teleport).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f, self.promotion().map(Kind::char))
    }
}

crate::moves::packed_move!(SuperpermMove, Square);

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 768] = zobrist::keys(0x5E9E_7001);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0x5E9E_7002)[0];
    pub const LOST: u64 = zobrist::keys::<1>(0x5E9E_7003)[0];
}

/// The square in front of `sq` for `color`, if any.
#[inline(always)]
fn front(color: Color, sq: Square) -> Option<Square> {
    match color {
        Color::White => (sq.rank() < 7).then(|| sq.offset(8)),
        Color::Black => (sq.rank() > 0).then(|| sq.offset(-8)),
    }
}

/// The squares whose front square (for `color`) is in `set`.
#[inline(always)]
fn behind(color: Color, set: Bitboard) -> Bitboard {
    match color {
        Color::White => set.south(),
        Color::Black => set.north(),
    }
}

/// Moves found by the generator: a piece's destinations judged by masks (no chain),
/// or one move played out.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Generated {
    Set { kind: Kind, from: Square, to: Bitboard },
    One(SuperpermMove),
}

/// A Superpermutation position: one King a side, no castling or en passant state, and
/// whether the last move lost by teleporting into check.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Superperm {
    board: ChessBoard,
    turn: Turn,
    /// Plies since a King captured or a pawn moved (pawns carried by a chain do not count).
    /// The last move was a teleportation that left its King attacked: its side lost.
    lost: bool,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Superperm {
    /// The men on the board.
    #[inline(always)]
    pub fn board(&self) -> &ChessBoard {
        &self.board
    }

    /// `color`'s King square.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.board.pieces(color, Kind::King).first()
    }

    /// The men checking the side to move's King.
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side that made the last move lost it by teleporting into check.
    pub fn is_lost_by_teleport(&self) -> bool {
        self.lost
    }

    /// Whether `color`'s King is attacked.
    #[inline(always)]
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        self.board
            .attackers(self.king(color), !color, self.board.occupied())
            .nonempty()
    }

    #[inline(always)]
    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        self.board.toggle(color, kind, sq, &keys::PIECES, &mut self.turn);
    }

    /// Recomputes the checkers and pinned pieces of the side to move.
    fn refresh_checks(&mut self) {
        (self.checkers, self.pinned) = self.board.checks_and_pins(self.king(self.turn.side), self.turn.side);
    }

    /// Whether a piece of the side to move going from `from` to `to` attacks the
    /// enemy King on landing, directly or by uncovering a line.
    #[inline(always)]
    fn gives_check(&self, kind: Kind, from: Square, to: Square) -> bool {
        let us = self.turn.side;
        let target = self.king(!us);
        let occupied = self.board.occupied().without(from).with(to);
        if piece_attacks(kind, us, to, occupied).contains(target) {
            return true;
        }
        let ours = self.board.by_color(us).without(from);
        let queens = self.board.by_kind(Kind::Queen);
        let sliders = (bishop_attacks(target, occupied) & (self.board.by_kind(Kind::Bishop) | queens))
            | (rook_attacks(target, occupied) & (self.board.by_kind(Kind::Rook) | queens));
        (sliders & ours).nonempty()
    }

    /// Plays `mv` without the bookkeeping of the next turn (checks, pins); returns the
    /// position and the square where the moved piece ends.
    fn make(&self, mv: SuperpermMove) -> (Superperm, Square) {
        let mut next = *self;
        let us = self.turn.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        next.lost = false;
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        if mv.is_teleport() {
            let kind = self.board.kind_at(to).expect("a teleport swaps with a piece");
            next.toggle(us, Kind::King, from);
            next.toggle(us, kind, to);
            next.toggle(us, Kind::King, to);
            next.toggle(us, kind, from);
            next.lost = next.king_attacked(us);
            return (next, to);
        }
        let kind = self.board.kind_at(from).expect("a legal move starts on a piece");
        if kind == Kind::Pawn {
            next.turn.halfmove = 0;
        }
        if self.board.by_color(them).contains(to) {
            let captured = self.board.kind_at(to).expect("an occupied square holds a piece");
            next.toggle(them, captured, to);
            next.turn.halfmove = 0;
        }
        next.toggle(us, kind, from);
        next.toggle(us, kind, to);
        let mut at = to;
        if !next.king_attacked(them) {
            while let Some(ahead) = front(us, at) {
                let Some((color, other)) = next.board.piece_at(ahead) else {
                    break;
                };
                next.toggle(color, other, ahead);
                next.toggle(us, kind, at);
                next.toggle(us, kind, ahead);
                // A pawn pushed back onto its last rank becomes a Queen at once.
                let arrived = if other == Kind::Pawn && Bitboard::last_rank(color).contains(at) {
                    Kind::Queen
                } else {
                    other
                };
                next.toggle(color, arrived, at);
                at = ahead;
                if next.king_attacked(them) {
                    break;
                }
            }
        }
        if let Some(promoted) = mv.promotion() {
            next.toggle(us, Kind::Pawn, at);
            next.toggle(us, promoted, at);
        }
        (next, at)
    }

    /// The square where the piece moved by `mv` ends, after its chain.
    pub(crate) fn chain_end(&self, mv: SuperpermMove) -> Square {
        self.make(mv).1
    }

    /// Plays out a move that may have a chain: the moves it makes legal (one, or four
    /// promotions when a pawn ends on its last rank).
    #[inline]
    fn try_chain(&self, kind: Kind, from: Square, to: Square, visit: &mut impl FnMut(Generated)) {
        let mv = SuperpermMove::new(from, to, None);
        let (next, end) = self.make(mv);
        if next.king_attacked(self.turn.side) {
            return;
        }
        if kind == Kind::Pawn && Bitboard::last_rank(self.turn.side).contains(end) {
            for promoted in Kind::PROMOTIONS {
                visit(Generated::One(mv.with_promotion(promoted)));
            }
        } else {
            visit(Generated::One(mv));
        }
    }

    /// Calls `visit` with every legal move of the side to move, as destination sets
    /// where no chain follows and one by one where one may.
    #[inline(always)]
    pub(crate) fn generate(&self, mut visit: impl FnMut(Generated)) {
        if self.lost {
            return;
        }
        let us = self.turn.side;
        let them = !us;
        let ours = self.board.by_color(us);
        let occupied = self.board.occupied();
        let empty = !occupied;
        let king = self.king(us);

        // King steps and captures.
        {
            let dest = king_attacks(king) & !ours;
            let without_king = occupied.without(king);
            let chainy = dest & behind(us, without_king);
            let mut plain = Bitboard::EMPTY;
            for to in dest {
                let safe = self.board.attackers(to, them, without_king).without(to).is_empty();
                if chainy.contains(to) && !self.gives_check(Kind::King, king, to) {
                    self.try_chain(Kind::King, king, to, &mut visit);
                } else if safe {
                    plain = plain.with(to);
                }
            }
            if plain.nonempty() {
                visit(Generated::Set {
                    kind: Kind::King,
                    from: king,
                    to: plain,
                });
            }
        }

        // Teleportation, never out of check.
        if self.checkers.is_empty() {
            let partners = ours & !self.board.by_kind(Kind::Pawn) & !self.board.by_kind(Kind::King);
            for piece in partners {
                visit(Generated::One(SuperpermMove::teleport(king, piece)));
            }
        }

        // What a move without chain must satisfy: block a single check, keep a pin.
        let check_mask = match self.checkers.count() {
            0 => Bitboard::FULL,
            1 => between(king, self.checkers.first()),
            _ => Bitboard::EMPTY,
        };
        let pinned = self.pinned;
        let mut piece = |kind: Kind, from: Square, dest: Bitboard| {
            let mut mask = check_mask;
            if pinned.contains(from) {
                mask &= line(king, from);
            }
            let chainy = dest & behind(us, occupied.without(from));
            let mut plain = dest & !chainy & mask;
            for to in chainy {
                if self.gives_check(kind, from, to) {
                    if mask.contains(to) {
                        plain = plain.with(to);
                    }
                } else {
                    self.try_chain(kind, from, to, &mut visit);
                }
            }
            if plain.nonempty() {
                visit(Generated::Set { kind, from, to: plain });
            }
        };

        for from in self.board.pieces(us, Kind::Knight) {
            piece(Kind::Knight, from, knight_attacks(from) & empty);
        }
        for from in self.board.pieces(us, Kind::Bishop) {
            piece(Kind::Bishop, from, bishop_attacks(from, occupied) & empty);
        }
        for from in self.board.pieces(us, Kind::Rook) {
            piece(Kind::Rook, from, rook_attacks(from, occupied) & empty);
        }
        for from in self.board.pieces(us, Kind::Queen) {
            piece(
                Kind::Queen,
                from,
                (bishop_attacks(from, occupied) | rook_attacks(from, occupied)) & empty,
            );
        }
        for from in self.board.pieces(us, Kind::Pawn) {
            let Some(one) = front(us, from) else {
                continue;
            };
            if occupied.contains(one) {
                continue;
            }
            let mut dest = Bitboard::from_square(one);
            if from.relative_rank(us) == 1 {
                let two = front(us, one).expect("the fourth rank exists");
                if !occupied.contains(two) {
                    dest = dest.with(two);
                }
            }
            piece(Kind::Pawn, from, dest);
        }
    }

    /// The seed's long notation: piece letter, the move's squares and the chain's end
    /// when it differs (`Ra1-b1-b2`, `e7-e5-e4`, `b2-b4-b8=Q`), then `+` or `#`.
    /// A teleportation is written with the King's letter (`Ke1-b1`).
    pub fn long_name(&self, mv: SuperpermMove) -> String {
        let kind = if mv.is_teleport() {
            Kind::King
        } else {
            self.board.kind_at(mv.from()).expect("a legal move starts on a piece")
        };
        let mut out = String::new();
        if kind != Kind::Pawn {
            out.push(kind.char().to_ascii_uppercase());
        }
        out.push_str(&format!("{}-{}", mv.from(), mv.to()));
        let next = self.play(mv);
        let end = self.chain_end(mv);
        if end != mv.to() && !mv.is_teleport() {
            out.push_str(&format!("-{end}"));
        }
        if let Some(promoted) = mv.promotion() {
            out.push('=');
            out.push(promoted.char().to_ascii_uppercase());
        }
        if next.in_check() {
            out.push(if next.count_legal_moves() == 0 { '#' } else { '+' });
        }
        out
    }

    /// Reads the long notation (`Ra1-b1-b2`, `b2-b4-b8=Q`, `Rb4-f4-f1#`): the piece
    /// letter, the chain's end and the check sign are optional, but must be right
    /// when given.
    fn parse_long(&self, text: &str, moves: &MoveList<SuperpermMove>) -> Option<SuperpermMove> {
        let text = text.trim_end_matches(['+', '#']);
        let (text, promotion) = match text.split_once('=') {
            Some((head, piece)) => {
                let mut chars = piece.chars();
                let kind = Kind::from_char(chars.next()?)?;
                if chars.next().is_some() {
                    return None;
                }
                (head, Some(kind))
            }
            None => (text, None),
        };
        let (letter, squares) = match text.chars().next()? {
            c @ ('K' | 'Q' | 'R' | 'B' | 'N') => (Some(c), &text[1..]),
            _ => (None, text),
        };
        let parts: Vec<Square> = squares.split('-').map(Square::parse).collect::<Option<_>>()?;
        if !(2..=3).contains(&parts.len()) {
            return None;
        }
        let found = moves
            .iter()
            .copied()
            .find(|&mv| mv.from() == parts[0] && mv.to() == parts[1] && mv.promotion() == promotion)?;
        let kind = if found.is_teleport() {
            Kind::King
        } else {
            self.board.kind_at(found.from())?
        };
        let letter_ok = match letter {
            Some(c) => Kind::from_char(c) == Some(kind),
            None => kind == Kind::Pawn,
        };
        let end_ok = parts.len() == 2 || (!found.is_teleport() && self.chain_end(found) == parts[2]);
        (letter_ok && end_ok).then_some(found)
    }
}

impl Position for Superperm {
    type Move = SuperpermMove;

    const VARIANTS: &'static [Variant] = &[Variant::Superpermutation];

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = self.board.hash(&keys::PIECES) ^ self.turn.side_key(keys::BLACK_TO_MOVE);
        if self.lost {
            hash ^= keys::LOST;
        }
        hash
    }

    fn legal_moves(&self, moves: &mut MoveList<SuperpermMove>) {
        let last = Bitboard::last_rank(self.turn.side);
        self.generate(|found| match found {
            Generated::One(mv) => moves.push(mv),
            Generated::Set { kind, from, to } => {
                for to in to {
                    if kind == Kind::Pawn && last.contains(to) {
                        for promoted in Kind::PROMOTIONS {
                            moves.push(SuperpermMove::new(from, to, Some(promoted)));
                        }
                    } else {
                        moves.push(SuperpermMove::new(from, to, None));
                    }
                }
            }
        });
    }

    fn count_legal_moves(&self) -> u64 {
        let last = Bitboard::last_rank(self.turn.side);
        let mut count = 0;
        self.generate(|found| match found {
            Generated::One(_) => count += 1,
            Generated::Set { kind, to, .. } => {
                count += to.count() as u64;
                if kind == Kind::Pawn {
                    count += 3 * (to & last).count() as u64;
                }
            }
        });
        count
    }

    fn play(&self, mv: SuperpermMove) -> Superperm {
        let (mut next, _) = self.make(mv);
        next.turn.end_move(keys::BLACK_TO_MOVE);
        if next.lost {
            next.turn.hash ^= keys::LOST;
        }
        next.refresh_checks();
        next
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers.nonempty()
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if self.lost {
            return Some(GameResult {
                outcome: Outcome::Win(self.turn.side),
                reason: EndReason::TeleportedIntoCheck,
            });
        }
        if any_legal_move {
            return None;
        }
        Some(GameResult::mate_or_stalemate(self.in_check(), self.turn.side))
    }
}

impl Notation for Superperm {
    fn read_fen(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Superperm, FenError> {
        fen::parse(fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn parse_move(&self, text: &str) -> Result<SuperpermMove, MoveError> {
        let moves = self.moves_to_parse()?;
        if let Some(&mv) = moves.iter().find(|&&mv| mv.to_string() == text) {
            return Ok(mv);
        }
        if text.contains('-') {
            if let Some(mv) = self.parse_long(text, &moves) {
                return Ok(mv);
            }
        }
        Err(MoveError::Illegal(text.to_string()))
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| self.board.piece_at(sq).map(|(color, kind)| kind.fen_char(color)))
    }
}

impl SearchHints for Superperm {
    const SEARCH: SearchRules = SearchRules {
        singular_extensions: true,
        // Its pawn is worth about three of chess's (`eval/src/superperm.rs`); of the
        // margins 3, 9, 12 and 16 a ply, 12 won its matches (docs/STRENGTH.md).
        singular_margin: 12,
        ..SearchRules::STANDARD
    };

    #[inline(always)]
    fn is_capture(&self, mv: SuperpermMove) -> bool {
        !mv.is_teleport() && self.board.by_color(!self.turn.side).contains(mv.to())
    }

    #[inline(always)]
    fn is_tactical(&self, mv: SuperpermMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn null_move(&self) -> Option<Superperm> {
        let pieces =
            self.board.by_color(self.turn.side) & !self.board.by_kind(Kind::Pawn) & !self.board.by_kind(Kind::King);
        if self.lost || self.in_check() || pieces.is_empty() {
            return None;
        }
        let mut next = *self;
        next.turn.hand_over(keys::BLACK_TO_MOVE);
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next.refresh_checks();
        Some(next)
    }
}
