//! Every tunable of the search and of the time management, in one place (as viridithas's
//! `search/parameters.rs`): the margins, depths and divisors that the steps of `alphabeta`,
//! `movesearch`, `qsearch`, `iterate`, `history`, `picker` and `time` read. A change here
//! changes the search, so it changes the bench signature (README.md); the measurements behind
//! the values are in `docs/search-params.md`.

use super::value::Value;
use std::time::Duration;

// ---- Step 7. Razoring (off by default: `Features::DEFAULT`).

/// Razoring margin per ply of depth.
pub const RAZOR_MARGIN: Value = 450;
/// Razoring applies at this depth and below.
pub const RAZOR_DEPTH: i32 = 2;

// ---- Step 8. Reverse futility pruning (static null move).

/// Margin per ply of depth (one ply less when improving).
pub const RFP_MARGIN: Value = 90;
/// Applies below this depth.
pub const RFP_DEPTH: i32 = 8;

// ---- Step 9. Null move pruning.

/// Null move is tried from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// The static evaluation must reach `beta - NMP_EVAL_PER_PLY * depth + NMP_EVAL_BASE`.
pub const NMP_EVAL_PER_PLY: Value = 20;
/// See `NMP_EVAL_PER_PLY`.
pub const NMP_EVAL_BASE: Value = 150;
/// Reduction: `NMP_BASE_R + depth / NMP_DEPTH_DIVISOR + min((eval - beta) / NMP_EVAL_DIVISOR,
/// NMP_EVAL_R_MAX)`.
pub const NMP_BASE_R: i32 = 3;
/// See `NMP_BASE_R`.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// See `NMP_BASE_R`.
pub const NMP_EVAL_DIVISOR: Value = 200;
/// See `NMP_BASE_R`.
pub const NMP_EVAL_R_MAX: i32 = 3;
/// A null-move cut-off is verified by a normal search from this depth.
pub const NMP_VERIFY_DEPTH: i32 = 12;

// ---- Step 10. Internal iterative reduction.

/// A PV or cut node without a table move is searched one ply shallower from this depth.
pub const IIR_DEPTH: i32 = 6;

// ---- Step 13. Pruning at shallow depth.

/// A promotion that captures nothing is a tactical move (quiescence, the capture stage) when
/// it gains at least this in the game's exchange values: every 龙将棋 promotion (290 or more),
/// shogi's pawn (450) and rook (405); not shogi's lance, knight, silver or bishop.
pub const TACTICAL_PROMOTION_GAIN: Value = 250;

/// Futility pruning of quiet moves: base margin.
pub const FUTILITY_BASE: Value = 160;
/// Futility pruning of quiet moves: margin per ply of the reduced depth.
pub const FUTILITY_PER_PLY: Value = 140;
/// Futility pruning applies below this reduced depth.
pub const FUTILITY_DEPTH: i32 = 7;
/// Move count pruning: quiet moves after `FMC_BASE + depth²` (improving) or about half of
/// that (not improving) are not tried.
pub const FMC_BASE: i32 = 3;
/// SEE pruning of quiet moves: a quiet move must not lose more than this times the squared
/// reduced depth.
pub const SEE_QUIET_MARGIN: Value = 25;
/// SEE pruning of captures and checks: per ply of depth.
pub const SEE_TACTICAL_MARGIN: Value = 120;

// ---- Step 14. Extensions.

/// Singular extensions from this depth.
pub const SE_DEPTH: i32 = 6;
/// The table entry must be at most this much shallower than the node.
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// The singular bound is the table value less this much per ply of depth.
pub const SE_MARGIN: Value = 2;
/// A double extension where the other moves fail this far below the singular bound.
pub const SE_DOUBLE_MARGIN: Value = 25;
/// At most this many double extensions on one line.
pub const SE_DOUBLE_MAX: u8 = 8;
/// Check extensions (and singular ones) stop at this many times the root depth (drop-game check series).
pub const CHECK_EXT_ROOT_FACTOR: usize = 2;

// ---- Step 16. Late move reductions.

/// The base reduction is `ln(depth)·ln(n) / LMR_DIVISOR + LMR_BASE`, rounded down.
pub const LMR_BASE: f64 = 0.35;
/// See `LMR_BASE`.
pub const LMR_DIVISOR: f64 = 2.0;
/// LMR applies from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;
/// One ply of reduction less per this much history of a quiet move.
pub const LMR_HISTORY_DIVISOR: i32 = 8_000;

// ---- Quiescence.

/// With `Features::qs_checks`, quiet checks (with a static exchange not losing) are searched at
/// the quiescence plies of this depth and above; its first ply is depth 0 (Stockfish's
/// `DEPTH_QS_CHECKS`).
pub const QS_CHECKS_DEPTH: i32 = 0;
/// Stand-pat plus this margin plus the captured piece must reach alpha for a capture to be
/// searched.
pub const QS_FUTILITY_MARGIN: Value = 150;

