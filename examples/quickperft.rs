use longjiang::movegen::perft;
use longjiang::rules::{LONGJIANG, LONGJIANG_NODROP, Position};
fn main() {
    let d: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    for rules in [LONGJIANG, LONGJIANG_NODROP] {
        let mut pos = Position::start(rules);
        for depth in 1..=d {
            let t = std::time::Instant::now();
            let n = perft(&mut pos, depth);
            println!("{:?} {depth} {n} {:?}", rules.variant, t.elapsed());
        }
    }
}
