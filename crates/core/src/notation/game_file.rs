//! A whole game as the file its game's record format keeps (`Presentation::record`): the
//! engine's record text (`notation::record`) or a KIF file (`notation::kif_record`).

use super::kif_record::write_kif;
use super::record::{GameRecord, RecordError};
use crate::rules::RecordFormat;

/// The game as its format's file: KIF for a game recorded in KIF, else the engine's records.
pub fn write_game(record: &GameRecord) -> Result<String, RecordError> {
    match record.rules()?.presentation.record {
        RecordFormat::Kif => write_kif(record),
        RecordFormat::Chinese => record.to_text(),
    }
}
