//! The Chinese record notation of moves (棋谱记录法, RULES.md "Record notation"): writing any
//! legal move, and reading a written move back in a position.
//!
//! Writing follows the rules exactly: piece name (none for a pawn), the origin square only when
//! two or more pieces of that kind could legally reach the destination, full-width Ｘ before the
//! destination of a capture (a pawn capture: origin file, Ｘ, destination), 成 (or, in the no-drop
//! game, 成 + the piece's name) after a promotion, 打 after a drop square, 戟帅 / 戟一帅 for
//! castling, and full-width ＃ after a move that gives check.
//!
//! Reading accepts what writing produces and a little more (protocol.md lists it, each marked as
//! a reading): half-width `X`/`x`/`×` and `#`, full names (骑兵, 近卫, 主帅 …, 刀兵 for a
//! pawn), an origin written when none is needed, a missing ＃, and 不成 for "does not promote".
//! It rejects a text that fits no legal move, fits several, or carries a mark that is false
//! (Ｘ on a non-capture or none on a capture, ＃ on a move that does not give check).

use super::{numeral, numeral_index, square_name};
use crate::geometry::{File, Rank, Square};
use crate::movegen::legal_moves;
use crate::movegen::legality::MoveError;
use crate::rules::position::castle_bit;
use crate::rules::{Move, PieceKind, Position};
use std::fmt;

/// Why a text is not a legal move in the record notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text does not follow the notation's grammar.
    Syntax {
        /// The text that was read.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text is well formed but no legal move fits it; the reason says why.
    NoSuchMove {
        /// The text that was read.
        text: String,
        /// Why no legal move fits.
        reason: String,
    },
    /// Several legal moves fit the text (the origin is missing).
    Ambiguous {
        /// The text that was read.
        text: String,
        /// The moves that fit, each as `record form (ASCII)`.
        candidates: Vec<String>,
    },
    /// Exactly one legal move fits, but a mark in the text is false (Ｘ or ＃).
    WrongMark {
        /// The text that was read.
        text: String,
        /// Which mark is wrong and how the move is written.
        reason: String,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { text, reason } => {
                write!(f, "'{text}' is not a record move: {reason}")
            }
            NotationError::NoSuchMove { text, reason } => {
                write!(f, "'{text}' is not legal here: {reason}")
            }
            NotationError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' is ambiguous: it fits {}; write the origin square",
                candidates.join(" and ")
            ),
            NotationError::WrongMark { text, reason } => write!(f, "'{text}': {reason}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// The record name of a kind for messages: 刀兵 for the pawn, which is written without one.
fn kind_label(kind: PieceKind) -> String {
    match kind.record_name() {
        Some(c) => c.to_string(),
        None => "刀兵".to_string(),
    }
}

/// The piece kind moved by a board move, or the dropped kind.
fn moved_kind(pos: &Position, m: Move) -> Option<PieceKind> {
    match m.from() {
        Some(from) => pos.piece_at(from).map(|p| p.kind),
        None => m.drop_kind(),
    }
}

/// Writes the legal move `m` of `pos` in the record notation: `骑七三`, `骑五三Ｘ七三`, `四Ｘ三六`,
/// `六Ｘ五八成＃`, `五十成副`, `副四四打`, `八六打`, `戟帅`, `戟一帅`.
///
/// `m` must be legal in `pos` (from the generator or checked with `Position::is_legal`); for
/// anything else the text is unspecified, but writing never panics.
pub fn write_move(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(24);
    let to = m.to();
    if m.is_castle() {
        let toward_ten = m.from().is_some_and(|from| to.file() > from.file());
        s.push_str(if toward_ten { "戟帅" } else { "戟一帅" });
    } else if let Some(kind) = m.drop_kind() {
        if let Some(c) = kind.record_name() {
            s.push(c);
        }
        s.push_str(&square_name(to));
        s.push('打');
    } else if let Some(from) = m.from() {
        let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
        let capture = pos.piece_at(to).is_some();
        match kind.record_name() {
            None => {
                // Rule 4: a pawn capture is origin file, Ｘ, destination. A pawn's
                // non-capture needs no origin: only one pawn can step onto a given square
                // (the one behind it would be blocked).
                if capture {
                    s.push(numeral(from.file().index()));
                    s.push('Ｘ');
                }
            }
            Some(name) => {
                s.push(name);
                if needs_origin(pos, m, kind) {
                    s.push_str(&square_name(from));
                }
                if capture {
                    s.push('Ｘ');
                }
            }
        }
        s.push_str(&square_name(to));
        match m.promotion_kind() {
            None => {}
            Some(PieceKind::Spear) => s.push('成'),
            Some(k) => {
                s.push('成');
                s.push(k.record_name().unwrap_or('?'));
            }
        }
    }
    if pos.gives_check(m) {
        s.push('＃');
    }
    s
}

/// Whether another piece of `kind` of the side to move could legally reach `m`'s destination
/// (rule 2: then the origin is written).
fn needs_origin(pos: &Position, m: Move, kind: PieceKind) -> bool {
    legal_moves(pos).iter().any(|&other| {
        other.to() == m.to()
            && !other.is_castle()
            && other.from().is_some_and(|f| Some(f) != m.from())
            && moved_kind(pos, other) == Some(kind)
    })
}

/// Where the text says the piece comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Origin {
    Unwritten,
    File(File),
    Square(Square),
}

/// What the text says about promotion.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Promotion {
    /// No suffix: the move does not promote.
    Unwritten,
    /// 不成: explicitly does not promote.
    Declined,
    /// 成 alone: promotes to 枪兵.
    Plain,
    /// 成 + name.
    To(PieceKind),
}

