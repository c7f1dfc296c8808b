//! `vorpal match`: engine-against-engine games in any game Vorpal knows, refereed by
//! Vorpal's own rules core. Each worker thread runs one pair of engine processes and
//! plays the games it takes from a shared counter; the main thread prints progress,
//! writes the PGN and keeps the statistics.

pub(crate) mod engine;
mod openings;
pub(crate) mod pgn;
pub(crate) mod referee;
mod stats;

use crate::output::{printable, say};
use clap::Args;
use engine::{Engine, EngineSpec};
use openings::Opening;
use referee::{Adjudication, DrawAdjudication, Limit, Played, Setup};
use stats::{Pentanomial, Points, Sprt, SprtModel, SprtVerdict, Tally};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use vorpal_engine::{with_game, Color, Game, Outcome, RuleOptions, Variant};

/// The arguments of `vorpal match`.
#[derive(Args)]
pub struct MatchArgs {
    /// First engine: a program and its arguments, separated by spaces
    #[arg(long)]
    engine1: String,
    /// Second engine
    #[arg(long)]
    engine2: String,
    /// Name of the first engine in the output (default: its `id name`)
    #[arg(long)]
    name1: Option<String>,
    /// Name of the second engine
    #[arg(long)]
    name2: Option<String>,
    /// Option for the first engine, as NAME=VALUE (repeatable)
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,
    /// Option for the second engine, as NAME=VALUE (repeatable)
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// Game to play (protocol name)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Play the Alice games with en passant (sets AliceEnPassant in both engines)
    #[arg(long)]
    alice_en_passant: bool,
    /// Clock per side: base seconds plus increment seconds per move, as 10+0.1
    #[arg(long, value_name = "BASE+INC", group = "limit")]
    tc: Option<String>,
    /// Fixed time per move, in milliseconds
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// Fixed nodes per move
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Fixed depth per move
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Time odds: the second engine's clock, of the same kind as the first's
    #[arg(long, value_name = "BASE+INC", group = "limit2")]
    tc2: Option<String>,
    /// Time odds: the second engine's time per move
    #[arg(long, value_name = "MS", group = "limit2")]
    movetime2: Option<u64>,
    /// Node odds: the second engine's nodes per move
    #[arg(long, group = "limit2")]
    nodes2: Option<u64>,
    /// Depth odds: the second engine's depth per move
    #[arg(long, group = "limit2")]
    depth2: Option<u32>,
    /// Number of games; each opening is played twice, colours reversed
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at once (each with its own pair of engine processes)
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Opening file: per line, moves from the start position or a FEN [moves ...]
    #[arg(long)]
    openings: Option<String>,
    /// Append the games to this PGN file
    #[arg(long)]
    pgn: Option<String>,
    /// Resign adjudication: a side whose score stays at or below -CP ...
    #[arg(long, value_name = "CP", requires = "resign_moves")]
    resign_score: Option<i32>,
    /// ... for this many of its moves in a row loses
    #[arg(long, value_name = "N", requires = "resign_score")]
    resign_moves: Option<u32>,
    /// Draw adjudication: both sides' scores within CP of zero ...
    #[arg(long, value_name = "CP", requires = "draw_moves")]
    draw_score: Option<i32>,
    /// ... for this many moves each in a row ...
    #[arg(long, value_name = "N", requires = "draw_score")]
    draw_moves: Option<u32>,
    /// ... once this many full moves have been played
    #[arg(long, value_name = "N", default_value_t = 0)]
    draw_after: u32,
    /// Milliseconds an engine may exceed its clock or move time before it loses on time
    #[arg(long, value_name = "MS", default_value_t = 100)]
    time_margin: u64,
    /// Milliseconds a move may take under --nodes or --depth before the engine is
    /// killed and loses
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    move_timeout: u64,
    /// Sequential probability ratio test on game pairs; the match stops at a verdict
    #[arg(long, num_args = 4, allow_negative_numbers = true, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"])]
    sprt: Option<Vec<f64>>,
    /// How the SPRT's Elo bounds are read
    #[arg(long, value_enum, default_value = "normalized")]
    sprt_model: SprtModel,
}

