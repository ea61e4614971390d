//! Position strings, text ↔ [`Setup`]: the SFEN of RULES.md (`<board> <side> <hands>
//! <castling> <cooldowns> <move number>`) and, for shogi, standard USI SFEN (`<board> <side>
//! <hands> <move number>`), sized from the game's board. Parsing gives a `Setup` (or a typed
//! error naming the field and place); writing is the exact inverse for every valid position.
//! Validation is `Position::from_setup`.

use super::description::Rules;
use super::hand::Hand;
use super::piece::{Color, Piece};
use super::position::{CASTLE_BK, CASTLE_BQ, CASTLE_K, CASTLE_Q};
use super::setup::{PositionError, Setup};
use super::text_form::{RankName, TextForm};
use crate::geometry::{FILES, Square};
use std::fmt;
use std::fmt::Write as _;

/// Why a text is not a valid position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// Wrong number of space-separated fields (`found`) for the game's form.
    FieldCount {
        /// How many fields the text has.
        found: usize,
        /// The game's position form, which fixes the number of fields.
        form: TextForm,
    },
    /// The board does not have the game's number of ranks.
    RankCount {
        /// How many ranks the board field has.
        found: usize,
        /// The game's position form, which fixes the number of ranks.
        form: TextForm,
    },
    /// A rank (named as its game names ranks: 10 … 1, or shogi's a … i) does not add up to
    /// the game's number of files.
    RankLength {
        /// The rank, as its game names it.
        rank: RankName,
        /// How many squares it adds up to.
        squares: usize,
    },
    /// A character that is no piece, count or mark, in the given rank.
    BadBoardChar {
        /// The rank, as its game names it.
        rank: RankName,
        /// The character found.
        found: char,
    },
    /// `+` not followed by a letter of a kind that promotes.
    BadPromotion {
        /// The rank, as its game names it.
        rank: RankName,
    },
    /// The side field is not `b` or `w`.
    BadSide(String),
    /// A problem in the hands field.
    BadHand(String),
    /// A problem in the castling field.
    BadCastling(String),
    /// The cooldown field is not two digits.
    BadCooldowns(String),
    /// The move number is not a positive integer.
    BadMoveNumber(String),
    /// The fields parse but do not make a legal position.
    Invalid(PositionError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::FieldCount {
                found,
                form: TextForm::Longjiang,
            } => write!(
                f,
                "expected 6 fields (board side hands castling cooldowns move; in shogi 4: \
                 board side hands move), got {found}"
            ),
            SfenError::FieldCount {
                found,
                form: TextForm::Usi,
            } => write!(
                f,
                "expected 4 fields (board side hands move; the move number may be left out), \
                 got {found}"
            ),
            SfenError::RankCount {
                found,
                form: TextForm::Longjiang,
            } => write!(f, "board has {found} ranks, expected 10 (9 in shogi)"),
            SfenError::RankCount {
                found,
                form: TextForm::Usi,
            } => write!(f, "board has {found} ranks, expected 9 (a … i)"),
            SfenError::RankLength { rank, squares } => match rank.form {
                TextForm::Longjiang => write!(
                    f,
                    "rank {rank} has {squares} squares, expected 10 (9 in shogi)"
                ),
                TextForm::Usi => write!(
                    f,
                    "rank {rank} has {squares} squares, expected 9 (files 9 … 1)"
                ),
            },
            SfenError::BadBoardChar { rank, found } => {
                write!(f, "unexpected '{found}' in rank {rank}")
            }
            SfenError::BadPromotion { rank } => {
                write!(
                    f,
                    "'+' in rank {rank} must be followed by a piece that promotes"
                )
            }
            SfenError::BadSide(s) => write!(f, "side to move '{s}' (expected b or w)"),
            SfenError::BadHand(s) => write!(f, "hands: {s}"),
            SfenError::BadCastling(s) => {
                write!(f, "castling '{s}' (expected - or letters of KQkq)")
            }
            SfenError::BadCooldowns(s) => {
                write!(f, "cooldowns '{s}' (expected two digits such as 00 or 20)")
            }
            SfenError::BadMoveNumber(s) => {
                write!(f, "move number '{s}' (expected a positive integer)")
            }
            SfenError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SfenError {}

impl From<PositionError> for SfenError {
    fn from(e: PositionError) -> SfenError {
        SfenError::Invalid(e)
    }
}

/// Reads the board field into `setup`.
pub(crate) fn parse_board(field: &str, setup: &mut Setup, rules: &Rules) -> Result<(), SfenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != rules.ranks as usize {
        return Err(SfenError::RankCount {
            found: ranks.len(),
            form: rules.text,
        });
    }
    let files = rules.files as usize;
    for (i, text) in ranks.iter().enumerate() {
        let rank_index = rules.ranks - 1 - i as u8;
        let rank_no = rules.text.rank_name(rank_index);
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        let mut last_pawn: Option<Square> = None;
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                if let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    chars.next();
                    n = n * 10 + d as usize;
                }
                if n == 0 {
                    return Err(SfenError::BadBoardChar {
                        rank: rank_no,
                        found: '0',
                    });
                }
                file += n;
                last_pawn = None;
                continue;
            }
            if c == '\'' {
                match last_pawn.take() {
                    Some(sq) => setup.no_double_step = setup.no_double_step.with(sq),
                    None => {
                        return Err(SfenError::BadBoardChar {
                            rank: rank_no,
                            found: c,
                        });
                    }
                }
                continue;
            }
            let (letter, promoted) = if c == '+' {
                match chars.next() {
                    Some(p) => (p, true),
                    None => return Err(SfenError::BadPromotion { rank: rank_no }),
                }
            } else {
                (c, false)
            };
            let kind = rules.kind_of_letter(letter, promoted).ok_or(if promoted {
                SfenError::BadPromotion { rank: rank_no }
            } else {
                SfenError::BadBoardChar {
                    rank: rank_no,
                    found: c,
                }
            })?;
            let color = if letter.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            if file < files {
                let sq = Square::from_index_unchecked(rank_index * FILES + file as u8);
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                last_pawn = (rules.double_step && kind == super::PieceKind::Pawn).then_some(sq);
            }
            file += 1;
        }
        if file != files {
            return Err(SfenError::RankLength {
                rank: rank_no,
                squares: file,
            });
        }
    }
    Ok(())
}

