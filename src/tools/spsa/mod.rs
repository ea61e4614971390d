//! `longjiang tune-search`: SPSA over the search parameters (`search::params`), playing game
//! pairs between the engine with `θ + c_k·Δ` and with `θ − c_k·Δ` through the match runner's
//! arbiter. Modules: [`param_file`] (the parameter file), [`driver`] (the SPSA arithmetic),
//! [`run_dir`] (the state in `--out`, resume and shards), [`play`] (the games). The user
//! documentation is `docs/spsa.md`.

pub mod driver;
pub mod param_file;
pub mod play;
pub mod run_dir;

use crate::tools::common::adjudication::AdjudicationArgs;
use crate::tools::common::engine_flags::{self, EngineTimingArgs};
use crate::tools::common::game::GameArgs;
use crate::tools::common::openings;
use crate::tools::engines::arbiter::GameContext;
use crate::tools::engines::engine_spec::EngineSpec;
use crate::tools::engines::stats::Wdl;
use crate::tools::engines::timecontrol::TimeControl;
use crate::tools::shard::Shard;
use clap::{Args, Parser};
use driver::{Hyper, Spsa};
use longjiang_engine::search::game_params;
use longjiang_engine::search::params;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `longjiang tune-search`.
#[derive(Args, Debug, Clone, PartialEq)]
// The shared flags' help as tune-search has always worded it.
#[command(
    mut_arg("maxmoves", |a| a.help("Draw after this many full moves (the opening included)")),
    mut_arg("time_margin", |a| {
        a.help("Milliseconds a bestmove may come after the side's time has run out (default 50)")
    }),
    mut_arg("hang_timeout", |a| {
        a.help("Seconds to wait for an answer when there is no time limit (default 60)")
    })
)]
pub struct TuneSearchArgs {
    /// The parameters to tune: `name, value, min, max, step[, r_end]` a line (`longjiang
    /// params` prints all of them); the engine's options are `spsa_<name>`.
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// The engine, as match's --engine (default: this program).
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<String>,
    /// `--variant`.
    #[command(flatten)]
    pub game: GameArgs,
    /// SPSA iterations (the gains' schedule runs over this many).
    #[arg(long, default_value_t = 1000)]
    pub iterations: u32,
    /// Game pairs per iteration (all shards together).
    #[arg(long, default_value_t = 1)]
    pub pairs: u32,
    /// Time control, as match's (nodes=N, depth=D, BASE+INC, …).
    #[arg(long, default_value = "nodes=5000")]
    pub tc: String,
    /// Games played at the same time (default 1).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Opening suite: a FILE, `builtin` (default) or `startpos`.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// `--resign`, `--draw`, `--maxmoves`, as match's.
    #[command(flatten)]
    pub adjudication: AdjudicationArgs,
    /// `--time-margin`, `--hang-timeout`, as match's.
    #[command(flatten)]
    pub engine_timing: EngineTimingArgs,
    /// The seed of the perturbation directions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A (the stability constant of a_k) as a share of the iterations.
    #[arg(long, default_value_t = 0.1)]
    pub a_ratio: f64,
    /// The decay exponent of a_k.
    #[arg(long, default_value_t = 0.602)]
    pub alpha: f64,
    /// The decay exponent of c_k.
    #[arg(long, default_value_t = 0.101)]
    pub gamma: f64,
    /// Directory for the state, the path and the tuned values.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Continue the run in --out (settings from spsa.args, parameters from params.txt).
    #[arg(long)]
    pub resume: bool,
    /// Play only the I-th of N parts of each iteration's pairs; the parts share --out (a
    /// shared file system) and wait for each other at the end of every iteration.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
}

/// For re-reading `spsa.args`.
#[derive(Parser, Debug)]
#[command(no_binary_name = true)]
struct Saved {
    #[command(flatten)]
    args: TuneSearchArgs,
}

/// The settings file in `--out`.
pub const SAVED_ARGS: &str = "spsa.args";
/// The parameters as the run started with them, in `--out`.
pub const SAVED_PARAMS: &str = "params.txt";

impl TuneSearchArgs {
    /// The settings every part and every resumption must share, as arguments (one a line of
    /// `spsa.args`); the run's own `--out`, `--shard`, `--concurrency` are not among them.
    pub fn to_argv(&self) -> Vec<String> {
        let mut v = Vec::new();
        let mut push = |k: &str, val: String| {
            v.push(format!("--{k}"));
            v.push(val);
        };
        if let Some(e) = &self.engine {
            push("engine", e.clone());
        }
        push("variant", self.game.name().to_string());
        push("iterations", self.iterations.to_string());
        push("pairs", self.pairs.to_string());
        push("tc", self.tc.clone());
        if let Some(o) = &self.openings {
            push("openings", o.clone());
        }
        self.adjudication.push_argv(&mut push);
        self.engine_timing.push_argv(&mut push);
        push("seed", self.seed.to_string());
        push("a-ratio", self.a_ratio.to_string());
        push("alpha", self.alpha.to_string());
        push("gamma", self.gamma.to_string());
        push("out", ".".into());
        v
    }

