//! Match statistics: the Elo difference with its 95% error bars, from single games
//! (trinomial) or from game pairs played with colours reversed (pentanomial), and the
//! sequential probability ratio test on pairs, with the formulas fastchess reports:
//! the score's mean and variance give the normal approximation of the log-likelihood
//! ratio (Van den Bergh's GSPRT).

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Games won, drawn and lost, from the first engine's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn add(&mut self, points: Points) {
        match points {
            Points::Win => self.wins += 1,
            Points::Draw => self.draws += 1,
            Points::Loss => self.losses += 1,
        }
    }

    /// The Elo difference estimated from the games one by one.
    pub fn elo(&self) -> Option<EloEstimate> {
        let outcomes = [
            (1.0, self.wins as f64),
            (0.5, self.draws as f64),
            (0.0, self.losses as f64),
        ];
        EloEstimate::from_distribution(&outcomes)
    }
}

/// One game's result for the first engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Points {
    Win,
    Draw,
    Loss,
}

impl Points {
    /// Half-points: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn half_points(self) -> usize {
        match self {
            Points::Win => 2,
            Points::Draw => 1,
            Points::Loss => 0,
        }
    }
}

/// Game pairs by the first engine's total over the pair, in half-points: index 0 is
/// two losses (LL), 1 a loss and a draw (LD), 2 two draws or a win and a loss
/// (DD+WL), 3 a win and a draw (WD), 4 two wins (WW). Printed in this order, as
/// fastchess prints `Ptnml(0-2)`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    pub fn add_pair(&mut self, first: Points, second: Points) {
        self.0[first.half_points() + second.half_points()] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Each pair's share of the four half-points, with how many pairs scored it.
    fn distribution(&self) -> [(f64, f64); 5] {
        std::array::from_fn(|i| (i as f64 / 4.0, self.0[i] as f64))
    }

    /// The Elo difference estimated from the pairs (a narrower interval than from the
    /// games, as the two games of a pair are correlated through their opening).
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_distribution(&self.distribution())
    }
}

/// Mean score and variance of one observation, from (score, weight) pairs.
fn mean_and_variance(outcomes: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n: f64 = outcomes.iter().map(|&(_, k)| k).sum();
    if n == 0.0 {
        return None;
    }
    let mean = outcomes.iter().map(|&(x, k)| x * k).sum::<f64>() / n;
    let variance = outcomes.iter().map(|&(x, k)| k * (x - mean).powi(2)).sum::<f64>() / n;
    Some((n, mean, variance))
}

/// The weight an empty outcome gets in the SPRT, as fishtest regularises: without it a
/// match in which every pair scored alike has no variance and its LLR never moves.
const EMPTY_OUTCOME_WEIGHT: f64 = 1e-3;

/// The logistic Elo difference that an expected score stands for.
pub fn elo_from_score(score: f64) -> f64 {
    // Adding zero turns the -0.0 of an even score into 0.0.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Half the width of the 95% interval (infinite when the score is 0 or 1).
    pub margin: f64,
}

impl EloEstimate {
    fn from_distribution(outcomes: &[(f64, f64)]) -> Option<EloEstimate> {
        let (n, mean, variance) = mean_and_variance(outcomes)?;
        let spread = Z95 * (variance / n).sqrt();
        let (low, high) = (
            elo_from_score((mean - spread).max(0.0)),
            elo_from_score((mean + spread).min(1.0)),
        );
        let elo = elo_from_score(mean);
        Some(EloEstimate {
            elo,
            // All won or all lost: no finite bound on either side.
            margin: if elo.is_finite() {
                (high - low) / 2.0
            } else {
                f64::INFINITY
            },
        })
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.2} +/- {:.2}", self.elo, self.margin)
    }
}

/// How SPRT's Elo bounds are read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SprtModel {
    /// Normalised Elo (fastchess's default): the bounds scale with the measured spread.
    Normalized,
    /// Logistic Elo.
    Logistic,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

/// Which hypothesis the test accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The difference is at most elo0.
    H0,
    /// The difference is at least elo1.
    H1,
}

