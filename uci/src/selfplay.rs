//! `vorpal selfplay`: games of the engine against itself at a fixed node count, kept as
//! quiet positions labelled with each game's result, the data `vorpal tune` fits the
//! evaluators to.
//!
//! The file is plain text: `#` lines say how it was made, every other line is a FEN, a
//! tab, and the result from White's side (`1`, `0.5` or `0`).

use crate::output::say;
use clap::Args;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use vorpal_engine::search::{search, Limits, Score, SearchControl, SearchOptions, TranspositionTable};
use vorpal_engine::{with_game, Color, History, Outcome, Variant};
use vorpal_eval::Evaluated;

/// A score this large, held by the same side for [`ADJUDICATION_PLIES`] plies in a row,
/// ends the game as a win for it: the rest of the game teaches little and costs much.
const ADJUDICATION_SCORE: i32 = 1000;
/// See [`ADJUDICATION_SCORE`].
const ADJUDICATION_PLIES: u32 = 8;
/// Games still going after this many plies are dropped: their result says nothing.
const MAX_PLIES: usize = 600;

/// The arguments of `vorpal selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Game to play (protocol name)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// How many games to play
    #[arg(long)]
    games: u32,
    /// Nodes searched per move
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Seed of the random opening moves (the same seed plays the same games)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random moves at the start of each game, so that the games differ
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Plies after the random ones whose positions are not kept
    #[arg(long, default_value_t = 8)]
    skip_plies: u32,
    /// File to write
    #[arg(long)]
    out: PathBuf,
}

/// The settings of one run, as [`SelfplayArgs`] gives them once checked.
#[derive(Clone, Debug)]
pub struct Selfplay {
    /// The game.
    pub variant: Variant,
    /// How many games.
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Seed of the random opening moves.
    pub seed: u64,
    /// Random moves at the start.
    pub random_plies: u32,
    /// Plies after those whose positions are not kept.
    pub skip_plies: u32,
}

/// How many games ended which way and how many positions were kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won by White, drawn, won by Black (adjudications included).
    pub results: [u32; 3],
    /// Games ended by `ADJUDICATION_SCORE`.
    pub adjudicated: u32,
    /// Games dropped: over during the random moves, or longer than `MAX_PLIES` plies.
    pub dropped: u32,
    /// Lines written.
    pub positions: u64,
}

/// Runs `vorpal selfplay`.
pub fn run(args: &SelfplayArgs) -> Result<(), String> {
    let variant = Variant::from_name(&args.variant).map_err(|e| e.to_string())?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".to_string());
    }
    let settings = Selfplay {
        variant,
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        random_plies: args.random_plies,
        skip_plies: args.skip_plies,
    };
    let file = File::create(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    let tally = play(&settings, &mut out, &mut |done, tally| {
        if done % 10 == 0 {
            eprintln!(
                "{done} games, {} positions, +{} ={} -{}",
                tally.positions, tally.results[0], tally.results[1], tally.results[2]
            );
        }
    })
    .and_then(|tally| out.flush().map(|()| tally))
    .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    say!(
        "{} positions from {} games: +{} ={} -{} ({} adjudicated, {} dropped)",
        tally.positions,
        settings.games,
        tally.results[0],
        tally.results[1],
        tally.results[2],
        tally.adjudicated,
        tally.dropped
    );
    Ok(())
}

/// Plays the games of `settings` and writes their header and positions to `out`;
/// `progress` hears of each finished game.
pub fn play(
    settings: &Selfplay,
    out: &mut impl Write,
    progress: &mut dyn FnMut(u32, &Tally),
) -> std::io::Result<Tally> {
    writeln!(
        out,
        "# vorpal selfplay --variant {} --games {} --nodes {} --seed {} --random-plies {} --skip-plies {}",
        settings.variant.name(),
        settings.games,
        settings.nodes,
        settings.seed,
        settings.random_plies,
        settings.skip_plies
    )?;
    with_game!(settings.variant, G => play_games::<G>(settings, out, progress))
}

fn play_games<G: Evaluated>(
    settings: &Selfplay,
    out: &mut impl Write,
    progress: &mut dyn FnMut(u32, &Tally),
) -> std::io::Result<Tally> {
    let mut rng = fastrand::Rng::with_seed(settings.seed);
    let evaluator = G::evaluator(settings.variant);
    let tt = TranspositionTable::new(16);
    let mut tally = Tally::default();
    for done in 1..=settings.games {
        match play_game::<G>(settings, &evaluator, &tt, &mut rng) {
            Some(game) => {
                let (index, result) = match game.outcome {
                    Outcome::Win(Color::White) => (0, "1"),
                    Outcome::Draw => (1, "0.5"),
                    Outcome::Win(Color::Black) => (2, "0"),
                };
                tally.results[index] += 1;
                tally.adjudicated += u32::from(game.adjudicated);
                for fen in &game.quiet {
                    writeln!(out, "{fen}\t{result}")?;
                }
                tally.positions += game.quiet.len() as u64;
            }
            None => tally.dropped += 1,
        }
        progress(done, &tally);
    }
    Ok(tally)
}

/// One finished game: its quiet positions and how it ended.
struct Game {
    quiet: Vec<String>,
    outcome: Outcome,
    adjudicated: bool,
}

fn play_game<G: Evaluated>(
    settings: &Selfplay,
    evaluator: &G::Eval,
    tt: &TranspositionTable,
    rng: &mut fastrand::Rng,
) -> Option<Game> {
    let mut history = History::new(G::startpos(settings.variant));
    for _ in 0..settings.random_plies {
        let moves = history.position().legal_move_list();
        if moves.is_empty() || history.result().is_some() {
            return None;
        }
        history.push(moves[rng.usize(..moves.len())]);
    }
    tt.clear();
    let limits = Limits {
        nodes: Some(settings.nodes),
        ..Limits::default()
    };
    let first_kept = (settings.random_plies + settings.skip_plies) as usize;
    let mut quiet = Vec::new();
    // The side the score has favoured by ADJUDICATION_SCORE, and for how many plies.
    let mut winning: Option<(Color, u32)> = None;
    while history.moves().len() < MAX_PLIES {
        if let Some(result) = history.result() {
            return Some(Game {
                quiet,
                outcome: result.outcome,
                adjudicated: false,
            });
        }
        let control = SearchControl::default();
        control.start(false);
        let result = search(
            &history,
            evaluator,
            &limits,
            &SearchOptions::default(),
            tt,
            &control,
            &mut |_| {},
        );
        let pos = history.position();
        let best = result.best?;
        let score = result.score;
        // Quiet: no check to answer, nothing the search wants to take or promote, and
        // no mate in sight.
        let quiet_here =
            !pos.in_check() && !pos.is_tactical(best) && matches!(Score::from_internal(score), Score::Centipawns(_));
        if history.moves().len() >= first_kept && quiet_here {
            quiet.push(pos.fen());
        }
        winning = if score.abs() < ADJUDICATION_SCORE {
            None
        } else {
            let leader = if score > 0 {
                pos.side_to_move()
            } else {
                !pos.side_to_move()
            };
            match winning {
                Some((side, plies)) if side == leader => Some((side, plies + 1)),
                _ => Some((leader, 1)),
            }
        };
        if let Some((side, plies)) = winning {
            if plies >= ADJUDICATION_PLIES {
                return Some(Game {
                    quiet,
                    outcome: Outcome::Win(side),
                    adjudicated: true,
                });
            }
        }
        history.push(best);
    }
    None
}
