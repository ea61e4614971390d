//! The one pseudo-random generator of the crates and the tools: SplitMix64 (Steele, Lea and
//! Flood, "Fast splittable pseudorandom number generators", 2014). Every use draws from a
//! fixed seed, so Zobrist keys, self-play games, training runs and tuning directions are the
//! same from run to run; `const`, so the Zobrist keys are drawn at compile time.

/// SplitMix64's increment (the golden ratio in 64 bits).
pub const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: 64 well-mixed bits of `z`.
pub const fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of `x`: the first output of a generator seeded with `x`.
pub const fn mix(x: u64) -> u64 {
    finalize(x.wrapping_add(GAMMA))
}

/// A SplitMix64 stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream seeded with `seed`.
    pub const fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// Stream `n` of a run seeded with `seed` (datagen's game `n`): streams of one seed and
    /// of different seeds start far apart.
    pub const fn stream(seed: u64, n: u64) -> SplitMix {
        SplitMix(mix(seed ^ 0x6a09_e667_f3bc_c909) ^ n.wrapping_mul(GAMMA))
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        finalize(self.0)
    }

    /// A number in `0..n` (`n > 0`), by multiply and shift.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published first outputs of SplitMix64 seeded with 1234567 (the reference
    /// implementation's test vector): the stream every seeded result depends on.
    #[test]
    fn matches_the_reference_stream() {
        let mut r = SplitMix::new(1234567);
        let want = [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ];
        for w in want {
            assert_eq!(r.next_u64(), w);
        }
        assert_eq!(mix(1234567), want[0]);
        let mut r = SplitMix::new(7);
        assert!((0..1000).all(|_| r.below(10) < 10));
        // Datagen's games 0 and 1 of seed 1 (their openings and random plies).
        assert_eq!(SplitMix::stream(1, 0).next_u64(), 13985836591153480016);
        assert_ne!(SplitMix::stream(1, 1), SplitMix::stream(1, 0));
    }
}
