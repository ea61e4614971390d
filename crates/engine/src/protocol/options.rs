//! The engine's options: their `option …` lines for the handshake, and reading `setoption`.
//!
//! Names follow each protocol's convention: USI mode advertises `USI_Hash`, `USI_Ponder` and
//! `Variant`; UCI mode `Hash`, `Ponder` and `UCI_Variant` (with Fairy-Stockfish's variant names).
//! `setoption` accepts every spelling in both modes, case-insensitively, so a script written
//! for one mode works in the other.

use super::Mode;
use super::strength::{self, Strength};
use crate::search::engine::{DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD, MAX_MULTIPV, MAX_THREADS};
use crate::search::params;
use longjiang_core::rules::{EnteringKingRule, Rules, StalemateRule, Variant};
use std::time::Duration;

/// Current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations reported per iteration.
    pub multipv: usize,
    /// Whether the GUI may send `go ponder` (informational; pondering works either way).
    pub ponder: bool,
    /// The game played.
    pub variant: Variant,
    /// Time kept in reserve per move for communication delays.
    pub move_overhead: Duration,
    /// Stalemate as `setoption` set it: a draw (RULES.md) or a loss for the stalemated side;
    /// `None` until set, and then each game keeps its own rule (a loss in standard shogi).
    pub stalemate: Option<StalemateRule>,
    /// Shogi's entering-king declaration (`EnteringKingRule`, YaneuraOu's name).
    pub entering_king: EnteringKingRule,
    /// `UseNNUE` as `setoption` set it: true, the net of every game that has one; false, the
    /// classical evaluation. `None` until set, and then each game uses the evaluator its engine
    /// description names ([`Options::uses_nnue`]).
    pub use_nnue: Option<bool>,
    /// The net file loaded with `EvalFile`, or `nnue::EMBEDDED_NAME`.
    pub eval_file: String,
    /// `SpsaOptions`: whether the handshake lists the hidden `spsa_<name>` options of the
    /// search parameters (they are accepted either way).
    pub spsa_options: bool,
    /// `OwnBook`: answer `go` from the book while the position is in it.
    pub own_book: bool,
    /// The book file loaded with `BookFile`, or [`NO_BOOK`].
    pub book_file: String,
    /// `SearchStats`: each search ends with an `info string stats …` line.
    pub search_stats: bool,
    /// `UCI_ShowWDL`: `info` lines carry ` wdl W D L` after the score (`search::wdl`).
    pub show_wdl: bool,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` and `Skill Seed`.
    pub strength: Strength,
}

/// `BookFile`'s value when no book is loaded.
pub const NO_BOOK: &str = "<none>";

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH.default,
            threads: THREADS.default,
            multipv: MULTIPV.default,
            ponder: false,
            variant: Variant::DEFAULT,
            move_overhead: Duration::from_millis(OVERHEAD.default as u64),
            stalemate: None,
            entering_king: EnteringKingRule::Seed27,
            use_nnue: None,
            eval_file: crate::eval::nnue::EMBEDDED_NAME.to_string(),
            spsa_options: false,
            own_book: false,
            book_file: NO_BOOK.to_string(),
            search_stats: false,
            show_wdl: false,
            strength: Strength::default(),
        }
    }
}

/// The range and default of a spin option.
#[derive(Clone, Copy)]
struct Spin {
    default: usize,
    min: usize,
    max: usize,
}

const HASH: Spin = Spin {
    default: DEFAULT_HASH_MB,
    min: 1,
    max: 65536,
};
const THREADS: Spin = Spin {
    default: 1,
    min: 1,
    max: MAX_THREADS,
};
const MULTIPV: Spin = Spin {
    default: 1,
    min: 1,
    max: MAX_MULTIPV,
};
const OVERHEAD: Spin = Spin {
    default: DEFAULT_MOVE_OVERHEAD.as_millis() as usize,
    min: 0,
    max: 10000,
};

/// One accepted `setoption`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// `USI_Hash` / `Hash`.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `USI_Ponder` / `Ponder`.
    Ponder(bool),
    /// `Variant` / `UCI_Variant`.
    Variant(Variant),
    /// `MoveOverhead` / `Move Overhead`.
    MoveOverhead(Duration),
    /// `Stalemate` (`draw` / `loss`).
    Stalemate(StalemateRule),
    /// `Clear Hash` (a button): forget everything learned, as `usinewgame` does.
    ClearHash,
    /// `EnteringKingRule` (shogi's declaration).
    EnteringKing(EnteringKingRule),
    /// `UseNNUE`: evaluate with the net (true) or classically.
    UseNnue(bool),
    /// `spsa_<name>` (hidden): the search parameter `params::ALL[index]`, to `value` (in range).
    SearchParam {
        /// Its index in `params::ALL`.
        index: usize,
        /// The new value, within the parameter's range.
        value: i32,
    },
    /// `SpsaOptions` (hidden): list the `spsa_<name>` options in the handshake.
    SpsaOptions(bool),
    /// `OwnBook`: play from the book.
    OwnBook(bool),
    /// `SearchStats`: report each search's statistics (`info string stats …`).
    SearchStats(bool),
    /// `UCI_ShowWDL`: win/draw/loss chances in `info` lines.
    ShowWdl(bool),
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` or `Skill Seed`.
    Strength(strength::Change),
}

