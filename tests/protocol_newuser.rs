//! What a new user tripped on in the USI/UCI loop: the shogi FEN line, an infinite
//! search where the 入玉 declaration holds, a change of evaluation and the table, the net `eval`
//! names, a refused `position`, the order of answers after `go perft`, the last `info` line.

mod engine_driver;

use engine_driver::{Driver, PROMPT};
use std::time::Duration;

/// Runs a search and returns its lines up to `bestmove` (included).
fn search(e: &mut Driver, go: &str) -> Vec<String> {
    e.send(go);
    e.until_prefix(Duration::from_secs(60), "bestmove")
}

/// The score words (`cp 35`, `mate 3`) of the last `info … score` line in `lines`.
fn last_score(lines: &[String]) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .unwrap_or_else(|| panic!("no score in {lines:?}"));
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|&x| x == "score").unwrap_or(0);
    w[i + 1..i + 3].join(" ")
}

/// Shogi's `Fen:` line has its fields in place, and the engine reads it back.
#[test]
fn the_shogi_fen_line_is_well_formed_and_reads_back() {
    let mut e = Driver::start();
    e.send("setoption name Variant value shogi");
    let d = e.ask("position startpos moves 7g7f 3c3d 8h2b+");
    assert!(d.is_empty(), "{d:?}");
    let d = e.ask("d");
    let fen = d
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap_or_else(|| panic!("{d:?}"))
        .to_string();
    assert_eq!(
        fen,
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    );
    let sfen = e.sfen();
    assert_eq!(e.ask(&format!("position fen {fen}")), Vec::<String>::new());
    assert_eq!(e.sfen(), sfen);
}

/// Where the declaration holds, `go infinite` searches until `stop` and only then
/// claims the win; a search with a limit claims it at once.
#[test]
fn an_infinite_search_declares_only_after_stop() {
    let mut e = Driver::start();
    e.send("setoption name Variant value shogi");
    e.send("position sfen 9/4K4/9/9/9/9/9/4k4/9 b 2R2B4G4S4N4L18P 1");
    e.send("go infinite");
    let mut early = e.until_prefix(PROMPT, "info depth");
    early.extend(e.quiet(Duration::from_millis(300)));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{}",
        e.log()
    );
    e.send("stop");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove win"));
    e.send("go movetime 5000");
    assert_eq!(e.next_line(PROMPT).as_deref(), Some("bestmove win"));
}

/// A change of `UseNNUE` clears the table, so the next search reports the new
/// evaluation's score, the same as a fresh engine's.
#[test]
fn a_change_of_evaluation_clears_the_table() {
    let mut fresh = Driver::start();
    fresh.send("setoption name UseNNUE value true");
    let want = last_score(&search(&mut fresh, "go depth 3"));
    let mut e = Driver::start();
    e.send("setoption name UseNNUE value false");
    search(&mut e, "go depth 12");
    assert_eq!(
        e.ask("setoption name UseNNUE value true"),
        Vec::<String>::new()
    );
    assert_eq!(
        last_score(&search(&mut e, "go depth 3")),
        want,
        "{}",
        e.log()
    );
}

