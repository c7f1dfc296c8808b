//! The command-line flags that name a position, shared by the commands that take one.

use clap::Args;
use vorpal_engine::{RuleOptions, Variant};

/// A game, a position of it and moves played from there.
#[derive(Args)]
pub struct PositionArgs {
    /// Game to play (protocol name)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Start position (default: the game's start position)
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from the start position first, in protocol notation
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Play the Alice games with en passant (the AliceEnPassant rule)
    #[arg(long)]
    alice_en_passant: bool,
}

impl PositionArgs {
    /// The game named, or why it is not one.
    pub fn variant(&self) -> Result<Variant, String> {
        Variant::from_name(&self.variant).map_err(|e| e.to_string())
    }

    /// The rule options the flags ask for.
    pub fn rule_options(&self) -> RuleOptions {
        RuleOptions {
            alice_en_passant: self.alice_en_passant,
        }
    }
}
