//! What Stockfish users reach for in UCI mode: `Move Overhead` spelt with its space,
//! `UCI_ShowWDL` with ` wdl W D L` in `info` lines, and `currmove` / `currmovenumber` once a
//! search has run 3 s.

mod engine_driver;

use engine_driver::{Driver, PROMPT};
use std::time::Duration;

fn uci() -> (Driver, Vec<String>) {
    let mut e = Driver::start();
    e.send("uci");
    let hello = e.until_prefix(PROMPT, "uciok");
    (e, hello)
}

fn search(e: &mut Driver, go: &str) -> Vec<String> {
    e.send(go);
    e.until_prefix(Duration::from_secs(60), "bestmove")
}

/// The words after `key` in an `info` line.
fn after<'a>(line: &'a str, key: &str) -> Vec<&'a str> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|&x| x == key).unwrap_or(w.len());
    w[(i + 1).min(w.len())..].to_vec()
}

#[test]
fn uci_spells_move_overhead_with_a_space_and_keeps_the_old_name() {
    let (mut e, hello) = uci();
    assert!(
        hello.contains(&"option name Move Overhead type spin default 50 min 0 max 10000".into()),
        "{hello:?}"
    );
    assert!(
        !hello.iter().any(|l| l.contains("MoveOverhead")),
        "{hello:?}"
    );
    assert!(e.ask("setoption name Move Overhead value 30").is_empty());
    assert!(e.ask("setoption name MoveOverhead value 40").is_empty());
    // USI keeps its one-word name.
    e.send("usi");
    let hello = e.until_prefix(PROMPT, "usiok");
    assert!(
        hello.contains(&"option name MoveOverhead type spin default 50 min 0 max 10000".into()),
        "{hello:?}"
    );
}

#[test]
fn show_wdl_adds_per_mille_chances_after_the_score() {
    let (mut e, hello) = uci();
    assert!(
        hello.contains(&"option name UCI_ShowWDL type check default false".into()),
        "{hello:?}"
    );
    let plain = search(&mut e, "go depth 4");
    assert!(!plain.iter().any(|l| l.contains(" wdl ")), "{plain:?}");
    assert!(e.ask("setoption name UCI_ShowWDL value true").is_empty());
    let lines = search(&mut e, "go depth 4");
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for l in infos {
        let score = after(l, "score");
        assert_eq!(score[2], "wdl", "{l}");
        let wdl: Vec<u32> = score[3..6].iter().map(|w| w.parse().unwrap()).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{l}");
        if score[0] == "cp" {
            let cp: i32 = score[1].parse().unwrap();
            assert_eq!(wdl[0] > wdl[2], cp > 0, "{l}");
        }
    }
}

#[test]
fn currmove_lines_come_after_three_seconds_only() {
    let (mut e, _) = uci();
    let quick = search(&mut e, "go depth 5");
    assert!(!quick.iter().any(|l| l.contains("currmove")), "{quick:?}");
    e.send("go infinite");
    let start = std::time::Instant::now();
    let mut lines = Vec::new();
    let mut first_at = None;
    let mut stopped = false;
    // A line comes when the main thread starts a root move, so a long first move can delay
    // it past 3 s: the search runs until the first one (at most 30 s), then stops.
    loop {
        if !stopped && (first_at.is_some() || start.elapsed() >= Duration::from_secs(30)) {
            e.send("stop");
            stopped = true;
        }
        let Some(l) = e.next_line(Duration::from_millis(50)) else {
            assert!(start.elapsed() < Duration::from_secs(60), "{lines:?}");
            continue;
        };
        if first_at.is_none() && l.contains(" currmove ") {
            first_at = Some(start.elapsed());
        }
        let done = l.starts_with("bestmove");
        lines.push(l);
        if done {
            break;
        }
    }
    let first_at = first_at.unwrap_or_else(|| panic!("no currmove line in {lines:?}"));
    assert!(first_at >= Duration::from_millis(2900), "{first_at:?}");
    for l in lines.iter().filter(|l| l.contains(" currmove ")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(w.len(), 7, "{l}");
        assert_eq!(
            (w[0], w[1], w[3], w[5]),
            ("info", "depth", "currmove", "currmovenumber")
        );
        assert!(w[2].parse::<u32>().unwrap() >= 1, "{l}");
        let n: u32 = w[6].parse().unwrap();
        assert!((1..=200).contains(&n), "{l}");
        assert!(w[4].len() >= 4, "{l}");
    }
}
