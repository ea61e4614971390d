//! Every tunable of the search and of the time management, in one place (as viridithas's
//! `search/parameters.rs`): the margins, depths and divisors that the steps of `alphabeta`,
//! `movesearch`, `qsearch`, `iterate`, `history`, `picker`, `pressure`, `tt`, `split` and `time`
//! read. Each is a [`Param`] with its range and SPSA step, settable at run time (the hidden
//! `spsa_<name>` options of protocol.md, `longjiang tune-search`); [`ALL`] lists them, [`dump`]
//! writes them in the tuner's input format. A change of a default changes the search, so it changes the
//! bench signature (README.md); the measurements behind the values are in
//! `notes/search-params.md`, the tuner in `docs/spsa.md`.
//!
//! The values are per search, not per process: a game's rules may override defaults
//! (`search::game_params::overrides`), an engine's `spsa_` options override both
//! (`Engine::set_param`), and each search thread reads the [`Values`] its search was started
//! with ([`install`]), so engines of two games in one process each search with their own.

use std::cell::Cell;
use std::time::Duration;

/// One tunable: its default, the range a tuner may move it in and its SPSA step (the
/// perturbation `c` at the end of a run, OpenBench's `c_end`); its value is read from the
/// running search's [`Values`].
#[derive(Debug)]
pub struct Param {
    /// The constant's name in this file, e.g. `RFP_MARGIN` (the option is `spsa_rfp_margin`).
    pub const_name: &'static str,
    /// The value the search uses unless the game or an option sets another.
    pub default: i32,
    /// Least value accepted.
    pub min: i32,
    /// Greatest value accepted.
    pub max: i32,
    /// SPSA perturbation at the end of a run, in the value's units.
    pub step: i32,
    /// The value is read as `value / scale` where the search wants a fraction (1: an integer).
    pub scale: i32,
    /// Its place in [`ALL`] and in [`Values`].
    pub index: usize,
}

impl Param {
    const fn new(
        const_name: &'static str,
        default: i32,
        (min, max): (i32, i32),
        step: i32,
        scale: i32,
        index: usize,
    ) -> Param {
        Param {
            const_name,
            default,
            min,
            max,
            step,
            scale,
            index,
        }
    }

    /// The value in the search running on this thread (the default outside a search): one
    /// thread-local load, as cheap as reading a static.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        CURRENT.with(|v| v[self.index].get())
    }

    /// The current value as the fraction `value / scale`.
    #[inline(always)]
    pub fn fraction(&self) -> f64 {
        self.get() as f64 / self.scale as f64
    }

    /// `d · value / scale` (time shares).
    #[inline]
    pub fn share_of(&self, d: Duration) -> Duration {
        d * self.get().max(0) as u32 / self.scale.max(1) as u32
    }

    /// The name of its option and in the tuner's files: the constant's name in lower case.
    pub fn name(&self) -> String {
        self.const_name.to_ascii_lowercase()
    }

    /// `v` if it lies in `min..=max`; the error names the parameter and its range.
    pub fn check(&self, v: i32) -> Result<i32, String> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(format!(
                "{} value {v} is outside {} … {}",
                self.name(),
                self.min,
                self.max
            ))
        }
    }
}

/// A value for every parameter (indexed by `Param::index`): what one search reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values([i32; COUNT]);

impl Values {
    /// Every parameter at its default.
    pub const DEFAULT: Values = Values(DEFAULTS);

    /// The defaults with a game's overrides (`search::game_params::overrides`); a value out of
    /// range is an error (a test in `eval::games` keeps the games' lists valid).
    pub fn with_overrides(overrides: &[(&Param, i32)]) -> Result<Values, String> {
        let mut v = Values::DEFAULT;
        for &(p, value) in overrides {
            v.set(p, value)?;
        }
        Ok(v)
    }

    /// The value of `p`.
    #[inline(always)]
    pub fn get(&self, p: &Param) -> i32 {
        self.0[p.index]
    }

    /// Sets `p` to `v`; a value outside `min..=max` is refused and the value stays.
    pub fn set(&mut self, p: &Param, v: i32) -> Result<(), String> {
        self.0[p.index] = p.check(v)?;
        Ok(())
    }
}

impl Default for Values {
    fn default() -> Values {
        Values::DEFAULT
    }
}

