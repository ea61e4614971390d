//! The search statistics (docs/search-stats.md): deterministic on one thread, consistent with
//! themselves and with the node count, free of any effect on the search, and reported by the
//! `SearchStats` option as one `info string stats …` line before `bestmove`.

mod engine_driver;

use engine_driver::Driver;
use longjiang_core::rules::Position;
use longjiang_core::rules::samples::POSITIONS;
use longjiang_engine::search::engine::collecting_listener;
use longjiang_engine::search::stats::SearchStats;
use longjiang_engine::search::{Engine, Limits, SearchEvent, SearchResult};
use std::time::Duration;

/// Searches bench position `i` on a fresh table and histories.
fn search(e: &mut Engine, i: usize, limits: Limits) -> SearchResult {
    let (variant, sfen) = POSITIONS[i];
    e.new_game();
    e.set_position(Position::from_sfen(sfen, variant.rules()).expect("bench position"));
    e.search_sync(limits)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Everything the statistics say of one search that must hold whatever the tree.
fn assert_consistent(s: &SearchStats, r: &SearchResult, what: &str) {
    let c = &s.counters;
    assert_eq!(
        c.nodes(),
        r.nodes,
        "{what}: counted nodes against the node count"
    );
    assert!(c.qs_nodes <= c.nodes(), "{what}");
    assert!(c.first_move_cutoffs <= c.cutoffs, "{what}");
    assert!(c.tt_move_cutoffs <= c.cutoffs, "{what}");
    assert!(c.cutoffs <= c.move_nodes, "{what}");
    assert!(c.tt_move_nodes <= c.move_nodes, "{what}");
    // The root's visits reach the moves loop without counting as nodes: one per search of
    // the root, far fewer than the nodes.
    assert!(c.move_nodes <= c.main_nodes + 1000, "{what}");
    assert!(
        c.tt_cuts <= c.tt_hits && c.tt_hits <= c.main_nodes + 1000,
        "{what}"
    );
    assert!(c.null_cuts <= c.null_tries, "{what}");
    assert!(c.null_verifications <= c.null_tries, "{what}");
    assert!(c.lmr_researches <= c.lmr_reduced, "{what}");
    assert!(
        c.ext_singular + c.ext_double + c.ext_negative + c.multicuts <= c.singular_searches,
        "{what}"
    );
    assert!(
        s.nodes_to_depth.windows(2).all(|w| w[0] < w[1]),
        "{what}: {:?}",
        s.nodes_to_depth
    );
    assert!(
        s.nodes_to_depth.last().is_some_and(|&n| n <= r.nodes),
        "{what}"
    );
}

/// The same search twice gives the same figures, on a drop-game and a no-drop-game position,
/// to a depth and to a node limit; each iteration adds a depth's nodes, and the last is the
/// whole search's when it ran to its depth.
#[test]
fn the_statistics_are_deterministic_and_consistent() {
    let drop = POSITIONS.iter().position(|(v, _)| v.name() == "longjiang");
    let nodrop = POSITIONS
        .iter()
        .position(|(v, _)| v.name() == "longjiang-nodrop");
    let mut e = Engine::new();
    e.set_hash_mb(16);
    for i in [drop, nodrop].into_iter().flatten() {
        let a = search(&mut e, i, depth(10));
        let b = search(&mut e, i, depth(10));
        assert_eq!(a.stats, b.stats, "position {i}");
        assert_consistent(&a.stats, &a, &format!("position {i}, depth 10"));
        assert_eq!(a.stats.nodes_to_depth.len(), 10);
        assert_eq!(a.stats.nodes_to_depth.last(), Some(&a.nodes));
        let c = &a.stats.counters;
        // A real tree: cutoffs, most of them on the first move, reductions and null moves.
        assert!(
            c.cutoffs > 100 && c.first_move_cutoffs * 2 > c.cutoffs,
            "{c:?}"
        );
        assert!(
            c.lmr_reduced > 0 && c.null_tries > 0 && c.qs_nodes > 0,
            "{c:?}"
        );
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let n1 = search(&mut e, i, limits.clone());
        let n2 = search(&mut e, i, limits);
        assert_eq!(n1.stats, n2.stats, "position {i}, nodes");
        assert_consistent(&n1.stats, &n1, &format!("position {i}, 20000 nodes"));
    }
}

/// Two threads: the counts of both are summed, and still add up to the node count.
#[test]
fn two_threads_sum_their_counts() {
    let mut e = Engine::new();
    e.set_hash_mb(16);
    e.set_threads(2);
    let r = search(&mut e, 0, depth(9));
    assert_consistent(&r.stats, &r, "2 threads");
}

/// Asking for the statistics changes nothing in the search, and sends them once, just
/// before the answer.
#[test]
fn reporting_the_statistics_changes_nothing() {
    let mut e = Engine::new();
    e.set_hash_mb(16);
    let quiet = search(&mut e, 1, depth(8));
    e.set_search_stats(true);
    e.new_game();
    let (variant, sfen) = POSITIONS[1];
    e.set_position(Position::from_sfen(sfen, variant.rules()).expect("bench position"));
    let (listener, events) = collecting_listener();
    let told = e.search_with(depth(8), listener);
    assert_eq!(quiet, told);
    let events = events.lock().expect("events").clone();
    let stats: Vec<&SearchStats> = events
        .iter()
        .filter_map(|ev| match ev {
            SearchEvent::Stats(s) => Some(&**s),
            _ => None,
        })
        .collect();
    assert_eq!(stats, vec![&told.stats]);
    let n = events.len();
    assert!(matches!(events[n - 2], SearchEvent::Stats(_)), "{events:?}");
    assert!(matches!(events[n - 1], SearchEvent::BestMove { .. }));
}

/// `setoption name SearchStats value true`: each search ends with `info string stats nodes N
/// …`, N the last `info` line's nodes; off again, no such line.
#[test]
fn the_option_reports_one_line_per_search() {
    let mut e = Driver::start();
    e.send("setoption name SearchStats value true");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until_prefix(Duration::from_secs(60), "bestmove");
    let stats: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string stats "))
        .collect();
    assert_eq!(stats.len(), 1, "{lines:?}");
    let words: Vec<&str> = stats[0].split_whitespace().collect();
    let last_nodes = lines
        .iter()
        .rev()
        .find_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&x| x == "nodes")?;
            (w[0] == "info" && w[1] == "depth").then(|| w[i + 1].to_string())
        })
        .expect("an info line with nodes");
    assert_eq!(words[3], "nodes", "{}", stats[0]);
    assert_eq!(words[4], last_nodes, "{}", stats[0]);
    assert!(stats[0].contains(" fmc ") && stats[0].contains(" nodes_to_depth "));
    e.send("setoption name SearchStats value false");
    e.send("go depth 3");
    let lines = e.until_prefix(Duration::from_secs(60), "bestmove");
    assert!(!lines.iter().any(|l| l.contains("stats")), "{lines:?}");
}

