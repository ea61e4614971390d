//! The one place where squares, moves and positions are translated between the engine's forms
//! (RULES.md: ranks 1 … 10, `P*e5`) and XBoard's (CECP: on a board of exactly ten ranks the
//! ranks are numbered from 0, so the engine's a1 is XBoard's a0 and j10 is j9; drops are
//! `P@e4`). Everything the CECP session reads or writes goes through these functions.

use crate::geometry::{Bitboard, File, Rank, Square};
use crate::rules::{Move, PieceKind, Position};

/// A square as XBoard writes it: file letter, then the rank counted from 0 (`a0` … `j9`).
pub fn square_to_xboard(sq: Square) -> String {
    format!("{}{}", sq.file().letter(), sq.rank().index())
}

/// Reads an XBoard square (`a0` … `j9`) off the front of `text`: the square and the rest.
fn split_square(text: &str) -> Option<(Square, &str)> {
    let mut chars = text.chars();
    let file_letter = chars.next()?;
    let rank_digit = chars.next()?;
    if !file_letter.is_ascii_lowercase() || !rank_digit.is_ascii_digit() {
        return None;
    }
    let file = File::new(file_letter as u8 - b'a')?;
    let rank = Rank::new(rank_digit as u8 - b'0')?;
    Some((Square::from_coords(file, rank), &text[2..]))
}

/// Reads a whole XBoard square (`a0` … `j9`).
pub fn square_from_xboard(text: &str) -> Option<Square> {
    match split_square(text)? {
        (sq, "") => Some(sq),
        _ => None,
    }
}

/// A move as XBoard writes it: `f1f3` for the engine's `f2f4`, `e8e9+` for a promotion to
/// 枪兵, `e8e9q` for a no-drop promotion, `P@e4` for the drop `P*e5`, castling as the king's
/// move (`f0i0`).
pub fn move_to_xboard(m: Move) -> String {
    let to = square_to_xboard(m.to());
    match m.from() {
        None => {
            let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
            format!("{}@{to}", kind.letter().unwrap_or('P'))
        }
        Some(from) => {
            let suffix = match m.promotion_kind() {
                None => String::new(),
                Some(PieceKind::Spear) => "+".to_string(),
                Some(k) => k.letter().unwrap_or('q').to_ascii_lowercase().to_string(),
            };
            format!("{}{to}{suffix}", square_to_xboard(from))
        }
    }
}

