//! The data file of `longjiang datagen`, and its reader: one typed [`Sample`] per kept
//! position. The tuner reads it here, and so will the NNUE trainer; `docs/datagen.md`
//! describes the format.
//!
//! A file is text, one line per record, appended one finished game at a time:
//! - `#` lines are comments (the header names the variant and the command);
//! - a position: `p <game> <ply> <score> <result> <flags> <SFEN of six fields>`;
//! - the end of a game: `g <game> <result> <plies> <reason>`. A game's positions count only
//!   when its `g` line follows them, so a file cut in the middle of a game loses that game.

use crate::rules::{Position, Rules, SfenError};
use bitflags::bitflags;
use std::fmt;

bitflags! {
    /// What a tuner may want to filter out.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct SampleFlags: u8 {
        /// The side to move is in check.
        const IN_CHECK = 1;
        /// The search's best move captures.
        const CAPTURE = 2;
        /// The search's best move promotes.
        const PROMOTION = 4;
        /// The search score is a mate score.
        const MATE = 8;
        /// The game's result was adjudicated (score or length), not played out.
        const ADJUDICATED = 16;
    }
}

impl SampleFlags {
    /// Positions a Texel tuner normally skips: not quiet (check, capture, promotion) or
    /// scored as a mate.
    pub const NOT_QUIET: SampleFlags = SampleFlags::IN_CHECK
        .union(SampleFlags::CAPTURE)
        .union(SampleFlags::PROMOTION)
        .union(SampleFlags::MATE);
}

/// A game's result from the first player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The first player won.
    FirstWins,
    /// A draw.
    Draw,
    /// The second player won.
    SecondWins,
}

impl GameResult {
    /// The result as a score for the first player: 1, ½ or 0.
    pub fn score(self) -> f64 {
        match self {
            GameResult::FirstWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::SecondWins => 0.0,
        }
    }

    /// The file's spelling: `1`, `0.5`, `0`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1",
            GameResult::Draw => "0.5",
            GameResult::SecondWins => "0",
        }
    }

    fn parse(s: &str) -> Option<GameResult> {
        match s {
            "1" => Some(GameResult::FirstWins),
            "0.5" => Some(GameResult::Draw),
            "0" => Some(GameResult::SecondWins),
            _ => None,
        }
    }
}

/// One kept position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The game number (games are numbered from 0 by the generator, whatever the thread).
    pub game: u64,
    /// Plies played from the game's start position (opening moves included).
    pub ply: u32,
    /// The search score, centipawns, from the first player's point of view (mate scores are
    /// the search's `±(MATE − plies)` values and carry `SampleFlags::MATE`).
    pub score: i32,
    /// The game's result.
    pub result: GameResult,
    /// Marks for filtering.
    pub flags: SampleFlags,
    /// The position.
    pub sfen: String,
}

impl Sample {
    /// The position, under `rules`.
    pub fn position(&self, rules: Rules) -> Result<Position, SfenError> {
        Position::from_sfen(&self.sfen, rules)
    }
}

/// Which samples a learner keeps: the filters that `tune` and `train` share.
#[derive(Clone, Copy, Debug)]
pub struct Filter {
    /// Skip positions before this ply (the opening and its random moves).
    pub min_ply: u32,
    /// Skip positions whose search score is beyond this (centipawns).
    pub max_score: i32,
    /// Keep positions that are not quiet (check, capture, promotion, mate score).
    pub keep_noisy: bool,
}

impl Filter {
    /// Whether `s` passes the filter.
    pub fn keeps(&self, s: &Sample) -> bool {
        s.ply >= self.min_ply
            && s.score.abs() <= self.max_score
            && (self.keep_noisy || !s.flags.intersects(SampleFlags::NOT_QUIET))
    }
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p {} {} {} {} {} {}",
            self.game,
            self.ply,
            self.score,
            self.result.as_str(),
            self.flags.bits(),
            self.sfen
        )
    }
}

/// The end of one game, as its `g` line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The game number.
    pub game: u64,
    /// The result.
    pub result: GameResult,
    /// Plies played.
    pub plies: u32,
    /// Why it ended (`checkmate`, `repetition`, `adjudicated-score`, …).
    pub reason: String,
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "g {} {} {} {}",
            self.game,
            self.result.as_str(),
            self.plies,
            self.reason
        )
    }
}

/// One line of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A `#` comment or a blank line.
    Comment,
    /// A position.
    Position(Sample),
    /// The end of a game.
    End(GameEnd),
}

/// Parses one line; `None` when it is not a well-formed record (a line cut short by a crash).
pub fn parse_line(text: &str) -> Option<Line> {
    let text = text.trim_end();
    if text.is_empty() || text.starts_with('#') {
        return Some(Line::Comment);
    }
    let mut it = text.splitn(7, ' ');
    match it.next()? {
        "p" => {
            let game = it.next()?.parse().ok()?;
            let ply = it.next()?.parse().ok()?;
            let score = it.next()?.parse().ok()?;
            let result = GameResult::parse(it.next()?)?;
            let flags = SampleFlags::from_bits(it.next()?.parse().ok()?)?;
            let sfen = it.next()?.to_string();
            // Six fields (RULES.md) or four (USI's SFEN of standard shogi).
            if !matches!(sfen.split(' ').count(), 4 | 6) {
                return None;
            }
            Some(Line::Position(Sample {
                game,
                ply,
                score,
                result,
                flags,
                sfen,
            }))
        }
        "g" => {
            let game = it.next()?.parse().ok()?;
            let result = GameResult::parse(it.next()?)?;
            let plies = it.next()?.parse().ok()?;
            let reason = it.next()?.to_string();
            Some(Line::End(GameEnd {
                game,
                result,
                plies,
                reason,
            }))
        }
        _ => None,
    }
}

/// What a data file holds: the samples of its finished games and the games' ends.
#[derive(Clone, Debug, Default)]
pub struct DataSet {
    /// The samples, in file order, only of games whose end line was read.
    pub samples: Vec<Sample>,
    /// The finished games.
    pub games: Vec<GameEnd>,
    /// The byte length of the file up to the last finished game (where appending resumes).
    pub complete_len: u64,
    /// The file's first line (datagen writes its header there: the variant and the command).
    pub header: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let s = Sample {
            game: 3,
            ply: 17,
            score: -42,
            result: GameResult::Draw,
            flags: SampleFlags::CAPTURE | SampleFlags::IN_CHECK,
            sfen: "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1"
                .into(),
        };
        assert_eq!(parse_line(&s.to_string()), Some(Line::Position(s.clone())));
        let end = GameEnd {
            game: 3,
            result: GameResult::Draw,
            plies: 80,
            reason: "repetition".into(),
        };
        assert_eq!(parse_line(&end.to_string()), Some(Line::End(end)));
        assert_eq!(parse_line("p 1 2"), None);
    }
}
