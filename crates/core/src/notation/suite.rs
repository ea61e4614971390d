//! Opening suites: the text form of a list of starts, one a line (what `longjiang match` plays
//! and the opening book reads).
//!
//! A line is `startpos [moves M…]`, `[sfen] <SFEN> [moves M…]` (the game's SFEN: six fields
//! in 龙将棋, four in shogi); `#` starts a comment; blank lines are skipped. Moves are ASCII
//! in the game's form (`P*e5` or `P@e5` for drops; shogi's `7g7f`, `P*5e`). Every line
//! is replayed by the rules core when the suite is parsed: an illegal move, a bad SFEN or a
//! position where the game is already over is an error naming the line.

use crate::rules::{Move, Position, Rules, Variant};

/// One opening: where the game starts and the moves already played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The starting SFEN, `None` for the game's start position.
    pub start_sfen: Option<String>,
    /// Moves played from there before the engines take over.
    pub moves: Vec<Move>,
    /// The line of the suite it came from (1-based), for messages.
    pub line: usize,
}

impl Opening {
    /// The start position of the game.
    pub fn start_position(&self, rules: Rules) -> Position {
        // Checked when the suite was loaded.
        self.start_sfen
            .as_deref()
            .and_then(|s| Position::from_sfen(s, rules).ok())
            .unwrap_or_else(|| Position::start(rules))
    }

    /// The position the engines take over in (opening moves played).
    pub fn position(&self, rules: Rules) -> Position {
        let mut pos = self.start_position(rules);
        for &m in &self.moves {
            pos.play(m);
        }
        pos
    }
}

/// A loaded suite.
#[derive(Clone, Debug)]
pub struct Suite {
    /// Where it came from (`builtin:<variant>`, `startpos` or the file name).
    pub source: String,
    /// Its openings, in file order.
    pub openings: Vec<Opening>,
}

/// Parses and checks one line (already stripped of its comment, not empty).
fn parse_line(text: &str, rules: Rules, line: usize) -> Result<Opening, String> {
    let err = |what: String| format!("line {line}: {what}");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let (start_sfen, rest) = match tokens.first() {
        Some(&"startpos") => (None, &tokens[1..]),
        Some(&first) => {
            // The SFEN runs up to `moves`: six fields in 龙将棋, four in shogi (the game's
            // parser counts them).
            let from = usize::from(first == "sfen");
            let end = tokens
                .iter()
                .position(|&t| t == "moves")
                .unwrap_or(tokens.len());
            if end <= from {
                return Err(err("expected startpos or an SFEN".into()));
            }
            let sfen = tokens[from..end].join(" ");
            Position::from_sfen(&sfen, rules).map_err(|e| err(format!("bad SFEN: {e}")))?;
            (Some(sfen), &tokens[end..])
        }
        None => return Err(err("empty".into())),
    };
    let move_texts = match rest.split_first() {
        None => &[][..],
        Some((&"moves", ms)) => ms,
        Some((other, _)) => return Err(err(format!("unexpected '{other}' (expected moves)"))),
    };
    let opening = Opening {
        start_sfen,
        moves: Vec::new(),
        line,
    };
    let mut pos = opening.start_position(rules);
    let mut moves = Vec::with_capacity(move_texts.len());
    for t in move_texts {
        let m = pos.parse_move(t).map_err(|e| err(e.to_string()))?;
        pos.play(m);
        moves.push(m);
    }
    if let Some(outcome) = pos.outcome() {
        return Err(err(format!(
            "the game is already over there ({})",
            outcome.reason()
        )));
    }
    Ok(Opening { moves, ..opening })
}

/// Parses a suite's text for `variant`.
pub fn parse_suite(text: &str, variant: Variant, source: &str) -> Result<Suite, String> {
    let rules = variant.rules();
    let mut openings = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        openings.push(parse_line(body, rules, i + 1).map_err(|e| format!("{source}: {e}"))?);
    }
    if openings.is_empty() {
        return Err(format!("{source}: no openings"));
    }
    Ok(Suite {
        source: source.to_string(),
        openings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn forms_of_a_line() {
        let text = "# a suite\n\nstartpos\nstartpos moves e2e4 f9f7 # comment\n\
                    rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1 moves a2a3\n\
                    sfen rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1\n";
        let s = parse_suite(text, Variant::Longjiang, "t").unwrap();
        assert_eq!(s.openings.len(), 4);
        assert_eq!(s.openings[1].moves.len(), 2);
        assert_eq!(s.openings[1].line, 4);
        assert!(s.openings[2].start_sfen.is_some());
        assert_eq!(
            s.openings[1].position(Variant::Longjiang.rules()).to_sfen(),
            "rnbgqkgbnr/ppppp1pppp/10/5p4/10/10/4P5/10/PPPP1PPPPP/RNBGQKGBNR b - KQkq 00 3"
        );
    }

    /// Shogi lines: the four-field SFEN (with or without `sfen`) and USI moves.
    #[test]
    fn shogi_lines_take_the_four_field_sfen() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let text = format!(
            "sfen {start} moves 7g7f 3c3d\n{start}\n\
             lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d\n\
             startpos moves 2g2f\n"
        );
        let s = parse_suite(&text, Variant::Shogi, "t").unwrap();
        assert_eq!(s.openings.len(), 4);
        let rules = Variant::Shogi.rules();
        assert_eq!(s.openings[0].start_sfen.as_deref(), Some(start));
        assert_eq!(
            s.openings[0].position(rules).to_sfen(),
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
        );
        assert_eq!(s.openings[1].moves.len(), 0);
        assert_eq!(s.openings[2].moves.len(), 1);
        assert_eq!(s.openings[3].position(rules).side_to_move(), Color::White);
        // A 龙将棋 SFEN is no shogi position, and a six-field line no shogi line.
        let e = parse_suite(
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
            Variant::Shogi,
            "t",
        )
        .unwrap_err();
        assert!(e.contains("line 1: bad SFEN"), "{e}");
        let e = parse_suite(&format!("{start} moves 7g7e"), Variant::Shogi, "t").unwrap_err();
        assert!(e.contains("line 1: illegal move 7g7e"), "{e}");
        let e = parse_suite("sfen moves 7g7f", Variant::Shogi, "t").unwrap_err();
        assert!(e.contains("line 1: expected startpos or an SFEN"), "{e}");
    }

    #[test]
    fn errors_name_the_line() {
        for (text, want) in [
            ("startpos moves e2e5", "line 1: illegal move e2e5"),
            ("\nstartpos e2e4", "line 2: unexpected 'e2e4'"),
            ("10/10 b - - 00 1", "line 1: bad SFEN"),
            ("startpos moves P*e5", "line 1: illegal move P*e5"),
            ("", "no openings"),
            ("startpos moves zz", "line 1: 'zz' is not a move"),
        ] {
            let e = parse_suite(text, Variant::Longjiang, "t").unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
