//! The openings generator behind the shipped suites (`examples/gen_openings.rs`): random
//! plausible moves from the start position, kept when an engine scores the result near 0:
//! this engine's own search in-process (`--engine builtin`), or any engine asked through its
//! pipes like a match engine (`--engine cmd=…`).
//!
//! "Plausible": a uniformly random legal move that is not a plain king move (castling is
//! allowed). Each candidate must be new (by position key), the game not over, and the engine's
//! score at the given limit within ±`max_cp` for the side to move. At most `per_first` openings
//! share a first move, which keeps the suite varied.

use crate::tools::common::game::DEFAULT_VARIANT;
use crate::tools::engines::connection::{EngineConnection, Reply};
use crate::tools::engines::dialect::{go_command, position_command, searchmoves};
use crate::tools::engines::engine_spec::EngineSpec;
use crate::tools::engines::timecontrol::TimeControl;
use clap::Args;
use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{Move, PieceKind, Position, Variant};
use longjiang_engine::search::{self, Limits};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::time::Duration;

/// Arguments of the generator.
#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// The engine that scores candidates: `builtin` (this engine's search, in-process) or a
    /// spec as for `longjiang match --engine`.
    #[arg(long, default_value = "builtin")]
    pub engine: String,
    /// The game.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Openings wanted.
    #[arg(long, default_value_t = 60)]
    pub count: usize,
    /// Fewest random plies.
    #[arg(long, default_value_t = 4)]
    pub min_plies: usize,
    /// Most random plies.
    #[arg(long, default_value_t = 8)]
    pub max_plies: usize,
    /// Search limit for the check (a `--tc` of `longjiang match`).
    #[arg(long, default_value = "depth=8")]
    pub tc: String,
    /// Largest accepted |score| in centipawns.
    #[arg(long, default_value_t = 60)]
    pub max_cp: i32,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most openings with the same first move.
    #[arg(long, default_value_t = 6)]
    pub per_first: usize,
    /// Write the suite here (default: standard output).
    #[arg(long)]
    pub out: Option<String>,
}

/// A small xorshift64* generator (no crate needed for this).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn random_line(pos: &mut Position, plies: usize, rng: &mut Rng) -> Option<Vec<Move>> {
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let candidates: Vec<Move> = legal_moves(pos)
            .into_iter()
            .filter(|&m| {
                m.is_castle()
                    || m.from()
                        .and_then(|f| pos.piece_at(f))
                        .is_none_or(|p| p.kind != PieceKind::King)
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let m = candidates[rng.below(candidates.len())];
        pos.play(m);
        moves.push(m);
    }
    Some(moves)
}

/// Who scores the candidates.
enum Scorer {
    /// This engine's search, in-process.
    Builtin(Box<search::Engine>),
    /// An engine through its pipes.
    Piped(Box<(EngineConnection, EngineSpec)>),
}

impl Scorer {
    fn start(arg: &str, variant: Variant, timeout: Duration) -> Result<Scorer, String> {
        if arg == "builtin" {
            let mut e = search::Engine::new();
            e.set_nnue(longjiang_engine::eval::nnue::default_nets());
            e.set_threads(1);
            e.set_position(Position::start(variant.rules()));
            return Ok(Scorer::Builtin(Box::new(e)));
        }
        let spec = EngineSpec::parse(arg).map_err(|e| e.to_string())?;
        let engine = EngineConnection::start(&spec, variant, timeout, spec.name.clone(), None)
            .map_err(|f| format!("engine {}: {f}", spec.name))?;
        Ok(Scorer::Piped(Box::new((engine, spec))))
    }

    fn name(&self) -> String {
        match self {
            Scorer::Builtin(e) => format!(
                "longjiang {} (in-process, {})",
                env!("CARGO_PKG_VERSION"),
                e.nnue().map_or("classical".to_string(), |n| format!(
                    "nnue {:016x}",
                    n.checksum()
                ))
            ),
            Scorer::Piped(p) => p.0.id_name.clone().unwrap_or_else(|| p.1.name.clone()),
        }
    }