/// The `EnteringKingRule` values, as YaneuraOu names them (`SeedRule27` is the seed's count).
const ENTERING_KING: [(&str, EnteringKingRule); 4] = [
    ("NoEnteringKing", EnteringKingRule::None),
    ("CSARule24", EnteringKingRule::Csa24),
    ("CSARule27", EnteringKingRule::Csa27),
    ("SeedRule27", EnteringKingRule::Seed27),
];

/// The name of a variant in the given mode (UCI tools know Fairy-Stockfish's names).
pub fn variant_name(variant: Variant, mode: Mode) -> &'static str {
    match (mode, variant) {
        (Mode::Usi, v) => v.name(),
        (Mode::Uci, v) => v.fairy_name(),
    }
}

impl Options {
    /// The rules of `variant` with the options that change rules applied: `Stalemate` once
    /// set, and `EnteringKingRule` in a game that has a declaration rule at all (standard
    /// shogi; 龙将棋 has none, so the option never adds one to it).
    pub fn rules_of(&self, variant: Variant) -> Rules {
        let mut rules = variant.rules();
        if rules.entering_king != EnteringKingRule::None {
            rules = rules.with_entering_king(self.entering_king);
        }
        match self.stalemate {
            Some(rule) => rules.with_stalemate(rule),
            None => rules,
        }
    }

    /// Whether `game` is evaluated with its net: `UseNNUE` once set, else the game's own
    /// default (`EngineGame::evaluator`).
    pub fn uses_nnue(&self, game: Variant) -> bool {
        self.use_nnue
            .unwrap_or_else(|| crate::eval::nnue::by_default(game))
    }

    /// The `option …` lines of the handshake, in the given mode's names.
    pub fn lines(&self, mode: Mode) -> Vec<String> {
        self.lines_with_default(mode, Variant::DEFAULT)
    }

