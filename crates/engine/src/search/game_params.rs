//! The search's side of each game's description: the search parameters a game plays with
//! instead of the defaults (docs/spsa.md, "Per-game values"). [`overrides`] is the one place
//! in the search that maps a [`Variant`] to them, as `eval::games::of` does for the
//! evaluation; it lives here so that the evaluation never names the search's parameters.

use super::params::{LMR_NON_PV, Param};
use longjiang_core::rules::Variant;

/// The parameters `game` plays with instead of their defaults: a parameter of
/// `search::params` and a value in its range, each parameter at most once.
pub fn overrides(game: Variant) -> &'static [(&'static Param, i32)] {
    match game {
        Variant::Longjiang => &DROP,
        Variant::LongjiangNoDrop => &NODROP,
        Variant::Shogi => &[],
    }
}

/// The drop game's values.
static DROP: [(&Param, i32); 1] = [
    // Two more plies of LMR at non-PV nodes: +59.2 ± 42.2 at 5+0.05 (notes/search-tree.md).
    (&LMR_NON_PV, 2),
];

/// The no-drop game's values.
static NODROP: [(&Param, i32); 1] = [
    // One more ply of LMR at non-PV nodes (Stockfish's): +34.7 ± 49.3 at 10+0.1 (notes/search-tree.md).
    (&LMR_NON_PV, 1),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::{RFP_MARGIN, Values};

    /// Every game's search overrides are in range, each parameter at most once.
    #[test]
    fn every_games_overrides_are_in_range() {
        for v in Variant::EVERY {
            let list = overrides(v);
            for &(p, value) in list {
                assert!(p.check(value).is_ok(), "{v}: {} {value}", p.name());
                let twice = list.iter().filter(|(q, _)| std::ptr::eq(*q, p)).count();
                assert_eq!(twice, 1, "{v}: {} twice", p.name());
            }
            let values = Values::with_overrides(list).expect("in range");
            assert!(list.iter().all(|&(p, value)| values.get(p) == value));
        }
        let bad = [(&RFP_MARGIN, 10_000)];
        assert!(Values::with_overrides(&bad).is_err());
    }
}
