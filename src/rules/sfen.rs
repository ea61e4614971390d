//! The SFEN of RULES.md: `<board> <side> <hands> <castling> <cooldowns> <move number>`.
//! Parsing gives a [`Setup`] (or a typed error naming the field and place); writing is the
//! exact inverse for every valid position.

use super::hand::Hand;
use super::piece::{Color, Piece, PieceKind};
use super::position::{CASTLE_BK, CASTLE_BQ, CASTLE_K, CASTLE_Q, Position};
use super::setup::{PositionError, Setup};
use super::variant::Rules;
use crate::geometry::{FILES, File, RANKS, Rank, Square};
use std::fmt;
use std::fmt::Write as _;

/// Why a text is not a valid position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// Wrong number of space-separated fields.
    FieldCount(usize),
    /// The board does not have ten ranks.
    RankCount(usize),
    /// A rank (numbered 10 … 1) does not add up to ten squares.
    RankLength { rank: u8, squares: usize },
    /// A character that is no piece, count or mark, in the given rank.
    BadBoardChar { rank: u8, found: char },
    /// `+` not followed by `P`/`p`.
    BadPromotion { rank: u8 },
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
            SfenError::FieldCount(n) => write!(
                f,
                "expected 6 fields (board side hands castling cooldowns move), got {n}"
            ),
            SfenError::RankCount(n) => write!(f, "board has {n} ranks, expected 10"),
            SfenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, expected 10")
            }
            SfenError::BadBoardChar { rank, found } => {
                write!(f, "unexpected '{found}' in rank {rank}")
            }
            SfenError::BadPromotion { rank } => {
                write!(f, "'+' in rank {rank} must be followed by P or p")
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
pub(crate) fn parse_board(field: &str, setup: &mut Setup) -> Result<(), SfenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(SfenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank_index = RANKS - 1 - i as u8;
        let rank_no = rank_index + 1;
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
            let (kind, color) = if c == '+' {
                match chars.next() {
                    Some('P') => (PieceKind::Spear, Color::Black),
                    Some('p') => (PieceKind::Spear, Color::White),
                    _ => return Err(SfenError::BadPromotion { rank: rank_no }),
                }
            } else {
                let kind = PieceKind::from_letter(c).ok_or(SfenError::BadBoardChar {
                    rank: rank_no,
                    found: c,
                })?;
                (
                    kind,
                    if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    },
                )
            };
            if file < FILES as usize {
                let sq = Square::from_coords(
                    File::new(file as u8).unwrap_or(File::new(0).expect("file a")),
                    Rank::new(rank_index).unwrap_or(Rank::new(0).expect("rank 1")),
                );
                setup.board[sq.index()] = Some(Piece::new(color, kind));
                last_pawn = (kind == PieceKind::Pawn).then_some(sq);
            }
            file += 1;
        }
        if file != FILES as usize {
            return Err(SfenError::RankLength {
                rank: rank_no,
                squares: file,
            });
        }
    }
    Ok(())
}

/// Reads a hands field (`-` or count-letter pairs) into `hands`.
pub(crate) fn parse_hands(field: &str, hands: &mut [Hand; 2]) -> Result<(), SfenError> {
    if field == "-" {
        return Ok(());
    }
    let mut chars = field.chars().peekable();
    let mut seen = [[false; 6]; 2];
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
        let kind = PieceKind::from_letter(c)
            .filter(|k| PieceKind::IN_HAND.contains(k))
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

/// Parses an SFEN into an unvalidated setup.
pub fn parse_setup(text: &str) -> Result<Setup, SfenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(SfenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup)?;
    setup.side = match fields[1] {
        "b" => Color::Black,
        "w" => Color::White,
        s => return Err(SfenError::BadSide(s.to_string())),
    };
    parse_hands(fields[2], &mut setup.hands)?;
    setup.castling = parse_castling(fields[3])?;
    let cd = fields[4].as_bytes();
    if cd.len() != 2 || !cd.iter().all(u8::is_ascii_digit) {
        return Err(SfenError::BadCooldowns(fields[4].to_string()));
    }
    setup.cooldown = [cd[0] - b'0', cd[1] - b'0'];
    setup.move_number = fields[5]
        .parse::<u32>()
        .ok()
        .filter(|&n| n > 0 && !fields[5].starts_with('+'))
        .ok_or_else(|| SfenError::BadMoveNumber(fields[5].to_string()))?;
    Ok(setup)
}

