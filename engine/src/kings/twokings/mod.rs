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
#[cfg(test)]
mod tests;
mod view;

use super::{
    en_passant_possible, en_passant_victim, fen_letter, last_rank, pawn_moves, shields, KingsMove, Movement, Movers,
    PawnMove,
};
use crate::attacks::between;
use crate::bitboard::Bitboard;
use crate::game::{
    EndReason, FenError, GameResult, MoveError, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints,
    SearchRules, Variant,
};
use crate::types::{Color, Square};

/// The piece types of Game II.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Marshal,
    Cardinal,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Marshal,
        Kind::Cardinal,
    ];
    /// What a pawn promotes to, in move-list order.
    pub const PROMOTIONS: [Kind; 4] = [Kind::King, Kind::Queen, Kind::Marshal, Kind::Cardinal];
    /// What a King may become.
    pub const COMPOUNDS: [Kind; 3] = [Kind::Queen, Kind::Marshal, Kind::Cardinal];

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
            Kind::Queen => b'q',
            Kind::King => b'k',
            Kind::Marshal => b'm',
            Kind::Cardinal => b'c',
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
            Kind::Queen => Movement::new(false, false, true, true),
            Kind::King => Movement::new(true, false, false, false),
            Kind::Marshal => Movement::new(false, true, false, true),
            Kind::Cardinal => Movement::new(false, true, true, false),
        }
    }

    /// Kings and the compounds: the pieces that transform and wait.
    #[inline(always)]
    pub const fn transforms(self) -> bool {
        matches!(self, Kind::King | Kind::Queen | Kind::Marshal | Kind::Cardinal)
    }
}

/// Own turns a piece waits after it transformed, was promoted or the game began.
pub const WAIT: u8 = 3;

mod keys {
    use crate::zobrist;
    pub const PIECES: [u64; 1024] = zobrist::keys(0x2C2C_0001);
    pub const BLACK_TO_MOVE: u64 = zobrist::keys::<1>(0x2C2C_0002)[0];
    pub const CASTLING: [u64; 64] = zobrist::keys(0x2C2C_0003);
    pub const EN_PASSANT: [u64; 8] = zobrist::keys(0x2C2C_0004);
    pub const WAITS: [u64; 256] = zobrist::keys(0x2C2C_0005);
}

#[inline(always)]
fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    keys::PIECES[(color.index() * 8 + kind.index()) * 64 + sq.index()]
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

/// The squares a King may castle from (d and e files) and a Rook with (a and h),
/// on both first ranks.
pub const CASTLING_KINGS: Bitboard = Bitboard(0x18 | 0x18 << 56);
pub const CASTLING_ROOKS: Bitboard = Bitboard(0x81 | 0x81 << 56);

/// Where King and Rook end when the King on `king` castles with the Rook on `rook`.
#[inline(always)]
pub fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() < king.file() {
        (Square::from_coords(2, rank), Square::from_coords(3, rank))
    } else {
        (Square::from_coords(6, rank), Square::from_coords(5, rank))
    }
}

/// The squares from `a` to `b`, both included, on one line.
#[inline(always)]
fn span(a: Square, b: Square) -> Bitboard {
    between(a, b).with(a).with(b)
}

/// A Game II position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TwoKings {
    variant: Variant,
    kinds: [Bitboard; 8],
    colors: [Bitboard; 2],
    side: Color,
    /// Set only when an en passant capture is legal.
    ep: Option<Square>,
    /// The Kings and Rooks that keep castling rights.
    castling: Bitboard,
    /// Own turns each King or compound still waits before it may transform.
    waits: [u8; 64],
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

