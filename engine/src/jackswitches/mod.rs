//! Jacks and Witches 84 (Antoine Fourrière): a 12x8 board with twelve removed squares
//! and four teleporters; the chess pieces without Queen, plus the Lion, the Can(n)on
//! (a flip piece, Chinese cannon on ranks and files or on diagonals), the one-eyed
//! Jack (dropped from hand) and the Witch (an immobilizer that drags).
//!
//! Move generation is pseudo-legal then played out: a move is legal when afterwards
//! the mover's King is not attacked (immobilization, the Jacks' mode and every drag
//! judged on the new position) and no two teleporters hold enemy pieces of one type.

pub mod board;
mod fen;

pub use fen::JwFenError;
#[cfg(test)]
mod tests;
mod view;

use self::board::{
    bishop_attacks, cannon_target, drop_squares, ferz_steps, king_attacks, knight_attacks, last_rank, lion_leaps,
    mirror, pawn_attacks, queen_attacks, ray_attacks, rook_attacks, unit_step, wazir_steps, BISHOP_DIRECTIONS,
    ROOK_DIRECTIONS, SQUARES, TELEPORTERS,
};
use crate::bitboard::WideBitboard;
use crate::board::{PieceBoard, PieceKind};
use crate::game::{FenError, GameResult, MoveList, Notation, Position, RuleOptions, SearchHints, Turn, Variant};
use crate::moves::PackedMove;
use crate::types::{Color, WideSquare};
use std::fmt;

/// The piece types. The Can(n)on's two modes are two kinds (`Cannon` moves on ranks
/// and files, `Vao` on diagonals) of one type for the exclusion rule.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// As in chess, en passant included; promotes to any kind but Pawn and King.
    Pawn,
    /// As in chess.
    Knight,
    /// As in chess.
    Bishop,
    /// As in chess.
    Rook,
    /// The Lion: leaps exactly two squares straight or diagonally to an empty square,
    /// captures only on the eight squares next to it.
    Lion,
    /// The Can(n)on in its rook mode: moves as a rook, captures by jumping exactly one
    /// man on a rank or file.
    Cannon,
    /// The Can(n)on in its bishop mode: the same on diagonals.
    Vao,
    /// The Jack: starts in hand and is dropped; steps from its eye (the mirror square on
    /// its rank) while the eye is empty, as a Wazir or a Ferz by the Kings' colours.
    Jack,
    /// The Witch: moves as a queen, never captures, immobilizes the enemy men next to
    /// it and drags the one behind it when it moves away.
    Witch,
    /// As in chess, without castling.
    King,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 10] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Lion,
        Kind::Cannon,
        Kind::Vao,
        Kind::Jack,
        Kind::Witch,
        Kind::King,
    ];
    /// What a pawn may promote to, in the order moves are listed.
    pub(crate) const PROMOTIONS: [Kind; 8] = [
        Kind::Witch,
        Kind::Lion,
        Kind::Cannon,
        Kind::Vao,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Jack,
    ];

    /// The kind's index in [`Kind::ALL`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter: a black piece in FEN, a promotion or mode suffix.
    pub const fn char(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Lion => 'l',
            Kind::Cannon => 'c',
            Kind::Vao => 'v',
            Kind::Jack => 'j',
            Kind::Witch => 'w',
            Kind::King => 'k',
        }
    }

    /// The kind of a FEN letter, either case.
    pub(crate) fn from_char(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.char() == c.to_ascii_lowercase())
    }

    /// The FEN letter of this kind for `color`.
    pub(crate) fn fen_char(self, color: Color) -> char {
        match color {
            Color::White => self.char().to_ascii_uppercase(),
            Color::Black => self.char(),
        }
    }

    /// Whether this is the Can(n)on, in either mode.
    #[inline(always)]
    pub(crate) const fn is_cannon(self) -> bool {
        matches!(self, Kind::Cannon | Kind::Vao)
    }

    /// The Can(n)on's other mode.
    #[inline(always)]
    const fn flipped(self) -> Kind {
        match self {
            Kind::Cannon => Kind::Vao,
            _ => Kind::Cannon,
        }
    }
}

/// A move: from, to, the kind the piece ends as (a promotion, a Can(n)on's end mode;
/// none when it stays what it was), and whether it is a drop or a teleport. A flip and
/// the Jack's step back onto its own square have `from == to`, and so has a drop, on
/// the square dropped on.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct JwMove(u32);

