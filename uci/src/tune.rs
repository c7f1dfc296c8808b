//! `vorpal tune`: Texel tuning. The evaluator's weights are fitted to the results of
//! the games `vorpal selfplay` wrote: the mean squared error between each game's result
//! and `sigmoid(K * eval)` of its quiet positions is minimised, first over the scale
//! `K` with the weights as they are, then over the weights by local search (each
//! weight a step up, else a step down, kept when the error falls).

use crate::output::say;
use clap::Args;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;
use vorpal_engine::search::Evaluator;
use vorpal_engine::{with_game, Color, Variant};
use vorpal_eval::{Evaluated, Params, Tunable};

/// The arguments of `vorpal tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Game whose evaluator to tune (protocol name)
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Positions and results, as `vorpal selfplay` writes them
    #[arg(long)]
    data: PathBuf,
    /// Passes over the weights at most
    #[arg(long, default_value_t = 20)]
    iterations: u32,
    /// The sigmoid's scale per centipawn (fitted to the data when absent)
    #[arg(long)]
    k: Option<f64>,
    /// First step of a weight, halved whenever a pass improves nothing
    #[arg(long, default_value_t = 8)]
    step: i32,
    /// Tune only the weights whose names start with one of these (comma-separated,
    /// e.g. `material,passed`); all when absent
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Percent of the positions, the file's last (so whole games), kept out of the fit
    /// to measure it: their error shows whether the weights learnt the games or the
    /// positions
    #[arg(long, default_value_t = 10)]
    holdout: u32,
    /// Penalty per squared unit (centipawns for most weights) that a weight moves from
    /// where it started, added to the error: it holds weights that the data barely
    /// determines (such as the middle game value of a count seen only in end games)
    /// near their start
    #[arg(long, default_value_t = 0.0)]
    ridge: f64,
    /// File to write the tuned weights to, as Rust source
    #[arg(long)]
    out: PathBuf,
}

/// A position and its game's result.
pub struct Sample<G> {
    /// The position.
    pub pos: G,
    /// White's score: the game's result (1, 0.5 or 0), or an expected score from 0 to 1
    /// (`scripts/label_positions.py` writes a stronger engine's).
    pub result: f64,
}

/// Reads `vorpal selfplay` output: the `#` lines, and the samples.
pub fn parse<G: Evaluated>(variant: Variant, text: &str) -> Result<(Vec<String>, Vec<Sample<G>>), String> {
    let mut comments = Vec::new();
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if let Some(comment) = line.strip_prefix('#') {
            comments.push(comment.trim().to_string());
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", number + 1);
        let (fen, result) = line
            .split_once('\t')
            .ok_or_else(|| bad("expected a FEN, a tab and a result".to_string()))?;
        let result = match result.trim().parse::<f64>() {
            Ok(score) if (0.0..=1.0).contains(&score) => score,
            _ => return Err(bad(format!("result '{}' is not a score from 0 to 1", result.trim()))),
        };
        let pos = G::from_fen(variant, fen).map_err(|e| bad(format!("{e}")))?;
        samples.push(Sample { pos, result });
    }
    Ok((comments, samples))
}

/// The evaluation from White's side.
fn white_eval<G: Evaluated>(evaluator: &G::Eval, pos: &G) -> f64 {
    let score = evaluator.evaluate(pos);
    f64::from(if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    })
}

fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// The sum of `f` over `samples`, in fixed chunks summed in order: the same data gives
/// the same error to the last bit whatever the threads do, so equal errors are equal.
fn sum_over<G: Sync>(samples: &[Sample<G>], f: impl Fn(&Sample<G>) -> f64 + Sync) -> f64 {
    let sums: Vec<f64> = samples
        .par_chunks(1024)
        .map(|chunk| chunk.iter().map(&f).sum())
        .collect();
    // From +0.0: `Sum` for floats starts from -0.0, which an empty held-out set printed.
    sums.iter().fold(0.0, |total, sum| total + sum)
}

/// The mean squared error of `evaluator` on `samples` at scale `k`.
pub fn error<G: Evaluated>(evaluator: &G::Eval, samples: &[Sample<G>], k: f64) -> f64 {
    let total = sum_over(samples, |s| {
        (s.result - sigmoid(k, white_eval::<G>(evaluator, &s.pos))).powi(2)
    });
    total / samples.len().max(1) as f64
}

