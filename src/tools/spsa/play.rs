//! The games of an iteration: game pairs (one opening, each side once first) between the
//! plus and the minus engine, through the match runner's arbiter (`matches::arbiter::play`:
//! legality, clocks, adjudication), on `--concurrency` workers that keep their engines
//! running from one pair and one iteration to the next.

use crate::rules::Color;
use crate::tools::matches::arbiter::{self, GameContext, Played, Seat};
use crate::tools::matches::connection::{EngineConnection, Failure};
use crate::tools::matches::engine_spec::EngineSpec;
use crate::tools::matches::openings::Opening;
use crate::tools::matches::stats::Wdl;
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
    /// The opening of each pair to play.
    pub openings: Vec<&'a Opening>,
}

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

/// Plays one pair on `slot`; the plus side's results. `None`: stopped.
fn play_pair(
    round: &Round<'_>,
    opening: &Opening,
    slot: &mut Slot,
    id: usize,
    stop: &AtomicBool,
) -> Result<Option<Wdl>, String> {
    let names = ["plus", "minus"];
    let specs = names.map(|n| EngineSpec {
        name: n.to_string(),
        ..round.base.clone()
    });
    let mut wdl = Wdl::default();
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
            Played::Finished(f) => f,
            Played::Aborted => return Ok(None),
        };
        // The plus side sat first in the pair's first game.
        let plus = Color::ALL[first];
        match f.winner {
            None => wdl.draws += 1,
            Some(w) if w == plus => wdl.wins += 1,
            Some(_) => wdl.losses += 1,
        }
    }
    Ok(Some(wdl))
}

/// Plays every pair of `round` on the workers' slots (one thread per slot); the plus side's
/// results summed. An error of one worker stops the others.
pub fn play_round(round: &Round<'_>, slots: &mut [Slot]) -> Result<Wdl, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let total = Mutex::new(Ok(Wdl::default()));
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
                        (Ok(Some(w)), Ok(sum)) => *sum = sum.plus(w),
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
