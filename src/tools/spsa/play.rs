//! The games of an iteration: game pairs (one opening, each side once first) between the
//! plus and the minus engine, through the match runner's arbiter (`engines::arbiter::play`:
//! legality, clocks, adjudication), on `--concurrency` workers that keep their engines
//! running from one pair and one iteration to the next.

use crate::tools::engines::arbiter::{self, Finished, GameContext, Played, Seat};
use crate::tools::engines::connection::{EngineConnection, Failure};
use crate::tools::engines::engine_spec::EngineSpec;
use crate::tools::engines::stats::Wdl;
use longjiang_core::notation::suite::Opening;
use longjiang_core::rules::Color;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One worker's engines, `[plus, minus]`, kept between pairs.
pub type Slot = [Option<EngineConnection>; 2];

/// What one iteration plays: the engine, each side's options and the openings of its pairs.
pub struct Round<'a> {
    /// How games are played.
    pub ctx: &'a GameContext,
    /// The engine, without the tuned options.
    pub base: &'a EngineSpec,
    /// `[plus, minus]`: the `setoption` pairs of each side.
    pub options: [Vec<(String, String)>; 2],
    /// The pairs to play: each one's number over the whole run and its opening.
    pub openings: Vec<(u64, &'a Opening)>,
}

/// One finished game of an iteration, for the games journal (`games-I-of-N.tsv`).
pub struct GameRecord {
    /// The pair's number over the whole run (its opening is this modulo the suite's size).
    pub pair: u64,
    /// Whether the plus side moved first.
    pub plus_first: bool,
    /// The game as the arbiter ended it.
    pub finished: Finished,
}

impl GameRecord {
    /// Whether the plus side won (`None`: a draw).
    fn plus_won(&self) -> Option<bool> {
        let plus = Color::ALL[usize::from(!self.plus_first)];
        self.finished.winner.map(|w| w == plus)
    }

    /// The plus side's result: `win`, `draw` or `loss`.
    fn result(&self) -> &'static str {
        match self.plus_won() {
            None => "draw",
            Some(true) => "win",
            Some(false) => "loss",
        }
    }

    /// Whether a side lost on time (the arbiter's reason says so).
    pub fn lost_on_time(&self) -> bool {
        self.finished.reason.contains("loses on time")
    }

    /// The journal's line for iteration `k`: iteration, pair, who moved first, the plus
    /// side's result, plies, each side's clock use (plus first) and why the game ended.
    pub fn journal_line(&self, k: u32) -> String {
        let f = &self.finished;
        let (p, m) = if self.plus_first { (0, 1) } else { (1, 0) };
        format!(
            "{k}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.pair,
            if self.plus_first { "plus" } else { "minus" },
            self.result(),
            f.moves.len(),
            f.clock[p].tag_value(),
            f.clock[m].tag_value(),
            f.reason.replace(['\t', '\n'], " ")
        )
    }
}

/// The games journal's header line.
pub const JOURNAL_HEADER: &str =
    "iteration\tpair\tfirst\tplus\tplies\tplus_clock\tminus_clock\treason";

/// Starts the engine of a side if it is not running, and gives it the side's values.
fn ready(
    round: &Round<'_>,
    side: usize,
    engine: &mut Option<EngineConnection>,
    label: &str,
) -> Result<(), String> {
    let name = &round.base.name;
    if engine.is_none() {
        let e = EngineConnection::start(
            round.base,
            round.ctx.variant,
            round.ctx.hang_timeout,
            label.to_string(),
            round.ctx.log.clone(),
        )
        .map_err(|f| format!("engine {name}: {f}"))?;
        *engine = Some(e);
    }
    if let Some(e) = engine.as_mut() {
        match e.set_options(&round.options[side]) {
            Ok(()) => {}
            Err(Failure::Rejected(s)) => return Err(format!("engine {name}: {s}")),
            Err(f) => {
                *engine = None;
                return Err(format!("engine {name} ({label}): {f}"));
            }
        }
    }
    Ok(())
}

/// Plays pair number `pair` on `slot`; its two games. `None`: stopped.
fn play_pair(
    round: &Round<'_>,
    (pair, opening): (u64, &Opening),
    slot: &mut Slot,
    id: usize,
    stop: &AtomicBool,
) -> Result<Option<Vec<GameRecord>>, String> {
    let names = ["plus", "minus"];
    let specs = names.map(|n| EngineSpec {
        name: n.to_string(),
        ..round.base.clone()
    });
    let mut games = Vec::with_capacity(2);
    for first in [0, 1] {
        for side in [0, 1] {
            ready(
                round,
                side,
                &mut slot[side],
                &format!("{}#{id}", names[side]),
            )?;
        }
        let (a, b) = slot.split_at_mut(1);
        let mut engines = [&mut a[0], &mut b[0]];
        if first == 1 {
            engines.swap(0, 1);
        }
        let [e0, e1] = engines;
        let order = [first, 1 - first];
        let seats = [
            Seat {
                spec: &specs[order[0]],
                engine: e0,
                label: format!("{}#{id}", names[order[0]]),
            },
            Seat {
                spec: &specs[order[1]],
                engine: e1,
                label: format!("{}#{id}", names[order[1]]),
            },
        ];
        let f = match arbiter::play(round.ctx, opening, seats, stop)? {
            Played::Finished(f) => *f,
            Played::Aborted => return Ok(None),
        };
        // The plus side sat first in the pair's first game.
        games.push(GameRecord {
            pair,
            plus_first: first == 0,
            finished: f,
        });
    }
    Ok(Some(games))
}

/// The plus side's results in `games`.
pub fn tally(games: &[GameRecord]) -> Wdl {
    let mut wdl = Wdl::default();
    for g in games {
        match g.plus_won() {
            None => wdl.draws += 1,
            Some(true) => wdl.wins += 1,
            Some(false) => wdl.losses += 1,
        }
    }
    wdl
}

/// Plays every pair of `round` on the workers' slots (one thread per slot); its games, in
/// the order they ended. An error of one worker stops the others.
pub fn play_round(round: &Round<'_>, slots: &mut [Slot]) -> Result<Vec<GameRecord>, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let total = Mutex::new(Ok(Vec::new()));
    std::thread::scope(|scope| {
        for (id, slot) in slots.iter_mut().enumerate() {
            let (next, stop, total) = (&next, &stop, &total);
            scope.spawn(move || {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    if j >= round.openings.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play_pair(round, round.openings[j], slot, id, stop)
                    }))
                    .unwrap_or_else(|_| Err("internal error while playing a pair".into()));
                    let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                    match (r, &mut *t) {
                        (Ok(Some(g)), Ok(all)) => all.extend(g),
                        (Ok(None), _) | (_, Err(_)) => {}
                        (Err(e), t) => {
                            *t = Err(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}
