//! `longjiang match merge DIR…`: the parts of a match played with `--shard I/N` (on many
//! machines) combined into the summary that one run of the whole schedule prints. Each part's
//! `match.args` must describe the same match, the parts must be all N of them, each once, and
//! every game of the schedule must be recorded (a killed part is finished with `--resume`
//! first). The result is the same text and `summary.json` as one whole run, because the totals
//! depend only on which rounds ended how, and each round's engines, colours and opening follow
//! from its number alone.

use super::journal::{self, Journal};
use super::runner::{plan, report, rounds_of};
use super::tally::Tally;
use super::{MatchArgs, SAVED_ARGS};
use crate::tools::shard::Shard;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// One part, read.
struct Part {
    dir: PathBuf,
    args: MatchArgs,
    games: Vec<(journal::Committed, String)>,
}

fn read_part(dir: &Path) -> Result<Part, String> {
    let saved = dir.join(SAVED_ARGS);
    let text = std::fs::read_to_string(&saved).map_err(|e| format!("{}: {e}", saved.display()))?;
    Ok(Part {
        dir: dir.to_path_buf(),
        args: MatchArgs::from_saved(&text)?,
        games: Journal::read(dir)?,
    })
}

/// The merged summary text and `summary.json`, and the records by round.
pub fn merge(dirs: &[PathBuf]) -> Result<(String, String, String), String> {
    let parts: Vec<Part> = dirs
        .iter()
        .map(|d| read_part(d))
        .collect::<Result<_, _>>()?;
    let first = parts
        .first()
        .ok_or("match merge: give the parts' directories")?;
    let mut seen: Vec<Option<&Path>> = Vec::new();
    for p in &parts {
        if !p.args.same_match(&first.args) {
            return Err(format!(
                "{} and {} hold different matches (their {SAVED_ARGS} differ beyond --shard)",
                first.dir.display(),
                p.dir.display()
            ));
        }
        let shard = match p.args.shard.as_deref() {
            Some(s) => Shard::parse(s).map_err(|e| format!("{}: {e}", p.dir.display()))?,
            None => Shard::WHOLE,
        };
        if seen.is_empty() {
            seen = vec![None; shard.count as usize];
        }
        if shard.count as usize != seen.len() {
            return Err(format!(
                "{} is part {shard} but {} is one of {}",
                p.dir.display(),
                first.dir.display(),
                seen.len()
            ));
        }
        if let Some(other) = seen[shard.index as usize].replace(&p.dir) {
            return Err(format!(
                "{} and {} are both part {shard}",
                other.display(),
                p.dir.display()
            ));
        }
    }
    if let Some(i) = seen.iter().position(Option::is_none) {
        return Err(format!(
            "part {}/{} is missing: give all {} parts",
            i + 1,
            seen.len(),
            seen.len()
        ));
    }
    let whole = MatchArgs {
        shard: None,
        ..first.args.clone()
    };
    let plan = plan(&whole)?;
    let mut tally = Tally::new(plan.names.len(), &plan.schedule.encounters);
    let total = plan.schedule.total() as usize;
    let mut records: Vec<Option<&str>> = vec![None; total + 1];
    for p in &parts {
        for (c, text) in &p.games {
            let r = c.round as usize;
            if r == 0 || r > total || records[r].is_some() {
                return Err(format!(
                    "{}: round {} does not fit this match or was played twice",
                    p.dir.display(),
                    c.round
                ));
            }
            records[r] = Some(text);
            let slot = plan.schedule.slot(c.round);
            tally.add(&slot, c.winner);
            tally.add_clock(
                &slot,
                crate::tools::engines::clock_use::of_record_text(text),
            );
        }
    }
    let rep = report(&plan, &whole, &tally);
    let decided = rep.sprt.as_ref().and_then(|s| s.decision).is_some();
    let missing = rounds_of(&plan)
        .into_iter()
        .filter(|&r| records[r as usize].is_none())
        .count();
    if missing > 0 && !decided {
        return Err(format!(
            "{missing} games of the schedule are not recorded in the parts (continue the \
             unfinished ones with --resume)"
        ));
    }
    let games: String = records.iter().flatten().copied().collect();
    Ok((rep.text(), rep.json(), games))
}

/// Runs `longjiang match merge`: prints the summary; with `out`, writes the records (by round),
/// their PGN and `summary.json` there.
pub fn run(dirs: &[PathBuf], out: Option<&Path>) -> Result<(), String> {
    let (text, json, games) = merge(dirs)?;
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
        let pgn = super::pgnfile::of_records([games.as_str()])?;
        let mut files = vec![(journal::RECORDS, &games), ("summary.json", &json)];
        if !pgn.is_empty() {
            files.push((super::pgnfile::PGN, &pgn));
        }
        for (name, body) in files {
            let path = dir.join(name);
            std::fs::write(&path, body).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}
