//! The game a GUI tab plays, behind one object-safe trait so that the server picks the
//! game at run time. The rules core is the referee: every move is parsed against the
//! legal moves, and every view comes from the game's [`GameView`].

use vorpal_engine::{with_game, Color, GameResult, GameView, History, MoveView, PositionView, RuleOptions, Variant};

/// A game from its start position, with every move played so far.
pub trait Table: Send {
    fn variant(&self) -> Variant;
    fn start_fen(&self) -> String;
    /// How many moves have been played.
    fn plies(&self) -> usize;
    /// Every move played, in protocol notation.
    fn move_names(&self) -> Vec<String>;
    /// Every move played, each as seen in the position before it.
    fn history(&self) -> &[MoveView];
    /// The FEN after `ply` moves (`ply` at most [`Table::plies`]).
    fn fen_at(&self, ply: usize) -> String;
    fn view_at(&self, ply: usize) -> PositionView;
    fn side_to_move_at(&self, ply: usize) -> Color;
    /// The legal moves after `ply` moves; none once the game is over there.
    fn legal_at(&self, ply: usize) -> Vec<MoveView>;
    /// The result of the game as played (its last position and its history).
    fn result(&self) -> Option<GameResult>;
    /// Plays `name` after the last move; on error nothing changes.
    fn play(&mut self, name: &str) -> Result<(), String>;
    /// Takes back every move after the first `plies`.
    fn truncate(&mut self, plies: usize);
    /// The legal beginning of `pv` from the position after `ply` moves, with the view
    /// of its first move.
    fn line_at(&self, ply: usize, pv: &[String]) -> (Vec<String>, Option<MoveView>);
    /// The view of the legal move `name` after the last move.
    fn move_view(&self, name: &str) -> Option<MoveView>;
}

/// A new game of `variant`, from `fen` or the start position.
pub fn new_table(variant: Variant, fen: Option<&str>, rules: RuleOptions) -> Result<Box<dyn Table>, String> {
    with_game!(variant, G => GuiGame::<G>::new(variant, fen, rules).map(|t| Box::new(t) as Box<dyn Table>))
}

struct GuiGame<G: GameView> {
    history: History<G>,
    views: Vec<MoveView>,
}

impl<G: GameView> GuiGame<G> {
    fn new(variant: Variant, fen: Option<&str>, rules: RuleOptions) -> Result<Self, String> {
        let start = G::from_fen_with(variant, fen.unwrap_or(variant.start_fen()), &rules).map_err(|e| e.to_string())?;
        Ok(GuiGame {
            history: History::new(start),
            views: Vec::new(),
        })
    }

    fn at(&self, ply: usize) -> &G {
        self.history
            .position_at(ply.min(self.plies()))
            .expect("a ply within the game has its position")
    }

    /// Whether play from `ply` is over: by the board, or, at the last ply, by a draw
    /// rule that needs the history.
    fn over_at(&self, ply: usize) -> bool {
        if ply >= self.plies() {
            self.history.result().is_some()
        } else {
            self.at(ply).board_result().is_some()
        }
    }
}

impl<G: GameView> Table for GuiGame<G> {
    fn variant(&self) -> Variant {
        self.history.start().variant()
    }

    fn start_fen(&self) -> String {
        self.history.start().fen()
    }

    fn plies(&self) -> usize {
        self.history.moves().len()
    }

    fn move_names(&self) -> Vec<String> {
        self.views.iter().map(|v| v.name.clone()).collect()
    }

    fn history(&self) -> &[MoveView] {
        &self.views
    }

    fn fen_at(&self, ply: usize) -> String {
        self.at(ply).fen()
    }

    fn view_at(&self, ply: usize) -> PositionView {
        self.at(ply).view()
    }

    fn side_to_move_at(&self, ply: usize) -> Color {
        self.at(ply).side_to_move()
    }

    fn legal_at(&self, ply: usize) -> Vec<MoveView> {
        if self.over_at(ply) {
            return Vec::new();
        }
        let position = self.at(ply);
        let mut moves = vorpal_engine::MoveList::new();
        position.legal_moves(&mut moves);
        moves.into_iter().map(|mv| position.move_view(mv)).collect()
    }

    fn result(&self) -> Option<GameResult> {
        self.history.result()
    }

    fn play(&mut self, name: &str) -> Result<(), String> {
        let before = self.history.position().clone();
        let mv = self.history.push_text(name).map_err(|e| e.to_string())?;
        self.views.push(before.move_view(mv));
        Ok(())
    }

    fn truncate(&mut self, plies: usize) {
        self.history.truncate(plies);
        self.views.truncate(plies);
    }

    fn line_at(&self, ply: usize, pv: &[String]) -> (Vec<String>, Option<MoveView>) {
        let mut position = self.at(ply).clone();
        let mut line = Vec::new();
        let mut first = None;
        for name in pv {
            let Ok(mv) = position.parse_move(name) else { break };
            if first.is_none() {
                first = Some(position.move_view(mv));
            }
            line.push(name.clone());
            position = position.play(mv);
        }
        (line, first)
    }

    fn move_view(&self, name: &str) -> Option<MoveView> {
        if self.history.result().is_some() {
            return None;
        }
        let position = self.history.position();
        position.parse_move(name).ok().map(|mv| position.move_view(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_refereed_and_taken_back() {
        let mut table = new_table(Variant::Alice, None, RuleOptions::default()).unwrap();
        assert_eq!(table.legal_at(0).len(), 20);
        assert!(table.play("e2e5").is_err(), "an illegal move is refused");
        assert_eq!(table.plies(), 0);
        table.play("e2e4").unwrap();
        assert_eq!(table.history()[0].lands, "Be4");
        assert_eq!(table.side_to_move_at(1), Color::Black);
        assert!(table.view_at(1).pieces.iter().any(|p| p.square == "Be4"));
        table.truncate(0);
        assert_eq!(table.plies(), 0);
        assert_eq!(table.fen_at(0), Variant::Alice.start_fen());
    }

    #[test]
    fn a_bad_fen_is_an_error() {
        assert!(new_table(Variant::Chess, Some("not a fen"), RuleOptions::default()).is_err());
        assert!(new_table(Variant::JacksWitches, None, RuleOptions::default()).is_ok());
    }

    #[test]
    fn a_principal_variation_is_cut_at_its_first_illegal_move() {
        let table = new_table(Variant::Chess, None, RuleOptions::default()).unwrap();
        let pv: Vec<String> = ["e2e4", "e7e5", "e1e3", "d2d4"].map(String::from).into();
        let (line, first) = table.line_at(0, &pv);
        assert_eq!(line, ["e2e4", "e7e5"]);
        assert_eq!(first.unwrap().to, "e4");
    }

    #[test]
    fn a_finished_game_offers_no_moves() {
        let mut table = new_table(Variant::Chess, None, RuleOptions::default()).unwrap();
        for name in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            table.play(name).unwrap();
        }
        assert!(table.result().is_some());
        assert!(table.legal_at(4).is_empty());
        assert!(table.legal_at(3).iter().any(|m| m.name == "d8h4"));
        assert!(table.play("a2a3").is_err());
    }
}
