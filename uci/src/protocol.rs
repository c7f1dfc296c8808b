//! The extended UCI protocol on standard input and output. Every bad input is answered
//! by one `info string error: ...` line and leaves the state as it was.

use crate::output::{printable, say};
use crate::session::{new_session, Player, SearchJob, Session};
use std::io::BufRead;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use vorpal_engine::search::{Limits, SearchControl, SearchOptions, Skill, TranspositionTable};
use vorpal_engine::{Color, RuleOptions, Variant};

const HASH_RANGE: (u64, u64) = (1, 65_536);
const THREADS_RANGE: (u64, u64) = (1, 256);
const MULTIPV_RANGE: (u64, u64) = (1, 256);
const OVERHEAD_RANGE: (u64, u64) = (0, 5_000);
/// Centipawns either way: beyond a few pawns a draw would outweigh real material.
const CONTEMPT_RANGE: (i32, i32) = (-1_000, 1_000);

/// The protocol frontend: reads command lines, keeps the session, and writes the replies.
pub struct Protocol {
    session: Box<dyn Session>,
    rule_options: RuleOptions,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    search: Option<JoinHandle<()>>,
    options: SearchOptions,
    player: Player,
    strength: Strength,
}

/// The strength options as set; which of them rules depends on `UCI_LimitStrength`.
struct Strength {
    skill_level: u8,
    limit_strength: bool,
    elo: u32,
}

impl Strength {
    fn skill(&self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::level(self.skill_level)
        }
    }
}

/// Runs the protocol until `quit` or the end of input.
pub fn run() {
    let mut protocol = Protocol::new();
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match stdin.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            error("input line is not valid UTF-8");
            continue;
        };
        if !protocol.handle(line) {
            break;
        }
    }
    protocol.finish_search();
}

/// A spin option's `value`, a whole number within `range`.
fn spin_value<T>(name: &str, value: &str, range: (T, T)) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
{
    match value.parse::<T>() {
        Ok(v) if (range.0..=range.1).contains(&v) => Ok(v),
        _ => Err(format!(
            "option '{name}' needs a whole number from {} to {}, got '{value}'",
            range.0, range.1
        )),
    }
}

fn error(message: impl std::fmt::Display) {
    say!("info string error: {}", printable(&message.to_string()));
}

impl Protocol {
    /// A frontend on the default game (chess).
    pub fn new() -> Protocol {
        Protocol {
            session: new_session(Variant::Chess, RuleOptions::default()),
            rule_options: RuleOptions::default(),
            tt: Arc::new(TranspositionTable::new(16)),
            control: Arc::new(SearchControl::default()),
            search: None,
            options: SearchOptions::default(),
            player: Player::default(),
            strength: Strength {
                skill_level: Skill::FULL,
                limit_strength: false,
                elo: Skill::ELO_RANGE.1,
            },
        }
    }