/// Parses and validates an SFEN for the game `rules` describe.
pub fn parse_sfen(text: &str, rules: Rules) -> Result<Position, SfenError> {
    Ok(parse_setup(text)?.validate(rules)?)
}

/// Writes the board field.
pub(crate) fn write_board(setup: &Setup, out: &mut String) {
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
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

/// Writes a hands field: `-`, or Q R B G N P then q r b g n p with counts above one.
pub(crate) fn write_hands(hands: &[Hand; 2], out: &mut String) {
    let start = out.len();
    for color in Color::ALL {
        for kind in PieceKind::HAND_ORDER {
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

/// Writes a setup as SFEN.
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::with_capacity(96);
    write_board(setup, &mut out);
    out.push(' ');
    out.push(setup.side.letter());
    out.push(' ');
    write_hands(&setup.hands, &mut out);
    out.push(' ');
    write_castling(setup.castling, &mut out);
    let _ = write!(
        out,
        " {}{} {}",
        setup.cooldown[0], setup.cooldown[1], setup.move_number
    );
    out
}

impl Position {
    /// The position's SFEN.
    pub fn to_sfen(&self) -> String {
        write_setup(&Setup::from_position(self))
    }

    /// Parses and validates an SFEN (same as [`parse_sfen`]).
    pub fn from_sfen(text: &str, rules: Rules) -> Result<Position, SfenError> {
        parse_sfen(text, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::{LONGJIANG, LONGJIANG_NODROP};

    #[test]
    fn start_round_trips() {
        let pos = Position::start(LONGJIANG);
        assert_eq!(pos.to_sfen(), LONGJIANG.start_sfen);
        assert_eq!(
            Position::start(LONGJIANG_NODROP).to_sfen(),
            LONGJIANG.start_sfen
        );
    }

    #[test]
    fn unusual_fields_round_trip() {
        let s = "r4k3r/10/10/10/10/4+P5/10/10/P'P'8/R4K3R w 2QN2Pr KQq 21 57";
        let pos = parse_sfen(s, LONGJIANG).unwrap();
        assert_eq!(pos.to_sfen(), s);
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            ("10/10", "expected 6 fields"),
            (
                "rnbgqkgbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
                "rank 8 has 11 squares",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b P0 KQkq 00 1",
                "count without a piece",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b 0P KQkq 00 1",
                "hand count 0",
            ),
            (
                "rnbgqgbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQ 00 1",
                "no king for w",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR x - KQkq 00 1",
                "side to move 'x'",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 30 1",
                "cooldown 3",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 0",
                "move number",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBN1 b - KQkq 00 1",
                "castling right K",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 0 1",
                "cooldowns '0'",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkx 00 1",
                "castling 'KQkx'",
            ),
            (
                "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNX b - KQkq 00 1",
                "unexpected 'X' in rank 1",
            ),
            (
                "P4k4/10/10/10/10/10/10/10/10/5K4 b - - 00 1",
                "last rank at a10",
            ),
            (
                "5k4/10/10/10/10/10/10/10/2N'7/5K4 b - - 00 1",
                "unexpected ''' in rank 2",
            ),
            (
                "5k4/10/10/10/10/10/10/2P'7/10/5K4 b - - 00 1",
                "' after the piece on c3",
            ),
        ];
        for (text, want) in cases {
            let err = parse_sfen(text, LONGJIANG).unwrap_err().to_string();
            assert!(err.contains(want), "{text}: got '{err}', want '{want}'");
        }
        let err = parse_sfen(
            "5k4/10/10/10/10/10/10/10/10/5K4 b P - 00 1",
            LONGJIANG_NODROP,
        )
        .unwrap_err();
        assert!(err.to_string().contains("no-drop"));
    }
}
