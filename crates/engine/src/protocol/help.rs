//! The `help` command: the commands of the USI/UCI loop and the options, one line each, as
//! Stockfish prints its help. protocol.md has the full description.

use super::Mode;
use super::options::Options;

/// The commands, each with its arguments and what it does.
const COMMANDS: [(&str, &str); 22] = [
    (
        "usi | uci",
        "handshake: the engine's name and options (USI or UCI dialect)",
    ),
    ("isready", "answered readyok when the engine is ready"),
    (
        "setoption name <id> [value <x>]",
        "sets an option (see below)",
    ),
    (
        "usinewgame | ucinewgame",
        "a new game: clears the table and the statistics",
    ),
    (
        "position startpos|sfen <SFEN>|fen <FEN> [moves <m>…]",
        "sets the position",
    ),
    (
        "go [btime wtime binc winc byoyomi movestogo <n>]",
        "searches on a clock",
    ),
    ("go depth|nodes|movetime|mate <n>", "searches with a limit"),
    (
        "go infinite | go ponder",
        "searches until stop (or ponderhit)",
    ),
    ("go searchmoves <m>…", "searches only these root moves"),
    (
        "go mate <ms>|infinite",
        "USI: the mate solver, answered with checkmate …",
    ),
    (
        "go perft <n>",
        "counts the legal-move tree to depth n, per root move",
    ),
    ("stop", "ends the search; its best move is sent"),
    (
        "ponderhit",
        "the expected move was played: the ponder search goes on",
    ),
    ("gameover win|lose|draw", "the game has ended"),
    (
        "d | d plain",
        "draws the board (d plain: in ASCII) with SFEN and FEN",
    ),
    (
        "moves",
        "lists the legal moves in ASCII and in the record notation",
    ),
    ("eval", "the static evaluation, term by term, and the net's"),
    (
        "bench [depth]",
        "searches the bench positions: nodes and speed",
    ),
    ("debug [on|off]", "accepted, no effect"),
    ("help", "this list"),
    ("quit", "ends the engine"),
    (
        "xboard",
        "as the first command: XBoard/WinBoard mode instead",
    ),
];

/// The lines `help` prints: the commands, then the options as the handshake lists them.
pub fn help_lines(mode: Mode, options: &Options) -> Vec<String> {
    let mut lines = vec!["Commands (protocol.md has every detail):".to_string()];
    lines.extend(
        COMMANDS
            .iter()
            .map(|(cmd, what)| format!("  {cmd:<52} {what}")),
    );
    lines.push("Options (setoption name <id> value <x>):".to_string());
    lines.extend(
        options
            .lines(mode)
            .into_iter()
            .map(|l| format!("  {}", l.trim_start_matches("option name "))),
    );
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_the_reader_knows_is_listed() {
        let lines = help_lines(Mode::Usi, &Options::default());
        for word in [
            "usi",
            "isready",
            "setoption",
            "usinewgame",
            "position",
            "go",
            "stop",
            "ponderhit",
            "gameover",
            "d",
            "moves",
            "eval",
            "bench",
            "debug",
            "help",
            "quit",
        ] {
            // A command the reader knows (it may want arguments).
            let read = crate::protocol::command::parse(word);
            assert!(
                read.as_ref()
                    .err()
                    .is_none_or(|e| !e.0.starts_with("unknown command")),
                "{word}: {read:?}"
            );
            assert!(
                lines.iter().any(|l| l.trim_start().starts_with(word)),
                "{word}: {lines:?}"
            );
        }
        assert!(
            lines.iter().any(|l| l.starts_with("  USI_Hash type spin")),
            "{lines:?}"
        );
        let uci = help_lines(Mode::Uci, &Options::default());
        assert!(
            uci.iter()
                .any(|l| l.starts_with("  UCI_Variant type combo")),
            "{uci:?}"
        );
    }
}
