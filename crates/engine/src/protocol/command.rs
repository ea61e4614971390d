//! Reading one input line into a [`UsiCommand`]: pure text work, no engine state, so the reader can
//! be fuzzed on its own. Whether a position or move is legal is decided later, by the session.

use longjiang_core::movegen::MAX_PERFT_DEPTH;
use std::fmt;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionSource {
    /// `startpos`: the game's start position.
    StartPos,
    /// `sfen <six fields>`.
    Sfen(String),
    /// `fen <Fairy-Stockfish FEN>`.
    Fen(String),
}

/// The parameters of `go`, as written (times in milliseconds; negative times read as 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `btime`: the first player's clock in USI mode, the second player's in UCI mode.
    pub btime: Option<u64>,
    /// `wtime`: the second player's clock in USI mode, the first player's in UCI mode.
    pub wtime: Option<u64>,
    /// `binc` (pairs with `btime`).
    pub binc: Option<u64>,
    /// `winc` (pairs with `wtime`).
    pub winc: Option<u64>,
    /// `byoyomi`.
    pub byoyomi: Option<u64>,
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime`.
    pub movetime: Option<u64>,
    /// `mate N`: look for a mate in N moves (`mate infinite` sets `infinite` instead).
    pub mate: Option<u32>,
    /// `infinite` (also set by `mate infinite`).
    pub infinite: bool,
    /// The word `mate` was given: in USI mode a mate search (`mate <ms>` or `mate infinite`,
    /// answered with `checkmate …`), in UCI mode a mate in N moves.
    pub mate_search: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `searchmoves …`, as written.
    pub searchmoves: Vec<String>,
}

/// How a game ended, from `gameover`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOver {
    /// The engine won.
    Win,
    /// The engine lost.
    Lose,
    /// A draw.
    Draw,
}

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsiCommand {
    /// An empty line: ignored.
    Empty,
    /// `usi`: handshake, USI mode.
    Usi,
    /// `uci`: handshake, UCI mode.
    Uci,
    /// `isready`.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name (words joined by single spaces).
        name: String,
        /// The value, if given (words joined by single spaces).
        value: Option<String>,
    },
    /// `usinewgame` / `ucinewgame`.
    NewGame,
    /// `position startpos|sfen …|fen … [moves …]`.
    Position {
        /// Where it starts.
        setup: PositionSource,
        /// The moves, as written (ASCII or record notation).
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `go perft <depth>`.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `gameover win|lose|draw`.
    GameOver(GameOver),
    /// `quit`.
    Quit,
    /// `debug [on|off]`: accepted, no effect.
    Debug,
    /// `d`: draw the board; `d plain`: in ASCII.
    Display {
        /// `d plain`.
        plain: bool,
    },
    /// `moves`: list the legal moves.
    Moves,
    /// `eval`: explain the static evaluation.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `help`: the commands and options.
    Help,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

fn err<T>(msg: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(msg.into()))
}

/// Reads a number for `go`: a non-negative integer, or a negative one (some GUIs send a
/// negative clock once the flag fell), which counts as 0.
fn time_value(key: &str, word: Option<&str>) -> Result<u64, CommandError> {
    let Some(word) = word else {
        return err(format!("go: {key} needs a number"));
    };
    match word.parse::<i64>() {
        Ok(n) => Ok(n.max(0) as u64),
        // Digits beyond i64: a negative one is still a fallen flag (0), a positive one is
        // refused by its size, not its form.
        Err(_) if is_integer(word) && word.starts_with('-') => Ok(0),
        Err(_) if is_integer(word) => err(format!(
            "go: {key} '{word}' is too large (at most {})",
            i64::MAX
        )),
        Err(_) => err(format!("go: {key} '{word}' is not an integer")),
    }
}

/// Whether `word` is an integer, whatever its size: an optional sign, then digits.
fn is_integer(word: &str) -> bool {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A count in `min ..= max`; the error tells a malformed number from one out of range.
fn ranged(what: &str, word: &str, min: u32, max: u32) -> Result<u32, CommandError> {
    match word.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ if is_integer(word) => err(format!("{what} '{word}' is out of range ({min} … {max})")),
        _ => err(format!("{what} '{word}' is not an integer")),
    }
}

fn count_value(key: &str, word: Option<&str>) -> Result<u32, CommandError> {
    let Some(word) = word else {
        return err(format!("go: {key} needs a number"));
    };
    ranged(&format!("go: {key}"), word, 0, u32::MAX)
}

/// Keywords that end a `searchmoves` list.
const GO_KEYWORDS: [&str; 14] = [
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go(words: &[&str]) -> Result<UsiCommand, CommandError> {
    if words.first() == Some(&"perft") {
        return match words {
            [_, n] => ranged("go perft: depth", n, 1, MAX_PERFT_DEPTH).map(UsiCommand::Perft),
            _ => err("go perft takes one depth: go perft <n>"),
        };
    }
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let next = words.get(i + 1).copied();
        i += 1;
        let mut takes = true;
        match key {
            "btime" => go.btime = Some(time_value(key, next)?),
            "wtime" => go.wtime = Some(time_value(key, next)?),
            "binc" => go.binc = Some(time_value(key, next)?),
            "winc" => go.winc = Some(time_value(key, next)?),
            "byoyomi" => go.byoyomi = Some(time_value(key, next)?),
            "movetime" => go.movetime = Some(time_value(key, next)?),
            "movestogo" => go.movestogo = Some(count_value(key, next)?),
            "depth" => go.depth = Some(count_value(key, next)?),
            "nodes" => go.nodes = Some(time_value(key, next)?),
            "mate" => {
                go.mate_search = true;
                if next == Some("infinite") {
                    go.infinite = true;
                } else if next.is_none_or(|w| GO_KEYWORDS.contains(&w)) {
                    // A bare `go mate`: USI's mate search without a time limit.
                    go.infinite = true;
                    takes = false;
                } else {
                    go.mate = Some(count_value(key, next)?);
                }
            }
            "infinite" => {
                go.infinite = true;
                takes = false;
            }
            "ponder" => {
                go.ponder = true;
                takes = false;
            }
            "searchmoves" => {
                takes = false;
                while i < words.len() && !GO_KEYWORDS.contains(&words[i]) {
                    go.searchmoves.push(words[i].to_string());
                    i += 1;
                }
                if go.searchmoves.is_empty() {
                    return err("go: searchmoves needs at least one move");
                }
            }
            "perft" => return err("go perft takes one depth and nothing else: go perft <n>"),
            other => return err(format!("go: unknown parameter '{other}'")),
        }
        if takes {
            i += 1;
        }
    }
    Ok(UsiCommand::Go(go))
}

fn parse_position(words: &[&str]) -> Result<UsiCommand, CommandError> {
    let (head, moves) = match words.iter().position(|&w| w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &words[..0]),
    };
    let setup = match head {
        ["startpos"] => PositionSource::StartPos,
        ["startpos", extra, ..] => {
            return err(format!(
                "position startpos: unexpected '{extra}' (moves …?)"
            ));
        }
        ["sfen", rest @ ..] if !rest.is_empty() => PositionSource::Sfen(rest.join(" ")),
        ["fen", rest @ ..] if !rest.is_empty() => PositionSource::Fen(rest.join(" ")),
        ["sfen" | "fen"] => return err("position: the position string is missing"),
        [] => return err("position: expected startpos, sfen <SFEN> or fen <FEN>"),
        [other, ..] => {
            return err(format!(
                "position: expected startpos, sfen or fen, got '{other}'"
            ));
        }
    };
    Ok(UsiCommand::Position {
        setup,
        moves: moves.iter().map(|s| s.to_string()).collect(),
    })
}

fn parse_setoption(words: &[&str]) -> Result<UsiCommand, CommandError> {
    let ["name", rest @ ..] = words else {
        return err("setoption: expected setoption name <id> [value <x>]");
    };
    let (name, value) = match rest.iter().position(|&w| w == "value") {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return err("setoption: the option name is missing");
    }
    Ok(UsiCommand::SetOption {
        name: name.join(" "),
        value,
    })
}

fn no_args(cmd: UsiCommand, name: &str, rest: &[&str]) -> Result<UsiCommand, CommandError> {
    match rest.first() {
        None => Ok(cmd),
        Some(extra) => err(format!("{name} takes no arguments (got '{extra}')")),
    }
}

/// Reads one line of input.
pub fn parse(line: &str) -> Result<UsiCommand, CommandError> {
    // A byte-order mark (some Windows GUIs and editors write one before the first line) is
    // not part of the command.
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(UsiCommand::Empty);
    };
    match first {
        "usi" => no_args(UsiCommand::Usi, first, rest),
        "uci" => no_args(UsiCommand::Uci, first, rest),
        "isready" => no_args(UsiCommand::IsReady, first, rest),
        "setoption" => parse_setoption(rest),
        "usinewgame" | "ucinewgame" => no_args(UsiCommand::NewGame, first, rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest),
        "stop" => no_args(UsiCommand::Stop, first, rest),
        "ponderhit" => no_args(UsiCommand::PonderHit, first, rest),
        "gameover" => match rest {
            ["win"] => Ok(UsiCommand::GameOver(GameOver::Win)),
            ["lose"] => Ok(UsiCommand::GameOver(GameOver::Lose)),
            ["draw"] => Ok(UsiCommand::GameOver(GameOver::Draw)),
            _ => err("gameover: expected win, lose or draw"),
        },
        "quit" => no_args(UsiCommand::Quit, first, rest),
        "debug" => match rest {
            [] | ["on"] | ["off"] => Ok(UsiCommand::Debug),
            _ => err("debug: expected on or off"),
        },
        "d" => match rest {
            [] => Ok(UsiCommand::Display { plain: false }),
            ["plain"] => Ok(UsiCommand::Display { plain: true }),
            [other, ..] => err(format!("d: expected nothing or plain, got '{other}'")),
        },
        "moves" => no_args(UsiCommand::Moves, first, rest),
        "eval" => no_args(UsiCommand::Eval, first, rest),
        "help" => no_args(UsiCommand::Help, first, rest),
        "bench" => match rest {
            [] => Ok(UsiCommand::Bench(None)),
            [d] => ranged("bench: depth", d, 1, 60).map(|d| UsiCommand::Bench(Some(d))),
            _ => err("bench takes at most one argument: bench [depth]"),
        },
        other => {
            let shown: String = other.chars().take(40).collect();
            err(format!("unknown command '{shown}'"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_command() {
        assert_eq!(parse("  "), Ok(UsiCommand::Empty));
        assert_eq!(parse("usi"), Ok(UsiCommand::Usi));
        assert_eq!(parse("uci"), Ok(UsiCommand::Uci));
        assert_eq!(parse("ucinewgame"), Ok(UsiCommand::NewGame));
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(UsiCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(UsiCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("position sfen 10/10 b - - 00 1 moves f2f4 六四"),
            Ok(UsiCommand::Position {
                setup: PositionSource::Sfen("10/10 b - - 00 1".into()),
                moves: vec!["f2f4".into(), "六四".into()],
            })
        );
        assert_eq!(
            parse("position fen x[] w KQkq - 0 1"),
            Ok(UsiCommand::Position {
                setup: PositionSource::Fen("x[] w KQkq - 0 1".into()),
                moves: vec![],
            })
        );
        assert_eq!(
            parse("go btime 1000 wtime -5 byoyomi 100 ponder searchmoves f2f4 P*e5 depth 3"),
            Ok(UsiCommand::Go(Go {
                btime: Some(1000),
                wtime: Some(0),
                byoyomi: Some(100),
                ponder: true,
                searchmoves: vec!["f2f4".into(), "P*e5".into()],
                depth: Some(3),
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("go mate infinite"),
            Ok(UsiCommand::Go(Go {
                infinite: true,
                mate_search: true,
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("go mate 1500"),
            Ok(UsiCommand::Go(Go {
                mate: Some(1500),
                mate_search: true,
                ..Go::default()
            }))
        );
        assert_eq!(parse("go mate"), parse("go mate infinite"));
        assert_eq!(parse("go perft 3"), Ok(UsiCommand::Perft(3)));
        assert_eq!(
            parse("gameover draw"),
            Ok(UsiCommand::GameOver(GameOver::Draw))
        );
        assert_eq!(parse("bench 5"), Ok(UsiCommand::Bench(Some(5))));
        assert_eq!(parse("help"), Ok(UsiCommand::Help));
    }

    /// Numbers too large for their field are refused for their size
    /// (they read as malformed), and a byte-order mark before a command is ignored.
    #[test]
    fn numbers_out_of_range_and_a_byte_order_mark() {
        let cases = [
            (
                "go perft 99999999999",
                "go perft: depth '99999999999' is out of range (1 … 20)",
            ),
            (
                "go perft 21",
                "go perft: depth '21' is out of range (1 … 20)",
            ),
            (
                "go depth 4294967296",
                "go: depth '4294967296' is out of range (0 … 4294967295)",
            ),
            (
                "go nodes 99999999999999999999",
                "go: nodes '99999999999999999999' is too large (at most 9223372036854775807)",
            ),
        ];
        for (line, want) in cases {
            assert_eq!(parse(line).unwrap_err().to_string(), want, "{line}");
        }
        assert_eq!(parse("go depth 4294967295").map(|_| ()), Ok(()));
        let fallen = parse("go btime -99999999999999999999").unwrap();
        assert!(matches!(fallen, UsiCommand::Go(Go { btime: Some(0), .. })));
        assert_eq!(parse("\u{feff}isready"), Ok(UsiCommand::IsReady));
    }

    #[test]
    fn rejects_with_a_reason() {
        let cases = [
            ("foo", "unknown command 'foo'"),
            ("usi now", "usi takes no arguments"),
            ("setoption Hash", "expected setoption name"),
            ("setoption name value 3", "name is missing"),
            ("position", "expected startpos"),
            ("position sfen", "missing"),
            ("position startpos f2f4", "unexpected 'f2f4'"),
            ("position xyz", "got 'xyz'"),
            ("go depth", "depth needs a number"),
            ("go depth -1", "'-1' is out of range (0 … 4294967295)"),
            ("go depth x", "'x' is not an integer"),
            ("go btime x", "'x' is not an integer"),
            ("go fast", "unknown parameter 'fast'"),
            ("go searchmoves", "at least one move"),
            ("go perft 0", "depth '0' is out of range (1 … 20)"),
            ("go perft", "go perft takes one depth"),
            ("go depth 2 perft 3", "nothing else"),
            ("gameover maybe", "win, lose or draw"),
            ("bench x", "bench: depth 'x' is not an integer"),
            ("bench 0", "bench: depth '0' is out of range (1 … 60)"),
        ];
        for (line, want) in cases {
            let e = parse(line).unwrap_err().to_string();
            assert!(e.contains(want), "{line}: {e}");
        }
    }
}
