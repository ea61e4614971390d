//! A small scriptable engine for the match runner's tests (built as the example
//! `fake_engine`). It speaks USI or UCI (whichever the first command asks for), keeps the
//! position with the rules core, and misbehaves on request.
//!
//! Arguments, `key=value`:
//! - `mode=random|first|script|searchmoves` how to choose moves (default random);
//!   `moves=a;b;…` for script: the first of them that is legal (else the first legal move);
//!   searchmoves: the first move of the `go` line's `searchmoves` list, as written there
//!   (else the first legal move); `seed=N`;
//! - `fail=illegal|garbage|crash|hang|slow|resign` on the `at=K`-th `go` of each game
//!   (default 1);
//!   `sleep=MS` how long `slow` sleeps (default 3000);
//! - `progress=1`: an `info depth 5 … nodes 500 time T` line at once after each `go` and an
//!   `info depth 9 … nodes 9000 time T` just before each `bestmove` (T: its own milliseconds
//!   since the `go`, as an engine reports them);
//! - `delay=MS` before every move; `score=CP` reported with every move (`info … score cp`);
//!   `mate=N` reported after it (`info depth 7 score mate N`; the last score line wins);
//! - `handshake=hang|crash` misbehave at `usi`/`uci`; `ready=hang` never answer `isready`
//!   after `usinewgame`/`ucinewgame` (the handshake's are answered);
//! - `log=PATH` append every line received to PATH;
//! - `game=shogi` behave like YaneuraOu: play only shogi (no `Variant` option), declare
//!   `USI_Hash`, `Threads` and `BookFile`, chatter `info string Error! …` at `isready` and
//!   `info string …` before each move, and treat a `setoption` after the first `isready` as
//!   a protocol violation (YaneuraOu applies its table size there).
//!
//! Moves are read and written in the game's USI form (`7g7f`, `P*5e` in shogi).
//!
//! It is strict about dialects: in USI a drop written with `@` or `position fen` is a
//! protocol violation, in UCI a drop with `*` or `position sfen` is, and it exits with status
//! 3, which the runner reports as a crash.

use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::fen::parse_fen;
use longjiang_core::rules::ascii::AsciiMove;
use longjiang_core::rules::{Position, Variant};
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(PartialEq, Clone, Copy)]
enum Proto {
    Usi,
    Uci,
}

struct Config {
    mode: String,
    script: Vec<String>,
    seed: u64,
    fail: Option<String>,
    at: u32,
    sleep: u64,
    delay: u64,
    score: Option<i32>,
    mate: Option<i32>,
    handshake: Option<String>,
    ready_hang: bool,
    log: Option<String>,
    shogi_only: bool,
    progress: bool,
}

fn config() -> Config {
    let mut c = Config {
        mode: "random".into(),
        script: Vec::new(),
        seed: 1,
        fail: None,
        at: 1,
        sleep: 3000,
        delay: 0,
        score: None,
        mate: None,
        handshake: None,
        ready_hang: false,
        log: None,
        shogi_only: false,
        progress: false,
    };
    for arg in std::env::args().skip(1) {
        let (k, v) = arg.split_once('=').unwrap_or((arg.as_str(), ""));
        match k {
            "mode" => c.mode = v.into(),
            "moves" => c.script = v.split(';').map(String::from).collect(),
            "seed" => c.seed = v.parse().unwrap_or(1),
            "fail" => c.fail = Some(v.into()),
            "at" => c.at = v.parse().unwrap_or(1),
            "sleep" => c.sleep = v.parse().unwrap_or(3000),
            "delay" => c.delay = v.parse().unwrap_or(0),
            "score" => c.score = v.parse().ok(),
            "mate" => c.mate = v.parse().ok(),
            "handshake" => c.handshake = Some(v.into()),
            "ready" => c.ready_hang = v == "hang",
            "log" => c.log = Some(v.into()),
            "game" if v == "shogi" => c.shogi_only = true,
            "progress" => c.progress = v == "1",
            _ => {
                eprintln!("fake_engine: unknown argument {arg}");
                std::process::exit(2);
            }
        }
    }
    c
}

fn hang() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

fn violation(what: &str) -> ! {
    eprintln!("fake_engine: protocol violation: {what}");
    std::process::exit(3);
}

