//! The arbiter: plays one game between two engines, validating every move with the rules
//! core and keeping the clocks.
//!
//! Losses the runner imposes, each with its reason in the record: an illegal or unreadable
//! move, `bestmove resign`, a crash (the process ends or closes its output), a flag fall (no
//! `bestmove` within the side's time + the margin), a hang (no `bestmove` within the hang
//! timeout when only nodes/depth limit the search), and an engine that cannot be started or
//! does not answer `isready` before the game. Think time is measured by the runner from the
//! flushed `go` to the arrival of `bestmove`; the margin (`--time-margin`, default 50 ms)
//! absorbs pipe and scheduling latency and is the same for both sides.

use super::clock_use::ClockUse;
use super::connection::{EngineConnection, Failure, Reply};
use super::dialect::{go_command, position_command, searchmoves};
use super::engine_spec::EngineSpec;
use super::lateness;
use super::move_comment;
use super::process::TrafficLog;
use super::timecontrol::TimeControl;
use longjiang_core::notation::suite::Opening;
use longjiang_core::rules::adjudication::{Adjudicator, ScoreTrack};
use longjiang_core::rules::outcome::EndReason;
use longjiang_core::rules::{Color, Move, Outcome, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long an engine that missed its deadline gets to answer `stop` before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// Everything about a game that is the same for every game of the match.
#[derive(Clone)]
pub struct GameContext {
    /// The game played.
    pub variant: Variant,
    /// The match's time control (an engine's `tc=` and limits replace it for that engine).
    pub tc: TimeControl,
    /// Adjudication rules.
    pub adjudication: Adjudicator,
    /// Allowance beyond the time limit before a flag falls (an engine's `timemargin=`
    /// replaces it for that engine).
    pub margin: Duration,
    /// How long to wait for an answer when there is no time limit (and for handshakes).
    pub hang_timeout: Duration,
    /// Traffic log, if asked for.
    pub log: Option<TrafficLog>,
}

/// One side of a game: the engine's description and its (maybe not yet started) process.
pub struct Seat<'a> {
    /// The engine's description.
    pub spec: &'a EngineSpec,
    /// The running engine, kept between games; set to `None` when it must be restarted.
    pub engine: &'a mut Option<EngineConnection>,
    /// Its label in the traffic log.
    pub label: String,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: String,
    /// Every move from the start position, the opening's included.
    pub moves: Vec<Move>,
    /// How much of its clock each side used (first player first).
    pub clock: [ClockUse; 2],
    /// One comment per move of `moves` (`book` for the opening's, `+0.35/12 0.52s` for the
    /// engines': [`move_comment`]).
    pub comments: Vec<String>,
    /// The think time of each move the engines played, in order (the moves after the
    /// opening's): the KIF's 消費時間.
    pub times: Vec<Duration>,
}

/// How a call to [`play`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The game has a result (boxed: it holds the whole game).
    Finished(Box<Finished>),
    /// The match was stopped before the game ended (not recorded).
    Aborted,
}

fn rules_reason(outcome: Outcome, names: &[String; 2]) -> String {
    match outcome.reason() {
        EndReason::Checkmate | EndReason::Stalemate => outcome.reason().to_string(),
        EndReason::Repetition => "fourfold repetition".into(),
        EndReason::PerpetualCheck => {
            let loser = outcome.winner().map_or(Color::Black, |w| !w);
            format!("perpetual check by {}", names[loser.index()])
        }
        EndReason::Declaration => {
            let winner = outcome.winner().unwrap_or(Color::Black);
            format!(
                "{} wins by the entering-king declaration",
                names[winner.index()]
            )
        }
    }
}

/// Plays one game from `opening`; `seats[0]` moves first. `Err` only for a setup problem that
/// stops the match (an engine program that cannot be run at all).
pub fn play(
    ctx: &GameContext,
    opening: &Opening,
    seats: [Seat<'_>; 2],
    stop: &AtomicBool,
) -> Result<Played, String> {
    let mut clock = [ClockUse::default(); 2];
    let mut comments = vec![move_comment::BOOK.to_string(); opening.moves.len()];
    let mut times = Vec::new();
    let mut notes = MoveNotes {
        comments: &mut comments,
        times: &mut times,
    };
    Ok(
        match play_game(ctx, opening, seats, stop, &mut clock, &mut notes)? {
            Played::Finished(f) => Played::Finished(Box::new(Finished {
                clock,
                comments,
                times,
                ..*f
            })),
            Played::Aborted => Played::Aborted,
        },
    )
}

/// What [`play`] writes down per move besides the move: its PGN comment and its think time.
struct MoveNotes<'a> {
    comments: &'a mut Vec<String>,
    times: &'a mut Vec<Duration>,
}

