//! What a GUI draws of a position and of a move, so that a frontend needs no rules.
//!
//! Squares are named as the protocol names them: `e4` on one board, `Ae4` (board
//! letter first) in games with several boards. A frontend lays out `boards` grids of
//! `files` x `ranks`, leaves out the `removed` squares, and finds everything else in
//! the lists below by square name.

use crate::board::ChessBoard;
use crate::game::Game;
use crate::types::{Color, Kind, Square};
use serde::Serialize;

/// The name of a square: `e4`, or `Ae4` when the game has several boards.
pub(crate) fn square_name(boards: u8, board: u8, file: u8, rank: u8) -> String {
    let mut name = String::with_capacity(4);
    if boards > 1 {
        name.push((b'A' + board) as char);
    }
    name.push((b'a' + file) as char);
    name.push_str(&(rank + 1).to_string());
    name
}

/// The name of a square of a one-board 8x8 game.
pub(crate) fn single_square_name(sq: Square) -> String {
    square_name(1, 0, sq.file(), sq.rank())
}

/// A piece as drawn: where it stands, whose it is, what it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// The square it stands on.
    pub square: String,
    /// `white` or `black`.
    pub color: &'static str,
    /// The piece type, naming its glyph: `pawn`, `knight`, `bishop`, `rook`, `queen`,
    /// `king`, `lion`, `cannon`, `canon`, `jack`, `witch`, `warrior`, `maharajah`,
    /// `marshal`, `cardinal`.
    pub kind: &'static str,
    /// The letter the game's FEN writes for it (upper case for white).
    pub letter: char,
    /// A short mark drawn on the piece, for per-piece state (a Game II wait counter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
}

impl PieceView {
    /// An orthodox chess piece, without badge.
    pub(crate) fn of_kind(square: String, color: Color, role: Kind) -> PieceView {
        PieceView {
            square,
            color: color.name(),
            kind: role.name(),
            letter: role.fen_char(color),
            badge: None,
        }
    }

    /// Every man of an 8x8 board of chess pieces.
    pub(crate) fn of_chess_board(board: &ChessBoard) -> Vec<PieceView> {
        board
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                let (color, role) = board.piece_at(sq)?;
                Some(PieceView::of_kind(single_square_name(sq), color, role))
            })
            .collect()
    }
}

/// Pieces waiting in a hand to be dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandView {
    /// `white` or `black`.
    pub color: &'static str,
    /// The piece type, naming its glyph.
    pub kind: &'static str,
    /// The FEN letter.
    pub letter: char,
    /// How many wait in the hand.
    pub count: u8,
}

/// Everything a frontend draws of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    /// Files of one board.
    pub files: u8,
    /// Ranks of one board.
    pub ranks: u8,
    /// Boards side by side.
    pub boards: u8,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Every man on the boards.
    pub pieces: Vec<PieceView>,
    /// Squares that are not part of the board (drawn as holes, no square element).
    pub removed: Vec<String>,
    /// Squares with a special role, marked on the board (Jacks and Witches'
    /// teleporters).
    pub teleporters: Vec<String>,
    /// Men in hand, per side.
    pub hands: Vec<HandView>,
    /// The squares of the side to move's royal pieces that stand attacked.
    pub checks: Vec<String>,
    /// Captured points, white's then black's, in games that count them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u32; 2]>,
}

impl PositionView {
    /// A position of `boards` boards of `files` x 8 holding `pieces`, with nothing
    /// removed, marked, in hand or in check, and no points.
    pub fn new(files: u8, boards: u8, side_to_move: Color, pieces: Vec<PieceView>) -> PositionView {
        PositionView {
            files,
            ranks: 8,
            boards,
            side_to_move: side_to_move.name(),
            pieces,
            removed: Vec::new(),
            teleporters: Vec::new(),
            hands: Vec::new(),
            checks: Vec::new(),
            points: None,
        }
    }

    /// A position on one 8x8 board of chess pieces, with `checked_king` marked.
    pub(crate) fn of_chess_board(
        board: &ChessBoard,
        side_to_move: Color,
        checked_king: Option<Square>,
    ) -> PositionView {
        PositionView {
            checks: checked_king.map(single_square_name).into_iter().collect(),
            ..PositionView::new(8, 1, side_to_move, PieceView::of_chess_board(board))
        }
    }
}

/// Which of several moves between the same squares this one is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceView {
    /// What is chosen: `promotion`, `transformation`, `mode`, `drag`, `transfer`.
    pub group: &'static str,
    /// A short text for the picker, as `Queen` or `drag c3`.
    pub label: String,
    /// The piece type the choice makes, where it makes one (for the picker's glyph).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

impl ChoiceView {
    /// The choice of the piece type `kind`, labelled with its name capitalised.
    pub(crate) fn of_kind(group: &'static str, kind: &'static str) -> ChoiceView {
        ChoiceView {
            group,
            label: format!("{}{}", kind[..1].to_ascii_uppercase(), &kind[1..]),
            kind: Some(kind),
        }
    }
}

