//! Superpermutation FEN: the chess form, castling and en passant always `-`. A
//! position whose side not to move is in check can only follow a teleportation into
//! check: it is read as that lost position.

use super::Superperm;
use crate::bitboard::Bitboard;
use crate::fen::{
    check_chess_army, expect_no_castling_or_en_passant, read_chess_board, read_counters, write_plain_chess_fen,
};
use crate::game::FenError;
use crate::game::Position;
use crate::types::Color;

pub(super) fn parse(fen: &str) -> Result<Superperm, FenError> {
    let (fields, board, turn) = read_chess_board(fen)?;
    let mut pos = Superperm {
        board,
        turn,
        lost: false,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    };
    expect_no_castling_or_en_passant(fields[2], fields[3])?;
    for color in Color::ALL {
        // A pawn reaching its last rank promotes, by choice or (moved by a chain) at once.
        check_chess_army(&pos.board, color, 16, Bitboard::last_rank(color))?;
    }
    read_counters(&mut pos.turn, &fields)?;
    pos.lost = pos.king_attacked(!pos.turn.side);
    pos.refresh_checks();
    pos.turn.hash = pos.hash_from_scratch();
    Ok(pos)
}

pub(super) fn write(pos: &Superperm) -> String {
    write_plain_chess_fen(&pos.board, &pos.turn)
}
