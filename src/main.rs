//! The `longjiang` binary: with no arguments it speaks the USI-style protocol on stdin/stdout;
//! subcommands are the tools.

use clap::{Parser, Subcommand};
use longjiang::tools;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "longjiang",
    version,
    about = "An engine for 龙将棋 (longjiang)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (move generator test and benchmark).
    Perft(tools::perft::PerftArgs),
    /// Search a fixed set of positions to a fixed depth: node count (the regression signature)
    /// and speed; the last line is `<nodes> nodes <nps> nps`.
    Bench(tools::bench::BenchArgs),
    /// Convert between ASCII move lists and game-record files, checking every move.
    Record(tools::record::RecordArgs),
    /// Play a tournament between engines (USI or UCI, through pipes); see docs/match.md.
    Match(tools::matches::MatchArgs),
    /// Generate self-play training data (positions, scores, results); see docs/datagen.md.
    Datagen(tools::datagen::DatagenArgs),
    /// Tune the evaluation weights of a game on datagen data (Texel); see docs/tuning.md.
    Tune(tools::tune::TuneArgs),
}

/// Parses the command line; a usage error becomes one line on stderr and exit status 2
/// (help and version requests print as clap formats them).
fn parse_cli() -> Result<Cli, ExitCode> {
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            Err(ExitCode::SUCCESS)
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!(
                "longjiang: {} (see longjiang --help)",
                first.trim_start_matches("error: ")
            );
            Err(ExitCode::from(2))
        }
    }
}

fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        None => {
            longjiang::protocol::run(
                std::io::stdin().lock(),
                longjiang::protocol::Output::stdout(),
            );
            Ok(())
        }
        Some(Command::Perft(args)) => tools::perft::run(&args),
        Some(Command::Bench(args)) => tools::bench::run(&args),
        Some(Command::Record(args)) => tools::record::run(&args),
        Some(Command::Match(args)) => tools::matches::run(&args),
        Some(Command::Datagen(args)) => tools::datagen::run(&args),
        Some(Command::Tune(args)) => tools::tune::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("longjiang: {e}");
            ExitCode::FAILURE
        }
    }
}