/// Reads a hands field (`-` or count-letter pairs) into `hands`.
pub(crate) fn parse_hands(
    field: &str,
    hands: &mut [Hand; 2],
    rules: &Rules,
) -> Result<(), SfenError> {
    if field == "-" {
        return Ok(());
    }
    let mut chars = field.chars().peekable();
    let mut seen = [[false; super::KINDS]; 2];
    while chars.peek().is_some() {
        let mut count: Option<u32> = None;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            chars.next();
            let n = count.unwrap_or(0) * 10 + d;
            if n > 99 {
                return Err(SfenError::BadHand(format!("count too large in '{field}'")));
            }
            count = Some(n);
        }
        let Some(c) = chars.next() else {
            return Err(SfenError::BadHand(format!(
                "count without a piece at the end of '{field}'"
            )));
        };
        let kind = rules
            .kind_of_letter(c, false)
            .filter(|&k| rules.holds(k) || (!rules.drops && k.in_hand() == k))
            .filter(|&k| k != super::PieceKind::King)
            .ok_or_else(|| SfenError::BadHand(format!("'{c}' cannot be held in hand")))?;
        let n = count.unwrap_or(1);
        if n == 0 {
            return Err(SfenError::BadHand(format!("hand count 0 for '{c}'")));
        }
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        if std::mem::replace(&mut seen[color.index()][kind.index()], true) {
            return Err(SfenError::BadHand(format!("'{c}' listed twice")));
        }
        hands[color.index()].set(kind, n as u8);
    }
    Ok(())
}

/// Reads a castling field (`-` or letters of `KQkq`).
pub(crate) fn parse_castling(field: &str) -> Result<u8, SfenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in field.chars() {
        let bit = match c {
            'K' => CASTLE_K,
            'Q' => CASTLE_Q,
            'k' => CASTLE_BK,
            'q' => CASTLE_BQ,
            _ => return Err(SfenError::BadCastling(field.to_string())),
        };
        if rights & bit != 0 {
            return Err(SfenError::BadCastling(field.to_string()));
        }
        rights |= bit;
    }
    if rights == 0 {
        return Err(SfenError::BadCastling(field.to_string()));
    }
    Ok(rights)
}

