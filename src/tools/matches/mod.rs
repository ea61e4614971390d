//! `longjiang match`: engine-vs-engine tournaments for this game, with the runner as arbiter.
//!
//! Modules, one idea each: [`schedule`] (who plays whom with which opening), [`journal`]
//! (records file, journal, resume), [`pgnfile`] (the games as PGN), [`ratings`] (the rating
//! table of three or more engines), [`tally`] (running totals), [`summary`] (progress,
//! summaries), [`runner`] (workers and the main loop), [`merge`] (the parts of a sharded
//! match), [`genbook`] (the openings generator). Engines, the arbiter, the PGN's per-move
//! comments and the statistics are `crate::tools::engines`, which tune-search uses too; the
//! opening suites and the adjudication and engine-timing flags are the tools' shared ones
//! (`crate::tools::common`). The user documentation is `docs/match.md`.

pub mod genbook;
pub mod journal;
pub mod merge;
pub mod pgnfile;
pub mod ratings;
pub mod runner;
pub mod schedule;
pub mod summary;
pub mod tally;

use crate::tools::common::adjudication::AdjudicationArgs;
use crate::tools::common::engine_flags::EngineTimingArgs;
use crate::tools::common::game::GameArgs;
use clap::{Args, Parser};
use std::path::PathBuf;

const AFTER_HELP: &str = "\
ENGINES (--engine, once per engine, at least two):
  cmd=PROGRAM [ARGS]   the command (arguments separated by spaces)   [required]
  name=NAME            name in records and tables (default: the program's file name)
  proto=usi|uci        protocol (default usi); uci sends Fairy-Stockfish FENs and P@e5 drops
  args=ARGS            more arguments
  dir=PATH             working directory
  option.NAME=VALUE    setoption NAME VALUE, after the handshake, in the order given (Hash,
                       Ponder and Move Overhead reach an engine that declares them as USI_Hash,
                       USI_Ponder or MoveOverhead, and the reverse)
  searchmoves=legal|all  legal: every go lists the moves the rules hold legal (go … searchmoves
                       …), for an engine whose rules are looser (default all: no list)
  tc=TC                this engine's own time control (the --tc grammar; time odds)
  nodes=N depth=D st=S byoyomi=S   items added to its time control (replacing the same item)
  timemargin=MS        its own --time-margin
  --each SPEC          keys for every engine that does not give them (option.Hash=64,tc=5+0.05)
  Items are separated by commas; write a comma inside a value as \\, .
  The variant is set through the engine's Variant / UCI_Variant / USI_Variant option unless
  you set one yourself (Fairy-Stockfish: also give option.VariantPath=…ini).

TIME CONTROL (--tc, comma-separated): BASE[+INC] | MOVES/BASE[+INC] (seconds), byoyomi=S,
  st=S (fixed time per move), nodes=N, depth=D.  E.g. 10+0.1, 40/60, 30,byoyomi=5, st=1,
  nodes=5000, depth=6.  The runner measures think time itself; a side whose bestmove comes
  later than its time + --time-margin loses on time.

ADJUDICATION: --resign moves=N,score=CP (both engines agree for N moves each),
  --draw movenumber=M,moves=N,score=CP, --maxmoves N (full moves; 0: no limit).

RATINGS: three or more engines end with a table of Elo (Bradley-Terry maximum likelihood,
  relative to the first engine, 95% interval); --gauntlet: the first engine meets each other.

SPRT: --sprt elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic] (two engines;
  pentanomial; the match stops at a decision).

OUTPUT (--out DIR): games.txt (records), games.pgn (the same games as PGN, like cutechess's
  -pgnout; the 龙将棋 games), games.idx (journal), match.args (settings), summary.json;
  shogi also kif/NNNN.kifu (each game as KIF, UTF-8).  --resume continues a killed run (settings read from match.args; a flag given
  that differs is refused, naming each difference; a larger --games extends the match).

Full documentation: docs/match.md";

