//! The facts under both board drawings (`board`, `shogi_board`).

use longjiang_core::notation::fen::write_fen;
use longjiang_core::rules::Position;

/// The lines both drawings end with: the game, SFEN, Fairy-Stockfish FEN, key and checkers.
pub(super) fn append(pos: &Position, out: &mut Vec<String>) {
    out.push(format!("Variant: {}", pos.rules().variant));
    out.push(format!("Sfen: {}", pos.to_sfen()));
    out.push(format!("Fen: {}", write_fen(pos)));
    out.push(format!("Key: {:016x}", pos.key()));
    let checkers: String = pos
        .checkers()
        .into_iter()
        .map(|s| format!(" {s}"))
        .collect();
    out.push(format!("Checkers:{checkers}"));
}
