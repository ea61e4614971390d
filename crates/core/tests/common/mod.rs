//! Helpers shared by the core's integration tests: the perft-suite reader and the slow
//! reference move generator.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

pub mod reference;

use longjiang_core::rules::Variant;
use std::path::{Path, PathBuf};

/// One line of a perft suite file (`crates/core/tests/perft/*.txt`).
#[derive(Clone, Debug)]
pub struct SuiteEntry {
    /// File and line number, for messages.
    pub origin: String,
    /// The game.
    pub variant: Variant,
    /// The position (RULES.md SFEN).
    pub sfen: String,
    /// Expected leaf counts at depth 1, 2, ….
    pub counts: Vec<u64>,
    /// The comment field: what the position isolates and where the counts come from.
    pub comment: String,
}

/// The folder of the perft suites, in the core crate.
pub fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("perft")
}

/// Parses one suite file's text. Lines: `<variant>; <SFEN>; <d1> <d2> ...; <comment>`;
/// blank lines and lines starting with `#` are skipped.
pub fn parse_suite(name: &str, text: &str) -> Result<Vec<SuiteEntry>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let origin = format!("{name}:{}", i + 1);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(4, ';').map(str::trim).collect();
        if fields.len() != 4 {
            return Err(format!("{origin}: expected 4 ';'-separated fields"));
        }
        let variant: Variant = fields[0].parse().map_err(|e| format!("{origin}: {e}"))?;
        let counts = fields[2]
            .split_whitespace()
            .map(|c| c.parse::<u64>())
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|e| format!("{origin}: bad count: {e}"))?;
        if counts.is_empty() {
            return Err(format!("{origin}: no counts"));
        }
        out.push(SuiteEntry {
            origin,
            variant,
            sfen: fields[1].to_string(),
            counts,
            comment: fields[3].to_string(),
        });
    }
    Ok(out)
}

/// Every entry of every `crates/core/tests/perft/*.txt`, files in name order.
pub fn load_suites() -> Vec<SuiteEntry> {
    let dir = suite_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut all = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match parse_suite(&name, &text) {
            Ok(entries) => all.extend(entries),
            Err(e) => panic!("{e}"),
        }
    }
    all
}
