//! Alice FEN: Fairy-Stockfish's form, one placement with `|` before each piece on
//! board B; or the wide form, each rank listing board A's squares, then B's (then C's).
//! Both are read; the `|` form is written for two boards unless a square is occupied
//! on both.

use super::{AliceGame, Board, BoardId, EnPassant};
use crate::bitboard::Bitboard;
use crate::chess::{castling_squares, parse_castling_field, write_castling_field};
use crate::fen::{parse_grid, parse_side, read_chess_piece, read_counters, split_fields, write_rank};
use crate::game::Position;
use crate::game::{FenError, RuleOptions, Turn, Variant};
use crate::types::{Color, Kind, Square};
use thiserror::Error;

/// What only an Alice FEN can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AliceFenError {
    /// The en passant square does not name the board of the double step.
    #[error("en passant square '{0}' needs the board of the double step in this game, as in Ad6")]
    EnPassantBoard(String),
}

type Cell = (BoardId, Color, Kind);

/// Reads the board field in either form: the men of the `N` boards of `files` files.
fn parse_boards<const N: usize>(field: &str, files: usize) -> Result<Vec<(Square, Cell)>, FenError> {
    let narrow = parse_grid(field, files, 8, |chars| {
        let board = if N == 2 && chars.next_if_eq(&'|').is_some() {
            1
        } else {
            0
        };
        let (color, kind) = read_chess_piece(chars)?;
        Ok((board, color, kind))
    });
    Ok(match narrow {
        Ok(grid) => grid
            .iter()
            .enumerate()
            .flat_map(|(row, cells)| {
                cells.iter().enumerate().filter_map(move |(file, cell)| {
                    cell.map(|cell| (Square::from_coords(file as u8, 7 - row as u8), cell))
                })
            })
            .collect(),
        Err(narrow_error) => {
            // The wide form: each rank lists every board in turn.
            let wide = parse_grid(field, files * N, 8, read_chess_piece);
            let grid = match wide {
                Ok(grid) => grid,
                Err(wide_error) => return Err(if N == 2 { narrow_error } else { wide_error }),
            };
            grid.iter()
                .enumerate()
                .flat_map(|(row, cells)| {
                    cells.iter().enumerate().filter_map(move |(col, cell)| {
                        cell.map(|(color, kind)| {
                            (
                                Square::from_coords((col % files) as u8, 7 - row as u8),
                                (col / files, color, kind),
                            )
                        })
                    })
                })
                .collect()
        }
    })
}

pub(super) fn parse<const N: usize>(
    variant: Variant,
    fen: &str,
    options: &RuleOptions,
) -> Result<AliceGame<N>, FenError> {
    let fields = split_fields(fen)?;
    let rules = super::Rules::of(variant);
    let men = parse_boards::<N>(fields[0], rules.files as usize)?;
    let side = parse_side(fields[1])?;
    let mut pos = AliceGame {
        boards: [Board::default(); N],
        variant,
        en_passant_rule: false,
        en_passant: None,
        turn: Turn { side, ..Turn::INITIAL },
        castling: Default::default(),
        king_board: 0,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    };
    for (sq, (board, color, kind)) in men {
        pos.toggle(board, color, kind, sq);
    }
    validate_material(&pos)?;
    pos.castling = parse_castling_field(fields[2], |color, king_side| {
        let home = &pos.boards[rules.home(color)];
        let (rook, _) = castling_squares(color, king_side);
        let king_home = if color == Color::White { Square::E1 } else { Square::E8 };
        rules.castling
            && home.pieces(color, Kind::King).contains(king_home)
            && home.pieces(color, Kind::Rook).contains(rook)
    })?;
    let en_passant = parse_en_passant(&pos, fields[3])?;
    read_counters(&mut pos.turn, &fields)?;

    // Judged by the variation's own check rule: a Duo king can be attacked from the
    // other board, and a position where it could be captured has no legal play.
    if pos.king_attacked(!side) {
        return Err(FenError::OpponentInCheck);
    }
    pos.refresh_checks();
    if pos.checkers.count() > 2 {
        return Err(FenError::ImpossibleCheck("more than two pieces give check"));
    }
    pos.turn.hash = pos.hash_from_scratch();
    // Without the rule the field is checked and dropped; with it, kept when a capture
    // there is legal.
    pos.en_passant_rule = options.alice_en_passant;
    if let Some(ep) = en_passant.filter(|_| pos.en_passant_rule) {
        pos.offer_en_passant(ep);
    }
    Ok(pos)
}

