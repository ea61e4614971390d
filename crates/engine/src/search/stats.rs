//! What the tree of one search looked like: cutoffs, table use, reductions, null moves,
//! extensions, the quiescence share and the nodes to reach each depth (docs/search-stats.md).
//! Every thread counts into its own `Counters` with plain increments (no atomics, no locks);
//! the search sums them over the threads when it ends. Nothing here changes what the search
//! does, and nothing prints: `longjiang bench --stats` and the `SearchStats` option print
//! [`SearchStats`]'s line.

use std::fmt;

/// Declares [`Counters`] with its field-wise sum and its list of names.
macro_rules! counters {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// The counts of one search (one thread's, or summed over the threads). "Alpha-beta
        /// nodes" are the main search's nodes; the root's visits are not nodes (as in the
        /// node count), but what happens at the root is counted like any node's.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Counters {
            $($(#[$doc])* pub $name: u64,)*
        }

        impl std::ops::AddAssign for Counters {
            fn add_assign(&mut self, o: Counters) {
                $(self.$name += o.$name;)*
            }
        }

        impl Counters {
            /// Every count with its field's name, in declaration order.
            pub fn named(&self) -> Vec<(&'static str, u64)> {
                vec![$((stringify!($name), self.$name),)*]
            }
        }
    };
}

counters! {
    /// Alpha-beta nodes.
    main_nodes,
    /// Quiescence nodes.
    qs_nodes,
    /// Alpha-beta nodes whose table probe found an entry.
    tt_hits,
    /// Alpha-beta nodes that returned the table's value (a TT cut).
    tt_cuts,
    /// Alpha-beta nodes cut by razoring.
    razor_cuts,
    /// Alpha-beta nodes cut by reverse futility (static null move).
    rfp_cuts,
    /// Null-move searches.
    null_tries,
    /// Nodes cut by a null-move search (after its verification, where there was one).
    null_cuts,
    /// Verification searches of a null move that failed high.
    null_verifications,
    /// Captures ProbCut searched to see whether they reach its raised bound.
    probcut_tries,
    /// Nodes cut by ProbCut.
    probcut_cuts,
    /// Alpha-beta nodes that reached the moves loop.
    move_nodes,
    /// Of those, the nodes with a table move (at the root: the line's first root move).
    tt_move_nodes,
    /// Nodes of the moves loop that failed high (a move reached beta). A node shared out
    /// at a split point is not counted (with one thread there are none).
    cutoffs,
    /// Of those, the cutoffs by the first move searched.
    first_move_cutoffs,
    /// Of those, the cutoffs by the table's move.
    tt_move_cutoffs,
    /// Searches of a move at a depth reduced by late-move reductions.
    lmr_reduced,
    /// Of those, the ones that beat alpha and were searched again at full depth.
    lmr_researches,
    /// Singular-extension verification searches.
    singular_searches,
    /// Moves extended by one ply as singular.
    ext_singular,
    /// Moves extended by two plies as singular (double extensions).
    ext_double,
    /// Table moves searched a ply shallower as not singular (negative extensions).
    ext_negative,
    /// Nodes cut by the singular search (multi-cut).
    multicuts,
    /// Checks extended by one ply (check extension).
    ext_check,
    /// Perspectives whose network sums were computed from scratch rather than updated
    /// (0 with the classical evaluation).
    nnue_refreshes,
}

impl Counters {
    /// All nodes: alpha-beta and quiescence (the search's node count).
    pub fn nodes(&self) -> u64 {
        self.main_nodes + self.qs_nodes
    }
}

/// The statistics of one search: the counts summed over the threads, and the nodes (all
/// threads) at the end of each completed iteration, depth 1 first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The counts.
    pub counters: Counters,
    /// Nodes searched when iteration `i + 1` was complete.
    pub nodes_to_depth: Vec<u64>,
}

/// `part / whole` in percent (0 for an empty whole).
pub fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl SearchStats {
    /// Share of the fail-high nodes whose cutoff came from the first move searched (%).
    pub fn first_move_cutoff_rate(&self) -> f64 {
        percent(self.counters.first_move_cutoffs, self.counters.cutoffs)
    }

    /// Adds another search's counts (the depths are kept apart: only the counts add).
    pub fn add_counts(&mut self, other: &SearchStats) {
        self.counters += other.counters;
    }
}

/// One line: the rates first, then every count, then the nodes to each depth, as
/// `name value` pairs (`docs/search-stats.md` explains each).
impl fmt::Display for SearchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counters;
        write!(
            f,
            "nodes {} fmc {:.1}% ttmove {:.1}% ttcut {:.1}% lmr_research {:.1}% null_success \
             {:.1}% qs {:.1}%",
            c.nodes(),
            self.first_move_cutoff_rate(),
            percent(c.tt_move_nodes, c.move_nodes),
            percent(c.tt_cuts, c.main_nodes),
            percent(c.lmr_researches, c.lmr_reduced),
            percent(c.null_cuts, c.null_tries),
            percent(c.qs_nodes, c.nodes()),
        )?;
        for (name, v) in c.named() {
            write!(f, " {name} {v}")?;
        }
        if !self.nodes_to_depth.is_empty() {
            write!(f, " nodes_to_depth")?;
            for n in &self.nodes_to_depth {
                write!(f, " {n}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_field_by_field_and_rates_guard_against_zero() {
        let mut a = Counters {
            cutoffs: 4,
            first_move_cutoffs: 3,
            ..Counters::default()
        };
        a += a;
        assert_eq!((a.cutoffs, a.first_move_cutoffs), (8, 6));
        let s = SearchStats {
            counters: a,
            nodes_to_depth: vec![5, 9],
        };
        assert_eq!(s.first_move_cutoff_rate(), 75.0);
        assert_eq!(percent(1, 0), 0.0);
        let line = s.to_string();
        assert!(line.starts_with("nodes 0 fmc 75.0% "), "{line}");
        assert!(line.ends_with(" nodes_to_depth 5 9"), "{line}");
        assert!(line.contains(" ext_check 0"), "{line}");
    }
}