impl JwMove {
    const NO_KIND: u32 = 15;
    const DROP: u32 = 1 << 18;
    const TELEPORT: u32 = 1 << 19;

    #[inline(always)]
    fn new(from: WideSquare, to: WideSquare, becomes: Option<Kind>) -> JwMove {
        let kind = becomes.map_or(Self::NO_KIND, |k| k as u32);
        JwMove(Self::squares(from, to) | kind << Self::FLAGS_SHIFT)
    }

    #[inline(always)]
    fn teleport(from: WideSquare, to: WideSquare, becomes: Option<Kind>) -> JwMove {
        JwMove(JwMove::new(from, to, becomes).0 | Self::TELEPORT)
    }

    #[inline(always)]
    fn drop(to: WideSquare) -> JwMove {
        JwMove(JwMove::new(to, to, None).0 | Self::DROP)
    }

    /// The kind the moving piece ends as, when the move chooses one.
    #[inline(always)]
    pub fn becomes(self) -> Option<Kind> {
        let code = (self.0 >> 14 & 15) as usize;
        Kind::ALL.get(code).copied()
    }

    /// Whether a Jack is dropped from hand.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.0 & Self::DROP != 0
    }

    /// Whether the move ends by a teleport.
    #[inline(always)]
    pub fn is_teleport(self) -> bool {
        self.0 & Self::TELEPORT != 0
    }
}

impl fmt::Display for JwMove {
    /// `e2e4`, `b1b7c`, `c7c8w`, `b1b1v` (flip), `f2f2` (Jack back onto its square),
    /// `e3h6` (teleport), `J@e2` (drop).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_drop() {
            return write!(f, "J@{}", self.to());
        }
        self.write_uci(f, self.becomes().map(Kind::char))
    }
}

crate::moves::packed_move!(JwMove, WideSquare);

impl PieceKind for Kind {
    const ALL: &'static [Kind] = &Kind::ALL;

    #[inline(always)]
    fn index(self) -> usize {
        Kind::index(self)
    }
}

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 2 * 10 * 96] = zobrist::keys(0x1AC5_0001);
    /// Per side, per Jack in hand (a side holds at most two).
    pub const HAND: [u64; 4] = zobrist::keys(0x1AC5_0002);
    pub const EN_PASSANT: [u64; 96] = zobrist::keys(0x1AC5_0003);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0x1AC5_0004)[0];
    pub const TELEPORT_OFF: u64 = zobrist::keys::<1>(0x1AC5_0005)[0];
}

/// The most Jacks a side can hold: its two at the start (captured pieces never go to
/// hand).
pub(crate) const MAX_HAND: u8 = 2;

/// A Jacks and Witches position: the men on the 84 squares, the Jacks in each hand,
/// the en passant square and whether teleporting has been disabled.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct JacksWitches {
    /// Per square: 0 when empty, else `1 + 16 * colour + kind`.
    mailbox: [u8; 96],
    board: PieceBoard<WideBitboard, Kind, 10>,
    hand: [u8; 2],
    turn: Turn,
    /// The square a pawn just passed over, kept only when an en passant capture is
    /// legal.
    en_passant: Option<WideSquare>,
    /// A King has stood on its opponent's first rank: no more teleporting.
    teleport_off: bool,
    /// Whether the side to move's King is attacked: the search asks several times a
    /// node, and judging a move asks again.
    in_check: bool,
}

impl JacksWitches {
    fn empty() -> JacksWitches {
        JacksWitches {
            mailbox: [0; 96],
            board: PieceBoard::default(),
            hand: [0; 2],
            turn: Turn::INITIAL,
            en_passant: None,
            teleport_off: false,
            in_check: false,
        }
    }

    /// The men on the board, by kind and colour.
    #[inline(always)]
    pub fn board(&self) -> &PieceBoard<WideBitboard, Kind, 10> {
        &self.board
    }