    fn searching(&self) -> bool {
        self.search.is_some() && !self.control.is_reported()
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.control.stop();
            // A search thread does not panic (panic = abort); the join cannot fail.
            let _ = handle.join();
        }
    }

    /// Handles one input line; false when the engine should exit.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        match command {
            "uci" => self.uci(),
            "isready" => say!("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.tt.clear();
                self.session = new_session(self.session.variant(), self.rule_options);
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish_search(),
            "ponderhit" => self.control.ponderhit(),
            "quit" => return false,
            "d" => say!("{}", self.session.display().trim_end_matches('\n')),
            "legal" => say!("{}", self.session.legal()),
            "eval" => say!("{}", self.session.eval().trim_end_matches('\n')),
            "result" => say!("{}", self.session.result()),
            _ => error(format_args!("unknown command '{command}'")),
        }
        true
    }

    fn uci(&self) {
        say!("id name Vorpal {}", env!("CARGO_PKG_VERSION"));
        say!("id author The Vorpal developers");
        let names: Vec<&str> = Variant::all().map(Variant::name).collect();
        say!(
            "option name UCI_Variant type combo default chess var {}",
            names.join(" var ")
        );
        say!(
            "option name Hash type spin default 16 min {} max {}",
            HASH_RANGE.0,
            HASH_RANGE.1
        );
        say!(
            "option name Threads type spin default 1 min {} max {}",
            THREADS_RANGE.0,
            THREADS_RANGE.1
        );
        say!(
            "option name MultiPV type spin default 1 min {} max {}",
            MULTIPV_RANGE.0,
            MULTIPV_RANGE.1
        );
        say!(
            "option name Move Overhead type spin default 10 min {} max {}",
            OVERHEAD_RANGE.0,
            OVERHEAD_RANGE.1
        );
        say!(
            "option name Contempt type spin default 0 min {} max {}",
            CONTEMPT_RANGE.0,
            CONTEMPT_RANGE.1
        );
        say!("option name Ponder type check default false");
        say!(
            "option name Skill Level type spin default {0} min 0 max {0}",
            Skill::FULL
        );
        say!("option name UCI_LimitStrength type check default false");
        let (min_elo, max_elo) = Skill::ELO_RANGE;
        say!("option name UCI_Elo type spin default {max_elo} min {min_elo} max {max_elo}");
        say!("option name AliceEnPassant type check default false");
        say!(
            "option name Player type combo default search var {}",
            Player::NAMES.join(" var ")
        );
        say!("uciok");
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name <name words> [value <value words>]
        let Some(("name", rest)) = args.split_first().map(|(a, r)| (*a, r)) else {
            return error("expected 'setoption name <name> [value <value>]'");
        };
        let value_at = rest.iter().position(|&t| t == "value");
        let name = rest[..value_at.unwrap_or(rest.len())].join(" ");
        let value = value_at.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
        if self.searching() {
            return error("cannot change options while searching");
        }
        let spin = |range: (u64, u64)| spin_value(&name, &value, range);
        let outcome = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => Variant::from_name(&value).map_err(|e| e.to_string()).map(|variant| {
                self.session = new_session(variant, self.rule_options);
                self.tt.clear();
                let info = variant.info();
                if (info.files, info.ranks, info.boards) != (8, 8, 1) {
                    say!(
                        "info string variant {} files {} ranks {} boards {} startpos {}",
                        info.name,
                        info.files,
                        info.ranks,
                        info.boards,
                        info.start_fen
                    );
                }
            }),
            "hash" => spin(HASH_RANGE).and_then(|mb| match TranspositionTable::try_new(mb as usize) {
                Ok(table) => {
                    self.tt = Arc::new(table);
                    Ok(())
                }
                Err(_) => Err(format!(
                    "cannot allocate a hash table of {mb} MB; the table of {} MB is kept",
                    self.tt.megabytes()
                )),
            }),
            "threads" => spin(THREADS_RANGE).map(|n| self.options.threads = n as usize),
            "multipv" => spin(MULTIPV_RANGE).map(|n| self.options.multipv = n as usize),
            "move overhead" => spin(OVERHEAD_RANGE).map(|ms| self.options.move_overhead = Duration::from_millis(ms)),
            "contempt" => spin_value(&name, &value, CONTEMPT_RANGE).map(|cp| self.options.contempt = cp),
            // Pondering needs nothing from the engine but `go ponder`; the option only
            // tells the GUI it may send that.
            "ponder" => match value.as_str() {
                "true" | "false" => Ok(()),
                _ => Err(format!("option 'Ponder' needs true or false, got '{value}'")),
            },
            "aliceenpassant" => match value.as_str() {
                "true" | "false" => {
                    self.rule_options.alice_en_passant = value == "true";
                    self.session = new_session(self.session.variant(), self.rule_options);
                    Ok(())
                }
                _ => Err(format!("option 'AliceEnPassant' needs true or false, got '{value}'")),
            },
            "skill level" => spin((0, u64::from(Skill::FULL))).map(|level| self.strength.skill_level = level as u8),
            "uci_limitstrength" => match value.as_str() {
                "true" | "false" => {
                    self.strength.limit_strength = value == "true";
                    Ok(())
                }
                _ => Err(format!("option 'UCI_LimitStrength' needs true or false, got '{value}'")),
            },
            "uci_elo" => spin((u64::from(Skill::ELO_RANGE.0), u64::from(Skill::ELO_RANGE.1)))
                .map(|elo| self.strength.elo = elo as u32),
            "player" => Player::from_name(&value)
                .map(|player| self.player = player)
                .ok_or_else(|| format!("option 'Player' needs search or greedy, got '{value}'")),
            _ => Err(format!("unknown option '{name}'")),
        };
        if let Err(message) = outcome {
            error(message);
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let fen = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
            _ => return error("expected 'position startpos|fen <FEN> [moves <move>...]'"),
        };
        // A running search has its own copy of the game and is not disturbed.
        if let Err(message) = self.session.set_position(fen.as_deref(), moves) {
            error(message);
        }
    }

    fn go(&mut self, args: &[&str]) {
        if self.searching() {
            return error("already searching; send 'stop' first");
        }
        self.finish_search();
        if let Some((&"perft", rest)) = args.split_first() {
            let depth = match rest {
                [depth] => match depth.parse::<u32>() {
                    Ok(d) if d <= 20 => d,
                    _ => return error(format_args!("perft depth must be a number from 0 to 20, got '{depth}'")),
                },
                _ => return error("expected 'go perft <depth>'"),
            };
            self.control.start(false);
            match self.session.perft(depth, Arc::clone(&self.control)) {
                Ok(handle) => self.search = Some(handle),
                Err(e) => error(format_args!("cannot start the perft thread: {e}")),
            }
            return;
        }
        let limits = match parse_limits(args) {
            Ok(limits) => limits,
            Err(message) => return error(message),
        };
        self.control.start(limits.ponder);
        let job = SearchJob {
            player: self.player,
            skill: self.strength.skill(),
            limits,
            options: self.options,
            tt: Arc::clone(&self.tt),
            control: Arc::clone(&self.control),
        };
        match self.session.go(job) {
            Ok(handle) => self.search = Some(handle),
            Err(message) => error(message),
        }
    }
}

