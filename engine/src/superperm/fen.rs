//! Superpermutation FEN: the chess form, castling and en passant always `-`. A
//! position whose side not to move is in check can only follow a teleportation into
//! check: it is read as that lost position.

use super::{last_rank, Superperm};
use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::fen::{parse_counters, parse_grid, parse_side, read_chess_piece, split_fields, write_board};
use crate::game::FenError;
use crate::types::{Color, Role, Square};

pub(super) fn parse(fen: &str) -> Result<Superperm, FenError> {
    let fields = split_fields(fen)?;
    let grid = parse_grid(fields[0], 8, 8, read_chess_piece)?;
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
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some((color, role)) = *cell {
                pos.toggle(color, role, Square::from_coords(file as u8, 7 - row as u8));
            }
        }
    }
    pos.side = parse_side(fields[1])?;
    if fields[2] != "-" {
        return Err(FenError::InvalidCastling(fields[2].to_string()));
    }
    if fields[3] != "-" {
        return Err(FenError::InvalidEnPassant(fields[3].to_string()));
    }
    for color in Color::ALL {
        let name = color.name();
        match pos.board.pieces(color, Role::King).count() {
            0 => return Err(FenError::MissingKing(name)),
            1 => {}
            _ => return Err(FenError::TooManyKings(name)),
        }
        if pos.board.by_color(color).count() > 16 {
            return Err(FenError::TooManyPieces(name, 16));
        }
        if pos.board.pieces(color, Role::Pawn).count() > 8 {
            return Err(FenError::TooManyPawns(name));
        }
        // A pawn reaching its last rank promotes, by choice or (moved by a chain) at once.
        if (pos.board.pieces(color, Role::Pawn) & last_rank(color)).nonempty() {
            return Err(FenError::PawnOnBackRank);
        }
    }
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.lost = pos.king_attacked(!pos.side);
    pos.refresh_checks();
    pos.hash = pos.compute_hash();
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
