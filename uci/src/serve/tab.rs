//! One browser tab: its game, its engines, its clocks and its mode. The tab takes the
//! page's requests and the engines' events and answers with JSON messages (see
//! `docs/GUI.md`); it never blocks, so the socket loop stays responsive while engines
//! think.

use super::player::{Event, Player};
use super::table::{new_table, Table};
use crate::matches::engine::{EngineSpec, MATE_SCORE};
use crate::matches::pgn;
use crate::matches::referee::score_text;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;
use vorpal_engine::{Color, MoveView, Outcome, RuleOptions, Variant};

/// The most principal variations the page may ask for.
const MAX_MULTIPV: u8 = 5;
/// Full strength.
const MAX_LEVEL: u8 = 20;
/// How long an engine without a clock thinks per move.
const MOVE_TIME: Duration = Duration::from_millis(1000);
/// Time an engine may take beyond its clock or move time before it loses on time.
const TIME_MARGIN: Duration = Duration::from_millis(1000);
/// How long a move under a node limit may take.
const NODES_TIMEOUT: Duration = Duration::from_secs(30);
/// Analysis has no deadline; this stands for none.
const FOREVER: Duration = Duration::from_secs(86_400);
/// The most analysis messages a tab gets per second, however fast the engine prints.
const ANALYSIS_INTERVAL: Duration = Duration::from_millis(150);
/// The longest clock the page may set.
const MAX_CLOCK: Duration = Duration::from_secs(24 * 3600);

/// What the whole server shares.
pub struct Config {
    /// The engines of the command line; the first is the default.
    pub engines: Vec<EngineSpec>,
    /// Engines search this many nodes per move instead of using the clock.
    pub nodes: Option<u64>,
    pub rules: RuleOptions,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Mode {
    /// A human against an engine.
    Play,
    /// Engine against engine.
    Watch,
    /// Free moves for both sides, with the engine analysing on request.
    Analysis,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Play => "play",
            Mode::Watch => "watch",
            Mode::Analysis => "analysis",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockSpec {
    base_ms: u64,
    #[serde(default)]
    inc_ms: u64,
}

/// A request of the page.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    New(NewGame),
    Move { name: String },
    Undo {},
    Goto { ply: usize },
    Hint {},
    Resign {},
    Analyse { on: bool, multipv: Option<u8> },
    Pause {},
    Resume {},
    Step {},
    Fen { fen: String },
    PgnExport {},
    PgnImport { pgn: String },
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    variant: String,
    fen: Option<String>,
    mode: Mode,
    side: Option<String>,
    clock: Option<ClockSpec>,
    level: Option<u8>,
    engine: Option<usize>,
    engine2: Option<usize>,
    /// The page's own number for this request, echoed in every `state` until the next
    /// `new`: a page that asked for a game can tell its states from the opening game's.
    tag: Option<u64>,
}

impl NewGame {
    fn default_game() -> NewGame {
        NewGame {
            variant: "chess".to_string(),
            fen: None,
            mode: Mode::Play,
            side: None,
            clock: None,
            level: None,
            engine: None,
            engine2: None,
            tag: None,
        }
    }
}

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move in the game.
    Move,
    /// A hint for the human.
    Hint,
    /// `go infinite` on the viewed position.
    Analysis,
}

struct Search {
    id: u64,
    slot: usize,
    purpose: Purpose,
    /// The position searched: after this many moves.
    ply: usize,
}

/// One principal variation as the engine last printed it.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    multipv: u32,
    depth: u32,
    nodes: u64,
    nps: u64,
    /// `cp` or `mate`, for the side to move.
    score: (&'static str, i32),
    pv: Vec<String>,
}

