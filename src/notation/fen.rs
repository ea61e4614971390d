//! Fairy-Stockfish FENs of 龙将棋 (`longjiangqi`, `longjiangqi-nodrop`), read and written so that
//! tools built for Fairy-Stockfish can exchange positions with this engine.
//!
//! Form: `<board>[<hand>] <side> <castling> <en passant> <halfmove> <fullmove>`, e.g.
//! `rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1`.
//! - The board is written as in SFEN (uppercase = first player, `+P` = 枪兵).
//! - The hand follows the board in brackets, one letter per piece (`[NPPp]`); the no-drop game
//!   has none (an empty `[]` is accepted).
//! - Side `w` is the FIRST player (chess convention), `b` the second: the opposite of SFEN.
//! - The fullmove number counts move pairs; the SFEN move number is
//!   `2 × (fullmove − 1) + 1`, plus 1 when the second player is to move.
//!
//! A FEN has no place for this game's drop cooldowns or for a dropped pawn's lost double step
//! (protocol.md, reading): both cooldowns are read as 0, and every pawn on its own second rank
//! gets its double step. Writing drops that information, so only a position without cooldowns
//! and without `'` marks survives the round trip.

use crate::rules::from_setup::parse_sfen;
use crate::rules::{Color, PieceKind, Position, Rules, SfenError};
use std::fmt;

