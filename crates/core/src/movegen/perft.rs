//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard
//! correctness and speed test of a move generator. The last ply is bulk-counted (popcounts of
//! the target sets, no move is played). Repetition does not cut the tree, as in chess perft.

use super::{count_legal, legal_moves};
use crate::rules::{Move, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest perft the tools run: far past what finishes (depth 7 of the start position
/// already has about 2·10¹⁰ leaves).
pub const MAX_PERFT_DEPTH: u32 = 20;

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

/// `perft` that gives up (`None`) once `stop` is set; checked at every node two or more plies
/// above the leaves.
fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 2 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for m in legal_moves(pos) {
        pos.play(m);
        let n = perft_until(pos, depth - 1, stop);
        pos.undo();
        nodes += n?;
    }
    Some(nodes)
}

/// `perft_divide` that can be interrupted: `None` once `stop` is set (the protocol's `go
/// perft`, which `stop` and `quit` must be able to end).
pub fn perft_divide_until(
    pos: &Position,
    depth: u32,
    parallel: bool,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    let moves: Vec<Move> = legal_moves(pos).into_iter().collect();
    let count = |&m: &Move| {
        let mut p = pos.clone();
        p.play(m);
        let n = if depth == 0 {
            Some(1)
        } else {
            perft_until(&mut p, depth - 1, stop)
        };
        n.map(|n| (m, n))
    };
    if parallel {
        moves.par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::LONGJIANG;

    #[test]
    fn the_interruptible_perft_counts_the_same_and_stops() {
        let pos = Position::start(LONGJIANG);
        let go_on = AtomicBool::new(false);
        assert_eq!(
            perft_divide_until(&pos, 3, false, &go_on),
            Some(perft_divide(&pos, 3, false))
        );
        assert_eq!(
            perft_divide_until(&pos, 9, true, &AtomicBool::new(true)),
            None
        );
    }
}
