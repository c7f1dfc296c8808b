//! Jacks and Witches FEN: a 12x8 placement with `*` on the removed squares, the Jacks
//! in hand in brackets right after it (`[JJjj]`, `[]`), the side to move, `-` or `x`
//! (teleporting allowed or disabled) in the castling field, en passant, counters.

use super::board::{HOLES, TELEPORTERS};
use super::{JacksWitches, Kind, MAX_HAND};
use crate::fen::{parse_grid, parse_side, read_counters, render_grid, split_fields, write_grid};
use crate::game::FenError;
use crate::game::Position;
use crate::types::{Color, WideSquare};
use thiserror::Error;

/// What only a Jacks and Witches FEN can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JwFenError {
    /// A removed square written as anything but `*`, or a `*` elsewhere.
    #[error("square {0}: removed squares are written '*', exactly at f3 g3 e4 f4 g4 h4 e5 f5 g5 h5 f6 g6")]
    RemovedSquare(String),
    /// The hand field is missing or malformed.
    #[error(
        "invalid hand '{0}' (expected brackets after the board holding at most two J and two j, as in [JJjj] or [])"
    )]
    InvalidHand(String),
    /// Two teleporters hold enemy men of one type.
    #[error("two teleporters hold enemy pieces of one type (the exclusion rule)")]
    Exclusion,
}

/// The men of a side, on the board and in hand.
const MAX_MEN: u32 = 22;

enum Cell {
    Removed,
    Piece(Color, Kind),
}

fn read_cell(chars: &mut std::iter::Peekable<std::str::Chars>) -> Result<Cell, FenError> {
    let c = chars.next().ok_or(FenError::InvalidPiece(' '))?;
    if c == '*' {
        return Ok(Cell::Removed);
    }
    let kind = Kind::from_char(c).ok_or(FenError::InvalidPiece(c))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(Cell::Piece(color, kind))
}

fn parse_hand(text: &str) -> Result<[u8; 2], FenError> {
    let bad = || FenError::rule(JwFenError::InvalidHand(text.to_string()));
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(bad)?;
    let mut hand = [0u8; 2];
    for c in inner.chars() {
        let color = match c {
            'J' => Color::White,
            'j' => Color::Black,
            _ => return Err(bad()),
        };
        hand[color.index()] += 1;
        if hand[color.index()] > MAX_HAND {
            return Err(bad());
        }
    }
    Ok(hand)
}

