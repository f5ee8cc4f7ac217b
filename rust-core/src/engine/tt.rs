//! Transposition table: one slot per index, replaced by depth and age,
//! shared by the search threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

use super::search::MATE_BOUND;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a search's best score says of the position, given the window
    /// the search began with: a fail high is a lower bound, a fail low an
    /// upper one.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` of this kind settles a search of the window
    /// `alpha..beta` without searching.
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub mv: u16,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// One entry packed into 64 bits: move, score, evaluation, depth, and the
/// bound in the low 2 bits of the last byte (0 means empty) with the age
/// above.
fn pack(mv: u16, score: i16, eval: i16, depth: i8, meta: u8) -> u64 {
    u64::from(mv)
        | u64::from(score as u16) << 16
        | u64::from(eval as u16) << 32
        | u64::from(depth as u8) << 48
        | u64::from(meta) << 56
}

fn meta(data: u64) -> u8 {
    (data >> 56) as u8
}

fn depth(data: u64) -> i8 {
    (data >> 48) as u8 as i8
}

/// A slot keeps the key XORed with the data beside the data: the search
/// threads share the table without locks, and a slot torn by two threads
/// writing at once fails the key check instead of answering with another
/// position's entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn read(&self, key: u64) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data == key && meta(data) & 3 != 0).then_some(data)
    }
}

pub struct TranspositionTable {
    slots: Box<[Slot]>,
    age: u8,
}

impl TranspositionTable {
    pub fn new(hash_mb: usize) -> TranspositionTable {
        let len = (hash_mb.max(1) * 1024 * 1024) / std::mem::size_of::<Slot>();
        TranspositionTable {
            slots: (0..len).map(|_| Slot::default()).collect(),
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Marks the start of a new search so that older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    /// Asks the processor to fetch `key`'s slot into the cache: a probe a
    /// few steps later then finds it there instead of waiting on memory,
    /// which costs more than anything else a node does.
    pub fn prefetch(&self, key: u64) {
        let slot: *const Slot = self.slot(key);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch
            // only hints the cache: it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(target_arch = "aarch64")]
        // SAFETY: PRFM only hints the cache: it reads nothing, writes
        // nothing and cannot fault, whatever the address.
        unsafe {
            std::arch::asm!(
                "prfm pldl1keep, [{0}]",
                in(reg) slot,
                options(nostack, preserves_flags, readonly)
            );
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        let _ = slot;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let data = self.slot(key).read(key)?;
        let bound = match meta(data) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv: data as u16,
            score: i32::from((data >> 16) as u16 as i16),
            eval: i32::from((data >> 32) as u16 as i16),
            depth: i32::from(depth(data)),
            bound,
        })
    }

    pub fn store(&self, key: u64, entry: Entry) {
        let age = self.age;
        let slot = self.slot(key);
        let old = slot.data.load(Ordering::Relaxed);
        let same = slot.check.load(Ordering::Relaxed) ^ old == key;
        let stale = meta(old) >> 2 != age;
        if !same && !stale && i32::from(depth(old)) > entry.depth + 2 && meta(old) & 3 != 0 {
            return;
        }
        let mv = if entry.mv == 0 && same {
            old as u16
        } else {
            entry.mv
        };
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = pack(
            mv,
            entry.score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            entry.eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            entry.depth.clamp(-1, 127) as i8,
            bound | (age << 2),
        );
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Occupancy in permille, from a sample of the table, counting only this search's entries.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let m = meta(s.data.load(Ordering::Relaxed));
                m & 3 != 0 && m >> 2 == self.age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// A score as the table keeps it: a mate counted from the node, not the
/// root, so that it holds wherever the position recurs.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen from a node `ply` plies below the root.
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::{Bound, Entry, TranspositionTable};

    fn entry(score: i32, eval: i32, depth: i32, bound: Bound) -> Entry {
        Entry {
            mv: 0x0abc,
            score,
            eval,
            depth,
            bound,
        }
    }

    #[test]
    fn an_entry_reads_back_as_stored_negative_fields_included() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, entry(-30_500, -417, -1, Bound::Upper));
        let read = tt.probe(key).expect("the entry just stored");
        assert_eq!(
            (read.mv, read.score, read.eval, read.depth, read.bound),
            (0x0abc, -30_500, -417, -1, Bound::Upper)
        );
        assert!(tt.probe(key ^ 1).is_none(), "another key shares no entry");
    }

    #[test]
    fn a_slot_torn_by_two_writers_is_not_read_as_an_entry() {
        let tt = TranspositionTable::new(1);
        let (a, b) = (0x1111_0000_0000_0001, 0x1111_0000_0000_0002);
        tt.store(a, entry(100, 20, 5, Bound::Exact));
        tt.store(b, entry(-100, -20, 3, Bound::Lower));
        // Both keys index one slot (they differ only in bits the index
        // ignores), which now holds `b`; a check that does not match its
        // data is what a write from another thread landing between the two
        // halves leaves.
        let slot = tt.slot(a);
        assert!(std::ptr::eq(slot, tt.slot(b)));
        let torn = slot.check.load(Ordering::Relaxed) ^ 0xffff_0000;
        slot.check.store(torn, Ordering::Relaxed);
        assert!(tt.probe(a).is_none());
        assert!(tt.probe(b).is_none());
    }

    #[test]
    fn a_best_score_is_classified_against_the_window_it_was_searched_with() {
        assert_eq!(Bound::of(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(30, 10, 50), Bound::Exact);
        assert_eq!(Bound::of(10, 10, 50), Bound::Upper);
        assert_eq!(Bound::of(-5, 10, 50), Bound::Upper);
    }

    #[test]
    fn a_stored_bound_settles_only_the_windows_it_decides() {
        assert!(Bound::Exact.cuts(30, 40, 50));
        assert!(Bound::Lower.cuts(60, 10, 50));
        assert!(!Bound::Lower.cuts(40, 10, 50));
        assert!(Bound::Upper.cuts(5, 10, 50));
        assert!(!Bound::Upper.cuts(20, 10, 50));
    }
}
