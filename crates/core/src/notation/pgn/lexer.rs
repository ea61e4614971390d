//! PGN text into games of tokens: tag pairs, SAN words, comments and the result; move
//! numbers, NAGs (`$1`), variations (`( … )`), `;` comments and `%` lines are dropped.

/// One game's pieces, in order, each with its 1-based line.
#[derive(Debug, Default)]
pub struct RawGame {
    /// `[Key "value"]` pairs.
    pub tags: Vec<(usize, String, String)>,
    /// The movetext.
    pub items: Vec<(usize, Item)>,
}

/// A piece of movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A move in SAN.
    Word(String),
    /// A `{…}` comment's text.
    Comment(String),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(String),
}

/// The result tokens.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Splits a PGN text into games. Errors carry the line.
pub fn games(text: &str) -> Result<Vec<RawGame>, (usize, String)> {
    let mut out = Vec::new();
    let mut game = RawGame::default();
    let mut comment: Option<(usize, String)> = None;
    let mut depth = 0usize; // variation nesting
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if comment.is_none() && raw.starts_with('%') {
            continue;
        }
        let trimmed = raw.trim();
        if comment.is_none() && depth == 0 && trimmed.starts_with('[') {
            if !game.items.is_empty() {
                out.push(std::mem::take(&mut game));
            }
            for (key, value) in tag_pairs(trimmed).map_err(|m| (line, m))? {
                game.tags.push((line, key, value));
            }
            continue;
        }
        let mut word = String::new();
        for c in raw.chars() {
            if let Some((start, text)) = &mut comment {
                if c != '}' {
                    text.push(c);
                    continue;
                }
                let item = (*start, Item::Comment(text.trim().to_string()));
                comment = None;
                if depth == 0 {
                    game.items.push(item);
                }
                continue;
            }
            let ends_word = c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';');
            if ends_word && !word.is_empty() {
                push_word(&mut game, &mut out, line, &std::mem::take(&mut word), depth);
            }
            match c {
                '{' => comment = Some((line, String::new())),
                '(' => depth += 1,
                ')' => {
                    depth = depth
                        .checked_sub(1)
                        .ok_or((line, "')' without '('".to_string()))?;
                }
                ';' => break,
                '}' => return Err((line, "'}' without '{'".into())),
                c if c.is_whitespace() => {}
                c => word.push(c),
            }
        }
        if !word.is_empty() {
            push_word(&mut game, &mut out, line, &word, depth);
        }
        if let Some((_, text)) = comment.as_mut() {
            text.push('\n');
        }
    }
    if let Some((line, _)) = comment {
        return Err((line, "comment '{' is never closed".into()));
    }
    if depth > 0 {
        return Err((
            text.lines().count(),
            "a variation '(' is never closed".into(),
        ));
    }
    if !game.tags.is_empty() || !game.items.is_empty() {
        out.push(game);
    }
    Ok(out)
}

/// Adds a word: a result ends the game; move numbers and NAGs are dropped; `12.e4` is `e4`.
fn push_word(game: &mut RawGame, out: &mut Vec<RawGame>, line: usize, word: &str, depth: usize) {
    if depth > 0 || word.starts_with('$') {
        return;
    }
    if RESULTS.contains(&word) {
        game.items.push((line, Item::Result(word.to_string())));
        out.push(std::mem::take(game));
        return;
    }
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let word = if rest.len() < word.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        word
    };
    if !word.is_empty() {
        game.items.push((line, Item::Word(word.to_string())));
    }
}

/// The `[Key "value"]` pairs of one line (usually one), with `\"` and `\\` escapes.
fn tag_pairs(line: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let mut rest = line;
    while let Some(r) = rest.trim_start().strip_prefix('[') {
        let (key, after) = r
            .split_once(|c: char| c.is_whitespace())
            .ok_or("a tag is [Key \"value\"]")?;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("tag name '{key}' (letters, digits and _ only)"));
        }
        let body = after
            .trim_start()
            .strip_prefix('"')
            .ok_or("a tag value is in double quotes")?;
        let mut value = String::new();
        let mut chars = body.char_indices();
        let end = loop {
            match chars.next() {
                None => return Err("a tag value's closing '\"' is missing".into()),
                Some((_, '\\')) => match chars.next() {
                    Some((_, e @ ('\\' | '"'))) => value.push(e),
                    _ => return Err("in a tag value, \\ escapes only \\ and \"".into()),
                },
                Some((at, '"')) => break at,
                Some((_, c)) => value.push(c),
            }
        };
        rest = body[end + 1..]
            .trim_start()
            .strip_prefix(']')
            .ok_or("a tag ends with ']'")?;
        pairs.push((key.to_string(), value));
    }
    if !rest.trim().is_empty() {
        return Err(format!("text after the tag: '{}'", rest.trim()));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_tags_words_comments_and_results() {
        let text = "[Event \"a \\\"b\\\"\"]\n[Site \"?\"]\n\n1. c4 {+0.3/4} d7 2.Nh8 $1 (2. e4 \
                    {x} e7) Gh9 ; rest\n{White\nmates} 1-0\n\n[Event \"2\"]\n1... d7 *\n";
        let games = games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tags[0], (1, "Event".into(), "a \"b\"".into()));
        let items: Vec<&Item> = games[0].items.iter().map(|(_, i)| i).collect();
        assert_eq!(
            items,
            [
                &Item::Word("c4".into()),
                &Item::Comment("+0.3/4".into()),
                &Item::Word("d7".into()),
                &Item::Word("Nh8".into()),
                &Item::Word("Gh9".into()),
                &Item::Comment("White\nmates".into()),
                &Item::Result("1-0".into()),
            ]
        );
        assert_eq!(games[1].items[0], (9, Item::Word("d7".into())));
    }

    #[test]
    fn bad_text_names_its_line() {
        for (text, line) in [
            ("[Event \"x]\n", 1),
            ("1. c4 {open\n", 1),
            ("\n1. c4 }", 2),
            ("[Event x]", 1),
            ("1. c4 ) d7", 1),
            ("[Event \"x\"] junk", 1),
        ] {
            assert_eq!(games(text).unwrap_err().0, line, "{text}");
        }
    }
}
