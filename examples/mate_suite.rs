//! The mate suite of `crates/engine/tests/mate_suite.rs`: generates it from random playouts, and
//! measures how many of its mates the search finds, the shortest, within a node budget.
//!
//! `cargo run --release --example mate_suite -- gen SEED PER_GAME [VARIANT|both [SECONDS
//! [NODES]]] > crates/engine/tests/data/mate_suite.txt` plays random games of both 龙将棋 games
//! from the start (SEED picks them; with NODES, self-play games of the engine at NODES nodes a move after 8
//! random plies, one move in 8 random) and keeps the
//! positions where the side to move has a forced mate in 1 to 3 moves, proven by the
//! exhaustive prover (`search::tsume::exhaustive`: every move, quiet ones and drops too) and
//! cross-checked by the df-pn solver (`go mate`: checks only) wherever a mate by checks exists.
//! It keeps at most a third of each game's positions as mates in 1 and a quarter as mates in 2
//! (and in 3) that start with a check, favouring mates that start with a quiet move (a drop may
//! not give check, so every drop mate starts quietly); each game stops at PER_GAME positions
//! or after SECONDS.
//!
//! `cargo run --release --example mate_suite -- measure NODES [EVAL [nothreats]]` searches each
//! position with at most NODES nodes (EVAL: `classical`, the default; `net`, the games' built-in
//! nets; or a net FILE in place of its game's) and prints how many end with the shortest mate,
//! and the nodes each took to report it first; `depth EXTRA [EVAL [nothreats]]` searches each
//! mate in n to depth 2n − 1 + EXTRA and counts those found. `nothreats` switches the search's
//! mate-threat rule off (`Features::mate_threats`, docs/mates.md).
//!
//! Line format: `variant;moves;first moves (space-separated);kind;dfpn plies or -;sfen`,
//! kind `check` (some first move checks), `drop` (no first move checks, some is a drop) or
//! `quiet`.

use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{Position, Variant};
use longjiang_engine::search::tsume::exhaustive::{Proof, shortest_mate};
use longjiang_engine::search::tsume::{MateAnswer, MateLimits, solve};
use longjiang_engine::search::{Engine, Limits, Score, SearchEvent, engine::collecting_listener};
use std::sync::atomic::AtomicBool;

/// Marsaglia's xorshift64.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Nodes the exhaustive prover may spend on one position (mates in 1 and 2, then in 3).
const PROVE_NODES_2: u64 = 200_000;
const PROVE_NODES_3: u64 = 1_500_000;

fn kind_of(pos: &Position, first: &[longjiang_core::rules::Move]) -> &'static str {
    if first.iter().any(|&m| pos.gives_check(m)) {
        "check"
    } else if first.iter().any(|m| m.is_drop()) {
        "drop"
    } else {
        "quiet"
    }
}

/// The squares the defending king (not to move) could step to.
fn flights(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let k = pos.king(!us);
    let occ = pos.occupied().without(k);
    (longjiang_core::geometry::attacks::king_attacks(k) & !pos.side_pieces(!us))
        .into_iter()
        .filter(|&s| !pos.is_attacked(s, us, occ))
        .count()
}

/// The df-pn solver's checks-only mate length in plies, if it proves one.
fn dfpn_plies(pos: &Position) -> Option<usize> {
    let limits = MateLimits {
        nodes: Some(2_000_000),
        ..MateLimits::default()
    };
    match solve(pos, &limits, &AtomicBool::new(false)).answer {
        MateAnswer::Mate(line) => Some(line.len()),
        _ => None,
    }
}

