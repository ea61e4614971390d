//! Transcript tests of the XBoard / CECP mode while the engine thinks: analyze mode, time
//! controls, `?` and a `ping` during a search, pondering with `hard` and a hint, resigning
//! only when asked, and the NNUE options. The dialogue itself (handshake, games, illegal
//! moves, results) is `tests/xboard_transcript.rs`.

mod engine_driver;

use engine_driver::cecp::{XBoard, play};
use engine_driver::{Driver, PROMPT};
use longjiang_core::notation::xboard_notation::move_to_xboard;
use longjiang_core::rules::{Position, Variant};
use std::time::Duration;

/// A thinking line `ply score time nodes pv`: the depth and the PV's moves.
fn thinking(line: &str) -> Option<(u32, Vec<String>)> {
    let words: Vec<&str> = line.split(' ').collect();
    if words.len() < 5 || words[..4].iter().any(|w| w.parse::<i64>().is_err()) {
        return None;
    }
    let pv = words[4..]
        .iter()
        .map(|w| w.trim_end_matches(['?', '!']).to_string())
        .collect();
    Some((words[0].parse().ok()?, pv))
}

#[test]
fn analyze_mode_thinks_about_each_position() {
    let mut x = XBoard::start();
    x.ask("new");
    x.ask("variant longjiang");
    x.ask("force");
    x.ask("post");
    x.send("analyze");
    let lines =
        x.e.until(PROMPT, |l| thinking(l).is_some_and(|(d, _)| d >= 4));
    let mut pos = Position::start(Variant::Longjiang.rules());
    for l in &lines {
        let (_, pv) = thinking(l).unwrap_or_else(|| panic!("not a thinking line: {l}"));
        let mut p = pos.clone();
        for mv in &pv {
            play(&mut p, mv);
        }
    }
    let stat = x.ask(".");
    let stat = stat.iter().find(|l| l.starts_with("stat01: ")).unwrap();
    assert!(stat.contains(" 26 "), "{stat}");
    // A move in analyze mode: the analysis starts again from the new position.
    x.ask("usermove f1f3");
    play(&mut pos, "f1f3");
    let lines =
        x.e.until(PROMPT, |l| thinking(l).is_some_and(|(d, _)| d >= 3));
    for l in &lines {
        let (_, pv) = thinking(l).unwrap();
        let mut p = pos.clone();
        for mv in &pv {
            play(&mut p, mv);
        }
    }
    x.ask("undo");
    pos.undo();
    let lines =
        x.e.until(PROMPT, |l| thinking(l).is_some_and(|(d, _)| d >= 3));
    let (_, pv) = thinking(lines.last().unwrap()).unwrap();
    play(&mut pos.clone(), &pv[0]);
    // Leaving analyze mode stops the search; no move is ever played.
    let rest = x.ask("exit");
    assert!(rest.iter().all(|l| !l.starts_with("move")), "{rest:?}");
    assert_eq!(x.e.quiet(Duration::from_millis(300)), Vec::<String>::new());
}

#[test]
fn time_controls_move_now_and_pings_while_thinking() {
    let mut x = XBoard::start();
    x.ask("new");
    x.ask("variant longjiang");
    // Incremental and conventional clocks, and a fixed time per move: the engine moves.
    for setting in [["level 0 0:02 0", "time 200"], ["level 40 1 0", "time 150"]] {
        x.ask("force");
        for s in setting {
            assert_eq!(x.ask(s), Vec::<String>::new());
        }
        x.ask("otim 200");
        x.send("go");
        x.engine_move();
    }
    assert_eq!(x.ask("st 1"), Vec::<String>::new());
    x.ask("force");
    x.send("go");
    x.engine_move();
    // sd limits the depth of the thinking shown.
    x.ask("force");
    x.ask("level 0 5 0");
    x.ask("sd 2");
    x.ask("post");
    x.send("go");
    let lines = x.e.until(PROMPT, |l| l.starts_with("move "));
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| thinking(l))
        .map(|t| t.0)
        .collect();
    assert_eq!(depths.last(), Some(&2), "{lines:?}");
    // `?` makes it move now; a ping sent while it thinks is answered after the move.
    x.ask("nopost");
    x.ask("new");
    x.ask("variant longjiang");
    x.ask("st 1000");
    x.send("go");
    x.send("ping 77");
    std::thread::sleep(Duration::from_millis(200));
    x.send("?");
    let lines = x.e.until(PROMPT, |l| l == "pong 77");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("move "), "{lines:?}");
    for bad in ["level 40", "level x 5 0", "st soon", "sd 0", "time later"] {
        let answer = x.ask(bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("Error (bad parameters"), "{answer:?}");
    }
}

