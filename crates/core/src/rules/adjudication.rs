//! Ending a game early by the players' own scores or by its length: the one adjudicator of
//! `longjiang match`, `spsa` and `datagen`. It reads only scores (centipawns on the search's
//! one scale, each from its mover's point of view) and ply counts; the referee decides when to
//! ask ([`Adjudicator::by_score`] after a move, [`Adjudicator::by_length`] before one).

use super::outcome::result_token;
use super::piece::Color;
use std::fmt;

/// A loss by score: every score of the last `plies` plies agrees that one side is lost, its
/// own at `−score` or below and its opponent's at `score` or above (both players agree).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WinRule {
    /// Consecutive plies, both sides' moves (`match --resign moves=N`: 2N); at least 1 (none
    /// would be a verdict on no scores).
    pub plies: usize,
    /// The centipawn threshold. With 0 a run of zero scores is the first player's loss (it
    /// is asked first); datagen asks for 1 or more.
    pub score: i32,
}

/// A draw by score: once `after` plies have been played, every score of the last `plies`
/// plies within ±`score`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    /// Plies played (the opening included) before the rule applies.
    pub after: usize,
    /// Consecutive plies, both sides' moves; at least 1.
    pub plies: usize,
    /// The centipawn window.
    pub score: i32,
}

/// The adjudication settings of a game; each rule is off when `None`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Adjudicator {
    /// The loss by score.
    pub win: Option<WinRule>,
    /// The draw by score.
    pub draw: Option<DrawRule>,
    /// A draw once this many plies (the opening included) have been played.
    pub max_plies: Option<usize>,
}

/// The scores the players gave with their moves in one game, in order (`None`: no score came
/// with the move, which no rule counts as agreeing).
#[derive(Clone, Debug, Default)]
pub struct ScoreTrack {
    scores: Vec<(Color, Option<i32>)>,
}

impl ScoreTrack {
    /// Notes the score that came with a move of `mover`, from `mover`'s point of view.
    pub fn push(&mut self, mover: Color, score: Option<i32>) {
        self.scores.push((mover, score));
    }

    /// The last `n` entries, if there are that many and every one has a score.
    fn last(&self, n: usize) -> Option<impl Iterator<Item = (Color, i32)> + '_> {
        let tail = self.scores.get(self.scores.len().checked_sub(n)?..)?;
        tail.iter()
            .all(|(_, s)| s.is_some())
            .then(|| tail.iter().filter_map(|&(c, s)| s.map(|s| (c, s))))
    }
}

/// Which rule ended a game, with its settings (for the words).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Adjudged {
    /// [`WinRule`].
    Score(WinRule),
    /// [`DrawRule`].
    Draw(DrawRule),
    /// [`Adjudicator::max_plies`]: the plies played.
    Length(usize),
}

impl Adjudged {
    /// The rule in one word: `score`, `draw`, `length`.
    pub fn word(self) -> &'static str {
        match self {
            Adjudged::Score(_) => "score",
            Adjudged::Draw(_) => "draw",
            Adjudged::Length(_) => "length",
        }
    }

    /// The token data files write for the reason (`adjudicated-score`, `adjudicated-draw`,
    /// `adjudicated-length`; docs/datagen.md).
    pub fn token(self) -> String {
        format!("adjudicated-{}", self.word())
    }
}

/// A span of plies in words: `N moves` when it is whole moves, else `N plies`.
struct Span(usize);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 2 {
            0 => write!(f, "{} moves", self.0 / 2),
            _ => write!(f, "{} plies", self.0),
        }
    }
}

/// The reason as records' `Reason` tags write it: `adjudication: lost by score (both engines
/// agree, 1000 cp or more for 4 moves)`, `adjudication: draw (scores within ±10 cp for 8
/// moves)`, `adjudication: move limit (150 moves)`.
impl fmt::Display for Adjudged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Adjudged::Score(r) => write!(
                f,
                "adjudication: lost by score (both engines agree, {} cp or more for {})",
                r.score,
                Span(r.plies)
            ),
            Adjudged::Draw(r) => write!(
                f,
                "adjudication: draw (scores within ±{} cp for {})",
                r.score,
                Span(r.plies)
            ),
            Adjudged::Length(plies) => write!(f, "adjudication: move limit ({})", Span(plies)),
        }
    }
}

/// A game ended by adjudication: the winner (`None`: a draw) and the rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// Who wins, `None` for a draw.
    pub winner: Option<Color>,
    /// Which rule.
    pub reason: Adjudged,
}

impl Verdict {
    /// The result token (`1-0`, `0-1`, `1/2-1/2`).
    pub fn result_token(self) -> &'static str {
        result_token(self.winner)
    }
}

impl Adjudicator {
    /// Whether the game ends by the score rules with `track` after `plies` plies in all
    /// (the opening included); the loss by score is asked first.
    pub fn by_score(&self, track: &ScoreTrack, plies: usize) -> Option<Verdict> {
        if let Some(r) = self.win {
            for loser in Color::ALL {
                let lost = |(c, s): (Color, i32)| {
                    if c == loser {
                        s <= -r.score
                    } else {
                        s >= r.score
                    }
                };
                if track.last(r.plies).is_some_and(|mut t| t.all(lost)) {
                    return Some(Verdict {
                        winner: Some(!loser),
                        reason: Adjudged::Score(r),
                    });
                }
            }
        }
        if let Some(r) = self.draw
            && plies >= r.after
            && track
                .last(r.plies)
                .is_some_and(|mut t| t.all(|(_, s)| i64::from(s).abs() <= i64::from(r.score)))
        {
            return Some(Verdict {
                winner: None,
                reason: Adjudged::Draw(r),
            });
        }
        None
    }

    /// Whether the game ends by its length after `plies` plies in all.
    pub fn by_length(&self, plies: usize) -> Option<Verdict> {
        let max = self.max_plies?;
        (plies >= max).then_some(Verdict {
            winner: None,
            reason: Adjudged::Length(max),
        })
    }

    /// Either: the score rules, then the length.
    pub fn judge(&self, track: &ScoreTrack, plies: usize) -> Option<Verdict> {
        self.by_score(track, plies)
            .or_else(|| self.by_length(plies))
    }
}

#[cfg(test)]
mod tests;
