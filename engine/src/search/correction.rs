//! The correction history of the static evaluation, as Stockfish's: by side to move and
//! pawn structure, how far searches found the evaluation off. It lives with the
//! transposition table, for the whole game, so what the search learns on one move
//! still corrects the evaluation on the next.

use crate::types::Color;
use std::sync::atomic::{AtomicI16, Ordering};

/// Slots per side to move.
const SLOTS: usize = 1 << 14;
/// Entries stay within +-this.
const LIMIT: i32 = 1024;
/// An entry is this many times the correction it makes, in centipawns.
const GRAIN: i32 = 32;

/// Shared by the search threads without locks: a thread may overwrite another's
/// update, and the entry stays a valid average.
pub(crate) struct CorrectionHistory {
    entries: Vec<AtomicI16>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            entries: (0..2 * SLOTS).map(|_| AtomicI16::new(0)).collect(),
        }
    }

    pub fn clear(&self) {
        for entry in &self.entries {
            entry.store(0, Ordering::Relaxed);
        }
    }

    fn entry(&self, side: Color, pawn_key: u64) -> &AtomicI16 {
        &self.entries[side.index() * SLOTS + (pawn_key as usize & (SLOTS - 1))]
    }

    /// What to add to the static evaluation of a position of `side` to move with these
    /// pawns: at most a third of a pawn either way.
    #[inline]
    pub fn correction(&self, side: Color, pawn_key: u64) -> i32 {
        self.entry(side, pawn_key).load(Ordering::Relaxed) as i32 / GRAIN
    }

    /// Moves the entry of these pawns toward `error`, the searched score less the
    /// corrected evaluation, by a step that grows with the search's `depth`.
    pub fn update(&self, side: Color, pawn_key: u64, error: i32, depth: i32) {
        let entry = self.entry(side, pawn_key);
        let step = (error * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let old = entry.load(Ordering::Relaxed) as i32;
        // Gravity: a step toward the limit shrinks as the entry nears it.
        let new = old + step - old * step.abs() / LIMIT;
        entry.store(new as i16, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_correction_follows_the_errors_within_its_limit_until_cleared() {
        let history = CorrectionHistory::new();
        let key = 0x5eed;
        assert_eq!(history.correction(Color::White, key), 0);
        // A step is the error times depth / 8, at most a quarter of the limit.
        history.update(Color::White, key, 80, 4);
        assert_eq!(history.correction(Color::White, key), 40 / GRAIN);
        history.update(Color::White, key, 400, 8);
        assert_eq!(
            history.correction(Color::White, key),
            (40 + 256 - 40 * 256 / LIMIT) / GRAIN
        );
        for _ in 0..100 {
            history.update(Color::White, key, 1000, 20);
        }
        assert_eq!(history.correction(Color::White, key), LIMIT / GRAIN);
        // Each side to move has its own entry.
        assert_eq!(history.correction(Color::Black, key), 0);
        for _ in 0..100 {
            history.update(Color::Black, key, -1000, 20);
        }
        assert_eq!(history.correction(Color::Black, key), -LIMIT / GRAIN);
        history.clear();
        assert_eq!(history.correction(Color::White, key), 0);
        assert_eq!(history.correction(Color::Black, key), 0);
    }
}