/// A principal variation in XBoard's move text, moves separated by spaces.
pub fn line_to_xboard(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| move_to_xboard(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Translates an XBoard move text into the engine's ASCII form (RULES.md), without checking it
/// against a position: `f1f3` → `f2f4`, `P@e4` → `P*e5`, `e8e9+` → `e9e10+`. A trailing `=`
/// (XBoard's "do not promote") is dropped. `None` when the text is not an XBoard move.
pub fn move_text_from_xboard(text: &str) -> Option<String> {
    let text = text.strip_suffix('=').unwrap_or(text);
    let b = text.as_bytes();
    if b.len() >= 2 && b[1] == b'@' {
        let kind =
            PieceKind::from_letter(b[0] as char).filter(|k| PieceKind::IN_HAND.contains(k))?;
        let to = square_from_xboard(&text[2..])?;
        return Some(format!("{}*{to}", kind.letter()?));
    }
    let (from, rest) = split_square(text)?;
    let (to, rest) = split_square(rest)?;
    match rest {
        "" | "+" | "r" | "n" | "b" | "g" | "q" => Some(format!("{from}{to}{rest}")),
        _ => None,
    }
}

/// The moves XBoard's user may make by taking up the piece on `from` (or, for a drop, the piece
/// `kind` from the hand), as a highlight colour board (`highlight` command): `Y` a quiet
/// destination, `R` a capture, `M` a destination where the move promotes (XBoard then asks
/// which piece). Castling marks the king's destination. Only legal moves are marked, so the
/// engine's own rules (drop cooldown, no drop in check or giving check, a dropped pawn's lost
/// double step) decide what XBoard shows.
pub fn highlight_board(pos: &Position, legal: &[Move], pick: Pick) -> String {
    let mut quiet = Bitboard::EMPTY;
    let mut capture = Bitboard::EMPTY;
    let mut promote = Bitboard::EMPTY;
    for &m in legal {
        let picked = match pick {
            Pick::Board(sq) => m.from() == Some(sq),
            Pick::Hand(kind) => m.drop_kind() == Some(kind),
        };
        if !picked {
            continue;
        }
        let to = m.to();
        if m.promotion_kind().is_some() {
            promote = promote.with(to);
        } else if !m.is_castle() && pos.piece_at(to).is_some() {
            capture = capture.with(to);
        } else {
            quiet = quiet.with(to);
        }
    }
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..10u8 {
            let sq = Square::from_index_unchecked(rank * 10 + file);
            let mark = if promote.has(sq) {
                Some('M')
            } else if capture.has(sq) {
                Some('R')
            } else if quiet.has(sq) {
                Some('Y')
            } else {
                None
            };
            match mark {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// XBoard's hand slots, in its piece order (the first six types of [`super::define`]'s table).
const HAND_SLOTS: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::Guard,
];

/// Reads the square of a `lift`: a board square, or a square of a holdings column, which
/// XBoard names by a file letter beyond the board (the first player's hand, right of it:
/// `l0` is its pawn, `l1` its 骑兵, …) or before it (the second player's, counted from the
/// top: `_9` is its pawn, `_8` its 骑兵, …).
pub fn pick_from_xboard(text: &str) -> Option<Pick> {
    if let Some(sq) = square_from_xboard(text) {
        return Some(Pick::Board(sq));
    }
    let mut chars = text.chars();
    let (file, digit) = (chars.next()?, chars.next()?.to_digit(10)? as usize);
    if chars.next().is_some() {
        return None;
    }
    let slot = if file > 'j' && file.is_ascii_lowercase() {
        digit
    } else if file < 'a' {
        9usize.checked_sub(digit)?
    } else {
        return None;
    };
    HAND_SLOTS.get(slot).map(|&k| Pick::Hand(k))
}

/// What the user picked up in XBoard: a piece on the board or one in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The piece standing on this square.
    Board(Square),
    /// A piece of this kind from the side to move's hand.
    Hand(PieceKind),
}

/// Turns an XBoard FEN (`setboard`) into the Fairy-Stockfish form the engine reads
/// (`crate::notation::fen`): XBoard may write castling rights as the rooks' files (`JAja`,
/// Shredder style), an en-passant square the game does not have, and an empty hand as `[-]`;
/// all become the engine's form (`KQkq`, `-`, `[]`). XBoard's FEN has no field for the drop cooldowns or a dropped pawn's lost
/// double step (they are read as 0 and as "may double-step").
pub fn fen_from_xboard(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(board) = fields.first_mut() {
        // XBoard writes an empty hand as `[-]`.
        *board = board.replace("[-]", "[]");
    }
    if let Some(castling) = fields.get_mut(2) {
        let mapped: String = castling
            .chars()
            .map(|c| match c {
                'J' => 'K',
                'A' => 'Q',
                'j' => 'k',
                'a' => 'q',
                c => c,
            })
            .collect();
        let mut ordered: String = "KQkq".chars().filter(|&c| mapped.contains(c)).collect();
        if ordered.is_empty() {
            ordered.push('-');
        }
        *castling = ordered;
    }
    if let Some(ep) = fields.get_mut(3) {
        *ep = "-".to_string();
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LONGJIANG, LONGJIANG_NODROP};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn squares_both_ways() {
        assert_eq!(square_to_xboard(sq("a1")), "a0");
        assert_eq!(square_to_xboard(sq("f10")), "f9");
        assert_eq!(square_to_xboard(sq("j10")), "j9");
        for s in Square::all() {
            let x = square_to_xboard(s);
            assert_eq!(x.len(), 2, "{x}");
            assert_eq!(square_from_xboard(&x), Some(s), "{x}");
            // The engine's name has the rank one higher.
            let engine = s.to_string();
            assert_eq!(&engine[..1], &x[..1]);
            assert_eq!(
                engine[1..].parse::<u8>().unwrap(),
                x[1..].parse::<u8>().unwrap() + 1
            );
        }
        for bad in ["", "a", "k0", "a10", "A0", "0a", "a0a", "é0"] {
            assert_eq!(square_from_xboard(bad), None, "{bad}");
        }
    }

    #[test]
    fn moves_both_ways() {
        let cases = [
            (Move::normal(sq("f2"), sq("f4")), "f1f3"),
            (Move::normal(sq("b1"), sq("c3")), "b0c2"),
            (
                Move::promotion(sq("e9"), sq("e10"), PieceKind::Spear),
                "e8e9+",
            ),
            (
                Move::promotion(sq("e9"), sq("e10"), PieceKind::Guard),
                "e8e9g",
            ),
            (Move::drop(PieceKind::Pawn, sq("e5")), "P@e4"),
            (Move::drop(PieceKind::Queen, sq("j10")), "Q@j9"),
            (Move::castle(sq("f1"), sq("i1")), "f0i0"),
            (Move::castle(sq("f10"), sq("c10")), "f9c9"),
        ];
        for (m, text) in cases {
            assert_eq!(move_to_xboard(m), text);
            assert_eq!(
                move_text_from_xboard(text).as_deref(),
                Some(m.to_string().as_str()),
                "{text}"
            );
        }
        assert_eq!(move_text_from_xboard("e6e7=").as_deref(), Some("e7e8"));
        for bad in ["", "e2", "e1e10", "K@e4", "P@e10", "e1e2x", "P*e4", "@@@@"] {
            assert_eq!(move_text_from_xboard(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_legal_move_round_trips() {
        use crate::movegen::legal_moves;
        for (rules, sfen) in [
            (
                LONGJIANG,
                "r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R b NPpq KQkq 00 1",
            ),
            (
                LONGJIANG_NODROP,
                "r4k4/3P6/10/10/10/10/10/10/10/R4K3R b - KQ 00 1",
            ),
        ] {
            let pos = Position::from_sfen(sfen, rules).unwrap();
            let moves = legal_moves(&pos);
            assert!(moves.len() > 20, "{sfen}");
            for &m in moves.iter() {
                let text = move_to_xboard(m);
                let engine = move_text_from_xboard(&text).unwrap();
                assert_eq!(pos.parse_move(&engine), Ok(m), "{text}");
            }
        }
    }

    #[test]
    fn highlights_mark_legal_targets_only() {
        let pos = Position::start(LONGJIANG);
        let legal: Vec<Move> = crate::movegen::legal_moves(&pos).iter().copied().collect();
        // The pawn on f2 (XBoard f1) goes to f3 and f4 (XBoard f2, f3).
        assert_eq!(
            highlight_board(&pos, &legal, Pick::Board(sq("f2"))),
            "10/10/10/10/10/10/5Y4/5Y4/10/10"
        );
        // Nothing in hand: nothing to mark.
        assert_eq!(
            highlight_board(&pos, &legal, Pick::Hand(PieceKind::Pawn)),
            "10/10/10/10/10/10/10/10/10/10"
        );
    }

    #[test]
    fn picks_from_the_board_and_the_holdings() {
        assert_eq!(pick_from_xboard("e1"), Some(Pick::Board(sq("e2"))));
        assert_eq!(pick_from_xboard("l0"), Some(Pick::Hand(PieceKind::Pawn)));
        assert_eq!(pick_from_xboard("l5"), Some(Pick::Hand(PieceKind::Guard)));
        assert_eq!(pick_from_xboard("`9"), Some(Pick::Hand(PieceKind::Pawn)));
        assert_eq!(pick_from_xboard("_8"), Some(Pick::Hand(PieceKind::Cavalry)));
        for bad in ["l6", "l", "", "l00", "A0"] {
            assert_eq!(pick_from_xboard(bad), None, "{bad}");
        }
    }

    #[test]
    fn xboard_fens_become_engine_fens() {
        assert_eq!(
            fen_from_xboard("r4k3r/10/10/10/10/10/10/10/10/R4K3R[-] w JAja e2 0 1"),
            "r4k3r/10/10/10/10/10/10/10/10/R4K3R[] w KQkq - 0 1"
        );
        assert_eq!(fen_from_xboard("10/10 b - - 0 3"), "10/10 b - - 0 3");
        assert_eq!(fen_from_xboard("10/10 b jA - 0 3"), "10/10 b Qk - 0 3");
    }
}
