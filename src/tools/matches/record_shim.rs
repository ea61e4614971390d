//! TEMPORARY stand-in for `crate::notation::record` (same API), so that this branch builds
//! before the record module is merged. Delete after the merge and import the real one.

use crate::rules::{Move, Position, Variant};
use std::fmt;

/// One game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game.
    pub variant: Variant,
    /// Start position, `None` = the game's start position.
    pub start_sfen: Option<String>,
    /// Moves from there.
    pub moves: Vec<Move>,
    /// Ordered tags.
    pub tags: Vec<(String, String)>,
}

/// A record that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl GameRecord {
    /// Writes the record.
    pub fn to_text(&self) -> Result<String, RecordError> {
        let mut s = format!("[Variant \"{}\"]\n", self.variant);
        if let Some(sfen) = &self.start_sfen {
            s += &format!("[SFEN \"{sfen}\"]\n");
        }
        for (k, v) in &self.tags {
            s += &format!("[{k} \"{v}\"]\n");
        }
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        s += &moves.join(" ");
        s += "\n";
        Ok(s)
    }

    /// Reads one record.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut many = GameRecord::parse_many(text)?;
        if many.len() != 1 {
            return Err(RecordError(format!("{} records, expected 1", many.len())));
        }
        Ok(many.remove(0))
    }

    /// Reads records separated by blank lines.
    pub fn parse_many(text: &str) -> Result<Vec<GameRecord>, RecordError> {
        let mut out = Vec::new();
        for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
            let mut variant = Variant::Longjiang;
            let mut start_sfen = None;
            let mut tags = Vec::new();
            let mut move_text = String::new();
            for line in block.lines() {
                if let Some(tag) = line.strip_prefix('[') {
                    let (k, v) = tag
                        .trim_end_matches(']')
                        .split_once(' ')
                        .ok_or_else(|| RecordError(format!("bad tag {line}")))?;
                    let v = v.trim_matches('"').to_string();
                    match k {
                        "Variant" => {
                            variant = v.parse().map_err(|e| RecordError(format!("{e}")))?
                        }
                        "SFEN" => start_sfen = Some(v),
                        _ => tags.push((k.to_string(), v)),
                    }
                } else {
                    move_text += line;
                    move_text += " ";
                }
            }
            let rules = variant.rules();
            let mut pos = match &start_sfen {
                Some(s) => Position::from_sfen(s, rules).map_err(|e| RecordError(e.to_string()))?,
                None => Position::start(rules),
            };
            let mut moves = Vec::new();
            for t in move_text.split_whitespace() {
                let m = pos.parse_move(t).map_err(|e| RecordError(e.to_string()))?;
                pos.play(m);
                moves.push(m);
            }
            out.push(GameRecord {
                variant,
                start_sfen,
                moves,
                tags,
            });
        }
        Ok(out)
    }
}
