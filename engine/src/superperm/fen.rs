//! Superpermutation FEN: the chess form, castling and en passant always `-`. A
//! position whose side not to move is in check can only follow a teleportation into
//! check: it is read as that lost position.

use super::Superperm;
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::fen::{
    check_chess_army, expect_no_castling_or_en_passant, parse_counters, parse_side, read_chess_men, split_fields,
    write_board,
};
use crate::game::FenError;
use crate::game::Position;
use crate::types::Color;

pub(super) fn parse(fen: &str) -> Result<Superperm, FenError> {
    let fields = split_fields(fen)?;
    let mut pos = Superperm {
        board: ChessBoard::default(),
        side: Color::White,
        halfmove: 0,
        fullmove: 1,
        hash: 0,
        lost: false,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    };
    for (color, role, sq) in read_chess_men(fields[0])? {
        pos.toggle(color, role, sq);
    }
    pos.side = parse_side(fields[1])?;
    expect_no_castling_or_en_passant(fields[2], fields[3])?;
    for color in Color::ALL {
        // A pawn reaching its last rank promotes, by choice or (moved by a chain) at once.
        check_chess_army(&pos.board, color, 16, Bitboard::last_rank(color))?;
    }
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.lost = pos.king_attacked(!pos.side);
    pos.refresh_checks();
    pos.hash = pos.hash_from_scratch();
    Ok(pos)
}

pub(super) fn write(pos: &Superperm) -> String {
    let mut out = String::with_capacity(90);
    write_board(&mut out, |sq| {
        pos.board.piece_at(sq).map(|(color, role)| role.fen_char(color))
    });
    out.push(' ');
    out.push(pos.side.to_char());
    out.push_str(&format!(" - - {} {}", pos.halfmove, pos.fullmove));
    out
}
