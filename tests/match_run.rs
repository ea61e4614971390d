//! `longjiang match` runs against small fake engines (`tests/fake_engines/fake_engine.rs`,
//! built as the example `fake_engine`) and the real binary: USI and UCI dialects with a SFEN
//! opening, a shogi match, two instances of `longjiang`, the SPRT stop, resume after a kill,
//! and bad settings. How a single game ends is `tests/match.rs`.

mod match_driver;

use longjiang_core::notation::record::GameRecord;
use match_driver::{engine, longjiang, out_dir, records, run_at_one_node, run_ok, tag};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn uci_and_usi_dialects_with_a_sfen_opening() {
    // The fakes exit with status 3 on a move or position in the other protocol's form, so a
    // clean match proves the conversion; the opening has hands, so drops come early.
    let dir = out_dir("dialects");
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "rnbgqkgbnr/pppp1ppppp/10/10/10/10/10/10/PPPPPPPP1P/RNBGQKGBNR b Pp KQkq 00 1\n\
         startpos moves e2e4 f9f7 e4e5 f7f6 e5f6 j9j8\n",
    )
    .unwrap();
    let book = book.display().to_string();
    let (usi, uci) = (
        engine("seed=5", "usi"),
        format!("{},proto=uci", engine("seed=6", "uci")),
    );
    let recs = run_ok(
        &dir.join("run"),
        &[
            "--engine",
            &usi,
            "--engine",
            &uci,
            "--openings",
            &book,
            "--games",
            "4",
            "--tc",
            "nodes=1",
            "--maxmoves",
            "40",
            "--log",
        ],
    );
    assert_eq!(recs.len(), 4);
    assert!(recs.iter().all(|r| !tag(r, "Reason").contains("crashed")));
    let log = std::fs::read_to_string(dir.join("run/protocol.log")).unwrap();
    assert!(log.contains("uci#0 > position fen rnbgqkgbnr/pppp1ppppp/10/10/10/10/10/10/PPPPPPPP1P/RNBGQKGBNR[Pp] w KQkq - 0 1"));
    assert!(log.contains("usi#0 > position sfen rnbgqkgbnr/pppp1ppppp/10/10/10/10/10/10/PPPPPPPP1P/RNBGQKGBNR b Pp KQkq 00 1"));
    let drops_to = |who: &str, sep: char| {
        log.lines()
            .filter(|l| l.contains(&format!("{who}#0 > position")))
            .any(|l| {
                l.split(' ')
                    .any(|t| t.len() == 4 && t.as_bytes()[1] == sep as u8)
            })
    };
    assert!(
        drops_to("uci", '@') && drops_to("usi", '*'),
        "no drop was sent"
    );
    assert!(log.contains("uci#0 > setoption name UCI_Variant value longjiangqi"));
    assert!(log.contains("uci#0 > go nodes 1"));
}

