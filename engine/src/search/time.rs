//! Search limits as the protocol gives them, and the time budget derived from them.

use crate::game::TimeUse;
use crate::types::Color;
use std::time::Duration;

/// What `go` asked for. Absent fields do not limit the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Remaining clock time of White and Black.
    pub time: [Option<Duration>; 2],
    /// Increment per move of White and Black.
    pub increment: [Duration; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Exactly this long per move.
    pub move_time: Option<Duration>,
    /// At most this depth.
    pub depth: Option<u32>,
    /// At most about this many nodes (counted in steps of 1024).
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Answer only on `stop` (`go infinite`): a search that ends sooner waits for it.
    pub infinite: bool,
    /// Pondering on the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves, by their protocol names (`go searchmoves`); empty: all.
    pub search_moves: Vec<String>,
}

/// How long to think: `soft` is the target (no new iteration after most of it is
/// used), `hard` the moment the search is aborted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TimeBudget {
    /// The target.
    pub soft: Duration,
    /// The limit.
    pub hard: Duration,
}

impl Limits {
    /// The budget of `side` to move, spending the clock as `time_use` says, or `None`
    /// when time does not limit the search.
    pub(crate) fn budget(&self, side: Color, move_overhead: Duration, time_use: TimeUse) -> Option<TimeBudget> {
        if let Some(move_time) = self.move_time {
            let t = move_time.saturating_sub(move_overhead).max(Duration::from_millis(1));
            return Some(TimeBudget { soft: t, hard: t });
        }
        let remaining = self.time[side.index()]?;
        let available = remaining.saturating_sub(move_overhead).max(Duration::from_millis(1));
        let moves_to_go = self.moves_to_go.unwrap_or(time_use.moves_to_go).clamp(1, 50);
        let increment = self.increment[side.index()];
        let soft = (available / moves_to_go + increment * 3 / 4).min(available * 2 / 5);
        let hard = (soft * 4).min(available * 4 / 5).max(soft);
        Some(TimeBudget { soft, hard })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn move_time_is_used_whole_less_overhead() {
        let limits = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        assert_eq!(
            limits.budget(Color::White, ms(10), TimeUse::STANDARD),
            Some(TimeBudget {
                soft: ms(990),
                hard: ms(990)
            })
        );
    }

    #[test]
    fn clock_budget_stays_within_the_remaining_time() {
        let limits = Limits {
            time: [Some(ms(10_000)), Some(ms(200))],
            increment: [ms(100); 2],
            ..Limits::default()
        };
        let white = limits.budget(Color::White, ms(10), TimeUse::STANDARD).unwrap();
        assert!(white.soft > ms(300) && white.soft < ms(1000), "{white:?}");
        assert!(white.hard >= white.soft && white.hard < ms(8000));
        let black = limits.budget(Color::Black, ms(10), TimeUse::STANDARD).unwrap();
        assert!(black.hard < ms(200), "{black:?}");
        let last_move = Limits {
            time: [Some(ms(1000)), None],
            moves_to_go: Some(1),
            ..Limits::default()
        };
        assert!(last_move.budget(Color::White, ms(0), TimeUse::STANDARD).unwrap().hard <= ms(800));
    }

    #[test]
    fn clock_is_shared_over_the_games_moves_to_go_unless_go_gives_it() {
        let mut limits = Limits {
            time: [Some(ms(10_000)); 2],
            increment: [ms(100); 2],
            ..Limits::default()
        };
        // Chess's own setting, the one its SPRT accepted.
        let chess = <crate::Chess as crate::SearchHints>::TIME_USE;
        assert_eq!(chess.new_iteration_percent, [100, 85, 75, 65]);
        let soft = |limits: &Limits, time_use| limits.budget(Color::White, ms(10), time_use).unwrap().soft;
        assert_eq!(soft(&limits, TimeUse::STANDARD), ms(9990) / 25 + ms(75));
        assert_eq!(soft(&limits, chess), ms(9990) / 20 + ms(75));
        limits.moves_to_go = Some(10);
        assert_eq!(soft(&limits, TimeUse::STANDARD), ms(9990) / 10 + ms(75));
        assert_eq!(soft(&limits, chess), ms(9990) / 10 + ms(75));
    }

    #[test]
    fn a_changing_best_move_gets_more_of_the_budget_before_the_next_iteration() {
        let chess = <crate::Chess as crate::SearchHints>::TIME_USE;
        let soft = ms(1000);
        let limits: Vec<Duration> = (0..6).map(|kept| chess.new_iteration_limit(soft, kept)).collect();
        assert_eq!(limits, [ms(1000), ms(850), ms(750), ms(650), ms(650), ms(650)]);
        assert_eq!(TimeUse::STANDARD.new_iteration_limit(soft, 0), ms(600));
        assert_eq!(TimeUse::STANDARD.new_iteration_limit(soft, 7), ms(600));
    }

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(
            Limits {
                depth: Some(5),
                ..Limits::default()
            }
            .budget(Color::White, ms(0), TimeUse::STANDARD),
            None
        );
        assert_eq!(
            Limits {
                time: [None, Some(ms(5))],
                ..Limits::default()
            }
            .budget(Color::White, ms(0), TimeUse::STANDARD),
            None
        );
    }
}