/// One legal move, as a frontend offers it and draws it once played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move in protocol notation, as the engine reads and writes it.
    pub name: String,
    /// Where the moving piece starts; `None` for a drop.
    pub from: Option<String>,
    /// The square the player clicks: on the origin board in the Alice games, equal to
    /// `from` for a move that stays on its square (a zero move, a transformation).
    pub to: String,
    /// Where the moving piece ends: another board after an Alice transfer, the far
    /// teleporter after a teleport.
    pub lands: String,
    /// The piece type dropped, for a drop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop: Option<&'static str>,
    /// What the player picks among moves with the same squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<ChoiceView>,
    /// Every other square the move changes: the captured pawn of en passant, the
    /// castling rook's squares, a dragged piece's squares, a swap chain's squares.
    pub also: Vec<String>,
}

impl MoveView {
    /// A move of one piece from `from` to `to` on a one-board game, named `name`.
    pub(crate) fn on_one_board(
        name: String,
        from: Square,
        to: Square,
        choice: Option<ChoiceView>,
        also: Vec<String>,
    ) -> MoveView {
        MoveView {
            name,
            from: Some(single_square_name(from)),
            to: single_square_name(to),
            lands: single_square_name(to),
            drop: None,
            choice,
            also,
        }
    }
}

/// A game a GUI can draw: the view of a position and of each of its legal moves.
pub trait GameView: Game {
    /// What a frontend draws of this position.
    fn view(&self) -> PositionView;

    /// The view of `mv`, one of this position's legal moves.
    fn move_view(&self, mv: Self::Move) -> MoveView;
}

/// Checks that hold for the views of every game, for each game's tests: every legal
/// move has a distinct name that parses back to it, its squares exist, it starts on a
/// piece (or drops from a hand) of the side to move, and no two moves look the same to
/// a player (same squares clicked, same drop, same choice); the pieces stand on
/// distinct squares of the board and the checked royals are the mover's.
#[cfg(test)]
pub(crate) fn assert_views_consistent<G: GameView>(position: &G) {
    use std::collections::HashSet;
    let view = position.view();
    assert_eq!(view.side_to_move, position.side_to_move().name());
    let mut squares = HashSet::new();
    for board in 0..view.boards {
        for rank in 0..view.ranks {
            for file in 0..view.files {
                squares.insert(square_name(view.boards, board, file, rank));
            }
        }
    }
    for removed in &view.removed {
        assert!(squares.remove(removed), "removed square {removed} is not on the grid");
    }
    let mut occupied = HashSet::new();
    for piece in &view.pieces {
        assert!(squares.contains(&piece.square), "{piece:?} stands off the board");
        assert!(occupied.insert(piece.square.clone()), "two pieces on {}", piece.square);
    }
    let ours = |square: &str| {
        view.pieces
            .iter()
            .any(|p| p.square == square && p.color == view.side_to_move)
    };
    for checked in &view.checks {
        assert!(ours(checked), "checked {checked} holds no piece of the side to move");
    }
    let moves = position.legal_move_list();
    let mut names = HashSet::new();
    let mut clicks = HashSet::new();
    for mv in moves {
        let mv_view = position.move_view(mv);
        assert_eq!(mv_view.name, position.move_name(mv));
        assert!(names.insert(mv_view.name.clone()), "two moves named {}", mv_view.name);
        assert_eq!(position.parse_move(&mv_view.name), Ok(mv));
        for square in mv_view
            .from
            .iter()
            .chain([&mv_view.to, &mv_view.lands])
            .chain(&mv_view.also)
        {
            assert!(squares.contains(square), "{mv_view:?} names {square}, not a square");
        }
        assert_eq!(mv_view.from.is_none(), mv_view.drop.is_some(), "{mv_view:?}");
        match (&mv_view.from, mv_view.drop) {
            (Some(from), _) => assert!(ours(from), "{mv_view:?} starts on no piece of the mover"),
            (None, Some(kind)) => assert!(
                view.hands
                    .iter()
                    .any(|h| h.color == view.side_to_move && h.kind == kind && h.count > 0),
                "{mv_view:?} drops from an empty hand"
            ),
            (None, None) => unreachable!("checked above"),
        }
        let label = mv_view.choice.as_ref().map(|c| c.label.clone());
        let click = (mv_view.from.clone(), mv_view.to.clone(), mv_view.drop, label);
        assert!(
            clicks.insert(click),
            "{mv_view:?}: another move has the same squares and choice"
        );
    }
}

/// [`assert_views_consistent`] on `start` and on every position of `games` seeded
/// random playouts of up to `plies` moves.
#[cfg(test)]
pub(crate) fn assert_views_consistent_in_playouts<G: GameView>(start: &G, games: usize, plies: usize) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..plies {
            assert_views_consistent(&position);
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position = position.play(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}
