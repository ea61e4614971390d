//! Running `longjiang match` from a test: the fake engine's path (`tests/fake_engines/`, built
//! as the example `fake_engine`), a scratch output folder, the command itself, and reading the
//! records it wrote.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

use longjiang_core::notation::record::GameRecord;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `target/<profile>/examples/fake_engine`, next to this test's own directory.
pub fn fake() -> String {
    let exe = std::env::current_exe().expect("test executable");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let path = profile_dir.join("examples").join("fake_engine");
    assert!(
        path.exists(),
        "{} is missing: build it with `cargo build --release --example fake_engine` \
         (a plain `cargo test --release` builds it)",
        path.display()
    );
    path.display().to_string()
}

pub fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

pub fn longjiang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("match")
        .args(args)
        .output()
        .expect("run longjiang")
}

/// Runs a match that must succeed; returns its records.
pub fn run_ok(dir: &Path, args: &[&str]) -> Vec<GameRecord> {
    let out = dir.display().to_string();
    let mut all = vec!["--out", &out];
    all.extend_from_slice(args);
    let o = longjiang(&all);
    assert!(
        o.status.success(),
        "longjiang match {all:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    records(dir)
}

/// Runs a match that must succeed between engines `a` and `b` from the start position at one
/// node a move, with the flags `extra`; returns its records.
pub fn run_at_one_node(dir: &Path, a: &str, b: &str, extra: &[&str]) -> Vec<GameRecord> {
    let mut args = vec![
        "--engine",
        a,
        "--engine",
        b,
        "--openings",
        "startpos",
        "--tc",
        "nodes=1",
    ];
    args.extend_from_slice(extra);
    run_ok(dir, &args)
}

pub fn records(dir: &Path) -> Vec<GameRecord> {
    let text = std::fs::read_to_string(dir.join("games.txt")).expect("records file");
    GameRecord::parse_many(&text).expect("records parse")
}

pub fn tag<'a>(r: &'a GameRecord, key: &str) -> &'a str {
    r.tags
        .iter()
        .find(|(k, _)| k == key)
        .map_or("", |(_, v)| v.as_str())
}

pub fn by_round(mut recs: Vec<GameRecord>) -> Vec<GameRecord> {
    recs.sort_by_key(|r| tag(r, "Round").parse::<u32>().unwrap_or(0));
    recs
}

pub fn engine(args: &str, name: &str) -> String {
    format!("cmd={} {args},name={name}", fake())
}
