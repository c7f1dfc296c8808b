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
#[cfg(test)]
mod tests;
mod view;

use super::{
    en_passant_possible, en_passant_victim, fen_letter, pawn_moves, shields, KingsMove, Movement, Movers, PawnMove,
};
use crate::bitboard::Bitboard;
use crate::game::{
    EndReason, FenError, GameResult, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints, SearchRules,
    Variant,
};
use crate::types::{Color, Square};

/// The piece types of Game I; a Maharajah keeps the type it came from and is marked
/// royal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Warrior,
}

impl Kind {
    pub const ALL: [Kind; 5] = [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Warrior];
    /// Promotion choices (no Queen, no Maharajah), in move-list order.
    pub const PROMOTIONS: [Kind; 4] = [Kind::Warrior, Kind::Rook, Kind::Bishop, Kind::Knight];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter: FEN (black), promotion and transformation suffix.
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Pawn => b'p',
            Kind::Knight => b'n',
            Kind::Bishop => b'b',
            Kind::Rook => b'r',
            Kind::Warrior => b'w',
        }
    }

    pub fn from_letter(letter: u8) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.letter() == letter.to_ascii_lowercase())
    }

    #[inline(always)]
    pub const fn movement(self) -> Movement {
        match self {
            Kind::Pawn => Movement::new(false, false, false, false),
            Kind::Knight => Movement::new(false, true, false, false),
            Kind::Bishop => Movement::new(false, false, true, false),
            Kind::Rook => Movement::new(false, false, false, true),
            Kind::Warrior => Movement::new(true, false, false, false),
        }
    }

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
pub const MAHARAJAH_LETTER: u8 = b'm';

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 640] = zobrist::keys(0x4A4A_0001);
    pub const ROYAL: [u64; 128] = zobrist::keys(0x4A4A_0002);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0x4A4A_0003)[0];
    pub const LOCKED: [u64; 2] = zobrist::keys(0x4A4A_0004);
    pub const EN_PASSANT: [u64; 8] = zobrist::keys(0x4A4A_0005);
}

#[inline(always)]
fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    keys::PIECES[(color.index() * 5 + kind.index()) * 64 + sq.index()]
}

/// A Game I position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Maharajah {
    kinds: [Bitboard; 5],
    colors: [Bitboard; 2],
    /// The Maharajahs (their origin type stays in `kinds`).
    royal: Bitboard,
    side: Color,
    /// Set only when an en passant capture is legal.
    ep: Option<Square>,
    /// The side transformed on its last turn and may not transform on this one.
    locked: [bool; 2],
    /// Points captured by White and by Black.
    points: [u32; 2],
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

impl Maharajah {
    fn empty() -> Maharajah {
        Maharajah {
            kinds: [Bitboard::EMPTY; 5],
            colors: [Bitboard::EMPTY; 2],
            royal: Bitboard::EMPTY,
            side: Color::White,
            ep: None,
            locked: [false; 2],
            points: [0; 2],
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// `color`'s Maharajahs.
    #[inline(always)]
    pub fn maharajahs(&self, color: Color) -> Bitboard {
        self.royal & self.by_color(color)
    }

    /// `color`'s pieces other than pawns (Maharajahs included).
    #[inline(always)]
    pub fn non_pawns(&self, color: Color) -> Bitboard {
        self.by_color(color) & !self.kinds[Kind::Pawn.index()]
    }

    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| self.kinds[k.index()].contains(sq))
    }

