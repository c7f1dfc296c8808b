//! The destination-set generator of every Alice game. Each board's landing and check
//! masks are computed once, then each man's destinations are a few bitboard operations;
//! only moves that put the king at stake are judged one by one. The variation's
//! [`Rules`] come in as constants, so each game gets a generator of its own.
//!
//! Legality, with K the mover's king board, X the board of the move and Y the board the
//! piece ends on:
//! - a non-king piece leaving K (Y != X = K) vanishes from it, so the king must be safe
//!   on K with the origin and the captured piece both gone (it can never block there);
//! - a non-king piece staying on K (Y = X = K) is an ordinary chess move there;
//! - a non-king piece arriving on K (Y = K != X) may block a check, never capture; a
//!   move that neither leaves nor reaches K is legal only out of check (or, in `duo`,
//!   when it captures the piece checking through the glass, below);
//! - the king must be safe at its destination on X before a transfer and on Y after it.
//!
//! Zero moves are judged like transfers (`msalice`: the first part is empty, so never in
//! check from the king's board) or on the final position only (`duo`, where they
//! capture), and in `duo` an enemy piece on the king's square of another board checks
//! "through the glass": only the king can answer that, by moving or capturing it.

use super::general::{Rules, Transfer, ZeroMoves};
use super::{AliceGame, AliceMove, AliceMoveKind, BoardId};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attack_set, pawn_attacks, pawn_attacks_by_side,
    queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::chess::castling_squares;
use crate::game::{MoveList, Variant};
use crate::sets::{self, count_with_promotions, DestinationSet, SetGenerator, PROMOTION_RANKS};
use crate::types::{Color, Kind, Square};

/// Destinations of a move that end on one board.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Arrival {
    pub board: BoardId,
    pub to: Bitboard,
    /// Whether `board` is the board of the move (known from the rules alone, where
    /// comparing the boards is not).
    pub stays: bool,
}

/// The legal moves of one man: its destinations by the board it ends on (a destination
/// on both is listed on the first one first), then its zero moves.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MoveSet {
    pub role: Kind,
    pub from: Square,
    pub from_board: BoardId,
    pub arrivals: [Arrival; 2],
    /// The boards the man reaches by a zero move, one bit each.
    pub zero: u8,
}

impl MoveSet {
    #[inline(always)]
    fn expand_to(&self, to: Square, board: BoardId, emit: &mut impl FnMut(AliceMove)) {
        let kind = if self.role == Kind::Pawn && PROMOTION_RANKS.contains(to) {
            for role in Kind::PROMOTIONS {
                emit(AliceMove::new(
                    self.from,
                    self.from_board,
                    to,
                    board,
                    AliceMoveKind::Promotion(role),
                ));
            }
            return;
        } else if self.role == Kind::King && self.from.file().abs_diff(to.file()) == 2 {
            AliceMoveKind::Castle
        } else {
            AliceMoveKind::Normal
        };
        emit(AliceMove::new(self.from, self.from_board, to, board, kind));
    }
}

impl<const N: usize> DestinationSet<AliceGame<N>> for MoveSet {
    #[inline(always)]
    fn count(&self) -> u64 {
        let [a, b] = self.arrivals;
        count_with_promotions(self.role, a.to) + count_with_promotions(self.role, b.to) + self.zero.count_ones() as u64
    }

    #[inline(always)]
    fn expand(&self, _: &AliceGame<N>, mut emit: impl FnMut(AliceMove)) {
        let [a, b] = self.arrivals;
        if b.to.is_empty() {
            for to in a.to {
                self.expand_to(to, a.board, &mut emit);
            }
        } else {
            for to in a.to | b.to {
                for arrival in [a, b] {
                    if arrival.to.contains(to) {
                        self.expand_to(to, arrival.board, &mut emit);
                    }
                }
            }
        }
        for board in 0..N {
            if self.zero & 1 << board != 0 {
                emit(AliceMove::new(
                    self.from,
                    self.from_board,
                    self.from,
                    board,
                    AliceMoveKind::Normal,
                ));
            }
        }
    }
}