/// Everything the workers share, read-only.
struct Plan {
    variant: Variant,
    rules: RuleOptions,
    engines: [EngineSpec; 2],
    openings: Vec<Opening>,
    /// Each engine's limit, in the order of `engines`.
    limits: [Limit; 2],
    time_margin: Duration,
    move_timeout: Duration,
    adjudication: Adjudication,
    games: usize,
}

impl Plan {
    /// Game `index` plays opening `index / 2`; engine 1 has White in even games.
    fn first_is_white(index: usize) -> bool {
        index % 2 == 0
    }

    fn opening(&self, index: usize) -> &Opening {
        &self.openings[(index / 2) % self.openings.len()]
    }

    /// The limits of White and Black in game `index`.
    fn limits_by_color(&self, index: usize) -> [Limit; 2] {
        let [first, second] = self.limits;
        if Plan::first_is_white(index) {
            [first, second]
        } else {
            [second, first]
        }
    }

    /// The limits as the output names them: one, or the first's against the second's.
    fn limits_text(&self) -> String {
        match self.limits {
            [first, second] if first == second => first.to_string(),
            [first, second] => format!("{first} vs {second}"),
        }
    }
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        .filter(|(name, _)| !name.is_empty())
        .ok_or_else(|| format!("engine option '{text}' is not NAME=VALUE"))
}

/// The longest clock, increment, move time, margin or move timeout a match accepts: a
/// day, far beyond any real match, and small enough that no deadline overflows.
const MAX_DURATION: Duration = Duration::from_secs(24 * 60 * 60);

fn parse_tc(text: &str) -> Result<Limit, String> {
    let seconds = |s: &str| -> Result<Duration, String> {
        let value = s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("time control '{text}' is not BASE+INC in seconds"))?;
        Duration::try_from_secs_f64(value)
            .ok()
            .filter(|d| *d <= MAX_DURATION)
            .ok_or_else(|| {
                format!(
                    "time control '{text}': each part must be at most {} seconds",
                    MAX_DURATION.as_secs()
                )
            })
    };
    let (base, increment) = match text.split_once('+') {
        Some((base, increment)) => (seconds(base)?, seconds(increment)?),
        None => (seconds(text)?, Duration::ZERO),
    };
    if base.is_zero() {
        return Err(format!("time control '{text}' has no base time"));
    }
    Ok(Limit::Clock { base, increment })
}

pub(crate) fn engine_spec(command: &str, options: &[String], rules: &RuleOptions) -> Result<EngineSpec, String> {
    let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if command.is_empty() {
        return Err("an engine command is empty".to_string());
    }
    let mut options = options.iter().map(|o| parse_option(o)).collect::<Result<Vec<_>, _>>()?;
    if rules.alice_en_passant {
        options.push(("AliceEnPassant".to_string(), "true".to_string()));
    }
    Ok(EngineSpec { command, options })
}

/// `ms` milliseconds, at most [`MAX_DURATION`].
fn milliseconds(what: &str, ms: u64) -> Result<Duration, String> {
    Some(Duration::from_millis(ms))
        .filter(|d| *d <= MAX_DURATION)
        .ok_or_else(|| format!("{what} must be at most {} ms, got {ms}", MAX_DURATION.as_millis()))
}

/// The limit of one engine from the flags that give it; clap lets at most one through.
fn parse_limit(
    tc: &Option<String>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
) -> Result<Option<Limit>, String> {
    Ok(Some(match (tc, movetime, nodes, depth) {
        (Some(tc), ..) => parse_tc(tc)?,
        (_, Some(0), ..) | (_, _, Some(0), _) | (.., Some(0)) => {
            return Err("a move time, node count or depth must be at least 1".to_string())
        }
        (_, Some(ms), ..) => Limit::MoveTime(milliseconds("the move time", ms)?),
        (_, _, Some(nodes), _) => Limit::Nodes(nodes),
        (.., Some(depth)) => Limit::Depth(depth),
        (None, None, None, None) => return Ok(None),
    }))
}