    /// The score of `pos` (reached by `moves` from the start) for the side to move.
    fn score(
        &mut self,
        variant: Variant,
        pos: &Position,
        moves: &[Move],
        tc: &TimeControl,
        timeout: Duration,
    ) -> Result<i32, String> {
        match self {
            Scorer::Builtin(e) => {
                e.new_game();
                e.set_position(pos.clone());
                let r = e.search_sync(Limits {
                    depth: tc.depth,
                    nodes: tc.nodes,
                    movetime: tc.movetime,
                    ..Limits::default()
                });
                Ok(r.score.centipawns())
            }
            Scorer::Piped(p) => {
                let (e, spec) = &mut **p;
                e.new_game().map_err(|f| format!("engine: {f}"))?;
                let position = position_command(spec.proto, variant, None, moves);
                let clocks = [tc.new_clock(); 2];
                let mut go = go_command(spec.proto, [tc, tc], &clocks, pos.side_to_move());
                if spec.legal_only {
                    go += &searchmoves(spec.proto, pos);
                }
                let limit = tc.limit(&clocks[0]);
                match e.think(&position, &go, limit, Duration::from_secs(1), timeout) {
                    Reply::Move { score: Some(s), .. } => Ok(s),
                    Reply::Move { score: None, .. } => Err("the engine reported no score".into()),
                    other => Err(format!("engine failed: {other:?}")),
                }
            }
        }
    }
}

/// Generates a suite; returns its text.
pub fn generate(args: &GenArgs) -> Result<String, String> {
    let variant: Variant = args.variant.parse().map_err(|e| format!("{e}"))?;
    let tc: TimeControl = args.tc.parse().map_err(|e| format!("{e}"))?;
    if args.min_plies == 0 || args.min_plies > args.max_plies {
        return Err("need 1 <= --min-plies <= --max-plies".into());
    }
    let timeout = Duration::from_secs(120);
    if tc.has_clock() {
        return Err("--tc: give depth=, nodes= or st= (no clock)".into());
    }
    let mut scorer = Scorer::start(&args.engine, variant, timeout)?;
    let rules = variant.rules();
    let mut rng = Rng(args.seed.max(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut seen = HashSet::new();
    let mut per_first: HashMap<Move, usize> = HashMap::new();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} openings for {}: {}..{} random plies, kept when {} scores |cp| <= {} at {}",
        args.count,
        variant,
        args.min_plies,
        args.max_plies,
        scorer.name(),
        args.max_cp,
        tc
    );
    let _ = writeln!(
        out,
        "# generated by: cargo run --release --example gen_openings -- --variant {} --count {} \
         --min-plies {} --max-plies {} --tc {} --max-cp {} --seed {} --per-first {} --engine {}",
        variant,
        args.count,
        args.min_plies,
        args.max_plies,
        tc,
        args.max_cp,
        args.seed,
        args.per_first,
        if args.engine == "builtin" {
            "builtin"
        } else {
            "<spec>"
        }
    );
    let mut found = 0;
    let mut tries = 0;
    while found < args.count {
        tries += 1;
        if tries > args.count * 500 {
            return Err(format!("only {found} openings after {} tries", tries - 1));
        }
        let mut pos = Position::start(rules);
        let plies = args.min_plies + rng.below(args.max_plies - args.min_plies + 1);
        let Some(moves) = random_line(&mut pos, plies, &mut rng) else {
            continue;
        };
        if pos.outcome().is_some() || !seen.insert(pos.key()) {
            continue;
        }
        if per_first.get(&moves[0]).copied().unwrap_or(0) >= args.per_first {
            continue;
        }
        let score = scorer.score(variant, &pos, &moves, &tc, timeout)?;
        if score.abs() > args.max_cp {
            continue;
        }
        *per_first.entry(moves[0]).or_default() += 1;
        found += 1;
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(out, "startpos moves {}  # {score:+} cp", texts.join(" "));
        eprintln!("{found}/{} ({tries} tries)", args.count);
    }
    if let Scorer::Piped(p) = scorer {
        p.0.quit();
    }
    Ok(out)
}

/// Runs the generator: writes the suite to `--out` or standard output.
pub fn run(args: &GenArgs) -> Result<(), String> {
    let text = generate(args)?;
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}")),
        None => crate::tools::say(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The suite's header names the evaluation the built-in scorer used: each game's default.
    #[test]
    fn the_builtin_scorer_evaluates_with_the_games_default() {
        for variant in Variant::ALL {
            let args = GenArgs {
                engine: "builtin".into(),
                variant: variant.to_string(),
                count: 1,
                min_plies: 2,
                max_plies: 2,
                tc: "depth=1".into(),
                max_cp: 100_000,
                seed: 3,
                per_first: 6,
                out: None,
            };
            let text = generate(&args).expect("one opening");
            let header = text.lines().next().unwrap_or_default();
            let want = match longjiang_engine::eval::nnue::default_nets()
                .into_iter()
                .find(|n| n.game() == variant)
            {
                Some(n) => format!("(in-process, nnue {:016x})", n.checksum()),
                None => "(in-process, classical)".to_string(),
            };
            assert!(header.contains(&want), "{variant}: {header}");
            let by_default = longjiang_engine::eval::nnue::by_default(variant);
            assert_eq!(want.contains("nnue"), by_default, "{variant}");
        }
    }
}
