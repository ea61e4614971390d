//! The ASCII move form of RULES.md, as a notation type of its own (kept apart from `Move`, as
//! shakmaty keeps `Uci`): `f2f4`, `e9e10+`, `e9e10q`, `P*e5` (also `P@e5`), castling as the
//! king's move `f1i1`; and, for shogi, standard USI: `7g7f`, `8h2b+`, `P*5e`. Parsing needs
//! the game (its squares and letters) but no position; turning the text into a `Move` needs
//! one, and checking that the move is legal is the move generator's job
//! (`Position::parse_move`).

use super::description::Rules;
use super::moves::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::text_form::{TextForm, usi_square};
use crate::geometry::Square;
use std::fmt;
use std::str::FromStr;

/// A move as written in ASCII, not yet checked against any position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AsciiMove {
    /// A board move, with the promotion suffix if any (`+` = spearman, else the letter's kind;
    /// in shogi `+` also reads as `Spear`, and `to_move` turns it into the promoted kind of the
    /// piece that moves).
    Board {
        /// Origin square.
        from: Square,
        /// Destination square.
        to: Square,
        /// The kind promoted to, if the text has a suffix.
        promotion: Option<PieceKind>,
    },
    /// A drop from hand.
    Drop {
        /// The dropped kind.
        kind: PieceKind,
        /// Where it lands.
        to: Square,
    },
}

/// Why a text is not an ASCII move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a move: {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseMoveError {}

/// Splits `a1…j10` off the front of `s`, returning the square and the rest.
fn split_square(s: &str) -> Option<(Square, &str)> {
    let bytes = s.as_bytes();
    if bytes.len() < 2 || !bytes[0].is_ascii_lowercase() || !bytes[1].is_ascii_digit() {
        return None;
    }
    let digits = if bytes.len() >= 3 && bytes[1] == b'1' && bytes[2] == b'0' {
        3
    } else {
        2
    };
    let sq = s.get(..digits)?.parse().ok()?;
    Some((sq, &s[digits..]))
}

impl FromStr for AsciiMove {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<AsciiMove, ParseMoveError> {
        let err = |reason| ParseMoveError {
            text: s.to_string(),
            reason,
        };
        if !s.is_ascii() {
            return Err(err("not ASCII"));
        }
        let b = s.as_bytes();
        if b.len() >= 2 && (b[1] == b'*' || b[1] == b'@') {
            let kind = PieceKind::from_letter(b[0] as char)
                .filter(|k| PieceKind::IN_HAND.contains(k))
                .ok_or(err(
                    "the piece letter before '*' must be one of P N B R G Q",
                ))?;
            let to = s[2..]
                .parse()
                .map_err(|_| err("the drop square must be a1 … j10"))?;
            return Ok(AsciiMove::Drop { kind, to });
        }
        let (from, rest) = split_square(s).ok_or(err("expected an origin square a1 … j10"))?;
        let (to, rest) = split_square(rest).ok_or(err("expected a destination square a1 … j10"))?;
        let promotion = match rest {
            "" => None,
            "+" => Some(PieceKind::Spear),
            "r" => Some(PieceKind::Rook),
            "n" => Some(PieceKind::Cavalry),
            "b" => Some(PieceKind::Bishop),
            "g" => Some(PieceKind::Guard),
            "q" => Some(PieceKind::Queen),
            _ => return Err(err("the promotion suffix must be + or one of r n b g q")),
        };
        Ok(AsciiMove::Board {
            from,
            to,
            promotion,
        })
    }
}

/// Reads a USI square `9a`…`1i` off the front of `s`.
fn split_usi_square(s: &str) -> Option<(Square, &str)> {
    let b = s.as_bytes();
    if b.len() < 2 || !(b'1'..=b'9').contains(&b[0]) || !(b'a'..=b'i').contains(&b[1]) {
        return None;
    }
    let file = 9 - (b[0] - b'0');
    let rank = 8 - (b[1] - b'a');
    Some((Square::from_index_unchecked(rank * 10 + file), &s[2..]))
}

/// The text of an engine move in the form a game writes (`f2f4` or `7g7f`).
pub fn move_text(m: Move, form: TextForm) -> String {
    AsciiMove::from_move(m).text(form)
}

