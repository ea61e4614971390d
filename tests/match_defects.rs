//! The runner's answers to what a cutechess user tries: `--maxmoves 0` (no limit), an option
//! in the other protocol's spelling, `--help`'s engine keys, and a hung engine started through
//! a wrapper script (its whole process group is killed).

mod match_driver;

use match_driver::{engine, fake, longjiang, out_dir, run_at_one_node, run_ok, tag};
use std::time::{Duration, Instant};

#[test]
fn maxmoves_zero_means_no_limit() {
    let dir = out_dir("maxmoves0");
    let (a, b) = (engine("seed=5", "a"), engine("seed=6", "b"));
    let recs = run_at_one_node(&dir, &a, &b, &["--games", "2", "--maxmoves", "0"]);
    assert_eq!(recs.len(), 2);
    for r in &recs {
        assert!(!r.moves.is_empty(), "{}", tag(r, "Reason"));
        assert!(
            !tag(r, "Reason").contains("move limit"),
            "{}",
            tag(r, "Reason")
        );
    }
}

#[test]
fn options_are_passed_in_the_spelling_the_engine_declares() {
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let usi = format!("cmd={bin},name=usi,option.Hash=8,option.Move Overhead=20");
    let uci = format!("cmd={bin},name=uci,proto=uci,option.USI_Hash=8");
    let dir = out_dir("spellings");
    let recs = run_ok(
        &dir,
        &[
            "--engine",
            &usi,
            "--engine",
            &uci,
            "--tc",
            "nodes=50",
            "--games",
            "2",
            "--maxmoves",
            "4",
            "--log",
        ],
    );
    assert_eq!(recs.len(), 2);
    let log = std::fs::read_to_string(dir.join("protocol.log")).unwrap();
    assert!(
        log.contains("usi#0 > setoption name USI_Hash value 8"),
        "{log}"
    );
    assert!(
        log.contains("usi#0 > setoption name MoveOverhead value 20"),
        "{log}"
    );
    assert!(log.contains("uci#0 > setoption name Hash value 8"), "{log}");
}

#[test]
fn help_lists_the_searchmoves_key() {
    let o = longjiang(&["--help"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("searchmoves=legal|all"), "{text}");
}

/// Whether process `pid` still runs (a zombie counts as gone).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.split(") ").nth(1).is_some_and(|r| !r.starts_with('Z')))
}

#[cfg(unix)]
#[test]
fn a_hung_engine_behind_a_wrapper_is_killed_with_its_group() {
    use std::os::unix::fs::PermissionsExt;
    let dir = out_dir("wrapper");
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("child.pid");
    let script = dir.join("engine.sh");
    // Not `exec`: the engine is the wrapper's child, as with many GUI launch scripts.
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec 3<&0\n{} fail=hang at=1 <&3 &\necho $! > {}\nwait\n",
            fake(),
            pid_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let bad = format!("cmd={},name=bad", script.display());
    let good = engine("seed=3", "good");
    let t = Instant::now();
    let recs = run_ok(
        &dir.join("run"),
        &[
            "--engine",
            &bad,
            "--engine",
            &good,
            "--openings",
            "startpos",
            "--tc",
            "nodes=10",
            "--games",
            "2",
            "--hang-timeout",
            "0.3",
        ],
    );
    assert_eq!(recs.len(), 2);
    assert!(
        tag(&recs[0], "Reason").contains("hangs"),
        "{}",
        tag(&recs[0], "Reason")
    );
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    let gone_by = Instant::now() + Duration::from_secs(3);
    while alive(&pid) && Instant::now() < gone_by {
        std::thread::sleep(Duration::from_millis(50));
    }
    let still = alive(&pid);
    if still {
        // Do not leave it behind for the next test run.
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid])
            .status();
    }
    assert!(!still, "the wrapper's engine {pid} still runs");
    assert!(t.elapsed() < Duration::from_secs(30));
}
