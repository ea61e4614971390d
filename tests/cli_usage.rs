//! The tools' answers to a new user's mistakes: a missing input file is named as missing, a
//! usage error exits 2 (README), `train --epochs 0` is refused, and a failed `train` leaves no
//! cache directory of its own behind.

use std::path::PathBuf;
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-usage-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the binary in `cwd`: exit status and stderr.
fn run(cwd: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn data_convert_names_a_missing_input_as_missing() {
    let d = dir("convert");
    let (code, err) = run(&d, &["data", "convert", "./nosuch.bin", "./out.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("nosuch.bin: no such file"), "{err}");
    assert!(!d.join("out.txt").exists());
}

#[test]
fn record_convert_to_an_unknown_format_is_a_usage_error() {
    let d = dir("record");
    std::fs::write(d.join("g.txt"), "f2f4\n").unwrap();
    let (code, err) = run(&d, &["record", "convert", "--to", "foo", "g.txt"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'foo'") && err.contains("pgn"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn train_refuses_zero_epochs_as_a_usage_error() {
    let d = dir("epochs");
    std::fs::write(d.join("data.txt"), "").unwrap();
    let (code, err) = run(
        &d,
        &[
            "train", "--data", "data.txt", "--out", "n.nnue", "--epochs", "0",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--epochs"), "{err}");
    assert!(!d.join("n.nnue").exists());
    assert!(!d.join("n.nnue.cache").exists());
}

#[test]
fn a_failed_train_removes_the_cache_it_made_but_keeps_one_it_found() {
    let d = dir("cache");
    std::fs::write(d.join("bad.txt"), "garbage line\n").unwrap();
    let (code, err) = run(
        &d,
        &["train", "--data", "bad.txt", "--out", "n.nnue", "--quiet"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(!d.join("n.nnue.cache").exists(), "{err}");
    assert!(!d.join("n.nnue").exists());
    // A cache directory that was there before (the user's) stays.
    std::fs::create_dir(d.join("mine")).unwrap();
    let (code, err) = run(
        &d,
        &[
            "train", "--data", "bad.txt", "--out", "n.nnue", "--cache", "mine", "--quiet",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(d.join("mine").is_dir());
}
