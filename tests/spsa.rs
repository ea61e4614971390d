//! The search parameters at run time and `longjiang tune-search`, through the binary: a
//! hidden `spsa_<name>` option changes the search (and a bad value is refused), and a tiny
//! SPSA run plays real games through the match runner's arbiter, resumes and splits into
//! shards. (The SPSA arithmetic on a synthetic objective is a unit test of
//! `tools::spsa::driver`.)

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the engine on `input` (the lines, then `quit`) and returns its output lines.
fn session(input: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start longjiang");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut lines = stdout.lines();
    let mut out = Vec::new();
    for l in input {
        writeln!(stdin, "{l}").expect("write");
        // Wait for each search to finish before the next command.
        if l.starts_with("go") {
            for line in lines.by_ref() {
                let line = line.expect("read");
                let done = line.starts_with("bestmove");
                out.push(line);
                if done {
                    break;
                }
            }
        }
    }
    writeln!(stdin, "quit").expect("write");
    drop(stdin);
    out.extend(lines.map_while(Result::ok));
    child.wait().expect("exit");
    out
}

/// The node count of the last `info … depth D …` line before each `bestmove`.
fn nodes_per_search(out: &[String]) -> Vec<u64> {
    let mut v = Vec::new();
    let mut last = None;
    for l in out {
        let w: Vec<&str> = l.split_whitespace().collect();
        if let Some(i) = w.iter().position(|&x| x == "nodes") {
            last = w.get(i + 1).and_then(|n| n.parse().ok());
        }
        if l.starts_with("bestmove") {
            v.push(last.expect("an info line with nodes"));
        }
    }
    v
}

#[test]
fn a_hidden_option_changes_the_search_and_bad_values_are_refused() {
    let search = ["usinewgame", "position startpos", "go depth 7"];
    let mut input = vec!["usi"];
    input.extend(search);
    input.push("setoption name spsa_futility_base value 0");
    input.push("setoption name spsa_lmr_base value 120");
    input.extend(search);
    input.push("setoption name spsa_futility_base value 160");
    input.push("setoption name SPSA_LMR_BASE value 35");
    input.extend(search);
    input.push("setoption name spsa_futility_base value 401");
    input.push("setoption name spsa_futility_base value many");
    input.push("setoption name spsa_no_such_thing value 1");
    // The refused values left the defaults: the same search again.
    input.extend(search);
    input.push("setoption name SpsaOptions value true");
    input.push("usi");
    let out = session(&input);
    let nodes = nodes_per_search(&out);
    assert_eq!(nodes.len(), 4, "{out:?}");
    assert_ne!(nodes[0], nodes[1], "the changed margins changed nothing");
    assert_eq!(
        nodes[0], nodes[2],
        "back to the defaults, the search is the first again"
    );
    assert_eq!(nodes[0], nodes[3]);
    let errors: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(
        errors,
        [
            "info string error: setoption: spsa_futility_base value '401' is not an integer in 0 … 400",
            "info string error: setoption: spsa_futility_base value 'many' is not an integer in 0 … 400",
            "info string error: setoption: no option named 'spsa_no_such_thing'",
        ]
    );
    // Hidden from the first handshake, listed after SpsaOptions.
    let listed = |from: usize, to: usize| {
        out[from..to]
            .iter()
            .filter(|l| l.starts_with("option name spsa_"))
            .count()
    };
    let oks: Vec<usize> = (0..out.len()).filter(|&i| out[i] == "usiok").collect();
    assert_eq!(oks.len(), 2);
    assert_eq!(listed(0, oks[0]), 0);
    assert!(out[oks[0]..oks[1]].contains(
        &"option name spsa_futility_base type spin default 160 min 0 max 400".to_string()
    ));
    assert!(listed(oks[0], oks[1]) > 50);
}

/// The options of parameters that were literals in the search before (notes/search-params.md)
/// change it too, and set back to their defaults give the first search again.
#[test]
fn the_options_of_moved_literals_change_the_search() {
    let search = ["usinewgame", "position startpos", "go depth 7"].map(String::from);
    let mut input = vec!["usi".to_string()];
    input.extend(search.clone());
    for (name, value, default) in [
        ("quiet_history_weight", 0, 2),
        ("lmr_tt_pv", 0, 1),
        ("fmc_not_improving_share", 100, 50),
    ] {
        input.push(format!("setoption name spsa_{name} value {value}"));
        input.extend(search.clone());
        input.push(format!("setoption name spsa_{name} value {default}"));
    }
    input.extend(search);
    let input: Vec<&str> = input.iter().map(String::as_str).collect();
    let out = session(&input);
    let nodes = nodes_per_search(&out);
    assert_eq!(nodes.len(), 5, "{out:?}");
    for (i, n) in nodes[1..4].iter().enumerate() {
        assert_ne!(*n, nodes[0], "option {i} changed nothing");
    }
    assert_eq!(nodes[4], nodes[0], "back to the defaults, the first search");
    assert!(
        !out.iter().any(|l| l.starts_with("info string error")),
        "{out:?}"
    );
}

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn longjiang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .output()
        .expect("run longjiang")
}

fn ok(o: &Output) -> String {
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    text
}

