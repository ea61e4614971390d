//! What the moves of a node share (`NodeInfo`), one of its moves (`NodeMove`) and what became
//! of it (`MoveOutcome`): the terms between the moves loop, `movesearch` and the split points.

use super::tt::TtBound;
use super::value::Value;
use longjiang_core::rules::Move;

/// What the moves of one node have in common: what pruning, extensions and reductions read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeInfo {
    pub depth: i32,
    pub ply: usize,
    pub root: bool,
    pub cut_node: bool,
    pub in_check: bool,
    pub improving: bool,
    pub static_eval: Value,
    pub tt_pv: bool,
    pub tt_capture: bool,
    /// The table's move, value (from this ply), depth and bound (`TtBound::None`: no entry).
    pub tt_move: Move,
    pub tt_value: Value,
    pub tt_depth: i32,
    pub tt_bound: TtBound,
    /// The move left out of this node (singular verification), or `Move::NONE`.
    pub excluded: Move,
    /// The side to move has material that can move (futility pruning is safe).
    pub mobile: bool,
    /// The continuation-history blocks of the moves before (`Worker::cont_blocks`).
    pub cont: [usize; 3],
}

/// One move of a node as the moves loop (or a split point) hands it to `search_move`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeMove {
    pub mv: Move,
    /// Its number among the node's moves searched (1 for the first).
    pub number: usize,
    /// Whether it gives check (the picker's check squares tell).
    pub gives_check: bool,
}

/// What became of one move of a node.
#[derive(Clone, Copy, Debug)]
pub(crate) enum MoveOutcome {
    /// Searched, with this value.
    Searched(Value),
    /// Pruned.
    Pruned,
    /// Pruned, and so are the node's later quiet moves (move count pruning).
    PrunedWithLaterQuiets,
}