impl<const N: usize> SetGenerator for AliceGame<N> {
    type Set = MoveSet;

    #[inline(always)]
    fn generate(&self, visit: impl FnMut(MoveSet) -> bool) {
        self.sets_by_rules::<false>(visit);
    }
}

impl<const N: usize> AliceGame<N> {
    /// The number of legal moves: the sets counted, and the men whose moves are
    /// counted without sets (see [`Self::count_men`]).
    #[inline(always)]
    pub(super) fn count_moves(&self) -> u64 {
        let mut in_sets = 0;
        let apart = self.sets_by_rules::<true>(|set| {
            in_sets += DestinationSet::<Self>::count(&set);
            false
        });
        in_sets + apart
    }

    /// [`Self::generate_sets`] with the rules of this position's game; `COUNT` when
    /// the moves are only counted, then it returns those counted apart from the sets.
    #[inline(always)]
    fn sets_by_rules<const COUNT: bool>(&self, visit: impl FnMut(MoveSet) -> bool) -> u64 {
        // A generator of its own for each game, its rules constants.
        if N == 3 {
            return self.generate_sets::<COUNT>(Rules::of(Variant::Alice3), false, visit);
        }
        match self.variant {
            Variant::Alice => self.generate_sets::<COUNT>(Rules::of(Variant::Alice), true, visit),
            Variant::Alice2 => self.generate_sets::<COUNT>(Rules::of(Variant::Alice2), false, visit),
            Variant::MsAlice => self.generate_sets::<COUNT>(Rules::of(Variant::MsAlice), false, visit),
            Variant::ODonohue => self.generate_sets::<COUNT>(Rules::of(Variant::ODonohue), false, visit),
            Variant::Duo => self.generate_sets::<COUNT>(Rules::of(Variant::Duo), false, visit),
            Variant::MiniAlice => self.generate_sets::<COUNT>(Rules::of(Variant::MiniAlice), false, visit),
            other => unreachable!("{other:?} is not a two-board Alice game"),
        }
    }
}

impl<const N: usize> AliceGame<N> {
    /// The legal captures and promotions, in the order of the legal moves; no en
    /// passant chance stands (the general generator lists those).
    pub(super) fn tactical_set_moves(&self, moves: &mut MoveList<AliceMove>) {
        let them = !self.turn.side;
        sets::tactical_moves(self, moves, |set| {
            // A move captures on the board it starts on; a zero move (duo) on the board
            // it arrives on, where the enemy stands on its own square.
            let theirs = self.boards[set.from_board].by_color(them);
            let tactical = if set.role == Kind::Pawn {
                theirs | PROMOTION_RANKS
            } else {
                theirs
            };
            let mut zero = 0;
            for board in 0..N {
                if set.zero & 1 << board != 0 && self.boards[board].by_color(them).contains(set.from) {
                    zero |= 1 << board;
                }
            }
            MoveSet {
                arrivals: set.arrivals.map(|arrival| Arrival {
                    to: arrival.to & tactical,
                    ..arrival
                }),
                zero,
                ..set
            }
        });
    }
}

impl<const N: usize> AliceGame<N> {
    /// The boards a move from board `x` may end on, in the order the moves are listed,
    /// each with the squares the transfer rule lets it end on there.
    #[inline(always)]
    fn landings(&self, rules: Rules, x: BoardId) -> [Arrival; 2] {
        let free = |board: BoardId| Arrival {
            board,
            to: !self.boards[board].occupied(),
            stays: false,
        };
        let stay = |to: Bitboard| Arrival {
            board: x,
            to,
            stays: true,
        };
        match rules.transfer {
            Transfer::Always => [free(1 - x), stay(Bitboard::EMPTY)],
            Transfer::IfEmpty => [free(1 - x), stay(self.boards[1 - x].occupied())],
            Transfer::Optional => [stay(Bitboard::FULL), free(1 - x)],
            Transfer::Choose => [free(if x == 0 { 1 } else { 0 }), free(if x == 2 { 1 } else { 2 })],
        }
    }