/// A record move as written, before it is matched against the legal moves.
#[derive(Clone, Copy, Debug)]
enum Written {
    /// 戟帅 (wing 0, toward the 十-file rook) or 戟一帅 (wing 1).
    Castle { wing: usize, check: bool },
    Drop {
        kind: PieceKind,
        to: Square,
        check: bool,
    },
    Board {
        kind: PieceKind,
        origin: Origin,
        capture: bool,
        to: Square,
        promotion: Promotion,
        check: bool,
    },
}

/// Names a reader accepts, longest first: the full names of the seed, then the record names.
const NAMES: [(&str, PieceKind); 17] = [
    ("枪兵", PieceKind::Spear),
    ("戟兵", PieceKind::Rook),
    ("骑兵", PieceKind::Cavalry),
    ("僧兵", PieceKind::Bishop),
    ("近卫", PieceKind::Guard),
    ("副将", PieceKind::Queen),
    ("主帅", PieceKind::King),
    ("大帅", PieceKind::King),
    ("刀兵", PieceKind::Pawn),
    ("枪", PieceKind::Spear),
    ("戟", PieceKind::Rook),
    ("骑", PieceKind::Cavalry),
    ("僧", PieceKind::Bishop),
    ("卫", PieceKind::Guard),
    ("副", PieceKind::Queen),
    ("帅", PieceKind::King),
    ("刀", PieceKind::Pawn),
];

fn strip_name(s: &str) -> Option<(PieceKind, &str)> {
    NAMES
        .iter()
        .find_map(|&(name, kind)| s.strip_prefix(name).map(|rest| (kind, rest)))
}

fn is_capture_mark(c: char) -> bool {
    matches!(c, 'Ｘ' | 'X' | 'x' | '×' | 'ｘ')
}

fn is_check_mark(c: char) -> bool {
    matches!(c, '＃' | '#')
}

fn square_of(file: u8, rank: u8) -> Option<Square> {
    Some(Square::from_coords(File::new(file)?, Rank::new(rank)?))
}

