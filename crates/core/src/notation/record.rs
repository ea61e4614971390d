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

use super::words::{move_word, read_move_word};
use crate::rules::ascii::move_text;
use crate::rules::outcome::{EndReason, result_token};
use crate::rules::{Color, Move, Position, Rules, StalemateRule, Variant};
use std::fmt;
use std::fmt::Write as _;

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

    /// Reads a text holding exactly one game.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut games = GameRecord::parse_many(text)?;
        match games.len() {
            1 => Ok(games.remove(0)),
            0 => Err(RecordError::new(None, "no game in the text")),
            n => Err(RecordError::new(
                None,
                format!("{n} games in the text, expected one"),
            )),
        }
    }

    /// Reads a file of games (any number, also none). The error names the game and line.
    pub fn parse_many(text: &str) -> Result<Vec<GameRecord>, RecordError> {
        let tokens = tokenize(text)?;
        let mut games = Vec::new();
        let mut current = RawGame::default();
        for tok in tokens {
            match tok {
                Token::Tag { line, key, value } => {
                    if !current.words.is_empty() {
                        games.push(std::mem::take(&mut current));
                    }
                    current.tags.push((line, key, value));
                }
                Token::Word { line, text } => {
                    let ends = RESULTS.contains(&text.as_str());
                    current.words.push((line, text));
                    if ends {
                        games.push(std::mem::take(&mut current));
                    }
                }
            }
        }
        if !current.tags.is_empty() || !current.words.is_empty() {
            games.push(current);
        }
        games
            .into_iter()
            .enumerate()
            .map(|(i, raw)| {
                raw.build().map_err(|mut e| {
                    e.game = Some(i + 1);
                    e
                })
            })
            .collect()
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

/// A piece of record text.
enum Token {
    Tag {
        line: usize,
        key: String,
        value: String,
    },
    Word {
        line: usize,
        text: String,
    },
}

/// Splits a text into tags (whole lines `[Key "value"]`) and whitespace-separated words,
/// dropping `{…}` comments.
fn tokenize(text: &str) -> Result<Vec<Token>, RecordError> {
    let mut tokens = Vec::new();
    let mut in_comment: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if in_comment.is_none() && trimmed.starts_with('[') {
            let (key, value) = parse_tag(trimmed).map_err(|m| RecordError::new(Some(line), m))?;
            tokens.push(Token::Tag { line, key, value });
            continue;
        }
        let mut word = String::new();
        for c in raw.chars() {
            if in_comment.is_some() {
                if c == '}' {
                    in_comment = None;
                }
                continue;
            }
            if c == '{' {
                in_comment = Some(line);
            }
            if c == '{' || c.is_whitespace() {
                if !word.is_empty() {
                    tokens.push(Token::Word {
                        line,
                        text: std::mem::take(&mut word),
                    });
                }
                continue;
            }
            if c == '}' {
                return Err(RecordError::new(Some(line), "'}' without '{'"));
            }
            word.push(c);
        }
        if !word.is_empty() {
            tokens.push(Token::Word { line, text: word });
        }
    }
    if let Some(line) = in_comment {
        return Err(RecordError::new(Some(line), "comment '{' is never closed"));
    }
    Ok(tokens)
}

/// Reads `[Key "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or("a tag is one line: [Key \"value\"]")?;
    let (key, rest) = inner.split_once(' ').ok_or("a tag is [Key \"value\"]")?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("tag name '{key}' (letters, digits and _ only)"));
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or("a tag value is in double quotes")?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err("in a tag value, \\ escapes only \\ and \"".into()),
            },
            '"' => return Err("a \" inside a tag value must be written \\\"".into()),
            c => value.push(c),
        }
    }
    Ok((key.to_string(), value))
}

/// One game's tokens, not yet checked.
#[derive(Default)]
struct RawGame {
    tags: Vec<(usize, String, String)>,
    words: Vec<(usize, String)>,
}