    /// The legal moves by `rules` as destination sets. Standard Alice lists each board's
    /// king (castling included) first and pawns last, the variations the general
    /// generator's order (pawns first, king last, castling after every board), so that
    /// each game's search sees its moves in the order it was tuned with. A count
    /// (`COUNT`) takes some men's moves apart from their sets and returns their number.
    #[inline(always)]
    fn generate_sets<const COUNT: bool>(
        &self,
        rules: Rules,
        alice_order: bool,
        mut visit: impl FnMut(MoveSet) -> bool,
    ) -> u64 {
        let kb = self.king_board;
        let masks = CheckMasks::new(self, rules);
        let mut apart = 0;
        for x in 0..N {
            if alice_order && x == kb && self.visit_king(rules, alice_order, &masks, &mut visit) {
                return apart;
            }
            // Only the king can answer two checks: nothing lands between both, and a
            // piece of the king's board cannot capture two checkers.
            if !masks.double_check {
                let stop = if x == kb {
                    self.visit_pieces::<COUNT, true>(rules, alice_order, x, &masks, &mut apart, &mut visit)
                } else {
                    self.visit_pieces::<COUNT, false>(rules, alice_order, x, &masks, &mut apart, &mut visit)
                };
                if stop {
                    return apart;
                }
            }
            if !alice_order && x == kb && self.visit_king(rules, alice_order, &masks, &mut visit) {
                return apart;
            }
        }
        if alice_order || !rules.castling || masks.in_check || kb != rules.home(self.turn.side) {
            return apart;
        }
        for (to, boards) in self.castlings(rules, masks.king) {
            for arrival in self.landings(rules, kb) {
                if boards & 1 << arrival.board != 0
                    && visit(MoveSet {
                        role: Kind::King,
                        from: masks.king,
                        from_board: kb,
                        arrivals: [
                            Arrival {
                                to: Bitboard::from_square(to),
                                ..arrival
                            },
                            Arrival {
                                to: Bitboard::EMPTY,
                                ..arrival
                            },
                        ],
                        zero: 0,
                    })
                {
                    return apart;
                }
            }
        }
        apart
    }