pub(super) fn parse(fen: &str) -> Result<JacksWitches, FenError> {
    let fields = split_fields(fen)?;
    let (placement, hand) = fields[0]
        .split_once('[')
        .map(|(board, hand)| (board, format!("[{hand}")))
        .ok_or_else(|| FenError::rule(JwFenError::InvalidHand(String::new())))?;
    let grid = parse_grid(placement, 12, 8, read_cell)?;
    let mut pos = JacksWitches::empty();
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            let sq = WideSquare::from_coords(file as u8, 7 - row as u8);
            match cell {
                Some(Cell::Removed) if HOLES.contains(sq) => {}
                Some(Cell::Piece(color, kind)) if !HOLES.contains(sq) => pos.put(*color, *kind, sq),
                None if !HOLES.contains(sq) => {}
                _ => return Err(FenError::rule(JwFenError::RemovedSquare(sq.to_string()))),
            }
        }
    }
    let hand = parse_hand(&hand)?;
    for color in Color::ALL {
        pos.set_hand(color, hand[color.index()]);
    }
    pos.turn.side = parse_side(fields[1])?;
    match fields[2] {
        "-" => {}
        "x" => pos.disable_teleporting(),
        other => return Err(FenError::InvalidCastling(other.to_string())),
    }
    for color in Color::ALL {
        let name = color.name();
        match pos.board.pieces(color, Kind::King).count() {
            0 => return Err(FenError::MissingKing(name)),
            1 => {}
            _ => return Err(FenError::TooManyKings(name)),
        }
        // Twenty men on the board and two Jacks in hand at the start; none is ever
        // added. This also keeps the move count below `MAX_MOVES`: at most 43 moves a
        // man (a Can(n)on: 18 squares in two modes, the flip, three teleports).
        if pos.board.by_color(color).count() + u32::from(pos.hand(color)) > MAX_MEN {
            return Err(FenError::TooManyPieces(name, MAX_MEN));
        }
        if pos.board.pieces(color, Kind::Pawn).count() > 8 {
            return Err(FenError::TooManyPawns(name));
        }
        // Once a King has stood on the opponent's first rank, teleporting stays off.
        if pos.king(color).relative_rank(!color) == 0 {
            pos.disable_teleporting();
        }
    }
    let back_ranks = pos.board.by_kind(Kind::Pawn).any(|sq| sq.rank() == 0 || sq.rank() == 7);
    if back_ranks {
        return Err(FenError::PawnOnBackRank);
    }
    if !pos.exclusion_holds() {
        return Err(FenError::rule(JwFenError::Exclusion));
    }
    if pos.attacked(pos.king(!pos.turn.side), pos.turn.side) {
        return Err(FenError::OpponentInCheck);
    }
    if fields[3] != "-" {
        let ep = WideSquare::parse(fields[3]).ok_or_else(|| FenError::InvalidEnPassant(fields[3].to_string()))?;
        // The square behind a pawn of the side that just moved, which double-stepped
        // from the square behind it.
        let mover = !pos.turn.side;
        let forward = if mover == Color::White { 1 } else { -1 };
        let plausible = ep.relative_rank(mover) == 2
            && pos.piece_at(ep).is_none()
            && ep
                .step(0, -forward)
                .is_some_and(|origin| pos.piece_at(origin).is_none())
            && ep
                .step(0, forward)
                .is_some_and(|pawn| pos.piece_at(pawn) == Some((mover, Kind::Pawn)));
        if !plausible {
            return Err(FenError::ImpossibleEnPassant(fields[3].to_string()));
        }
        pos.set_en_passant(Some(ep));
        if !pos.en_passant_capture_legal() {
            pos.set_en_passant(None);
        }
    }
    read_counters(&mut pos.turn, &fields)?;
    pos.turn.hash = pos.hash_from_scratch();
    pos.in_check = pos.king_attacked();
    Ok(pos)
}

pub(super) fn write(pos: &JacksWitches) -> String {
    let mut out = String::with_capacity(100);
    write_grid(&mut out, 12, 8, |file, rank| {
        let sq = WideSquare::from_coords(file, rank);
        if HOLES.contains(sq) {
            Some("*".to_string())
        } else {
            pos.piece_at(sq).map(|(color, kind)| kind.fen_char(color).to_string())
        }
    });
    out.push('[');
    for color in Color::ALL {
        for _ in 0..pos.hand(color) {
            out.push(Kind::Jack.fen_char(color));
        }
    }
    out.push(']');
    let teleport = if pos.teleport_off { 'x' } else { '-' };
    let ep = pos.en_passant.map_or("-".to_string(), |sq| sq.to_string());
    out.push_str(&format!(
        " {} {teleport} {ep} {} {}",
        pos.turn.side.to_char(),
        pos.turn.halfmove,
        pos.turn.fullmove
    ));
    out
}

/// The board for humans: `*` removed squares, `+` empty teleporters, then the hands
/// and whether teleporting is still allowed.
pub(super) fn render(pos: &JacksWitches) -> String {
    let mut out = render_grid(12, 8, |file, rank| {
        let sq = WideSquare::from_coords(file, rank);
        match pos.piece_at(sq) {
            Some((color, kind)) => kind.fen_char(color),
            None if HOLES.contains(sq) => '*',
            None if TELEPORTERS.contains(sq) => '+',
            None => '.',
        }
    });
    out.push_str(&format!(
        "Jacks in hand: white {}, black {}; teleporters {}\n(* removed square, + empty teleporter)\n",
        pos.hand(Color::White),
        pos.hand(Color::Black),
        if pos.teleport_off { "disabled" } else { "enabled" }
    ));
    out
}
