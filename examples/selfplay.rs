//! Self-play between two configurations of the engine at a fixed node count per move, used to
//! measure what a pruning technique gains (`--off-b null_move` plays the full engine against
//! one without null-move pruning). Each random opening is played twice with colours swapped.
//!
//! `cargo run --release --example selfplay -- --games 200 --nodes 20000 --off-b lmr`
//! `cargo run --release --example selfplay -- --dump 40` prints SFENs from played games.
//! `cargo run --release --example selfplay -- --games 5 --tc 1000+100` plays with clocks
//! (1 s + 0.1 s) and reports any loss on time.

use longjiang_core::rules::{Color, Outcome, Position, Variant};
use longjiang_engine::search::{Engine, Features, Limits, Score};

/// The default features with those in `off` switched off and those in `on` switched on.
fn features(off: &str, on: &str) -> Features {
    let mut f = Features::DEFAULT;
    for (list, value) in [(off, false), (on, true)] {
        for name in list.split(',').filter(|s| !s.is_empty()) {
            match name {
                "null_move" => f.null_move = value,
                "lmr" => f.lmr = value,
                "reverse_futility" => f.reverse_futility = value,
                "futility" => f.futility = value,
                "razoring" => f.razoring = value,
                "check_extension" => f.check_extension = value,
                "mate_threats" => f.mate_threats = value,
                other => panic!("unknown feature {other}"),
            }
        }
    }
    f
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A time control: main time and increment in milliseconds (`--tc 1000+100`).
#[derive(Clone, Copy)]
struct Tc {
    time: u64,
    inc: u64,
}

/// Plays one game; returns the winner (None = draw) and the SFENs seen. With a time control,
/// a side whose clock runs out loses (and the loss is reported on stderr).
fn play(
    engines: &mut [Engine; 2],
    first: usize,
    opening: &[longjiang_core::rules::Move],
    start: &Position,
    nodes: u64,
    tc: Option<Tc>,
) -> (Option<usize>, Vec<String>) {
    let mut clocks = [tc.map_or(0, |t| t.time as i64); 2];
    let mut pos = start.clone();
    let mut seen = Vec::new();
    for &m in opening {
        pos.play(m);
    }
    for e in engines.iter_mut() {
        e.new_game();
    }
    let mut ply = 0;
    let mut lopsided = 0;
    loop {
        seen.push(pos.to_sfen());
        if let Some(o) = pos.outcome() {
            return (
                match o {
                    Outcome::Decisive { winner, .. } => {
                        let side_idx = if winner == Color::Black { 0 } else { 1 };
                        Some(if side_idx == 0 { first } else { 1 - first })
                    }
                    Outcome::Draw { .. } => None,
                },
                seen,
            );
        }
        if ply > 400 {
            return (None, seen);
        }
        let mover = if pos.side_to_move() == Color::Black {
            first
        } else {
            1 - first
        };
        let e = &mut engines[mover];
        e.set_position(pos.clone());
        let limits = match tc {
            None => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            Some(t) => {
                let ms = |v: i64| std::time::Duration::from_millis(v.max(0) as u64);
                let inc = std::time::Duration::from_millis(t.inc);
                let mut time = [ms(clocks[0]); 2];
                time[pos.side_to_move().index()] = ms(clocks[mover]);
                time[(!pos.side_to_move()).index()] = ms(clocks[1 - mover]);
                Limits {
                    clock: Some(longjiang_engine::search::Clock {
                        time,
                        inc: [inc; 2],
                        byoyomi: std::time::Duration::ZERO,
                        moves_to_go: None,
                    }),
                    ..Limits::default()
                }
            }
        };
        let started = std::time::Instant::now();
        let r = e.search_sync(limits);
        if let Some(t) = tc {
            clocks[mover] -= started.elapsed().as_millis() as i64;
            if clocks[mover] < 0 {
                eprintln!("time loss at ply {ply}: {} ms over", -clocks[mover]);
                return (Some(1 - mover), seen);
            }
            clocks[mover] += t.inc as i64;
        }
        let Some(m) = r.best else {
            return (None, seen);
        };
        // Adjudicate clearly decided games.
        let big = match r.score {
            Score::Mate(n) => n.signum() * 100_000,
            Score::Cp(c) => c,
        };
        if big.abs() > 2500 {
            lopsided += 1;
            if lopsided >= 6 {
                let winner = if big > 0 { mover } else { 1 - mover };
                return (Some(winner), seen);
            }
        } else {
            lopsided = 0;
        }
        pos.play(m);
        ply += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str| {
        args.iter()
            .position(|a| a == k)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let games: usize = get("--games").map_or(20, |s| s.parse().unwrap());
    let nodes: u64 = get("--nodes").map_or(10_000, |s| s.parse().unwrap());
    let seed: u64 = get("--seed").map_or(1, |s| s.parse().unwrap());
    let variant: Variant = get("--variant").map_or(Variant::DEFAULT, |s| s.parse().unwrap());
    let off_a = features(
        &get("--off-a").unwrap_or_default(),
        &get("--on-a").unwrap_or_default(),
    );
    let off_b = features(
        &get("--off-b").unwrap_or_default(),
        &get("--on-b").unwrap_or_default(),
    );
    let dump: Option<usize> = get("--dump").map(|s| s.parse().unwrap());
    let tc = get("--tc").map(|s| {
        let (t, i) = s.split_once('+').expect("--tc TIME+INC in ms");
        Tc {
            time: t.parse().unwrap(),
            inc: i.parse().unwrap(),
        }
    });
    let start = Position::start(variant.rules());
    let mut engines = [Engine::new(), Engine::new()];
    engines[0].set_features(off_a);
    engines[1].set_features(off_b);
    for e in &mut engines {
        e.set_hash_mb(16);
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x1234_5678_9abc_def1));
    let (mut wa, mut wb, mut d) = (0, 0, 0);
    for g in 0..games {
        // A random opening of 4 to 7 plies.
        let mut p = start.clone();
        let mut opening = Vec::new();
        let n = 4 + (rng.next() % 4) as usize;
        for _ in 0..n {
            let moves = longjiang_core::movegen::legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            opening.push(m);
            p.play(m);
        }
        for first in [0, 1] {
            let (w, seen) = play(&mut engines, first, &opening, &start, nodes, tc);
            match w {
                Some(0) => wa += 1,
                Some(_) => wb += 1,
                None => d += 1,
            }
            if let Some(every) = dump {
                for (i, s) in seen.iter().enumerate() {
                    if i > 0 && i % every == 0 {
                        println!("{s}");
                    }
                }
            }
        }
        let total = (wa + wb + d) as f64;
        let score = (wa as f64 + d as f64 / 2.0) / total;
        let elo = if score > 0.0 && score < 1.0 {
            -400.0 * (1.0 / score - 1.0).log10()
        } else {
            f64::NAN
        };
        eprintln!(
            "after {} games: A {wa} B {wb} draws {d}  A scores {:.1}%  Elo(A-B) {:+.0}",
            (g + 1) * 2,
            score * 100.0,
            elo
        );
    }
}
