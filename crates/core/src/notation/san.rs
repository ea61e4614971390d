//! Standard algebraic notation (SAN) of the 龙将棋 games, as the chess tools write it for a
//! 10×10 board: `c4`, `Nh8`, `Gxe2`, `cxd5`, `b10=S`, `P@e5`, `O-O`, with `+` for check and
//! `#` for mate. Two spellings exist (docs/pgn.md):
//!
//! - [`SanForm::Standard`], Fairy-Stockfish's (`pyffish.get_san`), pychess-variants' and
//!   cutechess': ranks `1` … `10`, the 枪兵 is `S` (`Sb6`, a promotion `b10=S`).
//! - [`SanForm::XBoard`], what XBoard writes and reads: on a board of ten ranks it counts
//!   them from 0 (`a0` … `j9`, `longjiang_core::notation::xboard_notation`), the 枪兵 is the promoted
//!   pawn `+P` (`+Pb5`, a promotion `b9=+`).
//!
//! Pieces: `N` 骑兵, `B` 僧兵, `R` 戟兵, `G` 近卫, `Q` 副将, `K` 主帅/大帅; pawns have no letter.
//! Castling toward the j-file rook is `O-O`, toward the a-file rook `O-O-O`.

use crate::geometry::Square;
use crate::movegen::legal_moves;
use crate::notation::xboard_notation::square_to_xboard;
use crate::rules::{Move, PieceKind, Position};
use std::fmt;

/// Which program's spelling of SAN (the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanForm {
    /// Fairy-Stockfish, pychess-variants, cutechess: ranks 1 … 10, the 枪兵 `S`.
    Standard,
    /// XBoard: ranks 0 … 9, the 枪兵 `+P`, its promotion `=+`.
    XBoard,
}

impl SanForm {
    /// The name used on the command line: `standard` or `xboard`.
    pub const fn name(self) -> &'static str {
        match self {
            SanForm::Standard => "standard",
            SanForm::XBoard => "xboard",
        }
    }
}

impl std::str::FromStr for SanForm {
    type Err = String;
    fn from_str(s: &str) -> Result<SanForm, String> {
        match s {
            "standard" | "fsf" | "fairy-stockfish" => Ok(SanForm::Standard),
            "xboard" => Ok(SanForm::XBoard),
            _ => Err(format!(
                "PGN form '{s}' (expected standard, for Fairy-Stockfish, pychess-variants and \
                 cutechess, or xboard)"
            )),
        }
    }
}

/// Why a SAN word names no move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// SAN is written for the 龙将棋 games only (shogi records are KIF).
    NotThisGame,
    /// The word is not SAN at all.
    Malformed(String),
    /// The word is SAN but no legal move fits it.
    NoSuchMove(String),
    /// More than one legal move fits the word.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::NotThisGame => {
                f.write_str("SAN is written for the 龙将棋 games (shogi records are KIF)")
            }
            SanError::Malformed(w) => write!(f, "'{w}' is not a SAN move"),
            SanError::NoSuchMove(w) => write!(f, "'{w}': no legal move fits it"),
            SanError::Ambiguous(w) => write!(f, "'{w}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for SanError {}

/// A square in `form`: `e10` (standard) or `e9` (XBoard) for the engine's e10.
pub fn square_text(sq: Square, form: SanForm) -> String {
    match form {
        SanForm::Standard => sq.to_string(),
        SanForm::XBoard => square_to_xboard(sq),
    }
}

/// The letters of a piece kind in `form` (`None` for a pawn, which has none on the board).
fn piece_letters(kind: PieceKind, form: SanForm) -> Option<&'static str> {
    Some(match (kind, form) {
        (PieceKind::Pawn, _) => return None,
        (PieceKind::Spear, SanForm::Standard) => "S",
        (PieceKind::Spear, SanForm::XBoard) => "+P",
        (PieceKind::Cavalry, _) => "N",
        (PieceKind::Bishop, _) => "B",
        (PieceKind::Rook, _) => "R",
        (PieceKind::Guard, _) => "G",
        (PieceKind::Queen, _) => "Q",
        (PieceKind::King, _) => "K",
        _ => return None,
    })
}

/// The letter of a kind that is dropped or promoted to (`P` for a pawn).
fn kind_letter(kind: PieceKind, form: SanForm) -> String {
    match (kind, form) {
        (PieceKind::Spear, SanForm::XBoard) => "+".to_string(),
        _ => piece_letters(kind, form).unwrap_or("P").to_string(),
    }
}

/// SAN is written only for games whose record format has PGN (not shogi's KIF).
fn refuse_no_pgn(pos: &Position) -> Result<(), SanError> {
    if pos.rules().presentation.record.has_pgn() {
        Ok(())
    } else {
        Err(SanError::NotThisGame)
    }
}