thread_local! {
    /// The values of the search running on this thread (`install`).
    static CURRENT: [Cell<i32>; COUNT] = const { cells(DEFAULTS) };
}

const fn cells(d: [i32; COUNT]) -> [Cell<i32>; COUNT] {
    let mut c = [const { Cell::new(0) }; COUNT];
    let mut i = 0;
    while i < COUNT {
        c[i] = Cell::new(d[i]);
        i += 1;
    }
    c
}

/// Makes `values` the ones [`Param::get`] reads on this thread until the guard is dropped
/// (then the values before come back). Every search thread installs its search's values
/// first (`smp::run`), so searches of different games or settings never share them.
#[must_use = "the values are installed only while the guard lives"]
pub fn install(values: &Values) -> Installed {
    let before = CURRENT.with(|c| {
        let mut before = Values::DEFAULT;
        for (b, (cell, v)) in before.0.iter_mut().zip(c.iter().zip(values.0)) {
            *b = cell.replace(v);
        }
        before
    });
    Installed(before)
}

/// Restores a thread's parameter values when dropped (see [`install`]).
pub struct Installed(Values);

impl Drop for Installed {
    fn drop(&mut self) {
        CURRENT.with(|c| c.iter().zip(self.0.0).for_each(|(cell, v)| cell.set(v)));
    }
}