impl Line {
    /// Reads an `info` line with a score and a principal variation.
    fn parse(text: &str) -> Option<Line> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let mut line = Line {
            multipv: 1,
            depth: 0,
            nodes: 0,
            nps: 0,
            score: ("cp", 0),
            pv: Vec::new(),
        };
        let mut scored = false;
        let mut i = 1;
        while i < tokens.len() {
            let next = tokens.get(i + 1).copied().unwrap_or("");
            match tokens[i] {
                "multipv" => line.multipv = next.parse().ok()?,
                "depth" => line.depth = next.parse().ok()?,
                "nodes" => line.nodes = next.parse().ok()?,
                "nps" => line.nps = next.parse().ok()?,
                "score" => {
                    let value = tokens.get(i + 2)?.parse().ok()?;
                    line.score = match next {
                        "cp" => ("cp", value),
                        "mate" => ("mate", value),
                        _ => return None,
                    };
                    scored = true;
                    i += 1;
                }
                "pv" => {
                    line.pv = tokens[i + 1..].iter().map(|t| t.to_string()).collect();
                    break;
                }
                "string" => return None,
                _ => {
                    i -= 1;
                }
            }
            i += 2;
        }
        (scored && !line.pv.is_empty()).then_some(line)
    }

    /// The score in centipawns for White, mates as [`MATE_SCORE`] less the moves.
    fn white_cp(&self, side_to_move: Color) -> i32 {
        let cp = match self.score {
            ("mate", n) if n > 0 => MATE_SCORE - n,
            ("mate", n) => -MATE_SCORE - n,
            (_, cp) => cp,
        };
        match side_to_move {
            Color::White => cp,
            Color::Black => -cp,
        }
    }
}

/// The clocks of a game with a time control.
struct Clocks {
    left: [Duration; 2],
    increment: Duration,
    /// When the side to move's clock started running; `None` while stopped.
    since: Option<Instant>,
}

impl Clocks {
    fn remaining(&self, color: Color, running: Option<Color>) -> Duration {
        let left = self.left[color.index()];
        match (running, self.since) {
            (Some(side), Some(since)) if side == color => left.saturating_sub(since.elapsed()),
            _ => left,
        }
    }
}

pub struct Tab {
    config: Arc<Config>,
    events: UnboundedSender<Event>,
    outbox: Vec<String>,
    settings: NewGame,
    table: Box<dyn Table>,
    mode: Mode,
    /// The colours the engines play, indexed by colour.
    engine_plays: [bool; 2],
    /// The engine slot that plays each colour.
    slot_of: [usize; 2],
    players: Vec<Option<Player>>,
    engine_names: Vec<String>,
    level: u8,
    view_ply: usize,
    search: Option<Search>,
    next_id: u64,
    clocks: Option<Clocks>,
    /// A result the rules did not give: resignation, time, an illegal engine move.
    ended: Option<(&'static str, String)>,
    paused: bool,
    /// A paused watch plays one move.
    stepping: bool,
    analysis_on: bool,
    multipv: u8,
    lines: BTreeMap<u32, Line>,
    lines_due: Option<Instant>,
    last_lines: Instant,
    evals: Vec<Option<i32>>,
}

impl Tab {
    /// A tab with a new game of chess against the default engine.
    pub fn new(config: Arc<Config>, events: UnboundedSender<Event>) -> Tab {
        let table = new_table(Variant::Chess, None, config.rules).expect("the start position is valid");
        let mut tab = Tab {
            config,
            events,
            outbox: Vec::new(),
            settings: NewGame::default_game(),
            table,
            mode: Mode::Play,
            engine_plays: [false; 2],
            slot_of: [0; 2],
            players: Vec::new(),
            engine_names: Vec::new(),
            level: MAX_LEVEL,
            view_ply: 0,
            search: None,
            next_id: 0,
            clocks: None,
            ended: None,
            paused: false,
            stepping: false,
            analysis_on: false,
            multipv: 1,
            lines: BTreeMap::new(),
            lines_due: None,
            last_lines: Instant::now(),
            evals: vec![None],
        };
        tab.hello();
        if let Err(message) = tab.start(NewGame::default_game()) {
            tab.error(&message);
        }
        tab
    }

    /// The messages to send, oldest first.
    pub fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// When [`Tab::tick`] has work: a clock runs out, or analysis lines are due.
    pub fn next_wake(&self) -> Option<Instant> {
        let flag = self.running_clock().and_then(|color| {
            let clocks = self.clocks.as_ref()?;
            let since = clocks.since?;
            let deadline = since + clocks.left[color.index()];
            // The engine's own deadline covers its clock.
            (!self.engine_plays[color.index()]).then_some(deadline)
        });
        [flag, self.lines_due].into_iter().flatten().min()
    }

