//! The engine facade: one game's position and the jobs run on it (search, perft,
//! display), kept apart from protocol parsing. The protocol picks the game at run time
//! through the object-safe [`Session`]; everything below it is monomorphised per game.

use crate::output::say;
use std::sync::Arc;
use std::thread::JoinHandle;
use vorpal_engine::search::{
    greedy, search, Limits, Score, SearchControl, SearchInfo, SearchOptions, Skill, TranspositionTable,
};
use vorpal_engine::{with_game, Color, Game, History, RuleOptions, Variant};
use vorpal_eval::trace::trace;
use vorpal_eval::Evaluated;
use vorpal_perft::divide_until;

/// How the engine chooses its move (the `Player` option).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// The full search.
    #[default]
    Search,
    /// The one-ply greedy player, a fixed weak opponent for strength tests.
    Greedy,
}

impl Player {
    /// The players by their option names.
    pub const NAMES: [&'static str; 2] = ["search", "greedy"];

    /// The player of an option name, either case.
    pub fn from_name(name: &str) -> Option<Player> {
        match name.to_ascii_lowercase().as_str() {
            "search" => Some(Player::Search),
            "greedy" => Some(Player::Greedy),
            _ => None,
        }
    }
}

/// What a search needs besides the position.
pub struct SearchJob {
    /// Who chooses the move.
    pub player: Player,
    /// How strongly the search plays (`Skill Level`, `UCI_Elo`).
    pub skill: Skill,
    /// What `go` asked for.
    pub limits: Limits,
    /// Threads, MultiPV and move overhead.
    pub options: SearchOptions,
    /// The transposition table, kept between searches.
    pub tt: Arc<TranspositionTable>,
    /// Stops and ponderhits from the protocol thread.
    pub control: Arc<SearchControl>,
}

/// One game behind the protocol: the type-erased face of a `Game`, chosen at run time.
pub trait Session: Send {
    /// The game played.
    fn variant(&self) -> Variant;

    /// Replaces the game by a start position (the variant's own when `fen` is `None`)
    /// and the moves played from it; on error the current game is kept.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;

    /// Starts a search on its own thread; it prints `info` lines and then `bestmove`.
    /// A `searchmoves` name that is no legal move here is an error, and nothing starts.
    fn go(&self, job: SearchJob) -> Result<JoinHandle<()>, String>;

    /// Starts perft with divide on its own thread; it prints one line per root move and
    /// `Nodes searched: N`, or nothing but an `info string` line if `stop` comes first.
    fn perft(&self, depth: u32, control: Arc<SearchControl>) -> std::io::Result<JoinHandle<()>>;

    /// The board and FEN for humans (`d`).
    fn display(&self) -> String;

    /// The legal moves in protocol notation, space-separated.
    fn legal(&self) -> String;

    /// The static evaluation taken apart, in centipawns from White's side, for humans
    /// (`eval`, `vorpal eval`).
    fn eval(&self) -> String;

    /// `result * ongoing`, or the result and its reason, e.g. `result 1-0 checkmate`.
    fn result(&self) -> String;
}

/// A session on the start position of `variant`.
pub fn new_session(variant: Variant, options: RuleOptions) -> Box<dyn Session> {
    with_game!(variant, G => Box::new(GameSession::<G>::new(variant, options)))
}

struct GameSession<G: Game> {
    variant: Variant,
    options: RuleOptions,
    history: History<G>,
}

impl<G: Evaluated> GameSession<G> {
    fn new(variant: Variant, options: RuleOptions) -> GameSession<G> {
        GameSession {
            variant,
            options,
            history: History::new(G::startpos_with(variant, &options)),
        }
    }
}

/// The game from `fen` (the variant's start position when `None`) after `moves`, in
/// protocol notation, or why it cannot be had.
pub fn game_from<G: Game>(
    variant: Variant,
    options: &RuleOptions,
    fen: Option<&str>,
    moves: &[impl AsRef<str>],
) -> Result<History<G>, String> {
    let start = match fen {
        Some(fen) => G::from_fen_with(variant, fen, options).map_err(|e| format!("invalid FEN: {e}"))?,
        None => G::startpos_with(variant, options),
    };
    let mut history = History::new(start);
    for text in moves {
        history
            .push_text(text.as_ref())
            .map_err(|e| format!("move list: {e}"))?;
    }
    Ok(history)
}

/// Names a line of moves, each in the position it is played from.
pub fn line_names<G: Game>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let name = pos.move_name(mv);
            pos = pos.play(mv);
            name
        })
        .collect()
}

/// The protocol `info` line of a search report, the PV already in notation.
pub fn info_line<M>(info: &SearchInfo<M>, pv: &[String]) -> String {
    let score = match info.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    )
}

