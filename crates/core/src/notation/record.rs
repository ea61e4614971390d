//! Game-record files: tags, then the numbered moves in the game's record notation (Chinese
//! for 龙将棋, KIF's Japanese for shogi), then the result; several games one after the other
//! in one file. protocol.md ("Game records") describes the format for users; in short:
//!
//! ```text
//! [Variant "longjiang"]
//! [Black "longjiang 0.1"]
//! [White "Fairy-Stockfish"]
//! [Result "1-0"]
//! [Reason "resignation"]
//! [Moves "f2f4 f9f7 g1h3"]
//!
//! 1. 六四 六七
//! 2. 卫八三
//! 1-0
//! ```
//!
//! `Black` is the first player (主帅, ∧, uppercase; USI's `b`), `White` the second. Reserved
//! tags map to fields of [`GameRecord`]: `Variant` (default `longjiang`), `SFEN` (the start
//! position when it is not the game's start) and `Moves` (the same moves in ASCII, `7g7f` in
//! shogi; optional; when present it must agree move for move). Every other tag is kept in
//! order. Reading checks every move against the rules, that no move follows the end of the
//! game, that the move numbers are right, and that a result agrees with a final checkmate,
//! stalemate or repetition.

use super::words::move_word;
use crate::rules::ascii::move_text;
use crate::rules::outcome::{EndReason, result_token};
use crate::rules::{Color, Move, Position, Rules, StalemateRule, Variant};
use std::fmt;
use std::fmt::Write as _;

mod reader;

