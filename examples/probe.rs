//! Searches one position to a depth and prints the progress (development aid).
use longjiang::rules::{Position, Variant};
use longjiang::search::{Engine, Limits, SearchEvent};
use std::sync::Arc;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).map_or(10, |s| s.parse().unwrap());
    let threads: usize = args.get(2).map_or(1, |s| s.parse().unwrap());
    let variant: Variant = args
        .get(3)
        .map_or(Variant::Longjiang, |s| s.parse().unwrap());
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
