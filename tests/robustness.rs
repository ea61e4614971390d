//! Defects found by feeding the engine what a careless GUI, a script or a new user sends, one
//! test each: the real binary through its pipes, or the library where the defect lives there.

mod engine_driver;

use engine_driver::{Driver, PROMPT};

/// The advertised maximum `USI_Hash` on a machine that cannot hold it: one error line
/// before `readyok`, the old table kept; a size that fits is taken.
#[test]
fn a_hash_size_the_machine_cannot_hold_is_refused() {
    let mut e = Driver::start();
    let free = longjiang_engine::protocol::memory::available_mib();
    let lines = e.ask("setoption name USI_Hash value 65536");
    if free.is_some_and(|m| m / 8 * 7 < 65536) {
        assert_eq!(lines.len(), 1, "{}", e.log());
        assert!(
            lines[0].starts_with("info string error: setoption: USI_Hash 65536 MiB does not fit"),
            "{}",
            e.log()
        );
        assert!(lines[0].ends_with("the table stays 64 MiB"), "{}", e.log());
    }
    // The engine is alive and searches.
    e.send("go depth 1");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{}",
        e.log()
    );
    assert_eq!(
        e.ask("setoption name USI_Hash value 2"),
        Vec::<String>::new()
    );
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}

/// A record whose `Reason` claims an end the final position does not have is refused
/// (protocol.md's example used to claim a checkmate after a move with 49 replies).
#[test]
fn a_claimed_checkmate_must_be_one() {
    use longjiang_core::notation::record::GameRecord;
    let moves = "f2f4 e9e7 f4f5 e7e6 f5e6 f9f7 e6f7 g9g8 f7g8+";
    let record = |reason: &str| {
        format!(
            "[Variant \"longjiang\"]\n[Result \"1-0\"]\n[Reason \"{reason}\"]\n\
             [Moves \"{moves}\"]\n\n1. 六四 五七\n2. 六五 五六\n3. 六Ｘ五六 六七\n\
             4. 五Ｘ六七 七八\n5. 六Ｘ七八成\n1-0\n"
        )
    };
    let e = GameRecord::parse(&record("checkmate"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Reason 'checkmate' contradicts the final position (the game is not over: 49 legal moves)"),
        "{e}"
    );
    for claim in ["stalemate", "fourfold repetition", "perpetual check by x"] {
        assert!(GameRecord::parse(&record(claim)).is_err(), "{claim}");
    }
    assert!(GameRecord::parse(&record("resignation")).is_ok());
    // protocol.md's example reads.
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md")).unwrap();
    let start = doc.find("[Variant \"longjiang\"]\n[Black").unwrap();
    let end = start + doc[start..].find("```").unwrap();
    assert!(
        GameRecord::parse(&doc[start..end]).is_ok(),
        "{}",
        &doc[start..end]
    );
}

/// `record write` ends a mate with its result and reason; a move after it is refused because
/// the game is over.
#[test]
fn record_write_gives_the_result_of_a_mate() {
    use longjiang::tools::record_cmd::write_record;
    let sfen = "k9/10/2K7/1Q8/10/10/10/10/10/10 b - - 00 1";
    let moves = |m: &str| m.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let text = write_record("longjiang", Some(sfen), &[], &moves("b7b9")).unwrap();
    assert!(
        text.contains("[Result \"1-0\"]\n[Reason \"checkmate\"]\n"),
        "{text}"
    );
    assert!(text.ends_with("\n1-0\n"), "{text}");
    let e = write_record("longjiang", Some(sfen), &[], &moves("b7b9 a10a9")).unwrap_err();
    assert_eq!(e, "move 2 (a10a9): the game is over (checkmate, 1-0)");
}

/// A record from an SFEN with the second player to move on move 1: `1... X` then `2. Y`,
/// and it reads back.
#[test]
fn move_numbers_after_the_second_player_starts() {
    use longjiang::tools::record_cmd::write_record;
    use longjiang_core::notation::record::GameRecord;
    let sfen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w - KQkq 00 1";
    let moves: Vec<String> = ["f9f7", "f2f4", "e9e7"].map(str::to_string).to_vec();
    let text = write_record("longjiang", Some(sfen), &[], &moves).unwrap();
    assert!(text.contains("\n1... 六七\n2. 六四 五七\n*\n"), "{text}");
    let back = GameRecord::parse(&text).unwrap();
    assert_eq!(back.moves.len(), 3);
    assert!(GameRecord::parse(&text.replace("2. ", "1. ")).is_err());
}

/// The largest move number an SFEN holds, then a move: the move number stays at the
/// largest (it used to wrap to 0) and `d` writes an SFEN that reads back.
#[test]
fn the_move_number_does_not_wrap() {
    let mut e = Driver::start();
    let k = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00";
    assert_eq!(
        e.ask(&format!("position sfen {k} 4294967295 moves f2f4")),
        Vec::<String>::new()
    );
    let sfen = e.sfen();
    assert!(sfen.ends_with(" w - KQkq 00 4294967295"), "{sfen}");
    assert_eq!(
        e.ask(&format!("position sfen {sfen}")),
        Vec::<String>::new(),
        "{}",
        e.log()
    );
    assert_eq!(e.sfen(), sfen);
    let pos = longjiang_core::rules::Position::from_sfen(&sfen, longjiang_core::rules::LONGJIANG);
    assert!(pos.is_ok(), "{sfen}: {:?}", pos.err());
}

/// Runs the binary with `args`; its status and standard error.
fn cli(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A usage error names what is missing, in one line.
#[test]
fn usage_errors_name_what_is_missing() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["perft"],
            "longjiang: the following required arguments were not provided: <DEPTH> \
             (see longjiang perft --help)\n",
        ),
        (
            &["record"],
            "longjiang: longjiang record needs a subcommand: write, read, check, convert \
             (see longjiang record --help)\n",
        ),
        (
            &["match", "--engine", "cmd=a", "--engine", "cmd=b"],
            "longjiang: the following required arguments were not provided: --out <DIR> \
             (see longjiang match --help)\n",
        ),
    ];
    for (args, want) in cases {
        assert_eq!(cli(args), (Some(2), want.to_string()), "{args:?}");
    }
}

