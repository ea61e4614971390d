//! `longjiang record`: convert between ASCII move lists and game-record files (protocol.md,
//! "Game records"), checking every move.
//!
//! - `record write [--variant V] [--sfen S] [--tag Key=Value]… [MOVES…]`: ASCII moves (from
//!   the arguments, or stdin when there are none) → one record on stdout.
//! - `record read [--position] [FILE]`: records (a file of games, or stdin) → one line of ASCII
//!   moves per game, or with `--position` a `position … moves …` command per game.
//! - `record check [FILE]`: reads every game and prints one summary line per game.
//! - `record convert --to pgn|record [--form standard|xboard] [FILE]`: every game of a file
//!   (records, KIF or PGN) as PGN (docs/pgn.md) or as the engine's records.
//!
//! Every reader takes the engine's records, KIF (shogi) and PGN (the 龙将棋 games, both the
//! standard form and the one XBoard saves), told apart by their text.

use crate::tools::common::game::DEFAULT_VARIANT;
use clap::{Args, Subcommand};
use longjiang_core::notation::encoding::decode;
use longjiang_core::notation::pgn;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::san::SanForm;
use longjiang_core::rules::{Color, Variant};
use std::io::Read;

/// Arguments of `longjiang record`.
#[derive(Args, Debug)]
pub struct RecordArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: RecordAction,
}

/// The `record` subcommands.
#[derive(Subcommand, Debug)]
pub enum RecordAction {
    /// Write a record from ASCII moves (arguments, or stdin when none are given).
    Write {
        /// The game: longjiang (with drops) or longjiang-nodrop.
        #[arg(long, default_value = DEFAULT_VARIANT)]
        variant: String,
        /// Start from this SFEN instead of the start position.
        #[arg(long)]
        sfen: Option<String>,
        /// A tag `Key=Value` (repeatable), e.g. --tag Black=longjiang --tag Result=1-0.
        #[arg(long = "tag")]
        tags: Vec<String>,
        /// The moves in ASCII (f2f4 P*e5 e9e10+ …) or in the record notation (六四 骑三三 …).
        moves: Vec<String>,
    },
    /// Read records and print each game's moves in ASCII.
    Read {
        /// Print `position startpos|sfen … moves …` instead of the bare moves.
        #[arg(long)]
        position: bool,
        /// The record file (stdin when absent or `-`).
        file: Option<String>,
    },
    /// Check every game of a record file and summarise it.
    Check {
        /// The record file (stdin when absent or `-`).
        file: Option<String>,
    },
    /// Convert every game of a file (records, KIF or PGN) to PGN or to the engine's records.
    Convert {
        /// The output: `pgn` or `record` (the engine's records; KIF for shogi).
        #[arg(long, value_name = "FORMAT", value_parser = ["pgn", "record", "records"])]
        to: String,
        /// The PGN's SAN: `standard` (Fairy-Stockfish, pychess-variants, cutechess: ranks
        /// 1-10) or `xboard` (what XBoard reads and saves: ranks 0-9).
        #[arg(long, default_value = "standard")]
        form: String,
        /// The input file (stdin when absent or `-`).
        file: Option<String>,
    },
}

fn read_input(file: Option<&str>) -> Result<String, String> {
    let (bytes, name) = match file {
        None | Some("-") => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| format!("reading stdin: {e}"))?;
            (b, "stdin")
        }
        Some(path) => (
            std::fs::read(path).map_err(|e| format!("reading {path}: {e}"))?,
            path,
        ),
    };
    decode(&bytes).ok_or_else(|| format!("reading {name}: the text is neither UTF-8 nor Shift_JIS"))
}

/// Builds a record from ASCII moves, checking each.
pub fn write_record(
    variant: &str,
    sfen: Option<&str>,
    tags: &[String],
    moves: &[String],
) -> Result<String, String> {
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let mut record = GameRecord::new(variant);
    record.start_sfen = sfen.map(str::to_string);
    for tag in tags {
        let (k, v) = tag
            .split_once('=')
            .ok_or_else(|| format!("tag '{tag}': expected Key=Value"))?;
        record.tags.push((k.to_string(), v.to_string()));
    }
    let mut pos = record.start_position().map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        if let Some(outcome) = pos.outcome() {
            return Err(format!(
                "move {} ({text}): the game is over ({outcome})",
                i + 1
            ));
        }
        let m = longjiang_engine::protocol::any_move(&pos, text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        record.moves.push(m);
        pos.play(m);
    }
    // A game that ended by the rules gets its result (and reason) unless the tags give them.
    if let Some(outcome) = pos.outcome() {
        if record.tag("Result").is_none() {
            record
                .tags
                .push(("Result".into(), outcome.result_token().into()));
        }
        if record.tag("Reason").is_none() {
            record
                .tags
                .push(("Reason".into(), outcome.reason().to_string()));
        }
    }
    // In the game's record format: KIF for shogi (docs/kif.md).
    longjiang_core::notation::game_file::write_game(&record).map_err(|e| e.to_string())
}