/// Standard shogi against a YaneuraOu-like fake (`game=shogi`: no `Variant` option, a
/// `setoption` after the first `isready` is a violation, `info string Error! …` at every
/// `isready` and move): every option goes before the first `isready`, an `info string` line
/// never stops the match, and moves travel in USI's shogi form (the fakes exit on `h2e2`).
#[test]
fn a_shogi_match_with_a_yaneuraou_like_engine() {
    let dir = out_dir("shogi");
    let yane = format!(
        "{},option.USI_Hash=64,option.Threads=1,option.BookFile=no_book",
        engine("game=shogi seed=7", "yane")
    );
    let ours = engine("seed=8", "ours");
    let out = dir.display().to_string();
    let o = longjiang(&[
        "--out",
        &out,
        "--engine",
        &yane,
        "--engine",
        &ours,
        "--variant",
        "shogi",
        "--openings",
        "startpos",
        "--games",
        "2",
        "--tc",
        "nodes=1",
        "--maxmoves",
        "60",
        "--log",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // games.txt reads back (every move checked), and each game's KIF file holds its moves.
    let recs = records(&dir);
    assert_eq!(recs.len(), 2);
    for r in &recs {
        let reason = tag(r, "Reason");
        for bad in ["crashed", "illegal", "did not answer", "unreadable"] {
            assert!(!reason.contains(bad), "{reason}");
        }
        let round: u32 = tag(r, "Round").parse().unwrap();
        let kif = dir.join("kif").join(format!("{round:04}.kifu"));
        let kif = std::fs::read_to_string(&kif).unwrap();
        let back = longjiang_core::notation::kif_record::parse_kif(&kif).unwrap();
        assert_eq!(back.moves, r.moves, "{kif}");
    }
    let log = std::fs::read_to_string(dir.join("protocol.log")).unwrap();
    let sent: Vec<&str> = log.lines().filter(|l| l.contains("yane#0 > ")).collect();
    let first_ready = sent.iter().position(|l| l.ends_with("> isready")).unwrap();
    let last_option = sent
        .iter()
        .rposition(|l| l.contains("> setoption"))
        .unwrap();
    assert!(last_option < first_ready, "{sent:#?}");
    assert!(log.contains("yane#0 > setoption name USI_Hash value 64"));
    assert!(log.contains("ours#0 > setoption name Variant value shogi"));
    let usi_move = |t: &str| {
        let b = t.as_bytes();
        (t.len() == 4 || t.len() == 5)
            && b[0].is_ascii_digit()
            && b[1].is_ascii_lowercase()
            && b[2].is_ascii_digit()
            && b[3].is_ascii_lowercase()
    };
    let positions: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("> position startpos moves"))
        .collect();
    assert!(!positions.is_empty());
    for l in positions {
        let moves = l.split(" moves ").nth(1).unwrap();
        assert!(
            moves
                .split(' ')
                .all(|t| usi_move(t) || t.as_bytes().get(1) == Some(&b'*')),
            "{l}"
        );
    }
}

/// The runner's verdicts that mean an engine misbehaved.
const FAULTS: [&str; 5] = ["illegal", "crashed", "on time", "hangs", "did not answer"];

#[test]
fn two_instances_of_longjiang_play_a_short_match() {
    // USI against UCI, drops and no drops, fixed nodes and a real clock: every game must end
    // by the rules or by the move limit, never by a fault, and its record must check.
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let usi = format!("cmd={bin},name=usi,option.USI_Hash=8");
    let uci = format!("cmd={bin},name=uci,proto=uci,option.Hash=8");
    // The clock games run one at a time with a second per side, so that other tests of this
    // binary running beside them on a 2-core machine cannot make an engine miss its clock; the
    // runner's margin of a second forgives a machine that starves the process (a niced test run
    // on a loaded machine once lost at `no move after 0.211 s (limit 0.157 s + 50 ms margin)`).
    for (sub, variant, tc, concurrency) in [
        ("nodes", "longjiang", "nodes=300", "2"),
        ("clock", "longjiang-nodrop", "1+0.05", "1"),
    ] {
        let dir = out_dir(&format!("real-{sub}"));
        let recs = run_ok(
            &dir,
            &[
                "--engine",
                &usi,
                "--engine",
                &uci,
                "--variant",
                variant,
                "--tc",
                tc,
                "--games",
                "2",
                "--concurrency",
                concurrency,
                "--maxmoves",
                "20",
                "--time-margin",
                "1000",
            ],
        );
        assert_eq!(recs.len(), 2);
        for r in &recs {
            let reason = tag(r, "Reason");
            assert!(
                !FAULTS.iter().any(|f| reason.contains(f)),
                "{sub}: {reason}"
            );
            assert!(r.moves.len() <= 40);
        }
        let check = Command::new(bin)
            .args(["record", "check"])
            .arg(dir.join("games.txt"))
            .output()
            .unwrap();
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
}

#[test]
fn sprt_stops_the_match_at_a_decision() {
    let dir = out_dir("sprt");
    let (strong, weak) = (engine("", "strong"), engine("fail=resign at=1", "weak"));
    let recs = run_at_one_node(
        &dir,
        &strong,
        &weak,
        &[
            "--games",
            "200",
            "--sprt",
            "elo0=0,elo1=100,alpha=0.05,beta=0.05",
        ],
    );
    // Ten won pairs take the normalised LLR past ln(19) = 2.94 (nine give 2.88); with one
    // game at a time, none starts after the decision.
    assert_eq!(recs.len(), 20);
    let summary = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(summary.contains("\"result\": \"H1 accepted\""), "{summary}");
    assert!(
        summary.contains("\"pentanomial\": [0, 0, 0, 0, 10]"),
        "{summary}"
    );
    assert!(
        summary.contains("\"lower\": -2.9444, \"upper\": 2.9444"),
        "{summary}"
    );
}

fn journal_lines(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("games.idx")).map_or(0, |t| t.lines().count())
}

#[test]
fn resume_after_a_kill_loses_and_repeats_nothing() {
    let dir = out_dir("resume");
    let out = dir.display().to_string();
    let (a, b) = (engine("delay=8 seed=1", "a"), engine("delay=8 seed=2", "b"));
    let args = [
        "--engine",
        &a,
        "--engine",
        &b,
        "--openings",
        "startpos",
        "--tc",
        "nodes=1",
        "--games",
        "8",
        "--maxmoves",
        "10",
        "--concurrency",
        "2",
        "--out",
        &out,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("match")
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while journal_lines(&dir) < 2 && t.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = std::fs::read(dir.join("games.txt")).unwrap();
    // Journal lines are `round result offset length hash`, each written before its record: the
    // kill may have come between the two, leaving the last line's record missing.
    let journal = std::fs::read_to_string(dir.join("games.idx")).unwrap();
    let ends: Vec<usize> = journal
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            Some(f.get(2)?.parse::<usize>().ok()? + f.get(3)?.parse::<usize>().ok()?)
        })
        .filter(|&end| end <= before.len())
        .collect();
    let (finished, kept) = (ends.len(), ends.last().copied().unwrap_or(0));
    assert!(
        (1..8).contains(&finished),
        "{finished} games before the kill"
    );
    // As if the kill had come while a record was being written.
    let mut cut = before.clone();
    cut.extend_from_slice(b"[Variant \"longjiang\"]\n[Black \"a");
    std::fs::write(dir.join("games.txt"), &cut).unwrap();

    let again = longjiang(&[
        "--out", &out, "--engine", &a, "--engine", &b, "--games", "10",
    ]);
    assert!(!again.status.success(), "other settings must be refused");
    assert!(
        !longjiang(&args).status.success(),
        "a second match in the same --out"
    );

    let o = longjiang(&["--out", &out, "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unfinished record were removed") || err.contains("will be played again"),
        "{err}"
    );
    assert!(
        err.contains(&format!("{finished} finished games found")),
        "{err}"
    );
    let after = std::fs::read(dir.join("games.txt")).unwrap();
    assert_eq!(
        &after[..kept],
        &before[..kept],
        "earlier records kept as they were"
    );
    let mut rounds: Vec<u32> = records(&dir)
        .iter()
        .map(|r| tag(r, "Round").parse().unwrap())
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=8).collect::<Vec<u32>>());
    // games.pgn was written again from the records: the same 8 games, none twice.
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let pgn = longjiang_core::notation::pgn::parse_pgn(&pgn).expect("games.pgn reads");
    let moves = |g: &[GameRecord]| g.iter().map(|r| r.moves.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&pgn), moves(&records(&dir)));
    let summary = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(summary.contains("\"games_played\": 8"));
}