/// A match whose engine refuses an option, or does not declare it, stops before
/// the first game and says which option and what the engine answered.
#[test]
fn a_refused_engine_option_stops_the_match() {
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let dir = std::env::temp_dir().join(format!("lj-robust-options-{}", std::process::id()));
    let out = dir.to_string_lossy().into_owned();
    let run = |option: &str| {
        cli(&[
            "match",
            "--engine",
            &format!("cmd={bin},name=a,{option}"),
            "--engine",
            &format!("cmd={bin},name=b"),
            "--tc",
            "nodes=100",
            "--out",
            &out,
        ])
    };
    let (code, err) = run("option.Threads=0");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "engine a: option Threads=0: the engine answered 'info string error: setoption: \
             Threads value '0' is not an integer in 1 … 256'"
        ),
        "{err}"
    );
    let (code, err) = run("option.Foo=1");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "engine a: option Foo: the engine declares no such option (it has USI_Hash, Threads,"
        ),
        "{err}"
    );
    // The hidden `spsa_` options are sent although undeclared; the engine judges them.
    let (code, err) = run("option.spsa_rfp_margin=1000");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("engine a: option spsa_rfp_margin=1000: the engine answered"),
        "{err}"
    );
    let (code, err) = run("option.spsa_no_such=1");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("option spsa_no_such=1: the engine answered"),
        "{err}"
    );
    let (code, err) = cli(&[
        "match",
        "--engine",
        &format!("cmd={bin},name=a,option.spsa_lmr_divisor=187,option.SPSA_RFP_MARGIN=94"),
        "--engine",
        &format!("cmd={bin},name=b"),
        "--tc",
        "nodes=100",
        "--games",
        "2",
        "--maxmoves",
        "20",
        "--out",
        &format!("{out}-spsa"),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(format!("{out}-spsa"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `go perft 70` was refused by no depth limit and ran on the reader, so `stop`
/// and `quit` were never read. Now depths above 20 are refused, a deep perft runs on its own
/// thread, `isready` is answered after a perft's lines, and `stop` and `quit` end it.
#[test]
fn perft_is_bounded_and_can_be_stopped() {
    let mut e = Driver::start();
    assert_eq!(
        e.ask("go perft 70"),
        vec!["info string error: go perft: depth '70' is out of range (1 … 20)"]
    );
    // A small perft: its lines come before the readyok of the isready after it.
    let lines = e.ask("go perft 2");
    assert_eq!(lines.len(), 26 + 3, "{}", e.log());
    assert_eq!(lines[27], "Nodes searched: 676");
    // A perft of hours: stop ends it at once with one line, and the engine goes on.
    e.send("go perft 12");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send("stop");
    let lines = e.until_prefix(PROMPT, "info string perft 12: stopped after");
    assert_eq!(lines.len(), 1, "{}", e.log());
    assert_eq!(e.ask(""), Vec::<String>::new(), "{}", e.log());
    e.send("go depth 1");
    assert!(
        e.until_prefix(PROMPT, "bestmove")
            .last()
            .is_some_and(|l| l.starts_with("bestmove"))
    );
    // quit during a perft ends the process.
    e.send("go perft 12");
    e.send("quit");
    assert!(
        e.wait_exit(PROMPT).is_some_and(|s| s.success()),
        "{}",
        e.log()
    );
}

/// Out-of-range numbers are refused for their size.
#[test]
fn numbers_out_of_range_say_so() {
    let mut e = Driver::start();
    assert_eq!(
        e.ask("go perft 99999999999"),
        vec!["info string error: go perft: depth '99999999999' is out of range (1 … 20)"]
    );
    assert_eq!(
        e.ask("go depth 4294967296"),
        vec!["info string error: go: depth '4294967296' is out of range (0 … 4294967295)"]
    );
}

/// A byte-order mark before the first command is not part of it.
#[test]
fn a_byte_order_mark_is_skipped() {
    let mut e = Driver::start();
    e.send_bytes(b"\xef\xbb\xbfisready\n");
    assert_eq!(
        e.next_line(PROMPT).as_deref(),
        Some("readyok"),
        "{}",
        e.log()
    );
}

/// A byte-order mark before `xboard` still switches to XBoard mode.
#[test]
fn a_byte_order_mark_before_xboard() {
    let mut e = Driver::start();
    e.send_bytes(b"\xef\xbb\xbfxboard\nprotover 2\n");
    let lines = e.until(PROMPT, |l| l.contains("done=1"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("feature ") && l.contains("done=1")),
        "{}",
        e.log()
    );
}

/// After a refused `position`, `go` is refused (no search of the previous position)
/// until a `position` is accepted.
#[test]
fn no_answer_for_a_position_the_gui_did_not_send() {
    let mut e = Driver::start();
    e.send("position startpos moves f2f4");
    e.sfen();
    let lines = e.ask("position startpos moves f2f4 f2f5");
    assert_eq!(lines.len(), 1, "{}", e.log());
    // Nor for the previous one: `d` is refused too.
    let d = e.ask("d");
    assert!(
        d.len() == 1 && d[0].starts_with("info string error: d: no position"),
        "{d:?}"
    );
    let lines = e.ask("go depth 1");
    assert_eq!(lines.len(), 1, "{}", e.log());
    assert!(
        lines[0].starts_with(
            "info string error: go: no position: the last position command was refused \
             (position: move 2 (f2f5): illegal move f2f5"
        ),
        "{}",
        e.log()
    );
    assert!(
        e.quiet(std::time::Duration::from_millis(300)).is_empty(),
        "{}",
        e.log()
    );
    assert_eq!(e.ask("go perft 1").len(), 1);
    e.send("position startpos moves f2f4 f9f7");
    e.send("go depth 1");
    assert!(
        e.until_prefix(PROMPT, "bestmove")
            .last()
            .is_some_and(|l| l.starts_with("bestmove"))
    );
}

/// Every search ends with an `info` line of its final figures just before
/// `bestmove`, also `go nodes 0` and an infinite search stopped at once.
#[test]
fn every_search_ends_with_its_figures() {
    let mut e = Driver::start();
    for go in ["go nodes 0", "go infinite"] {
        e.send("position startpos");
        e.send(go);
        if go == "go infinite" {
            e.send("stop");
        }
        let lines = e.until_prefix(PROMPT, "bestmove");
        assert!(lines.len() >= 2, "{go}: {}", e.log());
        let last_info = &lines[lines.len() - 2];
        assert!(last_info.starts_with("info depth "), "{go}: {}", e.log());
        let best = lines.last().unwrap().split(' ').nth(1).unwrap();
        assert!(
            last_info.ends_with(&format!(" pv {best}"))
                || last_info.contains(&format!(" pv {best} "))
        );
    }
    // A depth-limited search: the last info repeats the answer's line with figures no
    // smaller than the last iteration's.
    e.send("go depth 4");
    let lines = e.until_prefix(PROMPT, "bestmove");
    let field = |l: &str, key: &str| -> u64 {
        l.split_whitespace()
            .skip_while(|w| *w != key)
            .nth(1)
            .and_then(|t| t.parse().ok())
            .unwrap()
    };
    let (last, before) = (&lines[lines.len() - 2], &lines[lines.len() - 3]);
    assert!(
        field(last, "nodes") >= field(before, "nodes"),
        "{}",
        e.log()
    );
    assert_eq!(field(last, "depth"), 4, "{}", e.log());
}

/// A mate found under `go infinite` is not repeated to the last depth (it printed
/// 120 identical lines in 5 ms); the search waits for `stop` and answers the mate.
#[test]
fn a_found_mate_is_not_repeated_to_the_last_depth() {
    let mut e = Driver::start();
    e.send("position sfen k9/10/2K7/1Q8/10/10/10/10/10/10 b - - 00 1");
    e.send("go infinite");
    // Wait for the mate itself (not a fixed sleep: on a loaded machine `stop` could otherwise
    // arrive before depth 1 is done), then give the search time to run on.
    let mut early = e.until(PROMPT, |l| l.contains(" score mate 1 "));
    early.extend(e.quiet(std::time::Duration::from_millis(300)));
    assert!(early.iter().all(|l| l.starts_with("info ")), "{}", e.log());
    assert!(early.len() <= 10, "{} lines: {}", early.len(), e.log());
    e.send("stop");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove b7b9"),
        "{}",
        e.log()
    );
    // A depth asked for is searched to.
    e.send("go depth 12");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 12 ")),
        "{}",
        e.log()
    );
}

/// `d plain` draws in ASCII through the protocol; `perft --moves` and `record
/// write` take moves in the record notation as the protocol does; two engines without `name=`
/// are numbered, not refused.
#[test]
fn plain_board_chinese_moves_in_the_tools_and_unnamed_engines() {
    let mut e = Driver::start();
    let lines = e.ask("d plain");
    assert_eq!(
        lines[1],
        "10 | r | n | b | g | q | k | g | b | n | r |",
        "{}",
        e.log()
    );
    assert!(lines.iter().all(|l| l.is_ascii()), "{}", e.log());
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_longjiang"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let chinese = run(&["perft", "2", "--moves", "六四 六七"]);
    let ascii = run(&["perft", "2", "--moves", "f2f4 f9f7"]);
    let nodes = |t: &str| {
        t.lines()
            .last()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(&chinese), nodes(&ascii));
    let record = run(&["record", "write", "六四", "六七", "骑三三"]);
    assert!(record.contains("[Moves \"f2f4 f9f7 b1c3\"]"), "{record}");
    // Two engines from one program, neither named: longjiang and longjiang-2.
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let dir = std::env::temp_dir().join(format!("lj-robust-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let spec = format!("cmd={bin}");
    let out = run(&[
        "match",
        "--engine",
        &spec,
        "--engine",
        &spec,
        "--tc",
        "nodes=50",
        "--maxmoves",
        "5",
        "--out",
        &dir.display().to_string(),
    ]);
    assert!(out.contains("longjiang vs longjiang-2"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