impl TwoKings {
    fn empty(variant: Variant) -> TwoKings {
        TwoKings {
            variant,
            kinds: [Bitboard::EMPTY; 8],
            colors: [Bitboard::EMPTY; 2],
            side: Color::White,
            ep: None,
            castling: Bitboard::EMPTY,
            waits: [0; 64],
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

    #[inline(always)]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color, Kind::King)
    }

    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| self.kinds[k.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind)> {
        let color = Color::ALL.into_iter().find(|c| self.by_color(*c).contains(sq))?;
        Some((color, self.kind_at(sq)?))
    }

    /// Own turns the piece on `sq` still waits before it may transform.
    pub fn wait(&self, sq: Square) -> u8 {
        self.waits[sq.index()]
    }

    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    #[inline(always)]
    fn movers(&self, color: Color) -> Movers {
        let ours = self.by_color(color);
        let mut movers = Movers {
            pawns: self.pieces(color, Kind::Pawn),
            ..Movers::default()
        };
        for kind in &Kind::ALL[1..] {
            movers.add(kind.movement(), self.kinds[kind.index()] & ours);
        }
        movers
    }

    /// Whether `by` attacks `sq`.
    #[inline(always)]
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.movers(by).attack(sq, by, self.occupied())
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
    fn toggle(&mut self, color: Color, kind: Kind, sq: Square) {
        let bit = Bitboard::from_square(sq);
        self.kinds[kind.index()] ^= bit;
        self.colors[color.index()] ^= bit;
        self.hash ^= piece_key(color, kind, sq);
    }

    #[inline(always)]
    fn set_wait(&mut self, sq: Square, wait: u8) {
        let old = self.waits[sq.index()];
        if old != wait {
            self.hash ^= wait_key(sq, old) ^ wait_key(sq, wait);
            self.waits[sq.index()] = wait;
        }
    }

    #[inline(always)]
    fn set_castling(&mut self, rights: Bitboard) {
        for sq in self.castling ^ rights {
            self.hash ^= keys::CASTLING[sq.index()];
        }
        self.castling = rights;
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

    /// Plays `mv` for the side to move, without the turn change: the caller judges the
    /// mover's safety on the result.
    fn make(&self, mv: KingsMove) -> TwoKings {
        let mut next = *self;
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        next.set_ep(None);
        next.halfmove = next.halfmove.saturating_add(1);
        // The piece that ends the move on a fresh wait (transformed or promoted).
        let mut fresh = None;
        let mut lost = Bitboard::from_square(from);
        if mv.is_castle() {
            let (king_to, rook_to) = castling_targets(from, to);
            next.toggle(us, Kind::King, from);
            next.toggle(us, Kind::Rook, to);
            next.toggle(us, Kind::King, king_to);
            next.toggle(us, Kind::Rook, rook_to);
            let wait = self.waits[from.index()];
            next.set_wait(from, 0);
            next.set_wait(king_to, wait);
            lost = lost.with(to);
        } else if mv.is_transformation() {
            let kind = self.kind_at(from).expect("a transformation starts on a piece");
            let target = mv
                .letter()
                .and_then(Kind::from_letter)
                .expect("a transformation names its piece");
            next.toggle(us, kind, from);
            next.toggle(us, target, from);
            fresh = Some(from);
        } else {
            let kind = self.kind_at(from).expect("a move starts on a piece");
            if kind == Kind::Pawn && self.ep == Some(to) {
                next.toggle(them, Kind::Pawn, en_passant_victim(us, to));
            } else if self.by_color(them).contains(to) {
                let victim = self.kind_at(to).expect("an occupied square holds a piece");
                next.toggle(them, victim, to);
                next.set_wait(to, 0);
                next.halfmove = 0;
            }
            next.toggle(us, kind, from);
            let placed = match mv.letter().and_then(Kind::from_letter) {
                Some(promoted) => {
                    fresh = Some(to);
                    promoted
                }
                None => kind,
            };
            next.toggle(us, placed, to);
            let wait = self.waits[from.index()];
            next.set_wait(from, 0);
            next.set_wait(to, wait);
            if kind == Kind::Pawn {
                next.halfmove = 0;
            }
            lost = lost.with(to);
        }
        // One more own turn played: every waiting piece of the mover waits one less.
        for sq in next.by_color(us) {
            let wait = next.waits[sq.index()];
            if wait > 0 {
                next.set_wait(sq, wait - 1);
            }
        }
        if let Some(sq) = fresh {
            next.set_wait(sq, WAIT);
        }
        if (lost & self.castling).nonempty() {
            next.set_castling(Self::rights_after(self.castling, lost));
        }
        next
    }

    /// Calls `visit` with every pseudo-legal move of the side to move (castling is
    /// generated only when its own conditions hold).
    #[inline(always)]
    fn pseudo_moves(&self, mut visit: impl FnMut(KingsMove)) {
        let us = self.side;
        let them = !us;
        let ours = self.by_color(us);
        let occupied = self.occupied();
        let several_kings = self.kings(us).has_many();
        for kind in &Kind::ALL[1..] {
            for from in self.pieces(us, *kind) {
                for to in kind.movement().reach(from, occupied) & !ours {
                    visit(KingsMove::new(from, to, None));
                }
                if kind.transforms() && self.waits[from.index()] == 0 {
                    if *kind == Kind::King {
                        if several_kings {
                            for target in Kind::COMPOUNDS {
                                visit(KingsMove::new(from, from, Some(target.letter())));
                            }
                        }
                    } else {
                        visit(KingsMove::new(from, from, Some(Kind::King.letter())));
                    }
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
        let rights = self.castling & first_rank(us);
        for king in rights & self.kings(us) & CASTLING_KINGS {
            for rook in rights & self.pieces(us, Kind::Rook) & CASTLING_ROOKS {
                if self.may_castle(king, rook) {
                    visit(KingsMove::castle(king, rook));
                }
            }
        }
    }

    /// Castling's own conditions: the squares both pieces cross or land on are empty
    /// but for the two, and the King is not attacked on its square, on those it crosses
    /// or on its destination (its safety after the move is judged with the others).
    fn may_castle(&self, king: Square, rook: Square) -> bool {
        let (king_to, rook_to) = castling_targets(king, rook);
        let path = span(king, king_to) | span(rook, rook_to);
        let others = self.occupied().without(king).without(rook);
        (path & others).is_empty() && !span(king, king_to).into_iter().any(|sq| self.attacked(sq, !self.side))
    }

    /// Whether `mv` (pseudo-legal) leaves some King of the mover unattacked.
    #[inline(always)]
    fn is_legal(&self, mv: KingsMove) -> bool {
        let next = self.make(mv);
        if mv.is_castle() {
            let (king_to, _) = castling_targets(mv.from(), mv.to());
            return !next.attacked(king_to, !self.side);
        }
        !next.all_kings_attacked(self.side)
    }

    /// Calls `visit` with every legal move of the side to move. While some King is
    /// safe, a move (not castling, not en passant) of a piece that is neither that King
    /// nor shields it keeps it safe and is legal; the others are played out.
    #[inline(always)]
    pub fn generate(&self, mut visit: impl FnMut(KingsMove)) {
        let us = self.side;
        if self.kings(us).is_empty() {
            return;
        }
        let enemy = self.movers(!us);
        let occupied = self.occupied();
        let Some(safe) = self.kings(us).into_iter().find(|&k| !enemy.attack(k, !us, occupied)) else {
            return self.pseudo_moves(|mv| {
                if self.is_legal(mv) {
                    visit(mv)
                }
            });
        };
        let unsafe_origins = shields(safe, self.by_color(us), &enemy, occupied).with(safe);
        self.pseudo_moves(|mv| {
            let quick = !mv.is_castle() && !unsafe_origins.contains(mv.from()) && self.ep != Some(mv.to());
            if quick || self.is_legal(mv) {
                visit(mv)
            }
        });
    }

    /// Keeps the en passant square `ep` only when a capture onto it is legal for the
    /// side to move.
    fn settle_en_passant(&mut self, ep: Option<Square>) {
        self.set_ep(ep);
        if let Some(ep) = ep {
            if self.kings(self.side).is_empty()
                || !en_passant_possible(self.side, ep, self.pieces(self.side, Kind::Pawn), |mv| {
                    self.is_legal(mv)
                })
            {
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
        }
        for sq in Square::all() {
            hash ^= wait_key(sq, self.waits[sq.index()]);
        }
        for sq in self.castling {
            hash ^= keys::CASTLING[sq.index()];
        }
        if self.side == Color::Black {
            hash ^= keys::BLACK_TO_MOVE;
        }
        if let Some(ep) = self.ep {
            hash ^= keys::EN_PASSANT[ep.file() as usize];
        }
        hash
    }
}

impl Position for TwoKings {
    type Move = KingsMove;

    const VARIANTS: &'static [Variant] = &[Variant::TwoKings, Variant::TwoKings4];

    fn variant(&self) -> Variant {
        self.variant
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

    fn play(&self, mv: KingsMove) -> TwoKings {
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

    /// Every King attacked: what "check" means with several Kings.
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.kings(self.side).nonempty() && self.all_kings_attacked(self.side)
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        if self.kings(self.side).is_empty() {
            return Some(GameResult {
                outcome: Outcome::Win(!self.side),
                reason: EndReason::NoKingsLeft,
            });
        }
        (!any_legal_move).then(|| GameResult::mate_or_stalemate(self.in_check(), self.side))
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
}

impl Notation for TwoKings {
    fn read_fen(variant: Variant, fen: &str, _options: &RuleOptions) -> Result<TwoKings, FenError> {
        fen::parse(variant, fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn move_name(&self, mv: KingsMove) -> String {
        mv.to_string()
    }

    /// The protocol form, and castling also as the King's two-square move (`e1g1`)
    /// where no other legal move has that name.
    fn parse_move(&self, text: &str) -> Result<KingsMove, MoveError> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        if let Some(&mv) = moves.iter().find(|mv| mv.to_string() == text) {
            return Ok(mv);
        }
        let castles = moves.iter().copied().filter(|mv| mv.is_castle()).find(|mv| {
            let (king_to, _) = castling_targets(mv.from(), mv.to());
            format!("{}{king_to}", mv.from()) == text
        });
        castles.ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn render(&self) -> String {
        crate::fen::render_board(|sq| self.piece_at(sq).map(|(color, kind)| fen_letter(kind.letter(), color)))
    }
}

impl SearchHints for TwoKings {
    const SEARCH: SearchRules = SearchRules {
        null_move: true,
        late_move_reductions: true,
        mandatory_capture: false,
    };

    #[inline(always)]
    fn is_capture(&self, mv: KingsMove) -> bool {
        !mv.is_transformation()
            && !mv.is_castle()
            && (self.by_color(!self.side).contains(mv.to())
                || (self.ep == Some(mv.to()) && self.pieces(self.side, Kind::Pawn).contains(mv.from())))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: KingsMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn null_move(&self) -> Option<TwoKings> {
        if self.kings(self.side).is_empty() || self.in_check() {
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