/// Declares each parameter as a `pub static` and lists them all in [`ALL`].
macro_rules! params {
    ($(
        $(#[doc = $doc:expr])*
        $c:ident = $d:expr, $lo:literal..=$hi:literal, step $st:literal, scale $sc:literal;
    )*) => {
        /// The parameters' places in [`ALL`].
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Index { $($c),* }
        $(
            $(#[doc = $doc])*
            pub static $c: Param =
                Param::new(stringify!($c), $d, ($lo, $hi), $st, $sc, Index::$c as usize);
        )*
        /// Every parameter, in this file's order (`ALL[p.index]` is `p`).
        pub static ALL: &[&Param] = &[$(&$c),*];
        /// How many parameters there are.
        pub const COUNT: usize = [$(stringify!($c)),*].len();
        const DEFAULTS: [i32; COUNT] = [$($d),*];
    };
}

params! {
    // ---- Step 7. Razoring (off by default: `Features::DEFAULT`).
    /// Razoring margin per ply of depth.
    RAZOR_MARGIN = 450, 100..=1000, step 40, scale 1;
    /// Razoring applies at this depth and below.
    RAZOR_DEPTH = 2, 1..=6, step 1, scale 1;

    // ---- Step 8. Reverse futility pruning (static null move).
    /// Margin per ply of depth (one ply less when improving).
    RFP_MARGIN = 90, 30..=200, step 8, scale 1;
    /// Applies below this depth.
    RFP_DEPTH = 8, 3..=14, step 1, scale 1;

    // ---- Step 9. Null move pruning.
    /// Null move is tried from this depth.
    NMP_MIN_DEPTH = 3, 1..=6, step 1, scale 1;
    /// The static evaluation must reach `beta - NMP_EVAL_PER_PLY * depth + NMP_EVAL_BASE`.
    NMP_EVAL_PER_PLY = 20, 0..=60, step 3, scale 1;
    /// See `NMP_EVAL_PER_PLY`.
    NMP_EVAL_BASE = 150, 0..=400, step 20, scale 1;
    /// Reduction: `NMP_BASE_R + depth / NMP_DEPTH_DIVISOR + min((eval - beta) / NMP_EVAL_DIVISOR,
    /// NMP_EVAL_R_MAX)`.
    NMP_BASE_R = 3, 1..=6, step 1, scale 1;
    /// See `NMP_BASE_R`.
    NMP_DEPTH_DIVISOR = 4, 2..=8, step 1, scale 1;
    /// See `NMP_BASE_R`.
    NMP_EVAL_DIVISOR = 200, 50..=500, step 20, scale 1;
    /// See `NMP_BASE_R`.
    NMP_EVAL_R_MAX = 3, 0..=6, step 1, scale 1;
    /// A null-move cut-off is verified by a normal search from this depth.
    NMP_VERIFY_DEPTH = 12, 6..=20, step 1, scale 1;
    /// The verification keeps null moves off for this share (in quarters) of its depth.
    NMP_VERIFY_OFF_SHARE = 3, 0..=4, step 1, scale 4;
    /// Null move at every non-PV node (1, as Stockfish) or at expected cut nodes only (0).
    NMP_ALL_NODES = 0, 0..=1, step 1, scale 1;

    // ---- Step 10. Internal iterative reduction.
    /// A PV or cut node without a table move is searched one ply shallower from this depth.
    IIR_DEPTH = 6, 2..=12, step 1, scale 1;
    /// Plies taken off by the internal iterative reduction.
    IIR_REDUCTION = 1, 0..=3, step 1, scale 1;
    /// Internal iterative reduction at cut nodes too (1), or at PV nodes only (0, as Stockfish).
    IIR_CUT_NODES = 1, 0..=1, step 1, scale 1;

    // ---- Step 11. ProbCut (`probcut.rs`).
    /// ProbCut on (1) or off (0: 60 games at 10,000 nodes lost, notes/search-params.md).
    PROBCUT = 0, 0..=1, step 1, scale 1;
    /// ProbCut from this depth (Stockfish 14: depth > 4).
    PROBCUT_DEPTH = 5, 3..=10, step 1, scale 1;
    /// ProbCut's bound: beta plus this, less `PROBCUT_IMPROVING` when improving (209, 44).
    PROBCUT_MARGIN = 209, 50..=400, step 15, scale 1;
    /// See `PROBCUT_MARGIN`.
    PROBCUT_IMPROVING = 44, 0..=150, step 8, scale 1;

    // ---- Step 13. Pruning at shallow depth.
    /// A promotion that captures nothing is a tactical move (quiescence, the capture stage) when
    /// it gains at least this in the game's exchange values: every 龙将棋 promotion (290 or more),
    /// shogi's pawn (450) and rook (405); not shogi's lance, knight, silver or bishop.
    TACTICAL_PROMOTION_GAIN = 250, 0..=600, step 25, scale 1;
    /// Futility pruning of quiet moves: base margin.
    FUTILITY_BASE = 160, 0..=400, step 15, scale 1;
    /// Futility pruning of quiet moves: margin per ply of the reduced depth.
    FUTILITY_PER_PLY = 140, 40..=300, step 12, scale 1;
    /// Futility pruning applies below this reduced depth.
    FUTILITY_DEPTH = 7, 2..=12, step 1, scale 1;
    /// Move count pruning: quiet moves after `FMC_BASE + depth²` (improving) or about half of
    /// that (not improving) are not tried.
    FMC_BASE = 3, 0..=10, step 1, scale 1;
    /// Not improving, the move count limit is this share (in hundredths) of it, plus one.
    FMC_NOT_IMPROVING_SHARE = 50, 20..=100, step 5, scale 100;
    /// SEE pruning of quiet moves: a quiet move must not lose more than this times the squared
    /// reduced depth.
    SEE_QUIET_MARGIN = 25, 5..=80, step 4, scale 1;
    /// SEE pruning of captures and checks: per ply of depth.
    SEE_TACTICAL_MARGIN = 120, 30..=300, step 10, scale 1;
    /// Quiet moves with both continuation histories negative are pruned below this LMR depth (0: off; Stockfish 5).
    CONT_PRUNE_DEPTH = 0, 0..=8, step 1, scale 1;

    // ---- Step 14. Extensions.
    /// Singular extensions from this depth.
    SE_DEPTH = 6, 4..=12, step 1, scale 1;
    /// The table entry must be at most this much shallower than the node.
    SE_TT_DEPTH_MARGIN = 3, 1..=6, step 1, scale 1;
    /// The singular bound is the table value less this much per ply of depth.
    SE_MARGIN = 2, 1..=6, step 1, scale 1;
    /// The singular search goes to this share (in hundredths) of the node's depth less one.
    SE_SEARCH_DEPTH_SHARE = 50, 25..=90, step 5, scale 100;
    /// A double extension where the other moves fail this far below the singular bound.
    SE_DOUBLE_MARGIN = 25, 0..=200, step 8, scale 1;
    /// At most this many double extensions on one line.
    SE_DOUBLE_MAX = 8, 0..=16, step 1, scale 1;
    /// Check extensions (and singular ones) stop at this many times the root depth (drop-game
    /// check series).
    CHECK_EXT_ROOT_FACTOR = 2, 1..=4, step 1, scale 1;
    /// A check is extended when its static exchange is at least this.
    CHECK_EXT_SEE = 0, -300..=300, step 20, scale 1;
    /// Checks are extended from this depth (0: every depth; Stockfish 7).
    CHECK_EXT_DEPTH = 0, 0..=10, step 1, scale 1;
    /// Checks are extended where the static evaluation is at least this far from 0 (Stockfish 100).
    CHECK_EXT_EVAL = 0, 0..=400, step 20, scale 1;
    /// With `Features::mate_threats`, moves are tested for a mate threat from this depth.
    MATE_THREAT_DEPTH = 2, 1..=8, step 1, scale 1;
    /// A mate threat by zugzwang is tested when the opponent has at most this many replies.
    MATE_THREAT_FEW_REPLIES = 8, 0..=30, step 2, scale 1;
    /// The mate-threat rule without `Features::mate_threats` (`pressure::mate_threat`): 0 off;
    /// 1 drops near the enemy king, direct checks only; 2 every pressing move so; 3 the full test.
    MATE_THREAT_MODE = 0, 0..=3, step 1, scale 1;
    /// Modes 1 and 2 test moves from this depth (below 3 the mate after the reply lies in
    /// quiescence, which has no quiet checks)…
    MATE_THREAT_MIN_DEPTH = 3, 1..=8, step 1, scale 1;
    /// …up to this depth.
    MATE_THREAT_MAX_DEPTH = 3, 1..=30, step 1, scale 1;
    /// Modes 1 and 2 test moves to squares within this king distance of the enemy king (0: any).
    MATE_THREAT_ZONE = 0, 0..=9, step 1, scale 1;
    /// Modes 1 and 2: a threatening move is still reduced, to no less than two plies (1), or
    /// not at all (0, as mode 3).
    MATE_THREAT_REDUCE = 1, 0..=1, step 1, scale 1;

    // ---- Step 16. Late move reductions.
    /// The base reduction is `ln(depth)·ln(n) / LMR_DIVISOR + LMR_BASE`, rounded down (both in
    /// hundredths).
    LMR_BASE = 35, 0..=150, step 8, scale 100;
    /// See `LMR_BASE`.
    LMR_DIVISOR = 200, 100..=400, step 15, scale 100;
    /// LMR applies from this depth.
    LMR_MIN_DEPTH = 3, 1..=6, step 1, scale 1;
    /// One ply of reduction less per this much history of a quiet move.
    LMR_HISTORY_DIVISOR = 8000, 2000..=20000, step 600, scale 1;
    /// Extra reduction (plies) of a move when the node is not improving (base reduction above 1).
    LMR_NOT_IMPROVING = 1, 0..=3, step 1, scale 1;
    /// Moves searched at full depth before LMR starts (at the root `LMR_ROOT_FULL_MOVES` more).
    LMR_FULL_MOVES = 1, 1..=5, step 1, scale 1;
    /// See `LMR_FULL_MOVES`.
    LMR_ROOT_FULL_MOVES = 2, 0..=8, step 1, scale 1;
    /// Reduction (plies) taken off at a node that is or was on the principal variation.
    LMR_TT_PV = 1, 0..=3, step 1, scale 1;
    /// Reduction (plies) added at an expected cut node.
    LMR_CUT_NODE = 1, 0..=3, step 1, scale 1;
    /// Reduction (plies) added to a quiet move when the table's move is tactical.
    LMR_TT_CAPTURE = 1, 0..=3, step 1, scale 1;
    /// Reduction (plies) taken off when in check.
    LMR_IN_CHECK = 1, 0..=3, step 1, scale 1;
    /// Reduction (plies) taken off a capture or promotion.
    LMR_TACTICAL = 1, 0..=3, step 1, scale 1;
    /// More reduction (plies) at a cut node for a quiet move, beside `LMR_CUT_NODE` (Stockfish 1).
    LMR_CUT_NODE_QUIET = 0, 0..=3, step 1, scale 1;
    /// Reduction (plies) taken off at a PV node (Stockfish 1).
    LMR_PV = 0, 0..=3, step 1, scale 1;
    /// Reduction (plies) added at a non-PV node (Stockfish 1, while the best move is stable).
    LMR_NON_PV = 0, 0..=3, step 1, scale 1;
    /// One ply less reduction when the parent node has tried more moves than this (0: off; Stockfish 13).
    LMR_OPP_MOVES = 0, 0..=40, step 2, scale 1;
    /// Reduction (plies) taken off after a quiet table move was singularly extended (Stockfish 1).
    LMR_SINGULAR_QUIET = 0, 0..=3, step 1, scale 1;
    /// The history of a reduction also reads the continuation history four plies back (1).
    LMR_CONT_4 = 0, 0..=1, step 1, scale 1;
    /// Subtracted from the history sum before it adjusts a reduction (Stockfish 4923 on its scale).
    LMR_HISTORY_OFFSET = 0, 0..=8000, step 400, scale 1;
    /// A reduced move of the first five with a negative reduction may search a ply deeper (1).
    LMR_DEEPER = 0, 0..=1, step 1, scale 1;
    /// The full-depth re-search after a reduced search updates the continuation histories (1).
    LMR_CONT_UPDATE = 0, 0..=1, step 1, scale 1;

    // ---- Step 14. Move-count pruning, in the picker.
    /// After move-count pruning the picker still hands out the quiet checks and the drops that
    /// press the enemy king (1); Stockfish skips every quiet move (0).
    LMP_KEEP_CHECKS = 1, 0..=1, step 1, scale 1;

    // ---- Quiescence.
    /// With `Features::qs_checks`, quiet checks (with a static exchange not losing) are searched at
    /// the quiescence plies of this depth and above; its first ply is depth 0 (Stockfish's
    /// `DEPTH_QS_CHECKS`).
    QS_CHECKS_DEPTH = 0, -3..=1, step 1, scale 1;
    /// Stand-pat plus this margin plus the captured piece must reach alpha for a capture to be
    /// searched.
    QS_FUTILITY_MARGIN = 150, 0..=400, step 15, scale 1;
    /// With stand-pat plus `QS_FUTILITY_MARGIN` not above alpha, a capture must win this.
    QS_FUTILITY_SEE = 1, 0..=200, step 10, scale 1;
    /// Captures whose static exchange is below this are not searched.
    QS_SEE_THRESHOLD = 0, -300..=100, step 15, scale 1;
    /// Non-checking captures beyond this many are not searched when not in check (0: all;
    /// Stockfish 2).
    QS_MOVE_COUNT = 0, 0..=10, step 1, scale 1;
    /// In check, once an evasion holds off the mate: evasions that lose material are not
    /// searched, nor quiet evasions beyond this many (0: every evasion; Stockfish 2).
    QS_EVASIONS = 0, 0..=10, step 1, scale 1;

    // ---- Move ordering statistics.
    /// History bonus of a cut-off at depth `d`: `min(STAT_BONUS_PER_PLY·d − STAT_BONUS_OFFSET,
    /// STAT_BONUS_MAX)`, at least 0.
    STAT_BONUS_PER_PLY = 300, 100..=600, step 25, scale 1;
    /// See `STAT_BONUS_PER_PLY`.
    STAT_BONUS_OFFSET = 250, 0..=600, step 25, scale 1;
    /// See `STAT_BONUS_PER_PLY`.
    STAT_BONUS_MAX = 2000, 500..=4000, step 150, scale 1;
    /// The history tables' bound: an update moves an entry by `bonus − entry·|bonus| / HISTORY_MAX`,
    /// so entries stay within ±`HISTORY_MAX` (stored as `i16`: at most 32 000).
    HISTORY_MAX = 16384, 4096..=32000, step 1000, scale 1;
    /// Quiet moves scoring below `-SORT_LIMIT_PER_PLY · depth` are left unsorted by the picker.
    SORT_LIMIT_PER_PLY = 3000, 1000..=8000, step 300, scale 1;
    /// A capture is a good one (tried before the quiet moves) when its static exchange is at least
    /// minus its ordering score divided by this.
    BAD_CAPTURE_SEE_DIVISOR = 18, 6..=40, step 2, scale 1;
    /// Ordering score of a capture: this times its exchange gain, plus its capture history.
    CAPTURE_GAIN_WEIGHT = 8, 1..=32, step 1, scale 1;
    /// Ordering score of a quiet move: this times its history plus the continuation
    /// histories of the moves 1, 2 and 4 plies before times `CONT_HISTORY_1_WEIGHT`, …
    QUIET_HISTORY_WEIGHT = 2, 0..=8, step 1, scale 1;
    /// See `QUIET_HISTORY_WEIGHT`.
    CONT_HISTORY_1_WEIGHT = 2, 0..=8, step 1, scale 1;
    /// See `QUIET_HISTORY_WEIGHT`.
    CONT_HISTORY_2_WEIGHT = 1, 0..=8, step 1, scale 1;
    /// See `QUIET_HISTORY_WEIGHT`.
    CONT_HISTORY_4_WEIGHT = 1, 0..=8, step 1, scale 1;
    /// The continuation history of the move 3 plies before in a quiet move's ordering score, and
    /// learnt with half the bonus where not 0 (0: neither; Stockfish 1).
    CONT_HISTORY_3_WEIGHT = 0, 0..=8, step 1, scale 1;
    /// The same for the move 6 plies before (0: neither; Stockfish 1).
    CONT_HISTORY_6_WEIGHT = 0, 0..=8, step 1, scale 1;
    /// A quiet move that was its node's first after the table's move and is refuted by the node
    /// below loses `stat_bonus(depth + 1)` in its continuation histories (1; 0: off; Stockfish's).
    PRIOR_REFUTED_MALUS = 0, 0..=1, step 1, scale 1;
    /// A quiet move whose reply node fails low gains `stat_bonus(depth) · this / 2` per condition
    /// met (depth > 6, PV or cut node, more than 10 moves before it) in its continuation
    /// histories, half that in its quiet history (0: off; Stockfish 2).
    PRIOR_FAIL_LOW_BONUS = 0, 0..=4, step 1, scale 1;
    /// Continuation histories kept apart by whether the earlier move was made in check and
    /// whether it captured (1, Stockfish's `continuationHistory[inCheck][capture]`: four sets
    /// of blocks, 15 MiB more in the table the threads share) or one set for all (0).
    CONT_SPLIT = 0, 0..=1, step 1, scale 1;
    /// Quiet moves at the plies from the root below this have a history of their own, cleared
    /// at each search (0: none; Stockfish's `lowPlyHistory`, 5 plies): it orders them with
    /// `LOW_PLY_HISTORY_WEIGHT / (1 + ply)` times its value.
    LOW_PLY_HISTORY = 0, 0..=6, step 1, scale 1;
    /// See `LOW_PLY_HISTORY` (Stockfish 8, on its main history's weight of 2).
    LOW_PLY_HISTORY_WEIGHT = 8, 0..=32, step 1, scale 1;
    /// A quiet move of a piece a lesser enemy piece attacks, to a square no lesser piece
    /// attacks, is ordered up by `THREAT_ORDER_WEIGHT / 10` per centipawn of its exchange value;
    /// with 2 a move from safety into such an attack is ordered down as much (0: off; Stockfish
    /// 15's `threatenedPieces` is 1, 16's 2).
    THREAT_ORDER = 0, 0..=2, step 1, scale 1;
    /// See `THREAT_ORDER` (Stockfish's 50,000 for a queen on its history scale is about 50).
    THREAT_ORDER_WEIGHT = 50, 0..=200, step 8, scale 1;

    // ---- Transposition table.
    /// A non-exact result does not replace one of the same search more than this much deeper.
    TT_KEEP_DEPTH_MARGIN = 2, 0..=8, step 1, scale 1;
    /// Replacement: an entry's worth is its depth less this many plies per search of age.
    TT_AGE_WEIGHT = 8, 0..=32, step 1, scale 1;

    // ---- Iterative deepening.
    /// Half-width of the first aspiration window, one thread (see `iterate::aspiration_delta`).
    ASPIRATION_DELTA = 18, 5..=60, step 3, scale 1;
    /// Half-width of the first aspiration window, more threads.
    ASPIRATION_DELTA_SMP = 60, 10..=150, step 8, scale 1;
    /// Aspiration windows start at this depth.
    ASPIRATION_DEPTH = 4, 2..=8, step 1, scale 1;
    /// After a failed search the half-width grows by itself divided by this, plus
    /// `ASPIRATION_GROWTH_ADD`.
    ASPIRATION_GROWTH_DIVISOR = 3, 1..=8, step 1, scale 1;
    /// See `ASPIRATION_GROWTH_DIVISOR`.
    ASPIRATION_GROWTH_ADD = 5, 0..=30, step 2, scale 1;

    // ---- Sharing work among threads (`split`).
    /// No node shallower than this is shared.
    SPLIT_DEPTH = 3, 2..=6, step 1, scale 1;
    /// A small expected all-node of `SPLIT_DEPTH ..= EARLY_SPLIT_MAX_DEPTH` is shared before its
    /// first move when a thread waits and nothing is on offer.
    EARLY_SPLIT_MAX_DEPTH = 5, 2..=8, step 1, scale 1;
    /// After its first move a node of `OFFER_MIN_DEPTH ..= OFFER_MAX_DEPTH` (not the root) is always
    /// offered to idle threads.
    OFFER_MIN_DEPTH = 6, 3..=10, step 1, scale 1;
    /// See `OFFER_MIN_DEPTH`; no deeper node is shared.
    OFFER_MAX_DEPTH = 11, 6..=20, step 1, scale 1;

    // ---- Time management.
    /// Moves the time is spread over when the control gives no moves-to-go (sudden death or
    /// increment): the game is expected to last about this many more moves of ours.
    DEFAULT_MOVES_TO_GO = 35, 15..=60, step 3, scale 1;
    /// The share of the increment (in hundredths) that may be spent on top of the per-move share.
    INC_SHARE = 75, 0..=100, step 5, scale 100;
    /// The most of the main time one move may take (in hundredths).
    MAX_SHARE_OF_TIME = 60, 20..=90, step 5, scale 100;
    /// …and at most this share (in hundredths) of what is left after the move overhead.
    HARD_SHARE_OF_REST = 50, 20..=90, step 5, scale 100;
    /// The most of the main time the last move before the control may take (in hundredths).
    LAST_MOVE_SHARE = 90, 50..=98, step 3, scale 100;
    /// The maximum is at most this many times the optimum.
    MAX_OVER_OPTIMUM = 5, 2..=10, step 1, scale 1;
    /// The share of the optimum (in thousandths) after which no new iteration starts, with a
    /// stable best move.
    TM_OPTIMUM_SHARE = 700, 300..=1000, step 40, scale 1000;
    /// Each change of the best move adds one to the instability, which decays by this factor
    /// (in thousandths) per iteration.
    TM_BEST_CHANGE_DECAY = 500, 100..=900, step 50, scale 1000;
    /// The optimum grows by this share (in thousandths) per unit of instability.
    TM_INSTABILITY = 1000, 0..=2500, step 100, scale 1000;
    /// The stability factor is `1 + TM_STABLE_STEP · (TM_STABLE_PIVOT − iterations the best
    /// move stood)`, at least `TM_STABLE_MIN` (both in thousandths): a best move that has just
    /// changed gets more, one that has stood for many iterations less.
    TM_STABLE_STEP = 100, 0..=300, step 15, scale 1000;
    /// See `TM_STABLE_STEP`: the iterations after which a standing best move gets less time.
    TM_STABLE_PIVOT = 2, 0..=6, step 1, scale 1;
    /// See `TM_STABLE_STEP`.
    TM_STABLE_MIN = 650, 300..=1000, step 40, scale 1000;
    /// A score below the average of the iterations before, per centipawn, raises the optimum by
    /// this share (in thousandths; lowers it when above), within `TM_FALL_MIN..=TM_FALL_MAX`.
    TM_FALL_PER_CP = 8, 0..=30, step 2, scale 1000;
    /// See `TM_FALL_PER_CP` (in thousandths).
    TM_FALL_MIN = 700, 300..=1000, step 40, scale 1000;
    /// See `TM_FALL_PER_CP` (in thousandths).
    TM_FALL_MAX = 1600, 1000..=3000, step 80, scale 1000;
    /// The weight (in thousandths) of the latest iteration in the running average of the scores.
    TM_SCORE_AVERAGE = 500, 100..=1000, step 50, scale 1000;
    /// The time scale is at most this (in thousandths).
    TM_MAX_SCALE = 3000, 1000..=5000, step 200, scale 1000;
}

/// The shortest time the search is ever given (it always finishes depth 1 anyway).
pub const MIN_THINK: Duration = Duration::from_millis(1);

/// A move on the byoyomi keeps at least a tenth of the byoyomi in reserve, up to this much,
/// where the move overhead is less (`time::reserve`; notes/byoyomi.md): at 1 s it aims at
/// 900 ms. A safety margin, not a tunable: left out of SPSA.
pub const BYOYOMI_RESERVE: Duration = Duration::from_millis(100);

/// Iterative deepening stops on a stable mate score only once the exhaustive prover has shown,
/// within this many nodes, that no shorter mate exists (`iterate`, docs/mates.md). A budget,
/// not a margin: left out of SPSA.
pub const MATE_PROOF_NODES: u64 = 300_000;

/// The parameter of an option or file name (`rfp_margin`, any case; `spsa_` in front allowed).
pub fn find(name: &str) -> Option<&'static Param> {
    let name = name.trim();
    let bare = match name.get(..5) {
        Some(p) if p.eq_ignore_ascii_case("spsa_") => &name[5..],
        _ => name,
    };
    ALL.iter()
        .copied()
        .find(|p| p.const_name.eq_ignore_ascii_case(bare))
}

/// Every parameter as a line `name, value, min, max, step` with the value of `values` (a
/// game's: `Values::with_overrides`): the input format of `longjiang tune-search`
/// (docs/spsa.md).
pub fn dump(values: &Values) -> String {
    ALL.iter()
        .map(|p| {
            format!(
                "{}, {}, {}, {}, {}\n",
                p.name(),
                values.get(p),
                p.min,
                p.max,
                p.step
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_shares_leave_time_on_the_clock() {
        assert!(MAX_SHARE_OF_TIME.fraction() < 1.0 && INC_SHARE.fraction() <= 1.0);
        assert!(
            TM_OPTIMUM_SHARE.fraction() * TM_MAX_SCALE.fraction() <= MAX_OVER_OPTIMUM.get() as f64
        );
    }

    #[test]
    fn every_parameter_is_named_once_and_its_default_is_in_range() {
        for (i, p) in ALL.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name());
            assert!(p.step >= 1 && p.scale >= 1, "{}", p.name());
            assert!(std::ptr::eq(
                find(&format!("SPSA_{}", p.name())).unwrap(),
                *p
            ));
            assert!(ALL[..i].iter().all(|q| q.const_name != p.const_name));
            assert_eq!(p.index, i, "{}", p.name());
        }
        assert_eq!(ALL.len(), COUNT);
        assert!(find("no_such_parameter").is_none());
        // Refused values leave the value as it was.
        let mut v = Values::DEFAULT;
        assert!(v.set(&RAZOR_MARGIN, RAZOR_MARGIN.max + 1).is_err());
        assert_eq!(v.get(&RAZOR_MARGIN), RAZOR_MARGIN.default);
        let lines = dump(&Values::DEFAULT);
        assert_eq!(lines.lines().count(), ALL.len());
        assert_eq!(
            lines.lines().find(|l| l.starts_with("rfp_margin,")),
            Some("rfp_margin, 90, 30, 200, 8")
        );
    }

    #[test]
    fn installed_values_are_this_threads_until_the_guard_goes() {
        let mut v = Values::DEFAULT;
        v.set(&RAZOR_MARGIN, 500).unwrap();
        {
            let _installed = install(&v);
            assert_eq!(RAZOR_MARGIN.get(), 500);
            // Another thread (another engine's search) still reads its own.
            let there = std::thread::spawn(|| RAZOR_MARGIN.get()).join().unwrap();
            assert_eq!(there, RAZOR_MARGIN.default);
            let mut w = v;
            w.set(&RAZOR_MARGIN, 600).unwrap();
            {
                let _nested = install(&w);
                assert_eq!(RAZOR_MARGIN.get(), 600);
            }
            assert_eq!(RAZOR_MARGIN.get(), 500);
        }
        assert_eq!(RAZOR_MARGIN.get(), RAZOR_MARGIN.default);
    }
}