    fn from_saved(text: &str) -> Result<TuneSearchArgs, String> {
        Saved::try_parse_from(text.lines())
            .map(|s| s.args)
            .map_err(|e| format!("{SAVED_ARGS}: {e}"))
    }
}

/// `longjiang params`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("variant", |a| {
    a.help(
        "The game whose values to print (its `game_params::overrides` over the defaults): \
         longjiang (the default), longjiang-nodrop or shogi",
    )
}))]
pub struct ParamsArgs {
    /// `--variant`.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Prints every search parameter with the game's values (`longjiang params`).
pub fn print_params(args: &ParamsArgs) -> Result<(), String> {
    let variant = args.game.variant()?;
    let values = params::Values::with_overrides(game_params::overrides(variant))?;
    crate::tools::say(params::dump(&values))
}

/// A checked run.
struct Plan {
    spsa: Spsa,
    base: EngineSpec,
    ctx: GameContext,
    suite: longjiang_core::notation::suite::Suite,
    shard: Shard,
    concurrency: usize,
    pairs: u32,
}

fn plan(args: &TuneSearchArgs, params_text: &str) -> Result<Plan, String> {
    let params = param_file::parse(params_text, "--params")?;
    let engine = match &args.engine {
        Some(e) => e.clone(),
        None => {
            let exe = std::env::current_exe().map_err(|e| format!("this program: {e}"))?;
            let exe = exe.display().to_string();
            format!(
                "cmd={},name=longjiang",
                exe.replace('\\', "\\\\").replace(',', "\\,")
            )
        }
    };
    let base = EngineSpec::parse(&engine).map_err(|e| e.to_string())?;
    let variant = args.game.variant()?;
    let tc: TimeControl = args.tc.parse().map_err(|e| format!("{e}"))?;
    let in_range = |x: f64, lo: f64, hi: f64| x.is_finite() && x > lo && x <= hi;
    if !(1..=10_000_000).contains(&args.iterations) || !(1..=100_000).contains(&args.pairs) {
        return Err("--iterations must be in 1 … 10000000 and --pairs in 1 … 100000".into());
    }
    if !in_range(args.a_ratio, -1e-12, 10.0)
        || !in_range(args.alpha, 0.0, 2.0)
        || !in_range(args.gamma, 0.0, 2.0)
    {
        return Err(
            "--a-ratio must be in 0 … 10, --alpha and --gamma above 0 and at most 2".into(),
        );
    }
    let concurrency = engine_flags::concurrency(args.concurrency)?;
    let hang_timeout = args.engine_timing.hang_timeout()?;
    let adjudication = args.adjudication.adjudicator()?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let hyper = Hyper {
        iterations: args.iterations,
        a_ratio: args.a_ratio,
        alpha: args.alpha,
        gamma: args.gamma,
        seed: args.seed,
    };
    Ok(Plan {
        spsa: Spsa::new(params, hyper),
        base,
        ctx: GameContext {
            variant,
            tc,
            adjudication,
            margin: args.engine_timing.margin(),
            hang_timeout,
            log: None,
        },
        suite: openings::load(args.openings.as_deref(), variant)?,
        shard: shard.unwrap_or(Shard::WHOLE),
        concurrency,
        pairs: args.pairs,
    })
}

/// The settings and parameters of the run in `dir`: saved ones with `--resume`, else the
/// command line's, saved now (another part of the same run may have saved the same already).
fn settings(cli: &TuneSearchArgs, dir: &Path) -> Result<(TuneSearchArgs, String), String> {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .map_err(|e| format!("{}/{name}: {e}", dir.display()))
    };
    if cli.resume {
        let saved = TuneSearchArgs::from_saved(&read(SAVED_ARGS)?)?;
        let args = TuneSearchArgs {
            out: cli.out.clone(),
            resume: true,
            concurrency: cli.concurrency,
            shard: cli.shard.clone(),
            ..saved
        };
        return Ok((args, read(SAVED_PARAMS)?));
    }
    let Some(file) = &cli.params else {
        return Err("give --params FILE (longjiang params writes one), or --resume".into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let argv = cli.to_argv().join("\n") + "\n";
    for (name, want) in [(SAVED_ARGS, &argv), (SAVED_PARAMS, &text)] {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(have) if &have != want => {
                return Err(format!(
                    "{} holds another run ({name} differs); use --resume or another --out",
                    dir.display()
                ));
            }
            Ok(_) => {}
            Err(_) => run_dir::write_atomic(dir, name, want)?,
        }
    }
    Ok((cli.clone(), text))
}

/// The options that give an engine these values.
fn options(p: &Spsa, values: &[i32]) -> Vec<(String, String)> {
    p.params
        .iter()
        .zip(values)
        .map(|(t, v)| (format!("spsa_{}", t.name), v.to_string()))
        .collect()
}

/// Runs `longjiang tune-search`.
pub fn run(cli: &TuneSearchArgs) -> Result<(), String> {
    let dir = cli.out.clone();
    std::fs::create_dir_all(&dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    let (args, params_text) = settings(cli, &dir)?;
    let mut plan = plan(&args, &params_text)?;
    let own = run_dir::results_path(&dir, plan.shard);
    if !args.resume && own.exists() {
        return Err(format!(
            "{} already holds this part's results; use --resume to continue",
            own.display()
        ));
    }
    run_dir::check_split(&dir, plan.shard)?;
    run_dir::repair(&own)?;
    let journal = run_dir::games_path(&dir, plan.shard);
    run_dir::start_games(&journal, play::JOURNAL_HEADER, !args.resume)?;
    let first = plan.shard.index == 0;
    let names: Vec<String> = plan.spsa.params.iter().map(|t| t.name.clone()).collect();
    let mut path_log = String::from("iteration\twins\tdraws\tlosses\tresult");
    names.iter().for_each(|n| path_log += &format!("\t{n}"));
    if first {
        run_dir::write_atomic(&dir, run_dir::PATH_LOG, &(path_log + "\n"))?;
    }
    let mut slots: Vec<play::Slot> = (0..plan.concurrency).map(|_| [None, None]).collect();
    let mut waiting_said = false;
    let n = plan.spsa.hyper.iterations;
    let mut replayed = 0;
    let result = (|| -> Result<(), String> {
        for k in 1..=n {
            let trial = plan.spsa.trial();
            let mut flagged = 0;
            let played = !run_dir::read_results(&own)?.contains_key(&k);
            if played {
                let openings = (0..plan.pairs)
                    .map(|j| u64::from(k - 1) * u64::from(plan.pairs) + u64::from(j))
                    .filter(|&g| plan.shard.owns(g))
                    .map(|g| {
                        let suite = &plan.suite.openings;
                        (g, &suite[(g % suite.len() as u64) as usize])
                    })
                    .collect();
                let round = play::Round {
                    ctx: &plan.ctx,
                    base: &plan.base,
                    options: [
                        options(&plan.spsa, &trial.plus),
                        options(&plan.spsa, &trial.minus),
                    ],
                    openings,
                };
                let games = play::play_round(&round, &mut slots)?;
                run_dir::append_result(&own, k, play::tally(&games))?;
                let lines: Vec<String> = games.iter().map(|g| g.journal_line(k)).collect();
                run_dir::append_games(&journal, &lines)?;
                flagged = games.iter().filter(|g| g.lost_on_time()).count();
            }
            let whole = loop {
                if let Some(w) = run_dir::whole_result(&dir, plan.shard.count, k)? {
                    break w;
                }
                if !waiting_said {
                    eprintln!("iteration {k}: waiting for the other parts' results");
                    waiting_said = true;
                }
                std::thread::sleep(Duration::from_secs(2));
            };
            waiting_said = false;
            plan.spsa.update(whole.score());
            if first {
                run_dir::append_path(&dir, k, whole, &plan.spsa.theta)?;
                let values = plan.spsa.values();
                run_dir::write_atomic(
                    &dir,
                    "tuned.txt",
                    &param_file::write(&plan.spsa.params, &values),
                )?;
                run_dir::write_atomic(
                    &dir,
                    "params.rs",
                    &param_file::patch_params_rs(&plan.spsa.params, &values),
                )?;
            }
            if played || k == n {
                report(k, n, whole, flagged, &plan.spsa)?;
            } else {
                replayed += 1;
            }
        }
        Ok(())
    })();
    for slot in slots {
        for e in slot.into_iter().flatten() {
            e.quit();
        }
    }
    result?;
    if replayed > 0 {
        eprintln!("resume: {replayed} iterations replayed from the results");
    }
    crate::tools::say(format!(
        "done: {n} iterations; tuned values: {}  params.rs: {}  path: {}\n",
        dir.join("tuned.txt").display(),
        dir.join("params.rs").display(),
        dir.join(run_dir::PATH_LOG).display()
    ))
}

/// One line per iteration on standard output; `flagged`: this part's games of the iteration
/// lost on time (said only when there are some).
fn report(k: u32, n: u32, r: Wdl, flagged: usize, spsa: &Spsa) -> Result<(), String> {
    let values: Vec<String> = spsa
        .params
        .iter()
        .zip(&spsa.theta)
        .map(|(p, x)| format!("{}={x:.1}", p.name))
        .collect();
    let time = match flagged {
        0 => String::new(),
        n => format!(" [{n} lost on time]"),
    };
    crate::tools::say(format!(
        "iteration {k}/{n}: plus {}-{}-{} ({:+}){time}  {}\n",
        r.wins,
        r.draws,
        r.losses,
        r.score(),
        values.join(" ")
    ))
}
