//! The transposition table: shared by all search threads without locks. Each slot is
//! two atomic words, the key stored XORed with the data, so a torn write by two
//! threads reads back as a miss instead of a wrong entry.

use super::correction::CorrectionHistory;
use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says of the true one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// It is the true score.
    Exact,
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

/// What the table keeps of a searched position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// [`crate::SearchHints::move_code`] of the best move, 0 when none.
    pub move_code: u32,
    /// The score found.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the score says.
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The transposition table, shared by the search threads without locks.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    generation: AtomicU8,
    /// Kept for the whole game, as the entries are, and cleared with them.
    corrections: CorrectionHistory,
}

const MOVE_BITS: u64 = 28;

impl Entry {
    fn pack(&self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (self.move_code as u64 & ((1 << MOVE_BITS) - 1))
            | ((self.score as i16 as u16 as u64) << 28)
            | ((self.depth.clamp(0, 255) as u64) << 44)
            | (bound << 52)
            | ((generation as u64 & 63) << 54)
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> 52) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            move_code: (data & ((1 << MOVE_BITS) - 1)) as u32,
            score: ((data >> 28) & 0xffff) as u16 as i16 as i32,
            depth: ((data >> 44) & 0xff) as i32,
            bound,
        })
    }
}

/// The size of Linux's transparent huge pages on x86-64 (and on aarch64 with 4 KB pages).
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// The huge-page-aligned part of `bytes` bytes from `start`, as (start, length), or
/// None when no whole huge page lies within them.
#[cfg(target_os = "linux")]
fn huge_page_span(start: usize, bytes: usize) -> Option<(usize, usize)> {
    let first = start.checked_next_multiple_of(HUGE_PAGE)?;
    let end = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
    (end > first).then(|| (first, end - first))
}