fn generate(seed: u64, per_game: usize, only: Option<Variant>, seconds: u64, nodes: u64) {
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    for variant in Variant::ALL
        .into_iter()
        .filter(|&v| only.is_none_or(|o| o == v))
    {
        let start = std::time::Instant::now();
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut by_len = [0usize; 4];
        let mut quiet_starts = 0;
        let mut games = 0;
        while by_len.iter().sum::<usize>() < per_game && start.elapsed().as_secs() < seconds {
            games += 1;
            let mut pos = Position::start(variant.rules());
            engine.new_game();
            let plies = if nodes > 0 { 300 } else { 30 + rng.below(150) };
            for ply in 0..plies {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                if ply >= 16 && rng.below(3) == 0 {
                    let mut proof = shortest_mate(&pos, 2, PROVE_NODES_2);
                    // Mates in 3 are looked for where the defending king is short of room
                    // (the disproofs elsewhere cost too much).
                    if proof == Proof::NoMate && flights(&pos) <= 2 && rng.below(2) == 0 {
                        proof = shortest_mate(&pos, 3, PROVE_NODES_3);
                    }
                    if let Proof::Mate { moves: n, first } = proof {
                        let kind = kind_of(&pos, &first);
                        let n = n as usize;
                        // Quotas: mates in 1 at most a third, check-started ones at most half.
                        let room = match n {
                            1 => by_len[1] < per_game / 3,
                            _ => kind != "check" || by_len[n] < per_game / 4,
                        };
                        let dfpn = dfpn_plies(&pos);
                        // The checks-only solver can never beat the shortest mate.
                        assert!(dfpn.is_none_or(|d| d >= 2 * n - 1), "{}", pos.to_sfen());
                        if room {
                            by_len[n] += 1;
                            quiet_starts += (kind != "check") as usize;
                            let mut f: Vec<String> = first.iter().map(|m| m.to_string()).collect();
                            f.sort();
                            println!(
                                "{};{n};{};{kind};{};{}",
                                variant.name(),
                                f.join(" "),
                                dfpn.map_or("-".to_string(), |d| d.to_string()),
                                pos.to_sfen()
                            );
                            break;
                        }
                    }
                }
                // Random moves, or with NODES the engine's after 8 random plies (one move in
                // 8 random still, for variety).
                let m = if nodes > 0 && ply >= 8 && rng.below(8) != 0 {
                    engine.set_position(pos.clone());
                    let r = engine.search_sync(Limits {
                        nodes: Some(nodes),
                        ..Limits::default()
                    });
                    r.best.unwrap_or(moves[0])
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.play(m);
            }
        }
        eprintln!(
            "{}: {games} games, mates in 1/2/3: {}/{}/{}, {quiet_starts} starting quietly",
            variant.name(),
            by_len[1],
            by_len[2],
            by_len[3]
        );
    }
}

/// One suite line: the game, the mate length in moves, the first moves, the position.
pub struct Entry {
    pub variant: Variant,
    pub moves: i32,
    pub first: Vec<String>,
    pub kind: String,
    pub sfen: String,
}

fn read_suite(path: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            Entry {
                variant: f[0].parse().unwrap_or_else(|_| panic!("{l}")),
                moves: f[1].parse().unwrap_or_else(|_| panic!("{l}")),
                first: f[2].split(' ').map(String::from).collect(),
                kind: f[3].to_string(),
                sfen: f[5].to_string(),
            }
        })
        .collect()
}

/// The networks of an evaluation argument: `classical` (none), `net` (the built-in ones) or a
/// net FILE (in place of the built-in net of its game).
fn nets(eval: &str) -> Vec<std::sync::Arc<longjiang_engine::eval::nnue::Network>> {
    match eval {
        "classical" => Vec::new(),
        "net" => longjiang_engine::eval::nnue::embedded_nets(),
        file => {
            let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
            let net = longjiang_engine::eval::nnue::Network::from_bytes(&bytes)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let mut all = longjiang_engine::eval::nnue::embedded_nets();
            all.retain(|n| n.game() != net.game());
            all.push(std::sync::Arc::new(net));
            all
        }
    }
}

/// An engine for `measure` and `depth`: 16 MiB table, the evaluation `eval`, and with
/// `nothreats` the search without its mate-threat rule (`Features::mate_threats`).
fn engine(eval: &str, nothreats: bool) -> Engine {
    let mut e = Engine::new();
    e.set_hash_mb(16);
    e.set_nnue(nets(eval));
    e.set_features(longjiang_engine::search::Features {
        mate_threats: !nothreats,
        ..longjiang_engine::search::Features::DEFAULT
    });
    e
}

