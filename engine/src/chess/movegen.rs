//! Legal move generation: each piece's legal destinations as one bitboard, so that
//! perft's last ply is a sum of popcounts.

use super::{Chess, ChessMove, MoveKind};
use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::game::MoveList;
use crate::sets::{self, count_with_promotions, DestinationSet, SetGenerator, PROMOTION_RANKS};
use crate::types::{Color, Kind, Square};

/// The legal destinations of one piece.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MoveSet {
    pub role: Kind,
    pub from: Square,
    pub to: Bitboard,
}

impl DestinationSet<Chess> for MoveSet {
    #[inline(always)]
    fn count(&self) -> u64 {
        count_with_promotions(self.role, self.to)
    }

    #[inline(always)]
    fn expand(&self, pos: &Chess, mut emit: impl FnMut(ChessMove)) {
        let from = self.from;
        match self.role {
            Kind::Pawn => {
                for to in self.to {
                    if PROMOTION_RANKS.contains(to) {
                        for role in Kind::PROMOTIONS {
                            emit(ChessMove::new(from, to, MoveKind::Promotion(role)));
                        }
                    } else if Some(to) == pos.en_passant {
                        emit(ChessMove::new(from, to, MoveKind::EnPassant));
                    } else {
                        emit(ChessMove::new(from, to, MoveKind::Normal));
                    }
                }
            }
            Kind::King => {
                for to in self.to {
                    let kind = if from.file().abs_diff(to.file()) == 2 {
                        MoveKind::Castle
                    } else {
                        MoveKind::Normal
                    };
                    emit(ChessMove::new(from, to, kind));
                }
            }
            _ => {
                for to in self.to {
                    emit(ChessMove::new(from, to, MoveKind::Normal));
                }
            }
        }
    }
}

impl SetGenerator for Chess {
    type Set = MoveSet;

    #[inline(always)]
    fn generate(&self, mut visit: impl FnMut(MoveSet) -> bool) {
        let us = self.turn.side;
        let them = !us;
        let ours = self.board.by_color(us);
        let occupied = self.board.occupied();
        let king = self.king(us);

        let mut king_to = Bitboard::EMPTY;
        let without_king = occupied.without(king);
        for to in king_attacks(king) & !ours {
            if self.board.attackers(to, them, without_king).is_empty() {
                king_to = king_to.with(to);
            }
        }
        if self.checkers.is_empty() {
            king_to |= self.castling_destinations(king);
        }
        if king_to.nonempty()
            && visit(MoveSet {
                role: Kind::King,
                from: king,
                to: king_to,
            })
        {
            return;
        }
        if self.checkers.has_many() {
            return;
        }

        let targets = !ours
            & match self.checkers.try_first() {
                Some(checker) => between(king, checker).with(checker),
                None => Bitboard::FULL,
            };
        let pinned = self.pinned;
        // A pinned piece keeps to the line through its king.
        macro_rules! emit {
            ($role:expr, $from:expr, $to:expr) => {{
                let mut to: Bitboard = $to;
                if pinned.contains($from) {
                    to &= line(king, $from);
                }
                if to.nonempty()
                    && visit(MoveSet {
                        role: $role,
                        from: $from,
                        to,
                    })
                {
                    return;
                }
            }};
        }

        for from in self.board.pieces(us, Kind::Knight) & !pinned {
            emit!(Kind::Knight, from, knight_attacks(from) & targets);
        }
        for from in self.board.pieces(us, Kind::Bishop) {
            emit!(Kind::Bishop, from, bishop_attacks(from, occupied) & targets);
        }
        for from in self.board.pieces(us, Kind::Rook) {
            emit!(Kind::Rook, from, rook_attacks(from, occupied) & targets);
        }
        for from in self.board.pieces(us, Kind::Queen) {
            emit!(Kind::Queen, from, queen_attacks(from, occupied) & targets);
        }

        let theirs = self.board.by_color(them);
        let double_rank = Bitboard::rank(if us == Color::White { 3 } else { 4 });
        for from in self.board.pieces(us, Kind::Pawn) {
            let one = Bitboard::from_square(from.offset(us.forward())) & !occupied;
            let two = match us {
                Color::White => one.north(),
                Color::Black => one.south(),
            } & !occupied
                & double_rank;
            let mut to = (one | two | (pawn_attacks(us, from) & theirs)) & targets;
            if let Some(ep) = self.en_passant {
                if pawn_attacks(us, from).contains(ep) && self.en_passant_is_legal(us, from, ep) {
                    to = to.with(ep);
                }
            }
            emit!(Kind::Pawn, from, to);
        }
    }
}

impl Chess {
    /// The legal captures, en passant and promotions, in the order of the legal moves.
    pub(super) fn tactical_moves(&self, moves: &mut MoveList<ChessMove>) {
        let theirs = self.board.by_color(!self.turn.side);
        let en_passant = self.en_passant.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let pawn_targets = theirs | PROMOTION_RANKS | en_passant;
        sets::tactical_moves(self, moves, |set| MoveSet {
            to: set.to & if set.role == Kind::Pawn { pawn_targets } else { theirs },
            ..set
        });
    }
}

impl Chess {
    /// Destinations of the king's castling moves; the king is not in check.
    #[inline(always)]
    fn castling_destinations(&self, king: Square) -> Bitboard {
        let us = self.turn.side;
        let mut out = Bitboard::EMPTY;
        if self.castling.0 & (if us == Color::White { 3 } else { 12 }) == 0 {
            return out;
        }
        let occupied = self.board.occupied();
        for king_side in [true, false] {
            if !self.castling.has(us, king_side) {
                continue;
            }
            let (rook, to) = castling_squares(us, king_side);
            let path = between(king, to).with(to);
            if (between(king, rook) & occupied).is_empty()
                && path
                    .into_iter()
                    .all(|sq| self.board.attackers(sq, !us, occupied).is_empty())
            {
                out = out.with(to);
            }
        }
        out
    }
}

/// Where the rook of a king castling to `king_to` starts and ends.
#[inline(always)]
pub(crate) fn castling_rook(king_to: Square) -> (Square, Square) {
    if king_to.file() == 6 {
        (king_to.offset(1), king_to.offset(-1))
    } else {
        (king_to.offset(-2), king_to.offset(1))
    }
}

/// The rook's square and the king's destination of one castling move.
pub(crate) fn castling_squares(color: Color, king_side: bool) -> (Square, Square) {
    let (rook, to) = if king_side {
        (Square::H1, Square::G1)
    } else {
        (Square::A1, Square::C1)
    };
    match color {
        Color::White => (rook, to),
        Color::Black => (rook.flip_rank(), to.flip_rank()),
    }
}
