//! The `longjiang perft` subcommand, run as a user runs it.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn summary(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("output has a last line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 6, "last line: {last}");
    assert_eq!(
        (words[0], words[2], words[4]),
        ("nodes", "time", "nps"),
        "last line: {last}"
    );
    assert!(
        words[3].parse::<u64>().is_ok() && words[5].parse::<u64>().is_ok(),
        "last line: {last}"
    );
    words[1].parse().expect("node count")
}

#[test]
fn divide_lists_every_root_move_and_sums_to_the_total() {
    let (code, out, _) = run(&["perft", "3", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 27, "26 root moves and the summary");
    let sum: u64 = lines[..26]
        .iter()
        .map(|l| {
            l.split(' ')
                .nth(1)
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(sum, 19938);
    assert_eq!(summary(&out), 19938);
    assert!(lines.contains(&"b1b3 767") || lines.iter().any(|l| l.starts_with("b1b3 ")));
}

#[test]
fn variants_sfen_moves_and_threads() {
    let (code, out, _) = run(&[
        "perft",
        "4",
        "--variant",
        "longjiang-nodrop",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(summary(&out), 587141);
    // After these moves the first player is to move holding a pawn: the drop game adds the
    // pawn drops: all 61 empty squares (rank 10 is full, and e9/g9, from which a pawn would
    // check f10, are occupied).
    let line = "e2e4 f9f7 e4e5 f7f6 e5f6 a9a8";
    let (code, out, _) = run(&["perft", "1", "--moves", line]);
    assert_eq!(code, 0);
    let (_, out_nodrop, _) = run(&[
        "perft",
        "1",
        "--variant",
        "longjiang-nodrop",
        "--moves",
        line,
    ]);
    assert_eq!(summary(&out) - summary(&out_nodrop), 61);
    let (code, out, _) = run(&[
        "perft",
        "2",
        "--sfen",
        "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(summary(&out), 676);
}

#[test]
fn bad_arguments_fail_with_one_line() {
    for args in [
        &["perft", "x"][..],
        &["perft", "2", "--variant", "chess"],
        &[
            "perft",
            "2",
            "--sfen",
            "rnbgqkgbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
        ],
        &["perft", "2", "--moves", "e2e5"],
        &["perft", "2", "--moves", "zz"],
        &["perft", "2", "--threads", "0"],
        &["perft", "2", "--bogus"],
    ] {
        let (code, out, err) = run(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    let (_, _, err) = run(&[
        "perft",
        "2",
        "--sfen",
        "rnbgqkgbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
    ]);
    assert!(err.contains("rank 8 has 11 squares"), "{err}");
    let (_, _, err) = run(&["perft", "2", "--moves", "e2e5"]);
    assert!(err.contains("illegal move e2e5"), "{err}");
}

#[test]
fn a_closed_output_is_an_error_line_not_a_panic() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["perft", "4", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // Close the reading end before perft 4 (tens of milliseconds) has anything to write.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("binary ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(
        err.contains("cannot write to standard output"),
        "stderr: {err}"
    );
    assert!(!err.contains("panicked"), "stderr: {err}");
}

/// In shogi `perft --divide` writes USI squares (`7g7f`), as `go perft` does, not the
/// internal coordinates.
#[test]
fn shogi_divide_writes_usi_squares() {
    let (code, out, err) = run(&["perft", "1", "--divide", "--variant", "shogi"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 31, "30 root moves and the summary: {out}");
    assert!(lines.contains(&"7g7f 1"), "{out}");
    assert!(lines.contains(&"9g9f 1"), "{out}");
    assert_eq!(summary(&out), 30);
}
