//! Move-ordering statistics kept per thread between searches: the history of quiet board moves
//! (by side, origin, destination), the separate history of drops (by side, kind, square), a
//! capture history, counter-moves, and continuation histories (how good a move was after a
//! given move one or two plies before). All use the "gravity" update of Stockfish's `History`
//! so values stay within ±`MAX`.

use crate::geometry::SQUARES;
use crate::rules::{Color, Move, Piece, PieceKind};

/// The bound of every history value.
pub const MAX: i32 = 16_384;

/// A piece index for tables: side * 8 + kind.
#[inline(always)]
pub fn piece_index(p: Piece) -> usize {
    p.color.index() * 8 + p.kind.index()
}

#[inline(always)]
fn gravity(entry: &mut i16, bonus: i32) {
    let b = bonus.clamp(-MAX, MAX);
    let v = *entry as i32;
    *entry = (v + b - v * b.abs() / MAX) as i16;
}

/// The continuation-history block of one earlier move: for every (piece, destination) of the
/// current move, how good it has been.
pub type ContBlock = [i16; 16 * SQUARES];

/// All statistics of one thread.
pub struct Histories {
    /// Quiet board moves: `[side][from][to]`.
    main: Vec<i16>,
    /// Drops: `[side][kind][to]`.
    drops: Vec<i16>,
    /// Captures: `[moving piece][to][captured kind]`.
    captures: Vec<i16>,
    /// The reply that refuted a move: `[piece][to]` of that move.
    counter: Vec<Move>,
    /// Continuation history: `[previous piece][previous to]` → a block over the current move.
    cont: Vec<ContBlock>,
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

impl Histories {
    /// Empty statistics.
    pub fn new() -> Histories {
        Histories {
            main: vec![0; 2 * SQUARES * SQUARES],
            drops: vec![0; 2 * 8 * SQUARES],
            captures: vec![0; 16 * SQUARES * 8],
            counter: vec![Move::NONE; 16 * SQUARES],
            cont: vec![[0; 16 * SQUARES]; 16 * SQUARES + 1],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.main.fill(0);
        self.drops.fill(0);
        self.captures.fill(0);
        self.counter.fill(Move::NONE);
        for b in &mut self.cont {
            b.fill(0);
        }
    }

    #[inline(always)]
    fn quiet_index(us: Color, m: Move) -> (bool, usize) {
        match m.from() {
            Some(from) => (
                false,
                (us.index() * SQUARES + from.index()) * SQUARES + m.to().index(),
            ),
            None => {
                let k = m.drop_kind().map_or(0, PieceKind::index);
                (true, (us.index() * 8 + k) * SQUARES + m.to().index())
            }
        }
    }

    /// The history of a quiet move or drop.
    #[inline(always)]
    pub fn quiet(&self, us: Color, m: Move) -> i32 {
        let (drop, i) = Self::quiet_index(us, m);
        if drop {
            self.drops[i] as i32
        } else {
            self.main[i] as i32
        }
    }

    /// Rewards (or punishes, with a negative bonus) a quiet move or drop.
    #[inline(always)]
    pub fn update_quiet(&mut self, us: Color, m: Move, bonus: i32) {
        let (drop, i) = Self::quiet_index(us, m);
        if drop {
            gravity(&mut self.drops[i], bonus);
        } else {
            gravity(&mut self.main[i], bonus);
        }
    }

    #[inline(always)]
    fn capture_index(piece: Piece, m: Move, captured: PieceKind) -> usize {
        (piece_index(piece) * SQUARES + m.to().index()) * 8 + captured.index()
    }

    /// The history of a capture by `piece` of a `captured` piece.
    #[inline(always)]
    pub fn capture(&self, piece: Piece, m: Move, captured: PieceKind) -> i32 {
        self.captures[Self::capture_index(piece, m, captured)] as i32
    }

    /// Rewards or punishes a capture.
    #[inline(always)]
    pub fn update_capture(&mut self, piece: Piece, m: Move, captured: PieceKind, bonus: i32) {
        gravity(
            &mut self.captures[Self::capture_index(piece, m, captured)],
            bonus,
        );
    }

    /// The counter-move stored for a previous move of `piece` to `to`.
    #[inline(always)]
    pub fn counter(&self, key: Option<usize>) -> Move {
        key.map_or(Move::NONE, |k| self.counter[k])
    }

    /// Remembers `m` as the answer to the previous move.
    #[inline(always)]
    pub fn set_counter(&mut self, key: Option<usize>, m: Move) {
        if let Some(k) = key {
            self.counter[k] = m;
        }
    }

    /// The index of a continuation block: `piece` moved (or was dropped) to `to`. `None` (no
    /// move, a null move) maps to a block that is never updated.
    #[inline(always)]
    pub fn cont_key(piece: Piece, to: usize) -> usize {
        piece_index(piece) * SQUARES + to
    }

    /// The always-zero block used for "no previous move".
    pub const NO_CONT: usize = 16 * SQUARES;

    /// The continuation history of the current move (`piece` to `to`) after the earlier move
    /// whose block is `block`.
    #[inline(always)]
    pub fn cont(&self, block: usize, piece: Piece, to: usize) -> i32 {
        self.cont[block][piece_index(piece) * SQUARES + to] as i32
    }

    /// Updates a continuation history entry (the empty block stays empty).
    #[inline(always)]
    pub fn update_cont(&mut self, block: usize, piece: Piece, to: usize, bonus: i32) {
        if block != Self::NO_CONT {
            gravity(
                &mut self.cont[block][piece_index(piece) * SQUARES + to],
                bonus,
            );
        }
    }
}

/// The bonus for a move that caused a cut-off at `depth` (and the malus of the moves tried
/// before it).
#[inline(always)]
pub fn stat_bonus(depth: i32) -> i32 {
    (depth * 300 - 250).clamp(0, 2_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;

    #[test]
    fn drops_and_board_moves_keep_apart_and_stay_bounded() {
        let mut h = Histories::new();
        let to = Square::from_index_unchecked(44);
        let d = Move::drop(PieceKind::Guard, to);
        let m = Move::normal(Square::from_index_unchecked(4), to);
        for _ in 0..1000 {
            h.update_quiet(Color::Black, d, 2000);
        }
        assert!(h.quiet(Color::Black, d) <= MAX && h.quiet(Color::Black, d) > MAX / 2);
        assert_eq!(h.quiet(Color::Black, m), 0);
        assert_eq!(h.quiet(Color::White, d), 0);
        h.update_quiet(Color::Black, m, -500);
        assert!(h.quiet(Color::Black, m) < 0);
        h.clear();
        assert_eq!(h.quiet(Color::Black, d), 0);
    }
}
