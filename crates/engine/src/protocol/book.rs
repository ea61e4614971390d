//! The opening book (`OwnBook`, `BookFile`): a file in the form of `match`'s
//! opening suites (`startpos [moves …]` or `[sfen] <SFEN> [moves …]` a line, what the suite
//! generator writes), read as "in this position, this move": each time a line plays a move
//! from a position counts one for it. `go` answers from the book, choosing a move by its
//! weight, while the position is in it; a move is played only when it is legal there.

use longjiang_core::rules::{Move, Position, Variant};
use std::collections::HashMap;

/// The moves of the book per position (by key), with their weights.
#[derive(Clone, Debug, Default)]
pub struct Book {
    moves: HashMap<u64, Vec<(Move, u32)>>,
}

impl Book {
    /// Reads a book of game `variant` from the text of a suite file (`source` names it in
    /// errors).
    pub fn from_suite(text: &str, variant: Variant, source: &str) -> Result<Book, String> {
        let suite = longjiang_core::notation::suite::parse_suite(text, variant, source)?;
        let rules = variant.rules();
        let mut book = Book::default();
        for opening in &suite.openings {
            let mut pos = opening.start_position(rules);
            for &m in &opening.moves {
                let entry = book.moves.entry(pos.key()).or_default();
                match entry.iter_mut().find(|(x, _)| *x == m) {
                    Some((_, w)) => *w += 1,
                    None => entry.push((m, 1)),
                }
                pos.play(m);
            }
        }
        Ok(book)
    }

    /// The book's legal moves in `pos`, with their weights.
    pub fn moves(&self, pos: &Position) -> Vec<(Move, u32)> {
        self.moves.get(&pos.key()).map_or_else(Vec::new, |ms| {
            ms.iter()
                .copied()
                .filter(|&(m, _)| pos.is_legal(m))
                .collect()
        })
    }

    /// A move for `pos` chosen by weight with `roll` (any number: it is reduced modulo the
    /// total weight), or `None` when the position is not in the book.
    pub fn pick(&self, pos: &Position, roll: u64) -> Option<Move> {
        let moves = self.moves(pos);
        let total: u64 = moves.iter().map(|&(_, w)| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut r = roll % total;
        for (m, w) in moves {
            if r < u64::from(w) {
                return Some(m);
            }
            r -= u64::from(w);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::LONGJIANG;

    #[test]
    fn moves_are_weighted_by_the_lines_that_play_them() {
        let text = "startpos moves f2f4 f9f7\nstartpos moves f2f4 e9e7\nstartpos moves b1c3\n";
        let book = Book::from_suite(text, Variant::Longjiang, "t").unwrap();
        let start = Position::start(LONGJIANG);
        let f2f4 = start.parse_move("f2f4").unwrap();
        let b1c3 = start.parse_move("b1c3").unwrap();
        assert_eq!(book.moves(&start), vec![(f2f4, 2), (b1c3, 1)]);
        // In file order: rolls 0 and 1 take f2f4 (weight 2), 2 takes b1c3; then round again.
        let picks: Vec<Option<Move>> = (0..4).map(|r| book.pick(&start, r)).collect();
        assert_eq!(picks, [f2f4, f2f4, b1c3, f2f4].map(Some));
        // Out of the book: no move.
        let mut pos = start.clone();
        pos.play(b1c3);
        assert_eq!(book.pick(&pos, 0), None);
        assert!(Book::from_suite("startpos moves f2f5", Variant::Longjiang, "t").is_err());
    }
}
