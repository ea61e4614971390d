//! Levels for people: `Skill Level` 0–20 and `UCI_Elo`, after Stockfish's `Skill`. A weak
//! level searches no deeper than `1 + level` plies, with [`Skill::share`] of the nodes or time
//! the full engine would take and up to [`MULTIPV`] lines ([`Skill::multipv`]), and then plays
//! one of those lines, picked with a push that grows with the weakness: a weak engine
//! still plays one of the best few moves of a shallow search, never a random one. Level 20 is
//! the full engine, untouched. The layer sits beside the search: it sets the limits and the
//! line count before a search ([`Skill::limits`], [`Skill::multipv`]) and picks among the
//! reported lines after it ([`Skill::pick`]); docs/levels.md has the calibration.

use super::Limits;
use longjiang_core::rng::{SplitMix, mix};
use std::time::Duration;

/// The full-strength level (no handicap).
pub const FULL: u8 = 20;
/// The most lines a weak level searches to pick from (more when `MultiPV` asks for more).
pub const MULTIPV: usize = 4;
/// The fewest nodes a weak level's share of a node limit comes to (a one-ply search of
/// [`MULTIPV`] lines takes about 100).
pub const MIN_NODES: u64 = 256;
/// The least time a weak level's share of a time comes to.
pub const MIN_TIME: Duration = Duration::from_millis(10);
/// The largest random push, in centipawns (a pawn, at the weakest level).
const PAWN: i32 = 100;

/// The `UCI_Elo` of each level on the levels' own scale: the full engine (level 20) is 3000 by
/// convention, and each level stands its measured distance below it in the drop game at 5,000
/// nodes a move (a monotone fit of the chained steps, notes/levels.md, 2026-12-06, commit
/// 01575f9; docs/levels.md). Increasing, so that an Elo maps to one level.
pub const LEVEL_ELO: [u32; 21] = [
    1460, 1580, 1660, 1680, 1750, 1840, 1900, 1930, 1960, 2010, 2020, 2080, 2130, 2200, 2330, 2410,
    2590, 2710, 2810, 2970, 3000,
];
/// The lowest `UCI_Elo` (level 0).
pub const MIN_ELO: u32 = LEVEL_ELO[0];
/// The highest `UCI_Elo` (level 20: the full engine).
pub const MAX_ELO: u32 = LEVEL_ELO[FULL as usize];

/// A strength level and the seed of its random picks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    /// 0.0 ..= 20.0; fractional when it comes from an Elo.
    level: f64,
    /// The picks' seed: a pick depends on it and on the position only.
    seed: u64,
}

impl Default for Skill {
    fn default() -> Skill {
        Skill::FULL
    }
}

/// One line of a search as the pick sees it: its score in centipawns
/// ([`super::Score::centipawns`]).
pub type Line = i32;

impl Skill {
    /// The full engine: no handicap.
    pub const FULL: Skill = Skill {
        level: FULL as f64,
        seed: 0,
    };

    /// Level `level` (0 ..= 20; more is taken as 20) with picks drawn from `seed`.
    pub fn level(level: u8, seed: u64) -> Skill {
        Skill {
            level: f64::from(level.min(FULL)),
            seed,
        }
    }

    /// The level an Elo on the levels' scale stands for ([`LEVEL_ELO`], linear between two
    /// levels, clamped to [`MIN_ELO`] ..= [`MAX_ELO`]), with picks drawn from `seed`.
    pub fn from_elo(elo: u32, seed: u64) -> Skill {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let i = LEVEL_ELO
            .windows(2)
            .position(|w| elo <= w[1])
            .unwrap_or(FULL as usize - 1);
        let (lo, hi) = (LEVEL_ELO[i], LEVEL_ELO[i + 1]);
        let frac = f64::from(elo - lo) / f64::from((hi - lo).max(1));
        Skill {
            level: i as f64 + frac,
            seed,
        }
    }

    /// The seed of the picks (0: none set).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// This level with picks drawn from `seed`.
    pub fn seeded(self, seed: u64) -> Skill {
        Skill { seed, ..self }
    }

    /// The level, 0.0 ..= 20.0.
    pub fn value(&self) -> f64 {
        self.level
    }

    /// Whether this level plays below full strength.
    pub fn enabled(&self) -> bool {
        self.level < f64::from(FULL)
    }

    /// The deepest iteration a weak level searches: `1 + level` plies (Stockfish picks its
    /// move at that depth).
    pub fn depth(&self) -> u32 {
        1 + self.level as u32
    }

    /// The share of the full engine's budget a search at this level gets: `2^((level − 20)/2)`
    /// (half at level 18, 1/1024 at level 0), so that each level is about the same step.
    pub fn share(&self) -> f64 {
        (0.5f64).powf((f64::from(FULL) - self.level) / 2.0)
    }

    /// The limits of a search at this level: `limits` with the depth capped at
    /// [`Skill::depth`], and the nodes, the move time and the clock (time, increments,
    /// byoyomi: what the time management divides) cut to [`Skill::share`] of theirs, no
    /// less than [`MIN_NODES`] nodes and [`MIN_TIME`].
    pub fn limits(&self, mut limits: Limits) -> Limits {
        if !self.enabled() {
            return limits;
        }
        let cap = self.depth();
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        let share = self.share();
        let cut = |t: Duration| t.mul_f64(share).max(MIN_TIME.min(t));
        limits.nodes = limits
            .nodes
            .map(|n| ((n as f64 * share) as u64).max(MIN_NODES.min(n)));
        limits.movetime = limits.movetime.map(cut);
        if let Some(c) = &mut limits.clock {
            for t in c.time.iter_mut().chain(c.inc.iter_mut()) {
                *t = cut(*t);
            }
            c.byoyomi = cut(c.byoyomi);
        }
        limits
    }

