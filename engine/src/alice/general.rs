//! The rules of the Alice variations (zero moves, optional or conditional transfer, a
//! choice of board, a smaller board), and the general move generator: each candidate
//! move played and judged. It is the reference the destination-set generator is tested
//! against, and lists the moves of a position with an en passant chance.

use super::{AliceGame, AliceMove, AliceMoveKind, BoardId, EnPassant};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::chess::castling_squares;
use crate::game::{MoveList, Variant};
use crate::moves::PackedMove;
use crate::types::{Color, Kind, Square};

/// Where a moved piece ends.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Transfer {
    /// To the other board, which must be empty there.
    Always,
    /// To the other board if empty there, else it stays (O'Donohue).
    IfEmpty,
    /// The mover chooses to transfer or not (Duo).
    Optional,
    /// To a board of the mover's choice among the others (three boards).
    Choose,
}

/// Which pieces may make a zero move (a transfer alone).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ZeroMoves {
    None,
    /// Every piece, onto an empty square (Ishkan).
    All,
    /// Pieces other than pawns, capturing what stands there (Duo).
    NonPawnCapturing,
}

/// The rules a variation changes.
#[derive(Copy, Clone, Debug)]
pub struct Rules {
    /// The board Black starts (and castles) on; White's is always board A.
    pub black_home: BoardId,
    /// Where a moved piece ends: the transfer rule.
    pub transfer: Transfer,
    /// Which pieces may pass through the glass without moving.
    pub zero_moves: ZeroMoves,
    /// A non-pawn piece attacks its own square on the other board (Duo).
    pub zero_square_attacks: bool,
    /// Files of each board: 8, or 4 in minialice.
    pub files: u8,
    /// Whether castling exists.
    pub castling: bool,
}

impl Rules {
    /// The rules of `variant`: one constant per variation, returned by value so that
    /// the generator's tests on them fold away once the variant is known.
    #[inline(always)]
    pub fn of(variant: Variant) -> Rules {
        const ALICE: Rules = Rules {
            black_home: 0,
            transfer: Transfer::Always,
            zero_moves: ZeroMoves::None,
            zero_square_attacks: false,
            files: 8,
            castling: true,
        };
        const ALICE2: Rules = Rules { black_home: 1, ..ALICE };
        const MSALICE: Rules = Rules {
            zero_moves: ZeroMoves::All,
            ..ALICE
        };
        const ODONOHUE: Rules = Rules {
            transfer: Transfer::IfEmpty,
            ..ALICE
        };
        const DUO: Rules = Rules {
            black_home: 1,
            transfer: Transfer::Optional,
            zero_moves: ZeroMoves::NonPawnCapturing,
            zero_square_attacks: true,
            ..ALICE
        };
        const MINIALICE: Rules = Rules {
            files: 4,
            castling: false,
            ..ALICE
        };
        const ALICE3: Rules = Rules {
            transfer: Transfer::Choose,
            ..ALICE
        };
        match variant {
            Variant::Alice2 => ALICE2,
            Variant::MsAlice => MSALICE,
            Variant::ODonohue => ODONOHUE,
            Variant::Duo => DUO,
            Variant::MiniAlice => MINIALICE,
            Variant::Alice3 => ALICE3,
            _ => ALICE,
        }
    }

    /// The board `color` starts and castles on.
    #[inline(always)]
    pub fn home(&self, color: Color) -> BoardId {
        match color {
            Color::White => 0,
            Color::Black => self.black_home,
        }
    }

    /// The squares of the board (files a to the last file).
    #[inline(always)]
    pub fn squares(&self) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 * ((1u64 << self.files) - 1))
    }

    /// The rank a pawn of `color` lands on by a double step.
    #[inline(always)]
    pub fn double_step_rank(&self, color: Color) -> Bitboard {
        let rank = self.pawn_start_rank() + 2;
        Bitboard::rank(if color == Color::White { rank } else { 7 - rank })
    }

    /// The relative rank a pawn double-steps from: its starting rank.
    #[inline(always)]
    fn pawn_start_rank(&self) -> u8 {
        if self.files == 4 {
            2
        } else {
            1
        }
    }
}

impl<const N: usize> AliceGame<N> {
    /// The rules of this position's variation.
    pub(crate) fn rules(&self) -> Rules {
        Rules::of(self.variant)
    }

