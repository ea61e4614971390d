//! How much later moves are cut: the late-move reduction table and the move count beyond
//! which quiet moves are pruned at low depth.

use super::params::{FMC_BASE, FMC_NOT_IMPROVING_SHARE, LMR_BASE, LMR_DIVISOR, LMR_NOT_IMPROVING};

/// `LMR_TABLE[d][n]`: the base reduction of the `n`th move at depth `d` (both capped at 63),
/// ln(d)·ln(n)/2 rounded, as in Stockfish's `reductions[]`.
#[derive(Clone)]
pub(crate) struct LmrTable([[u8; 64]; 64]);

impl LmrTable {
    /// The parameters the table is built from (`lmr_base`, `lmr_divisor`).
    pub(crate) fn params() -> (i32, i32) {
        (LMR_BASE.get(), LMR_DIVISOR.get())
    }

    /// Builds the table (each thread keeps it while `params` stay the same).
    pub(crate) fn new() -> LmrTable {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((d as f64).ln() * (n as f64).ln() / LMR_DIVISOR.fraction()
                    + LMR_BASE.fraction()) as u8;
            }
        }
        LmrTable(t)
    }
}

/// Reduction for the `n`th move at `depth` (in plies), before adjustments.
#[inline]
pub(crate) fn reduction(table: &LmrTable, depth: i32, n: usize, improving: bool) -> i32 {
    let r = table.0[depth.clamp(0, 63) as usize][n.min(63)] as i32;
    if !improving && r > 1 {
        r + LMR_NOT_IMPROVING.get()
    } else {
        r
    }
}

/// Quiet moves beyond this count are not tried at low depth.
#[inline]
pub(crate) fn futility_move_count(improving: bool, depth: i32) -> usize {
    let n = (FMC_BASE.get() + depth * depth) as usize;
    if improving {
        n
    } else {
        n * FMC_NOT_IMPROVING_SHARE.get() as usize / FMC_NOT_IMPROVING_SHARE.scale as usize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reductions_follow_the_tuned_formula() {
        // The reduction table is params.rs's formula, growing with depth and move number.
        let t = LmrTable::new();
        for d in 1..64 {
            for n in 1..64 {
                let want = ((d as f64).ln() * (n as f64).ln() / 2.0 + 0.35) as i32;
                assert_eq!(reduction(&t, d, n, true), want, "{d} {n}");
                assert!(reduction(&t, d, n, true) >= reduction(&t, d, n - 1, true));
            }
        }
        assert_eq!(futility_move_count(true, 4), (FMC_BASE.get() + 16) as usize);
        assert_eq!(
            futility_move_count(false, 4),
            (FMC_BASE.get() + 16) as usize / 2 + 1
        );
    }
}
