//! The one trait every game implements, and the types its callers share.
//!
//! A game is a copy-make position type: `play` returns the next position. Everything
//! that varies between the games (boards, pieces, drops, side effects of a move,
//! win conditions, per-piece state) lives behind it, so perft, search and the protocol
//! are written once and monomorphised per game.

use crate::moves::{PackedMove, PackedSquare};
use crate::types::Color;
use arrayvec::ArrayVec;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::sync::Arc;
use thiserror::Error;

/// Upper bound on the legal moves of any position of any game (chess needs 218;
/// games with several boards or a choice of board need more; Jacks and Witches, with
/// its 22 men a side and every Can(n)on move in two end modes, stays below 1000).
pub const MAX_MOVES: usize = 1024;

/// A position's moves, on the stack.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// Every game by its protocol name.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Orthodox chess.
    Chess,
    /// Alice chess on two boards.
    Alice,
    /// Alice chess with Black starting on board B.
    Alice2,
    /// Alice with zero moves through the glass (Ishkan).
    MsAlice,
    /// O'Donohue's Alice: a piece stays when the square across is taken.
    ODonohue,
    /// Duo Alice: transfer optional, zero-move captures.
    Duo,
    /// Alice on two 4x8 boards.
    MiniAlice,
    /// Alice chess on three boards.
    Alice3,
    /// Jabberwocky: pieces change type as they move.
    Jabberwocky,
    /// Superpermutation: swap chains and King teleports.
    Superpermutation,
    /// It's not a job for King, Game I.
    Maharajah,
    /// It's not a job for King, Game II.
    TwoKings,
    /// Game II from the four-King setup.
    TwoKings4,
    /// Jacks and Witches 84 on the 12x8 board.
    JacksWitches,
}

/// What a GUI needs to know of a variant's board.
#[derive(Copy, Clone, Debug)]
pub struct VariantInfo {
    /// The variant described.
    pub variant: Variant,
    /// Its protocol name (`UCI_Variant`).
    pub name: &'static str,
    /// Files of one board.
    pub files: u8,
    /// Ranks of one board.
    pub ranks: u8,
    /// How many boards.
    pub boards: u8,
    /// The start position.
    pub start_fen: &'static str,
}

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BLACK_ON_B: &str = "|r|n|b|q|k|b|n|r/|p|p|p|p|p|p|p|p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const fn info(variant: Variant, name: &'static str, files: u8, boards: u8, start_fen: &'static str) -> VariantInfo {
    VariantInfo {
        variant,
        name,
        files,
        ranks: 8,
        boards,
        start_fen,
    }
}

