//! The solver's table: proof and disproof numbers (as φ/δ of the side to move) per position
//! key, in buckets of four, replacing the entry whose subtree cost least to search.

/// "Infinite" proof or disproof number: the node is decided.
pub(super) const INF: u32 = u32::MAX;

/// One position's numbers. `phi == 0`: the side to move wins the mate game; `delta == 0`: it
/// loses. `len`: plies to the mate when the attacker wins. `work`: nodes spent below it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ProofEntry {
    pub key: u64,
    pub phi: u32,
    pub delta: u32,
    pub work: u32,
    pub len: u16,
}

/// Entries per bucket.
const WAYS: usize = 4;

/// A fixed-size table of [`ProofEntry`]s (key 0 marks an empty slot; a real key 0 is simply not
/// kept).
pub(super) struct ProofTable {
    entries: Vec<ProofEntry>,
    mask: usize,
}

impl ProofTable {
    /// A table of about `mb` MiB (a power of two entries), or the largest power-of-two size
    /// below it that can be had.
    pub fn new(mb: usize) -> ProofTable {
        let size = std::mem::size_of::<ProofEntry>();
        let mut n = ((mb.max(1) << 20) / size).next_power_of_two();
        if n * size > mb.max(1) << 20 {
            n /= 2;
        }
        loop {
            let mut entries = Vec::new();
            if entries.try_reserve_exact(n).is_ok() || n <= 1024 {
                entries.resize(n.max(WAYS), ProofEntry::default());
                let mask = (entries.len() / WAYS) - 1;
                return ProofTable { entries, mask };
            }
            n /= 2;
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(ProofEntry::default());
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * WAYS
    }

    /// The entry of `key`, if kept.
    pub fn get(&self, key: u64) -> Option<ProofEntry> {
        if key == 0 {
            return None;
        }
        let b = self.bucket(key);
        self.entries[b..b + WAYS]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `e` over its own old entry, an empty slot, or the bucket's cheapest entry.
    pub fn put(&mut self, e: ProofEntry) {
        if e.key == 0 {
            return;
        }
        let b = self.bucket(e.key);
        let slots = &mut self.entries[b..b + WAYS];
        let i = slots
            .iter()
            .position(|s| s.key == e.key || s.key == 0)
            .unwrap_or_else(|| (0..WAYS).min_by_key(|&i| slots[i].work).unwrap_or(0));
        slots[i] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_and_replaces_the_cheapest() {
        let mut t = ProofTable::new(1);
        let e = |key, work| ProofEntry {
            key,
            phi: 1,
            delta: 2,
            work,
            len: 0,
        };
        let stride = (t.mask as u64) + 1;
        for i in 0..4 {
            t.put(e(5 + i * stride, 10 + i as u32));
        }
        assert_eq!(t.get(5).map(|x| x.work), Some(10));
        t.put(e(5 + 4 * stride, 99));
        assert_eq!(t.get(5), None, "the cheapest entry of the full bucket went");
        assert_eq!(t.get(5 + 4 * stride).map(|x| x.work), Some(99));
        assert_eq!(t.get(5 + stride).map(|x| x.work), Some(11));
        t.put(e(5 + stride, 7));
        assert_eq!(
            t.get(5 + stride).map(|x| x.work),
            Some(7),
            "own entry overwritten"
        );
    }
}
