//! `vorpal perft`: Stockfish-style output (`move: count` lines with `--divide`, last
//! line `Nodes searched: N`), timing on standard error.

use crate::output::say;
use crate::position_args::PositionArgs;
use crate::session::game_from;
use clap::Args;
use std::time::Instant;
use vorpal_engine::{with_game, Game, History, Variant};
use vorpal_perft::{divide, perft_parallel};

/// The most worker threads perft starts, as the protocol's `Threads` option allows.
const MAX_THREADS: usize = 256;

/// The arguments of `vorpal perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Number of plies
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move
    #[arg(long)]
    divide: bool,
    /// Worker threads (default: all cores)
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs `vorpal perft`: counts (and divides) the move sequences of a position.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    let variant = args.position.variant()?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(format!("--threads must be from 1 to {MAX_THREADS}, got {threads}"));
        }
        pool = pool.num_threads(threads);
    }
    let pool = pool.build().map_err(|e| format!("cannot start worker threads: {e}"))?;
    with_game!(variant, G => pool.install(|| run_game::<G>(variant, args)))
}

fn run_game<G: Game>(variant: Variant, args: &PerftArgs) -> Result<(), String> {
    let position = &args.position;
    let history: History<G> = game_from(
        variant,
        &position.rule_options(),
        position.fen.as_deref(),
        &position.moves,
    )?;
    let pos = history.position();

    let clock = Instant::now();
    let nodes = if args.divide {
        let counts = divide(pos, args.depth);
        for (mv, count) in &counts {
            say!("{}: {count}", pos.move_name(*mv));
        }
        say!();
        if args.depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft_parallel(pos, args.depth)
    };
    let seconds = clock.elapsed().as_secs_f64();
    say!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} nodes per second",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}