    /// The man on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: WideSquare) -> Option<(Color, Kind)> {
        match self.mailbox[sq.index()] {
            0 => None,
            code => Some((
                Color::ALL[(code - 1) as usize / 16],
                Kind::ALL[(code - 1) as usize % 16],
            )),
        }
    }

    /// `color`'s King square.
    #[inline(always)]
    pub fn king(&self, color: Color) -> WideSquare {
        self.board.pieces(color, Kind::King).first()
    }

    /// Jacks in `color`'s hand.
    pub fn hand(&self, color: Color) -> u8 {
        self.hand[color.index()]
    }

    /// Whether a King has reached its opponent's first rank, which ends teleporting.
    pub(crate) fn teleporting_disabled(&self) -> bool {
        self.teleport_off
    }

    /// The en passant square, kept only when a capture there is legal.
    pub fn en_passant(&self) -> Option<WideSquare> {
        self.en_passant
    }

    #[inline(always)]
    fn put(&mut self, color: Color, kind: Kind, sq: WideSquare) {
        self.board.toggle(color, kind, sq, &keys::PIECES, &mut self.turn);
        self.mailbox[sq.index()] = 1 + 16 * color.index() as u8 + kind as u8;
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, kind: Kind, sq: WideSquare) {
        self.board.toggle(color, kind, sq, &keys::PIECES, &mut self.turn);
        self.mailbox[sq.index()] = 0;
    }

    fn set_hand(&mut self, color: Color, count: u8) {
        for held in 0..self.hand[color.index()] {
            self.turn.hash ^= keys::HAND[color.index() * 2 + held as usize];
        }
        self.hand[color.index()] = count;
        for held in 0..count {
            self.turn.hash ^= keys::HAND[color.index() * 2 + held as usize];
        }
    }

    fn set_en_passant(&mut self, square: Option<WideSquare>) {
        if let Some(old) = self.en_passant {
            self.turn.hash ^= keys::EN_PASSANT[old.index()];
        }
        self.en_passant = square;
        if let Some(new) = square {
            self.turn.hash ^= keys::EN_PASSANT[new.index()];
        }
    }

    fn disable_teleporting(&mut self) {
        if !self.teleport_off {
            self.teleport_off = true;
            self.turn.hash ^= keys::TELEPORT_OFF;
        }
    }

    /// `color`'s pieces next to an enemy Witch: they cannot move or attack.
    #[inline(always)]
    pub fn immobilized(&self, color: Color) -> WideBitboard {
        let ours = self.board.by_color(color);
        self.board
            .pieces(!color, Kind::Witch)
            .fold(WideBitboard::EMPTY, |acc, witch| acc | (king_attacks(witch) & ours))
    }

    /// Whether the Jacks step as Wazirs (both Kings on squares of one colour) rather
    /// than Ferzes.
    #[inline(always)]
    pub(crate) fn jacks_are_wazirs(&self) -> bool {
        self.king(Color::White).is_dark() == self.king(Color::Black).is_dark()
    }

    /// Where a Jack on `sq` may step (the eye's neighbours; on the f- and g-files this
    /// may be `sq` itself), or nothing while its eye is taken.
    #[inline(always)]
    fn jack_steps(&self, sq: WideSquare, occupied: WideBitboard, wazir: bool) -> WideBitboard {
        let eye = mirror(sq);
        if occupied.contains(eye) {
            WideBitboard::EMPTY
        } else if wazir {
            wazir_steps(eye)
        } else {
            ferz_steps(eye)
        }
    }

    /// Whether a piece of `by` that is not immobilized attacks `target`.
    pub fn attacked(&self, target: WideSquare, by: Color) -> bool {
        self.attacked_in(target, by, self.board.occupied(), self.board.by_color(by))
    }

    /// [`Self::attacked`] with the board occupied as `occupied` and only the men of
    /// `by` in `men` (those not just captured), the rest of the position as it is: how
    /// a move of the other side that moves no King or Witch leaves it.
    fn attacked_in(&self, target: WideSquare, by: Color, occupied: WideBitboard, men: WideBitboard) -> bool {
        let active = men & !self.immobilized(by);
        let of = |kind: Kind| self.board.by_kind(kind) & active;
        if (knight_attacks(target) & of(Kind::Knight)).nonempty()
            || (king_attacks(target) & (of(Kind::King) | of(Kind::Lion))).nonempty()
            || (pawn_attacks(!by, target) & of(Kind::Pawn)).nonempty()
        {
            return true;
        }
        let rooks = of(Kind::Rook);
        if rooks.nonempty() && (rook_attacks(target, occupied) & rooks).nonempty() {
            return true;
        }
        let bishops = of(Kind::Bishop);
        if bishops.nonempty() && (bishop_attacks(target, occupied) & bishops).nonempty() {
            return true;
        }
        // A Can(n)on line is symmetric: from the target, over one screen, onto it.
        let cannons = of(Kind::Cannon);
        if cannons.nonempty()
            && ROOK_DIRECTIONS
                .iter()
                .any(|&d| cannon_target(target, d, occupied).is_some_and(|s| cannons.contains(s)))
        {
            return true;
        }
        let vaos = of(Kind::Vao);
        if vaos.nonempty()
            && BISHOP_DIRECTIONS
                .iter()
                .any(|&d| cannon_target(target, d, occupied).is_some_and(|s| vaos.contains(s)))
        {
            return true;
        }
        let wazir = self.jacks_are_wazirs();
        of(Kind::Jack).any(|jack| jack != target && self.jack_steps(jack, occupied, wazir).contains(target))
    }

    /// Whether the side to move's King is attacked, from scratch.
    fn king_attacked(&self) -> bool {
        self.attacked(self.king(self.turn.side), !self.turn.side)
    }

    /// The exclusion rule: no two teleporters hold enemy pieces of one type.
    #[inline(always)]
    pub(crate) fn exclusion_holds(&self) -> bool {
        let white = self.board.by_color(Color::White) & TELEPORTERS;
        let black = self.board.by_color(Color::Black) & TELEPORTERS;
        if white.is_empty() || black.is_empty() {
            return true;
        }
        let type_of = |sq: WideSquare| match self.piece_at(sq) {
            Some((_, Kind::Vao)) => Some(Kind::Cannon),
            other => other.map(|(_, kind)| kind),
        };
        !white
            .into_iter()
            .any(|w| black.into_iter().any(|b| type_of(w) == type_of(b)))
    }

    /// Calls `push` with every move of the side to move that obeys the movement rules,
    /// before the King's safety and the exclusion rule are judged.
    fn pseudo_moves(&self, mut push: impl FnMut(JwMove)) {
        self.pseudo_moves_until::<false>(|mv| {
            push(mv);
            false
        });
    }

    /// [`Self::pseudo_moves`], stopping after the man whose move `stop` returned true
    /// for; with `TACTICAL`, only the moves [`SearchHints::is_tactical`] keeps
    /// (captures and promotions), in the same order.
    fn pseudo_moves_until<const TACTICAL: bool>(&self, mut stop: impl FnMut(JwMove) -> bool) {
        let done = std::cell::Cell::new(false);
        let mut push = |mv: JwMove| {
            if !done.get() && stop(mv) {
                done.set(true);
            }
        };
        let us = self.turn.side;
        let ours = self.board.by_color(us);
        let theirs = self.board.by_color(!us);
        let occupied = self.board.occupied();
        let empty = SQUARES & !occupied;
        // Where a move may go: anywhere, or onto an enemy man for a capture.
        let reach = if TACTICAL { theirs } else { SQUARES };
        let wazir = self.jacks_are_wazirs();
        let free_teleporters = TELEPORTERS & empty;
        let forward: i8 = if us == Color::White { 1 } else { -1 };

        for from in ours & !self.immobilized(us) {
            if done.get() {
                return;
            }
            let (_, kind) = self.piece_at(from).expect("a square of ours holds a piece");
            let mut each = |to: WideSquare| push(JwMove::new(from, to, None));
            match kind {
                Kind::Pawn => {
                    let promote = |to: WideSquare, push: &mut dyn FnMut(JwMove)| {
                        if to.rank() == last_rank(us) {
                            for kind in Kind::PROMOTIONS {
                                push(JwMove::new(from, to, Some(kind)));
                            }
                        } else {
                            push(JwMove::new(from, to, None));
                        }
                    };
                    if let Some(one) = from.step(0, forward).filter(|s| empty.contains(*s)) {
                        if !TACTICAL || one.rank() == last_rank(us) {
                            promote(one, &mut push);
                        }
                        if !TACTICAL && from.relative_rank(us) == 1 {
                            if let Some(two) = one.step(0, forward).filter(|s| empty.contains(*s)) {
                                push(JwMove::new(from, two, None));
                            }
                        }
                    }
                    let mut targets = pawn_attacks(us, from) & theirs;
                    if let Some(ep) = self.en_passant.filter(|ep| pawn_attacks(us, from).contains(*ep)) {
                        targets = targets.with(ep);
                    }
                    for to in targets {
                        promote(to, &mut push);
                    }
                }
                Kind::Knight => (knight_attacks(from) & !ours & reach).for_each(&mut each),
                Kind::Bishop => (bishop_attacks(from, occupied) & !ours & reach).for_each(&mut each),
                Kind::Rook => (rook_attacks(from, occupied) & !ours & reach).for_each(&mut each),
                Kind::King => (king_attacks(from) & !ours & reach).for_each(&mut each),
                Kind::Lion => {
                    (((lion_leaps(from) & empty) | (king_attacks(from) & theirs)) & reach).for_each(&mut each)
                }
                Kind::Witch => (queen_attacks(from, occupied) & empty & reach).for_each(&mut each),
                Kind::Jack => {
                    (self.jack_steps(from, occupied, wazir) & !ours.without(from) & reach).for_each(&mut each)
                }
                Kind::Cannon | Kind::Vao => {
                    let directions = if kind == Kind::Cannon {
                        ROOK_DIRECTIONS
                    } else {
                        BISHOP_DIRECTIONS
                    };
                    for d in directions {
                        let mut targets = ray_attacks(from, d, occupied) & empty & reach;
                        if let Some(hit) = cannon_target(from, d, occupied).filter(|s| theirs.contains(*s)) {
                            targets = targets.with(hit);
                        }
                        for to in targets {
                            push(JwMove::new(from, to, Some(Kind::Cannon)));
                            push(JwMove::new(from, to, Some(Kind::Vao)));
                        }
                    }
                    if !TACTICAL {
                        push(JwMove::new(from, from, Some(kind.flipped())));
                    }
                }
            }
            let eye_shut = kind == Kind::Jack && occupied.contains(mirror(from));
            if !TACTICAL && !self.teleport_off && TELEPORTERS.contains(from) && !eye_shut {
                for to in free_teleporters {
                    if kind.is_cannon() {
                        push(JwMove::teleport(from, to, Some(Kind::Cannon)));
                        push(JwMove::teleport(from, to, Some(Kind::Vao)));
                    } else {
                        push(JwMove::teleport(from, to, None));
                    }
                }
            }
        }
        if !TACTICAL && self.hand[us.index()] > 0 {
            for to in drop_squares(us) & empty {
                push(JwMove::drop(to));
            }
        }
    }

    /// Plays `mv` for the side to move, leaving the side, the move number and the en
    /// passant filter to [`Game::play`].
    fn make(&self, mv: JwMove) -> JacksWitches {
        let mut next = *self;
        let us = self.turn.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next.set_en_passant(None);
        if mv.is_drop() {
            next.put(us, Kind::Jack, to);
            next.set_hand(us, self.hand[us.index()] - 1);
            return next;
        }
        let (_, kind) = self.piece_at(from).expect("a move starts on a piece of the mover");
        let becomes = mv.becomes().unwrap_or(kind);
        if kind == Kind::Pawn {
            next.turn.halfmove = 0;
        }
        if let Some((_, captured)) = self.piece_at(to).filter(|&(color, _)| color == them) {
            next.remove(them, captured, to);
            next.turn.halfmove = 0;
        } else if kind == Kind::Pawn && Some(to) == self.en_passant && from.file() != to.file() {
            let passed = to
                .step(0, if us == Color::White { -1 } else { 1 })
                .expect("behind the passed square");
            next.remove(them, Kind::Pawn, passed);
            next.turn.halfmove = 0;
        }
        next.remove(us, kind, from);
        next.put(us, becomes, to);
        if kind == Kind::Pawn && from.rank().abs_diff(to.rank()) == 2 {
            next.set_en_passant(from.step(0, if us == Color::White { 1 } else { -1 }));
        }
        if kind == Kind::King && to.relative_rank(them) == 0 {
            next.disable_teleporting();
        }
        if let Some((behind, landing)) = self.drag(mv) {
            let (_, dragged) = self.piece_at(behind).expect("a drag moves a piece");
            next.remove(them, dragged, behind);
            next.put(them, dragged, landing);
        }
        next
    }

    /// Where the piece a Witch's move (pseudo-legal, not a drop) drags stands and where
    /// it lands: an enemy non-Witch directly behind the Witch follows it, to the square
    /// behind its destination, or onto the teleporter it left.
    pub(crate) fn drag(&self, mv: JwMove) -> Option<(WideSquare, WideSquare)> {
        let (from, to) = (mv.from(), mv.to());
        if mv.is_drop() || from == to || !matches!(self.piece_at(from), Some((_, Kind::Witch))) {
            return None;
        }
        let (df, dr) = unit_step(from, to);
        let behind = from.step(-df, -dr)?;
        let (color, dragged) = self.piece_at(behind)?;
        if color == self.turn.side || dragged == Kind::Witch {
            return None;
        }
        let landing = if mv.is_teleport() {
            from
        } else {
            to.step(-df, -dr).expect("the Witch passed there")
        };
        Some((behind, landing))
    }

    /// Whether `mv` (a pseudo-legal move) leaves the mover's King safe and the
    /// teleporters within the exclusion rule.
    #[inline(always)]
    fn is_legal(&self, mv: JwMove) -> bool {
        let next = self.make(mv);
        next.exclusion_holds() && !next.attacked(next.king(self.turn.side), !self.turn.side)
    }

    /// Squares where a move of a piece other than the King or a Witch may change
    /// whether the mover's King is attacked or the exclusion rule holds: the lines
    /// through the King (sliders and Can(n)on screens), the enemy Jacks' eyes (leaving
    /// one opens it) and the teleporters. `None` in check, where every move is played
    /// out. Elsewhere such a move only blocks or removes enemy attacks.
    fn sensitive_squares(&self) -> Option<WideBitboard> {
        if self.in_check() {
            return None;
        }
        let eyes = self
            .board
            .pieces(!self.turn.side, Kind::Jack)
            .fold(WideBitboard::EMPTY, |acc, jack| acc.with(mirror(jack)));
        Some(queen_attacks(self.king(self.turn.side), WideBitboard::EMPTY) | eyes | TELEPORTERS)
    }

    /// [`Self::is_legal`], playing out only the moves of a King or a Witch and those
    /// that touch a teleporter. A drop or another piece's move is legal outright when
    /// it neither leaves nor reaches a sensitive square (and is not en passant), and
    /// otherwise when the King is safe on the board as the move leaves it.
    #[inline(always)]
    fn is_legal_given(&self, mv: JwMove, sensitive: Option<WideBitboard>) -> bool {
        if let Some(sensitive) = sensitive {
            let away =
                !sensitive.contains(mv.from()) && !sensitive.contains(mv.to()) && Some(mv.to()) != self.en_passant;
            let ordinary = mv.is_drop() || !matches!(self.piece_at(mv.from()), Some((_, Kind::King | Kind::Witch)));
            if away && ordinary {
                return true;
            }
        }
        let (from, to) = (mv.from(), mv.to());
        let ordinary = !matches!(self.piece_at(from), Some((_, Kind::King | Kind::Witch)));
        if !ordinary || TELEPORTERS.contains(from) || TELEPORTERS.contains(to) {
            // The mode of the Jacks, drags, or the exclusion rule may change: play it.
            return self.is_legal(mv);
        }
        let them = !self.turn.side;
        let mut occupied = self.board.occupied().without(from).with(to);
        let mut men = self.board.by_color(them).without(to);
        if Some(to) == self.en_passant
            && self.board.pieces(self.turn.side, Kind::Pawn).contains(from)
            && from.file() != to.file()
        {
            let passed = WideSquare::from_coords(to.file(), from.rank());
            occupied = occupied.without(passed);
            men = men.without(passed);
        }
        !self.attacked_in(self.king(self.turn.side), them, occupied, men)
    }

    /// Whether the side to move can take en passant on the recorded square.
    fn en_passant_capture_legal(&self) -> bool {
        let Some(ep) = self.en_passant else {
            return false;
        };
        let us = self.turn.side;
        let takers = pawn_attacks(!us, ep) & self.board.pieces(us, Kind::Pawn) & !self.immobilized(us);
        takers
            .into_iter()
            .any(|from| self.is_legal(JwMove::new(from, ep, None)))
    }
}