/// The SAN of the legal move `m` in `pos`, with its check or mate mark.
pub fn write_san(pos: &Position, m: Move, form: SanForm) -> Result<String, SanError> {
    refuse_no_pgn(pos)?;
    let mut out = san_without_mark(pos, m, form);
    let mut after = pos.clone();
    after.play(m);
    if after.in_check() {
        out.push(if legal_moves(&after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    Ok(out)
}

fn san_without_mark(pos: &Position, m: Move, form: SanForm) -> String {
    let to = square_text(m.to(), form);
    let Some(from) = m.from() else {
        let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
        return format!("{}@{to}", kind_letter(kind, form));
    };
    if m.is_castle() {
        return if m.to().file().index() > from.file().index() {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
    let capture = if pos.piece_at(m.to()).is_some() {
        "x"
    } else {
        ""
    };
    let promotion = m
        .promotion_kind()
        .map(|k| format!("={}", kind_letter(k, form)))
        .unwrap_or_default();
    let Some(letters) = piece_letters(kind, form) else {
        let file = if capture.is_empty() {
            String::new()
        } else {
            from.file().letter().to_string()
        };
        return format!("{file}{capture}{to}{promotion}");
    };
    // Another piece of the kind that can go to the same square: the origin's file when that
    // tells them apart, else its rank, else both.
    let rivals: Vec<Square> = legal_moves(pos)
        .iter()
        .filter_map(|r| {
            let f = r.from()?;
            let same = !r.is_castle()
                && r.to() == m.to()
                && f != from
                && pos.piece_at(f).map(|p| p.kind) == Some(kind);
            same.then_some(f)
        })
        .collect();
    let mut origin = String::new();
    if !rivals.is_empty() {
        let file_tells = rivals.iter().all(|r| r.file() != from.file());
        let rank_tells = rivals.iter().all(|r| r.rank() != from.rank());
        let from_text = square_text(from, form);
        if file_tells {
            origin = from_text[..1].to_string();
        } else if rank_tells {
            origin = from_text[1..].to_string();
        } else {
            origin = from_text;
        }
    }
    format!("{letters}{origin}{capture}{to}{promotion}")
}

/// What a SAN word says about promotion.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Promo {
    /// Nothing: no promotion (or the only move there, a forced one).
    Unsaid,
    /// A bare `+` after the square: a check mark, or shogi's promotion mark.
    PlusOnly,
    /// `=+` or `+` in XBoard's shogi style: promotes to the promoted pawn.
    Promoted,
    /// `=X` or `X`: promotes to this kind.
    To(PieceKind),
    /// `=` alone: XBoard's "does not promote".
    Not,
}

/// A SAN word taken apart.
#[derive(Debug)]
struct Parsed {
    piece: Option<PieceKind>,
    drop: bool,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promo: Promo,
}

/// Reads a rank number in `form` (`1` … `10` standard, `0` … `9` XBoard) as an index.
fn rank_index(number: u32, form: SanForm) -> Option<u8> {
    let index = match form {
        SanForm::Standard => number.checked_sub(1)?,
        SanForm::XBoard => number,
    };
    u8::try_from(index).ok().filter(|&i| i < 10)
}

/// The kind `text` names in `form` (`S` / `+P` the 枪兵).
fn kind_named(text: &str, form: SanForm) -> Option<PieceKind> {
    [
        PieceKind::Pawn,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
        PieceKind::Spear,
        PieceKind::King,
    ]
    .into_iter()
    .find(|&k| kind_letter(k, form) == text || piece_letters(k, form) == Some(text))
}

fn parse_word(word: &str, form: SanForm) -> Option<Parsed> {
    let b = word.as_bytes();
    let mut i = 0;
    let mut piece = None;
    let mut drop = false;
    // A drop: `P@e5`, `p@e5`, `P*e5`.
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && (b[1] == b'@' || b[1] == b'*') {
        piece = Some(kind_named(&word[..1].to_ascii_uppercase(), form)?);
        drop = true;
        i = 2;
    } else if b.first() == Some(&b'+') && b.get(1).is_some_and(u8::is_ascii_uppercase) {
        piece = Some(kind_named(&word[..2], form).or(kind_named(&word[..2], SanForm::XBoard))?);
        i = 2;
    } else if b.first().is_some_and(u8::is_ascii_uppercase) {
        let letter = &word[..1];
        piece = Some(kind_named(letter, form).or(kind_named(letter, SanForm::Standard))?);
        i = 1;
    }
    // Coordinates: files a-j and rank numbers, with `x`, `-` or `:` between.
    let mut coords: Vec<(bool, u32)> = Vec::new(); // (is_file, value)
    while i < b.len() {
        match b[i] {
            c @ b'a'..=b'j' => {
                coords.push((true, u32::from(c - b'a')));
                i += 1;
            }
            b'0'..=b'9' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                coords.push((false, word[start..i].parse().ok()?));
            }
            b'x' | b'-' | b':' if !drop => i += 1,
            _ => break,
        }
    }
    let n = coords.len();
    if n < 2 || !coords[n - 2].0 || coords[n - 1].0 {
        return None;
    }
    let to_file = u8::try_from(coords[n - 2].1).ok()?;
    let to_rank = rank_index(coords[n - 1].1, form)?;
    let (mut from_file, mut from_rank) = (None, None);
    for &(is_file, v) in &coords[..n - 2] {
        match (is_file, from_file, from_rank) {
            (true, None, None) => from_file = Some(u8::try_from(v).ok()?),
            (false, _, None) => from_rank = Some(rank_index(v, form)?),
            _ => return None,
        }
    }
    if drop && (from_file.is_some() || from_rank.is_some()) {
        return None;
    }
    let to = Square::from_index_unchecked(to_rank * 10 + to_file);
    let promo = parse_suffix(&word[i..], form)?;
    Some(Parsed {
        piece,
        drop,
        from_file,
        from_rank,
        to,
        promo,
    })
}

/// The part after the destination: a promotion, then a check or mate mark.
fn parse_suffix(rest: &str, form: SanForm) -> Option<Promo> {
    let rest = rest.trim_end_matches(['!', '?']);
    let rest = rest.strip_suffix('#').unwrap_or(rest);
    let (body, plus) = match rest.strip_suffix('+') {
        Some(b) => (b, true),
        None => (rest, false),
    };
    let letter = |t: &str| {
        kind_named(t, form)
            .or(kind_named(t, SanForm::Standard))
            .filter(|&k| k != PieceKind::King)
    };
    Some(match body {
        "" if plus => Promo::PlusOnly,
        "" => Promo::Unsaid,
        "=" if plus => Promo::Promoted,
        "=" => Promo::Not,
        _ => {
            let t = body.strip_prefix('=').unwrap_or(body);
            let t = t
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .unwrap_or(t);
            if t == "+" {
                Promo::Promoted
            } else {
                Promo::To(letter(&t.to_ascii_uppercase())?)
            }
        }
    })
}

fn is_castling_word(word: &str) -> Option<bool> {
    let w = word.trim_end_matches(['+', '#', '!', '?']);
    match w {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

/// The legal move of `pos` that the SAN word names. Check and mate marks and `!`/`?`
/// annotations are not checked; a missing promotion suffix is accepted where promoting is
/// the only move.
pub fn parse_san(pos: &Position, word: &str, form: SanForm) -> Result<Move, SanError> {
    refuse_no_pgn(pos)?;
    let legal = legal_moves(pos);
    let fits: Vec<Move> = if let Some(toward_j) = is_castling_word(word) {
        legal
            .iter()
            .copied()
            .filter(|m| {
                m.is_castle()
                    && m.from()
                        .is_some_and(|f| (m.to().file().index() > f.file().index()) == toward_j)
            })
            .collect()
    } else {
        let p = parse_word(word, form).ok_or_else(|| SanError::Malformed(word.to_string()))?;
        candidates(pos, &legal, &p)
    };
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::NoSuchMove(word.to_string())),
        _ => Err(SanError::Ambiguous(word.to_string())),
    }
}

fn candidates(pos: &Position, legal: &[Move], p: &Parsed) -> Vec<Move> {
    let placed: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            if m.to() != p.to || m.is_castle() {
                return false;
            }
            let Some(from) = m.from() else {
                return p.drop && m.drop_kind() == p.piece;
            };
            let kind = pos.piece_at(from).map(|pc| pc.kind);
            !p.drop
                && kind == Some(p.piece.unwrap_or(PieceKind::Pawn))
                && p.from_file.is_none_or(|f| f == from.file().index())
                && p.from_rank.is_none_or(|r| r == from.rank().index())
        })
        .collect();
    let with = |keep: &dyn Fn(Option<PieceKind>) -> bool| -> Vec<Move> {
        placed
            .iter()
            .copied()
            .filter(|m| keep(m.promotion_kind()))
            .collect()
    };
    let promoting = |k: Option<PieceKind>| k.is_some();
    match p.promo {
        Promo::To(kind) => with(&|k| k == Some(kind)),
        Promo::Promoted => with(&|k| k == Some(PieceKind::Spear)),
        Promo::Not => with(&|k| k.is_none()),
        Promo::Unsaid | Promo::PlusOnly => {
            let plain = with(&|k| k.is_none());
            if !plain.is_empty() {
                return plain;
            }
            let promotions = with(&promoting);
            if p.promo == Promo::PlusOnly {
                // XBoard's shogi style (`b9+`): the promoted pawn.
                return with(&|k| k == Some(PieceKind::Spear));
            }
            // The only move there promotes (the last rank): one kind to choose, or ambiguous.
            promotions
        }
    }
}

#[cfg(test)]
mod tests;