    /// Enemy (`by`) non-pawn pieces standing on `sq` of another board than `board`.
    pub(super) fn zero_square_attackers(&self, board: BoardId, sq: Square, by: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for (id, other) in self.boards.iter().enumerate() {
            if id != board && (other.by_color(by) & !other.by_kind(Kind::Pawn)).contains(sq) {
                out = out.with(sq);
            }
        }
        out
    }

    /// Whether `by` attacks `sq` on `board`, with `occupied` as that board's blockers.
    fn attacked(&self, board: BoardId, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.boards[board].attackers(sq, by, occupied).nonempty()
            || (self.rules().zero_square_attacks && self.zero_square_attackers(board, sq, by).nonempty())
    }

    /// Whether `color`'s king is attacked by this variation's rules (in Duo also
    /// through the other boards, by a capturing zero move).
    pub(super) fn king_attacked(&self, color: Color) -> bool {
        let (board, king) = self.king(color);
        self.attacked(board, king, !color, self.boards[board].occupied())
    }

    /// Boards a piece moving on `from` to `to` may end on, by the transfer rule.
    fn arrivals(&self, rules: &Rules, from: BoardId, to: Square) -> ArrayOfBoards {
        let mut out = ArrayOfBoards::default();
        let empty_on = |b: BoardId| !self.boards[b].occupied().contains(to);
        match rules.transfer {
            Transfer::Always => {
                if empty_on(1 - from) {
                    out.push(1 - from);
                }
            }
            Transfer::IfEmpty => out.push(if empty_on(1 - from) { 1 - from } else { from }),
            Transfer::Optional => {
                out.push(from);
                if empty_on(1 - from) {
                    out.push(1 - from);
                }
            }
            Transfer::Choose => (0..N).filter(|&b| b != from && empty_on(b)).for_each(|b| out.push(b)),
        }
        out
    }

    /// The legal moves of a variation: every candidate, played and judged.
    pub(super) fn generate_general(&self, moves: &mut MoveList<AliceMove>) {
        let rules = self.rules();
        let us = self.turn.side;
        let squares = rules.squares();
        let last_rank = Bitboard::last_rank(us);
        for x in 0..N {
            let board = &self.boards[x];
            let occupied = board.occupied();
            let ours = board.by_color(us);
            let theirs = board.by_color(!us);
            for role in Kind::ALL {
                for from in board.pieces(us, role) {
                    let destinations = squares
                        & !ours
                        & match role {
                            Kind::Pawn => {
                                let one = Bitboard::from_square(from.offset(us.forward())) & !occupied;
                                let two = if from.relative_rank(us) == rules.pawn_start_rank() && one.nonempty() {
                                    Bitboard::from_square(from.offset(2 * us.forward())) & !occupied
                                } else {
                                    Bitboard::EMPTY
                                };
                                one | two | (pawn_attacks(us, from) & theirs)
                            }
                            Kind::Knight => knight_attacks(from),
                            Kind::Bishop => bishop_attacks(from, occupied),
                            Kind::Rook => rook_attacks(from, occupied),
                            Kind::Queen => queen_attacks(from, occupied),
                            Kind::King => king_attacks(from),
                        };
                    for to in destinations {
                        for y in self.arrivals(&rules, x, to).iter() {
                            if role == Kind::Pawn && last_rank.contains(to) {
                                for promoted in Kind::PROMOTIONS {
                                    let mv = AliceMove::new(from, x, to, y, AliceMoveKind::Promotion(promoted));
                                    self.push_if_legal(moves, mv, role);
                                }
                            } else {
                                self.push_if_legal(moves, AliceMove::new(from, x, to, y, AliceMoveKind::Normal), role);
                            }
                        }
                    }
                    self.zero_moves(moves, &rules, role, from, x);
                }
            }
        }
        if rules.castling {
            self.castling_moves(moves, &rules);
        }
        if let Some(ep) = self.en_passant {
            self.en_passant_moves(moves, &rules, ep);
        }
    }

    /// Captures of a pawn that has just double-stepped, made on the board of its step.
    pub(super) fn en_passant_moves(&self, moves: &mut MoveList<AliceMove>, rules: &Rules, ep: EnPassant) {
        let board = &self.boards[ep.board];
        if board.occupied().contains(ep.target) {
            return;
        }
        for from in pawn_attacks(!self.turn.side, ep.target) & board.pieces(self.turn.side, Kind::Pawn) {
            for y in self.arrivals(rules, ep.board, ep.target).iter() {
                self.push_if_legal(
                    moves,
                    AliceMove::new(from, ep.board, ep.target, y, AliceMoveKind::EnPassant),
                    Kind::Pawn,
                );
            }
        }
    }

