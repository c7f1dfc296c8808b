//! Move generation by destination sets, shared by the games whose men each have one
//! set of legal destinations (chess, the fast Alice boards, Jabberwocky): perft's last
//! ply is then a sum of popcounts, and the move list expands each set.

use crate::bitboard::Bitboard;
use crate::game::{MoveList, Position};
use crate::types::Kind;

/// The legal destinations of one man of game `G`.
pub(crate) trait DestinationSet<G: Position>: Copy {
    /// The number of moves, a choice of piece counting once per piece.
    fn count(&self) -> u64;

    /// Calls `emit` with each move of the set.
    fn expand(&self, pos: &G, emit: impl FnMut(G::Move));
}

/// A game that generates its legal moves as one [`DestinationSet`] per man.
pub(crate) trait SetGenerator: Position {
    /// The game's destination set.
    type Set: DestinationSet<Self>;

    /// Calls `visit` with the legal destinations of each man of the side to move that
    /// has any; stops early when `visit` returns true.
    fn generate(&self, visit: impl FnMut(Self::Set) -> bool);
}

/// Every legal move of `pos`, appended to `moves`.
#[inline(always)]
pub(crate) fn legal_moves<G: SetGenerator>(pos: &G, moves: &mut MoveList<G::Move>) {
    // Inlined at each visit, each expansion knows its man's kind.
    pos.generate(
        #[inline(always)]
        |set| {
            set.expand(pos, |mv| moves.push(mv));
            false
        },
    );
}

/// The number of legal moves of `pos`, without listing them.
#[inline(always)]
pub(crate) fn count_legal_moves<G: SetGenerator>(pos: &G) -> u64 {
    let mut count = 0;
    pos.generate(|set| {
        count += set.count();
        false
    });
    count
}

/// The tactical moves of `pos` (what quiescence tries once standing pat fails),
/// appended to `moves` in the order [`legal_moves`] lists them: each man's set cut
/// down to its tactical destinations by `tactical`.
#[inline(always)]
pub(crate) fn tactical_moves<G: SetGenerator>(
    pos: &G,
    moves: &mut MoveList<G::Move>,
    tactical: impl Fn(G::Set) -> G::Set,
) {
    pos.generate(
        #[inline(always)]
        |set| {
            tactical(set).expand(pos, |mv| moves.push(mv));
            false
        },
    );
}

/// Whether `pos` has a legal move: the first man that has one ends the generation.
#[inline(always)]
pub(crate) fn has_legal_move<G: SetGenerator>(pos: &G) -> bool {
    let mut any = false;
    pos.generate(|_| {
        any = true;
        true
    });
    any
}

/// The promotion ranks of the 8x8 games.
pub(crate) const PROMOTION_RANKS: Bitboard = Bitboard(Bitboard::RANK_1.0 | Bitboard::RANK_8.0);

/// The moves of a man of `kind` to `to`: a pawn reaching the last rank promotes to
/// one of four pieces.
#[inline(always)]
pub(crate) fn count_with_promotions(kind: Kind, to: Bitboard) -> u64 {
    let mut n = to.count() as u64;
    let promoting = to & PROMOTION_RANKS;
    // Tested before counting: few pawns are about to promote.
    if kind == Kind::Pawn && promoting.nonempty() {
        n += 3 * promoting.count() as u64;
    }
    n
}