/// Parses a position string of the game `rules` describe into an unvalidated setup (the
/// game fixes the board size, the piece letters and the fields).
pub fn parse_setup(text: &str, rules: &Rules) -> Result<Setup, SfenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let usi = rules.text == TextForm::Usi;
    // USI SFEN: board side hands [move number].
    let count_ok = if usi {
        fields.len() == 3 || fields.len() == 4
    } else {
        fields.len() == 6
    };
    if !count_ok {
        return Err(SfenError::FieldCount {
            found: fields.len(),
            form: rules.text,
        });
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup, rules)?;
    setup.side = match fields[1] {
        "b" => Color::Black,
        "w" => Color::White,
        s => return Err(SfenError::BadSide(s.to_string())),
    };
    parse_hands(fields[2], &mut setup.hands, rules)?;
    let number = if usi {
        fields.get(3).copied()
    } else {
        setup.castling = parse_castling(fields[3])?;
        let cd = fields[4].as_bytes();
        if cd.len() != 2 || !cd.iter().all(u8::is_ascii_digit) {
            return Err(SfenError::BadCooldowns(fields[4].to_string()));
        }
        setup.cooldown = [cd[0] - b'0', cd[1] - b'0'];
        Some(fields[5])
    };
    if let Some(number) = number {
        setup.move_number = number
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0 && !number.starts_with('+'))
            .ok_or_else(|| SfenError::BadMoveNumber(number.to_string()))?;
    }
    Ok(setup)
}

/// Writes the board field.
pub(crate) fn write_board(setup: &Setup, rules: &Rules, out: &mut String) {
    for rank in (0..rules.ranks).rev() {
        let mut empty = 0;
        for file in 0..rules.files {
            let sq = Square::from_index_unchecked(rank * FILES + file);
            match setup.board[sq.index()] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    let _ = write!(out, "{p}");
                    if setup.no_double_step.has(sq) {
                        out.push('\'');
                    }
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// Writes a hands field: `-`, or the game's hand kinds (Q R B G N P in 龙将棋, R B G S N L P
/// in shogi), first player's uppercase then the second's lowercase, with counts above one.
pub(crate) fn write_hands(hands: &[Hand; 2], rules: &Rules, out: &mut String) {
    let start = out.len();
    for color in Color::ALL {
        for &kind in rules.hand_order {
            let n = hands[color.index()].count(kind);
            if n == 0 {
                continue;
            }
            if n > 1 {
                let _ = write!(out, "{n}");
            }
            let c = kind.letter().unwrap_or('?');
            out.push(if color == Color::Black {
                c
            } else {
                c.to_ascii_lowercase()
            });
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

/// Writes a castling field.
pub(crate) fn write_castling(rights: u8, out: &mut String) {
    if rights == 0 {
        out.push('-');
    }
    for (bit, c) in [
        (CASTLE_K, 'K'),
        (CASTLE_Q, 'Q'),
        (CASTLE_BK, 'k'),
        (CASTLE_BQ, 'q'),
    ] {
        if rights & bit != 0 {
            out.push(c);
        }
    }
}

/// Writes a setup as the position string of the game `rules` describe.
pub fn write_setup(setup: &Setup, rules: &Rules) -> String {
    let mut out = String::with_capacity(96);
    write_board(setup, rules, &mut out);
    out.push(' ');
    out.push(setup.side.letter());
    out.push(' ');
    write_hands(&setup.hands, rules, &mut out);
    if rules.text == TextForm::Usi {
        let _ = write!(out, " {}", setup.move_number);
        return out;
    }
    out.push(' ');
    write_castling(setup.castling, &mut out);
    let _ = write!(
        out,
        " {}{} {}",
        setup.cooldown[0], setup.cooldown[1], setup.move_number
    );
    out
}

#[cfg(test)]
mod tests;
