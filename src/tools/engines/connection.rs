//! Talking to one engine in USI or UCI: the handshake with options and the game's variant,
//! sending the [`dialect`](super::dialect)'s `position` and `go`, and reading `bestmove` with
//! the last score.

use super::dialect::parse_score;
use super::engine_spec::{EngineSpec, OPTION_ALIASES, Proto};
use super::lateness::{InfoSeen, LateAnswer};
use super::process::{EngineProcess, Recv, TrafficLog, describe_exit};
use longjiang_core::rules::Variant;
use std::fmt;
use std::time::{Duration, Instant};

/// How an engine failed, when it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started at all (a setup error: the match stops).
    Spawn(String),
    /// The process ended or closed its output.
    Crash(String),
    /// It did not answer in time.
    Hang(String),
    /// It refused an option the user gave, or does not declare it (a setup error: the match
    /// stops).
    Rejected(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Spawn(s) => write!(f, "could not start: {s}"),
            Failure::Crash(s) => write!(f, "crashed ({s})"),
            Failure::Hang(s) => write!(f, "did not answer {s}"),
            Failure::Rejected(s) => write!(f, "{s}"),
        }
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `bestmove X` arrived (`X` may be anything; the arbiter judges it).
    Move {
        /// The move text (`resign` included).
        text: String,
        /// Think time, from the flushed `go` to the arrival of `bestmove`.
        used: Duration,
        /// The last score the engine reported for this search, in centipawns from its own
        /// point of view, on the one scale of
        /// [`Score::centipawns`](longjiang_engine::search::Score::centipawns).
        score: Option<i32>,
        /// The last `info` line with a score before `bestmove` (for the PGN's comment).
        info: Option<String>,
        /// The last `info` line with the engine's `time` (else with a depth or nodes) before
        /// `bestmove` (for the reason of a late move).
        seen: Option<InfoSeen>,
    },
    /// Nothing by the deadline.
    NoReply {
        /// How long the runner waited.
        waited: Duration,
        /// The last `info` line with the engine's `time` (else with a depth or nodes) before
        /// the deadline.
        seen: Option<InfoSeen>,
    },
    /// The engine died while thinking.
    Crash(String),
}

/// An option an engine declared in its handshake.
#[derive(Clone, Debug)]
struct Declared {
    name: String,
    vars: Vec<String>,
}

/// A started engine, after its handshake.
pub struct EngineConnection {
    proc: EngineProcess,
    /// The protocol it speaks.
    pub proto: Proto,
    /// The name it reported (`id name`), if any.
    pub id_name: Option<String>,
    timeout: Duration,
    /// When the last `go` was flushed (`think`), and the last `info` seen since (`stop`
    /// reports what came after it).
    last_go: Option<(Instant, Option<InfoSeen>)>,
}

/// The name under which the engine declared option `name`: the same name (any case), else
/// its other spelling ([`OPTION_ALIASES`]); `None` when it declared neither.
fn declared_name<'a>(name: &str, declared: &'a [Declared]) -> Option<&'a str> {
    let find = |n: &str| {
        declared
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(n))
            .map(|d| d.name.as_str())
    };
    find(name).or_else(|| {
        OPTION_ALIASES
            .iter()
            .find(|pair| pair.iter().any(|a| a.eq_ignore_ascii_case(name)))
            .and_then(|pair| pair.iter().find_map(|a| find(a)))
    })
}

/// Parses `option name <NAME> type <T> … var a var b`.
fn parse_option(line: &str) -> Option<Declared> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let n = tokens.iter().position(|&t| t == "name")?;
    let t = tokens.iter().position(|&t| t == "type")?;
    if t <= n + 1 {
        return None;
    }
    let name = tokens[n + 1..t].join(" ");
    let vars = tokens
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect();
    Some(Declared { name, vars })
}

