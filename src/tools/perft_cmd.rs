//! `longjiang perft`: count the leaves of the legal-move tree, optionally per root move and on
//! several threads.

use crate::tools::common::game::DEFAULT_VARIANT;
use clap::Args;
use longjiang_core::movegen::{MAX_PERFT_DEPTH, perft, perft_divide};
use longjiang_core::rules::{Position, Variant};
use std::time::Instant;

/// Arguments of `longjiang perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (the last ply is bulk-counted).
    pub depth: u32,
    /// The game: longjiang (with drops) or longjiang-nodrop.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
    /// Start from this SFEN instead of the start position.
    #[arg(long)]
    pub sfen: Option<String>,
    /// Moves (ASCII, space-separated) to play first.
    #[arg(long)]
    pub moves: Option<String>,
    /// Print `<move> <count>` for every legal root move (shogi: in USI squares).
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (root moves are split between them).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Builds the position a tool starts from: a variant, an optional SFEN, optional moves.
pub fn setup_position(
    variant: &str,
    sfen: Option<&str>,
    moves: Option<&str>,
) -> Result<Position, String> {
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let rules = variant.rules();
    let mut pos = match sfen {
        Some(s) => Position::from_sfen(s, rules).map_err(|e| format!("bad SFEN: {e}"))?,
        None => Position::start(rules),
    };
    for text in moves.unwrap_or("").split_whitespace() {
        let m = longjiang_engine::protocol::any_move(&pos, text)
            .map_err(|e| format!("move '{text}': {e}"))?;
        pos.play(m);
    }
    Ok(pos)
}

/// Runs `longjiang perft`, printing the divide lines (if asked) and the summary line.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    if args.threads == 0 || args.threads > 1024 {
        return Err(format!(
            "--threads must be between 1 and 1024, got {}",
            args.threads
        ));
    }
    if args.depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "depth {} is beyond any practical perft (at most {MAX_PERFT_DEPTH})",
            args.depth
        ));
    }
    let pos = setup_position(&args.variant, args.sfen.as_deref(), args.moves.as_deref())?;
    let start = Instant::now();
    let nodes = if args.divide || args.threads > 1 {
        let parallel = args.threads > 1;
        let work = || perft_divide(&pos, args.depth.max(1), parallel);
        let counts = if parallel {
            rayon::ThreadPoolBuilder::new()
                .num_threads(args.threads)
                .build()
                .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?
                .install(work)
        } else {
            work()
        };
        if args.divide {
            // Written as the game writes its moves (shogi: USI squares), as `go perft` does.
            let form = pos.rules().text;
            for &(m, n) in &counts {
                let text = longjiang_core::rules::ascii::move_text(m, form);
                super::say(format_args!("{text} {n}\n"))?;
            }
        }
        if args.depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft(&mut pos.clone(), args.depth)
    };
    let elapsed = start.elapsed();
    let ms = elapsed.as_millis();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    super::say(format_args!("nodes {nodes} time {ms} nps {nps}\n"))
}