/// Asks Linux to back the table's still untouched allocation of `bytes` bytes from
/// `allocation` with huge pages. Probes land anywhere in the table, so with 4 KB pages
/// nearly each one misses the address translation cache as well as the data cache; a
/// few dozen huge pages fit in it. Only a hint: where huge pages are off or scarce, the
/// table works as before.
#[cfg(target_os = "linux")]
fn advise_huge_pages(allocation: usize, bytes: usize) {
    if let Some((start, length)) = huge_page_span(allocation, bytes) {
        // SAFETY: the span lies inside the table's allocation, which the caller owns,
        // and the advice changes how its pages are backed, never what they hold.
        unsafe {
            libc::madvise(start as *mut libc::c_void, length, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_allocation: usize, _bytes: usize) {}

fn generation_of(data: u64) -> u8 {
    ((data >> 54) & 63) as u8
}

impl TranspositionTable {
    /// A table of `megabytes` (at least 1), or an error when the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, TryReserveError> {
        let bytes = megabytes.max(1).saturating_mul(1024 * 1024);
        let count = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count)?;
        advise_huge_pages(slots.as_ptr() as usize, slots.capacity() * std::mem::size_of::<Slot>());
        slots.extend((0..count).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Ok(TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
            corrections: CorrectionHistory::new(),
        })
    }

    /// A table of a size the program chose (the protocol's default, a bench's), not
    /// one a user asked for; those go through [`TranspositionTable::try_new`].
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::try_new(megabytes).expect("a table of the program's own small size can be allocated")
    }

    /// The table's size in megabytes, as [`TranspositionTable::try_new`] was asked.
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * std::mem::size_of::<Slot>()).div_ceil(1024 * 1024)
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
        self.corrections.clear();
    }

    /// The correction history of the static evaluation, which lives as long as the
    /// table's entries.
    pub(crate) fn corrections(&self) -> &CorrectionHistory {
        &self.corrections
    }

    /// Called once per search so that old entries give way first.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & 63;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline(always)]
    fn slot(&self, hash: u64) -> &Slot {
        // Multiply-shift maps the hash onto any table size without a division.
        let index = ((hash as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// Starts loading the slot of `hash` into the cache, for a probe soon after.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        super::prefetch(self.slot(hash));
    }

    /// The entry of `hash`, if stored.
    #[inline]
    pub(crate) fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = self.slot(hash);
        let data = slot.data.load(Ordering::Relaxed);
        if slot.check.load(Ordering::Relaxed) ^ data != hash {
            return None;
        }
        Entry::unpack(data)
    }

    /// Stores `entry` for `hash`, replacing by depth and age.
    #[inline]
    pub(crate) fn store(&self, hash: u64, mut entry: Entry) {
        let slot = self.slot(hash);
        let generation = self.generation.load(Ordering::Relaxed);
        let old_data = slot.data.load(Ordering::Relaxed);
        let same_position = slot.check.load(Ordering::Relaxed) ^ old_data == hash;
        if let Some(old) = Entry::unpack(old_data) {
            let current = generation_of(old_data) == generation;
            if same_position && entry.move_code == 0 {
                entry.move_code = old.move_code;
            }
            // Keep a deeper entry of this search unless the new one is exact.
            if current && old.depth > entry.depth + 2 && entry.bound != Bound::Exact && !same_position {
                return;
            }
        }
        let data = entry.pack(generation);
        slot.check.store(hash ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                Entry::unpack(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn huge_pages_are_advised_only_within_the_table() {
        const MB: usize = 1 << 20;
        assert_eq!(huge_page_span(16, 64 * MB), Some((2 * MB, 62 * MB)));
        assert_eq!(huge_page_span(2 * MB, 64 * MB), Some((2 * MB, 64 * MB)));
        assert_eq!(huge_page_span(16, 3 * MB), None);
        assert_eq!(huge_page_span(4096, 4 * MB), Some((2 * MB, 2 * MB)));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_table_s_memory_is_advised_to_take_huge_pages() {
        // A kernel built without transparent huge pages refuses the advice.
        if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists() {
            return;
        }
        let tt = TranspositionTable::new(8);
        let bytes = tt.slots.capacity() * std::mem::size_of::<Slot>();
        let (advised, _) = huge_page_span(tt.slots.as_ptr() as usize, bytes).unwrap();
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        let mut flags = None;
        for line in smaps.lines() {
            if let Some(range) = line
                .split_whitespace()
                .next()
                .filter(|r| r.contains('-') && !r.ends_with(':'))
            {
                let (start, end) = range.split_once('-').unwrap();
                let parse = |hex| usize::from_str_radix(hex, 16).unwrap_or(0);
                inside = (parse(start)..parse(end)).contains(&advised);
            } else if inside && line.starts_with("VmFlags:") {
                flags = Some(line.to_string());
            }
        }
        // `hg` marks memory advised with MADV_HUGEPAGE.
        let flags = flags.expect("the table's memory is mapped");
        assert!(flags.split_whitespace().any(|f| f == "hg"), "{flags}");
    }

    #[test]
    fn entries_round_trip_through_the_table() {
        let tt = TranspositionTable::new(1);
        let entry = Entry {
            move_code: 0xabcdef,
            score: -31_990,
            depth: 17,
            bound: Bound::Lower,
        };
        tt.store(0x1234_5678_9abc_def0, entry);
        assert_eq!(tt.probe(0x1234_5678_9abc_def0), Some(entry));
        assert_eq!(tt.probe(0x1234_5678_9abc_def1), None);
        tt.clear();
        assert_eq!(tt.probe(0x1234_5678_9abc_def0), None);
    }

    #[test]
    fn a_store_without_move_keeps_the_known_move() {
        let tt = TranspositionTable::new(1);
        tt.store(
            99,
            Entry {
                move_code: 7,
                score: 10,
                depth: 3,
                bound: Bound::Exact,
            },
        );
        tt.store(
            99,
            Entry {
                move_code: 0,
                score: 20,
                depth: 4,
                bound: Bound::Upper,
            },
        );
        assert_eq!(tt.probe(99).map(|e| (e.move_code, e.score)), Some((7, 20)));
    }

    #[test]
    fn hashfull_counts_this_search() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for key in 0..200_000u64 {
            tt.store(
                key.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Entry {
                    move_code: 1,
                    score: 0,
                    depth: 1,
                    bound: Bound::Exact,
                },
            );
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