    /// The piece on `sq`: colour, type (a Maharajah's origin) and whether it is a
    /// Maharajah.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind, bool)> {
        let color = Color::ALL.into_iter().find(|c| self.by_color(*c).contains(sq))?;
        Some((color, self.kind_at(sq)?, self.royal.contains(sq)))
    }

    /// Points captured by `color`.
    pub fn points(&self, color: Color) -> u32 {
        self.points[color.index()]
    }

    /// Whether `color` transformed on its last turn.
    pub fn is_locked(&self, color: Color) -> bool {
        self.locked[color.index()]
    }

    #[inline(always)]
    fn movement_at(&self, sq: Square, kind: Kind) -> Movement {
        if self.royal.contains(sq) {
            MAHARAJAH
        } else {
            kind.movement()
        }
    }

    /// `color`'s pieces by movement.
    #[inline(always)]
    fn movers(&self, color: Color) -> Movers {
        let ours = self.by_color(color);
        let mut movers = Movers {
            pawns: self.pieces(color, Kind::Pawn),
            ..Movers::default()
        };
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Warrior] {
            movers.add(kind.movement(), self.kinds[kind.index()] & ours & !self.royal);
        }
        movers.add(MAHARAJAH, self.royal & ours);
        movers
    }

    /// Whether `by` attacks `sq`.
    #[inline(always)]
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.movers(by).attack(sq, by, self.occupied())
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
    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.kinds[kind.index()] ^= bit;
        self.colors[color.index()] ^= bit;
        self.hash ^= piece_key(color, kind, sq);
    }

    #[inline(always)]
    fn toggle_royal(&mut self, color: Color, sq: Square) {
        self.royal ^= Bitboard::from_square(sq);
        self.hash ^= keys::ROYAL[color.index() * 64 + sq.index()];
    }

    #[inline(always)]
    fn set_locked(&mut self, color: Color, locked: bool) {
        if self.locked[color.index()] != locked {
            self.locked[color.index()] = locked;
            self.hash ^= keys::LOCKED[color.index()];
        }
    }

    #[inline(always)]
    fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.hash ^= keys::EN_PASSANT[old.file() as usize];
        }
        if let Some(new) = ep {
            self.hash ^= keys::EN_PASSANT[new.file() as usize];
        }
        self.ep = ep;
    }

    /// Plays `mv` for the side to move, without the turn change: the caller judges the
    /// mover's safety on the result.
    fn make(&self, mv: KingsMove) -> Maharajah {
        let mut next = *self;
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        next.set_ep(None);
        next.halfmove = next.halfmove.saturating_add(1);
        if mv.is_transformation() {
            next.toggle_royal(us, from);
            next.set_locked(us, true);
            return next;
        }
        next.set_locked(us, false);
        let kind = self.kind_at(from).expect("a move starts on a piece");
        let mut captured = None;
        if kind == Kind::Pawn && self.ep == Some(to) {
            next.toggle(them, Kind::Pawn, en_passant_victim(us, to));
            captured = Some(Kind::Pawn);
        } else if self.by_color(them).contains(to) {
            let victim = self.kind_at(to).expect("an occupied square holds a piece");
            next.toggle(them, victim, to);
            captured = Some(victim);
        }
        next.toggle(us, kind, from);
        let placed = mv.letter().and_then(Kind::from_letter).unwrap_or(kind);
        next.toggle(us, placed, to);
        if self.royal.contains(from) {
            next.toggle_royal(us, from);
            next.toggle_royal(us, to);
        }
        if kind == Kind::Pawn {
            next.halfmove = 0;
        }
        if let Some(victim) = captured {
            next.halfmove = 0;
            next.points[us.index()] += victim.points();
            // The last non-pawn piece cannot stay a Maharajah.
            let left = next.non_pawns(them);
            if !left.has_many() && (left & next.royal).nonempty() {
                next.toggle_royal(them, left.first());
            }
        }
        next
    }

    /// Calls `visit` with every pseudo-legal move of the side to move; transformations
    /// only while the side may transform (not locked, its Maharajah not attacked).
    #[inline(always)]
    fn pseudo_moves(&self, mut visit: impl FnMut(KingsMove)) {
        let us = self.side;
        let them = !us;
        let ours = self.by_color(us);
        let occupied = self.occupied();
        if !self.locked[us.index()] && !self.maharajah_attacked(us) {
            let non_pawns = self.non_pawns(us);
            let several = non_pawns.has_many();
            for sq in non_pawns {
                if self.royal.contains(sq) {
                    let origin = self.kind_at(sq).expect("a Maharajah has an origin");
                    visit(KingsMove::new(sq, sq, Some(origin.letter())));
                } else if several && !self.attacked(sq, them) {
                    visit(KingsMove::new(sq, sq, Some(MAHARAJAH_LETTER)));
                }
            }
        }
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Warrior] {
            for from in self.pieces(us, kind) {
                for to in self.movement_at(from, kind).reach(from, occupied) & !ours {
                    visit(KingsMove::new(from, to, None));
                }
            }
        }
        pawn_moves(
            us,
            self.pieces(us, Kind::Pawn),
            occupied,
            self.by_color(them),
            self.ep,
            |pm: PawnMove| {
                if pm.promotes {
                    for kind in Kind::PROMOTIONS {
                        visit(KingsMove::new(pm.from, pm.to, Some(kind.letter())));
                    }
                } else {
                    visit(KingsMove::new(pm.from, pm.to, None));
                }
            },
        );
    }

    /// Whether `mv` (pseudo-legal) keeps every Maharajah of the mover safe.
    /// Transformations are generated only where they are safe.
    #[inline(always)]
    fn is_legal(&self, mv: KingsMove) -> bool {
        mv.is_transformation() || !self.make(mv).maharajah_attacked(self.side)
    }

    /// Calls `visit` with every legal move of the side to move. Out of check, a move
    /// of a piece that is neither a Maharajah nor shields one, and is not en passant,
    /// keeps every Maharajah safe; the others are played out.
    #[inline(always)]
    pub fn generate(&self, mut visit: impl FnMut(KingsMove)) {
        let us = self.side;
        let maharajahs = self.maharajahs(us);
        if maharajahs.is_empty() {
            return self.pseudo_moves(visit);
        }
        let mut unsafe_origins = Bitboard::FULL;
        if !self.maharajah_attacked(us) {
            let enemy = self.movers(!us);
            let (ours, occupied) = (self.by_color(us), self.occupied());
            unsafe_origins = maharajahs;
            for sq in maharajahs {
                unsafe_origins |= shields(sq, ours, &enemy, occupied);
            }
        }
        self.pseudo_moves(|mv| {
            let quick = !unsafe_origins.contains(mv.from()) && self.ep != Some(mv.to());
            if quick || self.is_legal(mv) {
                visit(mv)
            }
        });
    }

    /// Whether the side to move has a legal en passant capture onto `ep`.
    /// Finishes a move or a FEN: the en passant square `ep` is kept only when a
    /// capture onto it is legal for the side now to move.
    fn settle_en_passant(&mut self, ep: Option<Square>) {
        self.set_ep(ep);
        if let Some(ep) = ep {
            if !en_passant_possible(self.side, ep, self.pieces(self.side, Kind::Pawn), |mv| {
                self.is_legal(mv)
            }) {
                self.set_ep(None);
            }
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for kind in Kind::ALL {
                for sq in self.pieces(color, kind) {
                    hash ^= piece_key(color, kind, sq);
                }
            }
            for sq in self.maharajahs(color) {
                hash ^= keys::ROYAL[color.index() * 64 + sq.index()];
            }
            if self.locked[color.index()] {
                hash ^= keys::LOCKED[color.index()];
            }
        }
        if self.side == Color::Black {
            hash ^= keys::BLACK_TO_MOVE;
        }
        if let Some(ep) = self.ep {
            hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        hash
    }

    fn lost(&self, reason: EndReason) -> GameResult {
        GameResult {
            outcome: Outcome::Win(!self.side),
            reason,
        }
    }
}

