//! The `longjiang` binary: with no arguments it speaks the USI-style protocol on stdin/stdout
//! (`--variant` sets its game, `--xboard` starts in XBoard's protocol); subcommands are the
//! tools.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use longjiang::tools;
use longjiang_core::rules::Variant;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "longjiang",
    version,
    about = "An engine for 龙将棋 (longjiang)"
)]
struct Cli {
    /// Speak XBoard's protocol (CECP version 2) from the start, as after an `xboard` command.
    #[arg(long)]
    xboard: bool,
    /// The game to play (no subcommand): the protocol starts in it, as after `setoption name
    /// Variant value GAME`, and offers it as the `Variant` default; UCI and XBoard keep it
    /// where they play it (shogi is USI's alone). Fairy-Stockfish's names are read too.
    #[arg(long, value_name = "GAME", value_parser = game_parser())]
    variant: Option<Variant>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (move generator test and benchmark).
    Perft(tools::perft_cmd::PerftArgs),
    /// Search a fixed set of positions to a fixed depth: node count (the regression signature)
    /// and speed; the last line is `<nodes> nodes <nps> nps`.
    Bench(tools::bench_cmd::BenchArgs),
    /// Convert between ASCII move lists and game-record files, checking every move.
    Record(tools::record_cmd::RecordArgs),
    /// Play a tournament between engines (USI or UCI, through pipes); see docs/match.md.
    Match(Box<tools::matches::MatchCommand>),
    /// Serve a web board to play and analyse in a browser (loopback unless --host).
    Serve(tools::serve::ServeArgs),
    /// Generate self-play training data (positions, scores, results); see docs/datagen.md.
    Datagen(tools::datagen::DatagenArgs),
    /// The data store: list its files, convert between text and binary; see docs/datagen.md.
    Data(tools::datagen::data_store::DataArgs),
    /// Tune the evaluation weights of a game on datagen data (Texel); see docs/tuning.md.
    Tune(tools::tune::TuneArgs),
    /// Train an NNUE net of a game on datagen data and write the net file; see docs/nnue.md.
    Train(tools::train::TrainArgs),
    /// Print every search parameter as `name, value, min, max, step` with the game's values
    /// (the input of tune-search); see docs/spsa.md.
    Params(tools::spsa::ParamsArgs),
    /// Tune search parameters by SPSA over engine-vs-engine game pairs; see docs/spsa.md.
    TuneSearch(Box<tools::spsa::TuneSearchArgs>),
}

/// The names `--variant` takes: each game's own (listed in `--help`), with Fairy-Stockfish's
/// and the other names the `Variant` option reads as hidden aliases.
fn game_parser() -> impl TypedValueParser<Value = Variant> {
    let values = Variant::EVERY.into_iter().map(|v| {
        let p = v.rules().presentation;
        let other = std::iter::once(p.fairy_name).chain(p.aliases.iter().copied());
        PossibleValue::new(p.name).aliases(other.filter(move |&n| n != p.name))
    });
    PossibleValuesParser::new(values).map(|name| name.parse::<Variant>().unwrap_or_default())
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
            eprintln!("longjiang: {}", usage_error(&e.to_string()));
            Err(ExitCode::from(2))
        }
    }
}

/// One line from clap's text of a usage error: the message with what it lists (the missing
/// arguments), or for a subcommand given without its own subcommand the ones it has; then
/// where to read more.
fn usage_error(text: &str) -> String {
    let usage = text
        .lines()
        .find_map(|l| l.strip_prefix("Usage: "))
        .unwrap_or("longjiang");
    let command: Vec<&str> = usage
        .split_whitespace()
        .take_while(|w| !w.starts_with(['<', '[', '-']))
        .collect();
    let help = format!("see {} --help", command.join(" "));
    if let Some(at) = text.find("\nCommands:\n") {
        let subcommands: Vec<&str> = text[at..]
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|&c| c != "help")
            .collect();
        return format!(
            "{} needs a subcommand: {} ({help})",
            command.join(" "),
            subcommands.join(", ")
        );
    }
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    format!("{} ({help})", message.trim_start_matches("error: "))
}

fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    if cli.variant.is_some() && cli.command.is_some() {
        eprintln!(
            "longjiang: --variant before a subcommand sets the protocol's game; give the \
             subcommand its own --variant (see longjiang --help)"
        );
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None if cli.xboard => {
            longjiang_engine::protocol::xboard::run(
                std::io::stdin().lock(),
                longjiang_engine::protocol::Output::stdout(),
                cli.variant.unwrap_or_default(),
            );
            Ok(())
        }
        None => {
            longjiang_engine::protocol::run_game(
                std::io::stdin().lock(),
                longjiang_engine::protocol::Output::stdout(),
                cli.variant.unwrap_or_default(),
            );
            Ok(())
        }
        Some(Command::Perft(args)) => tools::perft_cmd::run(&args),
        Some(Command::Bench(args)) => tools::bench_cmd::run(&args),
        Some(Command::Record(args)) => tools::record_cmd::run(&args),
        Some(Command::Match(args)) => tools::matches::run(&args),
        Some(Command::Serve(args)) => tools::serve::run(&args),
        Some(Command::Datagen(args)) => tools::datagen::run(&args),
        Some(Command::Data(args)) => tools::datagen::data_store::run(&args),
        Some(Command::Tune(args)) => tools::tune::run(&args),
        Some(Command::Train(args)) => tools::train::run(&args),
        Some(Command::Params(args)) => tools::spsa::print_params(&args),
        Some(Command::TuneSearch(args)) => tools::spsa::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("longjiang: {e}");
            ExitCode::FAILURE
        }
    }
}
