//! `longjiang match`: engine-vs-engine tournaments for this game, with the runner as arbiter.
//!
//! Modules, one idea each: [`engine_spec`] (the `--engine` syntax), [`process`] (pipes and
//! timed lines), [`dialect`] (USI/UCI commands), [`connection`] (handshake, `go`, `bestmove`),
//! [`timecontrol`] (time controls and clocks), [`openings`] (suites), [`adjudication_flags`]
//! (score and length rules), [`arbiter`], [`move_comment`] (the PGN's per-move comments), [`schedule`] (who plays whom with which opening),
//! [`journal`] (records file, journal, resume), [`pgnfile`] (the games as PGN), [`stats`]
//! (Elo, LOS, SPRT), [`tally`] (running totals), [`summary`] (progress, summaries), [`runner`]
//! (workers and the main loop), [`genbook`] (the openings generator). The user documentation
//! is `docs/match.md`.

pub mod adjudication_flags;
pub mod arbiter;
pub mod clock_use;
pub mod connection;
pub mod dialect;
pub mod engine_spec;
pub mod genbook;
pub mod journal;
pub mod merge;
pub mod move_comment;
pub mod openings;
pub mod pgnfile;
pub mod process;
pub mod runner;
pub mod schedule;
pub mod stats;
pub mod summary;
pub mod tally;
pub mod timecontrol;

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

SPRT: --sprt elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic] (two engines;
  pentanomial; the match stops at a decision).

OUTPUT (--out DIR): games.txt (records), games.pgn (the same games as PGN, like cutechess's
  -pgnout; the 龙将棋 games), games.idx (journal), match.args (settings), summary.json;
  shogi also kif/NNNN.kifu (each game as KIF, UTF-8).  --resume continues a killed run (same settings, read from match.args).

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
    /// The game: longjiang (with drops), longjiang-nodrop or shogi.
    #[arg(long, default_value = "longjiang")]
    pub variant: String,
    /// Games per pair of engines (rounded up to even: each opening with both colours).
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Games played at the same time (default 1).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time control (see below).
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Opening suite: a FILE, `builtin` (the shipped suite of the game; default) or `startpos`.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Sequential probability ratio test: elo0=…,elo1=…[,alpha=…,beta=…,model=…].
    #[arg(long)]
    pub sprt: Option<String>,
    /// Directory for records, journal and summary.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Continue the match in --out where a killed run stopped.
    #[arg(long)]
    pub resume: bool,
    /// Resign adjudication: moves=N,score=CP.
    #[arg(long)]
    pub resign: Option<String>,
    /// Draw adjudication: movenumber=M,moves=N,score=CP.
    #[arg(long)]
    pub draw: Option<String>,
    /// Draw after this many full moves (the opening included; 0: no limit).
    #[arg(long)]
    pub maxmoves: Option<u32>,
    /// Milliseconds a bestmove may come after the side's time has run out (pipe latency).
    #[arg(long, default_value_t = 50)]
    pub time_margin: u64,
    /// Seconds to wait for an answer when there is no time limit (nodes/depth, handshakes).
    #[arg(long, default_value_t = 60.0)]
    pub hang_timeout: f64,
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
        push("variant", self.variant.clone());
        push("games", self.games.to_string());
        if let Some(c) = self.concurrency {
            push("concurrency", c.to_string());
        }
        push("tc", self.tc.clone());
        if let Some(o) = &self.openings {
            push("openings", o.clone());
        }
        if let Some(s) = &self.sprt {
            push("sprt", s.clone());
        }
        push("out", self.out.display().to_string());
        if let Some(r) = &self.resign {
            push("resign", r.clone());
        }
        if let Some(d) = &self.draw {
            push("draw", d.clone());
        }
        if let Some(m) = self.maxmoves {
            push("maxmoves", m.to_string());
        }
        push("time-margin", self.time_margin.to_string());
        push("hang-timeout", self.hang_timeout.to_string());
        if let Some(s) = &self.shard {
            push("shard", s.clone());
        }
        v
    }

    /// Parses the lines of a `match.args` file.
    pub fn from_saved(text: &str) -> Result<MatchArgs, String> {
        Saved::try_parse_from(text.lines())
            .map(|s| s.args)
            .map_err(|e| format!("{SAVED_ARGS}: {e}"))
    }

    /// The settings that must agree between a run and its resumption (and between the
    /// parts of a sharded run, apart from `shard`).
    fn fixed(&self) -> MatchArgs {
        MatchArgs {
            concurrency: None,
            resume: false,
            log: false,
            out: PathBuf::new(),
            ..self.clone()
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

    /// With `--resume`: the saved settings, with this run's concurrency and log choice; the
    /// command line may repeat the saved settings or give only `--out` (and `--concurrency`).
    pub fn resolve_resume(&self, saved: MatchArgs) -> Result<MatchArgs, String> {
        if !self.engines.is_empty() && self.fixed() != saved.fixed() {
            return Err(format!(
                "--resume: these settings differ from the ones in {}/{SAVED_ARGS}; \
                 give only --out (and --concurrency) to use the saved ones",
                self.out.display()
            ));
        }
        Ok(MatchArgs {
            concurrency: self.concurrency.or(saved.concurrency),
            resume: true,
            log: self.log,
            out: self.out.clone(),
            ..saved
        })
    }
}

/// Runs `longjiang match` (or `longjiang match merge`).
pub fn run(cmd: &MatchCommand) -> Result<(), String> {
    match &cmd.action {
        None => match &cmd.args {
            Some(args) => runner::run(args),
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
        assert_eq!(back, args);
        let only_out = Saved::try_parse_from(["--out", "/tmp/m", "--resume", "--concurrency", "3"])
            .unwrap()
            .args;
        let r = only_out.resolve_resume(back.clone()).unwrap();
        assert_eq!((r.games, r.concurrency, r.resume), (8, Some(3), true));
        let mut other = back.clone();
        other.games = 10;
        assert!(other.resolve_resume(back).is_err());
    }
}