#[test]
fn pondering_with_hard_and_a_hint() {
    let mut x = XBoard::start();
    x.ask("new");
    x.ask("variant longjiang");
    x.ask("hard");
    x.ask("level 0 0:30 0");
    let mut pos = Position::start(Variant::Longjiang.rules());
    // The engine plays the second player: the user moves first, then it answers and ponders.
    x.send("usermove f1f3");
    play(&mut pos, "f1f3");
    let (mv, _) = x.engine_move();
    play(&mut pos, &mv);
    // The hint is the move it ponders on; playing it is a ponder hit, and it answers.
    let hint = x.ask("hint");
    let hint = hint[0].strip_prefix("Hint: ").expect("a hint").to_string();
    x.send(&format!("time 3000\notim 3000\nusermove {hint}"));
    play(&mut pos, &hint);
    let (mv, _) = x.engine_move();
    play(&mut pos, &mv);
    // Any other move is a ponder miss: it thinks afresh and answers too.
    let other = longjiang_core::movegen::legal_moves(&pos)
        .iter()
        .map(|&m| move_to_xboard(m))
        .find(|m| Some(m) != x.ask("hint").first().map(|h| h[6..].to_string()).as_ref())
        .unwrap();
    x.send(&format!("usermove {other}"));
    play(&mut pos, &other);
    let (mv, _) = x.engine_move();
    play(&mut pos, &mv);
    x.ask("easy");
    x.send("quit");
    assert!(x.e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}

#[test]
fn resigns_only_when_asked() {
    // The engine (second player) has a king against a queen and two rooks.
    let fen = "k9/10/10/10/10/10/10/10/10/5K1QRR[] b - - 0 1";
    for (resign, want) in [(false, false), (true, true)] {
        let mut x = XBoard::start();
        x.set_up("longjiang-nodrop", fen);
        x.ask(&format!("option Resign={}", u8::from(resign)));
        x.ask("sd 3");
        let mut pos =
            longjiang_core::notation::fen::parse_fen(fen, Variant::LongjiangNoDrop.rules())
                .expect("the FEN reads");
        let mut resigned = false;
        for _ in 0..4 {
            x.send("go");
            let lines =
                x.e.until(PROMPT, |l| l.starts_with("move ") || l == "resign");
            if lines.last().is_some_and(|l| l == "resign") {
                resigned = true;
                break;
            }
            let mv = &lines.last().unwrap()[5..];
            play(&mut pos, mv);
            // A quiet waiting move of the first player's king.
            let wait = if pos.piece_at("f1".parse().unwrap()).is_some() {
                "f0g0"
            } else {
                "g0f0"
            };
            x.ask("force");
            assert_eq!(x.usermove(wait), Vec::<String>::new(), "{}", x.log());
            play(&mut pos, wait);
        }
        assert_eq!(resigned, want, "{}", x.log());
    }
}

#[test]
fn nnue_options_switch_the_evaluation_and_refuse_a_bad_net() {
    let mut e = Driver::start();
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(PROMPT, |l| l == "feature done=1");
    // The drop game's default evaluator is its net (its rule description's).
    assert!(features.contains(&"feature option=\"UseNNUE -check 1\"".to_string()));
    assert!(features.contains(&"feature option=\"EvalFile -file <embedded>\"".to_string()));
    let mut x = XBoard::on(e);
    // The score of a depth-2 search of the start position, from a cleared table.
    let score = |x: &mut XBoard| -> String {
        assert_eq!(x.ask("new"), Vec::<String>::new());
        x.ask("post");
        x.ask("sd 2");
        x.send("go");
        let lines = x.e.until(PROMPT * 3, |l| l.starts_with("move "));
        x.sync();
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("2 "))
            .unwrap_or_else(|| panic!("no depth-2 line in {lines:?}"));
        last.split_whitespace().nth(1).unwrap_or("").to_string()
    };
    let net = score(&mut x);
    assert_eq!(x.ask("option UseNNUE=0"), Vec::<String>::new());
    let classical = score(&mut x);
    assert_ne!(
        classical, net,
        "the net scores the start as the classical evaluation"
    );
    assert_eq!(x.ask("option UseNNUE=1"), Vec::<String>::new());
    assert_eq!(score(&mut x), net, "UseNNUE=1 is not the default net");
    let bad = x.ask("option EvalFile=/nonexistent/net.nnue");
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].starts_with("Error (EvalFile: "), "{bad:?}");
    assert!(bad[0].contains("the net stays <embedded>"), "{bad:?}");
    assert_eq!(score(&mut x), net, "a refused file changed the net");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/longjiang.nnue");
    let loaded = x.ask(&format!("option EvalFile={path}"));
    assert_eq!(
        loaded,
        vec![format!("# EvalFile: {path} (longjiang net) loaded")]
    );
    assert_eq!(
        score(&mut x),
        net,
        "the same net from its file scores differently"
    );
    assert_eq!(x.ask("option UseNNUE=0"), Vec::<String>::new());
    assert_eq!(score(&mut x), classical);
    assert!(x.ask("option UseNNUE=yes")[0].starts_with("Error (option UseNNUE takes 0 or 1)"));
}
