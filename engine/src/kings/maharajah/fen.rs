//! Game I FEN: `W` Warrior, `+W` `+R` `+B` `+N` a Maharajah and the type it came from;
//! the castling field holds the transformation locks (`T` White, `t` Black, `-`); a
//! seventh field the points captured by White and Black (`3+1`, default `0+0`).

use super::{Kind, Maharajah};
use crate::fen::{parse_counters, parse_grid, parse_side, split_fields_with_extra, write_rank};
use crate::game::FenError;
use crate::kings::{fen_letter, last_rank, read_en_passant};
use crate::types::{Color, Square};
use std::iter::Peekable;
use std::str::Chars;

/// One piece token: a letter, or `+` and the letter a Maharajah came from.
fn read_piece(chars: &mut Peekable<Chars>) -> Result<(Color, Kind, bool), FenError> {
    let mut c = chars.next().ok_or(FenError::InvalidPiece(' '))?;
    let royal = c == '+';
    if royal {
        c = chars.next().ok_or(FenError::InvalidPiece('+'))?;
    }
    let kind = u8::try_from(c)
        .ok()
        .and_then(Kind::from_letter)
        .filter(|&kind| !(royal && kind == Kind::Pawn))
        .ok_or(FenError::InvalidPiece(c))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok((color, kind, royal))
}

fn parse_locks(field: &str) -> Result<[bool; 2], FenError> {
    match field {
        "-" => Ok([false, false]),
        "T" => Ok([true, false]),
        "t" => Ok([false, true]),
        "Tt" => Ok([true, true]),
        other => Err(FenError::InvalidCastling(other.to_string())),
    }
}

fn parse_points(field: Option<&str>) -> Result<[u32; 2], FenError> {
    let Some(field) = field else {
        return Ok([0, 0]);
    };
    let invalid = || FenError::InvalidPoints(field.to_string());
    let (white, black) = field.split_once('+').ok_or_else(invalid)?;
    let number = |text: &str| {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        text.parse::<u32>().map_err(|_| invalid())
    };
    Ok([number(white)?, number(black)?])
}

pub(super) fn parse(fen: &str) -> Result<Maharajah, FenError> {
    let (fields, extra) = split_fields_with_extra(fen)?;
    let grid = parse_grid(fields[0], 8, 8, read_piece)?;
    let mut pos = Maharajah::empty();
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some((color, kind, royal)) = *cell {
                let sq = Square::from_coords(file as u8, 7 - row as u8);
                pos.toggle(color, kind, sq);
                if royal {
                    pos.toggle_royal(color, sq);
                }
            }
        }
    }
    pos.side = parse_side(fields[1])?;
    pos.locked = parse_locks(fields[2])?;
    for color in Color::ALL {
        let name = color.name();
        if pos.by_color(color).count() > 16 {
            return Err(FenError::TooManyPieces(name, 16));
        }
        if pos.pieces(color, Kind::Pawn).count() > 8 {
            return Err(FenError::TooManyPawns(name));
        }
        if (pos.pieces(color, Kind::Pawn) & (last_rank(color) | last_rank(!color))).nonempty() {
            return Err(FenError::PawnOnBackRank);
        }
        let non_pawns = pos.non_pawns(color);
        if !non_pawns.has_many() && (non_pawns & pos.royal).nonempty() {
            return Err(FenError::LoneMaharajah(name));
        }
    }
    let mover = !pos.side;
    if pos.by_color(mover).is_empty() {
        return Err(FenError::NoPieces(mover.name()));
    }
    if pos.maharajah_attacked(mover) {
        return Err(FenError::OpponentInCheck);
    }
    let ep = read_en_passant(fields[3], pos.side, pos.pieces(mover, Kind::Pawn), pos.occupied())?;
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.points = parse_points(extra)?;
    pos.hash = pos.compute_hash();
    pos.settle_en_passant(ep);
    Ok(pos)
}

pub(super) fn write(pos: &Maharajah) -> String {
    let mut out = String::with_capacity(100);
    for rank in (0..8u8).rev() {
        write_rank(&mut out, 8, |file| {
            pos.piece_at(Square::from_coords(file as u8, rank))
                .map(|(color, kind, royal)| {
                    let letter = fen_letter(kind.letter(), color);
                    if royal {
                        format!("+{letter}")
                    } else {
                        letter.to_string()
                    }
                })
        });
        if rank > 0 {
            out.push('/');
        }
    }
    let locks = match pos.locked {
        [false, false] => "-",
        [true, false] => "T",
        [false, true] => "t",
        [true, true] => "Tt",
    };
    let ep = pos.ep.map_or("-".to_string(), |sq| sq.to_string());
    out.push_str(&format!(
        " {} {locks} {ep} {} {} {}+{}",
        pos.side.to_char(),
        pos.halfmove,
        pos.fullmove,
        pos.points[0],
        pos.points[1]
    ));
    out
}
