//! The match itself: settings checked and engines tried once, then `--concurrency` worker
//! threads take games from the schedule while the main thread records each finished game
//! (records file + journal, synced), updates the totals, the progress bar and the SPRT, and
//! stops the match at an SPRT decision.

use super::journal::{self, Journal};
use super::schedule::{Schedule, ScheduledGame};
use super::summary::{Report, SprtState};
use super::tally::Tally;
use super::{MatchArgs, SAVED_ARGS};
use crate::tools::common::engine_flags;
use crate::tools::common::openings;
use crate::tools::engines::arbiter::{self, Finished, GameContext, Played, Seat};
use crate::tools::engines::clock_use;
use crate::tools::engines::connection::EngineConnection;
use crate::tools::engines::engine_spec::EngineSpec;
use crate::tools::engines::process::TrafficLog;
use crate::tools::engines::stats::Sprt;
use crate::tools::engines::timecontrol::TimeControl;
use crate::tools::shard::Shard;
use indicatif::{ProgressBar, ProgressStyle};
use longjiang_core::notation::kif_record;
use longjiang_core::notation::pgn::{COMMENT_SEPARATOR, MOVE_COMMENTS};
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::suite::Suite;
use longjiang_core::rules::RecordFormat;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// Writes to standard output, ignoring a closed pipe (`longjiang match … | head` must not
/// panic; the records are what matters).
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// A checked match.
pub(super) struct Plan {
    /// The part of the schedule this run plays (`--shard`; the whole by default).
    pub(super) shard: Shard,
    specs: Vec<EngineSpec>,
    pub(super) names: Vec<String>,
    ctx: GameContext,
    suite: Suite,
    pub(super) schedule: Schedule,
    sprt: Option<Sprt>,
    concurrency: usize,
    tc_text: String,
    /// Each engine's time control (the match's, or its own `tc=` and limits).
    tcs: Vec<TimeControl>,
}

/// Engines without `name=` that share their program's file name become `name`, `name-2`,
/// `name-3`, … (skipping names already taken); two `name=` alike stay an error.
fn number_unnamed(specs: &mut [EngineSpec]) {
    for i in 0..specs.len() {
        if specs[i].named || !specs[..i].iter().any(|s| s.name == specs[i].name) {
            continue;
        }
        let base = specs[i].name.clone();
        let taken = |n: &str| specs.iter().any(|s| s.name == n);
        let mut k = 2;
        while taken(&format!("{base}-{k}")) {
            k += 1;
        }
        specs[i].name = format!("{base}-{k}");
    }
}

/// The rounds of the schedule that `plan`'s part plays: those of every game pair it owns.
pub(super) fn rounds_of(plan: &Plan) -> Vec<u32> {
    (1..=plan.schedule.total())
        .filter(|&r| plan.shard.owns(u64::from(plan.schedule.slot(r).pair)))
        .collect()
}