/// Reads `-`, `e3` (the board of the double step follows: the pawn passed to the other
/// one) or `Ae3` (board named).
fn parse_en_passant<const N: usize>(pos: &AliceGame<N>, field: &str) -> Result<Option<EnPassant>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let invalid = || FenError::InvalidEnPassant(field.to_string());
    let (named_board, square) = match field.as_bytes().first() {
        Some(c @ b'A'..=b'C') => (Some((c - b'A') as BoardId), &field[1..]),
        _ => (None, field),
    };
    let target = Square::parse(square).ok_or_else(invalid)?;
    let us = pos.turn.side;
    let impossible = || FenError::ImpossibleEnPassant(field.to_string());
    if target.relative_rank(us) != 5 || named_board.is_some_and(|b| b >= N) {
        return Err(impossible());
    }
    let victim = target.offset(-us.forward());
    let victim_board = (0..N)
        .find(|&b| pos.boards[b].pieces(!us, Kind::Pawn).contains(victim))
        .ok_or_else(impossible)?;
    let transfers_always = N == 2 && pos.rules().transfer == super::general::Transfer::Always;
    let board = match named_board {
        // Where the pawn always passes through the glass, it stepped on the other board.
        Some(board) if transfers_always && board == victim_board => return Err(impossible()),
        Some(board) => board,
        None if transfers_always => 1 - victim_board,
        None => return Err(FenError::rule(AliceFenError::EnPassantBoard(field.to_string()))),
    };
    Ok(Some(EnPassant {
        board,
        target,
        victim_board,
    }))
}

fn validate_material<const N: usize>(pos: &AliceGame<N>) -> Result<(), FenError> {
    for color in Color::ALL {
        let name = color.name();
        let count = |kind: Kind| pos.boards.iter().map(|b| b.pieces(color, kind).count()).sum::<u32>();
        match count(Kind::King) {
            0 => return Err(FenError::MissingKing(name)),
            1 => {}
            _ => return Err(FenError::TooManyKings(name)),
        }
        if pos.boards.iter().map(|b| b.by_color(color).count()).sum::<u32>() > 16 {
            return Err(FenError::TooManyPieces(name, 16));
        }
        if count(Kind::Pawn) > 8 {
            return Err(FenError::TooManyPawns(name));
        }
    }
    let back_ranks = Bitboard::RANK_1 | Bitboard::RANK_8;
    if pos
        .boards
        .iter()
        .any(|b| (b.by_kind(Kind::Pawn) & back_ranks).nonempty())
    {
        return Err(FenError::PawnOnBackRank);
    }
    Ok(())
}

pub(super) fn write<const N: usize>(pos: &AliceGame<N>) -> String {
    let files = pos.rules().files as usize;
    let doubled = (0..N).any(|i| (i + 1..N).any(|j| (pos.boards[i].occupied() & pos.boards[j].occupied()).nonempty()));
    let wide = N != 2 || doubled;
    let mut out = String::with_capacity(100);
    for rank in (0..8u8).rev() {
        if wide {
            write_rank(&mut out, files * N, |col| {
                let sq = Square::from_coords((col % files) as u8, rank);
                pos.boards[col / files]
                    .piece_at(sq)
                    .map(|(color, kind)| kind.fen_char(color).to_string())
            });
        } else {
            write_rank(&mut out, files, |file| {
                let sq = Square::from_coords(file as u8, rank);
                match (pos.boards[0].piece_at(sq), pos.boards[1].piece_at(sq)) {
                    (Some((color, kind)), _) => Some(kind.fen_char(color).to_string()),
                    (None, Some((color, kind))) => Some(format!("|{}", kind.fen_char(color))),
                    (None, None) => None,
                }
            });
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let en_passant = match pos.en_passant {
        None => "-".to_string(),
        // The board is named where it does not follow from the position.
        Some(ep) if N == 2 && pos.rules().transfer == super::general::Transfer::Always => ep.target.to_string(),
        Some(ep) => format!("{}{}", super::board_letter(ep.board), ep.target),
    };
    out.push_str(&format!(
        " {} {} {en_passant} {} {}",
        pos.turn.side.to_char(),
        write_castling_field(pos.castling),
        pos.turn.halfmove,
        pos.turn.fullmove
    ));
    out
}