    /// [`Options::lines`] with `game` as the variant option's default (the game
    /// `longjiang --variant` names).
    pub fn lines_with_default(&self, mode: Mode, game: Variant) -> Vec<String> {
        let spin = |name: &str, s: Spin| {
            format!(
                "option name {name} type spin default {} min {} max {}",
                s.default, s.min, s.max
            )
        };
        // UCI spells the overhead as Stockfish does; USI keeps one word.
        let (hash, ponder, variant, overhead) = match mode {
            Mode::Usi => ("USI_Hash", "USI_Ponder", "Variant", "MoveOverhead"),
            Mode::Uci => ("Hash", "Ponder", "UCI_Variant", "Move Overhead"),
        };
        // The games this dialect is offered (shogi is a USI game; UCI keeps to the two
        // 龙将棋 games of Fairy-Stockfish).
        let vars: Vec<String> = Variant::served_by(mode.front())
            .map(|v| format!("var {}", variant_name(v, mode)))
            .collect();
        let mut lines = vec![
            spin(hash, HASH),
            spin("Threads", THREADS),
            spin("MultiPV", MULTIPV),
            format!("option name {ponder} type check default false"),
            format!(
                "option name {variant} type combo default {} {}",
                variant_name(game, mode),
                vars.join(" ")
            ),
            spin(overhead, OVERHEAD),
            "option name Stalemate type combo default draw var draw var loss".to_string(),
            "option name Clear Hash type button".to_string(),
            format!(
                "option name UseNNUE type check default {}",
                self.uses_nnue(self.variant)
            ),
            format!(
                "option name EvalFile type string default {}",
                crate::eval::nnue::EMBEDDED_NAME
            ),
            "option name OwnBook type check default false".to_string(),
            format!("option name BookFile type string default {NO_BOOK}"),
            "option name SearchStats type check default false".to_string(),
        ];
        lines.extend(self.strength.lines());
        if mode == Mode::Uci {
            lines.push("option name UCI_ShowWDL type check default false".to_string());
        }
        if mode == Mode::Usi {
            let vars: Vec<String> = ENTERING_KING
                .iter()
                .map(|(n, _)| format!("var {n}"))
                .collect();
            lines.push(format!(
                "option name EnteringKingRule type combo default SeedRule27 {}",
                vars.join(" ")
            ));
        }
        if self.spsa_options {
            // The defaults shown are the current game's (before any `setoption`).
            let game = crate::search::game_params::overrides(self.variant);
            let values = params::Values::with_overrides(game).unwrap_or_default();
            lines.extend(params::ALL.iter().map(|p| {
                format!(
                    "option name spsa_{} type spin default {} min {} max {}",
                    p.name(),
                    values.get(p),
                    p.min,
                    p.max
                )
            }));
        }
        lines
    }

    /// Reads a `setoption`; the error names the option and what is wrong with the value.
    pub fn parse_change(name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let key = name.to_ascii_lowercase();
        let need = |what: &str| -> Result<&str, String> {
            value.ok_or_else(|| format!("setoption: {name} needs a value ({what})"))
        };
        let spin = |s: Spin| -> Result<usize, String> {
            let v = need(&format!("{} … {}", s.min, s.max))?;
            v.parse::<usize>()
                .ok()
                .filter(|n| (s.min..=s.max).contains(n))
                .ok_or_else(|| {
                    format!(
                        "setoption: {name} value '{v}' is not an integer in {} … {}",
                        s.min, s.max
                    )
                })
        };
        let check = || -> Result<bool, String> {
            match need("true or false")? {
                "true" => Ok(true),
                "false" => Ok(false),
                v => Err(format!(
                    "setoption: {name} value '{v}' (expected true or false)"
                )),
            }
        };
        if let Some(change) = strength::parse(&key, name, value) {
            return change.map(OptionChange::Strength);
        }
        match key.as_str() {
            "usi_hash" | "hash" => spin(HASH).map(OptionChange::Hash),
            "threads" => spin(THREADS).map(OptionChange::Threads),
            "multipv" => spin(MULTIPV).map(OptionChange::MultiPv),
            "usi_ponder" | "ponder" => check().map(OptionChange::Ponder),
            "variant" | "uci_variant" => {
                let v = need("longjiang, longjiang-nodrop or shogi")?;
                v.parse::<Variant>()
                    .map(OptionChange::Variant)
                    .map_err(|e| format!("setoption: {name}: {e}"))
            }
            "moveoverhead" | "move overhead" => spin(OVERHEAD)
                .map(|ms| OptionChange::MoveOverhead(Duration::from_millis(ms as u64))),
            "stalemate" => match need("draw or loss")? {
                "draw" => Ok(OptionChange::Stalemate(StalemateRule::Draw)),
                "loss" => Ok(OptionChange::Stalemate(StalemateRule::Loss)),
                v => Err(format!(
                    "setoption: Stalemate value '{v}' (expected draw or loss)"
                )),
            },
            "usennue" => check().map(OptionChange::UseNnue),
            "ownbook" => check().map(OptionChange::OwnBook),
            "searchstats" => check().map(OptionChange::SearchStats),
            "uci_showwdl" => check().map(OptionChange::ShowWdl),
            "enteringkingrule" => {
                let v = need("NoEnteringKing, CSARule24, CSARule27 or SeedRule27")?;
                ENTERING_KING
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(v))
                    .map(|&(_, rule)| OptionChange::EnteringKing(rule))
                    .ok_or_else(|| {
                        format!(
                            "setoption: EnteringKingRule value '{v}' (expected NoEnteringKing, \
                             CSARule24, CSARule27 or SeedRule27)"
                        )
                    })
            }
            "spsaoptions" => check().map(OptionChange::SpsaOptions),
            _ if key.starts_with("spsa_") => search_param(name, value),
            "clear hash" => match value {
                None => Ok(OptionChange::ClearHash),
                Some(_) => Err("setoption: Clear Hash is a button and takes no value".into()),
            },
            _ => {
                let shown: String = name.chars().take(40).collect();
                Err(format!("setoption: no option named '{shown}'"))
            }
        }
    }

    /// Records an accepted change.
    pub fn apply(&mut self, change: OptionChange) {
        match change {
            OptionChange::Hash(mb) => self.hash_mb = mb,
            OptionChange::Threads(n) => self.threads = n,
            OptionChange::MultiPv(n) => self.multipv = n,
            OptionChange::Ponder(on) => self.ponder = on,
            OptionChange::Variant(v) => self.variant = v,
            OptionChange::MoveOverhead(d) => self.move_overhead = d,
            OptionChange::Stalemate(rule) => self.stalemate = Some(rule),
            OptionChange::EnteringKing(rule) => self.entering_king = rule,
            OptionChange::ClearHash => {}
            OptionChange::UseNnue(on) => self.use_nnue = Some(on),
            OptionChange::SpsaOptions(on) => self.spsa_options = on,
            OptionChange::SearchParam { .. } => {}
            OptionChange::OwnBook(on) => self.own_book = on,
            OptionChange::SearchStats(on) => self.search_stats = on,
            OptionChange::ShowWdl(on) => self.show_wdl = on,
            OptionChange::Strength(c) => self.strength.apply(c),
        }
    }
}

