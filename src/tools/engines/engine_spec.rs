//! `--engine` specifications: `cmd=…,name=…,proto=usi|uci,option.X=Y,…`.
//!
//! The value is a comma-separated list of `key=value` items; a literal comma inside a value is
//! written `\,` (and a literal backslash `\\`). `cmd` may carry arguments after the program,
//! separated by spaces; `args=` appends more. `tc=` (the `--tc` grammar) and the limits
//! `nodes=`, `depth=`, `st=`/`movetime=`, `byoyomi=` and `timemargin=` give this engine its own
//! time control (time odds); `--each` gives keys to every engine that does not set them.

use super::timecontrol::{TcError, TimeControl};
use std::fmt;
use std::path::PathBuf;

/// The spellings of one option in USI and UCI (and Stockfish's), any of which a spec may use.
pub(super) const OPTION_ALIASES: [[&str; 2]; 3] = [
    ["Hash", "USI_Hash"],
    ["Ponder", "USI_Ponder"],
    ["Move Overhead", "MoveOverhead"],
];

/// The protocol an engine speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proto {
    /// USI: `usi`/`usiok`, drops written `P*e5`, `position sfen`, `btime` = first player.
    Usi,
    /// UCI: `uci`/`uciok`, drops written `P@e5`, `position fen` with Fairy-Stockfish's FEN,
    /// `wtime` = first player.
    Uci,
}

impl Proto {
    /// The protocol's name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Proto::Usi => "usi",
            Proto::Uci => "uci",
        }
    }
}

/// One engine of the match: how to start it and what to tell it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineSpec {
    /// The name used in records and statistics (unique within a match).
    pub name: String,
    /// The program to run.
    pub program: String,
    /// Its command-line arguments.
    pub args: Vec<String>,
    /// Working directory, if not the runner's.
    pub dir: Option<PathBuf>,
    /// The protocol it speaks.
    pub proto: Proto,
    /// `setoption` pairs, sent in this order after the handshake.
    pub options: Vec<(String, String)>,
    /// Whether `name=` gave the name (else it is the program's file name, which the runner
    /// numbers when two engines share it).
    pub named: bool,
    /// `searchmoves=legal`: every `go` lists the moves our rules core holds legal
    /// (`go … searchmoves …`), for an engine whose rules are looser than ours.
    pub legal_only: bool,
    /// `tc=`: this engine's own time control (the `--tc` grammar), instead of the match's.
    pub tc: Option<String>,
    /// `nodes=`, `depth=`, `st=`, `byoyomi=` items, in order: added to (or replacing the same
    /// item of) the engine's time control.
    pub limits: Vec<String>,
    /// `timemargin=MS`: this engine's own `--time-margin`.
    pub time_margin: Option<u64>,
}

/// The time-control items an engine spec may carry besides `tc=` (the `--tc` keys).
const LIMIT_KEYS: [&str; 6] = ["nodes", "depth", "st", "movetime", "byoyomi", "byo"];

/// The key an item sets, for `--each`: an engine's own item of the same key wins. Options
/// compare without case and under their other spelling (`Hash` is `USI_Hash`).
fn item_key(item: &str) -> String {
    let key = item.split_once('=').map_or(item, |(k, _)| k).trim();
    if let Some(opt) = key.strip_prefix("option.") {
        let opt = opt.trim();
        let canonical = OPTION_ALIASES
            .iter()
            .find(|pair| pair.iter().any(|a| a.eq_ignore_ascii_case(opt)))
            .map_or(opt, |pair| pair[0]);
        return format!("option.{}", canonical.to_ascii_lowercase());
    }
    match key {
        "movetime" => "st".into(),
        "byo" => "byoyomi".into(),
        k => k.to_string(),
    }
}

/// Why an `--engine` value cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--engine: {}", self.0)
    }
}

impl std::error::Error for SpecError {}

/// Splits on commas that are not escaped, resolving `\,` and `\\`.
pub fn split_items(text: &str) -> Result<Vec<String>, SpecError> {
    crate::tools::common::items::split_items(text).map_err(SpecError)
}

