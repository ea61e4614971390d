//! Ending games early by the engines' own scores, or by length.
//!
//! - `--resign moves=N,score=S`: a side loses when its last N scores were all ≤ −S and its
//!   opponent's last N scores all ≥ S (both engines agree; scores are centipawns from the
//!   reporting engine's point of view, mates count as huge).
//! - `--draw movenumber=M,moves=N,score=S`: a draw once M full moves have been played (the
//!   opening included) and both sides' last N scores were all within ±S.
//! - `--maxmoves N`: a draw when N full moves (2N plies, the opening included) have been
//!   played without a result.

use crate::rules::Color;

/// Score-based resignation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignRule {
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Centipawn threshold.
    pub score: i32,
}

/// Score-based draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    /// Full moves before the rule applies.
    pub movenumber: u32,
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Centipawn window.
    pub score: i32,
}

/// All adjudication settings of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Adjudication {
    /// `--resign`.
    pub resign: Option<ResignRule>,
    /// `--draw`.
    pub draw: Option<DrawRule>,
    /// `--maxmoves`.
    pub max_moves: Option<u32>,
}

fn key_values(text: &str, flag: &str, keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut values = vec![None; keys.len()];
    for item in text.split(',') {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("{flag}: '{item}' is not key=value"))?;
        let i = keys
            .iter()
            .position(|x| *x == k.trim())
            .ok_or_else(|| format!("{flag}: unknown key '{k}' (expected {})", keys.join(", ")))?;
        let n: i64 = v
            .trim()
            .parse()
            .ok()
            .filter(|n| (0..=1_000_000).contains(n))
            .ok_or_else(|| format!("{flag}: {k}='{v}' is not a whole number from 0 to 1000000"))?;
        values[i] = Some(n);
    }
    keys.iter()
        .zip(values)
        .map(|(k, v)| v.ok_or_else(|| format!("{flag}: missing {k}=")))
        .collect()
}

impl ResignRule {
    /// Parses `moves=N,score=S`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let v = key_values(text, "--resign", &["moves", "score"])?;
        if v[0] == 0 {
            return Err("--resign: moves must be at least 1".into());
        }
        Ok(ResignRule {
            moves: v[0] as u32,
            score: v[1] as i32,
        })
    }
}

impl DrawRule {
    /// Parses `movenumber=M,moves=N,score=S`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let v = key_values(text, "--draw", &["movenumber", "moves", "score"])?;
        if v[1] == 0 {
            return Err("--draw: moves must be at least 1".into());
        }
        Ok(DrawRule {
            movenumber: v[0] as u32,
            moves: v[1] as u32,
            score: v[2] as i32,
        })
    }
}

/// The scores each side reported with its moves in one game (`None` = no score given).
#[derive(Clone, Debug, Default)]
pub struct ScoreTrack {
    by_side: [Vec<Option<i32>>; 2],
}

impl ScoreTrack {
    /// Notes the score that came with a move of `side`.
    pub fn push(&mut self, side: Color, score: Option<i32>) {
        self.by_side[side.index()].push(score);
    }

    /// Whether the last `n` scores of `side` exist and all satisfy `ok`.
    fn last_all(&self, side: Color, n: u32, ok: impl Fn(i32) -> bool) -> bool {
        let v = &self.by_side[side.index()];
        let n = n as usize;
        v.len() >= n && v[v.len() - n..].iter().all(|s| s.is_some_and(&ok))
    }
}

/// A game ended by adjudication: the winner (if any) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who wins, `None` for a draw.
    pub winner: Option<Color>,
    /// The reason, for the record.
    pub reason: String,
}

impl Adjudication {
    /// Whether the game ends here, after `plies` moves in all (opening included).
    pub fn judge(&self, track: &ScoreTrack, plies: usize) -> Option<Verdict> {
        if let Some(r) = self.resign {
            for side in Color::ALL {
                if track.last_all(side, r.moves, |s| s <= -r.score)
                    && track.last_all(!side, r.moves, |s| s >= r.score)
                {
                    return Some(Verdict {
                        winner: Some(!side),
                        reason: format!(
                            "adjudication: lost by score (both engines agree, {} cp or more for {} moves)",
                            r.score, r.moves
                        ),
                    });
                }
            }
        }
        if let Some(d) = self.draw {
            let within = |s: i32| s.abs() <= d.score;
            if plies >= 2 * d.movenumber as usize
                && Color::ALL
                    .iter()
                    .all(|&side| track.last_all(side, d.moves, within))
            {
                return Some(Verdict {
                    winner: None,
                    reason: format!(
                        "adjudication: draw (scores within ±{} cp for {} moves)",
                        d.score, d.moves
                    ),
                });
            }
        }
        if let Some(n) = self.max_moves
            && plies >= 2 * n as usize
        {
            return Some(Verdict {
                winner: None,
                reason: format!("adjudication: move limit ({n} moves)"),
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(black: &[Option<i32>], white: &[Option<i32>]) -> ScoreTrack {
        let mut t = ScoreTrack::default();
        for &s in black {
            t.push(Color::Black, s);
        }
        for &s in white {
            t.push(Color::White, s);
        }
        t
    }

    #[test]
    fn resign_needs_both_engines() {
        let adj = Adjudication {
            resign: Some(ResignRule::parse("moves=2,score=500").unwrap()),
            ..Default::default()
        };
        let lost = track(&[Some(0), Some(-600), Some(-900)], &[Some(550), Some(700)]);
        let v = adj.judge(&lost, 5).unwrap();
        assert_eq!(v.winner, Some(Color::White));
        let one_sided = track(&[Some(-600), Some(-900)], &[Some(550), Some(100)]);
        assert_eq!(adj.judge(&one_sided, 4), None);
        let missing = track(&[Some(-600), None], &[Some(550), Some(700)]);
        assert_eq!(adj.judge(&missing, 4), None);
    }

    #[test]
    fn draw_and_move_limit() {
        let adj = Adjudication {
            draw: Some(DrawRule::parse("movenumber=3,moves=2,score=10").unwrap()),
            max_moves: Some(10),
            ..Default::default()
        };
        let quiet = track(&[Some(5), Some(-3)], &[Some(0), Some(10)]);
        assert_eq!(adj.judge(&quiet, 5), None, "before move 3");
        assert_eq!(adj.judge(&quiet, 6).unwrap().winner, None);
        let loud = track(&[Some(5), Some(-30)], &[Some(0), Some(10)]);
        assert_eq!(adj.judge(&loud, 6), None);
        assert!(adj.judge(&loud, 20).unwrap().reason.contains("move limit"));
    }

    #[test]
    fn parse_errors() {
        for bad in [
            "",
            "moves=3",
            "moves=x,score=1",
            "moves=0,score=5",
            "moves=3,score=5,x=1",
            "moves=-1,score=5",
        ] {
            assert!(ResignRule::parse(bad).is_err(), "{bad}");
        }
        assert!(DrawRule::parse("movenumber=40,moves=8,score=10").is_ok());
        assert!(DrawRule::parse("moves=8,score=10").is_err());
    }
}