fn plan(args: &MatchArgs) -> Result<Plan, String> {
    let variant = Variant::from_name(&args.variant).map_err(|e| e.to_string())?;
    let rules = RuleOptions {
        alice_en_passant: args.alice_en_passant,
    };
    let limit = parse_limit(&args.tc, args.movetime, args.nodes, args.depth)?
        .ok_or("give a time control: --tc, --movetime, --nodes or --depth")?;
    let limit2 = match parse_limit(&args.tc2, args.movetime2, args.nodes2, args.depth2)? {
        None => limit,
        Some(odds) if std::mem::discriminant(&odds) == std::mem::discriminant(&limit) => odds,
        Some(odds) => return Err(format!("the second engine's {odds} is not of the same kind as {limit}")),
    };
    if args.games == 0 || args.concurrency == 0 {
        return Err("--games and --concurrency must be at least 1".to_string());
    }
    if args.resign_moves == Some(0) || args.draw_moves == Some(0) {
        return Err("--resign-moves and --draw-moves must be at least 1".to_string());
    }
    if args.move_timeout == 0 {
        return Err("--move-timeout must be at least 1 ms".to_string());
    }
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read openings '{path}': {e}"))?;
            openings::parse(variant, &text)
        }
        None => openings::built_in(variant),
    };
    with_game!(variant, G => openings::check::<G>(variant, &rules, &openings))?;
    let adjudication = Adjudication {
        resign: args.resign_score.zip(args.resign_moves),
        draw: args
            .draw_score
            .zip(args.draw_moves)
            .map(|(score, moves)| DrawAdjudication {
                score,
                moves,
                after_move: args.draw_after,
            }),
    };
    Ok(Plan {
        variant,
        rules,
        engines: [
            engine_spec(&args.engine1, &args.option1, &rules)?,
            engine_spec(&args.engine2, &args.option2, &rules)?,
        ],
        openings,
        limits: [limit, limit2],
        time_margin: milliseconds("--time-margin", args.time_margin)?,
        move_timeout: milliseconds("--move-timeout", args.move_timeout)?,
        adjudication,
        games: args.games,
    })
}

/// A finished game as a worker reports it.
struct Finished {
    index: usize,
    played: Played,
}

/// Takes games from `next` until there are none left or `stop` is set.
fn worker<G: Game>(plan: &Plan, next: &AtomicUsize, stop: &AtomicBool, results: mpsc::Sender<Finished>) {
    let mut engines: [Option<Engine>; 2] = [None, None];
    loop {
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= plan.games || stop.load(Ordering::SeqCst) {
            return;
        }
        for (slot, spec) in engines.iter_mut().zip(&plan.engines) {
            if !slot.as_mut().is_some_and(Engine::is_alive) {
                *slot = Engine::start(spec, plan.variant.name())
                    .map_err(|message| eprintln!("warning: {}", printable(&message)))
                    .ok();
            }
        }
        let setup = Setup {
            variant: plan.variant,
            rules: plan.rules,
            opening: plan.opening(index),
            limits: plan.limits_by_color(index),
            time_margin: plan.time_margin,
            move_timeout: plan.move_timeout,
            adjudication: plan.adjudication,
        };
        let [first, second] = &mut engines;
        let players = if Plan::first_is_white(index) {
            [first, second]
        } else {
            [second, first]
        };
        let played = referee::play::<G>(&setup, players);
        if results.send(Finished { index, played }).is_err() {
            return;
        }
    }
}

/// The first engine's points in a game.
fn points(index: usize, outcome: Outcome) -> Points {
    let first = if Plan::first_is_white(index) {
        Color::White
    } else {
        Color::Black
    };
    match outcome {
        Outcome::Draw => Points::Draw,
        Outcome::Win(winner) if winner == first => Points::Win,
        Outcome::Win(_) => Points::Loss,
    }
}

