//! The adjudication flags of match and tune-search ([`AdjudicationArgs`]), read into the one
//! adjudicator ([`longjiang_core::rules::adjudication::Adjudicator`], which datagen uses too):
//!
//! - `--resign moves=N,score=S`: a side loses when its last N scores were all ≤ −S and its
//!   opponent's last N scores all ≥ S (both engines agree; scores are centipawns from the
//!   reporting engine's point of view, mates count as huge).
//! - `--draw movenumber=M,moves=N,score=S`: a draw once M full moves have been played (the
//!   opening included) and both sides' last N scores were all within ±S.
//! - `--maxmoves N`: a draw when N full moves (2N plies, the opening included) have been
//!   played without a result; `0` sets no limit.

use clap::Args;
use longjiang_core::rules::adjudication::{Adjudicator, DrawRule, WinRule};

/// `--resign`, `--draw`, `--maxmoves` (match and tune-search).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct AdjudicationArgs {
    /// Resign adjudication: moves=N,score=CP.
    #[arg(long)]
    pub resign: Option<String>,
    /// Draw adjudication: movenumber=M,moves=N,score=CP.
    #[arg(long)]
    pub draw: Option<String>,
    /// Draw after this many full moves (the opening included; 0: no limit).
    #[arg(long)]
    pub maxmoves: Option<u32>,
}

impl AdjudicationArgs {
    /// The adjudicator these flags describe.
    pub fn adjudicator(&self) -> Result<Adjudicator, String> {
        from_flags(self.resign.as_deref(), self.draw.as_deref(), self.maxmoves)
    }

    /// The flags given, as command-line arguments (for a run's saved settings).
    pub fn push_argv(&self, push: &mut impl FnMut(&str, String)) {
        for (k, o) in [("resign", &self.resign), ("draw", &self.draw)] {
            if let Some(o) = o {
                push(k, o.clone());
            }
        }
        if let Some(m) = self.maxmoves {
            push("maxmoves", m.to_string());
        }
    }
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

/// Reads `--resign moves=N,score=S`: N moves of each side, 2N plies.
pub fn parse_resign(text: &str) -> Result<WinRule, String> {
    let v = key_values(text, "--resign", &["moves", "score"])?;
    if v[0] == 0 {
        return Err("--resign: moves must be at least 1".into());
    }
    Ok(WinRule {
        plies: 2 * v[0] as usize,
        score: v[1] as i32,
    })
}

/// Reads `--draw movenumber=M,moves=N,score=S`: after 2M plies, 2N plies within ±S.
pub fn parse_draw(text: &str) -> Result<DrawRule, String> {
    let v = key_values(text, "--draw", &["movenumber", "moves", "score"])?;
    if v[1] == 0 {
        return Err("--draw: moves must be at least 1".into());
    }
    Ok(DrawRule {
        after: 2 * v[0] as usize,
        plies: 2 * v[1] as usize,
        score: v[2] as i32,
    })
}

/// The adjudicator of `--resign`, `--draw` and `--maxmoves` (`match` and `spsa`).
fn from_flags(
    resign: Option<&str>,
    draw: Option<&str>,
    max_moves: Option<u32>,
) -> Result<Adjudicator, String> {
    Ok(Adjudicator {
        win: resign.map(parse_resign).transpose()?,
        draw: draw.map(parse_draw).transpose()?,
        // `--maxmoves 0` sets no limit (it used to end every game before its first move).
        max_plies: max_moves.filter(|&n| n > 0).map(|n| 2 * n as usize),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_count_moves_of_both_sides_as_plies() {
        let adj = from_flags(
            Some("moves=4,score=1000"),
            Some("movenumber=40,moves=8,score=10"),
            Some(150),
        )
        .unwrap();
        assert_eq!(
            adj,
            Adjudicator {
                win: Some(WinRule {
                    plies: 8,
                    score: 1000
                }),
                draw: Some(DrawRule {
                    after: 80,
                    plies: 16,
                    score: 10
                }),
                max_plies: Some(300),
            }
        );
        assert_eq!(
            from_flags(None, None, None).unwrap(),
            Adjudicator::default()
        );
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
            assert!(parse_resign(bad).is_err(), "{bad}");
        }
        assert!(parse_draw("movenumber=40,moves=8,score=10").is_ok());
        assert!(parse_draw("moves=8,score=10").is_err());
        assert!(parse_draw("movenumber=40,moves=0,score=10").is_err());
    }
}
