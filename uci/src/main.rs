//! `vorpal`: with no arguments it speaks the extended UCI protocol on stdin/stdout;
//! subcommands run perft and other jobs from the command line.

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use vorpal_uci::{bench, eval_cmd, matches, output, perft_cmd, protocol, selfplay, serve, tune, tune_net};

#[derive(Parser)]
#[command(
    name = "vorpal",
    version,
    about = "A game-playing engine for the looking-glass family of chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the legal move sequences of a given length (perft), optionally per root move.
    Perft(perft_cmd::PerftArgs),
    /// Search a fixed set of positions to a fixed depth; the node count is a signature.
    Bench(bench::BenchArgs),
    /// Print a position's static evaluation and what each group of weights adds to it.
    Eval(eval_cmd::EvalArgs),
    /// Play engine-against-engine games, refereed by Vorpal's rules.
    Match(Box<matches::MatchArgs>),
    /// Serve the browser GUI (prints its URL).
    Serve(serve::ServeArgs),
    /// Play the engine against itself and write quiet positions with the games' results.
    Selfplay(selfplay::SelfplayArgs),
    /// Fit an evaluator's weights to `selfplay` data (Texel tuning); writes Rust source.
    Tune(tune::TuneArgs),
    /// Train chess's correction network on positions with expected scores; writes the
    /// file the engine embeds.
    TuneNet(tune_net::TuneNetArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    // Command-line mistakes get one line, as every other error does.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => e.exit(),
        Err(e) => {
            // clap's first line, with the list it announces (e.g. missing arguments).
            let text = e.render().to_string();
            let mut lines = text.lines().filter(|l| !l.trim().is_empty());
            let mut message = lines.next().unwrap_or("error: invalid arguments").to_string();
            if message.ends_with(':') {
                let listed: Vec<&str> = lines.take_while(|l| l.starts_with("  ")).map(str::trim).collect();
                message = format!("{message} {}", listed.join(", "));
            }
            eprintln!("{}", output::printable(&message));
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.command {
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Eval(args)) => eval_cmd::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Selfplay(args)) => selfplay::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::TuneNet(args)) => tune_net::run(&args),
        None => {
            protocol::run();
            Ok(())
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {}", output::printable(&message));
            ExitCode::FAILURE
        }
    }
}