/// The value to give a variant option: our own names for `Variant`, Fairy-Stockfish's for
/// `UCI_Variant`/`USI_Variant`, unless the engine's list of values holds the other.
fn variant_value(option: &Declared, variant: Variant) -> String {
    let ours = variant.name().to_string();
    let fsf = variant.fairy_name().to_string();
    let preferred = if option.name.eq_ignore_ascii_case("Variant") {
        [ours, fsf]
    } else {
        [fsf, ours]
    };
    preferred
        .iter()
        .find(|v| option.vars.iter().any(|x| x == *v))
        .unwrap_or(&preferred[0])
        .clone()
}

impl EngineConnection {
    /// Starts the engine of `spec` and does the handshake: `usi`/`uci`, the user's options in
    /// order, the variant (through the first of `Variant`, `UCI_Variant`, `USI_Variant` that it
    /// declares, unless the user set one), then one `isready`. Each wait lasts at most
    /// `timeout` (`--hang-timeout`).
    pub fn start(
        spec: &EngineSpec,
        variant: Variant,
        timeout: Duration,
        label: String,
        log: Option<TrafficLog>,
    ) -> Result<EngineConnection, Failure> {
        let proc =
            EngineProcess::spawn(spec, label, log).map_err(|e| Failure::Spawn(e.to_string()))?;
        let mut engine = EngineConnection {
            proc,
            proto: spec.proto,
            id_name: None,
            timeout,
            last_go: None,
        };
        let (hello, ok) = match spec.proto {
            Proto::Usi => ("usi", "usiok"),
            Proto::Uci => ("uci", "uciok"),
        };
        engine.send(hello)?;
        let mut declared = Vec::new();
        let deadline = Instant::now() + timeout;
        loop {
            let line = engine.line_before(deadline, hello)?;
            let t = line.trim();
            if t == ok {
                break;
            } else if let Some(name) = t.strip_prefix("id name ") {
                engine.id_name = Some(name.trim().to_string());
            } else if t.starts_with("option ") {
                declared.extend(parse_option(t));
            }
        }
        // Every option goes before the first `isready`, as GUIs send them: an engine may do
        // its set-up work there (YaneuraOu clears its table at `isready`, at its default size
        // unless `USI_Hash` came first).
        let mut sent = Vec::new();
        for (name, value) in &spec.options {
            // `spsa_<name>` options are hidden (protocol.md): the engine's answer to
            // `isready` (`sync_checked`) tells whether it took one.
            let hidden = name
                .get(..5)
                .is_some_and(|p| p.eq_ignore_ascii_case("spsa_"));
            let name = match declared_name(name, &declared) {
                Some(d) => d,
                None if hidden || declared.is_empty() => name.as_str(),
                None => {
                    let names: Vec<&str> = declared.iter().map(|d| d.name.as_str()).collect();
                    return Err(Failure::Rejected(format!(
                        "option {name}: the engine declares no such option (it has {})",
                        names.join(", ")
                    )));
                }
            };
            engine.send(&format!("setoption name {name} value {value}"))?;
            sent.push((name.to_string(), format!("{name}={value}")));
        }
        let candidates: &[&str] = match spec.proto {
            Proto::Usi => &["Variant", "USI_Variant", "UCI_Variant"],
            Proto::Uci => &["UCI_Variant", "Variant", "USI_Variant"],
        };
        if !candidates.iter().any(|c| spec.has_option(c))
            && let Some(opt) = candidates
                .iter()
                .find_map(|c| declared.iter().find(|d| d.name.eq_ignore_ascii_case(c)))
        {
            let value = variant_value(opt, variant);
            engine.send(&format!("setoption name {} value {value}", opt.name))?;
            sent.push((opt.name.clone(), format!("{}={value} (the game)", opt.name)));
        }
        engine.sync_checked(&sent)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<Instant, Failure> {
        self.proc.send(line).map_err(|e| {
            let status = self.proc.wait_exit(Duration::from_millis(200));
            Failure::Crash(format!("{}; writing failed: {e}", describe_exit(status)))
        })
    }

    /// The next line before `deadline`; `what` names the awaited answer in errors.
    fn line_before(&mut self, deadline: Instant, what: &str) -> Result<String, Failure> {
        match self.proc.recv(deadline) {
            Recv::Line(_, l) => Ok(l),
            Recv::Timeout => Err(Failure::Hang(format!(
                "'{what}' within {:.1} s",
                self.timeout.as_secs_f64()
            ))),
            Recv::Closed => Err(Failure::Crash(describe_exit(
                self.proc.wait_exit(Duration::from_millis(200)),
            ))),
        }
    }

    /// `isready` and wait for `readyok`, skipping anything else (stale output included).
    pub fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeout;
        while self.line_before(deadline, "isready")?.trim() != "readyok" {}
        Ok(())
    }