const VARIANTS: &[VariantInfo] = &[
    info(Variant::Chess, "chess", 8, 1, STANDARD),
    info(Variant::Alice, "alice", 8, 2, STANDARD),
    info(Variant::Alice2, "alice2", 8, 2, BLACK_ON_B),
    info(Variant::MsAlice, "msalice", 8, 2, STANDARD),
    info(Variant::ODonohue, "odonohue", 8, 2, STANDARD),
    info(Variant::Duo, "duo", 8, 2, BLACK_ON_B),
    info(
        Variant::MiniAlice,
        "minialice",
        4,
        2,
        "rqkr/nbbn/pppp/4/4/PPPP/NBBN/RQKR w - - 0 1",
    ),
    info(
        Variant::Alice3,
        "alice3",
        8,
        3,
        "rnbqkbnr16/pppppppp16/24/24/24/24/PPPPPPPP16/RNBQKBNR16 w KQkq - 0 1",
    ),
    info(
        Variant::Jabberwocky,
        "jabberwocky",
        8,
        1,
        "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK w - - 0 1",
    ),
    info(
        Variant::Superpermutation,
        "superpermutation",
        8,
        1,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    info(
        Variant::Maharajah,
        "maharajah",
        8,
        1,
        "rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1 0+0",
    ),
    info(
        Variant::TwoKings,
        "twokings",
        8,
        1,
        "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d8=3,e8=3",
    ),
    info(
        Variant::TwoKings4,
        "twokings4",
        8,
        1,
        "rnbkkbnr/pppkkppp/3pp3/8/8/3PP3/PPPKKPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d2=3,e2=3,d7=3,e7=3,d8=3,e8=3",
    ),
    info(
        Variant::JacksWitches,
        "jackswitches",
        12,
        1,
        "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1",
    ),
];

impl Variant {
    /// Every variant, in protocol order.
    pub fn all() -> impl Iterator<Item = Variant> {
        VARIANTS.iter().map(|info| info.variant)
    }

    /// The variant's row of the table.
    pub fn info(self) -> &'static VariantInfo {
        VARIANTS
            .iter()
            .find(|info| info.variant == self)
            .expect("every variant has an entry in VARIANTS")
    }

    /// The protocol name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The start position's FEN.
    pub fn start_fen(self) -> &'static str {
        self.info().start_fen
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::Alice => "Alice chess",
            Variant::Alice2 => "Alice chess, Black on board B",
            Variant::MsAlice => "Alice with zero moves",
            Variant::ODonohue => "Alice, O'Donohue's rule",
            Variant::Duo => "Duo chess",
            Variant::MiniAlice => "Mini Alice (4x8)",
            Variant::Alice3 => "Alice on three boards",
            Variant::Jabberwocky => "Jabberwocky chess",
            Variant::Superpermutation => "Superpermutation chess",
            Variant::Maharajah => "Not a job for King, Game I",
            Variant::TwoKings => "Not a job for King, Game II",
            Variant::TwoKings4 => "Game II, four Kings",
            Variant::JacksWitches => "Jacks and Witches 84",
        }
    }

    /// The variant of a protocol name.
    pub fn from_name(name: &str) -> Result<Variant, UnknownVariant> {
        VARIANTS
            .iter()
            .find(|info| info.name.eq_ignore_ascii_case(name))
            .map(|info| info.variant)
            .ok_or_else(|| UnknownVariant(name.to_string()))
    }
}

/// A protocol name no variant has.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown variant '{0}' (known: {names})", names = Variant::all().map(Variant::name).collect::<Vec<_>>().join(", "))]
pub struct UnknownVariant(pub String);

/// How a finished game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The fifty-move rule.
    FiftyMoves,
    /// The same position the third time.
    Repetition,
    /// The side to move has no legal move and loses by that (Jabberwocky's mate).
    NoLegalMove,
    /// A teleportation left the mover's King attacked: the mover lost at once.
    TeleportedIntoCheck,
    /// The side to move has no pieces left (Maharajah: all captured).
    NoPiecesLeft,
    /// The side to move has no King left (Game II: all captured).
    NoKingsLeft,
    /// Threefold repetition, decided by the captured points instead of a draw.
    RepetitionOnPoints,
    /// The move counter, decided by the captured points instead of a draw.
    FiftyMovesOnPoints,
}

impl EndReason {
    /// One word, for protocol lines.
    pub fn token(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::Repetition => "repetition",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::TeleportedIntoCheck => "teleport-into-check",
            EndReason::NoPiecesLeft => "no-pieces",
            EndReason::NoKingsLeft => "no-kings",
            EndReason::RepetitionOnPoints => "repetition-points",
            EndReason::FiftyMovesOnPoints => "fifty-moves-points",
        }
    }

    /// The protocol name.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::NoLegalMove => "no legal move",
            EndReason::TeleportedIntoCheck => "king attacked after teleportation",
            EndReason::NoPiecesLeft => "no pieces left",
            EndReason::NoKingsLeft => "no kings left",
            EndReason::RepetitionOnPoints => "threefold repetition, decided on captured points",
            EndReason::FiftyMovesOnPoints => "fifty-move rule, decided on captured points",
        }
    }
}

/// How a game ended: who won and why.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
}

