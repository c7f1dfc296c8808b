//! Jabberwocky FEN: the standard piece letters in any number, castling and en passant
//! always `-`, the halfmove clock counting plies since the last capture.

use super::Jabberwocky;
use crate::board::ChessBoard;
use crate::fen::{
    expect_no_castling_or_en_passant, parse_counters, parse_side, read_chess_men, split_fields, write_board,
};
use crate::game::Position;
use crate::game::{FenError, Turn};
use crate::types::Role;

pub(super) fn parse(fen: &str) -> Result<Jabberwocky, FenError> {
    let fields = split_fields(fen)?;
    let mut pos = Jabberwocky {
        board: ChessBoard::default(),
        turn: Turn::INITIAL,
    };
    for (color, role, sq) in read_chess_men(fields[0])? {
        pos.toggle(color, role, sq);
    }
    pos.turn.side = parse_side(fields[1])?;
    expect_no_castling_or_en_passant(fields[2], fields[3])?;
    // The side that has just moved kept a King, or its move was not legal.
    let mover = !pos.turn.side;
    if pos.board.pieces(mover, Role::King).is_empty() {
        return Err(FenError::MissingKing(mover.name()));
    }
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.turn.halfmove = halfmove;
    pos.turn.fullmove = fullmove;
    pos.turn.hash = pos.hash_from_scratch();
    Ok(pos)
}

pub(super) fn write(pos: &Jabberwocky) -> String {
    let mut out = String::with_capacity(90);
    write_board(&mut out, |sq| {
        pos.board.piece_at(sq).map(|(color, role)| role.fen_char(color))
    });
    out.push(' ');
    out.push(pos.turn.side.to_char());
    out.push_str(&format!(" - - {} {}", pos.turn.halfmove, pos.turn.fullmove));
    out
}