pub(super) fn plan(args: &MatchArgs) -> Result<Plan, String> {
    if args.engines.len() < 2 {
        return Err("give at least two --engine".into());
    }
    let mut specs: Vec<EngineSpec> = args
        .engines
        .iter()
        .map(|e| EngineSpec::with_each(e, args.each.as_deref()).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    number_unnamed(&mut specs);
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(format!("two engines are named '{n}'; give each a name="));
        }
    }
    let variant = args.game.variant()?;
    let tc: TimeControl = args.tc().parse().map_err(|e| format!("{e}"))?;
    let tcs: Vec<TimeControl> = specs
        .iter()
        .map(|s| s.time_control(&tc))
        .collect::<Result<_, _>>()?;
    if let Some(s) = specs
        .iter()
        .find(|s| s.time_margin.is_some_and(|m| m > 3_600_000))
    {
        return Err(format!(
            "engine {}: timemargin is at most 3600000 ms",
            s.name
        ));
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    if sprt.is_some() && specs.len() != 2 {
        return Err("--sprt needs exactly two engines".into());
    }
    if !(1..=1_000_000).contains(&args.games()) {
        return Err("--games must be between 1 and 1000000".into());
    }
    if specs.len() > 64 {
        return Err("at most 64 engines".into());
    }
    let concurrency = engine_flags::concurrency(args.concurrency)?;
    let hang_timeout = args.engine_timing.hang_timeout()?;
    let adjudication = args.adjudication.adjudicator()?;
    let suite = openings::load(args.openings.as_deref(), variant)?;
    let schedule = match args.gauntlet {
        true => Schedule::gauntlet(specs.len(), args.games(), suite.openings.len()),
        false => Schedule::new(specs.len(), args.games(), suite.openings.len()),
    };
    let shard = args
        .shard
        .as_deref()
        .map(Shard::parse)
        .transpose()?
        .unwrap_or(Shard::WHOLE);
    Ok(Plan {
        tc_text: tc_text(&names, &tcs),
        shard,
        names,
        ctx: GameContext {
            variant,
            tc,
            adjudication,
            margin: args.engine_timing.margin(),
            hang_timeout,
            log: None,
        },
        tcs,
        specs,
        suite,
        schedule,
        sprt,
        concurrency,
    })
}

/// The match's time control as the summary names it: the one all engines share, else each
/// engine's (`new 10+0.1, old 5+0.05`).
fn tc_text(names: &[String], tcs: &[TimeControl]) -> String {
    if tcs.windows(2).all(|w| w[0] == w[1]) {
        return tcs.first().map(|t| t.to_string()).unwrap_or_default();
    }
    let each: Vec<String> = names
        .iter()
        .zip(tcs)
        .map(|(n, t)| format!("{n} {t}"))
        .collect();
    each.join(", ")
}

/// Starts every engine once and lets it go.
fn try_engines(plan: &Plan) -> Result<(), String> {
    for spec in &plan.specs {
        let e = EngineConnection::start(
            spec,
            plan.ctx.variant,
            plan.ctx.hang_timeout,
            format!("{}#check", spec.name),
            plan.ctx.log.clone(),
        )
        .map_err(|f| format!("engine {}: {f}", spec.name))?;
        e.quit();
    }
    Ok(())
}

/// What a worker tells the main thread after each job.
enum Msg {
    /// The game of this slot ended.
    Game(usize, ScheduledGame, Box<Finished>),
    /// The game was stopped (the match is ending).
    Aborted(usize),
    /// A setup error that ends the match.
    Fatal(usize, String),
}

/// Plays the rounds the main thread hands out, one at a time, until it sends `None`; keeps
/// its engines running between games.
fn worker(id: usize, plan: &Plan, jobs: Receiver<Option<u32>>, stop: &AtomicBool, tx: Sender<Msg>) {
    let mut pool: Vec<Option<EngineConnection>> = plan.specs.iter().map(|_| None).collect();
    while let Ok(Some(round)) = jobs.recv() {
        let slot = plan.schedule.slot(round);
        let mut first = pool[slot.first].take();
        let mut second = pool[slot.second].take();
        let seats = [
            Seat {
                spec: &plan.specs[slot.first],
                engine: &mut first,
                label: format!("{}#{id}", plan.names[slot.first]),
            },
            Seat {
                spec: &plan.specs[slot.second],
                engine: &mut second,
                label: format!("{}#{id}", plan.names[slot.second]),
            },
        ];
        // A panic must not leave the main thread waiting for this worker forever.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            arbiter::play(&plan.ctx, &plan.suite.openings[slot.opening], seats, stop)
        }))
        .unwrap_or_else(|_| Err(format!("internal error while playing game {round}")));
        pool[slot.first] = first;
        pool[slot.second] = second;
        let msg = match result {
            Ok(Played::Finished(f)) => Msg::Game(id, slot, f),
            Ok(Played::Aborted) => Msg::Aborted(id),
            Err(e) => Msg::Fatal(id, e),
        };
        if tx.send(msg).is_err() {
            break;
        }
    }
    for engine in pool.into_iter().flatten() {
        engine.quit();
    }
}

