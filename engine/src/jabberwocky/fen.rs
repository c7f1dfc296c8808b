//! Jabberwocky FEN: the standard piece letters in any number, castling and en passant
//! always `-`, the halfmove clock counting plies since the last capture.

use super::Jabberwocky;
use crate::board::ChessBoard;
use crate::fen::{
    expect_no_castling_or_en_passant, parse_counters, parse_side, read_chess_men, split_fields, write_board,
};
use crate::game::FenError;
use crate::game::Position;
use crate::types::{Color, Role};

pub(super) fn parse(fen: &str) -> Result<Jabberwocky, FenError> {
    let fields = split_fields(fen)?;
    let mut pos = Jabberwocky {
        board: ChessBoard::default(),
        side: Color::White,
        halfmove: 0,
        fullmove: 1,
        hash: 0,
    };
    for (color, role, sq) in read_chess_men(fields[0])? {
        pos.toggle(color, role, sq);
    }
    pos.side = parse_side(fields[1])?;
    expect_no_castling_or_en_passant(fields[2], fields[3])?;
    // The side that has just moved kept a King, or its move was not legal.
    let mover = !pos.side;
    if pos.board.pieces(mover, Role::King).is_empty() {
        return Err(FenError::MissingKing(mover.name()));
    }
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.hash = pos.hash_from_scratch();
    Ok(pos)
}

pub(super) fn write(pos: &Jabberwocky) -> String {
    let mut out = String::with_capacity(90);
    write_board(&mut out, |sq| {
        pos.board.piece_at(sq).map(|(color, role)| role.fen_char(color))
    });
    out.push(' ');
    out.push(pos.side.to_char());
    out.push_str(&format!(" - - {} {}", pos.halfmove, pos.fullmove));
    out
}
