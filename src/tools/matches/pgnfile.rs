//! The match's PGN file (`games.pgn` in `--out`, cutechess's `-pgnout`): every finished game of
//! a 龙将棋 match in the standard PGN form (docs/pgn.md), in the order the games finished, the
//! same games as `games.txt`. `--resume` writes it again from the records, so that a game cut
//! off by the kill is in neither.

use super::journal::Journal;
use longjiang_core::notation::pgn::{supports, write_pgn};
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::san::SanForm;
use std::io::Write as _;
use std::path::Path;

/// The file's name in `--out`.
pub const PGN: &str = "games.pgn";

fn pgn_of(record: &GameRecord) -> Result<String, String> {
    write_pgn(record, SanForm::Standard).map_err(|e| format!("PGN of a game: {e}"))
}

/// Appends one finished game (nothing for a game PGN is not written for: shogi has KIF).
pub fn append(dir: &Path, record: &GameRecord) -> Result<(), String> {
    if !supports(record.variant) {
        return Ok(());
    }
    let text = pgn_of(record)?;
    let path = dir.join(PGN);
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The PGN of record texts (the games of `games.txt`), in their order.
pub fn of_records<'a>(texts: impl IntoIterator<Item = &'a str>) -> Result<String, String> {
    let mut out = String::new();
    for text in texts {
        for record in GameRecord::parse_many(text).map_err(|e| format!("records: {e}"))? {
            if supports(record.variant) {
                out.push_str(&pgn_of(&record)?);
            }
        }
    }
    Ok(out)
}

/// Writes the file again from the records kept in `dir` (after `--resume`).
pub fn rewrite(dir: &Path) -> Result<(), String> {
    let games = Journal::read(dir)?;
    let text = of_records(games.iter().map(|(_, t)| t.as_str()))?;
    let path = dir.join(PGN);
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}