/// `eval` names the net it evaluates with: the file loaded for this game, or the
/// built-in net of a game no file was loaded for.
#[test]
fn eval_names_the_net_of_the_game() {
    let dir = std::env::temp_dir().join(format!("lj-newuser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("drop.nnue");
    let net =
        longjiang_engine::eval::nnue::embedded(longjiang_core::rules::Variant::Longjiang).unwrap();
    std::fs::write(&file, net.to_bytes()).unwrap();
    let mut e = Driver::start();
    e.send(&format!("setoption name EvalFile value {}", file.display()));
    let eval = e.ask("eval");
    let line = eval.iter().find(|l| l.starts_with("NNUE")).unwrap();
    assert!(line.contains("drop.nnue; in use"), "{line}");
    e.send("setoption name Variant value longjiang-nodrop");
    let eval = e.ask("eval");
    let line = eval.iter().find(|l| l.starts_with("NNUE")).unwrap();
    // The drop game's file is not the no-drop game's: its own built-in net is in use.
    assert!(line.contains("(<embedded>; in use)"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a refused `position`, no command answers for the previous position.
#[test]
fn a_refused_position_leaves_no_position() {
    let mut e = Driver::start();
    e.send("position startpos moves f2f4");
    // The side not to move (the second player) is in check.
    let refused = e.ask("position sfen 5k4/10/10/10/10/5R4/10/10/10/4K5 b - - 00 1");
    assert_eq!(refused.len(), 1, "{refused:?}");
    for (cmd, name) in [
        ("d", "d"),
        ("d plain", "d"),
        ("eval", "eval"),
        ("moves", "moves"),
        ("go depth 1", "go"),
        ("go perft 1", "go perft"),
    ] {
        let got = e.ask(cmd);
        let want = format!("info string error: {name}: no position");
        assert!(
            got.len() == 1 && got[0].starts_with(&want),
            "{cmd}: {got:?}"
        );
    }
    assert!(e.ask("position startpos").is_empty());
    assert_eq!(
        e.ask("moves").last().map(String::as_str),
        Some("26 legal moves")
    );
}

/// The answers to what comes after `go perft` come after its lines, in order.
#[test]
fn answers_after_go_perft_keep_their_order() {
    let mut e = Driver::start();
    e.send("go perft 4");
    e.send("isready");
    e.send("go depth 1");
    e.send("isready");
    let mut lines = e.until(PROMPT, |l| l == "readyok");
    lines.extend(e.until(PROMPT, |l| l == "readyok"));
    // The count's own lines (`f2f4: 1234`, a blank line, `Nodes searched: …`) left out.
    let tail: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.is_empty() && (!l.contains(": ") || l.starts_with("info string")))
        .collect();
    assert_eq!(tail.len(), 4, "{tail:?}");
    assert!(tail[0].starts_with("info string perft 4: "), "{tail:?}");
    assert_eq!(tail[1], "readyok");
    assert!(tail[2].starts_with("info string error: go: "), "{tail:?}");
    assert_eq!(tail[3], "readyok");
}

/// The last `info` line before `bestmove` repeats the last iteration's figures for
/// the line it answers with (its selective depth included).
#[test]
fn the_last_info_line_keeps_the_seldepth() {
    let mut e = Driver::start();
    let lines = search(&mut e, "go depth 9");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(infos.len() >= 2, "{lines:?}");
    let field = |l: &str, key: &str| {
        let w: Vec<&str> = l.split_whitespace().collect();
        let i = w.iter().position(|&x| x == key).unwrap();
        w[i + 1].to_string()
    };
    let (last, before) = (infos[infos.len() - 1], infos[infos.len() - 2]);
    for key in ["depth", "seldepth", "score", "pv"] {
        assert_eq!(field(last, key), field(before, key), "{key}: {lines:?}");
    }
}

/// UCI mode offers the two 龙将棋 games only, and refuses shogi with one clear error
/// (USI mode plays it).
#[test]
fn uci_refuses_shogi_and_usi_plays_it() {
    let mut e = Driver::start();
    e.send("uci");
    e.until_prefix(PROMPT, "uciok");
    let got = e.ask("setoption name UCI_Variant value shogi");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("info string error: setoption: UCI_Variant: shogi is not offered"),
        "{got:?}"
    );
    assert!(e.ask("d").iter().any(|l| l == "Variant: longjiang"));
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    assert!(e.ask("setoption name Variant value shogi").is_empty());
    assert!(e.ask("d").iter().any(|l| l == "Variant: shogi"));
}

/// `help` lists the commands and the options of the dialect in use.
#[test]
fn help_lists_commands_and_options() {
    let mut e = Driver::start();
    let lines = e.ask("help");
    assert!(lines[0].starts_with("Commands"), "{lines:?}");
    for cmd in [
        "position startpos",
        "go perft <n>",
        "stop",
        "d | d plain",
        "quit",
    ] {
        assert!(
            lines.iter().any(|l| l.trim_start().starts_with(cmd)),
            "{cmd}: {lines:?}"
        );
    }
    assert!(
        lines.iter().any(|l| l.starts_with("  USI_Hash type spin")),
        "{lines:?}"
    );
    e.send("uci");
    e.until_prefix(PROMPT, "uciok");
    let lines = e.ask("help");
    assert!(
        lines.iter().any(|l| l.starts_with("  Hash type spin")),
        "{lines:?}"
    );
}

/// With `OwnBook` on, `go` answers from the book (a suite file) while the position
/// is in it, every answer one of the book's moves; off (the default), or out of the book, the
/// engine searches; a bad book file is one error and the book stays.
#[test]
fn the_book_answers_while_the_position_is_in_it() {
    let dir = std::env::temp_dir().join(format!("lj-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book.txt");
    std::fs::write(
        &file,
        "startpos moves f2f4 f9f7\nstartpos moves b1c3 b10c8\n",
    )
    .unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "startpos moves f2f5\n").unwrap();
    let mut e = Driver::start();
    assert!(
        e.ask(&format!("setoption name BookFile value {}", file.display()))
            .is_empty()
    );
    // Off by default: a search.
    let lines = search(&mut e, "go depth 1");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    assert!(e.ask("setoption name OwnBook value true").is_empty());
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..20 {
        let lines = search(&mut e, "go depth 20");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0], "info string book move");
        seen.insert(lines[1].clone());
    }
    assert!(
        seen.iter()
            .all(|l| l == "bestmove f2f4" || l == "bestmove b1c3"),
        "{seen:?}"
    );
    e.send("position startpos moves f2f4");
    assert_eq!(
        search(&mut e, "go depth 20"),
        ["info string book move", "bestmove f9f7"]
    );
    // Out of the book: a search.
    e.send("position startpos moves f2f4 e9e7");
    let lines = search(&mut e, "go depth 1");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    let got = e.ask(&format!("setoption name BookFile value {}", bad.display()));
    assert!(
        got.len() == 1 && got[0].contains("BookFile") && got[0].contains("the book stays"),
        "{got:?}"
    );
    e.send("position startpos moves f2f4");
    assert_eq!(
        search(&mut e, "go depth 20"),
        ["info string book move", "bestmove f9f7"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
