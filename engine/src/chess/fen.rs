//! Reading and writing chess FEN, with every inconsistency reported as a typed error.

use super::movegen::castling_squares;
use super::{CastlingRights, Chess};
use crate::bitboard::Bitboard;
use crate::fen::{check_chess_army, read_chess_board, read_counters, write_chess_men};
use crate::game::FenError;
use crate::game::Position;
use crate::types::{Color, Kind, Square};

pub(super) fn parse(fen: &str) -> Result<Chess, FenError> {
    let (fields, board, turn) = read_chess_board(fen)?;
    let mut pos = Chess {
        board,
        turn,
        castling: CastlingRights::default(),
        en_passant: None,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    };
    validate_material(&pos)?;
    pos.castling = parse_castling(&pos, fields[2])?;

    read_counters(&mut pos.turn, &fields)?;

    let them = !pos.turn.side;
    if pos
        .board
        .attackers(pos.king(them), pos.turn.side, pos.board.occupied())
        .nonempty()
    {
        return Err(FenError::OpponentInCheck);
    }
    pos.refresh_checks();
    validate_checkers(&pos)?;

    // Keep the en passant square only when a capture there is legal (see `Chess::en_passant`).
    pos.en_passant =
        parse_en_passant(&pos, fields[3])?.filter(|&target| pos.has_legal_en_passant(pos.turn.side, target));
    pos.turn.hash = pos.hash_from_scratch();
    Ok(pos)
}

fn validate_material(pos: &Chess) -> Result<(), FenError> {
    for color in Color::ALL {
        check_chess_army(&pos.board, color, 16, Bitboard::RANK_1 | Bitboard::RANK_8)?;
    }
    Ok(())
}

fn parse_castling(pos: &Chess, field: &str) -> Result<CastlingRights, FenError> {
    parse_castling_field(field, |color, king_side| {
        let (rook, _) = castling_squares(color, king_side);
        let king_home = if color == Color::White { Square::E1 } else { Square::E8 };
        pos.board.pieces(color, Kind::King).contains(king_home) && pos.board.pieces(color, Kind::Rook).contains(rook)
    })
}

/// Reads a `KQkq`-style castling field; `pieces_home(color, king_side)` tells whether
/// the king and that rook stand on their original squares.
pub(crate) fn parse_castling_field(
    field: &str,
    pieces_home: impl Fn(Color, bool) -> bool,
) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::default();
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let (color, king_side) = match c {
            'K' => (Color::White, true),
            'Q' => (Color::White, false),
            'k' => (Color::Black, true),
            'q' => (Color::Black, false),
            _ => return Err(FenError::InvalidCastling(field.to_string())),
        };
        if rights.has(color, king_side) {
            return Err(FenError::DuplicateCastling(c));
        }
        if !pieces_home(color, king_side) {
            return Err(FenError::CastlingWithoutPieces(c));
        }
        rights = rights.with(color, king_side);
    }
    Ok(rights)
}

/// Writes a `KQkq`-style castling field.
pub(crate) fn write_castling_field(rights: CastlingRights) -> String {
    let mut out = String::new();
    for (color, king_side, c) in [
        (Color::White, true, 'K'),
        (Color::White, false, 'Q'),
        (Color::Black, true, 'k'),
        (Color::Black, false, 'q'),
    ] {
        if rights.has(color, king_side) {
            out.push(c);
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn parse_en_passant(pos: &Chess, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let target = Square::parse(field).ok_or_else(|| FenError::InvalidEnPassant(field.to_string()))?;
    let us = pos.turn.side;
    // The double-stepped pawn stands in front of the target, seen from the side that moved it.
    let possible = target.relative_rank(us) == 5
        && pos.board.pieces(!us, Kind::Pawn).contains(target.offset(-us.forward()))
        && !pos.board.occupied().contains(target)
        && !pos.board.occupied().contains(target.offset(us.forward()));
    if !possible {
        return Err(FenError::ImpossibleEnPassant(field.to_string()));
    }
    Ok(Some(target))
}

fn validate_checkers(pos: &Chess) -> Result<(), FenError> {
    let checkers = pos.checkers;
    if checkers.count() > 2 {
        return Err(FenError::ImpossibleCheck("more than two pieces give check"));
    }
    if checkers.count() == 2 {
        let pawns_or_knights = pos.board.by_kind(Kind::Pawn) | pos.board.by_kind(Kind::Knight);
        if (checkers & pawns_or_knights).count() == 2 {
            return Err(FenError::ImpossibleCheck("two pawns or knights give check at once"));
        }
    }
    Ok(())
}

pub(super) fn write(pos: &Chess) -> String {
    let mut out = write_chess_men(&pos.board, pos.turn.side);
    out.push(' ');
    out.push_str(&write_castling_field(pos.castling));
    out.push(' ');
    match pos.en_passant {
        Some(sq) => out.push_str(&sq.to_string()),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.turn.halfmove, pos.turn.fullmove));
    out
}
