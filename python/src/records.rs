//! One move in a game's record notation: Chinese (棋谱记录法) in 龙将棋, KIF in shogi, the
//! same choice `longjiang::notation::record` makes for record files.

use longjiang::notation::{kif, parse_move, write_move};
use longjiang::rules::{Move, Position, TextForm};

/// The legal move `m` as the game's records write it.
pub fn write_word(pos: &Position, m: Move) -> String {
    match pos.rules().text {
        TextForm::Longjiang => write_move(pos, m),
        TextForm::Usi => kif::kif_move(pos, m),
    }
}

/// Reads one move in the record notation or in ASCII/USI (as the engine's `any_move`),
/// checked legal.
pub fn read_word(pos: &Position, word: &str) -> Result<Move, String> {
    if word.is_ascii() {
        return pos.parse_move(word).map_err(|e| e.to_string());
    }
    match pos.rules().text {
        TextForm::Longjiang => parse_move(pos, word).map_err(|e| e.to_string()),
        TextForm::Usi => kif::parse_kif_word(pos, word),
    }
}