impl Default for Protocol {
    fn default() -> Protocol {
        Protocol::new()
    }
}

/// Reads the limits of `go`; times are in milliseconds (negative clocks count as 0).
/// The words of `go` that end a `searchmoves` list.
const GO_PARAMETERS: [&str; 12] = [
    "searchmoves",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
];

/// Reads the arguments of `go` into search limits.
pub(crate) fn parse_limits(args: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut tokens = args.iter().peekable();
    while let Some(&key) = tokens.next() {
        if key == "searchmoves" {
            while let Some(&&name) = tokens.peek().filter(|t| !GO_PARAMETERS.contains(t)) {
                limits.search_moves.push(name.to_string());
                tokens.next();
            }
            if limits.search_moves.is_empty() {
                return Err("'searchmoves' needs at least one move".to_string());
            }
            continue;
        }
        let mut number = || -> Result<i64, String> {
            let text = tokens.next().ok_or_else(|| format!("'{key}' needs a value"))?;
            text.parse::<i64>()
                .map_err(|_| format!("'{key}' needs a whole number, got '{text}'"))
        };
        let millis = |n: i64| Duration::from_millis(n.max(0) as u64);
        let positive = |n: i64, what: &str| -> Result<u64, String> {
            if n > 0 {
                Ok(n as u64)
            } else {
                Err(format!("'{what}' must be positive"))
            }
        };
        match key {
            "wtime" => limits.time[Color::White.index()] = Some(millis(number()?)),
            "btime" => limits.time[Color::Black.index()] = Some(millis(number()?)),
            "winc" => limits.increment[Color::White.index()] = millis(number()?),
            "binc" => limits.increment[Color::Black.index()] = millis(number()?),
            "movestogo" => limits.moves_to_go = Some(positive(number()?, key)?.min(u32::MAX as u64) as u32),
            "movetime" => limits.move_time = Some(millis(number()?)),
            "depth" => limits.depth = Some(positive(number()?, key)?.min(u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(positive(number()?, key)?),
            "mate" => limits.mate = Some(positive(number()?, key)?.min(u32::MAX as u64) as u32),
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            other => return Err(format!("unknown 'go' parameter '{other}'")),
        }
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters_parse() {
        let limits = parse_limits(&["wtime", "1000", "btime", "-5", "winc", "10", "movestogo", "5", "ponder"]).unwrap();
        assert_eq!(limits.time, [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]);
        assert_eq!(limits.increment[0], Duration::from_millis(10));
        assert_eq!(limits.moves_to_go, Some(5));
        assert!(limits.ponder);
        assert_eq!(parse_limits(&["depth", "7", "nodes", "100"]).unwrap().depth, Some(7));
        assert!(parse_limits(&["infinite"]).unwrap().infinite);
        let limits = parse_limits(&["searchmoves", "e2e4", "Ad2Bd4", "depth", "3"]).unwrap();
        assert_eq!(
            (limits.search_moves, limits.depth),
            (vec!["e2e4".to_string(), "Ad2Bd4".to_string()], Some(3))
        );
    }

    #[test]
    fn bad_go_parameters_are_rejected() {
        assert!(parse_limits(&["depth"]).is_err());
        assert!(parse_limits(&["depth", "x"]).is_err());
        assert!(parse_limits(&["depth", "0"]).is_err());
        assert!(parse_limits(&["mate", "-1"]).is_err());
        assert!(parse_limits(&["sideways"]).is_err());
        assert!(parse_limits(&["searchmoves", "depth", "3"]).is_err());
    }
}