impl Position for JacksWitches {
    type Move = JwMove;

    const VARIANTS: &'static [Variant] = &[Variant::JacksWitches];

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = self.board.hash(&keys::PIECES) ^ self.turn.side_key(keys::BLACK_TO_MOVE);
        for color in Color::ALL {
            for held in 0..self.hand[color.index()] {
                hash ^= keys::HAND[color.index() * 2 + held as usize];
            }
        }
        if let Some(ep) = self.en_passant {
            hash ^= keys::EN_PASSANT[ep.index()];
        }
        if self.teleport_off {
            hash ^= keys::TELEPORT_OFF;
        }
        hash
    }

    fn legal_moves(&self, moves: &mut MoveList<JwMove>) {
        let sensitive = self.sensitive_squares();
        self.pseudo_moves(|mv| {
            if self.is_legal_given(mv, sensitive) {
                moves.push(mv);
            }
        });
    }

    fn count_legal_moves(&self) -> u64 {
        let sensitive = self.sensitive_squares();
        let mut count = 0;
        self.pseudo_moves(|mv| count += self.is_legal_given(mv, sensitive) as u64);
        count
    }

    fn play(&self, mv: JwMove) -> JacksWitches {
        let mut next = self.make(mv);
        next.turn.end_move(keys::BLACK_TO_MOVE);
        if next.en_passant.is_some() && !next.en_passant_capture_legal() {
            next.set_en_passant(None);
        }
        next.in_check = next.king_attacked();
        next
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.in_check
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        (!any_legal_move).then(|| GameResult::mate_or_stalemate(self.in_check(), self.turn.side))
    }
}

