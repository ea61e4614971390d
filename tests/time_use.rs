//! How much of its time a search uses where the time cannot be saved for later: a fixed
//! `go movetime` is used whole (less the move overhead), and so is a byoyomi once the main time
//! is spent; with main time left a byoyomi search still uses at least the byoyomi. The engine's
//! own last `info … time` is read, and the wall clock bounds it from above.

mod engine_driver;

use engine_driver::Driver;
use std::time::{Duration, Instant};

/// Runs `go` and returns (the time of the last `info` line before `bestmove`, the wall time
/// from sending `go` to reading `bestmove`), in ms.
fn think(e: &mut Driver, go: &str) -> (u64, u64) {
    e.send("isready");
    e.until_prefix(Duration::from_secs(10), "readyok");
    let start = Instant::now();
    e.send(go);
    let lines = e.until_prefix(Duration::from_secs(30), "bestmove");
    let wall = start.elapsed().as_millis() as u64;
    let reported = lines
        .iter()
        .rev()
        .find_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&x| x == "time")?;
            w.get(i + 1)?.parse::<u64>().ok()
        })
        .unwrap_or_else(|| panic!("no time in {lines:?}"));
    (reported, wall)
}

/// The move overhead of these tests, in ms (the default is 50).
const OVERHEAD: u64 = 50;

/// Shogi positions whose iterations are short and whose best move soon stands, so that a time
/// manager that stops early (a stable best move shrinks the soft limit) shows it.
const QUICK: [&str; 2] = [
    "ln1gkg1nl/6s2/ppppppppp/9/9/9/PPPPPPPPP/2S6/LN1GKG1NL b Bb 1",
    "4k4/9/9/9/9/9/9/9/4K4 b P 1",
];

fn engine(sfen: &str) -> Driver {
    let mut e = Driver::start();
    e.send(&format!("setoption name MoveOverhead value {OVERHEAD}"));
    e.send("setoption name Variant value shogi");
    e.send(&format!("position sfen {sfen}"));
    e
}

#[test]
fn a_fixed_movetime_is_used_whole() {
    for sfen in QUICK {
        let mut e = engine(sfen);
        let n = 700;
        let (used, wall) = think(&mut e, &format!("go movetime {n}"));
        let want = n - OVERHEAD;
        assert!(used * 100 >= want * 95, "{sfen}: {used} ms of {want}");
        assert!(used * 100 <= want * 105, "{sfen}: {used} ms of {want}");
        assert!(wall <= n + 250, "{sfen}: answered after {wall} ms");
    }
}

#[test]
fn byoyomi_is_used_once_the_main_time_is_spent() {
    let byo = 700;
    let least = (byo - OVERHEAD) * 9;
    for sfen in QUICK {
        let mut e = engine(sfen);
        let (used, wall) = think(&mut e, &format!("go btime 0 wtime 0 byoyomi {byo}"));
        assert!(used * 10 >= least, "{sfen}: {used} ms of {byo}");
        assert!(wall <= byo + 250, "{sfen}: answered after {wall} ms");
        // With main time left, the byoyomi is still the least a move takes.
        let (used, _) = think(&mut e, &format!("go btime 5000 wtime 5000 byoyomi {byo}"));
        assert!(
            used * 10 >= least,
            "{sfen}, main time left: {used} ms of {byo}"
        );
    }
}