/// Why a text is not a Fairy-Stockfish FEN of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// A field of the FEN itself is malformed (fields, brackets, side, numbers).
    Field(String),
    /// The position described is not valid (board, hands, castling …).
    Position(SfenError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Field(s) => write!(f, "bad FEN: {s}"),
            FenError::Position(e) => write!(f, "bad FEN: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads a Fairy-Stockfish FEN as a position of the game `rules` describe. The en-passant and
/// halfmove fields are checked for form and otherwise ignored; missing trailing fields
/// (castling, en passant, halfmove, fullmove) default to `-`, `-`, `0`, `1`.
pub fn parse_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
    let field = |s: String| FenError::Field(s);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 6 {
        return Err(field(format!(
            "expected 2 to 6 fields (board[hand] side castling ep halfmove fullmove), got {}",
            fields.len()
        )));
    }
    let (board, hand) = match fields[0].split_once('[') {
        Some((board, rest)) => {
            let hand = rest
                .strip_suffix(']')
                .ok_or_else(|| field("the hand must end with ']' right after the board".into()))?;
            (board, hand)
        }
        None => (fields[0], ""),
    };
    if board.contains('\'') {
        return Err(field(
            "a FEN has no ' marks (use an SFEN for a dropped pawn)".into(),
        ));
    }
    let second_to_move = match fields[1] {
        "w" => false,
        "b" => true,
        s => {
            return Err(field(format!(
                "side '{s}' (expected w = first player or b)"
            )));
        }
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    if let Some(&ep) = fields.get(3)
        && ep != "-"
    {
        return Err(field(format!(
            "en passant '{ep}': this game has none (expected -)"
        )));
    }
    if let Some(&half) = fields.get(4)
        && half.parse::<u32>().is_err()
    {
        return Err(field(format!("halfmove clock '{half}' is not a number")));
    }
    let fullmove = match fields.get(5) {
        None => 1,
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0 && n < u32::MAX / 2)
            .ok_or_else(|| field(format!("fullmove number '{s}' is not a positive number")))?,
    };
    let mut counts = [[0u32; 6]; 2];
    for c in hand.chars() {
        let kind = PieceKind::from_letter(c)
            .filter(|k| PieceKind::IN_HAND.contains(k))
            .ok_or_else(|| {
                field(format!(
                    "'{c}' in the hand (expected P N B R G Q, any case)"
                ))
            })?;
        let side = if c.is_ascii_uppercase() { 0 } else { 1 };
        counts[side][kind.index()] += 1;
        if counts[side][kind.index()] > 99 {
            return Err(field("too many pieces in hand".into()));
        }
    }
    let mut sfen_hand = String::new();
    for (side, per_kind) in counts.iter().enumerate() {
        for kind in PieceKind::IN_HAND {
            let n = per_kind[kind.index()];
            if n == 0 {
                continue;
            }
            if n > 1 {
                sfen_hand.push_str(&n.to_string());
            }
            let c = kind.letter().unwrap_or('?');
            sfen_hand.push(if side == 0 { c } else { c.to_ascii_lowercase() });
        }
    }
    if sfen_hand.is_empty() {
        sfen_hand.push('-');
    }
    let side = if second_to_move { 'w' } else { 'b' };
    let number = 2 * (fullmove - 1) + 1 + u32::from(second_to_move);
    let sfen = format!("{board} {side} {sfen_hand} {castling} 00 {number}");
    parse_sfen(&sfen, rules).map_err(FenError::Position)
}

/// Writes a position as Fairy-Stockfish writes it: hand in brackets in the drop game (hand
/// letters in Q R B G N P order, first player first), `w` for the first player, en passant `-`,
/// halfmove 0. Cooldowns and `'` marks are lost (see the module notes).
pub fn write_fen(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    let board: String = sfen
        .split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|&c| c != '\'')
        .collect();
    let mut out = board;
    if pos.rules().drops {
        out.push('[');
        for color in Color::ALL {
            for kind in PieceKind::HAND_ORDER {
                let c = kind.letter().unwrap_or('?');
                let c = match color {
                    Color::Black => c,
                    Color::White => c.to_ascii_lowercase(),
                };
                for _ in 0..pos.hand(color).count(kind) {
                    out.push(c);
                }
            }
        }
        out.push(']');
    }
    let side = match pos.side_to_move() {
        Color::Black => 'w',
        Color::White => 'b',
    };
    let castling = sfen.split(' ').nth(3).unwrap_or("-");
    let fullmove = pos.move_number().div_ceil(2).max(1);
    format!("{out} {side} {castling} - 0 {fullmove}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LONGJIANG, LONGJIANG_NODROP};

    #[test]
    fn start_positions_match_fairy_stockfish() {
        let drop = Position::start(LONGJIANG);
        let fen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1";
        assert_eq!(write_fen(&drop), fen);
        assert_eq!(parse_fen(fen, LONGJIANG).unwrap().to_sfen(), drop.to_sfen());
        let nodrop = Position::start(LONGJIANG_NODROP);
        let fen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1";
        assert_eq!(write_fen(&nodrop), fen);
        assert_eq!(
            parse_fen(fen, LONGJIANG_NODROP).unwrap().to_sfen(),
            nodrop.to_sfen()
        );
    }

    #[test]
    fn fairy_stockfish_examples_read_as_their_sfen() {
        // Written by Fairy-Stockfish after `a2a4 b9b7 a4a5 b7b6 a5b6 j9j8 b6b7 j8j7 b7b8+` and
        // after `… a9a8 b8b10 a10b10`.
        let mut pos = Position::start(LONGJIANG);
        for m in "a2a4 b9b7 a4a5 b7b6 a5b6 j9j8 b6b7 j8j7 b7b8+".split(' ') {
            let m = pos.parse_move(m).unwrap();
            pos.play(m);
        }
        let fen = "rnbgqkgbnr/p1ppppppp1/1+P8/9p/10/10/10/10/1PPPPPPPPP/RNBGQKGBNR[P] b KQkq - 0 5";
        assert_eq!(write_fen(&pos), fen);
        assert_eq!(parse_fen(fen, LONGJIANG).unwrap().key(), pos.key());
        for m in "a9a8 b8b10 a10b10".split(' ') {
            let m = pos.parse_move(m).unwrap();
            pos.play(m);
        }
        let fsf = "1rbgqkgbnr/2ppppppp1/p9/9p/10/10/10/10/1PPPPPPPPP/RNBGQKGBNR[NPp] w KQk - 0 7";
        let read = parse_fen(fsf, LONGJIANG).unwrap();
        assert_eq!(read.key(), pos.key());
        assert_eq!(read.to_sfen(), pos.to_sfen());
    }

    #[test]
    fn bad_fens_say_why() {
        let cases = [
            ("", "expected 2 to 6 fields"),
            ("10/10 w", "board has 2 ranks"),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[ w KQkq - 0 1",
                "must end with ']'",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[K] w KQkq - 0 1",
                "'K' in the hand",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] x KQkq - 0 1",
                "side 'x'",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq e3 0 1",
                "en passant",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 0",
                "fullmove",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/P'PPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1",
                "no ' marks",
            ),
        ];
        for (text, want) in cases {
            let e = parse_fen(text, LONGJIANG).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        let e = parse_fen(
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[P] w KQkq - 0 1",
            LONGJIANG_NODROP,
        )
        .unwrap_err();
        assert!(e.to_string().contains("no-drop"), "{e}");
    }
}