/// Parses the grammar of a record move (no position needed).
fn parse_written(text: &str) -> Result<Written, String> {
    let mut s = text;
    let check = match s.chars().last() {
        Some(c) if is_check_mark(c) => {
            s = &s[..s.len() - c.len_utf8()];
            true
        }
        _ => false,
    };
    if s.chars().last().is_some_and(is_check_mark) {
        return Err("one check mark at most".into());
    }
    match s {
        "戟帅" => return Ok(Written::Castle { wing: 0, check }),
        "戟一帅" => return Ok(Written::Castle { wing: 1, check }),
        "" => return Err("empty".into()),
        _ => {}
    }
    let (kind, rest) = strip_name(s).unwrap_or((PieceKind::Pawn, s));
    let mut chars = rest.chars().peekable();
    let mut pre = Vec::new();
    while let Some(n) = chars.peek().and_then(|&c| numeral_index(c)) {
        pre.push(n);
        chars.next();
    }
    let capture = chars.next_if(|&c| is_capture_mark(c)).is_some();
    let mut post = Vec::new();
    while let Some(n) = chars.peek().and_then(|&c| numeral_index(c)) {
        post.push(n);
        chars.next();
    }
    let suffix: String = chars.collect();
    let need_square = "a square is two numerals, file then rank (七三)";
    let (origin, to) = if capture {
        if post.len() != 2 {
            return Err(format!("after Ｘ: {need_square}"));
        }
        let origin = match pre.len() {
            0 => Origin::Unwritten,
            1 => Origin::File(File::new(pre[0]).ok_or(need_square)?),
            2 => Origin::Square(square_of(pre[0], pre[1]).ok_or(need_square)?),
            _ => return Err(format!("before Ｘ: {need_square}")),
        };
        (origin, square_of(post[0], post[1]).ok_or(need_square)?)
    } else {
        if !post.is_empty() {
            return Err("unexpected numerals".into());
        }
        match pre.len() {
            2 => (
                Origin::Unwritten,
                square_of(pre[0], pre[1]).ok_or(need_square)?,
            ),
            4 => (
                Origin::Square(square_of(pre[0], pre[1]).ok_or(need_square)?),
                square_of(pre[2], pre[3]).ok_or(need_square)?,
            ),
            0 => return Err("no destination square".into()),
            _ => return Err(need_square.into()),
        }
    };
    if let (Origin::File(_), false) = (origin, kind == PieceKind::Pawn) {
        return Err("a piece's origin is a whole square (骑五三Ｘ七三); only a pawn capture names just the file".into());
    }
    let promotion = match suffix.as_str() {
        "" => Promotion::Unwritten,
        "打" => {
            if capture || origin != Origin::Unwritten {
                return Err("a drop (打) has no origin and no Ｘ".into());
            }
            return Ok(Written::Drop { kind, to, check });
        }
        "不成" => Promotion::Declined,
        "成" => Promotion::Plain,
        other => match other.strip_prefix('成').and_then(strip_name) {
            Some((k, "")) => Promotion::To(k),
            _ => return Err(format!("unexpected '{other}' after the destination")),
        },
    };
    if promotion != Promotion::Unwritten && kind != PieceKind::Pawn {
        return Err("only a pawn promotes (成)".into());
    }
    Ok(Written::Board {
        kind,
        origin,
        capture,
        to,
        promotion,
        check,
    })
}

/// How a candidate is listed in messages: `骑五三Ｘ七三 (c3e3)`.
fn describe(pos: &Position, m: Move) -> String {
    format!("{} ({m})", write_move(pos, m))
}

/// Reads a move in the record notation and finds the one legal move of `pos` it stands for.
/// The error says why the text fits no move, several moves, or carries a false mark.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let written = parse_written(text).map_err(|reason| NotationError::Syntax {
        text: text.to_string(),
        reason,
    })?;
    let legal = legal_moves(pos);
    let no_move = |reason: String| NotationError::NoSuchMove {
        text: text.to_string(),
        reason,
    };
    let (fits, check): (Vec<Move>, bool) = match written {
        Written::Castle { wing, check } => {
            let fits = legal
                .iter()
                .copied()
                .filter(|m| {
                    m.is_castle()
                        && m.from()
                            .is_some_and(|f| (m.to().file() > f.file()) == (wing == 0))
                })
                .collect();
            (fits, check)
        }
        Written::Drop { kind, to, check } => {
            let fits = legal
                .iter()
                .copied()
                .filter(|m| m.drop_kind() == Some(kind) && m.to() == to)
                .collect();
            (fits, check)
        }
        Written::Board {
            kind,
            origin,
            capture,
            to,
            promotion,
            check,
        } => {
            let fits = |m: Move, mark: bool, promo: bool| {
                let Some(from) = m.from() else {
                    return false;
                };
                !m.is_castle()
                    && m.to() == to
                    && pos.piece_at(from).is_some_and(|p| p.kind == kind)
                    && match origin {
                        Origin::Unwritten => true,
                        Origin::File(f) => from.file() == f,
                        Origin::Square(sq) => from == sq,
                    }
                    && (!mark || pos.piece_at(to).is_some() == capture)
                    && (!promo
                        || match promotion {
                            Promotion::Unwritten | Promotion::Declined => {
                                m.promotion_kind().is_none()
                            }
                            Promotion::Plain => m.promotion_kind() == Some(PieceKind::Spear),
                            Promotion::To(k) => m.promotion_kind() == Some(k),
                        })
            };
            let exact: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| fits(m, true, true))
                .collect();
            if exact.is_empty() {
                return Err(explain_board(
                    pos,
                    text,
                    &legal,
                    &fits,
                    (kind, origin, to, promotion),
                ));
            }
            (exact, check)
        }
    };
    match fits.as_slice() {
        [] => Err(no_move(explain_other(pos, written))),
        [m] => {
            if check && !pos.gives_check(*m) {
                Err(NotationError::WrongMark {
                    text: text.to_string(),
                    reason: format!(
                        "the move does not give check (it is written {})",
                        write_move(pos, *m)
                    ),
                })
            } else {
                Ok(*m)
            }
        }
        many => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|&m| describe(pos, m)).collect(),
        }),
    }
}