impl EngineSpec {
    /// Parses one `--engine` value.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        EngineSpec::with_each(text, None)
    }

    /// Parses one `--engine` value with the `--each` items (cutechess's `-each`): each item
    /// of `each` whose key the engine does not set itself comes first, then the engine's.
    pub fn with_each(text: &str, each: Option<&str>) -> Result<EngineSpec, SpecError> {
        let own = split_items(text)?;
        let mut items = Vec::new();
        if let Some(each) = each {
            let own_keys: Vec<String> = own.iter().map(|i| item_key(i)).collect();
            for item in split_items(each).map_err(|e| SpecError(format!("--each: {}", e.0)))? {
                if !item.trim().is_empty() && !own_keys.contains(&item_key(&item)) {
                    items.push(item);
                }
            }
        }
        items.extend(own);
        EngineSpec::parse_items(text, items)
    }

    fn parse_items(text: &str, items: Vec<String>) -> Result<EngineSpec, SpecError> {
        let mut cmd: Option<String> = None;
        let mut name = None;
        let mut proto = Proto::Usi;
        let mut extra_args = Vec::new();
        let mut dir = None;
        let mut options = Vec::new();
        let mut legal_only = false;
        let (mut tc, mut limits, mut time_margin) = (None, Vec::new(), None);
        for item in items {
            if item.trim().is_empty() {
                continue;
            }
            let Some((key, value)) = item.split_once('=') else {
                return Err(SpecError(format!("'{item}' is not key=value")));
            };
            let key = key.trim();
            match key {
                "cmd" => cmd = Some(value.to_string()),
                "name" => name = Some(value.trim().to_string()),
                "proto" => {
                    proto = match value.trim().to_ascii_lowercase().as_str() {
                        "usi" => Proto::Usi,
                        "uci" => Proto::Uci,
                        other => {
                            return Err(SpecError(format!(
                                "proto '{other}' (expected usi or uci)"
                            )));
                        }
                    }
                }
                "args" => extra_args.extend(value.split_whitespace().map(String::from)),
                "dir" => dir = Some(PathBuf::from(value)),
                "searchmoves" => {
                    legal_only = match value.trim().to_ascii_lowercase().as_str() {
                        "legal" => true,
                        "all" => false,
                        other => {
                            return Err(SpecError(format!(
                                "searchmoves '{other}' (expected legal or all)"
                            )));
                        }
                    }
                }
                "tc" => {
                    let t = value.trim();
                    t.parse::<TimeControl>()
                        .map_err(|e| SpecError(format!("tc={t}: {}", e.0)))?;
                    tc = Some(t.to_string());
                }
                "timemargin" => {
                    time_margin = Some(value.trim().parse().map_err(|_| {
                        SpecError(format!(
                            "timemargin '{value}' is not a number of milliseconds"
                        ))
                    })?)
                }
                k if LIMIT_KEYS.contains(&k) => limits.push(format!("{k}={}", value.trim())),
                _ => match key.strip_prefix("option.") {
                    Some(opt) if !opt.trim().is_empty() => {
                        options.push((opt.trim().to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(SpecError(format!(
                            "unknown key '{key}' (expected cmd, name, proto, args, dir, searchmoves, tc, \
                             nodes, depth, st, byoyomi, timemargin or option.NAME)"
                        )));
                    }
                },
            }
        }
        let cmd = cmd.ok_or_else(|| SpecError(format!("'{text}' has no cmd=")))?;
        let mut words = cmd.split_whitespace().map(String::from);
        let program = words
            .next()
            .ok_or_else(|| SpecError("cmd= is empty".into()))?;
        let mut args: Vec<String> = words.collect();
        args.extend(extra_args);
        let named = name.is_some();
        let name = match name {
            Some(n) if !n.is_empty() => n,
            Some(_) => return Err(SpecError("name= is empty".into())),
            None => std::path::Path::new(&program)
                .file_name()
                .map_or_else(|| program.clone(), |f| f.to_string_lossy().into_owned()),
        };
        if name.chars().any(|c| c == '"' || c.is_control()) {
            return Err(SpecError(format!(
                "name '{name}' may not contain quotes or control characters"
            )));
        }
        Ok(EngineSpec {
            named,
            name,
            program,
            args,
            dir,
            proto,
            options,
            legal_only,
            tc,
            limits,
            time_margin,
        })
    }

    /// This engine's time control: its `tc=` (else the match's `global`) with its limits
    /// (`nodes=` …) added, each replacing the same item.
    pub fn time_control(&self, global: &TimeControl) -> Result<TimeControl, String> {
        let base = self.tc.clone().unwrap_or_else(|| global.to_string());
        let text = std::iter::once(base)
            .chain(self.limits.iter().cloned())
            .collect::<Vec<_>>()
            .join(",");
        text.parse()
            .map_err(|e: TcError| format!("engine {}: time control {text}: {}", self.name, e.0))
    }

    /// Whether this engine's time control or margin differs from the match's.
    pub fn has_own_time(&self) -> bool {
        self.tc.is_some() || !self.limits.is_empty() || self.time_margin.is_some()
    }

    /// Whether the user set this option (names compare case-insensitively, as USI/UCI do).
    pub fn has_option(&self, name: &str) -> bool {
        self.options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_spec() {
        let s = EngineSpec::parse(
            "cmd=/opt/fsf --x,name=fsf,proto=uci,option.UCI_Variant=longjiangqi-nodrop,\
             option.VariantPath=/a\\,b.ini,args=-y -z,dir=/tmp",
        )
        .unwrap();
        assert_eq!(s.program, "/opt/fsf");
        assert_eq!(s.args, ["--x", "-y", "-z"]);
        assert_eq!(s.name, "fsf");
        assert_eq!(s.proto, Proto::Uci);
        assert_eq!(s.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(
            s.options,
            [
                ("UCI_Variant".to_string(), "longjiangqi-nodrop".to_string()),
                ("VariantPath".to_string(), "/a,b.ini".to_string())
            ]
        );
        assert!(s.has_option("uci_variant"));
        assert!(!s.legal_only, "engines search every move unless restricted");
        for (v, want) in [("legal", true), ("LEGAL", true), ("all", false)] {
            let r = EngineSpec::parse(&format!("cmd=fsf,searchmoves={v}")).unwrap();
            assert_eq!(r.legal_only, want, "{v}");
        }
    }

    /// `--each` gives every key the engine does not set itself; options compare without
    /// case and under their other spelling, `st` is `movetime`.
    #[test]
    fn each_items_fill_in_what_the_engine_does_not_set() {
        let each = Some("option.Hash=64,option.Threads=2,tc=5+0.05,movetime=1,proto=uci");
        let s = EngineSpec::with_each("cmd=a,option.USI_Hash=16,st=2,name=x", each).unwrap();
        assert_eq!(
            s.options,
            [
                ("Threads".to_string(), "2".to_string()),
                ("USI_Hash".to_string(), "16".to_string())
            ]
        );
        assert_eq!(
            (s.tc.as_deref(), &s.limits[..]),
            (Some("5+0.05"), &["st=2".to_string()][..])
        );
        assert_eq!((s.proto, s.name.as_str()), (Proto::Uci, "x"));
        let global: TimeControl = "10+0.1".parse().unwrap();
        let plain = EngineSpec::parse("cmd=a,nodes=500").unwrap();
        assert_eq!(
            plain.time_control(&global).unwrap().to_string(),
            "10+0.1,nodes=500"
        );
        let own = EngineSpec::parse("cmd=a,tc=40/60,nodes=9,timemargin=300").unwrap();
        assert_eq!(
            own.time_control(&global).unwrap().to_string(),
            "40/60,nodes=9"
        );
        assert_eq!(own.time_margin, Some(300));
        assert!(
            EngineSpec::parse("cmd=a,st=1")
                .unwrap()
                .time_control(&global)
                .is_err()
        );
    }

    #[test]
    fn defaults_and_errors() {
        let s = EngineSpec::parse("cmd=./target/release/longjiang").unwrap();
        assert_eq!((s.name.as_str(), s.proto), ("longjiang", Proto::Usi));
        for bad in [
            "name=x",
            "cmd=",
            "cmd=a,proto=xboard",
            "cmd=a,colour=red",
            "cmd=a,oops",
            "cmd=a\\",
            "cmd=a,name=",
            "cmd=a,option.=1",
            "cmd=a,searchmoves=some",
            "cmd=a,searchmoves=",
            "cmd=a,tc=fast",
            "cmd=a,timemargin=x",
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
