//! FEN pieces shared by the games: the board grid and the move counters.

use crate::bitboard::Bitboard;
use crate::board::ChessBoard;
use crate::game::{FenError, Turn};
use crate::types::{Color, Kind, Square};
use std::iter::Peekable;
use std::str::Chars;

/// Reads a FEN board field into `ranks` rows (from the top rank down) of `files`
/// cells each. `read_piece` consumes one piece token (it may look ahead, e.g. for a
/// board prefix) starting at a character that is not a digit; empty runs are decimal
/// numbers, so boards wider than 9 files work.
pub fn parse_grid<T>(
    board: &str,
    files: usize,
    ranks: usize,
    mut read_piece: impl FnMut(&mut Peekable<Chars>) -> Result<T, FenError>,
) -> Result<Vec<Vec<Option<T>>>, FenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks {
        return Err(FenError::RankCount(rows.len(), ranks));
    }
    let mut grid = Vec::with_capacity(ranks);
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - i;
        let mut cells: Vec<Option<T>> = Vec::with_capacity(files);
        let mut chars = row.chars().peekable();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() {
                let mut digits = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(d);
                    chars.next();
                }
                match digits.parse::<usize>() {
                    Ok(n) if n > 0 && !digits.starts_with('0') && cells.len() + n <= files => {
                        cells.extend((0..n).map(|_| None))
                    }
                    Ok(n) if n > 0 && !digits.starts_with('0') => {
                        return Err(FenError::RankLength {
                            rank,
                            squares: cells.len() + n,
                            expected: files,
                        })
                    }
                    _ => return Err(FenError::InvalidEmptyCount(digits)),
                }
            } else {
                cells.push(Some(read_piece(&mut chars)?));
                if cells.len() > files {
                    return Err(FenError::RankLength {
                        rank,
                        squares: cells.len(),
                        expected: files,
                    });
                }
            }
        }
        if cells.len() != files {
            return Err(FenError::RankLength {
                rank,
                squares: cells.len(),
                expected: files,
            });
        }
        grid.push(cells);
    }
    Ok(grid)
}

/// Writes one rank: `cell` gives each square's piece text or `None` when empty.
pub fn write_rank(out: &mut String, files: usize, mut cell: impl FnMut(usize) -> Option<String>) {
    let mut empty = 0;
    for file in 0..files {
        match cell(file) {
            Some(text) => {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(&text);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
}

/// The whitespace-separated fields of a FEN with 4 to 6 of them (the move counters
/// may be left out).
pub fn split_fields(fen: &str) -> Result<Vec<&str>, FenError> {
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
    Ok(fields)
}

/// The fields of a FEN with a seventh, game-specific field: the six usual ones (split
/// as by [`split_fields`]) and the seventh when present (it needs all six before it).
pub fn split_fields_with_extra(fen: &str) -> Result<(Vec<&str>, Option<&str>), FenError> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() == 7 {
        let extra = fields.pop();
        return Ok((fields, extra));
    }
    if fields.len() > 7 {
        return Err(FenError::FieldCount {
            expected: "4 to 7",
            found: fields.len(),
        });
    }
    Ok((split_fields(fen)?, None))
}

/// Reads a chess piece letter (upper case White) for [`parse_grid`].
pub fn read_chess_piece(chars: &mut Peekable<Chars>) -> Result<(Color, Kind), FenError> {
    let c = chars.next().ok_or(FenError::InvalidPiece(' '))?;
    let kind = Kind::from_char(c).ok_or(FenError::InvalidPiece(c))?;
    Ok((
        if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        },
        kind,
    ))
}

/// The fields of an 8x8 FEN written with the six chess letters, its board and its side
/// to move; the turn's counters are the defaults and its hash is left for the caller
/// to compute once the position is complete.
pub(crate) fn read_chess_board(fen: &str) -> Result<(Vec<&str>, ChessBoard, Turn), FenError> {
    let fields = split_fields(fen)?;
    let grid = parse_grid(fields[0], 8, 8, read_chess_piece)?;
    let mut board = ChessBoard::default();
    for (row, cells) in grid.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            if let Some((color, kind)) = *cell {
                board.flip(color, kind, Square::from_coords(file as u8, 7 - row as u8));
            }
        }
    }
    let side = parse_side(fields[1])?;
    Ok((fields, board, Turn { side, ..Turn::INITIAL }))
}

/// The castling and en passant fields of a game that has neither: both must be `-`.
pub fn expect_no_castling_or_en_passant(castling: &str, en_passant: &str) -> Result<(), FenError> {
    if castling != "-" {
        return Err(FenError::InvalidCastling(castling.to_string()));
    }
    if en_passant != "-" {
        return Err(FenError::InvalidEnPassant(en_passant.to_string()));
    }
    Ok(())
}

/// The chess army limits for `color`: one King, at most `most` men and 8 pawns, no
/// pawn on the rank `last_rank` (where it would have promoted).
pub fn check_chess_army(board: &ChessBoard, color: Color, most: u32, last_rank: Bitboard) -> Result<(), FenError> {
    let name = color.name();
    match board.pieces(color, Kind::King).count() {
        0 => return Err(FenError::MissingKing(name)),
        1 => {}
        _ => return Err(FenError::TooManyKings(name)),
    }
    if board.by_color(color).count() > most {
        return Err(FenError::TooManyPieces(name, most));
    }
    if board.pieces(color, Kind::Pawn).count() > 8 {
        return Err(FenError::TooManyPawns(name));
    }
    if (board.pieces(color, Kind::Pawn) & last_rank).nonempty() {
        return Err(FenError::PawnOnBackRank);
    }
    Ok(())
}