// ---- Move ordering statistics.

/// History bonus of a cut-off at depth `d`: `min(STAT_BONUS_PER_PLY·d − STAT_BONUS_OFFSET,
/// STAT_BONUS_MAX)`, at least 0.
pub const STAT_BONUS_PER_PLY: i32 = 300;
/// See `STAT_BONUS_PER_PLY`.
pub const STAT_BONUS_OFFSET: i32 = 250;
/// See `STAT_BONUS_PER_PLY`.
pub const STAT_BONUS_MAX: i32 = 2_000;
/// Quiet moves scoring below `-SORT_LIMIT_PER_PLY · depth` are left unsorted by the picker.
pub const SORT_LIMIT_PER_PLY: i32 = 3_000;

// ---- Iterative deepening.

/// Half-width of the first aspiration window, one thread (see `iterate::aspiration_delta`).
pub const ASPIRATION_DELTA: Value = 18;
/// Half-width of the first aspiration window, more threads.
pub const ASPIRATION_DELTA_SMP: Value = 60;
/// Aspiration windows start at this depth.
pub const ASPIRATION_DEPTH: i32 = 4;

/// Iterative deepening stops on a stable mate score only once the exhaustive prover has shown,
/// within this many nodes, that no shorter mate exists (`iterate`, docs/mates.md).
pub const MATE_PROOF_NODES: u64 = 300_000;

// ---- Time management.

/// Moves the time is spread over when the control gives no moves-to-go (sudden death or
/// increment): the game is expected to last about this many more moves of ours.
pub const DEFAULT_MOVES_TO_GO: u32 = 35;
/// The share of the increment that may be spent on top of the per-move share.
pub const INC_SHARE: (u32, u32) = (3, 4);
/// The most of the main time one move may take (numerator / denominator).
pub const MAX_SHARE_OF_TIME: (u32, u32) = (3, 5);
/// The maximum is at most this many times the optimum.
pub const MAX_OVER_OPTIMUM: u32 = 5;
/// The shortest time the search is ever given (it always finishes depth 1 anyway).
pub const MIN_THINK: Duration = Duration::from_millis(1);
/// The share of the optimum after which no new iteration starts, with a stable best move.
pub const TM_OPTIMUM_SHARE: f64 = 0.7;
/// Each change of the best move adds one to the instability, which decays by this factor
/// per iteration.
pub const TM_BEST_CHANGE_DECAY: f64 = 0.5;
/// The optimum grows by this share per unit of instability.
pub const TM_INSTABILITY: f64 = 1.0;
/// The stability factor is `1 + TM_STABLE_STEP · (2 − iterations the best move stood)`, at
/// least `TM_STABLE_MIN`: a best move that has just changed gets more, one that has stood for
/// many iterations less.
pub const TM_STABLE_STEP: f64 = 0.1;
/// See `TM_STABLE_STEP`.
pub const TM_STABLE_MIN: f64 = 0.65;
/// A score below the average of the iterations before, per centipawn, raises the optimum by
/// this share (lowers it when above), within `TM_FALL_MIN..=TM_FALL_MAX`.
pub const TM_FALL_PER_CP: f64 = 0.008;
/// See `TM_FALL_PER_CP`.
pub const TM_FALL_MIN: f64 = 0.7;
/// See `TM_FALL_PER_CP`.
pub const TM_FALL_MAX: f64 = 1.6;
/// The weight of the latest iteration in the running average of the scores.
pub const TM_SCORE_AVERAGE: f64 = 0.5;
/// The time scale is at most this.
pub const TM_MAX_SCALE: f64 = 3.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::alphabeta::{LmrTable, futility_move_count, reduction};
    use crate::search::history::stat_bonus;

    #[test]
    fn the_search_reads_its_tunables_from_here() {
        // The reduction table is this file's formula, growing with depth and move number.
        let t = LmrTable::new();
        for d in 1..64 {
            for n in 1..64 {
                let want = ((d as f64).ln() * (n as f64).ln() / LMR_DIVISOR + LMR_BASE) as i32;
                assert_eq!(reduction(&t, d, n, true), want, "{d} {n}");
                assert!(reduction(&t, d, n, true) >= reduction(&t, d, n - 1, true));
            }
        }
        assert_eq!(futility_move_count(true, 4), (FMC_BASE + 16) as usize);
        assert_eq!(stat_bonus(1), STAT_BONUS_PER_PLY - STAT_BONUS_OFFSET);
        assert_eq!(stat_bonus(60), STAT_BONUS_MAX);
        // The time shares leave time on the clock.
        assert!(MAX_SHARE_OF_TIME.0 < MAX_SHARE_OF_TIME.1 && INC_SHARE.0 <= INC_SHARE.1);
        assert!(TM_OPTIMUM_SHARE * TM_MAX_SCALE <= MAX_OVER_OPTIMUM as f64);
    }
}