impl GameResult {
    /// The result of a side to move without a legal move: mated in check, else
    /// stalemated (a draw), as in chess.
    pub(crate) fn mate_or_stalemate(in_check: bool, side_to_move: Color) -> GameResult {
        if in_check {
            GameResult {
                outcome: Outcome::Win(!side_to_move),
                reason: EndReason::Checkmate,
            }
        } else {
            GameResult {
                outcome: Outcome::Draw,
                reason: EndReason::Stalemate,
            }
        }
    }

    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.outcome {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The FEN is empty.
    #[error("empty FEN")]
    Empty,
    /// The FEN has the wrong number of fields.
    #[error("expected {expected} fields, found {found}")]
    FieldCount {
        /// How many fields the game reads.
        expected: &'static str,
        /// How many there are.
        found: usize,
    },
    /// The board has this many ranks instead of that many.
    #[error("board has {0} ranks, expected {1}")]
    RankCount(usize, usize),
    /// A rank does not fill the board's width.
    #[error("rank {rank} has {squares} squares, expected {expected}")]
    RankLength {
        /// The rank, counted from 1.
        rank: usize,
        /// The squares it covers.
        squares: usize,
        /// The board's width.
        expected: usize,
    },
    /// A letter that is no piece of this game.
    #[error("invalid piece letter '{0}'")]
    InvalidPiece(char),
    /// A count of empty squares that is zero or malformed.
    #[error("invalid empty-square count '{0}'")]
    InvalidEmptyCount(String),
    /// The side to move is neither `w` nor `b`.
    #[error("invalid side to move '{0}' (expected w or b)")]
    InvalidSideToMove(String),
    /// A malformed castling field.
    #[error("invalid castling field '{0}'")]
    InvalidCastling(String),
    /// A castling right written twice.
    #[error("castling right '{0}' listed twice")]
    DuplicateCastling(char),
    /// A castling right whose king or rook is not at home.
    #[error("castling right '{0}' needs the king and rook on their original squares")]
    CastlingWithoutPieces(char),
    /// A malformed en passant square.
    #[error("invalid en passant square '{0}'")]
    InvalidEnPassant(String),
    /// An en passant square no double step can have made.
    #[error("en passant square {0} is not on the rank behind a pawn that just double-stepped")]
    ImpossibleEnPassant(String),
    /// A malformed halfmove clock.
    #[error("invalid halfmove clock '{0}'")]
    InvalidHalfmoveClock(String),
    /// A malformed or zero move number.
    #[error("invalid fullmove number '{0}'")]
    InvalidFullmoveNumber(String),
    /// This side has no King.
    #[error("{0} has no king")]
    MissingKing(&'static str),
    /// This side has more Kings than the game allows.
    #[error("{0} has more than one king")]
    TooManyKings(&'static str),
    /// This side has more men than the game allows.
    #[error("{0} has more than {1} pieces")]
    TooManyPieces(&'static str, u32),
    /// This side has more than eight pawns.
    #[error("{0} has more than 8 pawns")]
    TooManyPawns(&'static str),
    /// A pawn stands where it would have promoted or could never have come from.
    #[error("pawn on the first or last rank")]
    PawnOnBackRank,
    /// The side that just moved left its King capturable.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// A check no legal move can have given.
    #[error("impossible check: {0}")]
    ImpossibleCheck(&'static str),
    /// The side that just moved has no men.
    #[error("{0} has no pieces, but moved last")]
    NoPieces(&'static str),
    /// A variant given to a game type that does not play it.
    #[error("this game type does not play the variant {0}")]
    WrongVariant(&'static str),
    /// A rule of one game only, told by that game's own error type.
    #[error(transparent)]
    Rule(RuleFenError),
}

/// A FEN error that only one game can make (a Jack hand, a wait counter...). The
/// game's module defines the error type; the core carries it without knowing it.
#[derive(Debug, Clone, Error)]
#[error(transparent)]
pub struct RuleFenError(Arc<dyn std::error::Error + Send + Sync>);

impl FenError {
    /// Wraps a game's own FEN error.
    pub fn rule(error: impl std::error::Error + Send + Sync + 'static) -> FenError {
        FenError::Rule(RuleFenError(Arc::new(error)))
    }

    /// The game's own error, when this is one of type `E`.
    pub fn rule_error<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self {
            FenError::Rule(RuleFenError(error)) => error.downcast_ref(),
            _ => None,
        }
    }
}

/// Two game errors are equal when they say the same thing.
impl PartialEq for RuleFenError {
    fn eq(&self, other: &RuleFenError) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for RuleFenError {}

/// Why a move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// No legal move has this name.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// Several legal moves have this name.
    #[error("ambiguous move '{0}' (name the boards, as in Ae2Be4)")]
    Ambiguous(String),
    /// The game is over: there is no move to play.
    #[error("no move is possible: the game is over")]
    GameOver,
}

/// Optional rules a user may switch on (protocol options, command-line flags).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleOptions {
    /// En passant in the Alice games (`AliceEnPassant`).
    pub alice_en_passant: bool,
}

/// A game Vorpal plays: its rules ([`Position`]), its text forms ([`Notation`]) and
/// what its search needs to know ([`SearchHints`]). Every type that has the three is a
/// `Game`; the search, perft and the protocol ask for this one bound.
pub trait Game: Position + Notation + SearchHints {}

impl<G: Position + Notation + SearchHints> Game for G {}

/// What every position keeps besides its men: whose turn it is, the move counters
/// of the FEN and the Zobrist hash.
///
/// Packed to 4-byte alignment: otherwise the padding after the one-byte side makes it
/// 24 bytes and grows every position by 8, which copy-make pays at every node
/// (callgrind: 3.4% more instructions in `alice3` perft). Its fields are read and
/// written by value; a reference to the hash cannot be taken.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(C, packed(4))]
pub struct Turn {
    /// The incrementally kept Zobrist hash of the whole position.
    pub hash: u64,
    /// Plies since the last capture or irreversible move.
    pub halfmove: u32,
    /// The FEN's move number, from 1.
    pub fullmove: u32,
    /// The side to move.
    pub side: Color,
}

impl Turn {
    /// White to move at move 1, and a hash still to be computed.
    pub const INITIAL: Turn = Turn {
        side: Color::White,
        halfmove: 0,
        fullmove: 1,
        hash: 0,
    };

    /// Hands the move to the other side; `black_to_move` is the game's hash key of
    /// Black to move.
    #[inline(always)]
    pub(crate) fn hand_over(&mut self, black_to_move: u64) {
        self.side = !self.side;
        self.hash ^= black_to_move;
    }

    /// The side to move's part of the hash: `black_to_move` when Black is to move.
    #[inline(always)]
    pub(crate) fn side_key(&self, black_to_move: u64) -> u64 {
        match self.side {
            Color::White => 0,
            Color::Black => black_to_move,
        }
    }

    /// Ends a move of the side to move: Black's move completes a move number, then the
    /// move passes as in [`Turn::hand_over`].
    #[inline(always)]
    pub(crate) fn end_move(&mut self, black_to_move: u64) {
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.hand_over(black_to_move);
    }
}

/// The rules of one game: what a referee, perft and a GUI's legal-move list need.
///
/// Invariant: `legal_moves` is empty exactly when the position has no successors,
/// including positions the rules end with moves still on the board.
pub trait Position: Clone + Send + Sync + Sized + 'static {
    /// A move of this game; it displays in protocol notation, which
    /// [`Notation::move_name`] may shorten where the position allows.
    type Move: PackedMove + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// The variants this type plays.
    const VARIANTS: &'static [Variant];

    /// The variant of this position; a type that plays several variants says which.
    fn variant(&self) -> Variant {
        Self::VARIANTS[0]
    }

    /// The side to move, the counters and the hash.
    fn turn(&self) -> &Turn;

    /// The side to move.
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.turn().side
    }

    /// The incrementally kept Zobrist hash.
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.turn().hash
    }

    /// The hash recomputed from the position, to check the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// Every legal move, appended to `moves`.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Every legal move, in a new list.
    fn legal_move_list(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// The number of legal moves (perft's last ply), faster than listing them where
    /// the game allows it.
    fn count_legal_moves(&self) -> u64 {
        self.legal_move_list().len() as u64
    }

    /// The position after `mv`, which must be one of `legal_moves`.
    fn play(&self, mv: Self::Move) -> Self;

    /// [`Position::play`] into `out`: a loop over one position's moves reuses one
    /// child, which a game that plays in place fills with a single copy.
    fn play_into(&self, mv: Self::Move, out: &mut Self) {
        *out = self.play(mv);
    }

    /// Whether the side to move is in check (always false in games without check).
    fn in_check(&self) -> bool;

    /// The result the position itself decides, given whether any legal move exists
    /// (the search already knows): mate, stalemate, a dead position...
    fn judge(&self, any_legal_move: bool) -> Option<GameResult>;

    /// [`Position::judge`] for callers that have not generated the moves. Draws that
    /// need the game's history are judged by [`crate::history::History`].
    fn board_result(&self) -> Option<GameResult> {
        self.judge(self.count_legal_moves() > 0)
    }

    /// Plies since the last capture or irreversible move, for the fifty-move rule and
    /// for bounding the repetition scan.
    fn halfmove_clock(&self) -> u32 {
        self.turn().halfmove
    }

    /// The result of a game ended by repetition or the move counter (a draw, except
    /// in games that decide those by other means).
    fn rule_draw_result(&self, reason: EndReason) -> GameResult {
        GameResult {
            outcome: Outcome::Draw,
            reason,
        }
    }
}

/// The text forms of a game: FEN, move notation and the board for humans.
pub trait Notation: Position {
    /// Reads a FEN of `variant`, which is one of [`Position::VARIANTS`].
    fn read_fen(variant: Variant, fen: &str, options: &RuleOptions) -> Result<Self, FenError>;

    /// A position of `variant` with `options` in force; a variant this type does not
    /// play is an error.
    fn from_fen_with(variant: Variant, fen: &str, options: &RuleOptions) -> Result<Self, FenError> {
        if !Self::VARIANTS.contains(&variant) {
            return Err(FenError::WrongVariant(variant.name()));
        }
        Self::read_fen(variant, fen, options)
    }

    /// A position of `variant` under its default rules.
    fn from_fen(variant: Variant, fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(variant, fen, &RuleOptions::default())
    }

    /// The start position of `variant` with `options` in force.
    ///
    /// # Panics
    /// If this type does not play `variant` ([`crate::with_game!`] picks the type that does).
    fn startpos_with(variant: Variant, options: &RuleOptions) -> Self {
        Self::from_fen_with(variant, variant.start_fen(), options)
            .expect("the start position of a variant this type plays is valid")
    }

    /// The start position of `variant` under its default rules.
    ///
    /// # Panics
    /// As [`Notation::startpos_with`].
    fn startpos(variant: Variant) -> Self {
        Self::startpos_with(variant, &RuleOptions::default())
    }

    /// The position's FEN.
    fn fen(&self) -> String;

    /// The move in protocol notation.
    fn move_name(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// Reads a move in protocol notation and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.moves_to_parse()?
            .into_iter()
            .find(|&mv| self.move_name(mv) == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The legal moves a move's text is read against; none is an error, as the game is
    /// over.
    fn moves_to_parse(&self) -> Result<MoveList<Self::Move>, MoveError> {
        let moves = self.legal_move_list();
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        Ok(moves)
    }

    /// The position as text for humans (the protocol's `d`).
    fn render(&self) -> String;
}

/// What the search needs to know of a game beyond its rules.
pub trait SearchHints: Position {
    /// Which search techniques are sound in this game.
    const SEARCH: SearchRules = SearchRules::STANDARD;

    /// How much of the clock a move may take.
    const TIME_USE: TimeUse = TimeUse::STANDARD;

    /// Whether the search lists pseudo-legal moves ([`SearchHints::search_moves`]) and
    /// judges each only when it comes to play it: for games where judging every move
    /// is most of the cost of a node, and a cut-off makes most judgements needless.
    /// Perft, the protocol and the GUI still see only legal moves.
    const LAZY_LEGALITY: bool = false;

    /// Whether quiescence asks [`SearchHints::has_legal_move`] first and lists
    /// [`SearchHints::tactical_search_moves`] only if standing pat fails, rather than
    /// list every move: for games that answer those two faster than they list all (most
    /// quiescence nodes stand pat). Implied by [`SearchHints::LAZY_LEGALITY`].
    const TACTICAL_GENERATION: bool = false;

    /// The moves the search tries here, appended to `moves`, and whether any legal
    /// move exists: by default the legal moves; with [`SearchHints::LAZY_LEGALITY`] a
    /// superset of them, of which [`SearchHints::is_legal_to_search`] keeps the legal.
    fn search_moves(&self, moves: &mut MoveList<Self::Move>) -> bool {
        self.legal_moves(moves);
        !moves.is_empty()
    }

    /// Whether `mv`, one of [`SearchHints::search_moves`], is legal; asked only with
    /// [`SearchHints::LAZY_LEGALITY`].
    fn is_legal_to_search(&self, _mv: Self::Move) -> bool {
        true
    }

    /// The moves of [`SearchHints::search_moves`] that [`SearchHints::is_tactical`]
    /// keeps, in the same order: what quiescence tries once standing pat fails, with
    /// [`SearchHints::LAZY_LEGALITY`] or [`SearchHints::TACTICAL_GENERATION`].
    fn tactical_search_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.search_moves(moves);
        moves.retain(|mv| self.is_tactical(*mv));
    }

    /// Whether any legal move exists; with [`SearchHints::LAZY_LEGALITY`] or
    /// [`SearchHints::TACTICAL_GENERATION`] quiescence asks this first and lists the
    /// moves only if standing pat fails, so a game should answer it without listing
    /// them all.
    fn has_legal_move(&self) -> bool {
        self.search_moves(&mut MoveList::new())
    }

    /// Whether [`SearchHints::gives_check`] is cheaper than playing the move: then the
    /// search asks it before pruning a move, and does not play the moves it prunes.
    const CHEAP_GIVES_CHECK: bool = false;

    /// Whether `mv`, a legal move, puts the opponent in check.
    fn gives_check(&self, mv: Self::Move) -> bool {
        self.play(mv).in_check()
    }

    /// Whether `mv` captures (or otherwise wins material at once).
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// Moves quiescence search plays: captures and promotions.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// The position after passing, for null-move pruning; `None` where a pass is
    /// unsound here (in check, or zugzwang is likely).
    fn null_move(&self) -> Option<Self>;

    /// A compact code of the move (below 2^28, never 0), for the transposition table.
    #[inline(always)]
    fn move_code(mv: Self::Move) -> u32 {
        // The tag bit keeps every code apart from "no move"; moves use fewer bits.
        debug_assert!(mv.bits() < 1 << 27);
        mv.bits() | 1 << 27
    }

    /// A key of the pawns alone, for the correction history of the static evaluation
    /// (an evaluation's error follows the pawn structure); `None` where the search
    /// corrects nothing.
    #[inline(always)]
    fn pawn_key(&self) -> Option<u64> {
        None
    }

    /// Size of the history table: by default one slot per side, origin and
    /// destination.
    const HISTORY_SIZE: usize = 2 * squares::<Self>() * squares::<Self>();

    /// The slot of a move in the history table, below [`SearchHints::HISTORY_SIZE`].
    #[inline(always)]
    fn history_index(&self, mv: Self::Move) -> usize {
        let squares = squares::<Self>();
        (self.side_to_move().index() * squares + mv.from().packed() as usize) * squares + mv.to().packed() as usize
    }
}

/// How many squares the board of game `G` has.
const fn squares<G: Position>() -> usize {
    <<G::Move as PackedMove>::Square as PackedSquare>::COUNT
}

/// Search techniques a game allows: null-move pruning and late-move reductions are
/// unsound in zugzwang-heavy games, and stand-pat in quiescence is wrong where a capture
/// is compulsory.
#[derive(Copy, Clone, Debug)]
pub struct SearchRules {
    /// Whether null-move pruning is sound.
    pub null_move: bool,
    /// Whether late moves may be searched less deep.
    pub late_move_reductions: bool,
    /// Whether a capture is compulsory, so quiescence may not stand pat.
    pub mandatory_capture: bool,
    /// Whether the table's move is searched deeper when no other move comes near it
    /// (singular extensions): only where a match showed that it pays.
    pub singular_extensions: bool,
    /// How far below the table's score, per ply of depth, the other moves must stay for
    /// the table's move to count as singular: in the game's own units, whose pawn is
    /// worth more in some games than in chess.
    pub singular_margin: i32,
    /// Whether a node the table knows no move for is searched a ply shallower
    /// (internal iterative reduction): only where a match showed that it pays.
    pub internal_iterative_reduction: bool,
    /// Whether reverse futility returns halfway between the static evaluation and beta
    /// rather than the evaluation: only where a match showed that it pays.
    pub futility_halfway: bool,
    /// Whether reverse futility, the null move and futility pruning start from the
    /// table's score where its bound says it is nearer the truth than the static
    /// evaluation: only where a match showed that it pays.
    pub table_score_as_eval: bool,
    /// Whether a quiet move that every reply failed to answer earns a history bonus,
    /// as a cut-off would give it: only where a match showed that it pays.
    pub prior_quiet_bonus: bool,
    /// Whether a late quiet move that gives check is reduced too, a ply less than
    /// another late quiet move: only where a match showed that it pays.
    pub reduce_checks: bool,
}

impl SearchRules {
    /// Every technique, for games where captures are optional and zugzwang is rare
    /// (the null move still checks for it position by position).
    pub const STANDARD: SearchRules = SearchRules {
        null_move: true,
        late_move_reductions: true,
        mandatory_capture: false,
        singular_extensions: false,
        singular_margin: 3,
        internal_iterative_reduction: false,
        futility_halfway: false,
        table_score_as_eval: false,
        prior_quiet_bonus: false,
        reduce_checks: false,
    };
}

/// How a game spends its clock: each game was measured on its own (docs/STRENGTH.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeUse {
    /// Moves the remaining time is shared over when `go` gives no `movestogo`.
    pub moves_to_go: u32,
    /// No new iteration starts after this share of the soft budget, in percent, by how
    /// many iterations in a row kept the best move (0: the last one changed it; the
    /// last entry for three or more).
    pub new_iteration_percent: [u32; 4],
}

impl TimeUse {
    /// A 25th of the clock, and no new iteration after 60% of the target.
    pub const STANDARD: TimeUse = TimeUse {
        moves_to_go: 25,
        new_iteration_percent: [60; 4],
    };

    /// The time after which no new iteration starts, of a `soft` budget, when the last
    /// `best_kept` iterations in a row kept the best move.
    pub fn new_iteration_limit(&self, soft: std::time::Duration, best_kept: usize) -> std::time::Duration {
        soft * self.new_iteration_percent[best_kept.min(3)] / 100
    }
}

/// Runs `$body` with `$G` bound to the game type that plays `$variant`: the one place
/// the protocol's run-time choice of game becomes a compile-time type.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $G:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Chess => {
                type $G = $crate::Chess;
                $body
            }
            $crate::Variant::Alice
            | $crate::Variant::Alice2
            | $crate::Variant::MsAlice
            | $crate::Variant::ODonohue
            | $crate::Variant::Duo
            | $crate::Variant::MiniAlice => {
                type $G = $crate::Alice;
                $body
            }
            $crate::Variant::Alice3 => {
                type $G = $crate::alice::Alice3;
                $body
            }
            $crate::Variant::Jabberwocky => {
                type $G = $crate::Jabberwocky;
                $body
            }
            $crate::Variant::Superpermutation => {
                type $G = $crate::Superperm;
                $body
            }
            $crate::Variant::Maharajah => {
                type $G = $crate::Maharajah;
                $body
            }
            $crate::Variant::TwoKings | $crate::Variant::TwoKings4 => {
                type $G = $crate::TwoKings;
                $body
            }
            $crate::Variant::JacksWitches => {
                type $G = $crate::JacksWitches;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_is_played_by_the_type_the_protocol_picks_for_it() {
        for variant in Variant::all() {
            with_game!(variant, G => {
                assert!(G::VARIANTS.contains(&variant), "{}", variant.name());
                assert_eq!(G::startpos(variant).variant(), variant);
            });
        }
    }

    #[test]
    fn a_variant_passed_to_the_wrong_type_is_an_error() {
        let start = Variant::Chess.start_fen();
        assert_eq!(
            crate::alice::Alice3::from_fen(Variant::Alice, start).unwrap_err(),
            FenError::WrongVariant("alice")
        );
        assert_eq!(
            crate::Chess::from_fen(Variant::Jabberwocky, start).unwrap_err(),
            FenError::WrongVariant("jabberwocky")
        );
        assert_eq!(
            crate::TwoKings::from_fen(Variant::Maharajah, start).unwrap_err(),
            FenError::WrongVariant("maharajah")
        );
        assert!(crate::Chess::from_fen(Variant::Chess, start).is_ok());
    }
}