/// Reads the side-to-move field: `w` or `b`.
pub fn parse_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::InvalidSideToMove(other.to_string())),
    }
}

/// The board field of a FEN of `files` x `ranks`; `cell(file, rank)` gives a square's
/// text (a piece, a hole marker), `None` when it is empty.
pub fn write_grid(out: &mut String, files: u8, ranks: u8, cell: impl Fn(u8, u8) -> Option<String>) {
    for rank in (0..ranks).rev() {
        write_rank(out, files as usize, |file| cell(file as u8, rank));
        if rank > 0 {
            out.push('/');
        }
    }
}

/// The board field of an 8x8 FEN; `piece` gives a square's FEN letter, if any.
pub fn write_board(out: &mut String, piece: impl Fn(Square) -> Option<char>) {
    write_grid(out, 8, 8, |file, rank| {
        piece(Square::from_coords(file, rank)).map(String::from)
    });
}

/// A board of `files` x `ranks` as text for humans, the top rank first, file letters
/// below; `cell(file, rank)` is the character drawn for a square.
pub fn render_grid(files: u8, ranks: u8, cell: impl Fn(u8, u8) -> char) -> String {
    let mut out = String::new();
    for rank in (0..ranks).rev() {
        out.push_str(&format!(" {} ", rank + 1));
        for file in 0..files {
            out.push(' ');
            out.push(cell(file, rank));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..files {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out
}

/// One 8x8 board as text for humans, rank 8 at the top; `piece` names a square's
/// occupant (a FEN letter) or `None` when it is empty.
pub fn render_board(piece: impl Fn(Square) -> Option<char>) -> String {
    render_grid(8, 8, |file, rank| piece(Square::from_coords(file, rank)).unwrap_or('.'))
}

/// Reads the halfmove clock and fullmove number (the fifth and sixth of the FEN's
/// `fields`) into `turn`.
pub(crate) fn read_counters(turn: &mut Turn, fields: &[&str]) -> Result<(), FenError> {
    (turn.halfmove, turn.fullmove) = parse_counters(fields.get(4).copied(), fields.get(5).copied())?;
    Ok(())
}

/// The board and side fields of an 8x8 FEN of the chess men on `board`.
pub(crate) fn write_chess_men(board: &ChessBoard, side: Color) -> String {
    let mut out = String::with_capacity(90);
    write_board(&mut out, |sq| {
        board.piece_at(sq).map(|(color, kind)| kind.fen_char(color))
    });
    out.push(' ');
    out.push(side.to_char());
    out
}

/// The FEN of the chess men on `board` in a game without castling or en passant.
pub(crate) fn write_plain_chess_fen(board: &ChessBoard, turn: &Turn) -> String {
    let mut out = write_chess_men(board, turn.side);
    out.push_str(&format!(" - - {} {}", turn.halfmove, turn.fullmove));
    out
}

/// The halfmove clock and fullmove number; both default when absent (4-field FENs).
pub fn parse_counters(halfmove: Option<&str>, fullmove: Option<&str>) -> Result<(u32, u32), FenError> {
    let halfmove = match halfmove {
        None => 0,
        Some(text) => text
            .parse::<u32>()
            .map_err(|_| FenError::InvalidHalfmoveClock(text.to_string()))?,
    };
    let fullmove = match fullmove {
        None => 1,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => return Err(FenError::InvalidFullmoveNumber(text.to_string())),
        },
    };
    Ok((halfmove, fullmove))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(chars: &mut Peekable<Chars>) -> Result<char, FenError> {
        let c = chars.next().expect("called on a character");
        if c.is_ascii_alphabetic() {
            Ok(c)
        } else {
            Err(FenError::InvalidPiece(c))
        }
    }

    #[test]
    fn grid_reads_multi_digit_runs() {
        let grid = parse_grid("a10b/12", 12, 2, letter).unwrap();
        assert_eq!(grid[0][0], Some('a'));
        assert_eq!(grid[0][11], Some('b'));
        assert!(grid[1].iter().all(Option::is_none));
    }

    #[test]
    fn grid_rejects_bad_rows() {
        assert_eq!(parse_grid("8/8", 8, 3, letter), Err(FenError::RankCount(2, 3)));
        assert!(matches!(
            parse_grid("9", 8, 1, letter),
            Err(FenError::RankLength { .. })
        ));
        assert!(matches!(
            parse_grid("08", 8, 1, letter),
            Err(FenError::InvalidEmptyCount(_))
        ));
        assert!(matches!(
            parse_grid("7", 8, 1, letter),
            Err(FenError::RankLength { .. })
        ));
        assert_eq!(parse_grid("7?", 8, 1, letter), Err(FenError::InvalidPiece('?')));
    }

    #[test]
    fn rank_writer_compresses_empty_runs() {
        let mut out = String::new();
        write_rank(&mut out, 12, |f| (f == 3).then(|| "x".to_string()));
        assert_eq!(out, "3x8");
    }
}