impl RawGame {
    fn build(self) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::new(Variant::DEFAULT);
        let mut ascii: Option<(usize, String)> = None;
        let mut setup_line = None;
        for (line, key, value) in self.tags {
            let at = |m: String| RecordError::new(Some(line), m);
            let seen = |k: &str| record.tags.iter().any(|(key, _)| key == k);
            match key.as_str() {
                "Variant" => {
                    record.variant = value.parse().map_err(|e| at(format!("{e}")))?;
                }
                "SFEN" => {
                    record.start_sfen = Some(value);
                    setup_line = Some(line);
                }
                "Moves" => ascii = Some((line, value)),
                _ if seen(&key) => return Err(at(format!("tag {key} given twice"))),
                _ => record.tags.push((key, value)),
            }
        }
        let mut pos = record
            .start_position()
            .map_err(|e| RecordError::new(setup_line, e.message))?;
        let numbers = MoveNumbers::of(&pos);
        let mut result: Option<(usize, String)> = None;
        for (line, word) in self.words {
            let at = |m: String| RecordError::new(Some(line), m);
            if result.is_some() {
                return Err(at(format!("'{word}' after the result")));
            }
            if RESULTS.contains(&word.as_str()) {
                result = Some((line, word));
                continue;
            }
            if let Some(number) = move_number_token(&word) {
                let expected = numbers.at(record.moves.len());
                let dots = if pos.side_to_move() == Color::Black {
                    "."
                } else {
                    "..."
                };
                if number != Some(expected) || !word.ends_with(dots) || word.ends_with("....") {
                    return Err(at(format!(
                        "move number '{word}', expected '{expected}{dots}'"
                    )));
                }
                continue;
            }
            let n = record.moves.len() + 1;
            if let Some(outcome) = pos.outcome() {
                return Err(at(format!(
                    "move {n} ({word}): the game already ended ({})",
                    outcome
                )));
            }
            let m = read_move_word(&pos, &word).map_err(|e| at(format!("move {n}: {e}")))?;
            record.moves.push(m);
            pos.play(m);
        }
        if let Some((line, text)) = ascii {
            cross_check(&record, &text).map_err(|m| RecordError::new(Some(line), m))?;
        }
        let tag_result = record.tag("Result").map(str::to_string);
        match (&result, tag_result) {
            (Some((line, token)), Some(tag)) if *token != tag => {
                return Err(RecordError::new(
                    Some(*line),
                    format!("result {token} differs from the Result tag {tag}"),
                ));
            }
            (_, Some(tag)) if !RESULTS.contains(&tag.as_str()) => {
                return Err(RecordError::new(
                    None,
                    format!("Result '{tag}' (expected 1-0, 0-1, 1/2-1/2 or *)"),
                ));
            }
            // `*` is what a record without a Result tag ends with; keep it tag-free then.
            (Some((_, token)), None) if token != "*" => {
                record.tags.push(("Result".into(), token.clone()))
            }
            _ => {}
        }
        let final_result = record.tag("Result").unwrap_or("*");
        check_result(&pos, final_result, record.tag("Reason"))
            .map_err(|e| RecordError::new(result.as_ref().map(|r| r.0), e.message))?;
        Ok(record)
    }
}

/// `12.` or `12...` → `Some(Some(12))`; a number too large → `Some(None)`; anything else → `None`.
fn move_number_token(word: &str) -> Option<Option<u32>> {
    let digits = word.trim_end_matches('.');
    if digits.len() == word.len()
        || digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some(digits.parse().ok())
}

/// Checks the `Moves` tag against the moves read from the notation.
fn cross_check(record: &GameRecord, text: &str) -> Result<(), String> {
    let mut pos = record.start_position().map_err(|e| e.message)?;
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, word) in words.iter().enumerate() {
        let m = pos
            .parse_move(word)
            .map_err(|e| format!("Moves tag, move {}: {e}", i + 1))?;
        match record.moves.get(i) {
            Some(&r) if r == m => {}
            Some(&r) => {
                return Err(format!(
                    "Moves tag, move {}: {word} but the record says {} ({})",
                    i + 1,
                    move_word(&pos, r),
                    move_text(r, pos.rules().text)
                ));
            }
            None => {
                return Err(format!(
                    "the Moves tag has {} moves, the record {}",
                    words.len(),
                    record.moves.len()
                ));
            }
        }
        pos.play(m);
    }
    if words.len() != record.moves.len() {
        return Err(format!(
            "the Moves tag has {} moves, the record {}",
            words.len(),
            record.moves.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
