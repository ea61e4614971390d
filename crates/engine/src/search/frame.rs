//! What the search keeps per ply: the `Frame`s of a thread's stack.

use super::history::Histories;
use super::value::{self, Value};
use longjiang_core::rules::Move;

/// What the search keeps per ply.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub static_eval: Value,
    pub killers: [Move; 2],
    pub current: Move,
    /// The continuation-history block of `current` (for the plies below).
    pub cont_block: usize,
    /// The counter-move table key of `current`.
    pub counter_key: Option<usize>,
    pub move_count: usize,
    pub in_check: bool,
    /// The move left out of this node's search (singular extension verification).
    pub excluded: Move,
    /// Double singular extensions on the line down to this ply.
    pub double_ext: u8,
    /// `current` threatens mate in one (`pressure::threatens_mate`): the node below it must
    /// not be cut by its static evaluation (docs/mates.md).
    pub threat: bool,
    /// The node's table move was a quiet singular extension (later moves reduce less).
    pub singular_quiet: bool,
    /// `current` captured a piece.
    pub capture: bool,
    /// The node's table probe found an entry.
    pub tt_hit: bool,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            static_eval: value::NONE,
            killers: [Move::NONE; 2],
            current: Move::NONE,
            cont_block: Histories::NO_CONT,
            counter_key: None,
            move_count: 0,
            in_check: false,
            excluded: Move::NONE,
            double_ext: 0,
            threat: false,
            singular_quiet: false,
            capture: false,
            tt_hit: false,
        }
    }
}

/// Frames below ply 0 that the search may look at (ply - 4).
pub(crate) const FRAME_OFFSET: usize = 4;
