//! `--engine` specifications: `cmd=…,name=…,proto=usi|uci,option.X=Y,…`.
//!
//! The value is a comma-separated list of `key=value` items; a literal comma inside a value is
//! written `\,` (and a literal backslash `\\`). `cmd` may carry arguments after the program,
//! separated by spaces; `args=` appends more.

use std::fmt;
use std::path::PathBuf;

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
    let mut items = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ (',' | '\\')) => cur.push(e),
                Some(other) => {
                    cur.push('\\');
                    cur.push(other);
                }
                None => return Err(SpecError("a trailing '\\' escapes nothing".into())),
            },
            ',' => items.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    items.push(cur);
    Ok(items)
}

impl EngineSpec {
    /// Parses one `--engine` value.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let mut cmd: Option<String> = None;
        let mut name = None;
        let mut proto = Proto::Usi;
        let mut extra_args = Vec::new();
        let mut dir = None;
        let mut options = Vec::new();
        let mut legal_only = false;
        for item in split_items(text)? {
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
                _ => match key.strip_prefix("option.") {
                    Some(opt) if !opt.trim().is_empty() => {
                        options.push((opt.trim().to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(SpecError(format!(
                            "unknown key '{key}' (expected cmd, name, proto, args, dir, searchmoves or option.NAME)"
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
        })
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
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