    pub fn tick(&mut self) {
        if self.lines_due.is_some_and(|due| Instant::now() >= due) {
            self.send_lines();
        }
        if let Some(color) = self.running_clock() {
            if !self.engine_plays[color.index()]
                && self
                    .clocks
                    .as_ref()
                    .is_some_and(|c| c.remaining(color, Some(color)).is_zero())
            {
                self.lose_on_time(color);
            }
        }
    }

    /// Handles one message of the page.
    pub fn handle_text(&mut self, text: &str) {
        match serde_json::from_str::<Request>(text) {
            Ok(request) => {
                if let Err(message) = self.handle(request) {
                    self.error(&message);
                }
            }
            Err(e) => self.error(&format!("bad message: {e}")),
        }
    }

    /// Answers a message the server cannot read at all.
    pub fn error(&mut self, message: &str) {
        self.push(json!({ "type": "error", "message": message }));
    }

    fn handle(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::New(game) => self.start(game)?,
            Request::Move { name } => self.human_move(&name)?,
            Request::Undo {} => self.undo()?,
            Request::Goto { ply } => {
                self.view_ply = ply.min(self.table.plies());
                self.drive();
            }
            Request::Hint {} => self.hint()?,
            Request::Resign {} => {
                let human = self.human_to_act().ok_or("there is no game to resign")?;
                self.end(winner_score(!human), format!("{} resigns", title(human)));
            }
            Request::Analyse { on, multipv } => {
                if self.mode != Mode::Analysis {
                    return Err("analysis is for analysis mode".to_string());
                }
                self.analysis_on = on;
                if let Some(n) = multipv {
                    if !(1..=MAX_MULTIPV).contains(&n) {
                        return Err(format!("multipv must be 1 to {MAX_MULTIPV}"));
                    }
                    self.multipv = n;
                }
                self.restart_analysis();
            }
            Request::Pause {} => {
                self.watch_only()?;
                self.paused = true;
                self.stepping = false;
                self.stop_search();
                self.stop_clock();
                self.send_state();
            }
            Request::Resume {} => {
                self.watch_only()?;
                self.paused = false;
                self.drive();
            }
            Request::Step {} => {
                self.watch_only()?;
                if !self.paused {
                    return Err("step is for a paused game".to_string());
                }
                self.stepping = true;
                self.drive();
            }
            Request::Fen { fen } => {
                let game = NewGame {
                    fen: Some(fen),
                    ..self.settings.clone()
                };
                self.start(game)?;
            }
            Request::PgnExport {} => {
                let text = self.pgn();
                self.push(json!({ "type": "pgn", "pgn": text }));
            }
            Request::PgnImport { pgn } => self.import(&pgn)?,
        }
        Ok(())
    }

    /// Handles an engine's event.
    pub fn handle_event(&mut self, event: Event) {
        match event {
            Event::Ready { slot, name } => {
                if let Some(entry) = self.engine_names.get_mut(slot) {
                    *entry = name;
                }
                self.send_state();
            }
            Event::Info { slot, id, line } => {
                let Some(search) = self.search.as_ref().filter(|s| s.id == id && s.slot == slot) else {
                    return;
                };
                let Some(line) = Line::parse(&line) else { return };
                let ply = search.ply;
                if search.purpose == Purpose::Move || (search.purpose == Purpose::Analysis && line.multipv == 1) {
                    let white = line.white_cp(self.table.side_to_move_at(ply));
                    if let Some(eval) = self.evals.get_mut(ply) {
                        *eval = Some(white);
                    }
                }
                if self.mode != Mode::Play {
                    self.lines.insert(line.multipv, line);
                    self.lines_due.get_or_insert(self.last_lines + ANALYSIS_INTERVAL);
                }
            }
            Event::BestMove { slot, id, name } => {
                let Some(search) = self.search.take_if(|s| s.id == id && s.slot == slot) else {
                    return;
                };
                match search.purpose {
                    Purpose::Move => self.engine_move(search, &name),
                    Purpose::Hint => {
                        if let Some(view) = self.table.move_view(&name) {
                            self.push(json!({ "type": "hint", "move": view }));
                        }
                        self.send_state();
                    }
                    Purpose::Analysis => {}
                }
            }
            Event::TimedOut { slot, id } => {
                let Some(search) = self.search.take_if(|s| s.id == id && s.slot == slot) else {
                    return;
                };
                if search.purpose == Purpose::Move {
                    let mover = self.table.side_to_move_at(search.ply);
                    self.lose_on_time(mover);
                }
            }
            Event::Failed {
                slot,
                message,
                restarted,
            } => {
                if self.search.as_ref().is_some_and(|s| s.slot == slot) {
                    self.search = None;
                }
                let status = if restarted { "restarted" } else { "failed" };
                if !restarted {
                    if let Some(player) = self.players.get_mut(slot) {
                        *player = None;
                    }
                }
                self.push(json!({ "type": "engine", "status": status, "message": message }));
                self.drive();
            }
        }
    }

