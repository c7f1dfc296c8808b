//! Game II FEN: `M` Marshal, `C` Cardinal besides the chess letters; the castling field
//! names the back-rank files of the Kings and Rooks keeping rights (`ADEHadeh`); a
//! seventh field the waits (`d1=3,e1=3`, `-` for none). Without it every King and
//! compound is taken as original: it waits 3 minus its side's turns played.

use super::{Kind, TwoKings, CASTLING_KINGS, CASTLING_ROOKS, WAIT};
use crate::bitboard::Bitboard;
use crate::game::FenError;
use crate::types::{Color, Square};
use thiserror::Error;

/// What only a Game II FEN can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TwoKingsFenError {
    /// A malformed wait-counter field.
    #[error("invalid transformation waits '{0}' (expected square=1..3 of a King or compound, comma separated, or -)")]
    InvalidWaits(String),
}

/// The castling field: files of Kings (d, e) and Rooks (a, h) on the first ranks.
pub(super) fn parse_castling(pos: &TwoKings, field: &str) -> Result<Bitboard, FenError> {
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

pub(super) fn parse_waits(pos: &TwoKings, field: &str) -> Result<[u8; 64], FenError> {
    let mut waits = [0; 64];
    if field == "-" {
        return Ok(waits);
    }
    let invalid = || FenError::rule(TwoKingsFenError::InvalidWaits(field.to_string()));
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

/// The waits of original pieces: 3 less the turns each side has played.
pub(super) fn original_waits(pos: &TwoKings) -> [u8; 64] {
    let mut waits = [0; 64];
    for color in Color::ALL {
        let played = match (color, pos.turn.side) {
            (Color::White, Color::Black) => pos.turn.fullmove,
            _ => pos.turn.fullmove - 1,
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

/// The castling field: White's files in capitals, then Black's, `-` for none.
pub(super) fn write_castling(rights: Bitboard) -> String {
    if rights.is_empty() {
        return "-".to_string();
    }
    rights
        .into_iter()
        .map(|sq| {
            let file = (b'a' + sq.file()) as char;
            if sq.rank() == 0 {
                file.to_ascii_uppercase()
            } else {
                file
            }
        })
        .collect()
}

/// The waits field: `square=n` in square order, `-` for none.
pub(super) fn write_waits(pos: &TwoKings) -> String {
    let waits: Vec<String> = Square::all()
        .filter(|&sq| pos.wait(sq) > 0)
        .map(|sq| format!("{sq}={}", pos.wait(sq)))
        .collect();
    if waits.is_empty() {
        "-".to_string()
    } else {
        waits.join(",")
    }
}
