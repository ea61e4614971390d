//! A whole game as the file its game's record format keeps (`Presentation::record`): the
//! engine's record text (`notation::record`) or a KIF file (`notation::kif_record`); and the
//! one reader of game files that every front end uses (CLI, Python, web board).

use super::kif_record::{is_kif, parse_kif, write_kif};
use super::pgn::{looks_like_pgn, parse_pgn};
use super::record::{GameRecord, RecordError};
use crate::rules::RecordFormat;

/// The game as its format's file: KIF for a game recorded in KIF, else the engine's records.
pub fn write_game(record: &GameRecord) -> Result<String, RecordError> {
    match record.rules()?.presentation.record {
        RecordFormat::Kif => write_kif(record),
        RecordFormat::Chinese => record.to_text(),
    }
}

/// The games of a record text, its format told from the text: KIF (one shogi game), PGN
/// (docs/pgn.md), or the engine's own records. A text that is not clearly PGN is read as
/// records first and as PGN when that fails (a bare SAN list such as `c4 d7 Nh8`). A text
/// with no game is an error.
pub fn read_games(text: &str) -> Result<Vec<GameRecord>, String> {
    if is_kif(text) {
        return parse_kif(text).map(|g| vec![g]).map_err(|e| e.to_string());
    }
    let games = if looks_like_pgn(text) {
        parse_pgn(text).map_err(|e| format!("PGN: {e}"))?
    } else {
        match GameRecord::parse_many(text) {
            Ok(games) => games,
            Err(e) => parse_pgn(text).map_err(|_| e.to_string())?,
        }
    };
    if games.is_empty() {
        return Err("no game in the input".into());
    }
    Ok(games)
}
