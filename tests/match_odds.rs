//! Time odds and per-engine limits in `longjiang match`: `tc=`, `nodes=`, `timemargin=` in an
//! `--engine` spec and the shared `--each` items; and the per-move comments of `games.pgn`
//! (`{+0.35/1 0.002s}`, `{book}`) that `record convert` reads back. Fake engines
//! (`tests/fake_engines/`), node-limited or a clock of well under a second.

mod match_driver;

use longjiang_core::notation::pgn::{MOVE_COMMENTS, parse_pgn};
use match_driver::{engine, fake, longjiang, out_dir, run_ok, tag};
use std::path::Path;

fn lines_with<'a>(log: &'a str, start: &str) -> Vec<&'a str> {
    log.lines().filter(|l| l.starts_with(start)).collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each engine gets its own `go` limits and options: its own `nodes=` / `tc=`, else the
/// `--each` items, else `--tc`; an option the engine sets itself (names compare without
/// case) is not overridden by `--each`.
#[test]
fn each_engine_searches_under_its_own_limits() {
    let dir = out_dir("odds-nodes");
    std::fs::create_dir_all(&dir).expect("dir");
    let logs: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|n| dir.join(format!("{n}.log")).display().to_string())
        .collect();
    let a = format!(
        "cmd={} log={},name=a,nodes=111,option.SPSA_X=2",
        fake(),
        logs[0]
    );
    let b = format!("cmd={} log={},name=b,tc=depth=3", fake(), logs[1]);
    let c = format!("cmd={} log={},name=c", fake(), logs[2]);
    let out = dir.join("m");
    let recs = run_ok(
        &out,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--engine",
            &c,
            "--each",
            "nodes=333,option.spsa_x=1",
            "--tc",
            "nodes=1",
            "--openings",
            "startpos",
            "--games",
            "2",
            "--maxmoves",
            "4",
        ],
    );
    assert_eq!(recs.len(), 6);
    let want = [
        ("a", "go nodes 111"),
        ("b", "go nodes 333 depth 3"),
        ("c", "go nodes 333"),
    ];
    for ((name, go), path) in want.iter().zip(&logs) {
        let log = read(Path::new(path));
        let gos = lines_with(&log, "go");
        assert!(
            !gos.is_empty() && gos.iter().all(|g| g == go),
            "{name}: {gos:?}"
        );
        let hash: Vec<&str> = lines_with(&log, "setoption")
            .into_iter()
            .filter(|l| l.to_ascii_lowercase().contains("spsa_x"))
            .collect();
        let expected = match *name {
            "a" => "setoption name SPSA_X value 2",
            _ => "setoption name spsa_x value 1",
        };
        // Once per start (the check before the match, then the games).
        assert!(
            !hash.is_empty() && hash.iter().all(|l| *l == expected),
            "{name}: {hash:?}"
        );
    }
    // The records name each side's own time control.
    let r = recs
        .iter()
        .find(|r| tag(r, "Black") == "a" && tag(r, "White") == "b");
    let r = r.expect("a game of a against b");
    assert_eq!(
        (tag(r, "BlackTimeControl"), tag(r, "WhiteTimeControl")),
        ("nodes=111", "nodes=333,depth=3")
    );
    assert_eq!(tag(r, "TimeControl"), "");
    let summary = read(&out.join("summary.json"));
    assert!(
        summary.contains("\"time_control\": \"a nodes=111, b nodes=333,depth=3, c nodes=333\""),
        "{summary}"
    );
}

/// Time odds: a side with 0.25 s for the game and no margin loses on time while the other
/// side plays on its own 10 s + 0.1 s; each side's clock tag counts its own clock.
#[test]
fn time_odds_keep_each_sides_own_clock() {
    let dir = out_dir("odds-clock");
    let short = format!(
        "{},tc=0.25,timemargin=0",
        engine("delay=40 seed=1", "short")
    );
    let long = engine("delay=2 seed=2", "long");
    let recs = run_ok(
        &dir,
        &[
            "--engine",
            &short,
            "--engine",
            &long,
            "--tc",
            "10+0.1",
            "--openings",
            "startpos",
            "--games",
            "2",
            "--maxmoves",
            "30",
        ],
    );
    assert_eq!(recs.len(), 2);
    for r in &recs {
        let short_first = tag(r, "Black") == "short";
        let (own, other) = match short_first {
            true => ("BlackClock", "WhiteClock"),
            false => ("WhiteClock", "BlackClock"),
        };
        let (tc_short, tc_long) = match short_first {
            true => ("BlackTimeControl", "WhiteTimeControl"),
            false => ("WhiteTimeControl", "BlackTimeControl"),
        };
        assert_eq!((tag(r, tc_short), tag(r, tc_long)), ("0.25", "10+0.1"));
        assert!(
            tag(r, "Reason").starts_with("short loses on time")
                && tag(r, "Reason").contains("+ 0 ms margin"),
            "{:?}",
            r.tags
        );
        let num = |value: &str, key: &str| -> f64 {
            let item = value
                .split(' ')
                .find_map(|i| i.strip_prefix(&format!("{key}=")));
            item.and_then(|v| v.parse().ok()).expect("a figure")
        };
        let (short_clock, long_clock) = (tag(r, own), tag(r, other));
        // The long side: 10 s + 0.1 s a move less what it used.
        let moves = num(long_clock, "moves");
        let left = 10.0 + 0.1 * moves - num(long_clock, "used");
        assert!(
            (num(long_clock, "left") - left).abs() < 0.003,
            "{long_clock}"
        );
        assert!(num(short_clock, "used") > 0.2 && num(short_clock, "used") < 0.5);
        assert!(num(short_clock, "left") < 0.05, "{short_clock}");
    }
    let pgn = read(&dir.join("games.pgn"));
    assert!(
        pgn.contains("[WhiteTimeControl \"0.25\"]")
            && pgn.contains("[BlackTimeControl \"10+0.1\"]")
    );
}

