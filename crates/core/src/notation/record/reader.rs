//! Reading record text: tags and words (comments dropped), split into games at each result,
//! then each game checked move by move as it is built (move numbers, the `Moves` tag, the
//! result against the final position).

use super::{GameRecord, MoveNumbers, RESULTS, RecordError, check_result};
use crate::notation::words::{move_word, read_move_word};
use crate::rules::ascii::move_text;
use crate::rules::{Color, Variant};

impl GameRecord {
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