impl Position for Maharajah {
    type Move = KingsMove;

    const VARIANTS: &'static [Variant] = &[Variant::Maharajah];

    fn variant(&self) -> Variant {
        Variant::Maharajah
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

    fn legal_moves(&self, moves: &mut MoveList<KingsMove>) {
        self.generate(|mv| moves.push(mv));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut count = 0;
        self.generate(|_| count += 1);
        count
    }

    fn play(&self, mv: KingsMove) -> Maharajah {
        let mut next = self.make(mv);
        let us = self.side;
        if us == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !us;
        next.hash ^= keys::BLACK_TO_MOVE;
        if mv.is_double_step() && self.pieces(us, Kind::Pawn).contains(mv.from()) {
            next.settle_en_passant(Some(mv.from().offset(us.forward())));
        }
        next
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.maharajah_attacked(self.side)
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if any_legal_move {
            return None;
        }
        Some(if self.by_color(self.side).is_empty() {
            self.lost(EndReason::NoPiecesLeft)
        } else if self.in_check() {
            self.lost(EndReason::Checkmate)
        } else if self.maharajahs(self.side).nonempty() {
            self.lost(EndReason::Stalemate)
        } else {
            self.lost(EndReason::NoLegalMove)
        })
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// No draws: the side that captured more points wins, Black on equal points.
    fn rule_draw_result(&self, reason: EndReason) -> GameResult {
        let winner = if self.points[Color::White.index()] > self.points[Color::Black.index()] {
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
}

impl Notation for Maharajah {
    fn read_fen(_variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Maharajah, FenError> {
        fen::parse(fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn move_name(&self, mv: KingsMove) -> String {
        mv.to_string()
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| {
            self.piece_at(sq)
                .map(|(color, kind, royal)| fen_letter(if royal { MAHARAJAH_LETTER } else { kind.letter() }, color))
        })
    }
}

impl SearchHints for Maharajah {
    const SEARCH: SearchRules = SearchRules {
        null_move: true,
        late_move_reductions: true,
        mandatory_capture: false,
    };

    #[inline(always)]
    fn is_capture(&self, mv: KingsMove) -> bool {
        !mv.is_transformation()
            && (self.by_color(!self.side).contains(mv.to())
                || (self.ep == Some(mv.to()) && self.pieces(self.side, Kind::Pawn).contains(mv.from())))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: KingsMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn null_move(&self) -> Option<Maharajah> {
        if self.in_check() || self.non_pawns(self.side).is_empty() {
            return None;
        }
        let mut next = *self;
        next.set_ep(None);
        next.side = !self.side;
        next.hash ^= keys::BLACK_TO_MOVE;
        next.halfmove = next.halfmove.saturating_add(1);
        Some(next)
    }

    #[inline(always)]
    fn move_code(mv: KingsMove) -> u32 {
        mv.code()
    }

    const HISTORY_SIZE: usize = 2 * 64 * 64;

    #[inline(always)]
    fn history_index(&self, mv: KingsMove) -> usize {
        (self.side.index() * 64 + mv.from().index()) * 64 + mv.to().index()
    }
}
