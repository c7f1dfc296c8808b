//! The position both games play on: piece sets, side, en passant, counters and the
//! hash, changed together in one place, and the parts of move generation, play, FEN
//! and search that the games share. Each game plugs in its [`Rules`], a type that holds
//! the state only it keeps and says where its rules differ.

use super::{
    castling_targets, en_passant_possible, en_passant_victim, pawn_moves, FenChars, KingsMove, Movement, Movers,
    PieceType,
};
use crate::bitboard::Bitboard;
use crate::board::{PieceBoard, PieceKind};
use crate::game::{
    EndReason, FenError, GameResult, MoveError, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints, Turn,
    Variant,
};
use crate::moves::PackedMove;
use crate::types::{Color, Square};
use std::fmt::Debug;

/// A piece type of one of the games: the pawn moves as in chess, the others by a
/// [`Movement`]. Its [`PieceKind::index`] is also its slot in [`KingsKind::TYPES`].
pub trait KingsKind: PieceKind + Debug + Send + Sync {
    /// What a pawn promotes to, in move-list order.
    const PROMOTIONS: &'static [Self];

    /// Each type's letter, movement and glyph, in the order of [`PieceKind::index`].
    const TYPES: &'static [PieceType];

    /// Lower-case letter: FEN (black), promotion and transformation suffix.
    #[inline(always)]
    fn char(self) -> char {
        Self::TYPES[self.index()].char
    }

    /// How a piece of this type moves and attacks: its [`PieceType::movement`], by a
    /// `match`, which lets the compiler specialise move generation per type (a table
    /// lookup costs perft some 5% more instructions).
    fn movement(self) -> Movement;

    /// The glyph name a GUI draws a piece of this type with.
    fn view_name(self) -> &'static str {
        Self::TYPES[self.index()].glyph
    }

    /// The pawn, first of [`PieceKind::ALL`].
    #[inline(always)]
    fn pawn() -> Self {
        Self::ALL[0]
    }

    /// The type a letter of either case names.
    fn from_char(letter: char) -> Option<Self> {
        let letter = letter.to_ascii_lowercase();
        Self::ALL.iter().copied().find(|kind| kind.char() == letter)
    }
}

/// The Zobrist keys of what every kings position holds; each game draws its own.
#[derive(Copy, Clone, Debug)]
pub struct BoardKeys {
    /// One key per colour, piece type (in [`PieceKind::index`] order) and square.
    pub pieces: &'static [u64],
    /// Black to move.
    pub black_to_move: u64,
    /// The en passant file.
    pub en_passant: [u64; 8],
}

/// Which pseudo-legal moves [`KingsPosition::generate`] plays out to judge them.
#[derive(Copy, Clone, Debug)]
pub enum Tested {
    /// None: every pseudo-legal move is legal.
    Nothing,
    /// The moves from these origins (those that may endanger the mover's royal
    /// pieces), castling and en passant.
    Origins(Bitboard),
    /// The side to move has no moves at all.
    NoMoves,
}

