//! Search tests: forced mates, legality of answers and PVs, limits, stop.

use longjiang::rules::{LONGJIANG, LONGJIANG_NODROP, Move, Position, Rules};
use longjiang::search::{Engine, Limits, Score, SearchEvent};

fn pos(sfen: &str, rules: Rules) -> Position {
    Position::from_sfen(sfen, rules).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn start_position_gives_a_legal_move_and_consistent_pv() {
    let mut e = Engine::new();
    let p = Position::start(LONGJIANG);
    e.set_position(p.clone());
    let (l, events) = longjiang::search::engine::collecting_listener();
    let r = e.search_with(depth(5), l);
    let best = r.best.expect("a move");
    assert!(p.is_legal(best));
    assert_eq!(r.depth, 5);
    let events = events.lock().unwrap();
    let mut infos = 0;
    for ev in events.iter() {
        if let SearchEvent::Info(info) = ev {
            infos += 1;
            let mut q = p.clone();
            for &m in &info.pv {
                assert!(q.is_legal(m), "illegal {m} in pv {:?}", info.pv);
                q.play(m);
            }
        }
    }
    assert!(infos >= 5);
    assert!(matches!(
        events.last(),
        Some(SearchEvent::BestMove { best: Some(_), .. })
    ));
}

#[test]
fn mate_in_one_with_a_rook() {
    // Back-rank mate: the first player's rook to the tenth rank.
    let p = pos(
        "5k4/3ppppp2/10/10/10/10/10/10/10/R4K4 b - - 00 1",
        LONGJIANG_NODROP,
    );
    let mut e = Engine::new();
    e.set_position(p.clone());
    let r = e.search_sync(depth(3));
    assert_eq!(r.score, Score::Mate(1));
    let m: Move = r.best.unwrap();
    assert_eq!(m.to_string(), "a1a10");
}

#[test]
fn an_infinite_search_stops_on_request() {
    let mut e = Engine::new();
    e.set_position(Position::start(LONGJIANG));
    let (l, events) = longjiang::search::engine::collecting_listener();
    e.start(
        Limits {
            infinite: true,
            ..Limits::default()
        },
        l,
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(e.is_searching());
    let t = std::time::Instant::now();
    e.stop();
    e.wait();
    // Generous: the machine may be loaded; the search itself answers within milliseconds.
    assert!(t.elapsed() < std::time::Duration::from_secs(1));
    let events = events.lock().unwrap();
    let last = events.last().cloned();
    match last {
        Some(SearchEvent::BestMove { best: Some(m), .. }) => {
            assert!(Position::start(LONGJIANG).is_legal(m))
        }
        other => panic!("expected a best move, got {other:?}"),
    }
}

#[test]
fn node_limit_is_exact_with_one_thread() {
    let mut e = Engine::new();
    e.set_position(Position::start(LONGJIANG));
    for n in [1u64, 100, 5_000, 30_000] {
        e.new_game();
        let r = e.search_sync(Limits {
            nodes: Some(n),
            ..Limits::default()
        });
        assert_eq!(r.nodes, n);
        assert!(r.best.is_some());
    }
}

/// The generator lets a cavalry pinned along a line leap two squares along it, over its own
/// king (here h2-f2 over the king on g2, pinned by the spearman on i2). The search filters such
/// moves itself; this test documents the movegen bug.
#[test]
#[ignore = "bug in movegen: a pinned cavalry may leap over its king along the pin line"]
fn pinned_cavalry_cannot_leap_over_its_king() {
    let p = pos(
        "rn3kgb1r/ppp2pp2p/3p4p1/4p2p2/10/2N4N2/3P1PP3/1PG4P1g/P1PBP1KN+p1/R9 b QRPq2bg kq 00 79",
        LONGJIANG,
    );
    let moves: Vec<String> = longjiang::movegen::legal_moves(&p)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(!moves.contains(&"h2f2".to_string()));
}

#[test]
fn the_search_never_plays_the_pinned_cavalry_leap() {
    let p = pos(
        "rn3kgb1r/ppp2pp2p/3p4p1/4p2p2/10/2N4N2/3P1PP3/1PG4P1g/P1PBP1KN+p1/R9 b QRPq2bg kq 00 79",
        LONGJIANG,
    );
    let mut e = Engine::new();
    e.set_position(p.clone());
    let r = e.search_sync(depth(4));
    let mut q = p.clone();
    for m in &r.pv {
        assert!(q.is_legal(*m));
        q.play(*m);
        // After every move of the line, the side that just moved is not in check.
        let mover = !q.side_to_move();
        assert!(
            !q.is_attacked(q.king(mover), q.side_to_move(), q.occupied()),
            "{m} exposes the king"
        );
    }
}