/// Reads `setoption name spsa_<name> value N`: a parameter of `params::ALL`, an integer in its
/// range.
fn search_param(name: &str, value: Option<&str>) -> Result<OptionChange, String> {
    let shown: String = name.chars().take(40).collect();
    let index = params::ALL
        .iter()
        .position(|p| params::find(name).is_some_and(|q| std::ptr::eq(*p, q)))
        .ok_or_else(|| format!("setoption: no option named '{shown}'"))?;
    let p = params::ALL[index];
    let v =
        value.ok_or_else(|| format!("setoption: {shown} needs a value ({} … {})", p.min, p.max))?;
    v.parse::<i32>()
        .ok()
        .filter(|n| (p.min..=p.max).contains(n))
        .map(|value| OptionChange::SearchParam { index, value })
        .ok_or_else(|| {
            format!(
                "setoption: {shown} value '{v}' is not an integer in {} … {}",
                p.min, p.max
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_nnue_defaults_to_each_games_evaluator_until_set() {
        use crate::eval::games::{self, Evaluator};
        let mut o = Options::default();
        for v in Variant::EVERY {
            let by_default = games::of(v).evaluator == Evaluator::Network;
            assert_eq!(o.uses_nnue(v), by_default, "{v}");
            let mut shown = o.clone();
            shown.apply(OptionChange::Variant(v));
            let line = format!("option name UseNNUE type check default {by_default}");
            assert!(shown.lines(Mode::Usi).contains(&line), "{v}");
        }
        o.apply(OptionChange::UseNnue(true));
        assert!(Variant::EVERY.iter().all(|&v| o.uses_nnue(v)));
        o.apply(OptionChange::UseNnue(false));
        assert!(Variant::EVERY.iter().all(|&v| !o.uses_nnue(v)));
    }

    #[test]
    fn rule_options_change_only_the_games_that_have_the_rule() {
        let mut o = Options::default();
        // Unset, Stalemate leaves each game its own rule: a loss in shogi, a draw in 龙将棋.
        assert_eq!(o.rules_of(Variant::Shogi).stalemate, StalemateRule::Loss);
        assert_eq!(
            o.rules_of(Variant::Longjiang).stalemate,
            StalemateRule::Draw
        );
        // The declaration rule never reaches 龙将棋, which has none.
        for v in ["CSARule24", "SeedRule27"] {
            let change = Options::parse_change("EnteringKingRule", Some(v));
            o.apply(change.expect("a listed value"));
            assert_eq!(
                o.rules_of(Variant::Longjiang).entering_king,
                EnteringKingRule::None
            );
            assert_eq!(
                o.rules_of(Variant::LongjiangNoDrop).entering_king,
                EnteringKingRule::None
            );
            assert_ne!(
                o.rules_of(Variant::Shogi).entering_king,
                EnteringKingRule::None
            );
        }
        o.apply(OptionChange::Stalemate(StalemateRule::Draw));
        assert_eq!(o.rules_of(Variant::Shogi).stalemate, StalemateRule::Draw);
    }

    #[test]
    fn handshake_lines_use_each_modes_names() {
        let o = Options::default();
        let usi = o.lines(Mode::Usi).join("\n");
        assert!(usi.contains("option name USI_Hash type spin default 64 min 1 max 65536"));
        assert!(usi.contains(
            "option name Variant type combo default longjiang var longjiang var longjiang-nodrop var shogi"
        ));
        let uci = o.lines(Mode::Uci).join("\n");
        assert!(uci.contains("option name Hash type spin"));
        assert!(uci.contains("option name UCI_Variant type combo default longjiangqi var longjiangqi var longjiangqi-nodrop"));
        assert!(uci.contains("option name Ponder type check default false"));
        // The search parameters are hidden until `SpsaOptions` is on.
        assert!(!usi.contains("spsa_"));
        let mut shown = o.clone();
        shown.apply(OptionChange::SpsaOptions(true));
        let usi = shown.lines(Mode::Usi);
        let want = "option name spsa_rfp_margin type spin default 90 min 30 max 200";
        assert!(usi.iter().any(|l| l == want));
        let listed = usi
            .iter()
            .filter(|l| l.starts_with("option name spsa_"))
            .count();
        assert_eq!(listed, params::ALL.len());
        let rfp = params::ALL
            .iter()
            .position(|p| p.const_name == "RFP_MARGIN");
        assert_eq!(
            Options::parse_change("SPSA_RFP_MARGIN", Some("100")),
            Ok(OptionChange::SearchParam {
                index: rfp.unwrap(),
                value: 100
            })
        );
    }

    #[test]
    fn setoption_reads_and_rejects() {
        let ok = [
            ("USI_Hash", Some("128"), OptionChange::Hash(128)),
            ("hash", Some("1"), OptionChange::Hash(1)),
            ("Threads", Some("4"), OptionChange::Threads(4)),
            ("MultiPV", Some("3"), OptionChange::MultiPv(3)),
            ("USI_Ponder", Some("true"), OptionChange::Ponder(true)),
            (
                "UCI_Variant",
                Some("longjiangqi-nodrop"),
                OptionChange::Variant(Variant::LongjiangNoDrop),
            ),
            (
                "Move Overhead",
                Some("0"),
                OptionChange::MoveOverhead(Duration::ZERO),
            ),
            (
                "Stalemate",
                Some("loss"),
                OptionChange::Stalemate(StalemateRule::Loss),
            ),
            ("Clear Hash", None, OptionChange::ClearHash),
            ("UseNNUE", Some("true"), OptionChange::UseNnue(true)),
            ("SpsaOptions", Some("true"), OptionChange::SpsaOptions(true)),
        ];
        for (name, value, want) in ok {
            assert_eq!(Options::parse_change(name, value), Ok(want), "{name}");
        }
        let bad = [
            ("Threads", Some("0"), "not an integer in 1 … 256"),
            ("MultiPV", None, "needs a value"),
            ("USI_Ponder", Some("yes"), "expected true or false"),
            ("Variant", Some("chess"), "unknown variant 'chess'"),
            ("Stalemate", Some("win"), "expected draw or loss"),
            ("Clear Hash", Some("1"), "button"),
            ("Speed", Some("1"), "no option named 'Speed'"),
            ("spsa_rfp_margin", Some("29"), "not an integer in 30 … 200"),
            ("spsa_rfp_margin", Some("x"), "not an integer in 30 … 200"),
            ("spsa_rfp_margin", None, "needs a value"),
            ("spsa_no_such", Some("1"), "no option named 'spsa_no_such'"),
        ];
        for (name, value, want) in bad {
            let e = Options::parse_change(name, value).unwrap_err();
            assert!(e.contains(want), "{name}: {e}");
        }
    }
}