impl AsciiMove {
    /// Reads a move written the way the game `rules` describe writes moves.
    pub fn parse(s: &str, rules: &Rules) -> Result<AsciiMove, ParseMoveError> {
        if rules.text == TextForm::Longjiang {
            return s.parse();
        }
        let err = |reason| ParseMoveError {
            text: s.to_string(),
            reason,
        };
        let b = s.as_bytes();
        if !s.is_ascii() {
            return Err(err("not ASCII"));
        }
        if b.len() >= 2 && (b[1] == b'*' || b[1] == b'@') {
            let kind = rules
                .kind_of_letter(b[0] as char, false)
                .filter(|&k| b[0].is_ascii_uppercase() && rules.holds(k))
                .ok_or(err(
                    "the piece letter before '*' must be one of P L N S G B R",
                ))?;
            return match split_usi_square(&s[2..]) {
                Some((to, "")) => Ok(AsciiMove::Drop { kind, to }),
                _ => Err(err("the drop square must be 9a … 1i")),
            };
        }
        let (from, rest) = split_usi_square(s).ok_or(err("expected an origin square 9a … 1i"))?;
        let (to, rest) =
            split_usi_square(rest).ok_or(err("expected a destination square 9a … 1i"))?;
        let promotion = match rest {
            "" => None,
            "+" => Some(PieceKind::Spear),
            _ => return Err(err("the only promotion suffix is +")),
        };
        Ok(AsciiMove::Board {
            from,
            to,
            promotion,
        })
    }

    /// The text in the form `form`: RULES.md's (as `Display`) or USI's.
    pub fn text(&self, form: TextForm) -> String {
        if form == TextForm::Longjiang {
            return self.to_string();
        }
        match *self {
            AsciiMove::Board {
                from,
                to,
                promotion,
            } => {
                let plus = if promotion.is_some() { "+" } else { "" };
                format!("{}{}{plus}", usi_square(from), usi_square(to))
            }
            AsciiMove::Drop { kind, to } => {
                format!("{}*{}", kind.letter().unwrap_or('?'), usi_square(to))
            }
        }
    }

    /// The text form of an engine move.
    pub fn from_move(m: Move) -> AsciiMove {
        match (m.from(), m.drop_kind()) {
            (Some(from), _) => AsciiMove::Board {
                from,
                to: m.to(),
                promotion: m.promotion_kind(),
            },
            (None, kind) => AsciiMove::Drop {
                kind: kind.unwrap_or(PieceKind::Pawn),
                to: m.to(),
            },
        }
    }

    /// The engine move this text stands for in `pos` (a king move of three files along its
    /// rank from its start square is castling). The move is not checked for legality.
    pub fn to_move(&self, pos: &Position) -> Move {
        match *self {
            AsciiMove::Drop { kind, to } => Move::drop(kind, to),
            AsciiMove::Board {
                from,
                to,
                promotion: Some(kind),
            } => {
                // `+` names the promoted form of whatever moves (shogi's six promotions).
                let promoted = pos.piece_at(from).and_then(|p| {
                    let to = pos.rules().promotions[p.kind.index()];
                    (kind == PieceKind::Spear && to.len() == 1 && to[0].is_promoted())
                        .then(|| to[0])
                });
                Move::promotion(from, to, promoted.unwrap_or(kind))
            }
            AsciiMove::Board {
                from,
                to,
                promotion: None,
            } => {
                let is_king = pos
                    .piece_at(from)
                    .is_some_and(|p| p.kind == PieceKind::King);
                let color = pos.side_to_move();
                let castles = (0..2).any(|w| {
                    let cm = pos.rules().castling_move(color, w);
                    cm.king_from == from && cm.king_to == to
                });
                if is_king && castles {
                    Move::castle(from, to)
                } else {
                    Move::normal(from, to)
                }
            }
        }
    }

    /// Writes the move with `@` for drops (the UCI convention) instead of `*`.
    pub fn to_uci_string(&self) -> String {
        self.to_string().replace('*', "@")
    }
}

impl fmt::Display for AsciiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AsciiMove::Board {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    None => Ok(()),
                    Some(k) if k.is_promoted() => f.write_str("+"),
                    Some(k) => write!(f, "{}", k.letter().unwrap_or('?').to_ascii_lowercase()),
                }
            }
            AsciiMove::Drop { kind, to } => write!(f, "{}*{to}", kind.letter().unwrap_or('?')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        for text in [
            "f2f4", "b1d2", "e9e10+", "e9e10q", "P*e5", "Q*d4", "f1i1", "f10i10", "j10j9",
        ] {
            let m: AsciiMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        assert_eq!("P@e5".parse::<AsciiMove>().unwrap().to_string(), "P*e5");
        for bad in [
            "", "e2", "e2e", "e2e11", "k1k2", "e9e10x", "K*e5", "+*e5", "P*", "P*e0", "e2e4 ",
            "é2e4", "e2e4++",
        ] {
            assert!(bad.parse::<AsciiMove>().is_err(), "{bad}");
        }
    }
}
