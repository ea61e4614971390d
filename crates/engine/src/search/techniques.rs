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

    /// What the engine uses: the techniques that paid in self-play (razoring lost about 110
    /// Elo in 60 games of the drop game at fixed nodes, where a static evaluation far below
    /// alpha is often wrong: quiescence does not see drop threats). At 4 s + 0.04 s in the drop
    /// game, LMR is worth +191 Elo (120 games) and null move +13 ± 54 (160 games; kept, as
    /// nothing speaks against it). Quiet checks in quiescence lost 23 ± 90 Elo in 60 no-drop
    /// games at fixed nodes and cost about 10 % of the speed (docs/search-params.md).
    /// The mate-threat rule finds every mate in 1 and 2 moves at its own depth whatever the
    /// evaluation says, but halves nodes/s: off, it lost 209 ± 85 Elo at 5 s + 0.05 s in the
    /// drop game (80 games, docs/mates.md).
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
