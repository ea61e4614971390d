//! A load test of the web board: 50 games played at once over loopback for a few seconds,
//! each by its own client thread that plays random legal moves (and now and then asks the
//! engine for one), checking every answer against the rules core. The server must answer
//! every request correctly and still be up at the end. The figures (games, requests, latency
//! percentiles) go to `target/serve-load.txt` and to standard output (`--nocapture`); no
//! figure is asserted, since the machine's speed is not the test's subject.

mod support;

use longjiang::tools::serve::{Config, spawn};
use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{LONGJIANG, Position};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use support::http::{get, post};

const GAMES: usize = 50;
const RUN_FOR: Duration = Duration::from_secs(4);
/// A bound on each client's requests, so the test stops on a fast machine too.
const MAX_REQUESTS: usize = 400;

struct Tally {
    latencies: Vec<Duration>,
    moves: usize,
    engine_moves: usize,
}

fn check_view(v: &Value, pos: &Position, what: &str) {
    assert_eq!(v["sfen"], pos.to_sfen(), "{what}");
    let served: BTreeSet<&str> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["m"].as_str().unwrap())
        .collect();
    let mut want: BTreeSet<String> = legal_moves(pos).iter().map(|m| m.to_string()).collect();
    if pos.outcome().is_some() {
        want.clear();
    }
    assert_eq!(served.len(), want.len(), "{what}: legal move count");
    assert!(
        want.iter().all(|m| served.contains(m.as_str())),
        "{what}: legal moves"
    );
}

/// One client: a game of random legal moves, one engine move in eight.
fn client(addr: SocketAddr, seed: u64, deadline: Instant) -> Tally {
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut tally = Tally {
        latencies: Vec::new(),
        moves: 0,
        engine_moves: 0,
    };
    let timed = |f: &mut dyn FnMut() -> Value, tally: &mut Tally| {
        let t = Instant::now();
        let v = f();
        tally.latencies.push(t.elapsed());
        v
    };
    let body = json!({"engine_side": "none", "strength": {"kind": "nodes", "value": 300}});
    let mut v = timed(&mut || post(addr, "/api/games", &body).json(), &mut tally);
    let id = v["id"].as_str().expect("a game id").to_string();
    let mut pos = Position::start(LONGJIANG);
    check_view(&v, &pos, "new game");
    while Instant::now() < deadline && tally.latencies.len() < MAX_REQUESTS {
        if pos.outcome().is_some() || pos.history_len() >= 160 {
            let plies = pos.history_len();
            pos = Position::start(LONGJIANG);
            v = timed(
                &mut || {
                    post(
                        addr,
                        &format!("/api/games/{id}/undo"),
                        &json!({"plies": plies}),
                    )
                    .json()
                },
                &mut tally,
            );
            check_view(&v, &pos, "all taken back");
            continue;
        }
        if next() % 8 == 0 {
            let answer = timed(
                &mut || {
                    let a = post(addr, &format!("/api/games/{id}/engine"), &json!({}));
                    assert_eq!(a.status, 200, "engine move: {}", a.body);
                    a.json()
                },
                &mut tally,
            );
            let line = answer["line"].as_array().unwrap();
            let m = line.last().unwrap()["m"].as_str().unwrap();
            let mv = pos.parse_move(m).expect("the engine's move is legal");
            pos.play(mv);
            check_view(&answer, &pos, "after an engine move");
            tally.engine_moves += 1;
            v = answer;
        } else {
            let legal = v["legal"].as_array().unwrap();
            let m = legal[(next() % legal.len() as u64) as usize]["m"]
                .as_str()
                .unwrap()
                .to_string();
            let answer = timed(
                &mut || {
                    let a = post(addr, &format!("/api/games/{id}/move"), &json!({"move": m}));
                    assert_eq!(a.status, 200, "move {m}: {}", a.body);
                    a.json()
                },
                &mut tally,
            );
            pos.play(pos.parse_move(&m).unwrap());
            check_view(&answer, &pos, &format!("after {m}"));
            tally.moves += 1;
            v = answer;
        }
    }
    tally
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[test]
fn fifty_games_at_once_all_answered_correctly() {
    let server = spawn(
        "127.0.0.1:0".parse().unwrap(),
        Config {
            max_games: 200,
            engines: 2,
            hash_mb: 4,
            ..Config::default()
        },
    )
    .expect("server starts");
    let addr = server.addr;
    let start = Instant::now();
    let deadline = start + RUN_FOR;
    let clients: Vec<_> = (0..GAMES)
        .map(|i| std::thread::spawn(move || client(addr, i as u64 + 1, deadline)))
        .collect();
    let tallies: Vec<Tally> = clients
        .into_iter()
        .map(|c| c.join().expect("a client failed"))
        .collect();
    let elapsed = start.elapsed();
    // Still up, and still answering.
    assert_eq!(get(addr, "/").status, 200);
    let mut all: Vec<Duration> = tallies.iter().flat_map(|t| t.latencies.clone()).collect();
    all.sort();
    let moves: usize = tallies.iter().map(|t| t.moves).sum();
    let engine: usize = tallies.iter().map(|t| t.engine_moves).sum();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let report = format!(
        "serve load test: {GAMES} games at once for {:.1} s: {} requests ({moves} moves, \
         {engine} engine moves of 300 nodes), all correct; {:.0} requests/s; latency p50 {:.1} ms, \
         p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms\n",
        elapsed.as_secs_f64(),
        all.len(),
        all.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&all, 0.50)),
        ms(percentile(&all, 0.95)),
        ms(percentile(&all, 0.99)),
        ms(*all.last().unwrap()),
    );
    print!("{report}");
    let _ = std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/serve-load.txt"),
        &report,
    );
    assert!(
        tallies.iter().all(|t| t.latencies.len() > 1),
        "every game was played"
    );
    server.shutdown();
}