impl<G: Evaluated> Session for GameSession<G> {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.history = game_from(self.variant, &self.options, fen, moves)?;
        Ok(())
    }

    fn go(&self, mut job: SearchJob) -> Result<JoinHandle<()>, String> {
        let history = self.history.clone();
        let variant = self.variant;
        for name in &job.limits.search_moves {
            history
                .position()
                .parse_move(name)
                .map_err(|e| format!("searchmoves: {e}"))?;
        }
        job.skill.restrict(&mut job.limits, &mut job.options);
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let evaluator = G::evaluator(variant);
                let root = history.position().clone();
                let mut report = |info: &SearchInfo<G::Move>| {
                    say!("{}", info_line(info, &line_names(&root, &info.pv)));
                };
                let result = match job.player {
                    Player::Search => search(
                        &history,
                        &evaluator,
                        &job.limits,
                        &job.options,
                        &job.tt,
                        &job.control,
                        &mut report,
                    ),
                    Player::Greedy => greedy(&history, &evaluator, &job.limits, &job.control, &mut report),
                };
                job.control.mark_reported();
                let chosen = match job.player {
                    Player::Search => job.skill.pick(&result.lines, &mut fastrand::Rng::new()),
                    Player::Greedy => result.best,
                };
                match chosen {
                    None => say!("bestmove (none)"),
                    Some(best) => {
                        let names = line_names(&root, &[best]);
                        let ponder = result
                            .ponder
                            .filter(|_| Some(best) == result.best)
                            .map(|p| line_names(&root.play(best), &[p]).remove(0));
                        match ponder {
                            Some(p) => say!("bestmove {} ponder {p}", names[0]),
                            None => say!("bestmove {}", names[0]),
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start the search thread: {e}"))
    }

    fn perft(&self, depth: u32, control: Arc<SearchControl>) -> std::io::Result<JoinHandle<()>> {
        let pos = self.history.position().clone();
        std::thread::Builder::new().name("perft".into()).spawn(move || {
            let counts = divide_until(&pos, depth, &|| control.is_stopped());
            // Done before the last line, as a search is before `bestmove`: a command
            // sent the moment `Nodes searched` arrives must find the engine idle.
            control.mark_reported();
            match counts {
                None => say!("info string perft stopped"),
                Some(counts) => {
                    let total: u64 = if depth == 0 {
                        1
                    } else {
                        counts.iter().map(|(_, n)| n).sum()
                    };
                    for (mv, n) in &counts {
                        say!("{}: {n}", pos.move_name(*mv));
                    }
                    say!();
                    say!("Nodes searched: {total}");
                }
            }
        })
    }

    fn display(&self) -> String {
        let pos = self.history.position();
        format!("{}\nFen: {}\nKey: {:016x}\n", pos.render(), pos.fen(), pos.hash())
    }

    fn eval(&self) -> String {
        let pos = self.history.position();
        let trace = trace(self.variant, pos);
        // White's side whoever is to move, as a person reads a score.
        let (sign, to_move) = match pos.side_to_move() {
            Color::White => (1, "White"),
            Color::Black => (-1, "Black"),
        };
        let width = trace
            .weights
            .iter()
            .chain(&trace.unweighted)
            .map(|share| share.name.len())
            .max()
            .unwrap_or(0)
            .max("total".len());
        let line = |name: &str, centipawns: i32| format!("  {name:<width$} {:>+6}\n", centipawns * sign);
        let mut text = format!(
            "Static evaluation in centipawns, White's side ({to_move} to move)\n{}",
            line("total", trace.total)
        );
        if !trace.weights.is_empty() {
            text += "Weights: each line is the total less the evaluation with that weight at zero.\n";
            text += "Terms that multiply one another (a king's danger) need not add up to the total.\n";
            for share in &trace.weights {
                text += &line(&share.name, share.centipawns);
            }
        }
        if !trace.unweighted.is_empty() {
            text += "Besides the weights:\n";
            for share in &trace.unweighted {
                text += &line(&share.name, share.centipawns);
            }
        }
        if pos.in_check() {
            text += "The side to move is in check: the search tries its evasions instead of this evaluation.\n";
        }
        text
    }

    fn legal(&self) -> String {
        let pos = self.history.position();
        let mut moves = vorpal_engine::MoveList::new();
        if self.history.result().is_none() {
            pos.legal_moves(&mut moves);
        }
        moves.iter().map(|&mv| pos.move_name(mv)).collect::<Vec<_>>().join(" ")
    }

    fn result(&self) -> String {
        match self.history.result() {
            None => "result * ongoing".to_string(),
            Some(result) => format!("result {} {}", result.score(), result.reason.token()),
        }
    }
}