    fn watch_only(&self) -> Result<(), String> {
        if self.mode == Mode::Watch {
            Ok(())
        } else {
            Err("pause and step are for watching engines".to_string())
        }
    }

    /// Starts a game as the page asks; on error nothing changes.
    fn start(&mut self, game: NewGame) -> Result<(), String> {
        let variant = Variant::from_name(&game.variant).map_err(|e| e.to_string())?;
        let table = new_table(
            variant,
            game.fen.as_deref().filter(|f| !f.trim().is_empty()),
            self.config.rules,
        )?;
        let level = game.level.unwrap_or(MAX_LEVEL);
        if level > MAX_LEVEL {
            return Err(format!("level must be 0 to {MAX_LEVEL}"));
        }
        let human = match game.side.as_deref() {
            None | Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => return Err(format!("unknown side '{other}' (white or black)")),
        };
        let engine_index = |index: Option<usize>| -> Result<usize, String> {
            let index = index.unwrap_or(0);
            if index < self.config.engines.len() {
                Ok(index)
            } else {
                Err(format!("there is no engine {index}"))
            }
        };
        let first = engine_index(game.engine)?;
        let second = engine_index(game.engine2.or(game.engine))?;
        let clocks = match &game.clock {
            Some(spec) if spec.base_ms > 0 => {
                let base = Duration::from_millis(spec.base_ms);
                let increment = Duration::from_millis(spec.inc_ms);
                if base > MAX_CLOCK || increment > MAX_CLOCK {
                    return Err("a clock may hold at most a day".to_string());
                }
                Some(Clocks {
                    left: [base; 2],
                    increment,
                    since: None,
                })
            }
            _ => None,
        };

        // Dropping the players ends their engines.
        self.players.clear();
        self.search = None;
        let (engine_plays, slots): ([bool; 2], Vec<usize>) = match game.mode {
            Mode::Play => {
                let engine = !human;
                let mut plays = [false; 2];
                plays[engine.index()] = true;
                (plays, vec![first])
            }
            Mode::Watch => ([true; 2], vec![first, second]),
            Mode::Analysis => ([false; 2], vec![first]),
        };
        self.slot_of = if game.mode == Mode::Watch { [0, 1] } else { [0, 0] };
        let options = if game.mode == Mode::Analysis {
            Vec::new()
        } else {
            vec![("Skill Level".to_string(), level.to_string())]
        };
        self.engine_names = slots
            .iter()
            .map(|&index| self.config.engines[index].command.join(" "))
            .collect();
        self.players = slots
            .iter()
            .enumerate()
            .map(|(slot, &index)| {
                Some(Player::spawn(
                    slot,
                    self.config.engines[index].clone(),
                    variant.name().to_string(),
                    options.clone(),
                    self.events.clone(),
                ))
            })
            .collect();
        self.table = table;
        self.mode = game.mode;
        self.engine_plays = engine_plays;
        self.level = level;
        self.view_ply = 0;
        self.clocks = clocks;
        self.ended = None;
        self.paused = false;
        self.stepping = false;
        self.analysis_on = false;
        self.lines.clear();
        self.lines_due = None;
        self.evals = vec![None];
        self.settings = game;
        self.drive();
        Ok(())
    }