/// A parameter file of three of `longjiang params`' lines.
fn param_file(dir: &Path) -> String {
    let all = ok(&longjiang(&["params"]));
    let picked: Vec<&str> = all
        .lines()
        .filter(|l| {
            ["rfp_margin,", "futility_base,", "lmr_base,"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect();
    assert_eq!(picked.len(), 3, "{all}");
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("in.txt");
    std::fs::write(&path, picked.join("\n") + "\n").unwrap();
    path.display().to_string()
}

const TINY: [&str; 10] = [
    "--variant",
    "longjiang-nodrop",
    "--iterations",
    "2",
    "--tc",
    "nodes=150",
    "--maxmoves",
    "40",
    "--resign",
    "moves=2,score=600",
];

#[test]
fn a_tiny_run_plays_real_games_resumes_and_writes_its_results() {
    let work = out_dir("work");
    let params = param_file(&work);
    let dir = out_dir("run");
    let d = dir.display().to_string();
    let mut args = vec!["tune-search", "--params", &params, "--out", &d];
    args.extend(TINY);
    let text = ok(&longjiang(&args));
    assert_eq!(
        text.lines().filter(|l| l.starts_with("iteration ")).count(),
        2,
        "{text}"
    );
    // Two games per iteration, each with a result.
    let results = std::fs::read_to_string(dir.join("results-1-of-1.txt")).unwrap();
    let rows: Vec<Vec<u32>> = results
        .lines()
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 2);
    for (k, r) in rows.iter().enumerate() {
        assert_eq!((r[0], r[1] + r[2] + r[3]), (k as u32 + 1, 2), "{results}");
    }
    // The games journal: each game's pair, who moved first, result and why it ended, and
    // the same tally as the results.
    let games = std::fs::read_to_string(dir.join("games-1-of-1.tsv")).unwrap();
    let mut lines = games.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("iteration\tpair\tfirst\tplus\tplies")
    );
    let games_rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    assert_eq!(games_rows.len(), 4, "{games}");
    for (i, g) in games_rows.iter().enumerate() {
        let k = i / 2 + 1;
        assert_eq!(g[0], k.to_string(), "{games}");
        assert_eq!(g[1], (k - 1).to_string(), "one pair an iteration: {games}");
        assert_eq!(g[2], ["plus", "minus"][i % 2], "{games}");
        assert!(g[4].parse::<usize>().unwrap() > 0, "{games}");
        assert!(
            g[5].starts_with("moves=") && g[6].starts_with("moves="),
            "{games}"
        );
        assert!(!g[7].is_empty(), "{games}");
    }
    for (k, r) in rows.iter().enumerate() {
        let of = |word: &str| {
            games_rows
                .iter()
                .filter(|g| g[0] == (k + 1).to_string() && g[3] == word)
                .count() as u32
        };
        assert_eq!([of("win"), of("draw"), of("loss")], r[1..], "{games}");
    }
    let path = std::fs::read_to_string(dir.join("path.tsv")).unwrap();
    assert_eq!(path.lines().count(), 3, "{path}");
    assert!(path.starts_with("iteration\twins\tdraws\tlosses\tresult\trfp_margin"));
    let tuned = std::fs::read_to_string(dir.join("tuned.txt")).unwrap();
    assert_eq!(tuned.lines().count(), 3);
    let rs = std::fs::read_to_string(dir.join("params.rs")).unwrap();
    let rfp = tuned.lines().next().unwrap().split(", ").nth(1).unwrap();
    assert!(rs.contains(&format!(
        "    RFP_MARGIN = {rfp}, 30..=200, step 8, scale 1;"
    )));
    // Again without --resume: refused; with it: nothing left to play, the same outcome.
    let again = longjiang(&args);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
    let resumed = ok(&longjiang(&["tune-search", "--resume", "--out", &d]));
    assert!(resumed.contains("iteration 2/2"), "{resumed}");
    assert_eq!(
        std::fs::read_to_string(dir.join("results-1-of-1.txt")).unwrap(),
        results
    );
    assert_eq!(std::fs::read_to_string(dir.join("path.tsv")).unwrap(), path);
    assert_eq!(
        std::fs::read_to_string(dir.join("tuned.txt")).unwrap(),
        tuned
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("games-1-of-1.tsv")).unwrap(),
        games
    );
    // A missing parameter file is one error, not a panic.
    let bad = longjiang(&["tune-search", "--params", "/nonexistent/p", "--out", &d]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/nonexistent/p"));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn two_shards_share_the_pairs_of_each_iteration() {
    let work = out_dir("shard-work");
    let params = param_file(&work);
    let dir = out_dir("shards");
    let d = dir.display().to_string();
    let spawn = |part: &str| {
        let mut args = vec![
            "tune-search",
            "--params",
            &params,
            "--out",
            &d,
            "--pairs",
            "2",
        ];
        args.extend(TINY);
        args.extend(["--shard", part]);
        Command::new(env!("CARGO_BIN_EXE_longjiang"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start a part")
    };
    let parts = [spawn("1/2"), spawn("2/2")];
    for p in parts {
        ok(&p.wait_with_output().expect("a part ends"));
    }
    for part in ["results-1-of-2.txt", "results-2-of-2.txt"] {
        let r = std::fs::read_to_string(dir.join(part)).unwrap();
        let ks: Vec<&str> = r.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(ks, ["1", "2"], "{part}: {r}");
    }
    // Resuming without the split is refused.
    let whole = longjiang(&["tune-search", "--resume", "--out", &d]);
    assert!(!whole.status.success());
    assert!(String::from_utf8_lossy(&whole.stderr).contains("give --shard I/2"));
    // The first part writes the path, from both parts' results.
    let path = std::fs::read_to_string(dir.join("path.tsv")).unwrap();
    for line in path.lines().skip(1) {
        let f: Vec<i64> = line
            .split('\t')
            .take(5)
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(f[1] + f[2] + f[3], 4, "{path}");
        assert_eq!(f[4], f[1] - f[3]);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}