/// [`play`], counting each side's think time into `clock` and each move's comment and think
/// time into `notes` as the game goes.
fn play_game(
    ctx: &GameContext,
    opening: &Opening,
    mut seats: [Seat<'_>; 2],
    stop: &AtomicBool,
    clock: &mut [ClockUse; 2],
    notes: &mut MoveNotes<'_>,
) -> Result<Played, String> {
    let names = [seats[0].spec.name.clone(), seats[1].spec.name.clone()];
    // Each side's own time control and margin (time odds; checked when the match was planned).
    let tcs = seats
        .each_ref()
        .map(|s| s.spec.time_control(&ctx.tc).unwrap_or(ctx.tc));
    let margins = seats
        .each_ref()
        .map(|s| s.spec.time_margin.map_or(ctx.margin, Duration::from_millis));
    let mut moves: Vec<Move> = opening.moves.clone();
    let finished = |winner: Option<Color>, reason: String, moves: Vec<Move>| Finished {
        winner,
        reason,
        moves,
        clock: [ClockUse::default(); 2],
        comments: Vec::new(),
        times: Vec::new(),
    };
    for c in Color::ALL {
        let seat = &mut seats[c.index()];
        let name = &names[c.index()];
        if seat.engine.is_none() {
            match EngineConnection::start(
                seat.spec,
                ctx.variant,
                ctx.hang_timeout,
                seat.label.clone(),
                ctx.log.clone(),
            ) {
                Ok(e) => *seat.engine = Some(e),
                Err(Failure::Spawn(s) | Failure::Rejected(s)) => {
                    return Err(format!("engine {name}: {s}"));
                }
                Err(f) => {
                    let f = finished(Some(!c), format!("{name} {f}"), moves);
                    return Ok(conclude(seats, f));
                }
            }
        }
        if let Some(engine) = seat.engine.as_mut()
            && let Err(f) = engine.new_game()
        {
            *seat.engine = None;
            let f = finished(Some(!c), format!("{name} {f}"), moves);
            return Ok(conclude(seats, f));
        }
    }

    let mut pos = opening.position(ctx.variant.rules());
    let mut clocks = tcs.map(|tc| tc.new_clock());
    let mut track = ScoreTrack::default();
    loop {
        if let Some(outcome) = pos.outcome() {
            let f = finished(outcome.winner(), rules_reason(outcome, &names), moves);
            return Ok(conclude(seats, f));
        }
        if let Some(v) = ctx.adjudication.judge(&track, moves.len()) {
            let reason = v.reason.to_string();
            return Ok(conclude(seats, finished(v.winner, reason, moves)));
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(Played::Aborted);
        }
        let side = pos.side_to_move();
        let name = &names[side.index()];
        let seat = &mut seats[side.index()];
        let Some(engine) = seat.engine.as_mut() else {
            return Err(format!("internal: engine {name} is not running"));
        };
        let position = position_command(
            engine.proto,
            ctx.variant,
            opening.start_sfen.as_deref(),
            &moves,
        );
        let (tc, margin) = (&tcs[side.index()], margins[side.index()]);
        let mut go = go_command(engine.proto, [&tcs[0], &tcs[1]], &clocks, side);
        if seat.spec.legal_only {
            go += &searchmoves(engine.proto, &pos);
        }
        let limit = tc.limit(&clocks[side.index()]);
        let lose = |reason: String, moves: Vec<Move>| finished(Some(!side), reason, moves);
        let late = |used: Duration, limit: Duration| {
            format!(
                "{name} loses on time: no move after {:.3} s (limit {:.3} s + {} ms margin)",
                used.as_secs_f64(),
                limit.as_secs_f64(),
                margin.as_millis()
            )
        };
        match engine.think(&position, &go, limit, margin, ctx.hang_timeout) {
            Reply::Crash(detail) => {
                *seat.engine = None;
                return Ok(conclude(
                    seats,
                    lose(format!("{name} crashed ({detail})"), moves),
                ));
            }
            Reply::NoReply { waited, seen } => {
                let mut reason = match limit {
                    Some(l) => late(waited, l),
                    None => format!(
                        "{name} hangs: no move within {:.1} s",
                        ctx.hang_timeout.as_secs_f64()
                    ),
                };
                // What the engine said before the deadline and after `stop`: its own clock
                // against the runner's (notes/byoyomi.md, "Audit").
                let answer = engine.stop(STOP_GRACE);
                if limit.is_some() {
                    reason += &lateness::detail(seen.as_ref(), answer.as_ref());
                }
                if answer.is_none() {
                    *seat.engine = None;
                    reason += "; it did not answer stop and was killed";
                }
                return Ok(conclude(seats, lose(reason, moves)));
            }
            Reply::Move {
                text,
                used,
                score,
                info,
                seen,
            } => {
                let main_time = tc.base.map(|_| clocks[side.index()].remaining);
                if let Some(l) = limit
                    && used > l + margin
                {
                    clock[side.index()].record(used, main_time, main_time.map(|_| Duration::ZERO));
                    let reason = late(used, l) + &lateness::detail(seen.as_ref(), None);
                    return Ok(conclude(seats, lose(reason, moves)));
                }
                if text == "resign" {
                    return Ok(conclude(seats, lose(format!("{name} resigns"), moves)));
                }
                if text == "win" {
                    // USI's entering-king declaration: a win if the rules accept it, else a loss.
                    let f = if let Some(won) = pos.declaration() {
                        finished(won.winner(), rules_reason(won, &names), moves)
                    } else {
                        lose(format!("{name} declares a win it does not have"), moves)
                    };
                    return Ok(conclude(seats, f));
                }
                let m = match pos.parse_move(&text) {
                    Ok(m) => m,
                    Err(e) => {
                        let reason = format!("{name} loses by an illegal move: {e}");
                        return Ok(conclude(seats, lose(reason, moves)));
                    }
                };
                tc.charge(&mut clocks[side.index()], used);
                let after = main_time.map(|_| clocks[side.index()].remaining);
                clock[side.index()].record(used, main_time, after);
                pos.play(m);
                moves.push(m);
                notes
                    .comments
                    .push(move_comment::comment(engine.proto, info.as_deref(), used));
                notes.times.push(used);
                track.push(side, score);
            }
        }
    }
}

/// Tells USI engines the result (`gameover`) and wraps the game up.
fn conclude(seats: [Seat<'_>; 2], f: Finished) -> Played {
    for (c, seat) in Color::ALL.into_iter().zip(seats) {
        if let Some(engine) = seat.engine.as_mut() {
            engine.game_over(f.winner.map(|w| w == c));
        }
    }
    Played::Finished(Box::new(f))
}