/// Runs `vorpal match`: plays the games, prints the score and writes the PGN.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let plan = plan(args)?;
    let sprt = match &args.sprt {
        Some(v) => Some(Sprt::new(v[0], v[1], v[2], v[3], args.sprt_model)?),
        None => None,
    };
    // Both engines must start before the match does; their names come from them.
    let mut names = [args.name1.clone(), args.name2.clone()];
    for (name, spec) in names.iter_mut().zip(&plan.engines) {
        let engine = Engine::start(spec, plan.variant.name())?;
        name.get_or_insert(engine.name.clone());
    }
    let [mut name1, mut name2] = names.map(Option::unwrap_or_default);
    if name1 == name2 {
        name1.push_str(" #1");
        name2.push_str(" #2");
    }
    let mut pgn = match &args.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open PGN file '{path}': {e}"))?,
        ),
        None => None,
    };
    let event = format!("vorpal match {} {}", plan.variant.name(), plan.limits_text());
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut report = Report::new(&name1, &name2, sprt);
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..args.concurrency.min(plan.games) {
            let sender = sender.clone();
            let (plan, next, stop) = (&plan, &next, &stop);
            scope.spawn(move || with_game!(plan.variant, G => worker::<G>(plan, next, stop, sender)));
        }
        drop(sender);
        for Finished { index, played } in receiver {
            let (white, black) = if Plan::first_is_white(index) {
                (&name1, &name2)
            } else {
                (&name2, &name1)
            };
            say!(
                "Finished game {} ({white} vs {black}): {}",
                index + 1,
                played.describe()
            );
            if let Some(file) = pgn.as_mut() {
                let header = pgn::Header {
                    event: &event,
                    round: index + 1,
                    white,
                    black,
                    variant: plan.variant,
                    limits: plan.limits_by_color(index),
                };
                file.write_all(pgn::game(&header, &played).as_bytes())
                    .map_err(|e| format!("cannot write the PGN file: {e}"))?;
            }
            if report.add(index, points(index, played.outcome)) {
                stop.store(true, Ordering::SeqCst);
            }
            report.print_progress();
        }
        Ok(())
    })?;
    report.print_summary(&plan);
    Ok(())
}

/// The running totals and the statistics printed from them.
struct Report<'a> {
    names: [&'a str; 2],
    tally: Tally,
    pairs: Pentanomial,
    /// First games of pairs whose second game has not finished.
    unpaired: HashMap<usize, Points>,
    sprt: Option<Sprt>,
    /// The SPRT's verdict when it was first reached, with its LLR and the games by then:
    /// the games still running are finished and counted after it, and may move the
    /// final LLR back inside the bounds.
    decided: Option<(SprtVerdict, f64, u32)>,
}

