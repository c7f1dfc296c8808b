//! One game between two engine processes, refereed by Vorpal's rules core: every move
//! is checked against the legal moves, the clocks are kept here, and the game ends by
//! the rules' own result, by adjudication, or by a forfeit (illegal move, time, an
//! engine that exits or stops answering).

use super::engine::{Engine, Failure};
use super::openings::Opening;
use std::time::{Duration, Instant};
use vorpal_engine::{Color, EndReason, Game, History, Outcome, RuleOptions, Variant};

/// How long each move may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A clock per side: base time plus an increment per move.
    Clock {
        base: Duration,
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    Nodes(u64),
    Depth(u32),
}

impl Limit {
    /// The PGN `TimeControl` value: seconds and increment, or `-` for limits per move
    /// (PGN has no form for them).
    pub fn pgn(&self) -> String {
        match *self {
            Limit::Clock { base, increment } => {
                format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            Limit::MoveTime(_) | Limit::Nodes(_) | Limit::Depth(_) => "-".to_string(),
        }
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Limit::Clock { base, increment } => {
                write!(f, "tc={}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            Limit::MoveTime(time) => write!(f, "movetime={}", time.as_millis()),
            Limit::Nodes(n) => write!(f, "nodes={n}"),
            Limit::Depth(d) => write!(f, "depth={d}"),
        }
    }
}

/// Optional early ends by the engines' own scores (as cutechess defines them).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// A side whose score is at most minus this many centipawns for this many of its
    /// moves in a row loses.
    pub resign: Option<(i32, u32)>,
    /// The game is drawn once both sides' scores stay within this many centipawns of
    /// zero for this many moves each in a row, from the given full move on.
    pub draw: Option<DrawAdjudication>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    pub score: i32,
    pub moves: u32,
    pub after_move: u32,
}

/// What the referee needs besides the engines.
pub struct Setup<'a> {
    pub variant: Variant,
    pub rules: RuleOptions,
    pub opening: &'a Opening,
    /// White's and Black's limits, of the same kind.
    pub limits: [Limit; 2],
    /// Time beyond its clock or move time an engine may take before it loses on time.
    pub time_margin: Duration,
    /// How long a move under a fixed node or depth limit may take.
    pub move_timeout: Duration,
    pub adjudication: Adjudication,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules ended it: mate, a draw rule...
    Rules(EndReason),
    /// The loser's score stayed below the resign threshold.
    Resigned,
    /// Both scores stayed near zero.
    DrawAdjudicated,
    /// The loser ran out of time (or, under a clock or a move time, stopped answering).
    TimeForfeit,
    /// The loser's move was not legal.
    IllegalMove(String),
    /// The loser's process exited or could not be started.
    Crashed,
    /// The loser did not answer within the move timeout of a node or depth limit.
    Stalled,
    /// The loser's engine did not answer `isready` before the game.
    NotReady,
}

impl Termination {
    /// The PGN `Termination` tag.
    pub fn tag(&self) -> &'static str {
        match self {
            Termination::Rules(_) => "normal",
            Termination::Resigned | Termination::DrawAdjudicated => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove(_) => "illegal move",
            Termination::Crashed => "abandoned",
            Termination::Stalled | Termination::NotReady => "stalled connection",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The opening's start position.
    pub start_fen: String,
    /// Every move from `start_fen`, the opening's included, in protocol notation.
    pub moves: Vec<String>,
    pub outcome: Outcome,
    pub termination: Termination,
}

impl Played {
    /// The result and why, in words: `1-0 {checkmate}`, `0-1 {White loses on time}`.
    pub fn describe(&self) -> String {
        format!("{} {{{}}}", score_text(self.outcome), self.reason())
    }