    /// The colour of the human whose turn it is, if the game is on and a human acts.
    fn human_to_act(&self) -> Option<Color> {
        if self.over() || self.mode == Mode::Watch {
            return None;
        }
        let color = self.table.side_to_move_at(self.table.plies());
        (!self.engine_plays[color.index()]).then_some(color)
    }

    fn human_move(&mut self, name: &str) -> Result<(), String> {
        match self.mode {
            Mode::Watch => return Err("the engines play this game".to_string()),
            Mode::Play => {
                if self.view_ply != self.table.plies() {
                    self.view_ply = self.table.plies();
                }
                if self.human_to_act().is_none() {
                    return Err("it is not your turn".to_string());
                }
            }
            Mode::Analysis => {
                // A move from an earlier position starts a new line from there.
                if self.view_ply < self.table.plies() {
                    if self.table.legal_at(self.view_ply).iter().all(|m| m.name != name) {
                        return Err(format!("illegal move: {name}"));
                    }
                    self.table.truncate(self.view_ply);
                    self.evals.truncate(self.view_ply + 1);
                    self.ended = None;
                }
            }
        }
        if self.over() {
            return Err("the game is over".to_string());
        }
        self.table.play(name)?;
        self.moved();
        Ok(())
    }

    /// Book-keeping after a move: the mover's clock, the view, the evaluations.
    fn moved(&mut self) {
        let plies = self.table.plies();
        let mover = self.table.side_to_move_at(plies - 1);
        self.view_ply = plies;
        self.evals.resize(plies + 1, None);
        self.lines.clear();
        if let Some(clocks) = self.clocks.as_mut() {
            if let Some(since) = clocks.since {
                let left = &mut clocks.left[mover.index()];
                let used = since.elapsed();
                if used > *left {
                    *left = Duration::ZERO;
                    self.lose_on_time(mover);
                    return;
                }
                *left = *left - used + clocks.increment;
            }
            clocks.since = None;
        }
        self.drive();
    }

