//! One move in its game's record notation, as the game's description names it
//! (`Presentation::record`): the Chinese record notation (`六四`, `骑三三`) or a KIF move
//! (`７六歩(77)`). Record files, `moves`, the Python bindings and the tools all write and read
//! moves through here.

use super::chinese::{parse_move, write_move};
use super::kif;
use crate::rules::{Move, Position, RecordFormat};

/// The legal move `m` in `pos` as its game's records name it: `六四`, or shogi's `７六歩(77)`
/// and `同　銀(31)`.
pub fn move_name(pos: &Position, m: Move) -> String {
    match pos.rules().presentation.record {
        RecordFormat::Chinese => write_move(pos, m),
        RecordFormat::Kif => kif::kif_move(pos, m),
    }
}

/// [`move_name`] as one word of a record's movetext (`同　銀(31)` is written `同銀(31)`).
pub fn move_word(pos: &Position, m: Move) -> String {
    match pos.rules().presentation.record {
        RecordFormat::Chinese => write_move(pos, m),
        RecordFormat::Kif => kif::kif_word(pos, m),
    }
}

/// Reads one move word, checked legal: an ASCII move (`f2f4`, `P*e5`, shogi's `7g7f`) or the
/// game's record notation.
pub fn read_move_word(pos: &Position, word: &str) -> Result<Move, String> {
    if word.is_ascii() {
        return pos.parse_move(word).map_err(|e| e.to_string());
    }
    match pos.rules().presentation.record {
        RecordFormat::Chinese => parse_move(pos, word).map_err(|e| e.to_string()),
        RecordFormat::Kif => kif::parse_kif_word(pos, word),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LONGJIANG, SHOGI};

    #[test]
    fn each_format_names_and_reads_its_moves() {
        let pos = Position::start(LONGJIANG);
        let m = pos.parse_move("f2f4").unwrap();
        assert_eq!(move_name(&pos, m), "六四");
        assert_eq!(read_move_word(&pos, "六四"), Ok(m));
        let mut pos = Position::start(SHOGI);
        let m = pos.parse_move("7g7f").unwrap();
        assert_eq!(move_word(&pos, m), "７六歩(77)");
        assert_eq!(read_move_word(&pos, "７六歩(77)"), Ok(m));
        assert_eq!(read_move_word(&pos, "7g7f"), Ok(m));
        pos.play(m);
        let reply = pos.parse_move("3c3d").unwrap();
        pos.play(reply);
        let m = pos.parse_move("8h2b+").unwrap();
        assert_eq!(move_name(&pos, m), "２二角成(88)");
        assert!(read_move_word(&pos, "六四").is_err());
    }
}
