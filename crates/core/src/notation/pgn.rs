//! PGN of the 龙将棋 games, as Fairy-Stockfish, pychess-variants, cutechess and XBoard
//! exchange 10×10 games (docs/pgn.md): the seven tags, `Variant`, `FEN` and `SetUp "1"` for a
//! start that is not the game's own (holdings in brackets), `TimeControl`, `Termination`,
//! then SAN movetext ([`super::san`]) with the game's end as a comment before the result:
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "2026.12.02"]
//! [Round "1"]
//! [White "longjiang"]
//! [Black "fairy-stockfish"]
//! [Result "1-0"]
//! [Variant "longjiangqi"]
//! [Termination "normal"]
//!
//! 1. c4 d7 2. Nc3 Nh8 … 41. Qxf9# {checkmate} 1-0
//! ```
//!
//! PGN's White is the first player, the one the engine's records call `Black`: the player
//! tags are swapped both ways. Reading accepts both SAN forms (XBoard's ranks from 0 are told
//! apart by the `VariantMen` tag XBoard writes, by a rank `0` or `10`, else by which form
//! reads the whole game), several games a file, comments (the one before the result is the
//! game's `Reason`), variations and NAGs (skipped).
//!
//! A move's comment (cutechess's `{+0.35/12 0.52s}`, `{book}`) is kept in the record's tag
//! [`MOVE_COMMENTS`]: one entry per move, separated by [`COMMENT_SEPARATOR`], empty for a
//! move without one. Writing puts each entry after its move; reading gathers them back.

mod lexer;

use super::fen::{parse_fen, write_fen};
use super::record::{GameRecord, RecordError};
use super::san::{SanError, SanForm, parse_san, write_san};
use crate::notation::xboard_notation::fen_from_xboard;
use crate::notation::xboard_variant::variant_men;
use crate::rules::{Color, Position, Variant};
use lexer::{Item, RESULTS, RawGame};
use std::fmt;
use std::fmt::Write as _;

/// Why a PGN cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The 1-based game number in the file, when known.
    pub game: Option<usize>,
    /// The 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What is wrong with a PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The text is not PGN: tags, comments, variations.
    Syntax(String),
    /// A tag's value is wrong (the variant, the FEN, a tag given twice).
    Tag(String),
    /// Move `number` (1-based) of the game.
    Move {
        /// The move's number in the game (plies, from 1).
        number: usize,
        /// The word as written.
        word: String,
        /// Why it names no move.
        error: SanError,
    },
    /// The game as a whole: a result that contradicts the final position, a move after the
    /// end, a record that cannot be written as PGN.
    Game(String),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game {
            write!(f, "game {g}, ")?;
        }
        if let Some(l) = self.line {
            write!(f, "line {l}: ")?;
        }
        match &self.kind {
            PgnErrorKind::Syntax(m) | PgnErrorKind::Tag(m) | PgnErrorKind::Game(m) => {
                f.write_str(m)
            }
            PgnErrorKind::Move {
                number,
                word: _,
                error,
            } => write!(f, "move {number}: {error}"),
        }
    }
}

impl std::error::Error for PgnError {}

fn error(line: Option<usize>, kind: PgnErrorKind) -> PgnError {
    PgnError {
        game: None,
        line,
        kind,
    }
}

fn from_record(e: RecordError) -> PgnError {
    error(e.line, PgnErrorKind::Game(e.message))
}

/// Whether PGN is written for this game (its record format says: shogi's records are KIF).
pub fn supports(variant: Variant) -> bool {
    variant.rules().presentation.record.has_pgn()
}

/// The `Termination` of a game that ended for `reason` (PGN's own words).
fn termination(reason: Option<&str>) -> &'static str {
    let Some(r) = reason.map(str::to_ascii_lowercase) else {
        return "unterminated";
    };
    if r.contains("time") {
        "time forfeit"
    } else if r.contains("adjudicat") || r.contains("maxmoves") || r.contains("move limit") {
        "adjudication"
    } else if [
        "illegal",
        "unreadable",
        "crash",
        "hang",
        "forfeit",
        "did not answer",
    ]
    .iter()
    .any(|w| r.contains(w))
    {
        "rules infraction"
    } else {
        "normal"
    }
}

