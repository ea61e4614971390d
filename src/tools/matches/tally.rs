//! Running totals of a match: per engine (overall and by colour), per encounter (the first
//! engine's view, single games and complete pairs) and first player against second player.

use super::schedule::ScheduledGame;
use crate::tools::engines::clock_use::{ClockTotals, ClockUse};
use crate::tools::engines::stats::{Penta, Wdl};
use longjiang_core::rules::Color;
use std::collections::HashMap;

/// One engine's results.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct EngineTally {
    /// As first player.
    pub as_first: Wdl,
    /// As second player.
    pub as_second: Wdl,
}

impl EngineTally {
    /// Both colours together.
    pub fn total(&self) -> Wdl {
        Wdl {
            wins: self.as_first.wins + self.as_second.wins,
            draws: self.as_first.draws + self.as_second.draws,
            losses: self.as_first.losses + self.as_second.losses,
        }
    }
}

/// Results of one pair of engines, from the first engine's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EncounterTally {
    /// Engine indices.
    pub engines: (usize, usize),
    /// Single games.
    pub games: Wdl,
    /// Complete pairs.
    pub pairs: Penta,
    /// Half-points of the first engine in pairs with one game played so far.
    open_pairs: HashMap<u32, u32>,
}

/// Everything counted so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Per engine.
    pub engines: Vec<EngineTally>,
    /// Per encounter, in schedule order.
    pub encounters: Vec<EncounterTally>,
    /// From the first player's point of view.
    pub first_player: Wdl,
    /// Finished games.
    pub games: u32,
    /// Per engine: how much of its clock it used.
    pub clocks: Vec<ClockTotals>,
}

fn add(w: &mut Wdl, points2: u32) {
    match points2 {
        2 => w.wins += 1,
        1 => w.draws += 1,
        _ => w.losses += 1,
    }
}

impl Tally {
    /// Empty totals for `engines` engines and these encounters.
    pub fn new(engines: usize, encounters: &[(usize, usize)]) -> Tally {
        Tally {
            engines: vec![EngineTally::default(); engines],
            encounters: encounters
                .iter()
                .map(|&e| EncounterTally {
                    engines: e,
                    ..Default::default()
                })
                .collect(),
            first_player: Wdl::default(),
            games: 0,
            clocks: vec![ClockTotals::default(); engines],
        }
    }

    /// Counts the game of `slot` with this winner.
    pub fn add(&mut self, slot: &ScheduledGame, winner: Option<Color>) {
        let first_pts = match winner {
            Some(Color::Black) => 2,
            Some(Color::White) => 0,
            None => 1,
        };
        self.games += 1;
        add(&mut self.first_player, first_pts);
        add(&mut self.engines[slot.first].as_first, first_pts);
        add(&mut self.engines[slot.second].as_second, 2 - first_pts);
        let enc = &mut self.encounters[slot.encounter];
        let a_pts = if slot.first == enc.engines.0 {
            first_pts
        } else {
            2 - first_pts
        };
        add(&mut enc.games, a_pts);
        match enc.open_pairs.remove(&slot.pair) {
            Some(other) => enc.pairs.counts[(other + a_pts) as usize] += 1,
            None => {
                enc.open_pairs.insert(slot.pair, a_pts);
            }
        }
    }

    /// Counts the clock use of the game of `slot` (first player first; `None` where the
    /// record has none).
    pub fn add_clock(&mut self, slot: &ScheduledGame, uses: [Option<ClockUse>; 2]) {
        for (engine, c) in [slot.first, slot.second].into_iter().zip(uses) {
            if let Some(c) = c {
                self.clocks[engine].add(&c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::schedule::Schedule;
    use super::*;

    #[test]
    fn counts_by_engine_colour_and_pair() {
        let s = Schedule::new(2, 6, 3);
        let mut t = Tally::new(2, &s.encounters);
        // Pair 0: engine 0 wins as first, draws as second -> 1.5 points (cell 3).
        t.add(&s.slot(1), Some(Color::Black));
        t.add(&s.slot(2), None);
        // Pair 1: engine 0 loses both: cell 0.
        t.add(&s.slot(4), Some(Color::Black));
        t.add(&s.slot(3), Some(Color::White));
        // Pair 2: only one game so far.
        t.add(&s.slot(5), Some(Color::Black));
        let e = &t.encounters[0];
        assert_eq!(e.pairs.counts, [1, 0, 0, 1, 0]);
        assert_eq!((e.games.wins, e.games.draws, e.games.losses), (2, 1, 2));
        assert_eq!(
            t.engines[0].as_first,
            Wdl {
                wins: 2,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            t.engines[0].as_second,
            Wdl {
                wins: 0,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(t.engines[1].total(), e.games.flipped());
        assert_eq!(
            t.first_player,
            Wdl {
                wins: 3,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(t.games, 5);
    }
}