    fn engine_move(&mut self, search: Search, name: &str) {
        if search.ply != self.table.plies() || self.over() {
            return;
        }
        let mover = self.table.side_to_move_at(search.ply);
        if let Err(e) = self.table.play(name) {
            self.end(
                winner_score(!mover),
                format!("{}'s engine played an illegal move: {name} ({e})", title(mover)),
            );
            return;
        }
        self.stepping = false;
        self.moved();
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.mode == Mode::Watch {
            return Err("take back is for play and analysis".to_string());
        }
        if self.table.plies() == 0 {
            return Err("there is no move to take back".to_string());
        }
        self.stop_search();
        let mut plies = self.table.plies();
        loop {
            plies -= 1;
            let turn = self.table.side_to_move_at(plies);
            if plies == 0 || !self.engine_plays[turn.index()] {
                break;
            }
        }
        self.table.truncate(plies);
        self.evals.truncate(plies + 1);
        self.view_ply = plies;
        self.ended = None;
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.since = None;
        }
        self.lines.clear();
        self.drive();
        Ok(())
    }

    fn hint(&mut self) -> Result<(), String> {
        if self.mode != Mode::Play {
            return Err("hints are for play mode".to_string());
        }
        if self.human_to_act().is_none() || self.search.is_some() {
            return Err("it is not your turn".to_string());
        }
        let ply = self.table.plies();
        self.go(0, Purpose::Hint, ply, self.move_go(None))
    }

    /// The `go` line of a move: node-limited when the server says so, else by the clock
    /// or a fixed move time; and how long it may take.
    fn move_go(&self, mover: Option<Color>) -> (String, Duration) {
        if let Some(nodes) = self.config.nodes {
            return (format!("go nodes {nodes}"), NODES_TIMEOUT);
        }
        match (&self.clocks, mover) {
            (Some(clocks), Some(mover)) => {
                let ms = |d: Duration| d.as_millis();
                (
                    format!(
                        "go wtime {} btime {} winc {} binc {}",
                        ms(clocks.left[0]),
                        ms(clocks.left[1]),
                        ms(clocks.increment),
                        ms(clocks.increment)
                    ),
                    clocks.left[mover.index()] + TIME_MARGIN,
                )
            }
            _ => (
                format!("go movetime {}", MOVE_TIME.as_millis()),
                MOVE_TIME + TIME_MARGIN,
            ),
        }
    }

    /// Starts a search of the position after `ply` moves on engine `slot`.
    fn go(
        &mut self,
        slot: usize,
        purpose: Purpose,
        ply: usize,
        (go, allowed): (String, Duration),
    ) -> Result<(), String> {
        let player = self
            .players
            .get(slot)
            .and_then(Option::as_ref)
            .ok_or("the engine is not running")?;
        let mut moves = self.table.move_names();
        moves.truncate(ply);
        let position = if moves.is_empty() {
            format!("position fen {}", self.table.start_fen())
        } else {
            format!("position fen {} moves {}", self.table.start_fen(), moves.join(" "))
        };
        let multipv = if purpose == Purpose::Analysis { self.multipv } else { 1 };
        self.next_id += 1;
        let id = self.next_id;
        player.go(
            id,
            vec![format!("setoption name MultiPV value {multipv}"), position, go],
            Instant::now() + allowed,
        );
        self.search = Some(Search { id, slot, purpose, ply });
        Ok(())
    }

    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            if let Some(Some(player)) = self.players.get(search.slot) {
                player.stop();
            }
        }
        self.lines.clear();
        self.lines_due = None;
    }

    fn restart_analysis(&mut self) {
        self.stop_search();
        self.drive();
    }

    /// Whether the game is over, by the rules or otherwise.
    fn over(&self) -> bool {
        self.ended.is_some() || self.table.result().is_some()
    }

    /// The side whose clock runs now, if any.
    fn running_clock(&self) -> Option<Color> {
        let clocks = self.clocks.as_ref()?;
        clocks.since?;
        Some(self.table.side_to_move_at(self.table.plies()))
    }

    fn stop_clock(&mut self) {
        let running = self.running_clock();
        if let (Some(clocks), Some(color)) = (self.clocks.as_mut(), running) {
            clocks.left[color.index()] = clocks.remaining(color, Some(color));
            clocks.since = None;
        }
    }

    fn lose_on_time(&mut self, loser: Color) {
        self.stop_clock();
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.left[loser.index()] = Duration::ZERO;
        }
        self.end(winner_score(!loser), format!("{} loses on time", title(loser)));
    }

    fn end(&mut self, score: &'static str, reason: String) {
        self.stop_search();
        self.stop_clock();
        self.ended = Some((score, reason));
        self.send_state();
    }

    /// Starts what should run now (an engine's move, analysis, the clock), then sends
    /// the state.
    fn drive(&mut self) {
        let plies = self.table.plies();
        if self.over() {
            self.stop_search();
            self.stop_clock();
            self.send_state();
            return;
        }
        let turn = self.table.side_to_move_at(plies);
        match self.mode {
            Mode::Play | Mode::Watch => {
                let halted = self.mode == Mode::Watch && self.paused && !self.stepping;
                if !halted {
                    if let Some(clocks) = self.clocks.as_mut() {
                        clocks.since.get_or_insert_with(Instant::now);
                    }
                }
                let engine_turn = self.engine_plays[turn.index()];
                let moving = self.search.as_ref().is_some_and(|s| s.purpose == Purpose::Move);
                if engine_turn && !moving && !halted {
                    let slot = self.slot_of[turn.index()];
                    let go = self.move_go(Some(turn));
                    if let Err(message) = self.go(slot, Purpose::Move, plies, go) {
                        self.push(json!({ "type": "engine", "status": "failed", "message": message }));
                    }
                }
            }
            Mode::Analysis => {
                let current = self
                    .search
                    .as_ref()
                    .is_some_and(|s| s.purpose == Purpose::Analysis && s.ply == self.view_ply);
                if !self.analysis_on {
                    self.stop_search();
                } else if !current {
                    self.stop_search();
                    let go = (String::from("go infinite"), FOREVER);
                    if let Err(message) = self.go(0, Purpose::Analysis, self.view_ply, go) {
                        self.push(json!({ "type": "engine", "status": "failed", "message": message }));
                    }
                }
            }
        }
        self.send_state();
    }

    fn result_json(&self) -> Value {
        if let Some((score, reason)) = &self.ended {
            return json!({ "score": score, "reason": reason });
        }
        match self.table.result() {
            Some(result) => json!({ "score": result.score(), "reason": result.reason.name() }),
            None => Value::Null,
        }
    }

    fn send_state(&mut self) {
        let ply = self.view_ply.min(self.table.plies());
        let plies = self.table.plies();
        let legal: Vec<MoveView> = match self.mode {
            Mode::Analysis if self.ended.is_none() => self.table.legal_at(ply),
            Mode::Play if ply == plies && self.human_to_act().is_some() => self.table.legal_at(ply),
            _ => Vec::new(),
        };
        let running = self.running_clock();
        let clocks = self.clocks.as_ref().map(|c| {
            json!({
                "white_ms": c.remaining(Color::White, running).as_millis() as u64,
                "black_ms": c.remaining(Color::Black, running).as_millis() as u64,
                "running": running.map(Color::name),
            })
        });
        let human: Vec<&str> = Color::ALL
            .into_iter()
            .filter(|c| self.mode != Mode::Watch && !self.engine_plays[c.index()])
            .map(Color::name)
            .collect();
        let last = ply.checked_sub(1).and_then(|i| self.table.history().get(i));
        let state = json!({
            "type": "state",
            "variant": self.table.variant().name(),
            "mode": self.mode.name(),
            "human": human,
            "start_fen": self.table.start_fen(),
            "fen": self.table.fen_at(ply),
            "ply": ply,
            "plies": plies,
            "history": self.table.history(),
            "position": self.table.view_at(ply),
            "legal": legal,
            "last": last,
            "result": self.result_json(),
            "clocks": clocks,
            "thinking": self.search.as_ref().is_some_and(|s| s.purpose != Purpose::Analysis),
            "paused": self.paused,
            "analysis": { "on": self.analysis_on, "multipv": self.multipv },
            "evals": self.evals,
            "engines": self.engine_names,
            "level": self.level,
            "tag": self.settings.tag,
        });
        self.push(state);
    }

    fn send_lines(&mut self) {
        self.lines_due = None;
        self.last_lines = Instant::now();
        let Some(ply) = self.search.as_ref().map(|s| s.ply) else {
            return;
        };
        let turn = self.table.side_to_move_at(ply);
        let lines: Vec<Value> = self
            .lines
            .values()
            .map(|line| {
                let (pv, first) = self.table.line_at(ply, &line.pv);
                json!({
                    "multipv": line.multipv,
                    "depth": line.depth,
                    "nodes": line.nodes,
                    "nps": line.nps,
                    "score": { line.score.0: line.score.1 },
                    "white_cp": line.white_cp(turn),
                    "pv": pv,
                    "first": first,
                })
            })
            .collect();
        self.push(json!({ "type": "analysis", "ply": ply, "lines": lines }));
    }

    fn pgn(&self) -> String {
        let player = |color: Color| -> String {
            if self.engine_plays[color.index()] {
                let slot = self.slot_of[color.index()];
                self.engine_names.get(slot).cloned().unwrap_or_default()
            } else {
                "Human".to_string()
            }
        };
        let result = self.result_json();
        let score = result.get("score").and_then(Value::as_str).unwrap_or("*").to_string();
        let reason = result.get("reason").and_then(Value::as_str).map(str::to_string);
        let variant = self.table.variant();
        let start = self.table.start_fen();
        let mut tags = vec![
            ("Event", format!("Vorpal GUI, {}", self.mode.name())),
            ("Site", "vorpal serve".to_string()),
            ("White", player(Color::White)),
            ("Black", player(Color::Black)),
            ("Result", score.clone()),
            ("Variant", variant.name().to_string()),
        ];
        if start != variant.start_fen() {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", start.clone()));
        }
        if let Some(clocks) = &self.settings.clock {
            tags.push((
                "TimeControl",
                format!("{}+{}", clocks.base_ms / 1000, clocks.inc_ms / 1000),
            ));
        }
        pgn::write(&tags, &start, &self.table.move_names(), reason.as_deref(), &score)
    }

    /// Loads a PGN game for analysis; on error nothing changes.
    fn import(&mut self, text: &str) -> Result<(), String> {
        let parsed = pgn::parse(text)?;
        let variant = parsed.tag("Variant").unwrap_or(self.table.variant().name()).to_string();
        let variant = Variant::from_name(&variant).map_err(|e| e.to_string())?;
        let fen = parsed.tag("FEN").map(str::to_string);
        let mut table = new_table(variant, fen.as_deref(), self.config.rules)?;
        for (i, name) in parsed.moves.iter().enumerate() {
            table
                .play(name)
                .map_err(|e| format!("move {} ({name}) of the PGN: {e}", i + 1))?;
        }
        let game = NewGame {
            variant: variant.name().to_string(),
            fen,
            mode: Mode::Analysis,
            ..self.settings.clone()
        };
        self.start(game)?;
        self.table = table;
        self.view_ply = self.table.plies();
        self.evals = vec![None; self.table.plies() + 1];
        self.drive();
        Ok(())
    }

    fn hello(&mut self) {
        let variants: Vec<Value> = Variant::all()
            .map(|v| {
                let info = v.info();
                json!({
                    "name": info.name,
                    "title": v.title(),
                    "files": info.files,
                    "ranks": info.ranks,
                    "boards": info.boards,
                    "start_fen": info.start_fen,
                })
            })
            .collect();
        let engines: Vec<String> = self.config.engines.iter().map(|e| e.command.join(" ")).collect();
        self.push(json!({
            "type": "hello",
            "version": env!("CARGO_PKG_VERSION"),
            "variants": variants,
            "engines": engines,
        }));
    }

    fn push(&mut self, message: Value) {
        self.outbox.push(message.to_string());
    }
}