    fn zero_moves(&self, moves: &mut MoveList<AliceMove>, rules: &Rules, role: Kind, from: Square, x: BoardId) {
        let allowed = match rules.zero_moves {
            ZeroMoves::None => false,
            ZeroMoves::All => true,
            ZeroMoves::NonPawnCapturing => role != Kind::Pawn,
        };
        if !allowed {
            return;
        }
        for y in (0..N).filter(|&y| y != x) {
            let there = &self.boards[y];
            let free = !there.occupied().contains(from)
                || (rules.zero_moves == ZeroMoves::NonPawnCapturing && there.by_color(!self.turn.side).contains(from));
            if free {
                self.push_if_legal(moves, AliceMove::new(from, x, from, y, AliceMoveKind::Normal), role);
            }
        }
    }

    /// Judges a candidate: the mover's king must be safe on the board of the move
    /// before a transfer, and wherever it stands after the move.
    fn push_if_legal(&self, moves: &mut MoveList<AliceMove>, mv: AliceMove, role: Kind) {
        let us = self.turn.side;
        let (from, to, x, y) = (mv.from(), mv.to(), mv.from_board(), mv.to_board());
        let zero = from == to;
        let rules = self.rules();
        // Duo judges zero moves on the final position only (its king may flee that way).
        if x != y && !(zero && rules.transfer == Transfer::Optional) {
            let mut before = *self;
            if !zero {
                let board = &mut before.boards[x];
                if let Some(victim) = board.kind_at(to).filter(|_| board.by_color(!us).contains(to)) {
                    board.flip(!us, victim, to);
                }
                board.flip(us, role, from);
                board.flip(us, role, to);
            }
            if let (AliceMoveKind::EnPassant, Some(ep)) = (mv.kind(), self.en_passant) {
                before.boards[ep.victim_board].flip(!us, Kind::Pawn, to.offset(-us.forward()));
            }
            let (kb, king) = before.king(us);
            if kb == x && before.attacked(kb, king, !us, before.boards[kb].occupied()) {
                return;
            }
        }
        if !self.play_inner(mv, false).king_attacked(us) {
            moves.push(mv);
        }
    }

    /// Castling from the home board: the usual conditions there, then both pieces
    /// arrive on the same board by the transfer rule, the king safe there.
    fn castling_moves(&self, moves: &mut MoveList<AliceMove>, rules: &Rules) {
        let us = self.turn.side;
        let home = rules.home(us);
        let board = &self.boards[home];
        let Some(king) = board.pieces(us, Kind::King).try_first() else {
            return;
        };
        let occupied = board.occupied();
        if self.attacked(home, king, !us, occupied) {
            return;
        }
        for king_side in [true, false] {
            if !self.castling.has(us, king_side) {
                continue;
            }
            let (rook, to) = castling_squares(us, king_side);
            let rook_to = if king_side { to.offset(-1) } else { to.offset(1) };
            let path = between(king, to).with(to);
            if (between(king, rook) & occupied).nonempty()
                || path.into_iter().any(|sq| self.attacked(home, sq, !us, occupied))
            {
                continue;
            }
            let both_empty = |b: BoardId| {
                let o = self.boards[b].occupied();
                !o.contains(to) && !o.contains(rook_to)
            };
            let mut arrivals = ArrayOfBoards::default();
            match rules.transfer {
                Transfer::Always => {
                    if both_empty(1 - home) {
                        arrivals.push(1 - home)
                    }
                }
                Transfer::IfEmpty => arrivals.push(if both_empty(1 - home) { 1 - home } else { home }),
                Transfer::Optional => {
                    arrivals.push(home);
                    if both_empty(1 - home) {
                        arrivals.push(1 - home);
                    }
                }
                Transfer::Choose => (0..N)
                    .filter(|&b| b != home && both_empty(b))
                    .for_each(|b| arrivals.push(b)),
            }
            for y in arrivals.iter() {
                let mv = AliceMove::new(king, home, to, y, AliceMoveKind::Castle);
                if !self.play_inner(mv, false).king_attacked(us) {
                    moves.push(mv);
                }
            }
        }
    }
}

/// Up to three board ids, without allocation.
#[derive(Default, Clone, Copy)]
struct ArrayOfBoards {
    ids: [BoardId; 3],
    len: usize,
}

impl ArrayOfBoards {
    fn push(&mut self, id: BoardId) {
        self.ids[self.len] = id;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = BoardId> + '_ {
        self.ids[..self.len].iter().copied()
    }
}