impl<'a> Report<'a> {
    fn new(name1: &'a str, name2: &'a str, sprt: Option<Sprt>) -> Report<'a> {
        Report {
            names: [name1, name2],
            tally: Tally::default(),
            pairs: Pentanomial::default(),
            unpaired: HashMap::new(),
            sprt,
            decided: None,
        }
    }

    /// Counts a game; true when the SPRT has reached a verdict.
    fn add(&mut self, index: usize, points: Points) -> bool {
        self.tally.add(points);
        match self.unpaired.remove(&(index / 2)) {
            Some(other) => self.pairs.add_pair(other, points),
            None => {
                self.unpaired.insert(index / 2, points);
            }
        }
        if let (Some(sprt), None) = (&self.sprt, self.decided) {
            let llr = sprt.llr(&self.pairs);
            self.decided = sprt.verdict(llr).map(|verdict| (verdict, llr, self.tally.games()));
        }
        self.decided.is_some()
    }

    fn score(&self) -> f64 {
        let t = &self.tally;
        (t.wins as f64 + t.draws as f64 / 2.0) / t.games().max(1) as f64
    }

    fn print_progress(&self) {
        let t = &self.tally;
        say!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            t.wins,
            t.losses,
            t.draws,
            self.score(),
            t.games()
        );
    }

    fn print_summary(&self, plan: &Plan) {
        let t = &self.tally;
        say!("--------------------------------------------------");
        say!(
            "Results of {} vs {} ({}, {}, {} openings):",
            self.names[0],
            self.names[1],
            plan.variant.name(),
            plan.limits_text(),
            plan.openings.len()
        );
        // Pairs are the better sample when every game has its partner.
        let estimate = if self.pairs.pairs() > 0 && self.unpaired.is_empty() {
            self.pairs.elo()
        } else {
            t.elo()
        };
        if let Some(estimate) = estimate {
            say!("Elo: {estimate}");
        }
        if let Some(sprt) = &self.sprt {
            let llr = sprt.llr(&self.pairs);
            let (lower, upper) = sprt.bounds();
            let verdict = match self.decided {
                Some((verdict, at, games)) => {
                    let name = if verdict == SprtVerdict::H0 { "H0" } else { "H1" };
                    if games == self.tally.games() {
                        format!(" - {name} accepted")
                    } else {
                        format!(" - {name} accepted at LLR {at:.2} after {games} games")
                    }
                }
                None => String::new(),
            };
            say!(
                "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]{verdict}",
                sprt.elo0,
                sprt.elo1
            );
        }
        say!(
            "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            t.wins as f64 + t.draws as f64 / 2.0,
            100.0 * self.score()
        );
        let [ll, ld, even, wd, ww] = self.pairs.0;
        say!("Ptnml(0-2): [{ll}, {ld}, {even}, {wd}, {ww}]");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_base_plus_increment_seconds() {
        assert_eq!(
            parse_tc("10+0.1"),
            Ok(Limit::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            })
        );
        assert_eq!(
            parse_tc("0.5"),
            Ok(Limit::Clock {
                base: Duration::from_millis(500),
                increment: Duration::ZERO
            })
        );
        for bad in ["", "+1", "0+1", "x+1", "1+x", "-1+0", "inf"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_options_are_name_equals_value() {
        assert_eq!(
            parse_option("Move Overhead = 50"),
            Ok(("Move Overhead".into(), "50".into()))
        );
        assert_eq!(parse_option("Player=greedy"), Ok(("Player".into(), "greedy".into())));
        assert!(parse_option("Hash").is_err());
        assert!(parse_option("=5").is_err());
    }

    #[test]
    fn games_pair_up_by_opening() {
        let mut report = Report::new("a", "b", None);
        // Games 0 and 1 share opening 0, games 2 and 3 opening 1; they finish out of
        // order.
        report.add(2, points(2, Outcome::Win(Color::White)));
        report.add(0, points(0, Outcome::Win(Color::White)));
        assert_eq!(report.pairs.pairs(), 0);
        // Game 1: the second engine has White and wins: a win and a loss.
        report.add(1, points(1, Outcome::Win(Color::White)));
        // Game 3: the first engine, with Black, draws: a win and a draw.
        report.add(3, points(3, Outcome::Draw));
        assert_eq!(report.pairs.0, [0, 0, 1, 1, 0]);
        assert_eq!(
            report.tally,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert!(report.unpaired.is_empty());
    }

    #[test]
    fn the_sprt_verdict_stands_when_the_games_in_flight_finish_after_it() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, SprtModel::Normalized).unwrap();
        let mut report = Report::new("a", "b", Some(sprt));
        // The first engine wins each pair's first game and wins or draws its second.
        let mut index = 0;
        loop {
            let second = if index % 6 == 1 {
                Outcome::Draw
            } else {
                Outcome::Win(Color::Black)
            };
            let outcome = if index % 2 == 0 {
                Outcome::Win(Color::White)
            } else {
                second
            };
            let decided = report.add(index, points(index, outcome));
            index += 1;
            if decided {
                break;
            }
            assert!(index < 1000, "no verdict");
        }
        let (verdict, at, games) = report.decided.unwrap();
        assert_eq!(verdict, SprtVerdict::H1);
        assert_eq!(games as usize, index);
        // Games that were running lose, and the LLR falls back inside the bounds.
        for _ in 0..20 {
            let outcome = if index % 2 == 0 {
                Outcome::Win(Color::Black)
            } else {
                Outcome::Win(Color::White)
            };
            assert!(report.add(index, points(index, outcome)));
            index += 1;
        }
        let llr = sprt.llr(&report.pairs);
        assert!(llr < at && sprt.verdict(llr) != Some(SprtVerdict::H1), "{llr}");
        assert_eq!(report.decided, Some((SprtVerdict::H1, at, games)));
    }
}