fn measure(nodes: u64, eval: &str, nothreats: bool) {
    let suite = read_suite("crates/engine/tests/data/mate_suite.txt");
    let mut e = engine(eval, nothreats);
    let (mut solved, mut total_nodes, mut first_nodes) = (0, 0u64, Vec::new());
    for s in &suite {
        e.new_game();
        e.set_position(Position::from_sfen(&s.sfen, s.variant.rules()).unwrap());
        let (listener, events) = collecting_listener();
        let r = e.search_with(
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            listener,
        );
        let want = Score::Mate(2 * s.moves - 1);
        let found = events.lock().unwrap().iter().find_map(|ev| match ev {
            SearchEvent::Info(i) if i.score == want => Some(i.nodes),
            _ => None,
        });
        let best = r.best.map(|m| m.to_string()).unwrap_or_default();
        let ok = r.score == want && s.first.contains(&best);
        solved += ok as usize;
        total_nodes += r.nodes;
        if ok {
            first_nodes.push(found.unwrap_or(r.nodes));
        } else {
            println!(
                "missed ({} {}, {}): {:?} {best} {}",
                s.variant.name(),
                s.moves,
                s.kind,
                r.score,
                s.sfen
            );
        }
    }
    first_nodes.sort_unstable();
    let pct = |q: usize| first_nodes.get(first_nodes.len() * q / 100).copied();
    println!(
        "{eval} eval{}, {nodes} nodes: solved {solved}/{}; nodes to the shortest mate: median \
         {:?}, 90 % {:?}, max {:?}; nodes searched in all {total_nodes}",
        if nothreats { " (no mate threats)" } else { "" },
        suite.len(),
        pct(50),
        pct(90),
        first_nodes.last()
    );
}

/// Searches each mate of `n` moves to depth `2n - 1 + extra` plies and counts those that end
/// with the mate in `2n - 1` plies, by length.
fn at_depth(extra: u32, eval: &str, nothreats: bool) {
    let suite = read_suite("crates/engine/tests/data/mate_suite.txt");
    let mut e = engine(eval, nothreats);
    let (mut found, mut all, mut nodes) = ([0; 4], [0; 4], 0);
    for s in &suite {
        e.new_game();
        e.set_position(Position::from_sfen(&s.sfen, s.variant.rules()).unwrap());
        let r = e.search_sync(Limits {
            depth: Some(2 * s.moves as u32 - 1 + extra),
            ..Limits::default()
        });
        nodes += r.nodes;
        let n = s.moves as usize;
        all[n] += 1;
        let ok = r.score == Score::Mate(2 * s.moves - 1);
        found[n] += ok as usize;
        if !ok {
            println!(
                "missed ({} {}, {}): {:?} {}",
                s.variant.name(),
                s.moves,
                s.kind,
                r.score,
                s.sfen
            );
        }
    }
    println!(
        "{eval} eval{}, depth 2n-1+{extra}: mates in 1 {}/{}, in 2 {}/{}, in 3 {}/{}; nodes {nodes}",
        if nothreats { " (no mate threats)" } else { "" },
        found[1],
        all[1],
        found[2],
        all[2],
        found[3],
        all[3]
    );
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| a.get(i).map_or(d, |s| s.parse().expect("a number"));
    match a.get(1).map(String::as_str) {
        Some("gen") => generate(
            arg(2, 1),
            arg(3, 110) as usize,
            a.get(4)
                .filter(|s| *s != "both")
                .map(|s| s.parse().expect("a variant")),
            arg(5, 3600),
            arg(6, 0),
        ),
        Some("measure") => measure(
            arg(2, 1_000_000),
            a.get(3).map_or("classical", String::as_str),
            a.get(4).is_some_and(|s| s == "nothreats"),
        ),
        Some("depth") => at_depth(
            arg(2, 0) as u32,
            a.get(3).map_or("classical", String::as_str),
            a.get(4).is_some_and(|s| s == "nothreats"),
        ),
        _ => eprintln!(
            "usage: mate_suite gen SEED PER_GAME | measure NODES [classical|net|FILE [nothreats]] \
             | depth EXTRA [classical|net|FILE [nothreats]]"
        ),
    }
}
