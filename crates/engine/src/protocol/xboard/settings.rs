//! The engine's options as XBoard shows them (`feature option="…"` lines) and the `option`,
//! `memory` and `cores` commands that change them. The options shared with the USI mode are
//! read by [`crate::protocol::options::Options`]; resigning and draw offers exist only here,
//! and are off unless the user asks for them.

use crate::protocol::options::{OptionChange, Options};
use crate::protocol::strength::{Change, Strength};
use crate::search::engine::{DEFAULT_MOVE_OVERHEAD, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS};
use longjiang_core::rules::StalemateRule;

/// When the engine gives up or proposes a draw (both off by default: the protocol leaves it
/// to the engine, and a person playing it should see the game to its end unless they ask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Etiquette {
    /// Resign once the score has been at or below `-resign_score` for three moves in a row.
    pub resign: bool,
    /// In centipawns.
    pub resign_score: i64,
    /// Offer (and accept) a draw when the score has stayed within ±10 for eight moves in a
    /// row from move 40 on.
    pub draw_offers: bool,
}

impl Default for Etiquette {
    fn default() -> Etiquette {
        Etiquette {
            resign: false,
            resign_score: 1000,
            draw_offers: false,
        }
    }
}

/// The `option` definitions XBoard shows in its engine settings dialog. Hash size and threads
/// come from XBoard's own `memory` and `cores` commands. `use_nnue`: `UseNNUE`'s default (the
/// game's own evaluator, see [`Options::uses_nnue`]).
pub fn option_definitions(etiquette: Etiquette, use_nnue: bool) -> Vec<String> {
    let mut defs = vec![
        format!("MultiPV -spin 1 1 {MAX_MULTIPV}"),
        format!(
            "Move Overhead -spin {} 0 10000",
            DEFAULT_MOVE_OVERHEAD.as_millis()
        ),
        "Stalemate -combo *draw /// loss".to_string(),
        "Clear Hash -button".to_string(),
        format!("Resign -check {}", u8::from(etiquette.resign)),
        format!("Resign Score -spin {} 100 100000", etiquette.resign_score),
        format!("Offer Draws -check {}", u8::from(etiquette.draw_offers)),
        format!("UseNNUE -check {}", u8::from(use_nnue)),
        format!("EvalFile -file {}", crate::eval::nnue::EMBEDDED_NAME),
    ];
    defs.extend(Strength::xboard_definitions());
    defs
}

/// One accepted `option`, `memory` or `cores` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// An option the USI mode has too.
    Engine(OptionChange),
    /// Resigning and draw offers.
    Etiquette(Etiquette),
}

/// Reads `option NAME[=VALUE]` (the text after `option`).
pub fn parse_option(text: &str, current: Etiquette) -> Result<Setting, String> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (text.trim(), None),
    };
    let check = |v: Option<&str>| match v {
        Some("1") => Ok(true),
        Some("0") => Ok(false),
        _ => Err(format!("option {name} takes 0 or 1")),
    };
    let mut e = current;
    match name.to_ascii_lowercase().as_str() {
        "resign" => e.resign = check(value)?,
        "usennue" => return check(value).map(|on| Setting::Engine(OptionChange::UseNnue(on))),
        // Accepted, not listed among the features: a developer's switch (docs/search-stats.md).
        "searchstats" => {
            return check(value).map(|on| Setting::Engine(OptionChange::SearchStats(on)));
        }
        "offer draws" => e.draw_offers = check(value)?,
        "resign score" => {
            e.resign_score = value
                .and_then(|v| v.parse().ok())
                .filter(|n| (100..=100_000).contains(n))
                .ok_or_else(|| format!("option {name} takes an integer in 100 … 100000"))?
        }
        "stalemate" => {
            return match value {
                Some("draw") => Ok(Setting::Engine(OptionChange::Stalemate(
                    StalemateRule::Draw,
                ))),
                Some("loss") => Ok(Setting::Engine(OptionChange::Stalemate(
                    StalemateRule::Loss,
                ))),
                _ => Err(format!("option {name} takes draw or loss")),
            };
        }
        "uci_limitstrength" => {
            return check(value)
                .map(|on| Setting::Engine(OptionChange::Strength(Change::Limit(on))));
        }
        "multipv" | "move overhead" | "clear hash" | "skill level" | "uci_elo" | "skill seed" => {
            return Options::parse_change(name, value).map(Setting::Engine);
        }
        n if n.starts_with("spsa_") => {
            return Options::parse_change(name, value).map(Setting::Engine);
        }
        _ => return Err(format!("no option named '{name}'")),
    }
    Ok(Setting::Etiquette(e))
}

/// `memory N`: the hash table takes the memory XBoard allows (at least 1 MiB).
pub fn parse_memory(arg: &str) -> Option<Setting> {
    let mb: usize = arg.parse().ok()?;
    Some(Setting::Engine(OptionChange::Hash(
        mb.clamp(1, MAX_HASH_MB),
    )))
}

/// `cores N`: one search thread per core allowed.
pub fn parse_cores(arg: &str) -> Option<Setting> {
    let n: usize = arg.parse().ok()?;
    Some(Setting::Engine(OptionChange::Threads(
        n.clamp(1, MAX_THREADS),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn options_read_and_refuse() {
        let e = Etiquette::default();
        assert_eq!(
            parse_option("MultiPV=3", e),
            Ok(Setting::Engine(OptionChange::MultiPv(3)))
        );
        assert_eq!(
            parse_option("Move Overhead=0", e),
            Ok(Setting::Engine(OptionChange::MoveOverhead(Duration::ZERO)))
        );
        assert_eq!(
            parse_option("Clear Hash", e),
            Ok(Setting::Engine(OptionChange::ClearHash))
        );
        assert_eq!(
            parse_option("Stalemate=loss", e),
            Ok(Setting::Engine(OptionChange::Stalemate(
                StalemateRule::Loss
            )))
        );
        let Ok(Setting::Etiquette(r)) = parse_option("Resign=1", e) else {
            panic!("Resign=1")
        };
        assert!(r.resign && !r.draw_offers);
        assert!(parse_option("Resign=yes", e).is_err());
        assert!(parse_option("Resign Score=5", e).is_err());
        assert!(parse_option("Speed=1", e).is_err());
        assert!(parse_option("MultiPV=0", e).is_err());
        assert_eq!(
            parse_memory("100000000"),
            Some(Setting::Engine(OptionChange::Hash(MAX_HASH_MB)))
        );
        assert_eq!(
            parse_cores("0"),
            Some(Setting::Engine(OptionChange::Threads(1)))
        );
        assert_eq!(parse_cores("x"), None);
        assert_eq!(
            parse_option("UseNNUE=0", e),
            Ok(Setting::Engine(OptionChange::UseNnue(false)))
        );
        assert!(parse_option("UseNNUE=true", e).is_err());
        let defs = option_definitions(e, true);
        assert!(defs.contains(&"Stalemate -combo *draw /// loss".to_string()));
        assert!(defs.contains(&"UseNNUE -check 1".to_string()));
        assert!(defs.contains(&"EvalFile -file <embedded>".to_string()));
    }
}