/// Arguments of `longjiang match`.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_long_help = AFTER_HELP)]
pub struct MatchArgs {
    /// An engine: cmd=PROGRAM,name=NAME,proto=usi|uci,option.NAME=VALUE,… (repeat; see below).
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
    /// Items for every engine that does not give the same key itself (cutechess's -each):
    /// option.Hash=64,tc=10+0.1,… (the --engine keys).
    #[arg(long, value_name = "SPEC")]
    pub each: Option<String>,
    /// `--variant`.
    #[command(flatten)]
    pub game: GameArgs,
    /// With three or more engines: the first plays every other one, the others do not meet
    /// (default: a round robin).
    #[arg(long)]
    pub gauntlet: bool,
    /// Games per pair of engines (default 2; rounded up to even: each opening with both
    /// colours). With --resume, a larger number extends the match.
    #[arg(long)]
    pub games: Option<u32>,
    /// Games played at the same time (default 1).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time control (default 10+0.1; see below).
    #[arg(long)]
    pub tc: Option<String>,
    /// Opening suite: a FILE, `builtin` (the shipped suite of the game; default) or
    /// `startpos`; or file=FILE,format=suite|epd|pgn|auto,order=sequential|random,seed=N,plies=N.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Sequential probability ratio test: elo0=…,elo1=…[,alpha=…,beta=…,model=…].
    #[arg(long)]
    pub sprt: Option<String>,
    /// Directory for records, journal and summary.
    // In the struct's group by hand: clap leaves a group with flattened members empty, and
    // `MatchCommand` asks the group whether a match was given (every match gives --out).
    #[arg(long, value_name = "DIR", group = "MatchArgs")]
    pub out: PathBuf,
    /// Continue the match in --out where a killed run stopped.
    #[arg(long)]
    pub resume: bool,
    /// `--resign`, `--draw`, `--maxmoves`.
    #[command(flatten)]
    pub adjudication: AdjudicationArgs,
    /// `--time-margin`, `--hang-timeout`.
    #[command(flatten)]
    pub engine_timing: EngineTimingArgs,
    /// Write every line sent to and received from the engines to DIR/protocol.log.
    #[arg(long)]
    pub log: bool,
    /// Play only the I-th of N disjoint parts of the schedule (every N-th game pair), for
    /// runs spread over machines; `auto` or `auto/N` reads Slurm's or Kubernetes' index.
    /// `longjiang match merge DIR…` combines the parts. See docs/distributed.md.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
}

/// `longjiang match`: a match, or `merge` of the parts of one.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchCommand {
    /// `merge`, or nothing for a match.
    #[command(subcommand)]
    pub action: Option<MatchAction>,
    /// The match's settings.
    #[command(flatten)]
    pub args: Option<MatchArgs>,
}