/// Why no legal board move fits: a wrong Ｘ, a wrong promotion suffix, or the reason the move
/// generator gives for the move the text names.
fn explain_board(
    pos: &Position,
    text: &str,
    legal: &[Move],
    fits: &dyn Fn(Move, bool, bool) -> bool,
    (kind, origin, to, promotion): (PieceKind, Origin, Square, Promotion),
) -> NotationError {
    let wrong_mark: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits(m, false, true))
        .collect();
    if !wrong_mark.is_empty() {
        let what = if pos.piece_at(to).is_some() {
            "the move captures: write Ｘ"
        } else {
            "the destination is empty: no Ｘ"
        };
        let forms: Vec<String> = wrong_mark.iter().map(|&m| write_move(pos, m)).collect();
        return NotationError::WrongMark {
            text: text.to_string(),
            reason: format!("{what} ({})", forms.join(" or ")),
        };
    }
    let no_move = |reason: String| NotationError::NoSuchMove {
        text: text.to_string(),
        reason,
    };
    let other_promotion: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits(m, true, false))
        .collect();
    if !other_promotion.is_empty() {
        let forms: Vec<String> = other_promotion
            .iter()
            .map(|&m| write_move(pos, m))
            .collect();
        let why = match promotion {
            Promotion::Unwritten | Promotion::Declined => "the pawn must promote there",
            Promotion::Plain
                if pos.rules().promotions[PieceKind::Pawn.index()].contains(&PieceKind::Spear) =>
            {
                "the pawn may not promote there"
            }
            _ => "not a promotion of this game",
        };
        return no_move(format!("{why} (legal: {})", forms.join(", ")));
    }
    let dest = square_name(to);
    let label = kind_label(kind);
    match origin {
        Origin::Square(from) => match pos.piece_at(from) {
            None => no_move(format!("no piece on {}", square_name(from))),
            Some(p) if p.color != pos.side_to_move() => no_move(format!(
                "the piece on {} is not the side to move's",
                square_name(from)
            )),
            Some(p) if p.kind != kind => no_move(format!(
                "the piece on {} is not a {label}",
                square_name(from)
            )),
            Some(_) => {
                let m = match promotion {
                    Promotion::Plain => Move::promotion(from, to, PieceKind::Spear),
                    Promotion::To(k) => Move::promotion(from, to, k),
                    _ => Move::normal(from, to),
                };
                let reason = match pos.parse_move(&m.to_string()) {
                    Err(MoveError::Illegal { reason, .. }) => reason,
                    _ => "the piece cannot move there".to_string(),
                };
                no_move(format!("{label} {} to {dest}: {reason}", square_name(from)))
            }
        },
        _ if kind == PieceKind::Pawn => no_move(format!("no pawn can move to {dest} that way")),
        _ => {
            let extra = if pos.in_check() {
                " (the side to move is in check)"
            } else {
                ""
            };
            no_move(format!("no {label} can move to {dest}{extra}"))
        }
    }
}

/// Why no castling or drop fits: the rule that forbids it here.
fn explain_other(pos: &Position, written: Written) -> String {
    let us = pos.side_to_move();
    match written {
        Written::Castle { wing, .. } => {
            let cm = pos.rules().castling_move(us, wing);
            let what = if wing == 0 {
                "castling toward the 十-file rook"
            } else {
                "castling toward the 一-file rook"
            };
            let path = crate::geometry::attacks::between(cm.king_from, cm.rook_from);
            let why = if pos.castling_rights() & castle_bit(us, wing) == 0 {
                "the king or that rook has moved (or was dropped)"
            } else if (path & pos.occupied()).any() {
                "a square between the king and the rook is occupied"
            } else if pos.in_check() {
                "the king is in check"
            } else {
                "the king would cross or land on an attacked square"
            };
            format!("{what}: {why}")
        }
        Written::Drop { kind, to, .. } => {
            if !PieceKind::IN_HAND.contains(&kind) {
                return format!("a {} is never dropped", kind_label(kind));
            }
            let reason = match pos.parse_move(&Move::drop(kind, to).to_string()) {
                Err(MoveError::Illegal { reason, .. }) => reason,
                _ => "not legal here".to_string(),
            };
            format!(
                "dropping {} on {}: {reason}",
                kind_label(kind),
                square_name(to)
            )
        }
        Written::Board { .. } => "no legal move fits".to_string(),
    }
}

#[cfg(test)]
mod tests;
