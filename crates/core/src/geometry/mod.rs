//! Geometry: squares, bitboards and attack tables, shared by every game the engine plays.

pub mod attacks;
pub mod bitboard;
pub mod slow;
pub mod square;

pub use bitboard::Bitboard;
pub use square::{FILES, File, RANKS, Rank, SQUARES, Square};

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator so the comparison is reproducible without extra crates.
    fn random_occupancies() -> impl Iterator<Item = Bitboard> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..400).map(move |i| {
            let raw = (next() as u128) << 64 | next() as u128;
            // Mix dense and sparse boards.
            let raw = match i % 3 {
                0 => raw,
                1 => raw & (next() as u128) << 64 | raw & next() as u128,
                _ => raw & (next() as u128 | (next() as u128) << 64) & (next() as u128) << 36,
            };
            Bitboard(raw) & Bitboard::FULL
        })
    }

    #[test]
    fn fast_attacks_match_the_slow_twins() {
        for occ in random_occupancies() {
            for sq in Square::all() {
                assert_eq!(
                    attacks::rook_attacks(sq, occ),
                    slow::rook_attacks(sq, occ),
                    "rook {sq}"
                );
                assert_eq!(
                    attacks::bishop_attacks(sq, occ),
                    slow::bishop_attacks(sq, occ),
                    "bishop {sq}"
                );
                assert_eq!(
                    attacks::spear_attacks(sq, occ),
                    slow::spear_attacks(sq, occ),
                    "spear {sq}"
                );
                assert_eq!(
                    attacks::guard_attacks(sq, occ),
                    slow::guard_attacks(sq, occ),
                    "guard {sq}"
                );
                assert_eq!(
                    attacks::guard_attackers_mask(sq, occ),
                    slow::guard_attackers_mask(sq, occ),
                    "guard reverse {sq}\n{occ}"
                );
            }
        }
        for sq in Square::all() {
            assert_eq!(attacks::cavalry_attacks(sq), slow::cavalry_attacks(sq));
            assert_eq!(
                attacks::king_attacks(sq),
                slow::leaps(sq, &attacks::KING_STEPS)
            );
        }
    }

    #[test]
    fn guard_legs_are_the_orthogonal_first_step() {
        let d4: Square = "d4".parse().unwrap();
        let e6: Square = "e6".parse().unwrap();
        let f5: Square = "f5".parse().unwrap();
        assert_eq!(attacks::guard_leg(d4, e6), Some("d5".parse().unwrap()));
        assert_eq!(attacks::guard_leg(d4, f5), Some("e4".parse().unwrap()));
        assert_eq!(attacks::guard_leg(d4, "d6".parse().unwrap()), None);
        // Blocking d5 removes c6 and e6 but not f5.
        let occ = Bitboard::from_square("d5".parse().unwrap());
        let att = attacks::guard_attacks(d4, occ);
        assert!(!att.has(e6) && att.has(f5) && att.has("d5".parse().unwrap()));
        assert!(!att.has("d6".parse().unwrap()));
    }

    #[test]
    fn between_and_line() {
        let a1: Square = "a1".parse().unwrap();
        let d4: Square = "d4".parse().unwrap();
        let b3: Square = "b3".parse().unwrap();
        assert_eq!(attacks::between(a1, d4).len(), 2);
        assert!(attacks::between(a1, b3).is_empty());
        assert_eq!(attacks::line(a1, d4).len(), 10);
        assert!(attacks::line(a1, d4).has("j10".parse().unwrap()));
        assert!(attacks::line(a1, b3).is_empty());
    }
}