fn winner_score(winner: Color) -> &'static str {
    score_text(Outcome::Win(winner))
}

fn title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_with_unknown_fields_or_types_are_refused() {
        assert!(serde_json::from_str::<Request>(r#"{"type": "hint"}"#).is_ok());
        let new = r#"{"type": "new", "variant": "alice", "mode": "watch", "clock": {"base_ms": 1000, "inc_ms": 10}}"#;
        assert!(serde_json::from_str::<Request>(new).is_ok());
        assert!(serde_json::from_str::<Request>(r#"{"type": "hint", "extra": 1}"#).is_err());
        assert!(serde_json::from_str::<Request>(r#"{"type": "move", "name": "e2e4", "x": 1}"#).is_err());
        assert!(
            serde_json::from_str::<Request>(r#"{"type": "new", "variant": "chess", "mode": "play", "x": 1}"#).is_err()
        );
        assert!(serde_json::from_str::<Request>(r#"{"type": "goto", "ply": 1e99}"#).is_err());
        assert!(serde_json::from_str::<Request>(r#"{"type": "dance"}"#).is_err());
    }

    #[test]
    fn info_lines_are_read() {
        let line =
            Line::parse("info depth 7 seldepth 9 multipv 2 score cp -31 nodes 5000 nps 250000 pv e2e4 e7e5").unwrap();
        assert_eq!(line.multipv, 2);
        assert_eq!(line.depth, 7);
        assert_eq!(line.nodes, 5000);
        assert_eq!(line.nps, 250000);
        assert_eq!(line.score, ("cp", -31));
        assert_eq!(line.pv, ["e2e4", "e7e5"]);
        assert_eq!(line.white_cp(Color::Black), 31);
        let mate = Line::parse("info depth 3 score mate -2 pv a1a2").unwrap();
        assert_eq!(mate.white_cp(Color::White), -MATE_SCORE + 2);
        assert!(Line::parse("info string hello pv e2e4").is_none());
        assert!(Line::parse("info depth 3 currmove e2e4").is_none());
        assert!(Line::parse("info depth x score cp 1 pv e2e4").is_none());
    }
}
