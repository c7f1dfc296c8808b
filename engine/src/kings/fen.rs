//! The FEN of both games: the six standard fields with the game's own pieces, a
//! castling field each game uses its own way, and a seventh, game-specific field.

use super::{last_rank, read_en_passant, KingsKind, KingsPosition, Rules};
use crate::fen::{parse_grid, parse_side, read_counters, split_fields_with_extra, write_grid};
use crate::game::{FenError, Position, Variant};
use crate::types::{Color, Square};

/// The characters of a FEN board field, as piece readers take them.
pub type FenChars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// A piece letter of the game's type `K`, upper case White.
pub fn read_fen_char<K: KingsKind>(c: char) -> Result<(Color, K), FenError> {
    let kind = K::from_char(c).ok_or(FenError::InvalidPiece(c))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok((color, kind))
}

/// Reads a FEN of `variant`, checking what both games require (army sizes, pawns off
/// the back ranks, the en passant field) and what the game's [`Rules`] add.
pub(super) fn read<R: Rules>(variant: Variant, fen: &str) -> Result<KingsPosition<R>, FenError> {
    let (fields, extra) = split_fields_with_extra(fen)?;
    let grid = parse_grid(fields[0], 8, 8, R::read_piece)?;
    let mut pos = KingsPosition::<R>::empty(variant);
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some(cell) = *cell {
                R::place(&mut pos, Square::from_coords(file as u8, 7 - row as u8), cell);
            }
        }
    }
    pos.turn.side = parse_side(fields[1])?;
    let most = pos.state.most_men();
    for color in Color::ALL {
        let name = color.name();
        let pawns = pos.pieces(color, R::Kind::pawn());
        if pos.by_color(color).count() > most {
            return Err(FenError::TooManyPieces(name, most));
        }
        if pawns.count() > 8 {
            return Err(FenError::TooManyPawns(name));
        }
        if (pawns & (last_rank(color) | last_rank(!color))).nonempty() {
            return Err(FenError::PawnOnBackRank);
        }
        R::check_army(&pos, color)?;
    }
    let mover = !pos.turn.side;
    if let Some(error) = R::mover_lacks(&pos, mover) {
        return Err(error);
    }
    if R::in_check(&pos, mover) {
        return Err(FenError::OpponentInCheck);
    }
    R::read_castling_field(&mut pos, fields[2])?;
    let ep = read_en_passant(
        fields[3],
        pos.turn.side,
        pos.pieces(mover, R::Kind::pawn()),
        pos.occupied(),
    )?;
    read_counters(&mut pos.turn, &fields)?;
    R::read_extra_field(&mut pos, extra)?;
    pos.turn.hash = pos.hash_from_scratch();
    pos.settle_en_passant(ep);
    Ok(pos)
}

/// The position's FEN, all seven fields.
pub(super) fn write<R: Rules>(pos: &KingsPosition<R>) -> String {
    let mut out = String::with_capacity(120);
    write_grid(&mut out, 8, 8, |file, rank| {
        let sq = Square::from_coords(file, rank);
        let (color, kind) = pos.board.piece_at(sq)?;
        Some(R::fen_piece(pos, sq, color, kind))
    });
    let ep = pos.en_passant.map_or("-".to_string(), |sq| sq.to_string());
    out.push_str(&format!(
        " {} {} {ep} {} {} {}",
        pos.turn.side.to_char(),
        R::castling_field(pos),
        pos.turn.halfmove,
        pos.turn.fullmove,
        R::extra_field(pos)
    ));
    out
}
