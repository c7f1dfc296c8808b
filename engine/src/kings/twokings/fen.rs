//! Game II FEN: `M` Marshal, `C` Cardinal besides the chess letters; the castling field
//! names the back-rank files of the Kings and Rooks keeping rights (`ADEHadeh`); a
//! seventh field the waits (`d1=3,e1=3`, `-` for none). Without it every King and
//! compound is taken as original: it waits 3 minus its side's turns played.

use super::{Kind, TwoKings, CASTLING_KINGS, CASTLING_ROOKS, WAIT};
use crate::bitboard::Bitboard;
use crate::fen::{parse_counters, parse_grid, parse_side, split_fields_with_extra, write_board};
use crate::game::{FenError, Variant};
use crate::kings::{fen_letter, last_rank, read_en_passant};
use crate::types::{Color, Square};
use std::iter::Peekable;
use std::str::Chars;

fn read_piece(chars: &mut Peekable<Chars>) -> Result<(Color, Kind), FenError> {
    let c = chars.next().ok_or(FenError::InvalidPiece(' '))?;
    let kind = u8::try_from(c)
        .ok()
        .and_then(Kind::from_letter)
        .ok_or(FenError::InvalidPiece(c))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok((color, kind))
}

/// The castling field: files of Kings (d, e) and Rooks (a, h) on the first ranks.
fn parse_castling(pos: &TwoKings, field: &str) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    let invalid = || FenError::InvalidCastling(field.to_string());
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let file = match c.to_ascii_lowercase() {
            f @ 'a'..='h' => f as u8 - b'a',
            _ => return Err(invalid()),
        };
        let rank = if color == Color::White { 0 } else { 7 };
        let sq = Square::from_coords(file, rank);
        let piece = if CASTLING_KINGS.contains(sq) {
            Kind::King
        } else if CASTLING_ROOKS.contains(sq) {
            Kind::Rook
        } else {
            return Err(invalid());
        };
        if rights.contains(sq) {
            return Err(FenError::DuplicateCastling(c));
        }
        if !pos.pieces(color, piece).contains(sq) {
            return Err(FenError::CastlingWithoutPieces(c));
        }
        rights = rights.with(sq);
    }
    Ok(rights)
}

fn parse_waits(pos: &TwoKings, field: &str) -> Result<[u8; 64], FenError> {
    let mut waits = [0; 64];
    if field == "-" {
        return Ok(waits);
    }
    let invalid = || FenError::InvalidWaits(field.to_string());
    for item in field.split(',') {
        let (square, wait) = item.split_once('=').ok_or_else(invalid)?;
        let sq = Square::parse(square).ok_or_else(invalid)?;
        let wait: u8 = match wait {
            "1" | "2" | "3" => wait.parse().map_err(|_| invalid())?,
            _ => return Err(invalid()),
        };
        let transforms = pos.kind_at(sq).is_some_and(Kind::transforms);
        if !transforms || waits[sq.index()] != 0 {
            return Err(invalid());
        }
        waits[sq.index()] = wait;
    }
    Ok(waits)
}

pub(super) fn parse(variant: Variant, fen: &str) -> Result<TwoKings, FenError> {
    let (fields, extra) = split_fields_with_extra(fen)?;
    let grid = parse_grid(fields[0], 8, 8, read_piece)?;
    let mut pos = TwoKings::empty(variant);
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some((color, kind)) = *cell {
                pos.toggle(color, kind, Square::from_coords(file as u8, 7 - row as u8));
            }
        }
    }
    pos.side = parse_side(fields[1])?;
    // The larger setup starts with two more Kings a side; promotions never add men.
    let most = if variant == Variant::TwoKings4 { 18 } else { 16 };
    for color in Color::ALL {
        let name = color.name();
        if pos.by_color(color).count() > most {
            return Err(FenError::TooManyPieces(name, most));
        }
        if pos.pieces(color, Kind::Pawn).count() > 8 {
            return Err(FenError::TooManyPawns(name));
        }
        if (pos.pieces(color, Kind::Pawn) & (last_rank(color) | last_rank(!color))).nonempty() {
            return Err(FenError::PawnOnBackRank);
        }
    }
    let mover = !pos.side;
    if pos.kings(mover).is_empty() {
        return Err(FenError::MissingKing(mover.name()));
    }
    if pos.all_kings_attacked(mover) {
        return Err(FenError::OpponentInCheck);
    }
    let castling = parse_castling(&pos, fields[2])?;
    let ep = read_en_passant(fields[3], pos.side, pos.pieces(mover, Kind::Pawn), pos.occupied())?;
    let (halfmove, fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.waits = match extra {
        Some(field) => parse_waits(&pos, field)?,
        None => {
            let mut waits = [0; 64];
            for color in Color::ALL {
                let played = match (color, pos.side) {
                    (Color::White, Color::Black) => fullmove,
                    _ => fullmove - 1,
                };
                let wait = WAIT.saturating_sub(played.min(WAIT as u32) as u8);
                for sq in pos.by_color(color) {
                    if pos.kind_at(sq).is_some_and(Kind::transforms) {
                        waits[sq.index()] = wait;
                    }
                }
            }
            waits
        }
    };
    pos.castling = TwoKings::rights_after(castling, Bitboard::EMPTY);
    pos.hash = pos.compute_hash();
    pos.settle_en_passant(ep);
    Ok(pos)
}

pub(super) fn write(pos: &TwoKings) -> String {
    let mut out = String::with_capacity(120);
    write_board(&mut out, |sq| {
        pos.piece_at(sq).map(|(color, kind)| fen_letter(kind.letter(), color))
    });
    out.push(' ');
    out.push(pos.side.to_char());
    out.push(' ');
    if pos.castling.is_empty() {
        out.push('-');
    }
    for sq in pos.castling {
        let file = (b'a' + sq.file()) as char;
        out.push(if sq.rank() == 0 {
            file.to_ascii_uppercase()
        } else {
            file
        });
    }
    let ep = pos.ep.map_or("-".to_string(), |sq| sq.to_string());
    out.push_str(&format!(" {ep} {} {} ", pos.halfmove, pos.fullmove));
    let waits: Vec<String> = Square::all()
        .filter(|sq| pos.waits[sq.index()] > 0)
        .map(|sq| format!("{sq}={}", pos.waits[sq.index()]))
        .collect();
    if waits.is_empty() {
        out.push('-');
    } else {
        out.push_str(&waits.join(","));
    }
    out
}