/// The games of a record text: KIF, PGN or the engine's own records (the core's reader).
fn parse_games(text: &str) -> Result<Vec<GameRecord>, String> {
    longjiang_core::notation::game_file::read_games(text)
}

/// Every game of a text as PGN in `form` (`record convert --to pgn`).
pub fn to_pgn(text: &str, form: SanForm) -> Result<String, String> {
    let mut out = String::new();
    for (i, g) in parse_games(text)?.iter().enumerate() {
        let game = pgn::write_pgn(g, form).map_err(|e| format!("game {}: {e}", i + 1))?;
        out.push_str(&game);
    }
    Ok(out)
}

/// Every game of a text as the engine's records (KIF for a shogi game), one after the other.
pub fn to_records(text: &str) -> Result<String, String> {
    let mut out = String::new();
    for (i, g) in parse_games(text)?.iter().enumerate() {
        let game = longjiang_core::notation::game_file::write_game(g);
        out.push_str(&game.map_err(|e| format!("game {}: {e}", i + 1))?);
        out.push('\n');
    }
    Ok(out)
}

/// Reads records and gives each game's moves in ASCII (or as a `position` command).
pub fn read_records(text: &str, position: bool) -> Result<Vec<String>, String> {
    let games = parse_games(text)?;
    Ok(games
        .iter()
        .map(|g| {
            let form = g.variant.rules().text;
            let moves: Vec<String> = g
                .moves
                .iter()
                .map(|&m| longjiang_core::rules::ascii::move_text(m, form))
                .collect();
            if !position {
                return moves.join(" ");
            }
            let start = match &g.start_sfen {
                None => "startpos".to_string(),
                Some(s) => format!("sfen {s}"),
            };
            if moves.is_empty() {
                format!("position {start}")
            } else {
                format!("position {start} moves {}", moves.join(" "))
            }
        })
        .collect())
}

/// One summary line per game: number, variant, players, move count, result and reason.
pub fn check_records(text: &str) -> Result<Vec<String>, String> {
    let games = parse_games(text)?;
    Ok(games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let name = |c: Color| {
                g.tag(if c == Color::Black { "Black" } else { "White" })
                    .unwrap_or("?")
                    .to_string()
            };
            let reason = g
                .tag("Reason")
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            format!(
                "game {}: {} {} - {}, {} moves, {}{reason}",
                i + 1,
                g.variant,
                name(Color::Black),
                name(Color::White),
                g.moves.len(),
                g.tag("Result").unwrap_or("*"),
            )
        })
        .collect())
}

