//! `vorpal tune-net`: trains chess's correction network (`vorpal_eval::chess_net`) on
//! positions with White's expected score, as `vorpal tune` reads them. The network
//! learns what the hand-written evaluation leaves over: the error of
//! `sigmoid(K * (hand-written + network))` is minimised by Adam over shuffled batches,
//! each position seen as it is and mirrored left to right. One thread and a seeded
//! shuffle, so the same files give the same net to the last bit.

use crate::output::say;
use crate::tune::{parse, Sample};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use vorpal_engine::{Chess, Color, Position, Variant};
use vorpal_eval::chess_net::{self, CENTIPAWNS, FEATURES, HIDDEN, MAGIC, QA, QB};
use vorpal_eval::ChessEval;

/// The arguments of `vorpal tune-net`.
#[derive(Args)]
pub struct TuneNetArgs {
    /// Positions and White's expected scores (repeat the option for more files; a file
    /// given twice is learnt twice as much)
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// Passes over the positions; the last quarter at a tenth of the learning rate
    #[arg(long, default_value_t = 12)]
    epochs: u32,
    /// Adam's step size
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The sigmoid's scale per centipawn
    #[arg(long, default_value_t = 0.004199)]
    k: f32,
    /// Percent of each file, its last (so whole games), kept out of training to measure it
    #[arg(long, default_value_t = 10)]
    holdout: u32,
    /// Penalty on the square of the correction (in units of 400 centipawns), added to
    /// the error: it keeps the net from large corrections the data barely supports
    #[arg(long, default_value_t = 0.0)]
    penalty: f32,
    /// Seed of the initial weights and of the shuffles
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// File to write the network to (`eval/nets/` holds the one the engine plays with)
    #[arg(long)]
    out: PathBuf,
}

/// Positions in a batch: one step of Adam each.
const BATCH: usize = 16384;

/// A position as the network sees it.
struct Example {
    /// The side to move's features, then the other side's.
    views: [Vec<u16>; 2],
    /// The side to move's expected score.
    target: f32,
    /// The hand-written evaluation, in the network's raw units.
    base: f32,
}

impl Example {
    fn new(sample: &Sample<Chess>, eval: &ChessEval) -> Example {
        let us = sample.pos.side_to_move();
        let view = |color: Color| chess_net::features(&sample.pos, color).map(|f| f as u16).collect();
        Example {
            views: [view(us), view(!us)],
            target: if us == Color::White {
                sample.result
            } else {
                1.0 - sample.result
            } as f32,
            base: eval.hand_written(&sample.pos) as f32 / CENTIPAWNS as f32,
        }
    }

    fn mirrored(&self) -> Example {
        Example {
            views: self.views.clone().map(|view| {
                view.into_iter()
                    .map(|f| chess_net::mirrored(f as usize) as u16)
                    .collect()
            }),
            target: self.target,
            base: self.base,
        }
    }
}

/// The network in floating point, as it trains.
struct Net {
    hidden: Vec<f32>,
    hidden_bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

/// A small xorshift generator: the trainer needs repeatable numbers, not good ones.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [-0.5, 0.5).
    fn centred(&mut self) -> f32 {
        (self.next() >> 11) as f32 / (1u64 << 53) as f32 - 0.5
    }
}

/// Where each kind of weight starts in the flat list Adam steps over.
const HIDDEN_BIAS_AT: usize = FEATURES * HIDDEN;
const OUTPUT_AT: usize = HIDDEN_BIAS_AT + HIDDEN;
const OUTPUT_BIAS_AT: usize = OUTPUT_AT + 2 * HIDDEN;
const WEIGHTS: usize = OUTPUT_BIAS_AT + 1;

impl Net {
    /// A net that corrects nothing.
    fn zero() -> Net {
        Net {
            hidden: vec![0.0; FEATURES * HIDDEN],
            hidden_bias: vec![0.0; HIDDEN],
            output: vec![0.0; 2 * HIDDEN],
            output_bias: 0.0,
        }
    }

    fn new(rng: &mut Rng) -> Net {
        Net {
            hidden: (0..FEATURES * HIDDEN).map(|_| rng.centred() * 0.2).collect(),
            hidden_bias: vec![0.1; HIDDEN],
            // Small, so that training starts from the hand-written evaluation.
            output: (0..2 * HIDDEN).map(|_| rng.centred() * 0.02).collect(),
            output_bias: 0.0,
        }
    }

