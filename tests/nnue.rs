//! The nets through the binary: the protocol's `EvalFile` refuses a bad file with one error line
//! while the net in use stays, loads a king-bucket net, and each game searches with its default
//! evaluation. That the built-in nets load and evaluate sensibly is the engine crate's test
//! (crates/engine/tests/nnue_endgames.rs).

use longjiang_core::rules::{Position, Variant};
use longjiang_engine::eval::nnue::{self, Network, evaluate_fresh};
use std::io::Write;
use std::process::{Command, Stdio};

/// The engine's answers to `input` (its stdout lines).
fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_bad_eval_file_is_one_error_and_the_net_stays() {
    let dir = std::env::temp_dir().join(format!("lj-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.nnue");
    let net = nnue::embedded(Variant::LongjiangNoDrop).unwrap();
    std::fs::write(&good, net.to_bytes()).unwrap();
    let mut damaged = net.to_bytes();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x55;
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, damaged).unwrap();
    let out = session(&format!(
        "setoption name Variant value longjiang-nodrop\nsetoption name UseNNUE value true\n\
         setoption name EvalFile value {}\neval\nsetoption name EvalFile value {}\n\
         setoption name EvalFile value {}\neval\nquit\n",
        good.display(),
        bad.display(),
        dir.join("missing").display()
    ));
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 2, "{out:?}");
    assert!(errors[0].starts_with("info string error: setoption: EvalFile:"));
    assert!(errors[0].contains("checksum"), "{}", errors[0]);
    assert!(errors[1].contains("cannot read"), "{}", errors[1]);
    let nnue_lines: Vec<&String> = out.iter().filter(|l| l.starts_with("NNUE")).collect();
    assert_eq!(nnue_lines.len(), 2, "{out:?}");
    assert_eq!(nnue_lines[0], nnue_lines[1], "the good net stays in use");
    assert!(
        nnue_lines[0].contains("good.nnue; in use"),
        "{}",
        nnue_lines[0]
    );
    let want = evaluate_fresh(&net, &Position::start(Variant::LongjiangNoDrop.rules()));
    assert!(nnue_lines[0].starts_with(&format!("NNUE evaluation {want} cp")));
}

/// `longjiang bench` with `args`: its stdout lines.
fn bench(args: &[&str]) -> Vec<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("bench")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The node count of a line `… <nodes> nodes <nps> nps`.
fn nodes_of(line: &str) -> u64 {
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|&x| x == "nodes").unwrap_or(0);
    w[i.saturating_sub(1)].parse().unwrap_or(0)
}

#[test]
fn bench_compare_runs_the_classical_search_and_the_nets_side_by_side() {
    let classical = nodes_of(bench(&["2"]).last().unwrap());
    let net = nodes_of(bench(&["2", "--nnue", "true"]).last().unwrap());
    assert!(classical > 0 && net > 0);
    assert_ne!(
        classical, net,
        "the nets search the suite as the classical evaluation"
    );
    let lines = bench(&["2", "--compare", "2"]);
    assert_eq!(lines.len(), 5, "{lines:?}");
    for run in 0..2 {
        assert!(lines[2 * run].starts_with(&format!("run {} classical", run + 1)));
        assert_eq!(nodes_of(&lines[2 * run]), classical);
        assert!(lines[2 * run + 1].starts_with(&format!("run {} nnue", run + 1)));
        assert_eq!(nodes_of(&lines[2 * run + 1]), net);
    }
    let median = &lines[4];
    assert!(
        median.starts_with(&format!("median classical {classical} nodes "))
            && median.contains(&format!(", nnue {net} nodes "))
            && median.contains("nnue/classical "),
        "{median}"
    );
}

/// The session's answer to `go nodes N` in `game`, with `UseNNUE` set to `use_nnue` (`None`:
/// left at its default): the last `info` line's score and pv, and the `bestmove` line.
fn session_search(game: Variant, use_nnue: Option<bool>, nodes: u64) -> (String, String) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut setup = format!("setoption name Variant value {game}\n");
    if let Some(on) = use_nnue {
        setup.push_str(&format!("setoption name UseNNUE value {on}\n"));
    }
    setup.push_str(&format!("position startpos\ngo nodes {nodes}\n"));
    input.write_all(setup.as_bytes()).unwrap();
    input.flush().unwrap();
    let mut last_info = String::new();
    let mut best = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("info depth") && line.contains(" score ") {
            last_info = line;
        } else if line.starts_with("bestmove") {
            best = line;
            break;
        }
    }
    input.write_all(b"quit\n").unwrap();
    drop(input);
    child.wait().unwrap();
    let tail = last_info.split(" score ").nth(1).unwrap_or_default();
    let score = tail.split(" nodes ").next().unwrap_or_default().to_string();
    let pv = tail.split(" pv ").nth(1).unwrap_or_default().to_string();
    (format!("score {score} pv {pv}"), best)
}