/// A bad per-engine or `--each` time control is one clear error before any game.
#[test]
fn bad_engine_time_controls_are_refused() {
    for (a, each, expect) in [
        (format!("cmd={},tc=abc", fake()), None, "tc=abc"),
        (
            format!("cmd={},st=1", fake()),
            None,
            "time control 10+0.1,st=1",
        ),
        (format!("cmd={}", fake()), Some("nodes=x"), "nodes 'x'"),
        (format!("cmd={},timemargin=-1", fake()), None, "timemargin"),
    ] {
        let dir = out_dir("odds-bad");
        let out = dir.display().to_string();
        let b = format!("cmd={}", fake());
        let mut args = vec!["--out", &out, "--engine", &a, "--engine", &b];
        if let Some(e) = each {
            args.extend(["--each", e]);
        }
        let o = longjiang(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(expect), "{a}: {err}");
        assert!(!dir.join("games.txt").exists());
    }
}

/// `games.pgn` has cutechess's comment after every move: `{book}` for the opening's, the
/// engine's last score in pawns (mates in plies, `+M5`) with its depth and the think time
/// for the engines'; `record convert` reads them back into the same records.
#[test]
fn the_pgn_has_a_comment_with_score_depth_and_time_after_each_move() {
    let dir = out_dir("pgn-comments");
    let a = engine("score=35 seed=1", "a");
    let b = format!("cmd={} score=-20 mate=-3 seed=2,name=b,proto=uci", fake());
    let recs = run_ok(
        &dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--tc",
            "nodes=1",
            "--games",
            "2",
            "--maxmoves",
            "12",
        ],
    );
    let pgn = read(&dir.join("games.pgn"));
    assert!(
        pgn.contains("{book}"),
        "builtin openings are book moves: {pgn}"
    );
    let comments: Vec<&str> = pgn
        .split('{')
        .skip(1)
        .filter_map(|c| c.split_once('}').map(|(c, _)| c))
        .filter(|c| *c != "book")
        .collect();
    let (mut a_seen, mut b_seen) = (false, false);
    let engine_moves = comments.iter().filter(|c| c.starts_with(['+', '-', '0']));
    for c in engine_moves {
        let (score, time) = c.split_once(' ').unwrap_or_else(|| panic!("{c}"));
        assert!(
            time.ends_with('s') && time[..time.len() - 1].parse::<f64>().is_ok(),
            "{c}"
        );
        // UCI `mate -3` (moves) is mated in 6 plies; the last score line counts.
        match score {
            "+0.35/1" => a_seen = true,
            "-M6/7" => b_seen = true,
            _ => {}
        }
    }
    assert!(a_seen && b_seen, "{comments:?}");
    // The PGN reads back: same moves, the comments into the records' tag, the reason kept.
    let back = parse_pgn(&pgn).expect("PGN with comments reads");
    for (p, r) in back.iter().zip(&recs) {
        assert_eq!(p.moves, r.moves);
        assert_eq!(p.tag("Reason"), r.tag("Reason"));
        assert_eq!(p.tag(MOVE_COMMENTS), r.tag(MOVE_COMMENTS));
        let entries = r.tag(MOVE_COMMENTS).expect("comments").split('|').count();
        assert_eq!(entries, r.moves.len());
    }
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["record", "convert", "--to", "pgn", "--form", "xboard"])
        .arg(dir.join("games.pgn"))
        .output()
        .expect("record convert runs");
    let xb = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && xb.contains("{+0.35/1 "), "{xb}");
    let again = parse_pgn(&xb).expect("XBoard form with comments reads");
    assert_eq!(again[0].moves, recs[0].moves);
}

/// Comments anywhere in a PGN (before the first move, several after one move, between the
/// last move and the result) do not stop the reader.
#[test]
fn the_pgn_reader_skips_comments() {
    let text = "[Event \"?\"]\n[Variant \"longjiangqi\"]\n[Result \"*\"]\n\n\
                {a game comment} 1. f4 {+0.10/5 0.1s} {second} f7 {-0.2/3\n0.2s} *\n";
    let games = parse_pgn(text).expect("reads");
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(
        games[0].tag(MOVE_COMMENTS),
        Some("+0.10/5 0.1s second|-0.2/3 0.2s")
    );
}