    /// The hidden units' sums for each view.
    fn units(&self, example: &Example) -> [[f32; HIDDEN]; 2] {
        example.views.each_ref().map(|view| {
            let mut sums = [0.0; HIDDEN];
            sums.copy_from_slice(&self.hidden_bias);
            for &f in view {
                let row = &self.hidden[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (sum, w) in sums.iter_mut().zip(row) {
                    *sum += w;
                }
            }
            sums
        })
    }

    /// The evaluation in raw units (hand-written and network), from the units' sums.
    fn output(&self, example: &Example, units: &[[f32; HIDDEN]; 2]) -> f32 {
        let mut out = self.output_bias + example.base;
        for (side, sums) in units.iter().enumerate() {
            for (unit, sum) in sums.iter().enumerate() {
                out += self.output[side * HIDDEN + unit] * sum.clamp(0.0, 1.0);
            }
        }
        out
    }

    fn expected(&self, example: &Example, k: f32) -> f32 {
        sigmoid(k * CENTIPAWNS as f32 * self.output(example, &self.units(example)))
    }

    fn error(&self, examples: &[Example], k: f32) -> f64 {
        // From +0.0: `Sum` for floats starts from -0.0, which an empty set would print.
        let total = examples
            .iter()
            .map(|e| f64::from(self.expected(e, k) - e.target).powi(2))
            .fold(0.0, |total, e| total + e);
        total / examples.len().max(1) as f64
    }

    /// The mean size of the net's correction over `examples`, in centipawns.
    fn mean_correction(&self, examples: &[Example]) -> f64 {
        let total = examples
            .iter()
            .map(|e| f64::from((self.output(e, &self.units(e)) - e.base).abs()))
            .fold(0.0, |total, c| total + c);
        total / examples.len().max(1) as f64 * f64::from(CENTIPAWNS)
    }

    /// Adds the gradient of the error and the penalty for `example` to `grad`; returns its
    /// squared error.
    fn backward(&self, example: &Example, schedule: &Schedule, grad: &mut [f32]) -> f32 {
        let k = schedule.k;
        let units = self.units(example);
        let out = self.output(example, &units);
        let p = sigmoid(k * CENTIPAWNS as f32 * out);
        let miss = p - example.target;
        let d_out = 2.0 * miss * p * (1.0 - p) * k * CENTIPAWNS as f32 + 2.0 * schedule.penalty * (out - example.base);
        grad[OUTPUT_BIAS_AT] += d_out;
        for (side, (sums, view)) in units.iter().zip(&example.views).enumerate() {
            for (unit, &sum) in sums.iter().enumerate() {
                grad[OUTPUT_AT + side * HIDDEN + unit] += d_out * sum.clamp(0.0, 1.0);
                if sum > 0.0 && sum < 1.0 {
                    let d_unit = d_out * self.output[side * HIDDEN + unit];
                    grad[HIDDEN_BIAS_AT + unit] += d_unit;
                    for &f in view {
                        grad[f as usize * HIDDEN + unit] += d_unit;
                    }
                }
            }
        }
        miss * miss
    }

    fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.hidden
            .iter_mut()
            .chain(&mut self.hidden_bias)
            .chain(&mut self.output)
            .chain(std::iter::once(&mut self.output_bias))
    }

