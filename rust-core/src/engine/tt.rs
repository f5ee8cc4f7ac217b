//! Transposition table: one slot per index, replaced by depth and age.

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

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    /// Bound in the low 2 bits (0 means empty), age above.
    meta: u8,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    age: u8,
}

impl TranspositionTable {
    pub fn new(hash_mb: usize) -> TranspositionTable {
        let len = (hash_mb.max(1) * 1024 * 1024) / std::mem::size_of::<Slot>();
        TranspositionTable {
            slots: vec![Slot::default(); len],
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.age = 0;
    }

    /// Marks the start of a new search so that older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[self.index(key)];
        if slot.key != key || slot.meta & 3 == 0 {
            return None;
        }
        let bound = match slot.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv: slot.mv,
            score: i32::from(slot.score),
            eval: i32::from(slot.eval),
            depth: i32::from(slot.depth),
            bound,
        })
    }

    pub fn store(&mut self, key: u64, entry: Entry) {
        let age = self.age;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let same = slot.key == key;
        let stale = slot.meta >> 2 != age;
        if !same && !stale && i32::from(slot.depth) > entry.depth + 2 && slot.meta & 3 != 0 {
            return;
        }
        let mv = if entry.mv == 0 && same {
            slot.mv
        } else {
            entry.mv
        };
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *slot = Slot {
            key,
            mv,
            score: entry.score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            eval: entry.eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: entry.depth.clamp(-1, 127) as i8,
            meta: bound | (age << 2),
        };
    }

    /// Occupancy in permille, from a sample of the table, counting only this search's entries.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.meta & 3 != 0 && s.meta >> 2 == self.age)
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
    use super::Bound;

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
