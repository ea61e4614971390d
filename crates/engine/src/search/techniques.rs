//! Which pruning techniques the search uses: `Features`, switched one at a time by the
//! self-play measurements.

/// Which pruning techniques are on (all by default); self-play measurements switch them off
/// one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Reverse futility (static null move) pruning.
    pub reverse_futility: bool,
    /// Futility pruning of quiet moves, move-count pruning, SEE pruning in the move loop.
    pub futility: bool,
    /// Razoring.
    pub razoring: bool,
    /// Check extensions.
    pub check_extension: bool,
    /// Singular extensions, with multi-cut and negative extensions.
    pub singular: bool,
    /// Quiet checks at the first quiescence ply (`QS_CHECKS_DEPTH`).
    pub qs_checks: bool,
    /// Moves that threaten mate in one are neither pruned nor reduced, and the node after
    /// them is not cut by its evaluation (`pressure::threatens_mate`, docs/mates.md).
    pub mate_threats: bool,
    /// Open split points with one thread too, at every node that may be shared (the root, the
    /// nodes of depth 3 to 11, and the small expected all-nodes before their first move). Not
    /// a technique but a check: the moves of a split point must come out as the one-thread
    /// moves loop takes them, so with this on one thread searches exactly the nodes it
    /// searches with it off.
    pub split_alone: bool,
}

impl Features {
    /// Everything on.
    pub const ALL: Features = Features {
        null_move: true,
        lmr: true,
        reverse_futility: true,
        futility: true,
        razoring: true,
        check_extension: true,
        singular: true,
        qs_checks: true,
        mate_threats: true,
        split_alone: false,
    };

    /// What the engine uses: razoring, quiescence checks and the mate-threat rule off
    /// (~−110, ~−23 and ~−209 Elo on; notes/search-params.md, "Techniques on and off").
    pub const DEFAULT: Features = Features {
        razoring: false,
        qs_checks: false,
        mate_threats: false,
        ..Features::ALL
    };
}

impl Default for Features {
    fn default() -> Self {
        Features::DEFAULT
    }
}
