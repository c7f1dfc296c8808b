//! `vorpal eval`: a position's static evaluation taken apart, as the protocol's `eval`
//! prints it.

use crate::output::say;
use crate::session::new_session;
use clap::Args;
use vorpal_engine::{RuleOptions, Variant};

/// The arguments of `vorpal eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// Game to play (protocol name)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Position (default: the game's start position)
    #[arg(long)]
    fen: Option<String>,
    /// Moves to play from the position first, in protocol notation
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Play the Alice games with en passant (the AliceEnPassant rule)
    #[arg(long)]
    alice_en_passant: bool,
}

/// Runs `vorpal eval`: prints the evaluation of the position and its parts.
pub fn run(args: &EvalArgs) -> Result<(), String> {
    let variant = Variant::from_name(&args.variant).map_err(|e| e.to_string())?;
    let options = RuleOptions {
        alice_en_passant: args.alice_en_passant,
    };
    let mut session = new_session(variant, options);
    let moves: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    session.set_position(args.fen.as_deref(), &moves)?;
    say!("{}", session.eval().trim_end_matches('\n'));
    Ok(())
}