impl Notation for JacksWitches {
    fn read_fen(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<JacksWitches, FenError> {
        fen::parse(fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    /// Reads a move; a Can(n)on move written without its mode suffix keeps the mode.
    fn parse_move(&self, text: &str) -> Result<JwMove, crate::game::MoveError> {
        let moves = self.moves_to_parse()?;
        let keeps_mode = |mv: &JwMove| {
            !mv.is_drop()
                && mv.from() != mv.to()
                && self.piece_at(mv.from()).map(|(_, kind)| kind) == mv.becomes()
                && format!("{}{}", mv.from(), mv.to()) == text
        };
        moves
            .iter()
            .copied()
            .find(|mv| mv.to_string() == text)
            .or_else(|| moves.iter().copied().find(keeps_mode))
            .ok_or_else(|| crate::game::MoveError::Illegal(text.to_string()))
    }

    fn render(&self) -> String {
        fen::render(self)
    }
}

impl SearchHints for JacksWitches {
    /// Judging a move is most of a node's cost here (Jacks, drags and the exclusion
    /// rule rule out a plain pin test), and a cut-off makes most judgements needless.
    const LAZY_LEGALITY: bool = true;

    fn search_moves(&self, moves: &mut MoveList<JwMove>) -> bool {
        let sensitive = self.sensitive_squares();
        let mut any_legal_move = false;
        self.pseudo_moves(|mv| {
            any_legal_move = any_legal_move || self.is_legal_given(mv, sensitive);
            moves.push(mv);
        });
        any_legal_move
    }

    fn is_legal_to_search(&self, mv: JwMove) -> bool {
        self.is_legal_given(mv, self.sensitive_squares())
    }

    fn tactical_search_moves(&self, moves: &mut MoveList<JwMove>) {
        self.pseudo_moves_until::<true>(|mv| {
            moves.push(mv);
            false
        });
    }

    fn has_legal_move(&self) -> bool {
        let sensitive = self.sensitive_squares();
        let mut any_legal_move = false;
        self.pseudo_moves_until::<false>(|mv| {
            any_legal_move = self.is_legal_given(mv, sensitive);
            any_legal_move
        });
        any_legal_move
    }

    #[inline(always)]
    fn is_capture(&self, mv: JwMove) -> bool {
        !mv.is_drop()
            && !mv.is_teleport()
            && (self.board.by_color(!self.turn.side).contains(mv.to())
                || (Some(mv.to()) == self.en_passant
                    && self.board.pieces(self.turn.side, Kind::Pawn).contains(mv.from())))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: JwMove) -> bool {
        self.is_capture(mv)
            || (mv.becomes().is_some() && self.board.pieces(self.turn.side, Kind::Pawn).contains(mv.from()))
    }

    fn null_move(&self) -> Option<JacksWitches> {
        if self.in_check() {
            return None;
        }
        let mut next = *self;
        next.set_en_passant(None);
        next.turn.hand_over(keys::BLACK_TO_MOVE);
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next.in_check = next.king_attacked();
        Some(next)
    }

    /// Per side: from-square (a drop counts as square 96) by to-square.
    const HISTORY_SIZE: usize = 2 * 97 * 96;

    #[inline(always)]
    fn history_index(&self, mv: JwMove) -> usize {
        let from = if mv.is_drop() { 96 } else { mv.from().index() };
        (self.turn.side.index() * 97 + from) * 96 + mv.to().index()
    }
}