    /// Visits the king's set; true if `visit` asked to stop.
    #[inline(always)]
    fn visit_king(
        &self,
        rules: Rules,
        alice_order: bool,
        masks: &CheckMasks,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> bool {
        let us = self.turn.side;
        let them = !us;
        let (x, king) = (self.king_board, masks.king);
        let board = &self.boards[x];
        let without_king = board.occupied().without(king);
        let steps = king_attacks(king) & !board.by_color(us) & masks.squares;
        let mut landings = self.landings(rules, x);
        for arrival in &mut landings {
            arrival.to &= steps;
            if arrival.stays && rules.zero_square_attacks {
                // A king that stays must not stand on an enemy's square of the other board.
                let other = &self.boards[1 - x];
                arrival.to &= !(other.by_color(them) & !other.by_kind(Kind::Pawn));
            }
        }
        // Safe on its board with the king gone, then on the board it ends on.
        let safe_on = |board: BoardId, to: Square| {
            let there = &self.boards[board];
            there.attackers(to, them, there.occupied()).is_empty()
        };
        let mut arrivals = landings.map(|landing| Arrival {
            to: Bitboard::EMPTY,
            ..landing
        });
        for to in landings[0].to | landings[1].to {
            if board.attackers(to, them, without_king).is_empty() {
                for (arrival, landing) in arrivals.iter_mut().zip(landings) {
                    if landing.to.contains(to) && (landing.stays || safe_on(landing.board, to)) {
                        arrival.to = arrival.to.with(to);
                    }
                }
            }
        }
        if alice_order && rules.castling && !masks.in_check && x == rules.home(us) {
            for (to, boards) in self.castlings(rules, king) {
                if boards & 1 << arrivals[0].board != 0 {
                    arrivals[0].to = arrivals[0].to.with(to);
                }
            }
        }
        // The king's own zero move: Ishkan's only out of check (its first part is
        // judged on the board it leaves), Duo's also onto an enemy it captures.
        let zero = match rules.zero_moves {
            ZeroMoves::None => 0,
            ZeroMoves::All | ZeroMoves::NonPawnCapturing => {
                let y = 1 - x;
                let free = match rules.zero_moves {
                    ZeroMoves::All => !masks.in_check && !self.boards[y].occupied().contains(king),
                    _ => !self.boards[y].by_color(us).contains(king),
                };
                if free && safe_on(y, king) {
                    1 << y
                } else {
                    0
                }
            }
        };
        (arrivals[0].to.nonempty() || arrivals[1].to.nonempty() || zero != 0)
            && visit(MoveSet {
                role: Kind::King,
                from: king,
                from_board: x,
                arrivals,
                zero,
            })
    }

    /// The castlings of the side to move, king side first: the king's destination and
    /// the boards it may end on, one bit each (none when the castling is illegal). The
    /// usual conditions hold on the home board, where the king stands out of check;
    /// both pieces end on the same board, the king safe there with the rook beside it.
    #[inline(always)]
    fn castlings(&self, rules: Rules, king: Square) -> [(Square, u8); 2] {
        let us = self.turn.side;
        let home = rules.home(us);
        let mut out = [(king, 0); 2];
        let mask = if us == Color::White { 0b0011 } else { 0b1100 };
        if self.castling.bits() & mask == 0 {
            return out;
        }
        let board = &self.boards[home];
        let occupied = board.occupied();
        for (side, king_side) in out.iter_mut().zip([true, false]) {
            if !self.castling.has(us, king_side) {
                continue;
            }
            let (rook, to) = castling_squares(us, king_side);
            let rook_to = if king_side { to.offset(-1) } else { to.offset(1) };
            side.0 = to;
            let attacked = |sq: Square| {
                board.attackers(sq, !us, occupied).nonempty()
                    || (rules.zero_square_attacks && self.zero_square_attackers(home, sq, !us).nonempty())
            };
            if (between(king, rook) & occupied).nonempty() || (between(king, to).with(to)).into_iter().any(attacked) {
                continue;
            }
            let free = |b: BoardId| {
                let o = self.boards[b].occupied();
                !o.contains(to) && !o.contains(rook_to)
            };
            for arrival in self.landings(rules, home) {
                let y = arrival.board;
                // Staying (the king safe there, as its path was) is a choice in Duo and
                // O'Donohue's fallback when either square across is taken.
                let legal = if y == home {
                    rules.transfer == Transfer::Optional || (rules.transfer == Transfer::IfEmpty && !free(1 - home))
                } else {
                    let there = &self.boards[y];
                    free(y) && there.attackers(to, !us, there.occupied().with(rook_to)).is_empty()
                };
                if legal {
                    side.1 |= 1 << y;
                }
            }
        }
        out
    }

    /// Where a zero move from board `x` may start, for every man but the king (whose
    /// own is judged with its set).
    #[inline(always)]
    fn zero_move_origins(&self, rules: Rules, x: BoardId, masks: &CheckMasks) -> Bitboard {
        let on_king_board = x == self.king_board;
        let landing = match rules.zero_moves {
            ZeroMoves::None => return Bitboard::EMPTY,
            // Onto an empty square; the move's empty first part is judged on the board it
            // leaves, so never while the king there is in check.
            ZeroMoves::All => !self.boards[1 - x].occupied(),
            // Onto an empty square or an enemy, judged on the final position only.
            ZeroMoves::NonPawnCapturing => !self.boards[1 - x].by_color(self.turn.side),
        };
        if on_king_board {
            // The man vanishes from the king's board.
            if masks.in_check {
                Bitboard::EMPTY
            } else {
                landing & !self.pinned
            }
        } else if rules.zero_moves == ZeroMoves::NonPawnCapturing {
            landing & (masks.block | masks.capture)
        } else {
            landing & masks.block
        }
    }

    /// The squares between our king at `king` and each enemy slider on its board that
    /// would attack it along an empty line: only there may the capture of an enemy,
    /// by a man neither pinned nor answering a check, expose the king.
    #[inline(always)]
    pub(super) fn x_ray_lines(&self, king: Square) -> Bitboard {
        let snipers = self.boards[self.king_board].sliders_toward(king, !self.turn.side, Bitboard::EMPTY);
        let mut lines = Bitboard::EMPTY;
        for sniper in snipers {
            lines |= between(king, sniper);
        }
        lines
    }

    /// Whether our king at `king` on its board is safe once `from` and `to` are empty
    /// (our piece gone through the glass, the captured piece gone).
    #[inline(always)]
    fn safe_after_vanishing(&self, king: Square, from: Square, to: Square) -> bool {
        let board = &self.boards[self.king_board];
        let occupied = board.occupied().without(from).without(to);
        (board.attackers(king, !self.turn.side, occupied).without(to)).is_empty()
    }

    /// Whether our king at `king` on its board is safe once our piece has moved from
    /// `from` to `to` there and stayed.
    #[inline(always)]
    fn safe_after_staying(&self, king: Square, from: Square, to: Square) -> bool {
        let board = &self.boards[self.king_board];
        let occupied = board.occupied().without(from).with(to);
        (board.attackers(king, !self.turn.side, occupied).without(to)).is_empty()
    }

    /// Visits the sets of the men of board `x` but the king, pawns last in Alice's order
    /// and first in the general one; true if `visit` asked to stop. A count adds the
    /// moves it counts without sets to `apart` ([`Self::count_men`]).
    #[inline(always)]
    fn visit_pieces<const COUNT: bool, const KING_BOARD: bool>(
        &self,
        rules: Rules,
        alice_order: bool,
        x: BoardId,
        masks: &CheckMasks,
        apart: &mut u64,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> bool {
        let us = self.turn.side;
        let board = &self.boards[x];
        let theirs = board.by_color(!us);
        let on_king_board = KING_BOARD;
        let mut arrivals = self.landings(rules, x);
        for arrival in &mut arrivals {
            // What the king's safety leaves to every man of this board, by where it ends.
            arrival.to &= masks.squares
                & !board.by_color(us)
                & if on_king_board {
                    if arrival.stays {
                        masks.own
                    } else {
                        masks.own & masks.leave
                    }
                } else if !arrival.stays && (N == 2 || arrival.board == self.king_board) {
                    masks.block
                } else {
                    masks.others
                };
        }
        let zero_from = self.zero_move_origins(rules, x, masks);
        if arrivals[0].to.is_empty() && arrivals[1].to.is_empty() && zero_from.is_empty() {
            return false;
        }
        let men = BoardMen {
            x,
            arrivals,
            zero_from,
            pinned: if on_king_board { self.pinned } else { Bitboard::EMPTY },
            exposing: if on_king_board && !masks.in_check {
                theirs & self.x_ray_lines(masks.king)
            } else {
                Bitboard::EMPTY
            },
        };
        if COUNT {
            *apart += self.count_men::<KING_BOARD>(rules, masks, &men, visit);
            return false;
        }
        if !alice_order && self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Pawn, visit) {
            return true;
        }
        self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Knight, visit)
            || self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Bishop, visit)
            || self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Rook, visit)
            || self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Queen, visit)
            || (alice_order && self.visit_kind::<false, KING_BOARD>(rules, masks, &men, Kind::Pawn, visit))
    }

    /// Counts the moves of the men of board `men.x` but the king. Where nothing is at
    /// stake for them (off the king's board, or on it out of check with no enemy whose
    /// capture could expose the king) each man's moves are its targets where the
    /// board's arrivals allow, counted without a set; the others are visited with
    /// their sets. Returns the number counted without sets.
    #[inline(always)]
    fn count_men<const KING_BOARD: bool>(
        &self,
        rules: Rules,
        masks: &CheckMasks,
        men: &BoardMen,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> u64 {
        let mut count = 0;
        if KING_BOARD && masks.in_check {
            for kind in [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
                self.visit_kind::<true, KING_BOARD>(rules, masks, men, kind, visit);
            }
        } else {
            count += self.count_pawns::<KING_BOARD>(rules, masks, men, visit);
            if KING_BOARD && men.exposing.nonempty() {
                for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
                    self.visit_kind::<true, KING_BOARD>(rules, masks, men, kind, visit);
                }
            } else {
                count += self.count_pieces(rules, men);
            }
        }
        // The pinned men of the king's board come last, in a loop of their own, so that
        // the others need not be asked whether they are pinned.
        if KING_BOARD {
            let board = &self.boards[men.x];
            for from in men.pinned {
                let kind = board.kind_at(from).expect("a pinned man stands there");
                let to = self.targets(rules, men.x, kind, from);
                self.visit_man::<true, KING_BOARD>(rules, masks, men, kind, from, to, true, visit);
            }
        }
        count
    }

    /// The moves of the knights, bishops, rooks and queens of board `men.x` that are not
    /// pinned, where nothing else is at stake for them: a queen's moves as a bishop's
    /// and a rook's, which never share a square.
    #[inline(always)]
    fn count_pieces(&self, rules: Rules, men: &BoardMen) -> u64 {
        let board = &self.boards[men.x];
        let ours = board.by_color(self.turn.side) & !men.pinned;
        let occupied = board.occupied();
        let queens = board.by_kind(Kind::Queen);
        let [a, b] = men.arrivals.map(|arrival| arrival.to);
        let moves = |to: Bitboard| ((to & a).count() + (to & b).count()) as u64;
        let mut count = 0;
        for from in ours & board.by_kind(Kind::Knight) {
            count += moves(knight_attacks(from));
        }
        for from in ours & (board.by_kind(Kind::Bishop) | queens) {
            count += moves(bishop_attacks(from, occupied));
        }
        for from in ours & (board.by_kind(Kind::Rook) | queens) {
            count += moves(rook_attacks(from, occupied));
        }
        if rules.zero_moves != ZeroMoves::None {
            let pieces = ours & !board.by_kind(Kind::Pawn) & !board.by_kind(Kind::King);
            count += (pieces & men.zero_from).count() as u64;
        }
        count
    }

    /// The moves of the pawns of board `men.x` counted as sets: the single steps,
    /// double steps and captures to each side of all pawns are each one shift, and each
    /// pawn has one of each at most, so the popcounts of the shifted sets count their
    /// moves (a promotion four times). For a count out of check (on the king's board);
    /// the pinned pawns there are counted apart, and a pawn that may capture an enemy
    /// whose capture could expose the king is visited with its set.
    #[inline(always)]
    fn count_pawns<const KING_BOARD: bool>(
        &self,
        rules: Rules,
        masks: &CheckMasks,
        men: &BoardMen,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> u64 {
        let us = self.turn.side;
        let board = &self.boards[men.x];
        let mut pawns = board.pieces(us, Kind::Pawn) & !men.pinned;
        if KING_BOARD {
            for from in pawns & pawn_attack_set(!us, men.exposing) {
                pawns = pawns.without(from);
                let to = self.targets(rules, men.x, Kind::Pawn, from);
                self.visit_man::<true, KING_BOARD>(rules, masks, men, Kind::Pawn, from, to, false, visit);
            }
        }
        let [single, double] = self.pawn_steps(rules, men.x, pawns);
        let theirs = board.by_color(!us);
        let [west, east] = pawn_attacks_by_side(us, pawns).map(|attacked| attacked & theirs);
        let mut count = 0;
        for arrival in men.arrivals {
            let to = arrival.to;
            // Promotions apart for each set: a square two pawns capture onto from either
            // side is two sets' square, and eight moves.
            let promoting = to & PROMOTION_RANKS;
            count += ((single & to).count()
                + (double & to).count()
                + (west & to).count()
                + (east & to).count()
                + 3 * ((single & promoting).count() + (west & promoting).count() + (east & promoting).count()))
                as u64;
        }
        if rules.zero_moves == ZeroMoves::All {
            count += (pawns & men.zero_from).count() as u64;
        }
        count
    }

    /// The single and double steps of the pawns `pawns` of the side to move on board
    /// `x`, one set each (a pawn has one of each at most).
    #[inline(always)]
    fn pawn_steps(&self, rules: Rules, x: BoardId, pawns: Bitboard) -> [Bitboard; 2] {
        let us = self.turn.side;
        let empty = !self.boards[x].occupied();
        let forward = |set: Bitboard| match us {
            Color::White => set.north(),
            Color::Black => set.south(),
        };
        let single = forward(pawns) & empty;
        [single, forward(single) & empty & rules.double_step_rank(us)]
    }

    /// Where a man of `kind` (not the king) on `from` of board `x` moves there: its
    /// attacks, a pawn's pushes and captures.
    #[inline(always)]
    fn targets(&self, rules: Rules, x: BoardId, kind: Kind, from: Square) -> Bitboard {
        let us = self.turn.side;
        let board = &self.boards[x];
        let occupied = board.occupied();
        match kind {
            Kind::Pawn => {
                let [one, two] = self.pawn_steps(rules, x, Bitboard::from_square(from));
                one | two | (pawn_attacks(us, from) & board.by_color(!us))
            }
            Kind::Knight => knight_attacks(from),
            Kind::Bishop => bishop_attacks(from, occupied),
            Kind::Rook => rook_attacks(from, occupied),
            Kind::Queen => queen_attacks(from, occupied),
            Kind::King => unreachable!("the king's set is its own"),
        }
    }

    /// Visits the sets of the men of `kind` of board `men.x`; true if `visit` asked to
    /// stop. A count takes the pinned men of the king's board apart (`count_men`).
    #[inline(always)]
    fn visit_kind<const COUNT: bool, const KING_BOARD: bool>(
        &self,
        rules: Rules,
        masks: &CheckMasks,
        men: &BoardMen,
        kind: Kind,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> bool {
        let pinned_apart = COUNT && KING_BOARD;
        let free = if pinned_apart { !men.pinned } else { Bitboard::FULL };
        for from in self.boards[men.x].pieces(self.turn.side, kind) & free {
            let to = self.targets(rules, men.x, kind, from);
            let pinned = !pinned_apart && men.pinned.contains(from);
            if self.visit_man::<COUNT, KING_BOARD>(rules, masks, men, kind, from, to, pinned, visit) {
                return true;
            }
        }
        false
    }

    /// Visits the set of one man but the king, whose moves on its board go to `to`;
    /// `pinned` if it is pinned to the king.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn visit_man<const COUNT: bool, const KING_BOARD: bool>(
        &self,
        rules: Rules,
        masks: &CheckMasks,
        men: &BoardMen,
        role: Kind,
        from: Square,
        to: Bitboard,
        pinned: bool,
        visit: &mut impl FnMut(MoveSet) -> bool,
    ) -> bool {
        let x = men.x;
        let zero_role = match rules.zero_moves {
            ZeroMoves::None => false,
            ZeroMoves::All => true,
            ZeroMoves::NonPawnCapturing => role != Kind::Pawn,
        };
        let zero = if zero_role && men.zero_from.contains(from) {
            1 << (1 - x)
        } else {
            0
        };
        let mut arrivals = men.arrivals;
        for arrival in &mut arrivals {
            arrival.to &= to;
        }
        // Many men are blocked: a list skips them, a count adds their nothing rather
        // than guess which they are.
        if !COUNT && arrivals[0].to.is_empty() && arrivals[1].to.is_empty() && zero == 0 {
            return false;
        }
        if KING_BOARD {
            let (mut leaving, mut staying) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for arrival in arrivals {
                if arrival.stays {
                    staying |= arrival.to;
                } else {
                    leaving |= arrival.to;
                }
            }
            // Nothing is at stake for a man neither pinned nor answering a check, but a
            // capture before leaving may open a line to the king. A pinned man leaving
            // can only hope to take its pinner, on the pin's line.
            if pinned {
                leaving &= line(masks.king, from);
            }
            let at_stake = masks.in_check || pinned;
            for t in if at_stake { leaving } else { leaving & men.exposing } {
                if !self.safe_after_vanishing(masks.king, from, t) {
                    leaving = leaving.without(t);
                }
            }
            if at_stake {
                staying = staying.filter_squares(|t| self.safe_after_staying(masks.king, from, t));
            }
            for arrival in &mut arrivals {
                arrival.to &= if arrival.stays { staying } else { leaving };
            }
        }
        (COUNT || arrivals[0].to.nonempty() || arrivals[1].to.nonempty() || zero != 0)
            && visit(MoveSet {
                role,
                from,
                from_board: x,
                arrivals,
                zero,
            })
    }
}

