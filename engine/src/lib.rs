#![warn(missing_docs)]
//! Vorpal's engine: board geometry, the rules of each game behind the [`Game`] trait,
//! move generation, Zobrist hashing, the view a GUI draws and the search.

pub mod alice;
pub mod attacks;
pub mod bench;
pub mod bitboard;
pub mod board;
pub mod chess;
pub(crate) mod fen;
pub mod game;
pub mod history;
pub mod jabberwocky;
pub mod jackswitches;
pub mod kings;
pub mod moves;
pub mod superperm;
#[cfg(test)]
pub(crate) mod testing;
pub mod types;
pub mod view;
pub(crate) mod zobrist;

pub use alice::{Alice, AliceMove};
pub use bitboard::{Bitboard, WideBitboard};
pub use chess::{Chess, ChessMove};
pub use game::{
    EndReason, FenError, Game, GameResult, MoveError, MoveList, Notation, Outcome, Position, RuleOptions, SearchHints,
    SearchRules, TimeUse, Variant,
};
pub use history::History;
pub use jabberwocky::{Jabberwocky, JabberwockyMove};
pub use jackswitches::{JacksWitches, JwMove};
pub use kings::maharajah::Maharajah;
pub use kings::twokings::TwoKings;
pub use kings::KingsMove;
pub use moves::PackedMove;
pub use superperm::{Superperm, SuperpermMove};
pub use types::{Color, Kind, Square, WideSquare};
pub use view::{ChoiceView, GameView, HandView, MoveView, PieceView, PositionView};
pub mod search;
mod sets;
