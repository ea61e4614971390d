//! Which game is played when: every pair of engines (an encounter; with `--gauntlet` the first
//! engine against each other one) plays `games` games,
//! in pairs on the same opening with the colours swapped; encounters take turns pair by pair,
//! and each encounter walks through the opening suite in order (wrapping around).
//!
//! Rounds are numbered 1… in this order; the round number alone determines the engines,
//! colours and opening of a game, which is what makes `--resume` possible.

/// One scheduled game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScheduledGame {
    /// 1-based game number.
    pub round: u32,
    /// Index of the encounter (pair of engines).
    pub encounter: usize,
    /// Engine index of the first player.
    pub first: usize,
    /// Engine index of the second player.
    pub second: usize,
    /// Index into the opening suite.
    pub opening: usize,
    /// Pair number (the two games of a pair share it), 0-based.
    pub pair: u32,
}

/// The whole schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Every pair of engines `(a, b)` with `a < b`.
    pub encounters: Vec<(usize, usize)>,
    /// Games per encounter (even).
    pub games_per_encounter: u32,
    /// Size of the opening suite.
    pub openings: usize,
}

impl Schedule {
    /// A round robin of `engines` engines, `games` games per encounter (rounded up to even).
    pub fn new(engines: usize, games: u32, openings: usize) -> Schedule {
        let encounters = (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect();
        Schedule {
            encounters,
            games_per_encounter: games.div_ceil(2) * 2,
            openings: openings.max(1),
        }
    }

    /// A gauntlet: the first engine meets every other one, the others do not meet.
    pub fn gauntlet(engines: usize, games: u32, openings: usize) -> Schedule {
        Schedule {
            encounters: (1..engines).map(|b| (0, b)).collect(),
            ..Schedule::new(engines, games, openings)
        }
    }

    /// Total games.
    pub fn total(&self) -> u32 {
        self.games_per_encounter * self.encounters.len() as u32
    }

    /// The game of `round` (1…total).
    pub fn slot(&self, round: u32) -> ScheduledGame {
        let g = round - 1;
        let pair = g / 2;
        let n = self.encounters.len().max(1) as u32;
        let encounter = (pair % n) as usize;
        let (a, b) = self.encounters[encounter];
        let (first, second) = if g.is_multiple_of(2) { (a, b) } else { (b, a) };
        ScheduledGame {
            round,
            encounter,
            first,
            second,
            opening: (pair / n) as usize % self.openings,
            pair,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_in_pairs() {
        let s = Schedule::new(3, 3, 5);
        assert_eq!(s.encounters, [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(s.games_per_encounter, 4);
        assert_eq!(s.total(), 12);
        let slots: Vec<(usize, usize, usize, u32)> = (1..=s.total())
            .map(|r| {
                let x = s.slot(r);
                (x.first, x.second, x.opening, x.pair)
            })
            .collect();
        assert_eq!(
            slots,
            [
                (0, 1, 0, 0),
                (1, 0, 0, 0),
                (0, 2, 0, 1),
                (2, 0, 0, 1),
                (1, 2, 0, 2),
                (2, 1, 0, 2),
                (0, 1, 1, 3),
                (1, 0, 1, 3),
                (0, 2, 1, 4),
                (2, 0, 1, 4),
                (1, 2, 1, 5),
                (2, 1, 1, 5),
            ]
        );
        let g = Schedule::gauntlet(4, 2, 5);
        assert_eq!(g.encounters, [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(g.total(), 6);
        let wrap = Schedule::new(2, 6, 2);
        let ops: Vec<usize> = (1..=6).map(|r| wrap.slot(r).opening).collect();
        assert_eq!(ops, [0, 0, 1, 1, 0, 0]);
    }
}