    /// The file `chess_net` reads: quantized, little-endian.
    fn to_bytes(&self) -> Result<Vec<u8>, String> {
        // Each weight times its scale, rounded, refused beyond `limit` (or not a number,
        // as from a training that diverged).
        let quantize = |w: f32, scale: i32, limit: i32| -> Result<i32, String> {
            let q = (w * scale as f32).round();
            if !q.is_finite() || q.abs() > limit as f32 {
                return Err(format!("a weight ({w}) is too large to store"));
            }
            Ok(q as i32)
        };
        // The engine sums 32 men and a bias in 16 bits (`chess_net` checks it).
        let first_layer = i32::from(i16::MAX) / 33;
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        for &w in self.hidden.iter().chain(&self.hidden_bias) {
            bytes.extend_from_slice(&(quantize(w, QA, first_layer)? as i16).to_le_bytes());
        }
        for &w in &self.output {
            bytes.extend_from_slice(&(quantize(w, QB, i16::MAX.into())? as i16).to_le_bytes());
        }
        bytes.extend_from_slice(&quantize(self.output_bias, QA * QB, i32::MAX)?.to_le_bytes());
        Ok(bytes)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Adam's running moments, one pair per weight.
struct Adam {
    mean: Vec<f32>,
    square: Vec<f32>,
    steps: i32,
}

impl Adam {
    fn step(&mut self, net: &mut Net, grad: &[f32], scale: f32, rate: f32) {
        self.steps += 1;
        let mean_fix = 1.0 - 0.9f32.powi(self.steps);
        let square_fix = 1.0 - 0.999f32.powi(self.steps);
        for (i, w) in net.weights_mut().enumerate() {
            let g = grad[i] * scale;
            self.mean[i] = 0.9 * self.mean[i] + 0.1 * g;
            self.square[i] = 0.999 * self.square[i] + 0.001 * g * g;
            *w -= rate * (self.mean[i] / mean_fix) / ((self.square[i] / square_fix).sqrt() + 1e-8);
        }
    }
}

/// How the net is trained.
#[derive(Clone, Copy)]
struct Schedule {
    epochs: u32,
    learning_rate: f32,
    k: f32,
    penalty: f32,
    seed: u64,
}

/// Trains a net on `examples`; `on_epoch` hears each epoch's number, training error and
/// net.
fn train(examples: &[Example], schedule: &Schedule, mut on_epoch: impl FnMut(u32, f64, &Net)) -> Net {
    let mut rng = Rng(schedule.seed.max(1));
    let mut net = Net::new(&mut rng);
    let mut adam = Adam {
        mean: vec![0.0; WEIGHTS],
        square: vec![0.0; WEIGHTS],
        steps: 0,
    };
    let mut grad = vec![0.0; WEIGHTS];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    for epoch in 0..schedule.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        let rate = if epoch >= schedule.epochs * 3 / 4 {
            schedule.learning_rate * 0.1
        } else {
            schedule.learning_rate
        };
        let mut squared = 0.0f64;
        for batch in order.chunks(BATCH) {
            grad.fill(0.0);
            for &i in batch {
                squared += f64::from(net.backward(&examples[i], schedule, &mut grad));
            }
            adam.step(&mut net, &grad, 1.0 / batch.len() as f32, rate);
        }
        on_epoch(epoch + 1, squared / examples.len() as f64, &net);
    }
    net
}

/// Runs `vorpal tune-net`.
pub fn run(args: &TuneNetArgs) -> Result<(), String> {
    if args.holdout >= 100 {
        return Err("--holdout must be below 100".to_string());
    }
    if args.epochs == 0 {
        return Err("--epochs must be at least 1".to_string());
    }
    let positive = |x: f32| x > 0.0 && x.is_finite();
    if !positive(args.k) || !positive(args.learning_rate) {
        return Err("--k and --learning-rate must be positive numbers".to_string());
    }
    if !(args.penalty >= 0.0 && args.penalty.is_finite()) {
        return Err("--penalty must be a number from 0 up".to_string());
    }
    let eval = ChessEval::default();
    let mut examples = Vec::new();
    let mut held_out: Vec<(PathBuf, Vec<Example>)> = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (_, samples) = parse::<Chess>(Variant::Chess, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        let split = samples.len() - samples.len() * args.holdout as usize / 100;
        for sample in &samples[..split] {
            let example = Example::new(sample, &eval);
            examples.push(example.mirrored());
            examples.push(example);
        }
        if !held_out.iter().any(|(p, _)| p == path) {
            held_out.push((
                path.clone(),
                samples[split..].iter().map(|s| Example::new(s, &eval)).collect(),
            ));
        }
    }
    if examples.is_empty() {
        return Err("no positions to train on".to_string());
    }
    // Opened before the training, so that a path that cannot be written fails at once.
    let mut out = std::fs::File::create(&args.out).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let report = |net: &Net| -> String {
        held_out
            .iter()
            .map(|(path, examples)| {
                format!(
                    "{} {:.6} (mean correction {:.1} cp)",
                    path.display(),
                    net.error(examples, args.k),
                    net.mean_correction(examples)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    say!(
        "{} positions with their mirror images; held out, the hand-written evaluation alone: {}",
        examples.len(),
        report(&Net::zero())
    );
    let schedule = Schedule {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        k: args.k,
        penalty: args.penalty,
        seed: args.seed,
    };
    let net = train(&examples, &schedule, |epoch, error, net| {
        say!("epoch {epoch}: error {error:.6}; held out {}", report(net));
    });
    out.write_all(&net.to_bytes()?)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::{MoveList, Notation};
    use vorpal_eval::chess_net::ResidualNet;

    /// The position after a random legal move, or `None` at the game's end.
    fn random_successor(pos: &Chess, rng: &mut Rng) -> Option<Chess> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| pos.play(moves[(rng.next() % moves.len() as u64) as usize]))
    }

    /// Positions from seeded random games, each with a made-up score that the
    /// hand-written evaluation does not know: White wins when its king stands on the
    /// queen's side.
    fn examples() -> Vec<Example> {
        let eval = ChessEval::default();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut out = Vec::new();
        for _ in 0..40 {
            let mut pos = Chess::from_fen(
                Variant::Chess,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            )
            .unwrap();
            for _ in 0..30 {
                let Some(next) = random_successor(&pos, &mut rng) else {
                    break;
                };
                pos = next;
                let king = pos.board().pieces(Color::White, vorpal_engine::Kind::King).first();
                let result = if king.file() < 4 { 0.9 } else { 0.1 };
                out.push(Example::new(&Sample { pos, result }, &eval));
            }
        }
        out
    }

    #[test]
    fn training_learns_what_the_hand_written_evaluation_misses_and_the_engine_reads_it() {
        let examples = examples();
        let schedule = Schedule {
            epochs: 40,
            learning_rate: 0.01,
            k: 0.004199,
            penalty: 0.0,
            seed: 7,
        };
        let before = Net::zero().error(&examples, schedule.k);
        let mut errors = Vec::new();
        let net = train(&examples, &schedule, |_, error, _| errors.push(error));
        let after = net.error(&examples, schedule.k);
        assert_eq!(errors.len(), 40);
        assert!(after < before / 2.0, "error {before} -> {after}");
        // A penalty on the correction keeps it smaller.
        let held = train(
            &examples,
            &Schedule {
                penalty: 1.0,
                ..schedule
            },
            |_, _, _| {},
        );
        assert!(held.mean_correction(&examples) < net.mean_correction(&examples) / 2.0);
        // The same seed trains the same net.
        let again = train(&examples, &schedule, |_, _, _| {});
        assert_eq!(net.to_bytes().unwrap(), again.to_bytes().unwrap());
        // The engine's quantized net gives what the trainer's gives, to a few centipawns.
        let bytes = net.to_bytes().unwrap();
        assert_eq!(bytes.len(), ResidualNet::FILE_SIZE);
        let engine = ResidualNet::parse(&bytes).unwrap();
        let eval = ChessEval::default();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut pos = Chess::from_fen(
            Variant::Chess,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .unwrap();
        for _ in 0..40 {
            let example = Example::new(&Sample { pos, result: 0.5 }, &eval);
            let float = (net.output(&example, &net.units(&example)) - example.base) * CENTIPAWNS as f32;
            let quantized = engine.correction(&pos) as f32;
            assert!(
                (float - quantized).abs() <= 2.0 + float.abs() * 0.02,
                "{float} against {quantized}"
            );
            let Some(next) = random_successor(&pos, &mut rng) else {
                break;
            };
            pos = next;
        }
    }

    #[test]
    fn a_weight_the_engine_cannot_hold_is_refused() {
        let with = |set: fn(&mut Net)| {
            let mut net = Net::zero();
            set(&mut net);
            net.to_bytes()
        };
        // A first-layer weight must leave room for 32 men and the bias in 16 bits.
        assert!(with(|net| net.hidden[0] = 992.0 / QA as f32).is_ok());
        assert!(with(|net| net.hidden[0] = 993.0 / QA as f32).is_err());
        assert!(with(|net| net.hidden_bias[0] = 993.0 / QA as f32).is_err());
        // An output weight only has to fit 16 bits.
        assert!(with(|net| net.output[0] = 32_000.0 / QB as f32).is_ok());
        assert!(with(|net| net.output[0] = 33_000.0 / QB as f32).is_err());
        // A training that diverged writes nothing.
        assert!(with(|net| net.output_bias = f32::NAN).is_err());
        assert!(with(|net| net.hidden[5] = f32::INFINITY).is_err());
    }

    #[test]
    fn a_mirrored_position_has_the_mirrored_features() {
        let eval = ChessEval::default();
        let pos = Chess::from_fen(Variant::Chess, "4k3/8/8/8/8/8/1P6/4K3 b - - 0 1").unwrap();
        let twin = Chess::from_fen(Variant::Chess, "3k4/8/8/8/8/8/6P1/3K4 b - - 0 1").unwrap();
        let sorted = |e: &Example| {
            e.views.clone().map(|mut v| {
                v.sort_unstable();
                v
            })
        };
        let example = Example::new(&Sample { pos, result: 0.25 }, &eval);
        let mirrored = example.mirrored();
        assert_eq!(
            sorted(&mirrored),
            sorted(&Example::new(
                &Sample {
                    pos: twin,
                    result: 0.25
                },
                &eval
            ))
        );
        // Black to move: its target is its own share.
        assert_eq!(mirrored.target, 0.75);
    }
}