/// One game's rules. The implementing type is the state only that game keeps (stored
/// in `KingsPosition::state`); its functions are where the games differ.
pub trait Rules: Copy + Eq + Debug + Send + Sync + 'static {
    /// The game's piece types.
    type Kind: KingsKind;
    /// A FEN piece token as read: colour, type and the game's marks.
    type Cell: Copy;

    /// The variants the game plays.
    const VARIANTS: &'static [Variant];
    /// The game's Zobrist keys of the board.
    const KEYS: BoardKeys;

    /// The state of an empty board of `variant`.
    fn empty(variant: Variant) -> Self;

    /// The variant played.
    fn variant(&self) -> Variant;

    /// The Zobrist hash of the game's own state.
    fn state_hash(pos: &KingsPosition<Self>) -> u64;

    /// Pieces that move otherwise than their type (Game I's Maharajahs keep their
    /// origin type) and the movement they share; none by default.
    #[inline(always)]
    fn recast(_pos: &KingsPosition<Self>) -> (Bitboard, Movement) {
        (Bitboard::EMPTY, Movement::new(false, false, false, false))
    }

    /// Calls `visit` with every pseudo-legal move of the side to move, in the game's
    /// move-list order.
    fn pseudo_moves(pos: &KingsPosition<Self>, visit: impl FnMut(KingsMove));

    /// Plays `mv` for the side to move, without the turn change: the caller judges the
    /// mover's safety on the result.
    fn make(pos: &KingsPosition<Self>, mv: KingsMove) -> KingsPosition<Self>;

    /// What [`Rules::tested`] would say for a side to move without royal pieces.
    const WITHOUT_ROYALS: Tested;

    /// Which pseudo-legal moves of the side to move, whose royal pieces are `royals`
    /// (never none), must be played out to be judged.
    fn tested(pos: &KingsPosition<Self>, royals: Bitboard) -> Tested;

    /// Whether `mv` (pseudo-legal) leaves the mover's royal pieces as the game requires.
    fn is_legal(pos: &KingsPosition<Self>, mv: KingsMove) -> bool;

    /// Whether `color` is in check, as the game defines it.
    fn in_check(pos: &KingsPosition<Self>, color: Color) -> bool;

    /// The royal pieces of `color` (a GUI marks the attacked ones).
    fn royals(pos: &KingsPosition<Self>, color: Color) -> Bitboard;

    /// [`Position::judge`].
    fn judge(pos: &KingsPosition<Self>, any_legal_move: bool) -> Option<GameResult>;

    /// [`Position::rule_draw_result`]: a draw unless the game decides otherwise.
    fn rule_draw_result(_pos: &KingsPosition<Self>, reason: EndReason) -> GameResult {
        GameResult {
            outcome: Outcome::Draw,
            reason,
        }
    }

    /// Whether the search may pass here, besides not being in check.
    fn may_pass(pos: &KingsPosition<Self>) -> bool;

    /// Reads one FEN piece token.
    fn read_piece(chars: &mut FenChars) -> Result<Self::Cell, FenError>;

    /// Puts a piece read from a FEN on `sq`.
    fn place(pos: &mut KingsPosition<Self>, sq: Square, cell: Self::Cell);

    /// The most men a side may have in a FEN.
    fn most_men(&self) -> u32 {
        16
    }

    /// The game's own FEN checks of `color`'s army.
    fn check_army(_pos: &KingsPosition<Self>, _color: Color) -> Result<(), FenError> {
        Ok(())
    }

    /// The FEN error of a side that made the last move without what it must have
    /// (pieces, a King); that it is not in check the reader tests itself.
    fn mover_lacks(pos: &KingsPosition<Self>, mover: Color) -> Option<FenError>;

    /// Reads the FEN castling field, which each game uses its own way.
    fn read_castling_field(pos: &mut KingsPosition<Self>, field: &str) -> Result<(), FenError>;

    /// Reads the seventh FEN field, if present (the counters are already read).
    fn read_extra_field(pos: &mut KingsPosition<Self>, field: Option<&str>) -> Result<(), FenError>;

    /// The FEN token of the piece on `sq`.
    fn fen_piece(pos: &KingsPosition<Self>, sq: Square, color: Color, kind: Self::Kind) -> String;

    /// The FEN castling field.
    fn castling_field(pos: &KingsPosition<Self>) -> String;

    /// The seventh FEN field.
    fn extra_field(pos: &KingsPosition<Self>) -> String;

    /// The lower-case letter the piece on `sq` is drawn with.
    fn drawn_char(_pos: &KingsPosition<Self>, _sq: Square, kind: Self::Kind) -> char {
        kind.char()
    }

    /// The glyph name of what a letter drawn or named in a move stands for.
    fn view_name(letter: char) -> &'static str {
        Self::Kind::from_char(letter)
            .expect("a letter of the game names a piece type")
            .view_name()
    }

    /// A short mark a GUI draws on the piece on `sq`.
    fn badge(pos: &KingsPosition<Self>, sq: Square, color: Color, kind: Self::Kind) -> Option<String>;

    /// The points each side captured, where the game counts them.
    fn points(_pos: &KingsPosition<Self>) -> Option<[u32; 2]> {
        None
    }
}

/// A position of either game: the piece sets, side, clocks and hash both keep, and the
/// game's own state.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct KingsPosition<R: Rules> {
    /// Room for eight piece types: Game II has eight, Game I five.
    pub(super) board: PieceBoard<Bitboard, R::Kind, 8>,
    pub(super) turn: Turn,
    /// Set only when an en passant capture is legal.
    pub(super) en_passant: Option<Square>,
    /// What the game keeps besides.
    pub(super) state: R,
}

impl<R: Rules> KingsPosition<R> {
    pub(super) fn empty(variant: Variant) -> Self {
        KingsPosition {
            board: PieceBoard::default(),
            turn: Turn::INITIAL,
            en_passant: None,
            state: R::empty(variant),
        }
    }

    /// The men on the board.
    #[inline(always)]
    pub fn board(&self) -> &PieceBoard<Bitboard, R::Kind, 8> {
        &self.board
    }

