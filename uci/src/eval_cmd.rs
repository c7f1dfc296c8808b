//! `vorpal eval`: a position's static evaluation taken apart, as the protocol's `eval`
//! prints it.

use crate::output::say;
use crate::position_args::PositionArgs;
use crate::session::new_session;
use clap::Args;

/// The arguments of `vorpal eval`.
#[derive(Args)]
pub struct EvalArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `vorpal eval`: prints the evaluation of the position and its parts.
pub fn run(args: &EvalArgs) -> Result<(), String> {
    let position = &args.position;
    let mut session = new_session(position.variant()?, position.rule_options());
    let moves: Vec<&str> = position.moves.iter().map(String::as_str).collect();
    session.set_position(position.fen.as_deref(), &moves)?;
    say!("{}", session.eval().trim_end_matches('\n'));
    Ok(())
}
