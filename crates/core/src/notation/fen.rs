//! Fairy-Stockfish FENs (`longjiangqi`, `longjiangqi-nodrop`, `shogi`), read and written so
//! that tools built for Fairy-Stockfish can exchange positions with this engine.
//!
//! Form: `<board>[<hand>] <side> <castling> <en passant> <halfmove> <fullmove>`, e.g.
//! `rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1`.
//! - The board is written as in SFEN (uppercase = first player, `+P` = 枪兵 or と).
//! - The hand follows the board in brackets, one letter per piece (`[NPPp]`), in a game with
//!   drops; a game without has none (an empty `[]` or `[-]` is accepted).
//! - Side `w` is the FIRST player (chess convention), `b` the second: the opposite of SFEN.
//! - The castling field is `-` in a game without castling (shogi).
//! - The fullmove number counts move pairs; the SFEN move number is
//!   `2 × (fullmove − 1) + 1`, plus 1 when the second player is to move.
//!
//! A FEN has no place for this game's drop cooldowns or for a dropped pawn's lost double step
//! (protocol.md, reading): both cooldowns are read as 0, and every pawn on its own second rank
//! gets its double step. Writing drops that information, so only a position without cooldowns
//! and without `'` marks survives the round trip.

use crate::rules::sfen::{parse_board, parse_castling, parse_hands, write_board, write_castling};
use crate::rules::{Color, PieceKind, Position, Rules, Setup, SfenError, SideLetters};
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
            // FEN's `w` is the first player: the sides are named as the FEN names them.
            FenError::Position(SfenError::Invalid(e)) => {
                write!(f, "bad FEN: {}", e.text(SideLetters::Fen))
            }
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
            // XBoard (and Fairy-Stockfish for some games) writes an empty hand as `[-]`.
            (board, if hand == "-" { "" } else { hand })
        }
        None => (fields[0], ""),
    };
    if board.contains('\'') {
        return Err(field(
            "a FEN has no ' marks (use an SFEN for a dropped pawn)".into(),
        ));
    }
    let side = match fields[1] {
        "w" => Color::Black,
        "b" => Color::White,
        s => {
            return Err(field(format!(
                "side '{s}' (expected w = first player or b)"
            )));
        }
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    if !rules.has_castling && castling != "-" {
        return Err(field(format!(
            "castling '{castling}': this game has none (expected -)"
        )));
    }
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
    let mut setup = Setup::empty();
    parse_board(board, &mut setup, &rules).map_err(FenError::Position)?;
    setup.side = side;
    parse_hands(&sfen_hand(hand, &rules)?, &mut setup.hands, &rules).map_err(FenError::Position)?;
    setup.castling = parse_castling(castling).map_err(FenError::Position)?;
    setup.move_number = 2 * (fullmove - 1) + 1 + u32::from(side == Color::White);
    Position::from_setup(&setup, rules).map_err(|e| FenError::Position(SfenError::Invalid(e)))
}

/// A FEN hand (one letter per piece) as an SFEN hand field (counts before letters).
fn sfen_hand(hand: &str, rules: &Rules) -> Result<String, FenError> {
    let mut counts: Vec<(char, u32)> = Vec::new();
    for c in hand.chars() {
        if rules
            .kind_of_letter(c, false)
            .is_none_or(|k| k == PieceKind::King)
        {
            let letters: String = rules.hand_order.iter().filter_map(|k| k.letter()).collect();
            return Err(FenError::Field(format!(
                "'{c}' in the hand (expected one of {letters}, any case)"
            )));
        }
        match counts.iter_mut().find(|(l, _)| *l == c) {
            Some((_, n)) if *n >= 99 => {
                return Err(FenError::Field("too many pieces in hand".into()));
            }
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    if counts.is_empty() {
        return Ok("-".into());
    }
    Ok(counts.iter().map(|&(c, n)| format!("{n}{c}")).collect())
}

/// Writes a position as Fairy-Stockfish writes it: the hand in brackets in a game with drops
/// (letters in the game's hand order, first player first), `w` for the first player, castling
/// `-` where the game has none, en passant `-`, halfmove 0. Cooldowns and `'` marks are lost
/// (see the module notes).
pub fn write_fen(pos: &Position) -> String {
    let rules = *pos.rules();
    let mut setup = pos.to_setup();
    setup.no_double_step = crate::geometry::Bitboard::EMPTY;
    let mut out = String::with_capacity(96);
    write_board(&setup, &rules, &mut out);
    if rules.drops {
        out.push('[');
        for color in Color::ALL {
            for &kind in rules.hand_order {
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
    out.push_str(match pos.side_to_move() {
        Color::Black => " w ",
        Color::White => " b ",
    });
    write_castling(
        if rules.has_castling {
            setup.castling
        } else {
            0
        },
        &mut out,
    );
    let fullmove = pos.move_number().div_ceil(2).max(1);
    out.push_str(&format!(" - 0 {fullmove}"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LONGJIANG, LONGJIANG_NODROP, SHOGI};

    /// Shogi's FEN has no castling field's move number in it, counts its
    /// full moves, and reads back (with its hands) as the position it was written from.
    #[test]
    fn shogi_fens_have_their_fields_in_place_and_read_back() {
        let mut pos = Position::start(SHOGI);
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
        assert_eq!(write_fen(&pos), start);
        assert_eq!(parse_fen(start, SHOGI).unwrap().to_sfen(), pos.to_sfen());
        let after = [
            (
                "7g7f",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 0 1",
            ),
            (
                "3c3d",
                "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 2",
            ),
            (
                "8h2b+",
                "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2",
            ),
            (
                "3a2b",
                "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3",
            ),
        ];
        for (m, fen) in after {
            let mv = pos.parse_move(m).unwrap();
            pos.play(mv);
            assert_eq!(write_fen(&pos), fen, "after {m}");
            let read = parse_fen(fen, SHOGI).unwrap();
            assert_eq!(read.to_sfen(), pos.to_sfen(), "after {m}");
        }
        let e = parse_fen(&start.replace(" - - ", " KQkq - "), SHOGI).unwrap_err();
        assert!(e.to_string().contains("this game has none"), "{e}");
    }

    /// An empty hand written `[-]` (XBoard's form) reads as `[]`.
    #[test]
    fn an_empty_hand_may_be_a_dash() {
        let fen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[-] w KQkq - 0 1";
        assert_eq!(
            parse_fen(fen, LONGJIANG).unwrap().to_sfen(),
            LONGJIANG.start_sfen
        );
    }

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