/// One game: the game option, where it started, its moves, and its tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Which game (with drops or the no-drop game).
    pub variant: Variant,
    /// The start position as SFEN; `None` for the game's start position.
    pub start_sfen: Option<String>,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The other tags, in order: e.g. `Black`, `White`, `Date`, `Result` (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`), `Reason`, `TimeControl`, `Round`, `Stalemate` (`draw` / `loss`).
    pub tags: Vec<(String, String)>,
}

/// Why a record cannot be written or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based game number in a file, when known.
    pub game: Option<usize>,
    /// The 1-based line number in the text, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    pub(crate) fn new(line: Option<usize>, message: impl Into<String>) -> RecordError {
        RecordError {
            game: None,
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game {
            write!(f, "game {g}, ")?;
        }
        if let Some(l) = self.line {
            write!(f, "line {l}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordError {}

/// Tags that are fields of [`GameRecord`], not entries of its `tags`.
const RESERVED: [&str; 3] = ["Variant", "SFEN", "Moves"];

/// The result tokens that end a game's moves: the rules core's three and `*` (unfinished).
const RESULTS: [&str; 4] = [
    result_token(Some(Color::Black)),
    result_token(Some(Color::White)),
    result_token(None),
    "*",
];

impl GameRecord {
    /// A record of `variant` from its start position, no moves, no tags.
    pub fn new(variant: Variant) -> GameRecord {
        GameRecord {
            variant,
            start_sfen: None,
            moves: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// The value of tag `key`, if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The rules the game is played under: its variant, with stalemate a loss when the
    /// `Stalemate` tag says `loss`.
    pub fn rules(&self) -> Result<Rules, RecordError> {
        let rules = self.variant.rules();
        match self.tag("Stalemate") {
            None | Some("draw") => Ok(rules),
            Some("loss") => Ok(rules.with_stalemate(StalemateRule::Loss)),
            Some(other) => Err(RecordError::new(
                None,
                format!("Stalemate tag '{other}' (expected draw or loss)"),
            )),
        }
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let rules = self.rules()?;
        match &self.start_sfen {
            None => Ok(Position::start(rules)),
            Some(s) => Position::from_sfen(s, rules)
                .map_err(|e| RecordError::new(None, format!("SFEN: {e}"))),
        }
    }

    /// The position after every move (each checked).
    pub fn final_position(&self) -> Result<Position, RecordError> {
        let mut pos = self.start_position()?;
        for (i, &m) in self.moves.iter().enumerate() {
            check_playable(&pos, m, i)?;
            pos.play(m);
        }
        Ok(pos)
    }

    /// The record as text (the module's format). Every move is checked: an illegal move, a
    /// move after the end of the game, a bad tag or a result that contradicts the final
    /// position is an error.
    pub fn to_text(&self) -> Result<String, RecordError> {
        let mut out = String::new();
        let mut tag = |key: &str, value: &str| -> Result<(), RecordError> {
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(RecordError::new(
                    None,
                    format!("tag name '{key}' (letters, digits and _ only)"),
                ));
            }
            if value.contains(['\n', '\r']) {
                return Err(RecordError::new(
                    None,
                    format!("tag {key}: a value is one line"),
                ));
            }
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{key} \"{escaped}\"]");
            Ok(())
        };
        tag("Variant", self.variant.name())?;
        for (k, v) in &self.tags {
            if RESERVED.contains(&k.as_str()) {
                return Err(RecordError::new(
                    None,
                    format!("tag {k} is a field of the record, not a free tag"),
                ));
            }
            if k == "Result" && !RESULTS.contains(&v.as_str()) {
                return Err(RecordError::new(
                    None,
                    format!("Result '{v}' (expected 1-0, 0-1, 1/2-1/2 or *)"),
                ));
            }
            tag(k, v)?;
        }
        if let Some(s) = &self.start_sfen {
            tag("SFEN", s)?;
        }
        let mut pos = self.start_position()?;
        let form = pos.rules().text;
        let ascii: Vec<String> = self.moves.iter().map(|&m| move_text(m, form)).collect();
        tag("Moves", &ascii.join(" "))?;
        out.push('\n');
        let numbers = MoveNumbers::of(&pos);
        let mut line = String::new();
        for (i, &m) in self.moves.iter().enumerate() {
            check_playable(&pos, m, i)?;
            let number = numbers.at(i);
            if pos.side_to_move() == Color::Black {
                if !line.is_empty() {
                    out.push_str(line.trim_end());
                    out.push('\n');
                    line.clear();
                }
                let _ = write!(line, "{number}. ");
            } else if line.is_empty() {
                let _ = write!(line, "{number}... ");
            }
            line.push_str(&move_word(&pos, m));
            line.push(' ');
            pos.play(m);
        }
        if !line.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let result = self.tag("Result").unwrap_or("*");
        check_result(&pos, result, self.tag("Reason"))?;
        out.push_str(result);
        out.push('\n');
        Ok(out)
    }
}

/// Checks that move `i` (0-based) can be played: the game is not over and the move is legal.
fn check_playable(pos: &Position, m: Move, i: usize) -> Result<(), RecordError> {
    if let Some(outcome) = pos.outcome() {
        return Err(RecordError::new(
            None,
            format!("move {} ({m}): the game already ended ({})", i + 1, outcome),
        ));
    }
    if !pos.is_legal(m) {
        let text = move_text(m, pos.rules().text);
        let why = pos
            .parse_move(&text)
            .err()
            .map_or_else(|| "not legal".to_string(), |e| e.to_string());
        return Err(RecordError::new(
            None,
            format!("move {} ({text}): {why}", i + 1),
        ));
    }
    Ok(())
}

/// The full-move numbers of a game's moves: the first is `⌈move number ÷ 2⌉` of the start
/// position, and each move of the first player after the first move starts the next number,
/// whatever the parity of the start position's move number (an SFEN may give the second player
/// move 1).
#[derive(Clone, Copy)]
struct MoveNumbers {
    first: u32,
    second_starts: bool,
}

impl MoveNumbers {
    fn of(start: &Position) -> MoveNumbers {
        MoveNumbers {
            first: start.move_number().div_ceil(2),
            second_starts: start.side_to_move() == Color::White,
        }
    }

    /// The number of move `ply` (0-based) from the start.
    fn at(self, ply: usize) -> u32 {
        let pairs = if self.second_starts {
            ply.div_ceil(2)
        } else {
            ply / 2
        };
        self.first
            .saturating_add(u32::try_from(pairs).unwrap_or(u32::MAX))
    }
}

/// The end by the rules that a `Reason` claims (`checkmate`, `stalemate`, `repetition`,
/// `fourfold repetition`, `perpetual check …`), if it claims one.
fn claimed_end(reason: &str) -> Option<EndReason> {
    let r = reason.trim().to_ascii_lowercase();
    if r.starts_with("checkmate") {
        Some(EndReason::Checkmate)
    } else if r.starts_with("stalemate") {
        Some(EndReason::Stalemate)
    } else if r.starts_with("perpetual check") {
        Some(EndReason::PerpetualCheck)
    } else if r == "repetition" || r.starts_with("fourfold repetition") {
        Some(EndReason::Repetition)
    } else {
        None
    }
}

/// A result that contradicts a final checkmate, stalemate or repetition is an error, and so
/// is a `Reason` naming an end by the rules (checkmate, stalemate, repetition, perpetual
/// check) that the final position does not have; `*` and results of games that ended
/// otherwise (resignation, time, adjudication) pass.
fn check_result(pos: &Position, result: &str, reason: Option<&str>) -> Result<(), RecordError> {
    let claimed = reason.and_then(|r| claimed_end(r).map(|end| (r, end)));
    let outcome = pos.outcome();
    if let Some((text, end)) = claimed {
        let fits = outcome.is_some_and(|o| o.reason() == end);
        if !fits {
            let actual = match outcome {
                Some(o) => o.to_string(),
                None => format!(
                    "the game is not over: {} legal moves",
                    crate::movegen::legal_moves(pos).len()
                ),
            };
            return Err(RecordError::new(
                None,
                format!("Reason '{text}' contradicts the final position ({actual})"),
            ));
        }
    }
    let Some(outcome) = outcome else {
        return Ok(());
    };
    let expected = outcome.result_token();
    if result == "*" || result == expected {
        Ok(())
    } else {
        Err(RecordError::new(
            None,
            format!(
                "result {result} contradicts the final position ({})",
                outcome
            ),
        ))
    }
}

#[cfg(test)]
mod tests;
