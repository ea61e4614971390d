//! The output file of a datagen run: its format, the header line of the settings that decide
//! its games, what it already holds (for resuming, refused when the settings differ), and
//! the bytes of one finished game in either format.

use super::binary::{self, Header, Kept};
use super::sample::{self, GameEnd, Line, Sample};
use crate::rules::{Rules, Variant, sfen};
use std::collections::HashSet;
use std::io::BufRead;
use std::path::Path;

/// A data file's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One line a record (`docs/datagen.md`, "Text format").
    Text,
    /// Packed positions (`docs/datagen.md`, "Binary format").
    Binary,
}

/// The settings that decide a file's games, in header order (`key=value`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Settings(pub Vec<(String, String)>);

/// The start of every header line this build writes.
pub const HEADER_START: &str = "longjiang datagen v2";

impl Settings {
    /// Adds a setting.
    pub fn with(mut self, key: &str, value: impl ToString) -> Settings {
        self.0.push((key.to_string(), value.to_string()));
        self
    }

    /// The header line (without the text format's `# `).
    pub fn line(&self) -> String {
        let mut s = HEADER_START.to_string();
        for (k, v) in &self.0 {
            s.push_str(&format!(" {k}={v}"));
        }
        s
    }

    /// The `key=value` words of a header line (of any version).
    pub fn parse(line: &str) -> Settings {
        let words = line.trim_start_matches('#').split_whitespace();
        Settings(
            words
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// How `self` (this run) differs from `file` (a file's header), one `key: file's value,
    /// this run's value` entry per difference. A key the file's header lacks (an older
    /// version's) is not compared, except `eval`, which older files left out when classical.
    pub fn differences(&self, file: &Settings) -> Vec<String> {
        self.0
            .iter()
            .filter_map(|(k, v)| {
                let theirs = file
                    .get(k)
                    .or_else(|| (k == "eval").then_some("classical"))?;
                (theirs != v).then(|| format!("{k}={theirs} in the file, {k}={v} in this run"))
            })
            .collect()
    }
}

/// What an existing output file holds.
#[derive(Clone, Debug)]
pub struct Existing {
    /// Its form.
    pub format: Format,
    /// Its header's settings.
    pub settings: Settings,
    /// The numbers of its finished games.
    pub games: HashSet<u64>,
    /// The positions of its finished games.
    pub positions: u64,
    /// Bytes up to the end of its last finished game (where a resumed run appends).
    pub complete_len: u64,
}

/// Reads what the file at `path` holds; `None` when it does not exist or is empty.
pub fn existing(path: &Path) -> Result<Option<Existing>, String> {
    let named = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut f = match std::fs::File::open(path) {
        Ok(f) => std::io::BufReader::new(f),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(named(e)),
    };
    let start = f.fill_buf().map_err(named)?;
    if start.is_empty() {
        return Ok(None);
    }
    if binary::is_binary(start) {
        let scan = binary::scan(path).map_err(|e| e.to_string())?;
        return Ok(Some(Existing {
            format: Format::Binary,
            settings: Settings::parse(&scan.header.text),
            games: scan.games.iter().map(|g| g.end.game).collect(),
            positions: scan.games.iter().map(|g| g.count as u64).sum(),
            complete_len: scan.complete_len,
        }));
    }
    let mut ex = Existing {
        format: Format::Text,
        settings: Settings::default(),
        games: HashSet::new(),
        positions: 0,
        complete_len: 0,
    };
    let (mut offset, mut pending, mut first) = (0u64, 0u64, true);
    let mut buf = String::new();
    loop {
        buf.clear();
        let n = f.read_line(&mut buf).map_err(named)?;
        if n == 0 {
            break;
        }
        offset += n as u64;
        if std::mem::take(&mut first) {
            ex.settings = Settings::parse(&buf);
        }
        if !buf.ends_with('\n') {
            break;
        }
        match sample::parse_line(&buf) {
            Some(Line::Position(_)) => pending += 1,
            Some(Line::End(end)) => {
                ex.games.insert(end.game);
                ex.positions += std::mem::take(&mut pending);
                ex.complete_len = offset;
            }
            Some(Line::Comment) if ex.complete_len == 0 => ex.complete_len = offset,
            _ => {}
        }
    }
    Ok(Some(ex))
}

/// The header of a new file.
pub fn header(format: Format, variant: Variant, settings: &Settings) -> Vec<u8> {
    match format {
        Format::Text => format!("# {}\n", settings.line()).into_bytes(),
        Format::Binary => binary::encode_header(&Header {
            variant,
            text: settings.line(),
        }),
    }
}

/// One finished game's bytes.
pub fn encode(
    format: Format,
    rules: &Rules,
    game: &GameEnd,
    kept: &[Kept],
) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(64 * kept.len() + 64);
    match format {
        Format::Text => {
            for k in kept {
                let s = Sample {
                    game: game.game,
                    ply: k.ply,
                    score: k.score,
                    result: game.result,
                    flags: k.flags,
                    sfen: sfen::write_setup(&k.setup, rules),
                };
                out.extend_from_slice(format!("{s}\n").as_bytes());
            }
            out.extend_from_slice(format!("{game}\n").as_bytes());
        }
        Format::Binary => binary::encode_game(rules, game, kept, &mut out)?,
    }
    Ok(out)
}