#[test]
fn bad_settings_are_one_clear_error() {
    let dir = out_dir("bad");
    let out = dir.display().to_string();
    let a = engine("", "a");
    let b = engine("", "b");
    let dup = engine("", "a");
    for (args, want) in [
        (vec!["--engine", &a], "at least two --engine"),
        (
            vec!["--engine", &a, "--engine", &dup],
            "two engines are named 'a'",
        ),
        (
            vec!["--engine", &a, "--engine", &b, "--variant", "chess"],
            "unknown variant 'chess'",
        ),
        (
            vec!["--engine", &a, "--engine", &b, "--tc", "10+x"],
            "--tc: increment 'x'",
        ),
        (
            vec!["--engine", &a, "--engine", &b, "--sprt", "elo0=5,elo1=0"],
            "elo0 must be below elo1",
        ),
        (
            vec!["--engine", &a, "--engine", &b, "--resign", "moves=3"],
            "--resign: missing score=",
        ),
        (
            vec!["--engine", &a, "--engine", "cmd=x,proto=xboard"],
            "proto 'xboard'",
        ),
        (
            vec![
                "--engine",
                &a,
                "--engine",
                &b,
                "--openings",
                "/no/such/book",
            ],
            "--openings /no/such/book",
        ),
        (vec!["--resume"], "match.args"),
    ] {
        let mut all = vec!["--out", out.as_str()];
        all.extend(args);
        let o = longjiang(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