/// A tag named for a side (`Black`, `WhiteClock`, `BlackElo`) named for the other: PGN's White
/// is the records' Black (the first player); any other tag as it is.
fn other_side(key: &str) -> String {
    if let Some(rest) = key.strip_prefix("Black") {
        format!("White{rest}")
    } else if let Some(rest) = key.strip_prefix("White") {
        format!("Black{rest}")
    } else {
        key.to_string()
    }
}

/// The record tag that holds each move's comment (`book|+0.35/12 0.52s|…`).
pub const MOVE_COMMENTS: &str = "MoveComments";
/// What separates the moves' comments in [`MOVE_COMMENTS`].
pub const COMMENT_SEPARATOR: &str = "|";

/// Tags the writer makes itself (or takes from the record's fields).
const MADE: [&str; 15] = [
    MOVE_COMMENTS,
    "VariantMen",
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "FEN",
    "SetUp",
    "TimeControl",
    "Termination",
    "Reason",
];

/// A game as PGN in `form`, ending in a blank line. Every move is checked, and the result
/// against the final position, as [`GameRecord::to_text`] does.
pub fn write_pgn(record: &GameRecord, form: SanForm) -> Result<String, PgnError> {
    if !supports(record.variant) {
        return Err(error(
            None,
            PgnErrorKind::Game(SanError::NotThisGame.to_string()),
        ));
    }
    record.to_text().map_err(from_record)?;
    let start = record.start_position().map_err(from_record)?;
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{key} \"{escaped}\"]");
    };
    let get = |key: &str, default: &'static str| record.tag(key).unwrap_or(default).to_string();
    tag("Event", &get("Event", "?"));
    tag("Site", &get("Site", "?"));
    tag("Date", &get("Date", "????.??.??"));
    tag("Round", &get("Round", "?"));
    // PGN's White moves first: the records' Black.
    tag("White", &get("Black", "?"));
    tag("Black", &get("White", "?"));
    tag("Result", &get("Result", "*"));
    tag(
        "Variant",
        match form {
            SanForm::Standard => record.variant.fairy_name(),
            SanForm::XBoard => record.variant.name(),
        },
    );
    if form == SanForm::XBoard {
        tag("VariantMen", &variant_men(record.variant));
    }
    // XBoard always gives the start (it cannot rely on an engine's setup when it loads).
    if record.start_sfen.is_some() || form == SanForm::XBoard {
        let fen = write_fen(&start);
        tag("FEN", &fen);
        tag("SetUp", "1");
        // What a FEN cannot hold (drop cooldowns, a dropped pawn's lost double step) stays
        // in the engine's own tag.
        let rules = *start.rules();
        let same = parse_fen(&fen, rules).is_ok_and(|p| p.to_sfen() == start.to_sfen());
        if !same {
            tag("SFEN", &start.to_sfen());
        }
    }
    if let Some(tc) = record.tag("TimeControl") {
        tag("TimeControl", tc);
    }
    tag("Termination", termination(record.tag("Reason")));
    for (k, v) in &record.tags {
        if !MADE.contains(&k.as_str()) {
            tag(&other_side(k), v);
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut pos = start.clone();
    let mut number = pos.move_number().div_ceil(2);
    let comments: Vec<&str> = record
        .tag(MOVE_COMMENTS)
        .map_or_else(Vec::new, |c| c.split(COMMENT_SEPARATOR).collect());
    for (i, &m) in record.moves.iter().enumerate() {
        let san = write_san(&pos, m, form).map_err(|e| {
            error(
                None,
                PgnErrorKind::Move {
                    number: i + 1,
                    word: m.to_string(),
                    error: e,
                },
            )
        })?;
        if pos.side_to_move() == Color::Black {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        if pos.side_to_move() == Color::White {
            number += 1;
        }
        words.push(san);
        if let Some(c) = comments.get(i).map(|c| c.trim()).filter(|c| !c.is_empty()) {
            words.push(format!("{{{}}}", c.replace('}', ")")));
        }
        pos.play(m);
    }
    if let Some(reason) = record.tag("Reason") {
        words.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    words.push(get("Result", "*"));
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    Ok(out)
}

/// Reads every game of a PGN text. The error names the game and line.
pub fn parse_pgn(text: &str) -> Result<Vec<GameRecord>, PgnError> {
    let games =
        lexer::games(text).map_err(|(line, m)| error(Some(line), PgnErrorKind::Syntax(m)))?;
    games
        .into_iter()
        .enumerate()
        .map(|(i, raw)| {
            build(&raw).map_err(|mut e| {
                e.game = Some(i + 1);
                e
            })
        })
        .collect()
}

/// Whether a text looks like PGN rather than the engine's own record format: it has a tag
/// only PGN writes (`Event`, `Site`, `FEN`, `SetUp`) and none of the record's `Moves`.
pub fn looks_like_pgn(text: &str) -> bool {
    let tags = text.lines().map(str::trim_start);
    let mut pgn = false;
    for l in tags {
        if l.starts_with("[Moves ") {
            return false;
        }
        pgn |= ["[Event ", "[Site ", "[FEN ", "[SetUp "]
            .iter()
            .any(|t| l.starts_with(t));
    }
    pgn
}

/// Tags the reader turns into the record's fields (or drops: PGN's placeholders).
const READ: [&str; 9] = [
    MOVE_COMMENTS,
    "Variant",
    "VariantMen",
    "FEN",
    "SetUp",
    "SFEN",
    "Termination",
    "PlyCount",
    "Result",
];

fn build(raw: &RawGame) -> Result<GameRecord, PgnError> {
    let mut record = GameRecord::new(Variant::DEFAULT);
    let mut fen: Option<(usize, String)> = None;
    let mut sfen: Option<(usize, String)> = None;
    let mut result_tag: Option<(usize, String)> = None;
    let mut termination: Option<String> = None;
    let mut xboard_hint = false;
    let mut seen: Vec<&str> = Vec::new();
    for (line, key, value) in &raw.tags {
        let at = |m: String| error(Some(*line), PgnErrorKind::Tag(m));
        if seen.contains(&key.as_str()) {
            return Err(at(format!("tag {key} given twice")));
        }
        seen.push(key);
        match key.as_str() {
            "Variant" => {
                record.variant = value
                    .parse()
                    .or_else(|_| value.to_ascii_lowercase().parse())
                    .map_err(|e| at(format!("{e}")))?;
                if !supports(record.variant) {
                    return Err(at(SanError::NotThisGame.to_string()));
                }
            }
            "VariantMen" => xboard_hint = true,
            "FEN" => fen = Some((*line, value.clone())),
            "SFEN" => sfen = Some((*line, value.clone())),
            "Termination" => termination = Some(value.clone()),
            "Result" => result_tag = Some((*line, value.clone())),
            _ if READ.contains(&key.as_str()) => {}
            "Event" | "Site" | "Date" | "Round"
                if ["?", "-", "", "????.??.??"].contains(&value.as_str()) => {}
            // `White`, `WhiteClock`, … are the records' `Black…` (PGN's White moves first).
            _ => record.tags.push((other_side(key), value.clone())),
        }
    }
    let rules = record
        .rules()
        .map_err(|e| error(None, PgnErrorKind::Tag(e.message)))?;
    if let Some((line, s)) = sfen {
        Position::from_sfen(&s, rules)
            .map_err(|e| error(Some(line), PgnErrorKind::Tag(format!("SFEN: {e}"))))?;
        record.start_sfen = Some(s);
    } else if let Some((line, f)) = fen {
        let pos = parse_fen(&fen_from_xboard(&f), rules)
            .map_err(|e| error(Some(line), PgnErrorKind::Tag(format!("FEN: {e}"))))?;
        let s = pos.to_sfen();
        if s != Position::start(rules).to_sfen() {
            record.start_sfen = Some(s);
        }
    }
    let start = record.start_position().map_err(from_record)?;
    let words: Vec<(usize, &str)> = raw
        .items
        .iter()
        .filter_map(|(l, it)| match it {
            Item::Word(w) => Some((*l, w.as_str())),
            _ => None,
        })
        .collect();
    let forms = form_order(xboard_hint, &words);
    let moves = match read_moves(&start, &words, forms[0]) {
        Ok(m) => m,
        Err(first) => read_moves(&start, &words, forms[1]).map_err(|_| first)?,
    };
    record.moves = moves;
    // The result: the token, which must agree with the tag; the comment before it is the
    // reason the game ended.
    let token = raw.items.iter().find_map(|(l, it)| match it {
        Item::Result(r) => Some((*l, r.clone())),
        _ => None,
    });
    let result = match (&token, &result_tag) {
        (Some((line, t)), Some((_, tag))) if t != tag => {
            return Err(error(
                Some(*line),
                PgnErrorKind::Game(format!("result {t} differs from the Result tag {tag}")),
            ));
        }
        (_, Some((line, tag))) if !RESULTS.contains(&tag.as_str()) => {
            return Err(error(
                Some(*line),
                PgnErrorKind::Tag(format!("Result '{tag}' (expected 1-0, 0-1, 1/2-1/2 or *)")),
            ));
        }
        (Some((_, t)), _) => t.clone(),
        (None, Some((_, tag))) => tag.clone(),
        (None, None) => "*".into(),
    };
    if result != "*" {
        record.tags.push(("Result".into(), result));
    }
    // The comments after the last move: the last is the game's end (`{White mates}`), unless
    // it is the only one and reads as a score (`{+0.35/12}`).
    let trailing: Vec<&str> = raw
        .items
        .iter()
        .rev()
        .filter(|(_, it)| !matches!(it, Item::Result(_)))
        .map_while(|(_, it)| match it {
            Item::Comment(c) => Some(c.as_str()),
            _ => None,
        })
        .collect();
    let is_score =
        |c: &str| c.starts_with(['+', '-', '#']) || c.starts_with(|d: char| d.is_ascii_digit());
    let is_score = |c: &str| is_score(c) || c == "book";
    let reason_comment = trailing
        .first()
        .filter(|c| !c.is_empty() && (trailing.len() > 1 || !is_score(c)));
    let reason = reason_comment
        .map(|c| c.to_string())
        .or(termination.filter(|t| !["normal", "unterminated", ""].contains(&t.as_str())));
    move_comments(raw, &mut record, reason_comment.is_some());
    if let Some(r) = reason {
        record.tags.push((
            "Reason".into(),
            r.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
    }
    // The same checks as the engine's own records: the result against the final position.
    record.to_text().map_err(from_record)?;
    Ok(record)
}

/// Gathers the comments after each move into the record's [`MOVE_COMMENTS`] tag (nothing
/// when no move has one); `last_is_reason`: the last comment is the game's end, not a move's.
fn move_comments(raw: &RawGame, record: &mut GameRecord, last_is_reason: bool) {
    let mut moves = 0;
    let mut found: Vec<(usize, String)> = Vec::new();
    for (_, item) in &raw.items {
        match item {
            Item::Word(_) => moves += 1,
            Item::Comment(c) if moves > 0 => {
                let text = c.split_whitespace().collect::<Vec<_>>().join(" ");
                found.push((moves - 1, text.replace(COMMENT_SEPARATOR, "/")));
            }
            _ => {}
        }
    }
    if last_is_reason {
        found.pop();
    }
    let mut comments = vec![String::new(); moves];
    for (i, text) in found.into_iter().filter(|(_, t)| !t.is_empty()) {
        if !comments[i].is_empty() {
            comments[i].push(' ');
        }
        comments[i].push_str(&text);
    }
    if comments.iter().any(|c| !c.is_empty()) && moves == record.moves.len() {
        record
            .tags
            .push((MOVE_COMMENTS.into(), comments.join(COMMENT_SEPARATOR)));
    }
}

/// The SAN forms to try, the likelier first.
fn form_order(xboard_hint: bool, words: &[(usize, &str)]) -> [SanForm; 2] {
    let rank_zero = words.iter().any(|(_, w)| {
        let b = w.as_bytes();
        b.windows(2)
            .enumerate()
            .any(|(i, p)| (b'a'..=b'j').contains(&p[0]) && p[1] == b'0' && !b[..i].ends_with(b"1"))
            || w.starts_with("+P")
            || w.ends_with("=+")
    });
    let rank_ten = words
        .iter()
        .any(|(_, w)| w.contains("10") || w.contains("=S"));
    if (xboard_hint || rank_zero) && !rank_ten {
        [SanForm::XBoard, SanForm::Standard]
    } else {
        [SanForm::Standard, SanForm::XBoard]
    }
}

fn read_moves(
    start: &Position,
    words: &[(usize, &str)],
    form: SanForm,
) -> Result<Vec<crate::rules::Move>, PgnError> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(words.len());
    for (i, &(line, word)) in words.iter().enumerate() {
        if let Some(outcome) = pos.outcome() {
            return Err(error(
                Some(line),
                PgnErrorKind::Game(format!(
                    "move {} ({word}): the game already ended ({})",
                    i + 1,
                    outcome.reason()
                )),
            ));
        }
        let m = parse_san(&pos, word, form).map_err(|e| {
            error(
                Some(line),
                PgnErrorKind::Move {
                    number: i + 1,
                    word: word.to_string(),
                    error: e,
                },
            )
        })?;
        moves.push(m);
        pos.play(m);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests;