impl Sprt {
    /// The test, or why its parameters are unusable.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: SprtModel) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!(
                "SPRT needs finite Elo bounds elo0 < elo1, got {elo0} and {elo1}"
            ));
        }
        if !(0.0 < alpha && alpha < 1.0 && 0.0 < beta && beta < 1.0 && alpha + beta < 1.0) {
            return Err(format!(
                "SPRT needs alpha and beta between 0 and 1 with alpha + beta < 1, got {alpha} and {beta}"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model,
        })
    }

    /// The LLR bounds: H0 is accepted at or below the first, H1 at or above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these pairs.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let regularized = pairs.distribution().map(|(x, k)| (x, k.max(EMPTY_OUTCOME_WEIGHT)));
        let Some((n, mean, variance)) = mean_and_variance(&regularized) else {
            return 0.0;
        };
        let expected = |elo: f64| match self.model {
            SprtModel::Logistic => 1.0 / (1.0 + 10f64.powf(-elo / 400.0)),
            // A pair's standard deviation is sqrt(2 var) in game units.
            SprtModel::Normalized => 0.5 + elo * (2.0 * variance).sqrt() * std::f64::consts::LN_10 / 800.0,
        };
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance / n)
    }

    pub fn verdict(&self, llr: f64) -> Option<SprtVerdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtVerdict::H1)
        } else if llr <= lower {
            Some(SprtVerdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is 400 log10(3) = 190.85 Elo; 50% is level; 1/(1+10^-0.25) = 0.6400 is 100.
        assert!(close(elo_from_score(0.75), 190.848, 1e-3));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(1.0 / (1.0 + 10f64.powf(-0.25))), 100.0, 1e-9));
    }

    #[test]
    fn trinomial_error_bars() {
        // 60 wins, 20 draws, 20 losses: score 0.7, per-game variance
        // (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16, standard error 0.04; the interval
        // 0.7 -/+ 1.96*0.04 = 0.6216 .. 0.7784 gives 86.8 and 218.8 Elo, so
        // 147.19 +/- 66.01 (computed apart with Python's math module).
        let tally = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let estimate = tally.elo().unwrap();
        assert!(close(estimate.elo, 147.19, 0.01), "{estimate}");
        assert!(close(estimate.margin, 66.01, 0.01), "{estimate}");
        assert_eq!(Tally::default().elo(), None);
        let all_won = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all_won.elo().unwrap().to_string(), "inf +/- inf");
    }

    #[test]
    fn pentanomial_counts_pairs_by_half_points() {
        let mut pairs = Pentanomial::default();
        pairs.add_pair(Points::Win, Points::Loss);
        pairs.add_pair(Points::Draw, Points::Draw);
        pairs.add_pair(Points::Win, Points::Draw);
        pairs.add_pair(Points::Loss, Points::Loss);
        assert_eq!(pairs.0, [1, 0, 2, 1, 0]);
        assert_eq!(pairs.pairs(), 4);
    }

    #[test]
    fn pentanomial_error_bars() {
        // Pairs [LL, LD, DD+WL, WD, WW] = [5, 20, 40, 25, 10]: mean pair score
        // (20*0.25 + 40*0.5 + 25*0.75 + 10)/100 = 0.5375, variance
        // sum k (x - 0.5375)^2 / 100 = 0.06421875, standard error 0.025341; the interval
        // 0.48783 .. 0.58717 gives -8.46 and 61.20 Elo: 26.11 +/- 34.83.
        let pairs = Pentanomial([5, 20, 40, 25, 10]);
        let estimate = pairs.elo().unwrap();
        assert!(close(estimate.elo, 26.11, 0.01), "{estimate}");
        assert!(close(estimate.margin, 34.83, 0.01), "{estimate}");
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, SprtModel::Normalized).unwrap();
        // ln(0.05/0.95) and ln(0.95/0.05).
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        // The pairs above: variance 0.06421875, so s0 = 0.5 and
        // s1 = 0.5 + 10 sqrt(2 * 0.06421875) ln10 / 800 = 0.510315; LLR =
        // (s1 - s0)(2*0.5375 - s0 - s1) / (2 * 0.06421875 / 100) = 0.51950.
        let pairs = Pentanomial([5, 20, 40, 25, 10]);
        assert!(close(sprt.llr(&pairs), 0.519_50, 1e-4), "{}", sprt.llr(&pairs));
        assert_eq!(sprt.verdict(sprt.llr(&pairs)), None);
        // Logistic bounds: s1 = 1/(1+10^(-10/400)) = 0.514387; LLR = 0.014387 *
        // (1.075 - 1.014387) / 0.001284375 = 0.67897.
        let logistic = Sprt::new(0.0, 10.0, 0.05, 0.05, SprtModel::Logistic).unwrap();
        assert!(close(logistic.llr(&pairs), 0.678_97, 1e-4), "{}", logistic.llr(&pairs));
        // Ten times the pairs: ten times the LLR, past the upper bound.
        let many = Pentanomial(pairs.0.map(|k| k * 10));
        assert_eq!(sprt.verdict(sprt.llr(&many)), Some(SprtVerdict::H1));
        let mirrored = Pentanomial([100, 250, 400, 200, 50]);
        assert_eq!(sprt.verdict(sprt.llr(&mirrored)), Some(SprtVerdict::H0));
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn sprt_decides_when_every_pair_scored_alike() {
        // No spread at all: the empty outcomes' small weight gives the test a variance,
        // so a one-sided match still ends.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05, SprtModel::Normalized).unwrap();
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([0, 0, 0, 0, 20]))),
            Some(SprtVerdict::H1)
        );
        assert_eq!(
            sprt.verdict(sprt.llr(&Pentanomial([20, 0, 0, 0, 0]))),
            Some(SprtVerdict::H0)
        );
        // All drawn is an even score: in logistic Elo that rejects +10 at once; in
        // normalised Elo, whose bounds shrink with the spread, it stays undecided.
        let logistic = Sprt::new(0.0, 10.0, 0.05, 0.05, SprtModel::Logistic).unwrap();
        let drawn = Pentanomial([0, 0, 40, 0, 0]);
        assert_eq!(logistic.verdict(logistic.llr(&drawn)), Some(SprtVerdict::H0));
        assert_eq!(sprt.verdict(sprt.llr(&drawn)), None);
    }

    #[test]
    fn bad_sprt_parameters_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05, SprtModel::Normalized).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05, SprtModel::Normalized).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5, SprtModel::Logistic).is_err());
    }
}