/// The same search in-process with the nets `nets`, as the session would print it.
fn engine_search(game: Variant, nets: Vec<std::sync::Arc<Network>>, nodes: u64) -> String {
    use longjiang_engine::search::{Engine, Limits, Score};
    let mut e = Engine::new();
    e.set_nnue(nets);
    e.set_position(Position::start(game.rules()));
    let r = e.search_sync(Limits {
        nodes: Some(nodes),
        ..Limits::default()
    });
    let score = match r.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    format!("score {score} pv {}", pv.join(" "))
}

#[test]
fn the_protocol_session_searches_with_each_games_default_evaluation() {
    let nodes = 3000;
    for game in Variant::ALL {
        let (default, best) = session_search(game, None, nodes);
        assert!(best.starts_with("bestmove "), "{game}: {best}");
        let with_default = engine_search(game, nnue::default_nets(), nodes);
        let classical = engine_search(game, Vec::new(), nodes);
        let net = engine_search(game, nnue::embedded(game).into_iter().collect(), nodes);
        assert_eq!(default, with_default, "{game}: the session's default");
        // The searches tell the evaluations apart, and the default is the rules' choice.
        assert_ne!(classical, net, "{game}");
        let want = match nnue::by_default(game) {
            true => &net,
            false => &classical,
        };
        assert_eq!(&default, want, "{game}");
        // UseNNUE overrides the default both ways.
        assert_eq!(session_search(game, Some(false), nodes).0, classical);
        assert_eq!(session_search(game, Some(true), nodes).0, net);
    }
}

/// A king-bucket (feature set 1) net through `EvalFile`: the session loads it, `eval` gives
/// its own evaluation (not the plain net's it was made from) and a search runs with it; a
/// file of an unknown feature set is refused with one error naming the set.
#[test]
fn a_king_bucket_eval_file_loads_evaluates_and_searches() {
    use longjiang_engine::eval::nnue::FeatureSet;
    use longjiang_engine::eval::nnue::features::FEATURES;
    use longjiang_engine::eval::nnue::network::{BUCKETS, HEADER_LEN};
    let dir = std::env::temp_dir().join(format!("lj-nnue-kb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plain = nnue::embedded(Variant::LongjiangNoDrop).unwrap();
    let h = plain.hidden();
    let bytes = plain.to_bytes();
    let words: Vec<i16> = bytes[HEADER_LEN..]
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    let ft = &words[..FEATURES * h];
    // Bucket b's rows: the plain rows shifted by 2b, so each bucket evaluates differently.
    let kb_ft: Vec<i16> = (0..6)
        .flat_map(|b| ft.iter().map(move |&w| w + 2 * b))
        .collect();
    let ft_b = words[FEATURES * h..FEATURES * h + h].to_vec();
    let out_w = words[FEATURES * h + h..FEATURES * h + h + BUCKETS * 2 * h].to_vec();
    let tail = &bytes[HEADER_LEN + 2 * (FEATURES * h + h + BUCKETS * 2 * h)..];
    let out_b = tail
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let kb = Network::from_parts_in(
        FeatureSet::KingBuckets,
        Variant::LongjiangNoDrop,
        h,
        (kb_ft, ft_b, out_w, out_b),
    )
    .unwrap();
    let start = Position::start(Variant::LongjiangNoDrop.rules());
    let want = evaluate_fresh(&kb, &start);
    assert_ne!(want, evaluate_fresh(&plain, &start));
    let file = dir.join("kb.nnue");
    std::fs::write(&file, kb.to_bytes()).unwrap();
    let mut unknown = kb.to_bytes();
    unknown[50] = 7;
    let bad = dir.join("set7.nnue");
    std::fs::write(&bad, unknown).unwrap();
    let out = session(&format!(
        "setoption name Variant value longjiang-nodrop\nsetoption name UseNNUE value true\n\
         setoption name EvalFile value {}\neval\nsetoption name EvalFile value {}\n\
         position startpos moves e2e4 f9f8\ngo nodes 3000\nisready\nquit\n",
        file.display(),
        bad.display(),
    ));
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{out:?}");
    assert!(errors[0].contains("feature set 7"), "{}", errors[0]);
    let nnue_line = out.iter().find(|l| l.starts_with("NNUE")).unwrap();
    assert!(
        nnue_line.starts_with(&format!("NNUE evaluation {want} cp")),
        "{nnue_line}"
    );
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
}