    /// `isready` after the `setoption`s of `sent` (each option's name and how to name it in
    /// a message): an error the engine printed before `readyok` that names one of them
    /// (`info string error: setoption: Threads …`, `No such option: Foo`, `error …`) refuses
    /// that option. Any other line is for people (YaneuraOu's `info string Error! : can't read
    /// file …` when it looks for a book), and the traffic log keeps it.
    fn sync_checked(&mut self, sent: &[(String, String)]) -> Result<(), Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeout;
        let mut complaint = None;
        loop {
            let line = self.line_before(deadline, "isready")?;
            let t = line.trim();
            if t == "readyok" {
                break;
            }
            let lower = t.to_ascii_lowercase();
            let error_like = lower.starts_with("info string error")
                || lower.starts_with("error")
                || lower.contains("no such option");
            if complaint.is_none() && error_like {
                let words: Vec<&str> = lower
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .collect();
                complaint = sent
                    .iter()
                    .find(|(name, _)| {
                        let name = name.to_ascii_lowercase();
                        if name.contains(' ') {
                            lower.contains(&name)
                        } else {
                            words.contains(&name.as_str())
                        }
                    })
                    .map(|(_, what)| (what.clone(), t.to_string()));
            }
        }
        match complaint {
            Some((what, c)) => Err(Failure::Rejected(format!(
                "option {what}: the engine answered '{c}'"
            ))),
            None => Ok(()),
        }
    }

    /// `setoption` for each pair, then `isready`; an error the engine prints that names one
    /// of them refuses it, as at the start (`tune-search` sets each iteration's values so).
    pub fn set_options(&mut self, options: &[(String, String)]) -> Result<(), Failure> {
        let mut sent = Vec::new();
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
            sent.push((name.clone(), format!("{name}={value}")));
        }
        self.sync_checked(&sent)
    }

    /// Prepares a new game: `usinewgame`/`ucinewgame`, then `isready`.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send(match self.proto {
            Proto::Usi => "usinewgame",
            Proto::Uci => "ucinewgame",
        })?;
        self.sync()
    }

    /// Sends `position` and `go`, then waits for `bestmove` until `limit + margin` after the
    /// `go` was flushed (or `hang_timeout` when the search has no time limit).
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        limit: Option<Duration>,
        margin: Duration,
        hang_timeout: Duration,
    ) -> Reply {
        if let Err(f) = self.send(position) {
            return Reply::Crash(f.to_string());
        }
        let sent = match self.send(go) {
            Ok(at) => at,
            Err(f) => return Reply::Crash(f.to_string()),
        };
        let deadline = sent + limit.map_or(hang_timeout, |l| l + margin);
        let (mut score, mut info, mut seen) = (None, None, None);
        loop {
            match self.proc.recv(deadline) {
                Recv::Line(at, line) => {
                    let t = line.trim();
                    seen = InfoSeen::update(seen, t, at.saturating_duration_since(sent));
                    if t.starts_with("info") && !t.starts_with("info string") {
                        if let Some(s) = parse_score(t) {
                            score = Some(s.centipawns());
                            info = Some(t.to_string());
                        }
                    } else if let Some(rest) = t.strip_prefix("bestmove") {
                        let text = rest.split_whitespace().next().unwrap_or("").to_string();
                        return Reply::Move {
                            text,
                            used: at.saturating_duration_since(sent),
                            score,
                            info,
                            seen,
                        };
                    }
                }
                Recv::Timeout => {
                    self.last_go = Some((sent, seen));
                    return Reply::NoReply {
                        waited: sent.elapsed(),
                        seen,
                    };
                }
                Recv::Closed => {
                    return Reply::Crash(describe_exit(
                        self.proc.wait_exit(Duration::from_millis(200)),
                    ));
                }
            }
        }
    }

    /// After a missed deadline: `stop`, and wait up to `grace` for the late `bestmove`: when
    /// it came after the `go` and the last `info` before it, or `None` when the engine did not
    /// answer (it is then not reused).
    pub fn stop(&mut self, grace: Duration) -> Option<LateAnswer> {
        if self.send("stop").is_err() {
            return None;
        }
        let (sent, mut last) = self.last_go.take().unwrap_or((Instant::now(), None));
        let deadline = Instant::now() + grace;
        loop {
            match self.proc.recv(deadline) {
                Recv::Line(at, l) => {
                    let since = at.saturating_duration_since(sent);
                    if l.trim_start().starts_with("bestmove") {
                        return Some(LateAnswer { at: since, last });
                    }
                    last = InfoSeen::update(last, l.trim(), since);
                }
                _ => return None,
            }
        }
    }

    /// Tells a USI engine how its game ended (`gameover win|lose|draw`); UCI has no such
    /// command.
    pub fn game_over(&mut self, won: Option<bool>) {
        if self.proto == Proto::Usi {
            let word = match won {
                Some(true) => "win",
                Some(false) => "lose",
                None => "draw",
            };
            let _ = self.send(&format!("gameover {word}"));
        }
    }

    /// Asks the engine to quit and reaps it (killing it if it lingers).
    pub fn quit(mut self) {
        let _ = self.proc.send("quit");
        self.proc.close_input();
        if self.proc.wait_exit(Duration::from_millis(500)).is_none() {
            self.proc.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spec may name an option in either protocol's spelling: `Hash` reaches a USI engine
    /// that declares `USI_Hash`, and the reverse.
    #[test]
    fn options_are_found_under_their_other_spelling() {
        let declared: Vec<Declared> = [
            "option name USI_Hash type spin default 64 min 1 max 65536",
            "option name MoveOverhead type spin default 50 min 0 max 10000",
            "option name Threads type spin default 1 min 1 max 256",
        ]
        .iter()
        .filter_map(|l| parse_option(l))
        .collect();
        assert_eq!(declared_name("Hash", &declared), Some("USI_Hash"));
        assert_eq!(declared_name("usi_hash", &declared), Some("USI_Hash"));
        assert_eq!(
            declared_name("Move Overhead", &declared),
            Some("MoveOverhead")
        );
        assert_eq!(declared_name("threads", &declared), Some("Threads"));
        assert_eq!(declared_name("Ponder", &declared), None);
        assert_eq!(declared_name("Nothing", &declared), None);
        let uci: Vec<Declared> = ["option name Hash type spin default 16 min 1 max 33554432"]
            .iter()
            .filter_map(|l| parse_option(l))
            .collect();
        assert_eq!(declared_name("USI_Hash", &uci), Some("Hash"));
    }

    #[test]
    fn options() {
        let d = parse_option(
            "option name UCI_Variant type combo default chess var chess var longjiangqi-nodrop",
        )
        .unwrap();
        assert_eq!(d.name, "UCI_Variant");
        assert_eq!(
            variant_value(&d, Variant::LongjiangNoDrop),
            "longjiangqi-nodrop"
        );
        let d = parse_option("option name Move Overhead type spin default 10").unwrap();
        assert_eq!(d.name, "Move Overhead");
        let v = parse_option(
            "option name Variant type combo default longjiang var longjiang var longjiang-nodrop",
        )
        .unwrap();
        assert_eq!(
            variant_value(&v, Variant::LongjiangNoDrop),
            "longjiang-nodrop"
        );
    }
}
