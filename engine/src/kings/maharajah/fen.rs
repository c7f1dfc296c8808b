//! Game I FEN: `W` Warrior, `+W` `+R` `+B` `+N` a Maharajah and the type it came from;
//! the castling field holds the transformation locks (`T` White, `t` Black, `-`); a
//! seventh field the points captured by White and Black (`3+1`, default `0+0`).

use super::Kind;
use crate::game::FenError;
use crate::kings::{read_fen_char, FenChars};
use crate::types::Color;
use thiserror::Error;

/// What only a Game I FEN can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MaharajahFenError {
    /// A Maharajah cannot be the only piece of its side.
    #[error("{0}'s only non-pawn piece cannot be a Maharajah")]
    LoneMaharajah(&'static str),
    /// A malformed captured-points field.
    #[error("invalid captured-points field '{0}' (expected white+black, as in 3+1)")]
    InvalidPoints(String),
}

/// One piece token: a letter, or `+` and the letter a Maharajah came from.
pub(super) fn read_piece(chars: &mut FenChars) -> Result<(Color, Kind, bool), FenError> {
    let mut c = chars.next().ok_or(FenError::InvalidPiece(' '))?;
    let royal = c == '+';
    if royal {
        c = chars.next().ok_or(FenError::InvalidPiece('+'))?;
    }
    let (color, kind) = read_fen_char(c)?;
    if royal && kind == Kind::Pawn {
        return Err(FenError::InvalidPiece(c));
    }
    Ok((color, kind, royal))
}

pub(super) fn parse_locks(field: &str) -> Result<[bool; 2], FenError> {
    match field {
        "-" => Ok([false, false]),
        "T" => Ok([true, false]),
        "t" => Ok([false, true]),
        "Tt" => Ok([true, true]),
        other => Err(FenError::InvalidCastling(other.to_string())),
    }
}

pub(super) fn write_locks(locked: [bool; 2]) -> &'static str {
    match locked {
        [false, false] => "-",
        [true, false] => "T",
        [false, true] => "t",
        [true, true] => "Tt",
    }
}

pub(super) fn parse_points(field: Option<&str>) -> Result<[u32; 2], FenError> {
    let Some(field) = field else {
        return Ok([0, 0]);
    };
    let invalid = || FenError::rule(MaharajahFenError::InvalidPoints(field.to_string()));
    let (white, black) = field.split_once('+').ok_or_else(invalid)?;
    let number = |text: &str| {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        text.parse::<u32>().map_err(|_| invalid())
    };
    Ok([number(white)?, number(black)?])
}