/// Runs `longjiang record`.
pub fn run(args: &RecordArgs) -> Result<(), String> {
    match &args.action {
        RecordAction::Write {
            variant,
            sfen,
            tags,
            moves,
        } => {
            let moves: Vec<String> = if moves.is_empty() {
                read_input(None)?
                    .split_whitespace()
                    .map(str::to_string)
                    .collect()
            } else {
                moves
                    .iter()
                    .flat_map(|m| m.split_whitespace())
                    .map(str::to_string)
                    .collect()
            };
            super::say(write_record(variant, sfen.as_deref(), tags, &moves)?)?;
        }
        RecordAction::Read { position, file } => {
            for line in read_records(&read_input(file.as_deref())?, *position)? {
                super::say(format_args!("{line}\n"))?;
            }
        }
        RecordAction::Check { file } => {
            for line in check_records(&read_input(file.as_deref())?)? {
                super::say(format_args!("{line}\n"))?;
            }
        }
        RecordAction::Convert { to, form, file } => {
            let form: SanForm = form.parse()?;
            let text = read_input(file.as_deref())?;
            let out = match to.as_str() {
                "pgn" => to_pgn(&text, form)?,
                "record" | "records" => to_records(&text)?,
                other => {
                    return Err(format!(
                        "--to {other}: expected pgn or record (the engine's records)"
                    ));
                }
            };
            super::say(out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn ascii_to_record_and_back() {
        let text = write_record(
            "longjiang",
            None,
            &strings("Black=a White=b Result=*"),
            &strings("f2f4 f9f7 b1c3"),
        )
        .unwrap();
        assert!(text.contains("1. 六四 六七\n2. 骑三三\n*\n"), "{text}");
        assert_eq!(read_records(&text, false).unwrap(), vec!["f2f4 f9f7 b1c3"]);
        assert_eq!(
            read_records(&text, true).unwrap(),
            vec!["position startpos moves f2f4 f9f7 b1c3"]
        );
        assert_eq!(
            check_records(&format!("{text}\n{text}")).unwrap(),
            vec![
                "game 1: longjiang a - b, 3 moves, *",
                "game 2: longjiang a - b, 3 moves, *"
            ]
        );
    }

    #[test]
    fn a_bare_list_of_record_moves_reads() {
        assert_eq!(
            read_records("六四 六七 骑三三", true).unwrap(),
            vec!["position startpos moves f2f4 f9f7 b1c3"]
        );
    }

    /// A plain ASCII move list is a record; an input without a game is an
    /// error; a Shift_JIS `.kif` reads as its UTF-8 text does.
    #[test]
    fn ascii_lists_empty_inputs_and_shift_jis() {
        assert_eq!(
            read_records("f2f4 f9f7\n", true).unwrap(),
            vec!["position startpos moves f2f4 f9f7"]
        );
        assert_eq!(
            read_records("f2f4 六七 b1c3", false).unwrap(),
            vec!["f2f4 f9f7 b1c3"]
        );
        for empty in ["", " \n\n"] {
            assert_eq!(check_records(empty).unwrap_err(), "no game in the input");
            assert_eq!(
                read_records(empty, false).unwrap_err(),
                "no game in the input"
            );
        }
        let moves = strings("7g7f 3c3d 8h2b+ 3a2b");
        let kif = write_record("shogi", None, &strings("Black=先手 White=後手"), &moves).unwrap();
        let (sjis, _, lossy) = encoding_rs::SHIFT_JIS.encode(&kif);
        assert!(!lossy && std::str::from_utf8(&sjis).is_err());
        let text = decode(&sjis).unwrap();
        assert_eq!(text, kif);
        assert_eq!(read_records(&text, false).unwrap(), [moves.join(" ")]);
        assert_eq!(decode(b"\xef\xbb\xbff2f4").as_deref(), Some("f2f4"));
        assert_eq!(decode(b"\x82\xff\x00"), None);
    }

    #[test]
    fn shogi_records_are_kif_and_read_back() {
        let moves = strings("7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c");
        let tags = strings("Black=sente White=gote Result=0-1 Reason=resignation");
        let kif = write_record("shogi", None, &tags, &moves).unwrap();
        let lines: Vec<&str> = kif.lines().collect();
        assert_eq!(lines[1], "手合割：平手");
        assert_eq!(lines[2], "先手：sente");
        assert_eq!(lines[3], "後手：gote");
        assert_eq!(lines[4], "手数----指手---------消費時間--");
        assert_eq!(lines[5], "   1 ７六歩(77)");
        assert_eq!(lines[8], "   4 同　銀(31)");
        assert_eq!(lines[9], "   5 ４五角打");
        assert_eq!(lines[11], "   7 投了");
        assert_eq!(lines[12], "まで6手で後手の勝ち");
        assert_eq!(read_records(&kif, false).unwrap(), [moves.join(" ")]);
        assert_eq!(
            check_records(&kif).unwrap(),
            ["game 1: shogi sente - gote, 6 moves, 0-1 (resignation)"]
        );
        // A mate ends in 詰み; a fourfold repetition in 千日手; a handicap names its 手合割.
        let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
        let kif = write_record("shogi", Some(sfen), &[], &strings("G*5b")).unwrap();
        assert!(kif.contains("|v玉") || kif.contains("v玉"), "{kif}");
        assert!(kif.ends_with("   2 詰み\nまで1手で先手の勝ち\n"), "{kif}");
        assert_eq!(
            read_records(&kif, true).unwrap(),
            [format!("position sfen {sfen} moves G*5b")]
        );
        assert_eq!(
            check_records(&kif).unwrap(),
            ["game 1: shogi ? - ?, 1 moves, 1-0 (checkmate)"]
        );
        let shuffle = strings("5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a");
        let kif = write_record("shogi", None, &[], &shuffle).unwrap();
        assert!(kif.ends_with("  13 千日手\nまで12手で千日手\n"), "{kif}");
        assert!(check_records(&kif).unwrap()[0].ends_with("1/2-1/2 (repetition)"));
        let lance = longjiang_core::rules::games::shogi::handicap_sfen("lance").unwrap();
        let kif = write_record("shogi", Some(lance), &[], &strings("9a9b")).unwrap();
        assert!(kif.contains("手合割：香落ち"), "{kif}");
        assert_eq!(
            read_records(&kif, true).unwrap(),
            [format!("position sfen {lance} moves 9a9b")]
        );
        // A record that claims a mate that is not there is refused.
        let bad = kif.replace("中断", "詰み");
        assert!(check_records(&bad).is_err(), "{bad}");
        // A match's loss by an illegal move (not in the record: the side to move made it).
        let tags = strings("Result=1-0 Reason=gote_loses_by_an_illegal_move");
        let kif = write_record("shogi", None, &tags, &strings("7g7f")).unwrap();
        assert!(
            kif.ends_with("   2 反則負け\nまで1手で先手の勝ち\n"),
            "{kif}"
        );
        assert!(check_records(&kif).unwrap()[0].ends_with("1-0 (illegal move)"));
    }

    #[test]
    fn every_move_is_checked() {
        let e = write_record("longjiang", None, &[], &strings("f2f4 f2f5")).unwrap_err();
        assert!(e.starts_with("move 2: illegal move f2f5"), "{e}");
        let e = write_record("longjiang", None, &strings("Black"), &[]).unwrap_err();
        assert!(e.contains("Key=Value"), "{e}");
        let e = read_records("六四 六六", false).unwrap_err();
        assert!(e.contains("move 2"), "{e}");
    }
}