fn main() {
    let cfg = config();
    let mut log = cfg.log.as_ref().map(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
            .expect("log file")
    });
    let out = std::io::stdout();
    let mut out = out.lock();
    let mut proto = Proto::Usi;
    let mut variant = if cfg.shogi_only {
        Variant::Shogi
    } else {
        Variant::Longjiang
    };
    let mut pos = Position::start(variant.rules());
    let mut rng = cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut gos = 0u32;
    let mut new_game = false;
    let mut ready_seen = false;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if let Some(f) = log.as_mut() {
            let _ = writeln!(f, "{line}");
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.first().copied() {
            Some(cmd @ ("usi" | "uci")) => {
                proto = if cmd == "usi" { Proto::Usi } else { Proto::Uci };
                match cfg.handshake.as_deref() {
                    Some("hang") => hang(),
                    Some("crash") => std::process::exit(5),
                    _ => {}
                }
                let _ = writeln!(out, "id name fake engine");
                if cfg.shogi_only {
                    for o in [
                        "USI_Hash type spin default 1024 min 1 max 4096",
                        "Threads type spin default 4 min 1 max 64",
                        "BookFile type combo default standard_book.db var no_book var standard_book.db",
                    ] {
                        let _ = writeln!(out, "option name {o}");
                    }
                    let _ = writeln!(out, "usiok");
                } else if proto == Proto::Usi {
                    let _ = writeln!(
                        out,
                        "option name Variant type combo default longjiang var longjiang var longjiang-nodrop var shogi"
                    );
                    let _ = writeln!(out, "usiok");
                } else {
                    let _ = writeln!(
                        out,
                        "option name UCI_Variant type combo default chess var chess"
                    );
                    let _ = writeln!(out, "option name VariantPath type string default <empty>");
                    let _ = writeln!(out, "uciok");
                }
            }
            Some("setoption") if cfg.shogi_only && ready_seen => {
                violation("setoption after the first isready")
            }
            Some("setoption") => {
                let name = tokens.iter().skip_while(|t| **t != "name").nth(1).copied();
                let value = tokens.iter().skip_while(|t| **t != "value").nth(1).copied();
                if matches!(name, Some("Variant" | "UCI_Variant")) {
                    match value.and_then(|v| v.parse().ok()) {
                        Some(v) => variant = v,
                        None => violation("unknown variant"),
                    }
                }
            }
            Some("isready") => {
                // The handshake's isready calls are answered; the first one of a game is not.
                if cfg.ready_hang && new_game {
                    hang();
                }
                if cfg.shogi_only {
                    let _ = writeln!(out, "info string Error! : can't read file : book/x.db");
                }
                ready_seen = true;
                let _ = writeln!(out, "readyok");
            }
            Some("position") => {
                let rules = variant.rules();
                let m = tokens
                    .iter()
                    .position(|t| *t == "moves")
                    .unwrap_or(tokens.len());
                pos = match tokens.get(1).copied() {
                    Some("startpos") => Position::start(rules),
                    Some("sfen") if proto == Proto::Usi => {
                        Position::from_sfen(&tokens[2..m].join(" "), rules)
                            .unwrap_or_else(|_| violation("bad sfen"))
                    }
                    Some("fen") if proto == Proto::Uci => parse_fen(&tokens[2..m].join(" "), rules)
                        .unwrap_or_else(|_| violation("bad fen")),
                    _ => violation("position form of the other protocol"),
                };
                for t in tokens.iter().skip(m + 1) {
                    if (proto == Proto::Usi && t.contains('@'))
                        || (proto == Proto::Uci && t.contains('*'))
                    {
                        violation("drop written in the other protocol's form");
                    }
                    let mv = pos
                        .parse_move(t)
                        .unwrap_or_else(|_| violation("illegal move in position"));
                    pos.play(mv);
                }
            }
            Some("go") => {
                gos += 1;
                let started = std::time::Instant::now();
                let since = || started.elapsed().as_millis();
                if cfg.progress {
                    let _ = writeln!(out, "info depth 5 score cp 12 nodes 500 time {}", since());
                    let _ = out.flush();
                }
                let listed: Vec<&str> = tokens
                    .iter()
                    .skip_while(|t| **t != "searchmoves")
                    .skip(1)
                    .copied()
                    .collect();
                for t in &listed {
                    if (proto == Proto::Usi && t.contains('@'))
                        || (proto == Proto::Uci && t.contains('*'))
                    {
                        violation("searchmoves move in the other protocol's form");
                    }
                    if pos.parse_move(t).is_err() {
                        violation("searchmoves lists an illegal move");
                    }
                }
                if cfg.delay > 0 {
                    std::thread::sleep(Duration::from_millis(cfg.delay));
                }
                if cfg.shogi_only {
                    let _ = writeln!(out, "info string Error! : a note for people");
                }
                if let Some(s) = cfg.score {
                    let _ = writeln!(out, "info depth 1 score cp {s} nodes 1 pv");
                }
                if let Some(n) = cfg.mate {
                    let _ = writeln!(out, "info depth 7 score mate {n} nodes 1 pv");
                    let _ = writeln!(out, "info depth 8 currmove a1a2");
                }
                let fail = if gos == cfg.at {
                    cfg.fail.as_deref()
                } else {
                    None
                };
                let text = match fail {
                    Some("illegal") => "e2e5".to_string(),
                    Some("garbage") => "hello".to_string(),
                    Some("resign") => "resign".to_string(),
                    Some("crash") => std::process::exit(7),
                    Some("hang") => {
                        let _ = out.flush();
                        hang()
                    }
                    other => {
                        if other == Some("slow") {
                            let _ = out.flush();
                            std::thread::sleep(Duration::from_millis(cfg.sleep));
                        }
                        let moves = legal_moves(&pos);
                        let scripted = cfg.script.iter().find_map(|t| pos.parse_move(t).ok());
                        let mv = if cfg.mode == "script" && scripted.is_some() {
                            scripted
                        } else if cfg.mode == "random" && !moves.is_empty() {
                            rng ^= rng << 13;
                            rng ^= rng >> 7;
                            rng ^= rng << 17;
                            Some(moves[(rng % moves.len() as u64) as usize])
                        } else {
                            moves.first().copied()
                        };
                        match mv {
                            _ if cfg.mode == "searchmoves" && !listed.is_empty() => {
                                listed[0].to_string()
                            }
                            Some(m) => {
                                let a = AsciiMove::from_move(m);
                                if proto == Proto::Usi {
                                    a.text(variant.rules().text)
                                } else {
                                    a.to_uci_string()
                                }
                            }
                            None => "resign".to_string(),
                        }
                    }
                };
                if cfg.progress {
                    let _ = writeln!(out, "info depth 9 score cp 7 nodes 9000 time {}", since());
                }
                let _ = writeln!(out, "bestmove {text}");
            }
            Some("usinewgame" | "ucinewgame") => {
                gos = 0;
                new_game = true;
            }
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
