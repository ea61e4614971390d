//! A search with a net keeps its accumulators incremental: each thread computes its root's
//! sums from scratch once, and every other position from an ancestor's, also when the
//! table already holds the root's static evaluation (a game's second search), which then
//! never evaluates the root itself.

use longjiang_core::rules::{LONGJIANG_NODROP, Position};
use longjiang_engine::eval::nnue::{FeatureSet, default_nets};
use longjiang_engine::search::{Engine, Limits, SearchResult};

fn search(engine: &mut Engine, pos: &Position, depth: u32) -> SearchResult {
    engine.set_position(pos.clone());
    engine.search_sync(Limits {
        depth: Some(depth),
        ..Limits::default()
    })
}

#[test]
fn a_games_later_searches_refresh_only_their_root() {
    let mut engine = Engine::new();
    engine.set_hash_mb(16);
    let nets = default_nets();
    let plain = nets
        .iter()
        .find(|n| n.game() == LONGJIANG_NODROP.variant)
        .map(|n| n.set() == FeatureSet::Plain)
        .expect("a built-in no-drop net");
    engine.set_nnue(nets);
    let mut pos = Position::start(LONGJIANG_NODROP);
    for turn in 0..6 {
        let r = search(&mut engine, &pos, 7);
        let c = r.stats.counters;
        assert!(c.nodes() > 1_000, "turn {turn}: {} nodes", c.nodes());
        if plain {
            // Only the root's two perspectives.
            assert_eq!(c.nnue_refreshes, 2, "turn {turn}: {c:?}");
        } else {
            // And a king's moves across buckets.
            assert!(c.nnue_refreshes <= c.nodes() / 10, "turn {turn}: {c:?}");
        }
        let best = r.best.expect("a move");
        pos.play(best);
    }
}
