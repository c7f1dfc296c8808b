//! `vorpal`: with no arguments it speaks the extended UCI protocol on stdin/stdout;
//! subcommands run perft and other jobs from the command line.

mod bench;
mod perft_cmd;
mod protocol;
mod session;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        None => {
            protocol::run();
            Ok(())
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