    /// `color`'s pieces of type `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: R::Kind) -> Bitboard {
        self.board.pieces(color, kind)
    }

    /// `color`'s pieces.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.board.by_color(color)
    }

    /// Every piece.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// `color`'s pieces other than pawns.
    #[inline(always)]
    pub fn non_pawns(&self, color: Color) -> Bitboard {
        self.by_color(color) & !self.board.by_kind(R::Kind::pawn())
    }

    /// The type of the piece on `sq`.
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> Option<R::Kind> {
        self.board.kind_at(sq)
    }

    /// `color`'s pieces by movement.
    #[inline(always)]
    pub fn movers(&self, color: Color) -> Movers {
        let ours = self.by_color(color);
        let (recast, movement) = R::recast(self);
        let mut movers = Movers {
            pawns: self.pieces(color, R::Kind::pawn()),
            ..Movers::default()
        };
        for &kind in &R::Kind::ALL[1..] {
            movers.add(kind.movement(), self.board.by_kind(kind) & ours & !recast);
        }
        movers.add(movement, recast & ours);
        movers
    }

    /// Whether `by` attacks `sq`.
    #[inline(always)]
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.movers(by).attack(sq, by, self.occupied())
    }

    /// Adds or removes a piece, with its hash.
    #[inline(always)]
    pub(super) fn toggle(&mut self, color: Color, kind: R::Kind, sq: Square) {
        self.board.toggle(color, kind, sq, R::KEYS.pieces, &mut self.turn);
    }

    #[inline(always)]
    fn set_en_passant(&mut self, ep: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.turn.hash ^= R::KEYS.en_passant[old.file() as usize];
        }
        if let Some(new) = ep {
            self.turn.hash ^= R::KEYS.en_passant[new.file() as usize];
        }
        self.en_passant = ep;
    }

    /// The position a move of the side to move starts from: no en passant, the clock
    /// one ply on.
    #[inline(always)]
    pub(super) fn successor(&self) -> Self {
        let mut next = *self;
        next.set_en_passant(None);
        next.turn.halfmove = next.turn.halfmove.saturating_add(1);
        next
    }

    /// The ordinary part of a move played on the successor of `before`: the piece on
    /// `mv.from()` goes to `mv.to()` (as the promotion piece, if `mv` names one), taking
    /// what stands there or the pawn passed en passant; a pawn move or a capture resets
    /// the clock. Returns the type captured.
    #[inline(always)]
    pub(super) fn move_piece(&mut self, before: &Self, mv: KingsMove) -> Option<R::Kind> {
        let (from, to) = (mv.from(), mv.to());
        let us = before.turn.side;
        let them = !us;
        let kind = before.kind_at(from).expect("a move starts on a piece");
        let mut captured = None;
        if kind == R::Kind::pawn() && before.en_passant == Some(to) {
            self.toggle(them, R::Kind::pawn(), en_passant_victim(us, to));
            captured = Some(R::Kind::pawn());
        } else if before.by_color(them).contains(to) {
            let victim = before.kind_at(to).expect("an occupied square holds a piece");
            self.toggle(them, victim, to);
            captured = Some(victim);
        }
        self.toggle(us, kind, from);
        let placed = mv.suffix().and_then(R::Kind::from_char).unwrap_or(kind);
        self.toggle(us, placed, to);
        if kind == R::Kind::pawn() || captured.is_some() {
            self.turn.halfmove = 0;
        }
        captured
    }

    /// Calls `visit` with the moves of the piece of type `kind` on `from` (its own
    /// movement, or the recast one) to squares its side does not hold.
    #[inline(always)]
    pub(super) fn piece_moves(&self, from: Square, kind: R::Kind, visit: &mut impl FnMut(KingsMove)) {
        let (recast, movement) = R::recast(self);
        let movement = if recast.contains(from) {
            movement
        } else {
            kind.movement()
        };
        for to in movement.reach(from, self.occupied()) & !self.by_color(self.turn.side) {
            visit(KingsMove::new(from, to, None));
        }
    }

    /// Calls `visit` with the pawn moves of the side to move, one per promotion piece
    /// on the last rank.
    #[inline(always)]
    pub(super) fn pawn_moves(&self, visit: &mut impl FnMut(KingsMove)) {
        let us = self.turn.side;
        pawn_moves(
            us,
            self.pieces(us, R::Kind::pawn()),
            self.occupied(),
            self.by_color(!us),
            self.en_passant,
            |pm| {
                if pm.promotes {
                    for kind in R::Kind::PROMOTIONS {
                        visit(KingsMove::new(pm.from, pm.to, Some(kind.char())));
                    }
                } else {
                    visit(KingsMove::new(pm.from, pm.to, None));
                }
            },
        );
    }

    /// Calls `visit` with every legal move of the side to move: the moves the game does
    /// not test are legal as generated; the others are played out.
    #[inline(always)]
    pub fn generate(&self, mut visit: impl FnMut(KingsMove)) {
        let royals = R::royals(self, self.turn.side);
        let verdict = if royals.is_empty() {
            R::WITHOUT_ROYALS
        } else {
            R::tested(self, royals)
        };
        let tested = match verdict {
            Tested::Nothing => return R::pseudo_moves(self, visit),
            Tested::Origins(origins) => origins,
            Tested::NoMoves => return,
        };
        R::pseudo_moves(self, |mv| {
            let quick = !mv.is_castle() && !tested.contains(mv.from()) && self.en_passant != Some(mv.to());
            if quick || R::is_legal(self, mv) {
                visit(mv)
            }
        });
    }

    /// Finishes a move or a FEN: the en passant square `ep` is kept only when a capture
    /// onto it is legal for the side now to move.
    pub(super) fn settle_en_passant(&mut self, ep: Option<Square>) {
        self.set_en_passant(ep);
        if let Some(ep) = ep {
            let pawns = self.pieces(self.turn.side, R::Kind::pawn());
            if !en_passant_possible(self.turn.side, ep, pawns, |mv| R::is_legal(self, mv)) {
                self.set_en_passant(None);
            }
        }
    }

    /// The result of the side to move losing for `reason`.
    pub(super) fn lost(&self, reason: EndReason) -> GameResult {
        GameResult {
            outcome: Outcome::Win(!self.turn.side),
            reason,
        }
    }

    /// The letter the piece on `sq` is drawn with, upper case for White.
    pub(super) fn drawn_char(&self, sq: Square) -> Option<char> {
        let (color, kind) = self.board.piece_at(sq)?;
        Some(super::fen_char(R::drawn_char(self, sq, kind), color))
    }
}