/// `longjiang bench ARGS…`: its exit status, stdout and stderr.
fn bench_cli(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("bench")
        .args(args)
        .output()
        .expect("run longjiang bench");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bench_param_sets_a_search_parameter_and_refuses_bad_ones() {
    let nodes = |text: &str| text.lines().last().unwrap_or("").to_string();
    let (ok, plain, _) = bench_cli(&["5"]);
    assert!(ok);
    // The default value changes nothing; another value changes the trees.
    let (ok, same, _) = bench_cli(&["5", "--param", "lmr_pv=0"]);
    assert!(ok);
    assert_eq!(
        nodes(&same).split_whitespace().next(),
        nodes(&plain).split_whitespace().next()
    );
    let (ok, other, _) = bench_cli(&["5", "--stats", "--param", "LMR_NON_PV=2"]);
    assert!(ok);
    assert_ne!(
        nodes(&other).split_whitespace().next(),
        nodes(&plain).split_whitespace().next()
    );
    for (bad, says) in [
        ("nosuch=1", "no search parameter named 'nosuch'"),
        ("lmr_non_pv", "expected NAME=VALUE"),
        ("lmr_non_pv=x", "'x' is not an integer"),
        ("lmr_non_pv=99", "outside"),
    ] {
        let (ok, _, err) = bench_cli(&["3", "--param", bad]);
        assert!(!ok, "{bad} accepted");
        assert!(err.contains(says), "{bad}: {err}");
    }
}

/// ProbCut (`spsa_probcut`, off by default) tries nothing while off; on, it cuts nodes of the
/// bench positions' searches, with no more cuts than tries and consistent statistics.
#[test]
fn probcut_counts_only_when_on() {
    use longjiang_engine::search::params::PROBCUT;
    let nodrop = POSITIONS
        .iter()
        .position(|(v, _)| v.name() == "longjiang-nodrop")
        .expect("a no-drop bench position");
    let mut e = Engine::new();
    e.set_hash_mb(16);
    let off = search(&mut e, nodrop, depth(10));
    assert_eq!(off.stats.counters.probcut_tries, 0);
    let mut tries = 0;
    let mut cuts = 0;
    e.set_param(&PROBCUT, 1).expect("probcut in range");
    for (i, _) in POSITIONS.iter().enumerate().take(8) {
        let on = search(&mut e, i, depth(10));
        let c = &on.stats.counters;
        assert!(c.probcut_cuts <= c.probcut_tries, "{c:?}");
        assert_consistent(&on.stats, &on, &format!("position {i}, ProbCut on"));
        (tries, cuts) = (tries + c.probcut_tries, cuts + c.probcut_cuts);
    }
    assert!(cuts > 0 && tries >= cuts, "{tries} tries, {cuts} cuts");
}

/// Quiescence's evasion pruning (`spsa_qs_evasions`, off by default): in the shogi position
/// whose depth 1 once ran past the byoyomi (a king chased through the enemy camp), depth 1
/// searches 170,212 nodes with every evasion, under a third of that with two quiet evasions,
/// and finds the same move and score.
#[test]
fn evasion_pruning_narrows_a_depth_one_of_checks() {
    use longjiang_core::rules::Variant;
    use longjiang_engine::search::params::QS_EVASIONS;
    let sfen = "1+BSB5/4+RG3/1pgg1p1K1/pkppps3/1l3s1n1/PLP1P1P2/1P1PsP2P/2g4+r1/LN6L w 2N4P 78";
    let mut e = Engine::new();
    e.set_hash_mb(16);
    let mut run = |q: i32| {
        e.set_param(&QS_EVASIONS, q).expect("qs_evasions in range");
        e.new_game();
        e.set_position(Position::from_sfen(sfen, Variant::Shogi.rules()).expect("shogi sfen"));
        e.search_sync(depth(1))
    };
    let (off, on) = (run(0), run(2));
    assert!(off.nodes > 100_000, "every evasion: {}", off.nodes);
    assert!(
        on.nodes * 3 < off.nodes,
        "{} against {}",
        on.nodes,
        off.nodes
    );
    assert!(on.stats.counters.qs_nodes < off.stats.counters.qs_nodes);
    assert_eq!((on.best, on.score), (off.best, off.score));
}