/// The scale `k` that fits `evaluator` to `samples` best: a golden-section search over
/// the logarithm of `k`, the evaluations computed once.
pub fn fit_k<G: Evaluated>(evaluator: &G::Eval, samples: &[Sample<G>]) -> f64 {
    let scores: Vec<(f64, f64)> = samples
        .par_iter()
        .map(|s| (white_eval::<G>(evaluator, &s.pos), s.result))
        .collect();
    let error_at = |log_k: f64| -> f64 {
        let k = log_k.exp();
        scores
            .iter()
            .map(|&(score, result)| (result - sigmoid(k, score)).powi(2))
            .sum()
    };
    let (mut low, mut high) = (1e-5f64.ln(), 1e-1f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error_at(a) < error_at(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// How to search the weights.
#[derive(Clone, Debug)]
pub struct Search {
    /// The sigmoid's scale.
    pub k: f64,
    /// Passes over the weights at most.
    pub iterations: u32,
    /// First step.
    pub step: i32,
    /// Name prefixes of the weights to tune; all when empty.
    pub only: Vec<String>,
    /// Penalty per squared unit that a weight moves from its start.
    pub ridge: f64,
}

/// The weights of game `G`'s evaluator.
type ParamsOf<G> = <<G as Evaluated>::Eval as Tunable>::Params;

/// What [`tune`] reports after each pass: the pass, the error, the step and the weights.
type Progress<'a, G> = dyn FnMut(u32, f64, i32, &ParamsOf<G>) + 'a;

/// The sum of the squared differences of two lists of weights.
fn squared_distance(a: &[i32], b: &[i32]) -> i64 {
    a.iter().zip(b).map(|(x, y)| i64::from(x - y).pow(2)).sum()
}

/// Local search from `start`: each pass tries every chosen weight a step up, else a
/// step down, and keeps a change that lowers the objective, the error plus the ridge
/// penalty of the weights' distance from `start`; a pass that keeps nothing halves the
/// step, and the search ends after a fruitless pass at step 1. Weights that change no
/// evaluation in the first pass (a king's material, pawns on the back ranks) are left
/// alone afterwards. `progress` gets the error without the penalty.
pub fn tune<G: Evaluated>(
    start: &ParamsOf<G>,
    samples: &[Sample<G>],
    search: &Search,
    progress: &mut Progress<'_, G>,
) -> ParamsOf<G> {
    let mut params = start.clone();
    let mut values = params.values();
    let initial = values.clone();
    let penalty = |values: &[i32]| search.ridge * squared_distance(values, &initial) as f64;
    let error_of = |params: &mut <G::Eval as Tunable>::Params, values: &[i32]| -> f64 {
        params.set_values(values).expect("the same number of weights");
        error(&G::Eval::with_params(params.clone()), samples, search.k)
    };
    let mut live: Vec<usize> = params
        .names()
        .iter()
        .enumerate()
        .filter(|(_, name)| search.only.is_empty() || search.only.iter().any(|p| name.starts_with(p.as_str())))
        .map(|(i, _)| i)
        .collect();
    let mut best_error = error_of(&mut params, &values);
    let mut best = best_error;
    let mut step = search.step.max(1);
    for pass in 1..=search.iterations {
        let mut improved = false;
        let mut dead = Vec::new();
        for &i in &live {
            let mut unchanged = 0;
            for delta in [step, -step] {
                values[i] += delta;
                let e = error_of(&mut params, &values);
                let objective = e + penalty(&values);
                if objective < best {
                    (best, best_error) = (objective, e);
                    improved = true;
                    break;
                }
                values[i] -= delta;
                unchanged += u32::from(e == best_error);
            }
            if unchanged == 2 {
                dead.push(i);
            }
        }
        if pass == 1 {
            live.retain(|i| !dead.contains(i));
        }
        params.set_values(&values).expect("the same number of weights");
        progress(pass, best_error, step, &params);
        if !improved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    params.set_values(&values).expect("the same number of weights");
    params
}

/// Runs `vorpal tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    let variant = Variant::from_name(&args.variant).map_err(|e| e.to_string())?;
    if args.k.is_some_and(|k| k <= 0.0 || !k.is_finite()) {
        return Err("--k must be a positive number".to_string());
    }
    if args.step < 1 {
        return Err("--step must be at least 1".to_string());
    }
    if args.holdout >= 100 {
        return Err("--holdout must be below 100".to_string());
    }
    if args.ridge < 0.0 || !args.ridge.is_finite() {
        return Err("--ridge must be a number from 0 up".to_string());
    }
    let text = std::fs::read_to_string(&args.data).map_err(|e| format!("cannot read {}: {e}", args.data.display()))?;
    let source = with_game!(variant, G => tune_game::<G>(variant, args, &text))?;
    std::fs::write(&args.out, source).map_err(|e| format!("cannot write {}: {e}", args.out.display()))
}

fn tune_game<G: Evaluated>(variant: Variant, args: &TuneArgs, text: &str) -> Result<String, String> {
    let (comments, mut samples) = parse::<G>(variant, text).map_err(|e| format!("{}: {e}", args.data.display()))?;
    let held_out = samples.split_off(samples.len() - samples.len() * args.holdout as usize / 100);
    if samples.is_empty() {
        return Err(format!("{}: no positions to fit", args.data.display()));
    }
    let start = G::evaluator(variant);
    let names = start.params().names();
    if let Some(prefix) = args
        .only
        .iter()
        .find(|p| !names.iter().any(|n| n.starts_with(p.as_str())))
    {
        return Err(format!("no weight's name starts with '{prefix}'"));
    }
    let k = args.k.unwrap_or_else(|| fit_k::<G>(&start, &samples));
    let before = [error(&start, &samples, k), error(&start, &held_out, k)];
    say!(
        "{} positions ({} held out), {} weights, K {k:.6}, error {:.6} (held out {:.6})",
        samples.len(),
        held_out.len(),
        names.len(),
        before[0],
        before[1]
    );
    let clock = Instant::now();
    let search = Search {
        k,
        iterations: args.iterations,
        step: args.step,
        only: args.only.clone(),
        ridge: args.ridge,
    };
    let tuned = tune::<G>(start.params(), &samples, &search, &mut |pass, e, step, params| {
        let held_out = error(&G::Eval::with_params(params.clone()), &held_out, k);
        let time = clock.elapsed().as_secs_f64();
        say!("pass {pass}: error {e:.6} (held out {held_out:.6}), step {step}, {time:.0} s");
    });
    let tuned_eval = G::Eval::with_params(tuned.clone());
    let after = [error(&tuned_eval, &samples, k), error(&tuned_eval, &held_out, k)];
    let changed = start
        .params()
        .values()
        .iter()
        .zip(tuned.values())
        .filter(|(a, b)| **a != *b)
        .count();
    let errors = format!(
        "error before {:.6}, after {:.6}; held out {:.6}, {:.6}",
        before[0], after[0], before[1], after[1]
    );
    say!("{errors}; {changed} weights changed");
    let command: Vec<String> = std::env::args().collect();
    Ok(format!(
        "// Tuned by `{}`\n// on {} positions, {} more held out (K {k:.6}), made by `{}`:\n// {errors}.\n{}\n",
        command.join(" "),
        samples.len(),
        held_out.len(),
        comments.join("; "),
        tuned.source()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::{Chess, Notation, Position};

    /// Chess positions from random games, each labelled with the side whose material
    /// is ahead by the queen's count... of two queens: a world where the queen is
    /// worth much more than the evaluator thinks.
    fn synthetic() -> Vec<Sample<Chess>> {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut samples = Vec::new();
        while samples.len() < 300 {
            let mut pos = Chess::startpos(Variant::Chess);
            for _ in 0..rng.u32(10..80) {
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.usize(..moves.len())]);
            }
            let queens = |color| pos.board().pieces(color, vorpal_engine::Kind::Queen).count() as i32;
            let edge = queens(Color::White) - queens(Color::Black);
            let result = match edge.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
            samples.push(Sample { pos, result });
        }
        samples
    }

    #[test]
    fn tuning_lowers_the_error_and_parses_its_input() {
        let samples = synthetic();
        let start = vorpal_eval::ChessEval::default();
        let k = fit_k::<Chess>(&start, &samples);
        assert!(k > 1e-5 && k < 0.1, "{k}");
        let before = error(&start, &samples, k);
        let search = Search {
            k,
            iterations: 3,
            step: 16,
            only: vec!["material".to_string()],
            ridge: 0.0,
        };
        let mut passes = 0;
        let tuned = tune::<Chess>(start.params(), &samples, &search, &mut |_, _, _, _| passes += 1);
        let after = error(&vorpal_eval::ChessEval::with_params(tuned.clone()), &samples, k);
        assert!(after < before, "{after} vs {before}");
        assert!(passes >= 1);
        // The queen's material was raised; the tables were left alone.
        assert!(
            tuned.material[4].mg() + tuned.material[4].eg()
                > start.params().material[4].mg() + start.params().material[4].eg()
        );
        assert_eq!(tuned.tables, start.params().tables);

        // A ridge penalty of a whole unit of error per squared centipawn outweighs any
        // gain: nothing moves. A small one lets the queen move, less far.
        let distance = |params: &ParamsOf<Chess>| squared_distance(&params.values(), &start.params().values());
        let held = tune::<Chess>(
            start.params(),
            &samples,
            &Search {
                ridge: 1.0,
                ..search.clone()
            },
            &mut |_, _, _, _| {},
        );
        assert_eq!(held, *start.params());
        let ridged = tune::<Chess>(
            start.params(),
            &samples,
            &Search {
                ridge: 2e-6,
                ..search.clone()
            },
            &mut |_, _, _, _| {},
        );
        assert!(
            ridged.material[4].mg() + ridged.material[4].eg()
                > start.params().material[4].mg() + start.params().material[4].eg()
        );
        assert!(
            distance(&ridged) < distance(&tuned),
            "{} vs {}",
            distance(&ridged),
            distance(&tuned)
        );

        let text = format!(
            "# made by hand\n{}\t1\n\n{}\t0.5\n{}\t0.7312\n",
            samples[0].pos.fen(),
            samples[1].pos.fen(),
            samples[2].pos.fen()
        );
        let (comments, parsed) = parse::<Chess>(Variant::Chess, &text).unwrap();
        assert_eq!(comments, ["made by hand"]);
        assert_eq!(parsed.iter().map(|s| s.result).collect::<Vec<_>>(), [1.0, 0.5, 0.7312]);
        assert!(parse::<Chess>(Variant::Chess, "8/8/8/8 w - - 0 1\t1").is_err());
        for bad in ["2", "-0.1", "NaN", "win"] {
            assert!(parse::<Chess>(Variant::Chess, &format!("{}\t{bad}", samples[0].pos.fen())).is_err());
        }
    }
}
