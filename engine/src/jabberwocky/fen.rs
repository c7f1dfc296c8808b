//! Jabberwocky FEN: the standard piece letters in any number, castling and en passant
//! always `-`, the halfmove clock counting plies since the last capture.

use super::Jabberwocky;
use crate::fen::{expect_no_castling_or_en_passant, read_chess_board, read_counters, write_plain_chess_fen};
use crate::game::FenError;
use crate::game::Position;
use crate::types::Kind;

pub(super) fn parse(fen: &str) -> Result<Jabberwocky, FenError> {
    let (fields, board, turn) = read_chess_board(fen)?;
    let mut pos = Jabberwocky { board, turn };
    expect_no_castling_or_en_passant(fields[2], fields[3])?;
    // The side that has just moved kept a King, or its move was not legal.
    let mover = !pos.turn.side;
    if pos.board.pieces(mover, Kind::King).is_empty() {
        return Err(FenError::MissingKing(mover.name()));
    }
    read_counters(&mut pos.turn, &fields)?;
    pos.turn.hash = pos.hash_from_scratch();
    Ok(pos)
}

pub(super) fn write(pos: &Jabberwocky) -> String {
    write_plain_chess_fen(&pos.board, &pos.turn)
}