    /// The lines a search at this level reports when `MultiPV` asks for `asked`: at least
    /// `1 + (3·(20 − level) + 10) / 20` of them, 4 at levels 0 … 3 down to 1 at levels 17 … 19
    /// (each line costs the search depth, and levels near the top get their steps from the
    /// budget alone).
    pub fn multipv(&self, asked: usize) -> usize {
        if self.enabled() {
            let weak = 3.0 * (f64::from(FULL) - self.level);
            asked.max(1 + ((weak + 10.0) / 20.0) as usize)
        } else {
            asked
        }
    }

    /// Which of `lines` (scores in centipawns, best first) to play in the position with key
    /// `key`. With weakness `w = 6 · (20 − level)` (120 at level 0, as Stockfish's), each
    /// line's score `s` gets a push `(w · (best − s) + spread · r) / 128`, `r` random in
    /// `0 .. w` and `spread` the distance from the best line to the last (at most a pawn): the
    /// weaker the level, the less the scores count and the more chance does; the highest
    /// pushed score wins. The same seed and key give the
    /// same pick. Full strength, or fewer than two lines: the first.
    pub fn pick(&self, lines: &[Line], key: u64) -> usize {
        if !self.enabled() || lines.len() < 2 {
            return 0;
        }
        let mut rng = SplitMix::new(mix(self.seed ^ mix(key)));
        let top = lines[0];
        let spread = (top - lines[lines.len() - 1]).clamp(0, PAWN);
        // Stockfish's weakness is 120 − 2·level, a cliff of over 400 Elo between levels 19
        // and 20 here (notes/levels.md); this one falls to 0 at level 20 instead.
        let weakness = 6.0 * (f64::from(FULL) - self.level);
        let mut best = 0;
        let mut best_score = i64::MIN;
        for (i, &score) in lines.iter().enumerate() {
            let roll = rng.below(weakness as u64) as f64;
            let push = (weakness * f64::from(top - score) + f64::from(spread) * roll) / 128.0;
            let pushed = i64::from(score) + push as i64;
            if pushed >= best_score {
                best_score = pushed;
                best = i;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_maps_onto_the_levels() {
        assert_eq!(Skill::from_elo(MIN_ELO, 0).value(), 0.0);
        assert_eq!(Skill::from_elo(0, 0).value(), 0.0);
        assert_eq!(Skill::from_elo(MAX_ELO, 0).value(), 20.0);
        assert!(!Skill::from_elo(MAX_ELO, 0).enabled());
        for l in 0..=FULL {
            let s = Skill::from_elo(LEVEL_ELO[l as usize], 0).value();
            assert!((s - f64::from(l)).abs() < 1e-9, "{l}: {s}");
        }
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]));
        let mid = (LEVEL_ELO[3] + LEVEL_ELO[4]) / 2;
        let s = Skill::from_elo(mid, 0).value();
        assert!(s > 3.0 && s < 4.0, "{s}");
    }

    #[test]
    fn weak_levels_cap_the_depth_and_widen_the_lines() {
        let l0 = Skill::level(0, 1);
        assert_eq!(l0.limits(Limits::default()).depth, Some(1));
        let deep = Limits {
            depth: Some(30),
            ..Limits::default()
        };
        assert_eq!(Skill::level(5, 1).limits(deep.clone()).depth, Some(6));
        let budget = Limits {
            nodes: Some(100_000),
            movetime: Some(Duration::from_secs(4)),
            ..Limits::default()
        };
        let l18 = Skill::level(18, 1).limits(budget.clone());
        assert_eq!(l18.nodes, Some(50_000));
        assert_eq!(l18.movetime, Some(Duration::from_secs(2)));
        let weakest = l0.limits(budget);
        assert_eq!(weakest.nodes, Some(MIN_NODES));
        assert_eq!(weakest.movetime, Some(MIN_TIME));
        assert_eq!(Skill::FULL.limits(deep.clone()), deep);
        assert_eq!(l0.multipv(1), MULTIPV);
        assert_eq!(l0.multipv(7), 7);
        let lines: Vec<usize> = (0..FULL).map(|l| Skill::level(l, 1).multipv(1)).collect();
        assert_eq!(
            lines,
            [4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1]
        );
        assert_eq!(Skill::FULL.multipv(1), 1);
    }

    #[test]
    fn picks_are_seeded_and_near_the_top() {
        let lines = [40, 30, 10, -500];
        let mut seen = [0; 4];
        for key in 0..400u64 {
            let a = Skill::level(0, 9).pick(&lines, key);
            assert_eq!(a, Skill::level(0, 9).pick(&lines, key));
            seen[a] += 1;
            assert_eq!(Skill::FULL.pick(&lines, key), 0);
        }
        // Level 0 varies among the close lines, and a line five pawns worse is rare.
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "{seen:?}");
        assert!(seen[3] < 40, "{seen:?}");
        // Level 19 keeps to the best line far more often than level 0.
        let strong = (0..400u64)
            .filter(|&k| Skill::level(19, 9).pick(&lines, k) == 0)
            .count();
        assert!(strong > seen[0], "{strong} vs {seen:?}");
    }
}
