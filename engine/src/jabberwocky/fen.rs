//! Jabberwocky FEN: the standard piece letters in any number, castling and en passant
//! always `-`, the halfmove clock counting plies since the last capture.

use super::Jabberwocky;
use crate::bitboard::Bitboard;
use crate::fen::{parse_counters, parse_grid, write_rank};
use crate::game::FenError;
use crate::types::{Color, Role, Square};

pub(super) fn parse(fen: &str) -> Result<Jabberwocky, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount {
            expected: "4 to 6",
            found: fields.len(),
        });
    }
    let grid = parse_grid(fields[0], 8, 8, |chars| {
        let c = chars.next().expect("the grid reader calls with a character left");
        let role = Role::from_char(c).ok_or(FenError::InvalidPiece(c))?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Ok((color, role))
    })?;
    let mut pos = Jabberwocky {
        roles: [Bitboard::EMPTY; 6],
        colors: [Bitboard::EMPTY; 2],
        side: Color::White,
        halfmove: 0,
        fullmove: 1,
        hash: 0,
    };
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some((color, role)) = *cell {
                pos.put(color, role, Square::from_coords(file as u8, 7 - row as u8));
            }
        }
    }
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::InvalidSideToMove(other.to_string())),
    };
    if fields[2] != "-" {
        return Err(FenError::InvalidCastling(fields[2].to_string()));
    }
    if fields[3] != "-" {
        return Err(FenError::InvalidEnPassant(fields[3].to_string()));
    }
    // The side that has just moved kept a King, or its move was not legal.
    let mover = !pos.side;
    if pos.pieces(mover, Role::King).is_empty() {
        return Err(FenError::MissingKing(mover.name()));
    }
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

pub(super) fn write(pos: &Jabberwocky) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8u8).rev() {
        write_rank(&mut out, 8, |file| {
            pos.piece_at(Square::from_coords(file as u8, rank))
                .map(|(color, role)| role.fen_char(color).to_string())
        });
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(pos.side.to_char());
    out.push_str(&format!(" - - {} {}", pos.halfmove, pos.fullmove));
    out
}