    pub fn reason(&self) -> String {
        let loser = match self.outcome {
            Outcome::Win(winner) => color_name(!winner),
            Outcome::Draw => "",
        };
        match &self.termination {
            Termination::Rules(reason) => reason.name().to_string(),
            Termination::Resigned => format!("{loser} resigns"),
            Termination::DrawAdjudicated => "draw by adjudication".to_string(),
            Termination::TimeForfeit => format!("{loser} loses on time"),
            Termination::IllegalMove(mv) => format!("{loser} makes an illegal move: {mv}"),
            Termination::Crashed => format!("{loser}'s engine exited"),
            Termination::Stalled => format!("{loser}'s engine stopped answering"),
            Termination::NotReady => format!("{loser}'s engine did not answer isready"),
        }
    }
}

pub fn score_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Color::White) => "1-0",
        Outcome::Win(Color::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Consecutive scores that count towards adjudication.
#[derive(Default)]
struct ScoreRuns {
    losing: [u32; 2],
    level_plies: u32,
}

impl ScoreRuns {
    /// Records the score the mover reported with its move (none resets its runs);
    /// the result if the game is adjudicated now. `plies` counts the moves the
    /// engines have played in this game.
    fn record(
        &mut self,
        rules: &Adjudication,
        mover: Color,
        score: Option<i32>,
        plies: u32,
    ) -> Option<(Outcome, Termination)> {
        if let Some((threshold, moves)) = rules.resign {
            let losing = &mut self.losing[mover.index()];
            *losing = if score.is_some_and(|s| s <= -threshold) {
                *losing + 1
            } else {
                0
            };
            if *losing >= moves {
                return Some((Outcome::Win(!mover), Termination::Resigned));
            }
        }
        if let Some(draw) = rules.draw {
            let level = score.is_some_and(|s| s.abs() <= draw.score);
            self.level_plies = if level { self.level_plies + 1 } else { 0 };
            if self.level_plies >= 2 * draw.moves && plies / 2 >= draw.after_move {
                return Some((Outcome::Draw, Termination::DrawAdjudicated));
            }
        }
        None
    }
}

/// Plays one game. `players` are indexed by colour (White first); a player that is
/// `None` could not be started and forfeits. An engine that exits or hangs is
/// dropped (killed) and left `None`, to be restarted for the next game.
pub fn play<G: Game>(setup: &Setup, mut players: [&mut Option<Engine>; 2]) -> Played {
    let start = G::from_fen_with(setup.variant, &setup.opening.fen, &setup.rules)
        .expect("openings are checked before the match");
    let mut history = History::new(start);
    for text in &setup.opening.moves {
        history.push_text(text).expect("openings are checked before the match");
    }
    let mut moves = setup.opening.moves.clone();
    let finish = |moves: Vec<String>, outcome, termination| Played {
        start_fen: setup.opening.fen.clone(),
        moves,
        outcome,
        termination,
    };
    let forfeit = |loser: Color| Outcome::Win(!loser);

    for color in [Color::White, Color::Black] {
        let slot = &mut players[color.index()];
        let termination = match slot.as_mut().map(Engine::new_game) {
            Some(Ok(())) => continue,
            None | Some(Err(Failure::Exited)) => Termination::Crashed,
            Some(Err(Failure::Timeout)) => Termination::NotReady,
        };
        **slot = None;
        return finish(moves, forfeit(color), termination);
    }

    let mut clocks = setup.limits.map(|limit| match limit {
        Limit::Clock { base, .. } => base,
        Limit::MoveTime(_) | Limit::Nodes(_) | Limit::Depth(_) => Duration::ZERO,
    });
    let increments = setup.limits.map(|limit| match limit {
        Limit::Clock { increment, .. } => increment,
        Limit::MoveTime(_) | Limit::Nodes(_) | Limit::Depth(_) => Duration::ZERO,
    });
    let mut runs = ScoreRuns::default();
    let mut plies = 0;
    loop {
        if let Some(result) = history.result() {
            return finish(moves, result.outcome, Termination::Rules(result.reason));
        }
        let mover = history.position().side_to_move();
        let position = if moves.is_empty() {
            format!("position fen {}", setup.opening.fen)
        } else {
            format!("position fen {} moves {}", setup.opening.fen, moves.join(" "))
        };
        // The time the mover has, if the limit is one of time.
        let (go, time) = match setup.limits[mover.index()] {
            Limit::Clock { .. } => {
                let ms = |d: Duration| d.as_millis();
                (
                    format!(
                        "go wtime {} btime {} winc {} binc {}",
                        ms(clocks[0]),
                        ms(clocks[1]),
                        ms(increments[0]),
                        ms(increments[1])
                    ),
                    Some(clocks[mover.index()]),
                )
            }
            Limit::MoveTime(time) => (format!("go movetime {}", time.as_millis()), Some(time)),
            Limit::Nodes(n) => (format!("go nodes {n}"), None),
            Limit::Depth(d) => (format!("go depth {d}"), None),
        };
        let allowed = time.map_or(setup.move_timeout, |time| time + setup.time_margin);
        let slot = &mut players[mover.index()];
        let engine = slot.as_mut().expect("both players are present during the game");
        let started = Instant::now();
        let reply = engine.think(&position, &go, started + allowed);
        let elapsed = started.elapsed();
        let reply = match reply {
            Ok(reply) => reply,
            Err(failure) => {
                // Whatever state it is in, the engine is not trusted with another game.
                **slot = None;
                let termination = match failure {
                    Failure::Exited => Termination::Crashed,
                    Failure::Timeout if time.is_some() => Termination::TimeForfeit,
                    Failure::Timeout => Termination::Stalled,
                };
                return finish(moves, forfeit(mover), termination);
            }
        };
        if time.is_some_and(|time| elapsed > time + setup.time_margin) {
            return finish(moves, forfeit(mover), Termination::TimeForfeit);
        }
        if let Limit::Clock { .. } = setup.limits[mover.index()] {
            let clock = &mut clocks[mover.index()];
            *clock = clock.saturating_sub(elapsed) + increments[mover.index()];
        }
        // Recorded in the game's own notation, whichever form the engine used.
        let Ok(mv) = history.position().parse_move(&reply.bestmove) else {
            return finish(moves, forfeit(mover), Termination::IllegalMove(reply.bestmove));
        };
        moves.push(history.position().move_name(mv));
        history.push(mv);
        plies += 1;
        // The rules' own result comes before any adjudication.
        if history.result().is_none() {
            if let Some((outcome, termination)) = runs.record(&setup.adjudication, mover, reply.score, plies) {
                return finish(moves, outcome, termination);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds alternating White and Black scores; the ply and result of the first
    /// adjudication.
    fn adjudicate(rules: Adjudication, scores: &[Option<i32>]) -> Option<(u32, Outcome, Termination)> {
        let mut runs = ScoreRuns::default();
        scores.iter().zip(1..).find_map(|(&score, ply)| {
            let mover = if ply % 2 == 1 { Color::White } else { Color::Black };
            runs.record(&rules, mover, score, ply)
                .map(|(outcome, termination)| (ply, outcome, termination))
        })
    }

    #[test]
    fn resign_needs_the_losing_score_for_consecutive_own_moves() {
        let rules = Adjudication {
            resign: Some((500, 2)),
            draw: None,
        };
        // Black reports -600, -700: it resigns at its second such move (ply 4).
        let scores = [Some(50), Some(-600), Some(40), Some(-700)];
        assert_eq!(
            adjudicate(rules, &scores),
            Some((4, Outcome::Win(Color::White), Termination::Resigned))
        );
        // A better score, or none, between the two starts the count again.
        let broken = [Some(50), Some(-600), Some(40), Some(-100), Some(0), Some(-700)];
        assert_eq!(adjudicate(rules, &broken), None);
        let silent = [Some(50), Some(-600), Some(40), None, Some(0), Some(-700)];
        assert_eq!(adjudicate(rules, &silent), None);
        // -500 is at the threshold; mates count as big scores.
        let mated = [Some(-500), None, Some(-(100_000 - 3))];
        assert_eq!(
            adjudicate(rules, &mated),
            Some((3, Outcome::Win(Color::Black), Termination::Resigned))
        );
    }

    #[test]
    fn draw_needs_both_sides_level_from_the_given_move() {
        let rules = Adjudication {
            resign: None,
            draw: Some(DrawAdjudication {
                score: 10,
                moves: 2,
                after_move: 3,
            }),
        };
        // Four level plies in a row end the game, but not before move 3 is complete.
        let level = [Some(5); 8];
        assert_eq!(
            adjudicate(rules, &level),
            Some((6, Outcome::Draw, Termination::DrawAdjudicated))
        );
        let early_break = [
            Some(5),
            Some(5),
            Some(5),
            Some(5),
            Some(5),
            Some(30),
            Some(5),
            Some(5),
            Some(5),
        ];
        assert_eq!(adjudicate(rules, &early_break), None);
        assert_eq!(adjudicate(Adjudication::default(), &level), None);
    }
}