/// The record of a finished game: its opening, moves and the match's tags.
fn game_record(plan: &Plan, slot: &ScheduledGame, f: &Finished) -> GameRecord {
    let opening = &plan.suite.openings[slot.opening];
    let [a, b] = [slot.first, slot.second].map(|i| plan.tcs[i].to_string());
    // Time odds: each side's own tag (PGN's WhiteTimeControl/BlackTimeControl, as cutechess).
    let tc_tags = match a == b {
        true => vec![("TimeControl", a)],
        false => vec![("BlackTimeControl", a), ("WhiteTimeControl", b)],
    };
    let mut tags = vec![
        ("Black", plan.names[slot.first].clone()),
        ("White", plan.names[slot.second].clone()),
        ("Date", journal::today()),
        (
            "Result",
            longjiang_core::rules::result_token(f.winner).to_string(),
        ),
        ("Reason", f.reason.clone()),
        ("Round", slot.round.to_string()),
        (
            "Opening",
            format!("{} line {}", plan.suite.source, opening.line),
        ),
        (clock_use::TAGS[0], f.clock[0].tag_value()),
        (clock_use::TAGS[1], f.clock[1].tag_value()),
    ];
    tags.splice(5..5, tc_tags);
    // Each move's comment (`book`, `+0.35/12 0.52s`), which the PGN writes after the move.
    if f.comments.iter().any(|c| !c.is_empty()) {
        tags.push((MOVE_COMMENTS, f.comments.join(COMMENT_SEPARATOR)));
    }
    GameRecord {
        variant: plan.ctx.variant,
        start_sfen: opening.start_sfen.clone(),
        moves: f.moves.clone(),
        tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    }
}

/// The game's entry of `games.txt`, ending in a blank line.
fn record_text(record: &GameRecord, slot: &ScheduledGame) -> Result<String, String> {
    let mut text = record
        .to_text()
        .map_err(|e| format!("record of game {}: {e}", slot.round))?;
    while !text.ends_with("\n\n") {
        text.push('\n');
    }
    Ok(text)
}

/// The SPRT over the pairs played. One part of a sharded run decides nothing (its pairs are
/// a sample of the whole): it plays its whole part, and `match merge` tests all the pairs.
fn sprt_state(plan: &Plan, tally: &Tally) -> Option<SprtState> {
    let sprt = plan.sprt?;
    let llr = sprt.llr_penta(&tally.encounters.first()?.pairs);
    Some(SprtState {
        sprt,
        llr,
        decision: sprt.decide(llr).filter(|_| plan.shard.count == 1),
    })
}

pub(super) fn report<'a>(plan: &'a Plan, args: &'a MatchArgs, tally: &'a Tally) -> Report<'a> {
    Report {
        names: &plan.names,
        variant: args.game.name(),
        tc: &plan.tc_text,
        openings: &plan.suite.source,
        planned: rounds_of(plan).len() as u32,
        tally,
        sprt: sprt_state(plan, tally),
    }
}

/// The settings of a run: the command line's, or with `--resume` the saved ones (checked
/// against what the command line repeats; a larger `--games` extends the match).
pub fn resolve(cli: &MatchArgs) -> Result<MatchArgs, String> {
    if !cli.resume {
        return Ok(cli.clone());
    }
    let dir = &cli.out;
    let saved = std::fs::read_to_string(dir.join(SAVED_ARGS))
        .map_err(|e| format!("--resume: {}/{SAVED_ARGS}: {e}", dir.display()))?;
    cli.resolve_resume(MatchArgs::from_saved(&saved)?)
}

