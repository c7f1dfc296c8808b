//! Static evaluations by position hash, one small table per search thread: iterative
//! deepening and transpositions reach the same positions again, and evaluating is most
//! of the cost of a quiescence node.

/// Slots of the table, a power of two: 512 KiB, within the second-level cache.
const SLOTS: usize = 1 << 15;

/// The evaluation of a slot never written: no evaluator returns it.
const EMPTY: i32 = i32::MIN;

/// A direct-mapped table of evaluations: a new position takes its slot.
pub(super) struct EvalCache {
    /// Each slot's hash and evaluation.
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    pub fn new() -> Self {
        EvalCache {
            slots: vec![(0, EMPTY); SLOTS],
        }
    }

    /// Starts loading the slot of `hash` into the cache, for a lookup soon after.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        super::prefetch(&self.slots[(hash as usize) & (SLOTS - 1)]);
    }

    /// The evaluation of the position of `hash`, from the table or else from
    /// `evaluate`, which is then kept.
    #[inline]
    pub fn get_or_evaluate(&mut self, hash: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[(hash as usize) & (SLOTS - 1)];
        if slot.0 == hash && slot.1 != EMPTY {
            return slot.1;
        }
        let eval = evaluate();
        *slot = (hash, eval);
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_evaluated_once_until_another_takes_its_slot() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut evaluate = |hash: u64, eval: i32| {
            cache.get_or_evaluate(hash, || {
                calls += 1;
                eval
            })
        };
        assert_eq!(evaluate(0, 5), 5);
        assert_eq!(evaluate(0, 7), 5);
        assert_eq!(evaluate(SLOTS as u64, -3), -3);
        assert_eq!(evaluate(0, 9), 9);
        assert_eq!(calls, 3);
    }
}