impl<R: Rules> Position for KingsPosition<R> {
    type Move = KingsMove;

    const VARIANTS: &'static [Variant] = R::VARIANTS;

    fn variant(&self) -> Variant {
        self.state.variant()
    }

    #[inline(always)]
    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash =
            self.board.hash(R::KEYS.pieces) ^ R::state_hash(self) ^ self.turn.side_key(R::KEYS.black_to_move);
        if let Some(ep) = self.en_passant {
            hash ^= R::KEYS.en_passant[ep.file() as usize];
        }
        hash
    }

    fn legal_moves(&self, moves: &mut MoveList<KingsMove>) {
        self.generate(|mv| moves.push(mv));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut count = 0;
        self.generate(|_| count += 1);
        count
    }

    fn play(&self, mv: KingsMove) -> Self {
        let mut next = R::make(self, mv);
        let us = self.turn.side;
        next.turn.end_move(R::KEYS.black_to_move);
        if mv.is_double_step() && self.pieces(us, R::Kind::pawn()).contains(mv.from()) {
            next.settle_en_passant(Some(mv.from().offset(us.forward())));
        }
        next
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        R::in_check(self, self.turn.side)
    }

    fn judge(&self, any_legal_move: bool) -> Option<GameResult> {
        R::judge(self, any_legal_move)
    }

    fn rule_draw_result(&self, reason: EndReason) -> GameResult {
        R::rule_draw_result(self, reason)
    }
}

impl<R: Rules> Notation for KingsPosition<R> {
    fn read_fen(variant: Variant, fen: &str, _options: &RuleOptions) -> Result<Self, FenError> {
        super::fen::read(variant, fen)
    }

    fn fen(&self) -> String {
        super::fen::write(self)
    }

    /// The protocol form, and castling also as the King's two-square move (`e1g1`)
    /// where no other legal move has that name.
    fn parse_move(&self, text: &str) -> Result<KingsMove, MoveError> {
        let moves = self.moves_to_parse()?;
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
        crate::fen::render_board(|sq| self.drawn_char(sq))
    }
}

impl<R: Rules> SearchHints for KingsPosition<R> {
    #[inline(always)]
    fn is_capture(&self, mv: KingsMove) -> bool {
        !mv.is_transformation()
            && !mv.is_castle()
            && (self.by_color(!self.turn.side).contains(mv.to())
                || (self.en_passant == Some(mv.to())
                    && self.pieces(self.turn.side, R::Kind::pawn()).contains(mv.from())))
    }

    #[inline(always)]
    fn is_tactical(&self, mv: KingsMove) -> bool {
        self.is_capture(mv) || mv.promotion().is_some()
    }

    fn null_move(&self) -> Option<Self> {
        if !R::may_pass(self) || self.in_check() {
            return None;
        }
        let mut next = self.successor();
        next.turn.hand_over(R::KEYS.black_to_move);
        Some(next)
    }
}
