//! `vorpal bench`: fixed positions per game searched to a fixed depth with one thread
//! and a fresh table, so the total node count is a signature of the build.

use crate::output::say;
use clap::Args;
use std::time::{Duration, Instant};
use vorpal_engine::bench::bench_set;
use vorpal_engine::search::{search, Limits, SearchControl, SearchOptions, TranspositionTable};
use vorpal_engine::{with_game, History, Variant};
use vorpal_eval::Evaluated;

/// The arguments of `vorpal bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Game to bench (protocol name); all games when absent
    #[arg(long)]
    variant: Option<String>,
    /// Search depth (default: the game's own)
    #[arg(long)]
    depth: Option<u32>,
}

/// Runs `vorpal bench`: searches the bench positions and prints the node count and speed.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let variants: Vec<Variant> = match &args.variant {
        Some(name) => vec![Variant::from_name(name).map_err(|e| e.to_string())?],
        None => Variant::all().collect(),
    };
    if args.depth == Some(0) {
        return Err("--depth must be at least 1".to_string());
    }
    let (mut nodes, mut time) = (0, Duration::ZERO);
    for variant in variants {
        let (n, t) = with_game!(variant, G => bench_game::<G>(variant, args.depth))?;
        nodes += n;
        time += t;
    }
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
    eprintln!("total time {} ms", time.as_millis());
    say!("{nodes} nodes {nps} nps");
    Ok(())
}

fn bench_game<G: Evaluated>(variant: Variant, depth: Option<u32>) -> Result<(u64, Duration), String> {
    let (fens, default_depth) = bench_set(variant);
    let limits = Limits {
        depth: Some(depth.unwrap_or(default_depth)),
        ..Limits::default()
    };
    let options = SearchOptions {
        threads: 1,
        ..SearchOptions::default()
    };
    let tt = TranspositionTable::new(16);
    let evaluator = G::evaluator(variant);
    let (mut nodes, mut time) = (0, Duration::ZERO);
    for fen in &fens {
        let pos = G::from_fen(variant, fen).map_err(|e| format!("bench position {fen}: {e}"))?;
        tt.clear();
        let control = SearchControl::default();
        control.start(false);
        let clock = Instant::now();
        let result = search(
            &History::new(pos.clone()),
            &evaluator,
            &limits,
            &options,
            &tt,
            &control,
            &mut |_| {},
        );
        time += clock.elapsed();
        nodes += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |mv| pos.move_name(mv));
        eprintln!("{} {fen}: {} nodes, best {best}", variant.name(), result.nodes);
    }
    Ok((nodes, time))
}
