//! Development aid: `probe DEPTH [THREADS] [VARIANT] [SFEN]` searches one position to a depth
//! and prints every iteration; `probe stop` measures how long an infinite search takes to
//! deliver its best move after `stop` (20 trials, from the start position).
use longjiang_core::rules::{LONGJIANG, Position, Variant};
use longjiang_engine::search::{Engine, Limits, SearchEvent};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn stop_latency() {
    let mut e = Engine::new();
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for i in 0..20 {
        e.set_position(Position::start(LONGJIANG));
        let answered: Arc<Mutex<Option<Instant>>> = Arc::new(Mutex::new(None));
        let a = Arc::clone(&answered);
        e.start(
            Limits {
                infinite: true,
                ..Limits::default()
            },
            Arc::new(move |ev: &SearchEvent| {
                if matches!(ev, SearchEvent::BestMove { .. }) {
                    *a.lock().unwrap() = Some(Instant::now());
                }
            }),
        );
        std::thread::sleep(Duration::from_millis(100 + 37 * i));
        let t = Instant::now();
        e.stop();
        e.wait();
        let lat = answered.lock().unwrap().map_or(Duration::MAX, |x| x - t);
        worst = worst.max(lat);
        total += lat;
    }
    println!(
        "stop latency: mean {:?} worst {:?} (20 trials)",
        total / 20,
        worst
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("stop") {
        return stop_latency();
    }
    let depth: u32 = args.get(1).map_or(10, |s| s.parse().unwrap());
    let threads: usize = args.get(2).map_or(1, |s| s.parse().unwrap());
    let variant: Variant = args.get(3).map_or(Variant::DEFAULT, |s| s.parse().unwrap());
    let pos = match args.get(4) {
        Some(s) => Position::from_sfen(s, variant.rules()).unwrap(),
        None => Position::start(variant.rules()),
    };
    let mut e = Engine::new();
    e.set_threads(threads);
    e.set_position(pos);
    let r = e.search_with(
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        Arc::new(|ev: &SearchEvent| {
            if let SearchEvent::Info(i) = ev {
                let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                println!(
                    "depth {} sel {} score {:?} nodes {} nps {} time {:?} pv {}",
                    i.depth,
                    i.seldepth,
                    i.score,
                    i.nodes,
                    i.nps,
                    i.time,
                    pv.join(" ")
                );
            }
        }),
    );
    println!("best {:?} nodes {}", r.best, r.nodes);
}
