//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard
//! correctness and speed test of a move generator. The last ply is bulk-counted (popcounts of
//! the target sets, no move is played). Repetition does not cut the tree, as in chess perft.

use super::{count_legal, legal_moves};
use crate::rules::{Move, Position};
use rayon::prelude::*;

/// Leaf nodes at `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let mut nodes = 0;
            for m in legal_moves(pos) {
                pos.play(m);
                nodes += perft(pos, depth - 1);
                pos.undo();
            }
            nodes
        }
    }
}

/// Perft split by root move, each root move's subtree counted on a rayon worker when
/// `parallel` is set. Returns `(move, leaf count)` in generation order.
pub fn perft_divide(pos: &Position, depth: u32, parallel: bool) -> Vec<(Move, u64)> {
    let moves: Vec<Move> = legal_moves(pos).into_iter().collect();
    let count = |&m: &Move| {
        let mut p = pos.clone();
        p.play(m);
        (
            m,
            if depth == 0 {
                1
            } else {
                perft(&mut p, depth - 1)
            },
        )
    };
    if parallel {
        moves.par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}