/// Runs `longjiang match` with these settings (resolved by [`resolve`]).
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let dir = args.out.clone();
    let args = args.clone();
    let mut plan = plan(&args)?;
    // The part as resolved (`auto` read the environment): saved so, for `--resume` and merge.
    let args = MatchArgs {
        shard: (plan.shard != Shard::WHOLE).then(|| plan.shard.to_string()),
        ..args
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    if args.log {
        let path = dir.join("protocol.log");
        plan.ctx.log =
            Some(TrafficLog::create(&path).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    if !args.resume {
        if dir.join(journal::RECORDS).exists() {
            return Err(format!(
                "{} already holds a match; use --resume to continue it or choose another --out",
                dir.display()
            ));
        }
        // Before anything is written: a wrong command or option fails now, not as a forfeit
        // in every game.
        try_engines(&plan)?;
    }
    let (mut journal, committed) = open_journal(&args, &dir)?;
    let mut tally = Tally::new(plan.names.len(), &plan.schedule.encounters);
    let mut done = vec![false; plan.schedule.total() as usize + 1];
    for c in &committed {
        let r = c.round as usize;
        if r == 0
            || r >= done.len()
            || done[r]
            || !plan.shard.owns(u64::from(plan.schedule.slot(c.round).pair))
        {
            return Err(format!(
                "{}: round {} does not fit this match",
                dir.display(),
                c.round
            ));
        }
        done[r] = true;
        tally.add(&plan.schedule.slot(c.round), c.winner);
    }
    if !committed.is_empty() {
        // The clocks of the games played before the resume are in their records.
        for (c, text) in Journal::read(&dir)? {
            tally.add_clock(
                &plan.schedule.slot(c.round),
                clock_use::of_record_text(&text),
            );
        }
    }
    let todo: Vec<u32> = rounds_of(&plan)
        .into_iter()
        .filter(|&r| !done[r as usize])
        .collect();
    let decided = sprt_state(&plan, &tally).and_then(|s| s.decision).is_some();
    if !todo.is_empty() && !decided {
        if args.resume {
            try_engines(&plan)?;
        }
        play_rounds(&plan, &args, &todo, &mut journal, &mut tally)?;
    }
    let rep = report(&plan, &args, &tally);
    say(&rep.text());
    let json_path = dir.join("summary.json");
    std::fs::write(&json_path, rep.json()).map_err(|e| format!("{}: {e}", json_path.display()))?;
    let pgn = if longjiang_core::notation::pgn::supports(plan.ctx.variant) {
        format!("  PGN: {}", dir.join(super::pgnfile::PGN).display())
    } else {
        String::new()
    };
    say(&format!(
        "records: {}{pgn}  summary: {}\n",
        dir.join(journal::RECORDS).display(),
        json_path.display()
    ));
    Ok(())
}

fn open_journal(
    args: &MatchArgs,
    dir: &Path,
) -> Result<(Journal, Vec<journal::Committed>), String> {
    if args.resume {
        let (journal, committed, note) = Journal::resume(dir)?;
        if let Some(n) = note {
            eprintln!("resume: {n}");
        }
        eprintln!("resume: {} finished games found", committed.len());
        super::pgnfile::rewrite(dir)?;
        // The settings as resumed: a larger --games is kept for the next resume.
        save_args(args, dir)?;
        return Ok((journal, committed));
    }
    save_args(args, dir)?;
    Ok((Journal::create(dir)?, Vec::new()))
}

/// Writes the settings to `match.args`.
fn save_args(args: &MatchArgs, dir: &Path) -> Result<(), String> {
    let argv = args.to_argv();
    if argv.iter().any(|a| a.contains('\n')) {
        return Err("arguments may not contain line breaks".into());
    }
    let saved = dir.join(SAVED_ARGS);
    std::fs::write(&saved, argv.join("\n") + "\n").map_err(|e| format!("{}: {e}", saved.display()))
}

fn play_rounds(
    plan: &Plan,
    args: &MatchArgs,
    todo: &[u32],
    journal: &mut Journal,
    tally: &mut Tally,
) -> Result<(), String> {
    let bar = ProgressBar::new(rounds_of(plan).len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
    );
    bar.set_position(tally.games as u64);
    bar.set_message(report(plan, args, tally).score_line());
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel();
    let mut fatal = None;
    let mut todo = todo.iter().copied();
    std::thread::scope(|scope| {
        // The main thread hands out every game, so none starts after the match is decided.
        let mut jobs = Vec::new();
        for id in 0..plan.concurrency.min(todo.len()) {
            let (job_tx, job_rx) = channel();
            let (tx, stop) = (tx.clone(), &stop);
            scope.spawn(move || worker(id, plan, job_rx, stop, tx));
            let _ = job_tx.send(todo.next());
            jobs.push(job_tx);
        }
        drop(tx);
        let mut busy = jobs.len();
        while busy > 0 {
            let Ok(msg) = rx.recv() else { break };
            let id = match msg {
                Msg::Game(id, slot, f) => {
                    if fatal.is_none()
                        && let Err(e) = finish_game(plan, args, journal, tally, &bar, &slot, &f)
                    {
                        fatal = Some(e);
                    }
                    id
                }
                Msg::Aborted(id) => id,
                Msg::Fatal(id, e) => {
                    fatal.get_or_insert(e);
                    id
                }
            };
            let decided = report(plan, args, tally).sprt.and_then(|s| s.decision);
            if fatal.is_some() || decided.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            let next = if stop.load(Ordering::Relaxed) {
                None
            } else {
                todo.next()
            };
            if next.is_none() {
                busy -= 1;
            }
            let _ = jobs[id].send(next);
        }
    });
    bar.finish_and_clear();
    match fatal {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The directory of a shogi match's KIF files, in `--out`.
pub(super) const KIF_DIR: &str = "kif";

/// Writes a shogi game as `DIR/kif/<round>.kifu` (KIF in UTF-8, the extension Kifu for
/// Windows and ShogiGUI read as UTF-8; `.kif` means Shift_JIS), with each move's time used
/// (the opening's moves took none). A game played again after `--resume` overwrites its file.
fn write_kif(dir: &Path, record: &GameRecord, f: &Finished, round: u32) -> Result<(), String> {
    let book = f.moves.len().saturating_sub(f.times.len());
    let mut times = vec![Duration::ZERO; book];
    times.extend_from_slice(&f.times);
    let text = kif_record::write_kif_timed(record, &times)
        .map_err(|e| format!("KIF of game {round}: {e}"))?;
    let kif_dir = dir.join(KIF_DIR);
    std::fs::create_dir_all(&kif_dir).map_err(|e| format!("{}: {e}", kif_dir.display()))?;
    let path = kif_dir.join(format!("{round:04}.kifu"));
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Records a finished game (records file and journal; a shogi game also as KIF), counts it,
/// and shows it.
fn finish_game(
    plan: &Plan,
    args: &MatchArgs,
    journal: &mut Journal,
    tally: &mut Tally,
    bar: &ProgressBar,
    slot: &ScheduledGame,
    f: &Finished,
) -> Result<(), String> {
    let record = game_record(plan, slot, f);
    let text = record_text(&record, slot)?;
    if plan.ctx.variant.rules().presentation.record == RecordFormat::Kif {
        write_kif(&args.out, &record, f, slot.round)?;
    }
    journal
        .append(slot.round, f.winner, &text)
        .map_err(|e| format!("writing the records: {e}"))?;
    super::pgnfile::append(&args.out, &record)?;
    tally.add(slot, f.winner);
    // Counted from the record, as a resumed match counts it: the same figures either way.
    tally.add_clock(slot, clock_use::of_record(&record));
    let line = format!(
        "game {} ({} vs {}, opening {}): {} {}\n",
        slot.round,
        plan.names[slot.first],
        plan.names[slot.second],
        slot.opening + 1,
        longjiang_core::rules::result_token(f.winner),
        f.reason
    );
    bar.suspend(|| say(&line));
    bar.set_position(tally.games as u64);
    let rep = report(plan, args, tally);
    bar.set_message(rep.score_line());
    if let Some(d) = rep.sprt.and_then(|s| s.decision) {
        bar.suspend(|| say(&format!("SPRT: {d:?} accepted; the match stops\n")));
    }
    Ok(())
}
