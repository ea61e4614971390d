//! `longjiang match` against small fake engines (`tests/fake_engines/fake_engine.rs`, built as
//! the example `fake_engine`): how the runner ends a game. Each way of losing (an illegal or
//! unreadable move, resignation, a crash, a hang, a flag fall, no `readyok`), adjudication by
//! score and by length, and the ends by the rules are checked in the records. The runs
//! themselves (dialects, real engines, SPRT, resume, bad input) are `tests/match_run.rs`.

mod match_driver;

use match_driver::{by_round, engine, longjiang, out_dir, run_at_one_node, run_ok, tag};
use std::time::{Duration, Instant};

/// Two games between `bad` (the misbehaving fake) and a random mover; `bad` must lose both,
/// once as each colour, with `reason` in the record.
fn bad_loses_both(name: &str, bad_args: &str, tc: &str, extra: &[&str], reason: &str) {
    let dir = out_dir(name);
    let (bad, good) = (engine(bad_args, "bad"), engine("seed=3", "good"));
    let mut args = vec![
        "--engine",
        &bad,
        "--engine",
        &good,
        "--openings",
        "startpos",
    ];
    args.extend_from_slice(&["--tc", tc, "--games", "2"]);
    args.extend_from_slice(extra);
    let recs = by_round(run_ok(&dir, &args));
    assert_eq!(recs.len(), 2);
    for (r, want) in recs.iter().zip(["0-1", "1-0"]) {
        assert_eq!(tag(r, "Result"), want, "round {}", tag(r, "Round"));
        assert!(
            tag(r, "Reason").contains(reason),
            "reason '{}' lacks '{reason}'",
            tag(r, "Reason")
        );
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(
        summary
            .contains("{\"name\": \"bad\", \"total\": {\"wins\": 0, \"draws\": 0, \"losses\": 2}")
    );
}

#[test]
fn illegal_move_loses() {
    bad_loses_both(
        "illegal",
        "fail=illegal at=2",
        "nodes=10",
        &[],
        "bad loses by an illegal move: illegal move e2e5",
    );
}

#[test]
fn unreadable_move_loses() {
    bad_loses_both(
        "garbage",
        "fail=garbage at=3",
        "depth=1",
        &[],
        "'hello' is not a move",
    );
}

#[test]
fn resignation_loses() {
    bad_loses_both("resign", "fail=resign at=2", "st=1", &[], "bad resigns");
}

#[test]
fn crash_loses_and_the_engine_is_restarted() {
    // The second game needs a new process (the first one died): it crashes again there.
    bad_loses_both(
        "crash",
        "fail=crash at=2",
        "5+0.1",
        &[],
        "bad crashed (exited with status 7)",
    );
}

#[test]
fn hang_loses_after_the_hang_timeout() {
    let t = Instant::now();
    bad_loses_both(
        "hang",
        "fail=hang at=1",
        "nodes=100",
        &["--hang-timeout", "0.3"],
        "bad hangs: no move within 0.3 s; it did not answer stop and was killed",
    );
    assert!(t.elapsed() < Duration::from_secs(20));
}

#[test]
fn flag_fall_loses_on_time() {
    bad_loses_both(
        "flag",
        "fail=slow at=2 sleep=700",
        "0.4+0",
        &["--time-margin", "50"],
        "bad loses on time: no move after",
    );
}

/// A time loss's reason says what the runner knew: the engine's last `info` before the
/// deadline (its own `time`, depth, nodes) and, after `stop`, when its late `bestmove` came and
/// the `info` before it, so a late search tells from a late pipe (notes/byoyomi.md).
#[test]
fn a_time_loss_says_what_the_engine_reported() {
    let dir = out_dir("lateness");
    let (bad, good) = (
        engine("fail=slow at=2 sleep=700 progress=1", "bad"),
        engine("seed=3", "good"),
    );
    let args = [
        "--engine",
        &bad,
        "--engine",
        &good,
        "--openings",
        "startpos",
        "--tc",
        "byoyomi=0.3",
        "--games",
        "1",
    ];
    let recs = run_ok(&dir, &args);
    let reason = tag(&recs[0], "Reason");
    let (head, tail) = reason
        .split_once("; last info at ")
        .unwrap_or_else(|| panic!("no last info in '{reason}'"));
    let secs = |s: &str| -> f64 { s.split(' ').next().and_then(|x| x.parse().ok()).unwrap() };
    let waited = head
        .strip_prefix("bad loses on time: no move after ")
        .expect("a time loss");
    assert!(
        secs(waited) >= 0.35 && head.ends_with("(limit 0.300 s + 50 ms margin)"),
        "{reason}"
    );
    // Before the deadline: the line sent at once after the `go`, by its own clock well
    // inside the limit.
    let (before, after) = tail
        .split_once("; bestmove at ")
        .expect("the late bestmove");
    let (_, own) = before.split_once(": time ").expect("its time");
    assert!(
        secs(own) < 0.3 && before.ends_with(", depth 5, nodes 500"),
        "{reason}"
    );
    // After `stop`: the answer that came after the fake's 700 ms sleep, with its own line.
    assert!(secs(after) >= 0.7, "{reason}");
    let (_, last) = after
        .split_once(" s after stop, last info at ")
        .expect("the info before the late bestmove");
    let (_, own) = last.split_once(": time ").expect("its time");
    assert!(
        secs(own) >= 0.7 && own.ends_with(", depth 9, nodes 9000"),
        "{reason}"
    );
}

#[test]
fn movetime_overrun_loses_on_time() {
    bad_loses_both(
        "movetime",
        "fail=slow at=1 sleep=400",
        "st=0.1",
        &[],
        "(limit 0.100 s + 50 ms margin)",
    );
}

#[test]
fn no_readyok_before_a_game_forfeits() {
    bad_loses_both(
        "ready",
        "ready=hang",
        "nodes=10",
        &["--hang-timeout", "0.3"],
        "bad did not answer 'isready' within 0.3 s",
    );
}

#[test]
fn a_dead_engine_stops_the_match_before_it_starts() {
    let dir = out_dir("handshake");
    let out = dir.display().to_string();
    let (bad, good) = (engine("handshake=hang", "bad"), engine("", "good"));
    let o = longjiang(&[
        "--engine",
        &bad,
        "--engine",
        &good,
        "--out",
        &out,
        "--hang-timeout",
        "0.3",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("engine bad: did not answer 'usi' within 0.3 s"),
        "{err}"
    );
    let nothing = format!("cmd={}/no-such-engine,name=x", dir.display());
    let o = longjiang(&["--engine", &nothing, "--engine", &good, "--out", &out]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("engine x: could not start: "));
}

#[test]
fn score_adjudication_and_move_limit() {
    let dir = out_dir("adjudicate");
    let (lost, won) = (
        engine("score=-700", "pessimist"),
        engine("score=700", "optimist"),
    );
    let recs = by_round(run_at_one_node(
        &dir,
        &lost,
        &won,
        &["--resign", "moves=3,score=600"],
    ));
    // Each side needs three scores: the third move of the second player decides.
    assert_eq!(recs[0].moves.len(), 6);
    assert_eq!(
        (tag(&recs[0], "Result"), tag(&recs[1], "Result")),
        ("0-1", "1-0")
    );
    assert!(tag(&recs[0], "Reason").starts_with("adjudication"));

    let dir = out_dir("drawn");
    let (a, b) = (engine("score=3", "a"), engine("score=-5", "b"));
    let recs = run_at_one_node(&dir, &a, &b, &["--draw", "movenumber=5,moves=2,score=10"]);
    for r in &recs {
        assert_eq!((tag(r, "Result"), r.moves.len()), ("1/2-1/2", 10));
        assert!(tag(r, "Reason").contains("draw"));
    }

    let dir = out_dir("maxmoves");
    let recs = run_at_one_node(&dir, &a, &b, &["--maxmoves", "7"]);
    for r in &recs {
        assert_eq!((tag(r, "Result"), r.moves.len()), ("1/2-1/2", 14));
        assert_eq!(tag(r, "Reason"), "adjudication: move limit (7 moves)");
    }
}

#[test]
fn the_rules_end_games_checkmate_repetition_perpetual_check() {
    let dir = out_dir("rules");
    std::fs::create_dir_all(&dir).unwrap();
    let book = |name: &str, line: &str| {
        let p = dir.join(name);
        std::fs::write(&p, line).unwrap();
        p.display().to_string()
    };
    let play = |sub: &str, script: &str, opening: &str| {
        let (a, b) = (
            engine(&format!("mode=script moves={script}"), "a"),
            engine(&format!("mode=script moves={script}"), "b"),
        );
        by_round(run_ok(
            &dir.join(sub),
            &[
                "--engine",
                &a,
                "--engine",
                &b,
                "--variant",
                "longjiang-nodrop",
                "--tc",
                "nodes=1",
                "--openings",
                opening,
            ],
        ))
    };
    // Ra10 mates a king boxed in by its own pawns.
    let mate = book("mate.txt", "9k/8pp/10/10/10/10/10/10/10/R4K4 b - - 00 1\n");
    for r in play("mate", "a1a10", &mate) {
        assert_eq!(
            (tag(&r, "Result"), tag(&r, "Reason"), r.moves.len()),
            ("1-0", "checkmate", 1)
        );
    }
    // Knights out and back: the start position for the fourth time after 12 plies.
    for r in play("repetition", "b1c3;b10c8;c3b1;c8b10", "startpos") {
        assert_eq!(
            (tag(&r, "Result"), tag(&r, "Reason"), r.moves.len()),
            ("1/2-1/2", "fourfold repetition", 12)
        );
    }
    // The rook checks on rank 10 and rank 9 in turn while the king steps between j10 and j9.
    let perpetual = book(
        "perpetual.txt",
        "9k/R9/10/10/10/10/10/10/10/K9 b - - 00 1\n",
    );
    let recs = play("perpetual", "a9a10;a10a9;j10j9;j9j10", &perpetual);
    for (r, checker) in recs.iter().zip(["a", "b"]) {
        assert_eq!((tag(r, "Result"), r.moves.len()), ("0-1", 12));
        assert_eq!(tag(r, "Reason"), format!("perpetual check by {checker}"));
    }
}
