//! Nodes and time to a fixed depth on the bench positions with one feature switched off
//! (`features_depth DEPTH [off-list]`), to see what each pruning technique saves.
use longjiang_core::rules::Position;
use longjiang_core::rules::samples::POSITIONS;
use longjiang_engine::search::{Engine, Features, Limits};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let depth: u32 = a.get(1).map_or(9, |s| s.parse().unwrap());
    let mut f = Features::DEFAULT;
    for name in a
        .get(2)
        .map_or("", |s| s.as_str())
        .split(',')
        .filter(|s| !s.is_empty())
    {
        match name {
            "null_move" => f.null_move = false,
            "lmr" => f.lmr = false,
            "reverse_futility" => f.reverse_futility = false,
            "futility" => f.futility = false,
            "check_extension" => f.check_extension = false,
            "razoring" => f.razoring = true,
            o => panic!("{o}"),
        }
    }
    let mut e = Engine::new();
    e.set_hash_mb(16);
    e.set_features(f);
    let mut nodes = 0;
    let t = std::time::Instant::now();
    for (v, s) in POSITIONS {
        e.new_game();
        e.set_position(Position::from_sfen(s, v.rules()).unwrap());
        nodes += e
            .search_sync(Limits {
                depth: Some(depth),
                ..Limits::default()
            })
            .nodes;
    }
    println!(
        "{:?} depth {depth}: {nodes} nodes {:?}",
        a.get(2),
        t.elapsed()
    );
}
