//! Playing below full strength (`Skill Level`, `UCI_LimitStrength` with `UCI_Elo`).
//!
//! A limited level searches a few lines to a shallow depth and picks among them with a
//! random bonus that grows as the level falls, so a weak level still plays moves a
//! person finds plausible, only not always the best one.

use super::{Limits, SearchOptions};

/// A strength level from 0 (weakest) to [`Skill::FULL`] (the full search).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

/// Elo of each calibrated level on Vorpal's own scale (level 0 is 1000 by convention),
/// from the ladder of `scripts/calibrate_levels.sh` in docs/STRENGTH_LEVELS.md, made
/// monotone where the error bars let two rungs cross. Odd levels are interpolated.
const CALIBRATION: [(u8, u32); 11] = [
    (0, 1000),
    (2, 1300),
    (4, 1530),
    (6, 1730),
    (8, 1810),
    (10, 1890),
    (12, 1960),
    (14, 2005),
    (16, 2005),
    (18, 2050),
    (20, 2415),
];

impl Skill {
    /// The full-strength level.
    pub const FULL: u8 = 20;
    /// Lines a limited level chooses from.
    pub(crate) const LINES: usize = 4;
    /// The range `UCI_Elo` accepts.
    pub const ELO_RANGE: (u32, u32) = (CALIBRATION[0].1, CALIBRATION[CALIBRATION.len() - 1].1);

    /// Full strength.
    pub const fn full() -> Skill {
        Skill { level: Self::FULL }
    }

    /// The level `level`, capped at [`Skill::FULL`].
    pub fn level(level: u8) -> Skill {
        Skill {
            level: level.min(Self::FULL),
        }
    }

    /// The highest level whose calibrated Elo does not exceed `elo`.
    pub fn from_elo(elo: u32) -> Skill {
        let level = (0..=Self::FULL)
            .rev()
            .find(|&level| Skill::level(level).elo() <= elo)
            .unwrap_or(0);
        Skill::level(level)
    }

    /// The calibrated Elo of this level, interpolated between the measured ones.
    pub fn elo(self) -> u32 {
        let upper = CALIBRATION
            .iter()
            .position(|&(level, _)| level >= self.level)
            .unwrap_or(0);
        let (high_level, high_elo) = CALIBRATION[upper];
        if upper == 0 || high_level == self.level {
            return high_elo;
        }
        let (low_level, low_elo) = CALIBRATION[upper - 1];
        low_elo + (high_elo - low_elo) * u32::from(self.level - low_level) / u32::from(high_level - low_level)
    }

    /// Whether play is weakened.
    pub(crate) fn is_limited(self) -> bool {
        self.level < Self::FULL
    }

    /// The deepest iteration a limited level searches.
    pub fn depth(self) -> u32 {
        1 + u32::from(self.level) / 2
    }

    /// Narrows a search to what this level looks at: a few lines, a shallow depth.
    pub fn restrict(self, limits: &mut Limits, options: &mut SearchOptions) {
        if self.is_limited() {
            limits.depth = Some(limits.depth.map_or(self.depth(), |depth| depth.min(self.depth())));
            options.multipv = options.multipv.max(Self::LINES);
        }
    }

    /// The largest random bonus, in centipawns, a line may get over the best one.
    fn noise(self) -> i32 {
        i32::from(Self::FULL - self.level) * 20
    }

    /// Picks among the searched `lines` (move and score, best first) the move that
    /// scores best once each line gets a random bonus, larger the lower the level; at
    /// full strength, the first.
    pub fn pick<M: Copy>(self, lines: &[(M, i32)], rng: &mut fastrand::Rng) -> Option<M> {
        if !self.is_limited() {
            return lines.first().map(|&(mv, _)| mv);
        }
        let noise = self.noise();
        lines
            .iter()
            .map(|&(mv, score)| (mv, score.saturating_add(rng.i32(0..=noise))))
            .max_by_key(|&(_, score)| score)
            .map(|(mv, _)| mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_elo_agree() {
        assert!(!Skill::full().is_limited());
        assert_eq!(Skill::level(99), Skill::full());
        assert_eq!(Skill::from_elo(Skill::ELO_RANGE.1), Skill::full());
        assert_eq!(Skill::from_elo(0), Skill::level(0));
        for level in 0..=Skill::FULL {
            let skill = Skill::level(level);
            assert_eq!(Skill::from_elo(skill.elo()).elo(), skill.elo(), "level {level}");
            if level > 0 {
                assert!(
                    skill.elo() >= Skill::level(level - 1).elo(),
                    "Elo never falls with the level"
                );
            }
        }
    }

    #[test]
    fn full_strength_takes_the_best_line_and_weak_levels_vary() {
        let lines = [("best", 50), ("second", 20), ("third", -10), ("blunder", -900)];
        let mut rng = fastrand::Rng::with_seed(7);
        assert_eq!(Skill::full().pick(&lines, &mut rng), Some("best"));
        let picks: Vec<_> = (0..200)
            .filter_map(|_| Skill::level(0).pick(&lines, &mut rng))
            .collect();
        assert!(picks.contains(&"best") && picks.contains(&"second") && picks.contains(&"third"));
        assert!(!picks.contains(&"blunder"), "the bonus never covers a lost piece");
        let strong: Vec<_> = (0..200)
            .filter_map(|_| Skill::level(19).pick(&lines, &mut rng))
            .collect();
        assert!(
            strong.iter().all(|&mv| mv == "best"),
            "a 20 cp bonus never covers 30 cp"
        );
        assert_eq!(Skill::level(0).pick::<&str>(&[], &mut rng), None);
    }
}