/// What the king's safety leaves to the men of the side to move, the same for each.
struct CheckMasks {
    king: Square,
    in_check: bool,
    double_check: bool,
    /// The squares of a board: 4 files in minialice.
    squares: Bitboard,
    /// Where a man of the king's board may go, before the one-by-one test of those at
    /// stake: nowhere when the king is checked through the glass (Duo).
    own: Bitboard,
    /// Where a man leaving the king's board may go: anywhere out of check, onto its one
    /// checker in check (gone through the glass, it blocks nothing).
    leave: Bitboard,
    /// Where a man arriving on the king's board from another may land: between the king
    /// and its one checker, or anywhere out of check.
    block: Bitboard,
    /// The checker a man arriving on the king's board may capture (Duo's zero moves).
    capture: Bitboard,
    /// Where a man may go that neither leaves nor reaches the king's board: anywhere out
    /// of check, or (Duo) onto the piece checking through the glass, which it captures.
    others: Bitboard,
}

impl CheckMasks {
    #[inline(always)]
    fn new<const N: usize>(pos: &AliceGame<N>, rules: Rules) -> CheckMasks {
        let king = pos.boards[pos.king_board].pieces(pos.turn.side, Kind::King).first();
        let in_check = pos.checkers.nonempty();
        let double_check = pos.checkers.has_many();
        // Duo: refresh_checks records an enemy on the king's square of the other board as
        // a checker on the king's own square.
        let glass_check = rules.zero_square_attacks && pos.checkers.contains(king);
        let checkers = if rules.zero_square_attacks {
            pos.checkers.without(king)
        } else {
            pos.checkers
        };
        let single = !double_check && !glass_check;
        CheckMasks {
            king,
            in_check,
            double_check,
            squares: rules.squares(),
            own: if glass_check { Bitboard::EMPTY } else { Bitboard::FULL },
            block: if !in_check {
                Bitboard::FULL
            } else if single {
                between(king, checkers.first())
            } else {
                Bitboard::EMPTY
            },
            leave: if !in_check {
                Bitboard::FULL
            } else if single {
                checkers
            } else {
                Bitboard::EMPTY
            },
            capture: if single { checkers } else { Bitboard::EMPTY },
            others: if checkers.nonempty() {
                Bitboard::EMPTY
            } else if glass_check {
                Bitboard::from_square(king)
            } else {
                Bitboard::FULL
            },
        }
    }
}

/// What the men of one board share: where each may end, before its own moves.
struct BoardMen {
    x: BoardId,
    arrivals: [Arrival; 2],
    zero_from: Bitboard,
    pinned: Bitboard,
    /// The enemy men whose capture may expose the king (on the king's board, out of
    /// check).
    exposing: Bitboard,
}