/// The subcommands of `longjiang match`.
#[derive(clap::Subcommand, Debug, Clone, PartialEq)]
pub enum MatchAction {
    /// Combine the --out directories of a match's --shard parts into the summary one run of
    /// the whole schedule prints (W-D-L, Elo, pentanomial, SPRT).
    Merge {
        /// The parts' --out directories (all N of them, in any order).
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// Also write the merged records (games.txt, by round) and summary.json here.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// For re-reading `match.args`.
#[derive(Parser, Debug)]
#[command(no_binary_name = true)]
struct Saved {
    #[command(flatten)]
    args: MatchArgs,
}

/// The file in `--out` that keeps the settings for `--resume`.
pub const SAVED_ARGS: &str = "match.args";

impl MatchArgs {
    /// The settings as command-line arguments, one per line of `match.args`.
    pub fn to_argv(&self) -> Vec<String> {
        let mut v = Vec::new();
        let mut push = |k: &str, val: String| {
            v.push(format!("--{k}"));
            v.push(val);
        };
        for e in &self.engines {
            push("engine", e.clone());
        }
        if let Some(e) = &self.each {
            push("each", e.clone());
        }
        push("variant", self.game.name().to_string());
        push("games", self.games().to_string());
        if let Some(c) = self.concurrency {
            push("concurrency", c.to_string());
        }
        push("tc", self.tc().to_string());
        if let Some(o) = &self.openings {
            push("openings", o.clone());
        }
        if let Some(s) = &self.sprt {
            push("sprt", s.clone());
        }
        push("out", self.out.display().to_string());
        self.adjudication.push_argv(&mut push);
        self.engine_timing.push_argv(&mut push);
        if let Some(s) = &self.shard {
            push("shard", s.clone());
        }
        if self.gauntlet {
            v.push("--gauntlet".into());
        }
        v
    }

    /// Parses the lines of a `match.args` file.
    pub fn from_saved(text: &str) -> Result<MatchArgs, String> {
        Saved::try_parse_from(text.lines())
            .map(|s| s.args)
            .map_err(|e| format!("{SAVED_ARGS}: {e}"))
    }

    /// Games per pair of engines (default 2).
    pub fn games(&self) -> u32 {
        self.games.unwrap_or(2)
    }

    /// The time control (default `10+0.1`).
    pub fn tc(&self) -> &str {
        self.tc.as_deref().unwrap_or("10+0.1")
    }

    /// The settings that must agree between a run and its resumption (and between the
    /// parts of a sharded run, apart from `shard`), defaults filled in.
    fn fixed(&self) -> MatchArgs {
        MatchArgs {
            concurrency: None,
            resume: false,
            log: false,
            out: PathBuf::new(),
            game: GameArgs {
                variant: Some(self.game.name().to_string()),
            },
            games: Some(self.games()),
            tc: Some(self.tc().to_string()),
            engine_timing: EngineTimingArgs {
                time_margin: Some(self.engine_timing.time_margin_ms()),
                hang_timeout: Some(self.engine_timing.hang_timeout_secs()),
            },
            ..self.clone()
        }
    }

    /// These settings with the run's own choices (concurrency, out, resume, log) of `run`.
    #[cfg(test)]
    fn with_run_of(self, run: &MatchArgs) -> MatchArgs {
        MatchArgs {
            concurrency: run.concurrency,
            out: run.out.clone(),
            resume: run.resume,
            log: run.log,
            ..self
        }
    }

    /// Whether two parts' settings describe the same match (all but `--shard` agree).
    pub fn same_match(&self, other: &MatchArgs) -> bool {
        let whole = |a: &MatchArgs| MatchArgs {
            shard: None,
            ..a.fixed()
        };
        whole(self) == whole(other)
    }

    /// Each setting this command line gives that differs from the saved one, as
    /// `--tc: was 'nodes=300', now 'nodes=3000'` (a larger `--games` is not one: it extends).
    fn differences(&self, saved: &MatchArgs) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |flag: &str, now: Option<String>, was: Option<String>| {
            if let Some(now) = now
                && Some(&now) != was.as_ref()
            {
                let was = was.map_or("(not given)".to_string(), |w| format!("'{w}'"));
                out.push(format!("{flag}: was {was}, now '{now}'"));
            }
        };
        if !self.engines.is_empty() {
            for i in 0..self.engines.len().max(saved.engines.len()) {
                check(
                    &format!("--engine {}", i + 1),
                    Some(self.engines.get(i).cloned().unwrap_or_default()),
                    saved.engines.get(i).cloned(),
                );
            }
        }
        let text = |n: Option<u64>| n.map(|n| n.to_string());
        let builtin = |o: &Option<String>| o.clone().unwrap_or("builtin".into());
        check("--each", self.each.clone(), saved.each.clone());
        check(
            "--variant",
            self.game.variant.clone(),
            Some(saved.game.name().into()),
        );
        check("--tc", self.tc.clone(), Some(saved.tc().into()));
        if self.openings.is_some() {
            check(
                "--openings",
                Some(builtin(&self.openings)),
                Some(builtin(&saved.openings)),
            );
        }
        check("--sprt", self.sprt.clone(), saved.sprt.clone());
        let (adj, saved_adj) = (&self.adjudication, &saved.adjudication);
        check("--resign", adj.resign.clone(), saved_adj.resign.clone());
        check("--draw", adj.draw.clone(), saved_adj.draw.clone());
        check(
            "--maxmoves",
            text(adj.maxmoves.map(u64::from)),
            text(saved_adj.maxmoves.map(u64::from)),
        );
        check(
            "--time-margin",
            text(self.engine_timing.time_margin),
            text(Some(saved.engine_timing.time_margin_ms())),
        );
        check(
            "--hang-timeout",
            self.engine_timing.hang_timeout.map(|h| h.to_string()),
            Some(saved.engine_timing.hang_timeout_secs().to_string()),
        );
        // `auto` is compared as what it reads now (the saved part is the resolved one).
        let part =
            |s: &String| crate::tools::shard::Shard::parse(s).map_or(s.clone(), |p| p.to_string());
        check(
            "--shard",
            self.shard.as_ref().map(part),
            saved.shard.clone(),
        );
        if self.gauntlet && !saved.gauntlet {
            out.push("--gauntlet: was not given (a round robin), now given".into());
        }
        if let Some(g) = self.games
            && g < saved.games()
        {
            out.push(format!(
                "--games: was {}, now {g} (a match can be extended, not shortened)",
                saved.games()
            ));
        }
        out
    }

    /// With `--resume`: the saved settings, with this run's concurrency and log choice. The
    /// command line may repeat saved settings; one that differs is refused, naming each
    /// difference, except a larger `--games`, which extends the match to that many games.
    pub fn resolve_resume(&self, saved: MatchArgs) -> Result<MatchArgs, String> {
        let diffs = self.differences(&saved);
        if !diffs.is_empty() {
            let (what, verb) = match diffs.len() {
                1 => ("this setting", "differs"),
                _ => ("these settings", "differ"),
            };
            return Err(format!(
                "--resume: {what} {verb} from {}/{SAVED_ARGS}: {}; give only --out (and \
                 --concurrency, or a larger --games to extend the match) to use the saved ones",
                self.out.display(),
                diffs.join("; ")
            ));
        }
        let games = self.games.map_or(saved.games(), |g| g.max(saved.games()));
        Ok(MatchArgs {
            concurrency: self.concurrency.or(saved.concurrency),
            resume: true,
            log: self.log,
            out: self.out.clone(),
            games: Some(games),
            ..saved
        })
    }
}

/// Runs `longjiang match` (or `longjiang match merge`).
pub fn run(cmd: &MatchCommand) -> Result<(), String> {
    match &cmd.action {
        None => match &cmd.args {
            Some(args) => {
                // A --resume whose settings differ from the saved ones is a usage error.
                let args = runner::resolve(args).unwrap_or_else(|e| {
                    eprintln!("longjiang: {e}");
                    std::process::exit(2)
                });
                runner::run(&args)
            }
            None => Err("match: give the match's settings (see longjiang match --help)".into()),
        },
        Some(MatchAction::Merge { dirs, out }) => merge::run(dirs, out.as_deref()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_arguments_round_trip() {
        let args = Saved::try_parse_from([
            "--engine",
            "cmd=./a b,name=x\\,y",
            "--engine",
            "cmd=c,proto=uci",
            "--games",
            "8",
            "--tc",
            "nodes=100",
            "--out",
            "/tmp/m",
            "--maxmoves",
            "30",
            "--concurrency",
            "2",
        ])
        .unwrap()
        .args;
        let text = args.to_argv().join("\n");
        let back = MatchArgs::from_saved(&text).unwrap();
        // The saved settings are the same match, the defaults written out.
        assert_eq!(back, args.fixed().with_run_of(&args));
        assert_eq!(back.engine_timing.time_margin, Some(50));
        let only_out = Saved::try_parse_from(["--out", "/tmp/m", "--resume", "--concurrency", "3"])
            .unwrap()
            .args;
        let r = only_out.resolve_resume(back.clone()).unwrap();
        assert_eq!((r.games, r.concurrency, r.resume), (Some(8), Some(3), true));
        let mut other = back.clone();
        other.games = Some(6);
        other.tc = Some("nodes=200".into());
        let e = other.resolve_resume(back.clone()).unwrap_err();
        assert!(
            e.contains("--tc: was 'nodes=100', now 'nodes=200'")
                && e.contains("--games: was 8, now 6"),
            "{e}"
        );
        other.tc = None;
        other.games = Some(10);
        assert_eq!(other.resolve_resume(back).unwrap().games, Some(10));
    }
}
