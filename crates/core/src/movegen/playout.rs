//! Random games for the tests that compare a fast path with its slow twin: every position of a
//! few random playouts, reproducible from a seed.

use super::{MoveList, legal_moves};
use crate::rules::{Position, Rules};

/// Plays `games` games of `rules` from the start, at most `plies` plies each, every move drawn
/// by `rnd` from the legal moves (a game stops when none is left). `visit` sees each position
/// with its legal moves before the move is drawn, and may draw from `rnd` itself.
pub fn random_games(
    rules: Rules,
    games: usize,
    plies: usize,
    rnd: &mut XorShift,
    mut visit: impl FnMut(&Position, &MoveList, &mut XorShift),
) {
    for _ in 0..games {
        let mut pos = Position::start(rules);
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            visit(&pos, &moves, rnd);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rnd.below(moves.len())]);
        }
    }
}

/// Marsaglia's xorshift64 (13, 7, 17): enough randomness for test playouts, no crate needed.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64 bits.
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n > 0`), by remainder.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
