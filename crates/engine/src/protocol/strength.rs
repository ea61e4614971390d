//! The strength options, Stockfish's names in every dialect: `Skill Level` (0–20, 20 the full
//! engine), `UCI_LimitStrength` with `UCI_Elo` (an Elo on the levels' scale, which wins over
//! `Skill Level` while `UCI_LimitStrength` is on) and `Skill Seed` (the seed of the weak
//! levels' picks; 0 draws one per engine). `search::skill` plays them; docs/levels.md.

use crate::search::skill::{self, Skill};

/// `UCI_Elo`'s default.
pub const DEFAULT_ELO: u32 = 2000;
/// `Skill Seed`'s largest value.
pub const MAX_SEED: u64 = i32::MAX as u64;

/// One accepted strength option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// `Skill Level` (0 ..= 20).
    Level(u8),
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    Limit(bool),
    /// `UCI_Elo`, on the levels' scale.
    Elo(u32),
    /// `Skill Seed`: the seed of a weak level's picks (0: one drawn per engine).
    Seed(u64),
}

/// The strength options' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, 0 ..= 20.
    pub level: u8,
    /// `UCI_LimitStrength`: play at `UCI_Elo` instead of `Skill Level`.
    pub limit: bool,
    /// `UCI_Elo`, `skill::MIN_ELO` ..= `skill::MAX_ELO`.
    pub elo: u32,
    /// `Skill Seed` (0: a seed drawn per engine).
    pub seed: u64,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            level: skill::FULL,
            limit: false,
            elo: DEFAULT_ELO,
            seed: 0,
        }
    }
}

impl Strength {
    /// The level these options ask for (`UCI_Elo` while `UCI_LimitStrength` is on).
    pub fn skill(&self) -> Skill {
        if self.limit {
            Skill::from_elo(self.elo, self.seed)
        } else {
            Skill::level(self.level, self.seed)
        }
    }

    /// Records an accepted change.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::Level(l) => self.level = l,
            Change::Limit(on) => self.limit = on,
            Change::Elo(e) => self.elo = e,
            Change::Seed(s) => self.seed = s,
        }
    }

    /// The `option …` lines of the USI/UCI handshake.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "option name Skill Level type spin default {} min 0 max {}",
                skill::FULL,
                skill::FULL
            ),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!(
                "option name UCI_Elo type spin default {DEFAULT_ELO} min {} max {}",
                skill::MIN_ELO,
                skill::MAX_ELO
            ),
            format!("option name Skill Seed type spin default 0 min 0 max {MAX_SEED}"),
        ]
    }

    /// The `feature option="…"` definitions of XBoard.
    pub fn xboard_definitions() -> Vec<String> {
        vec![
            format!("Skill Level -spin {} 0 {}", skill::FULL, skill::FULL),
            "UCI_LimitStrength -check 0".to_string(),
            format!(
                "UCI_Elo -spin {DEFAULT_ELO} {} {}",
                skill::MIN_ELO,
                skill::MAX_ELO
            ),
            format!("Skill Seed -spin 0 0 {MAX_SEED}"),
        ]
    }
}

/// Reads a strength option (`key` the lower-case name); `None` when `key` is not one. A
/// check's value is `true`/`false` (the XBoard reader turns its `1`/`0` into these).
pub fn parse(key: &str, name: &str, value: Option<&str>) -> Option<Result<Change, String>> {
    let number = |min: u64, max: u64| -> Result<u64, String> {
        let v = value.ok_or_else(|| format!("setoption: {name} needs a value ({min} … {max})"))?;
        v.trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                let shown: String = v.chars().take(40).collect();
                format!("setoption: {name} value '{shown}' is not an integer in {min} … {max}")
            })
    };
    let change = match key {
        "skill level" | "skilllevel" => {
            number(0, u64::from(skill::FULL)).map(|l| Change::Level(l as u8))
        }
        "uci_elo" => number(u64::from(skill::MIN_ELO), u64::from(skill::MAX_ELO))
            .map(|e| Change::Elo(e as u32)),
        "skill seed" | "skillseed" => number(0, MAX_SEED).map(Change::Seed),
        "uci_limitstrength" => match value {
            Some("true") => Ok(Change::Limit(true)),
            Some("false") => Ok(Change::Limit(false)),
            _ => Err(format!(
                "setoption: {name} value '{}' (expected true or false)",
                value.unwrap_or("")
            )),
        },
        _ => return None,
    };
    Some(change)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_options_read_and_refuse() {
        let ok = [
            ("skill level", "0", Change::Level(0)),
            ("skilllevel", "20", Change::Level(20)),
            ("uci_elo", "1500", Change::Elo(1500)),
            ("uci_limitstrength", "true", Change::Limit(true)),
            ("skill seed", "7", Change::Seed(7)),
        ];
        for (key, v, want) in ok {
            let want = Some(Ok(want));
            assert_eq!(parse(key, key, Some(v)), want, "{key}");
        }
        for (key, v) in [
            ("skill level", "99"),
            ("skill level", "-1"),
            ("uci_elo", "strong"),
            ("uci_elo", "1"),
            ("uci_limitstrength", "1"),
        ] {
            let e = parse(key, key, Some(v)).and_then(Result::err);
            assert!(e.is_some_and(|e| e.contains(v)), "{key} {v}");
        }
        assert_eq!(parse("hash", "Hash", Some("1")), None);
    }

    #[test]
    fn elo_wins_only_while_strength_is_limited() {
        let mut s = Strength::default();
        assert!(!s.skill().enabled());
        s.apply(Change::Level(3));
        assert_eq!(s.skill().value(), 3.0);
        s.apply(Change::Elo(skill::MIN_ELO));
        assert_eq!(s.skill().value(), 3.0);
        s.apply(Change::Limit(true));
        assert_eq!(s.skill().value(), 0.0);
    }
}
