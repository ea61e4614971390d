//! Helpers shared by the root's integration tests: where the Python with the shogi packages is.
//! (The perft-suite reader and the slow reference move generator are the core crate's, in
//! crates/core/tests/common.)

use std::path::PathBuf;

/// The Python that has the shogi packages (python-shogi, cshogi, shogiarena):
/// `LONGJIANG_SHOGI_PYTHON`, else the venv `scripts/test` installs in `target/shogi-venv`.
pub fn shogi_python() -> PathBuf {
    if let Some(p) = std::env::var_os("LONGJIANG_SHOGI_PYTHON") {
        return PathBuf::from(p);
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/shogi-venv/bin/python");
    assert!(
        venv.exists(),
        "the shogi venv is missing ({} does not exist): run scripts/test, which installs \
         python-shogi, cshogi and shogiarena into it",
        venv.display()
    );
    venv
}

/// Runs `scripts/SCRIPT` with `args` under [`shogi_python`], writes `questions` to its standard
/// input one a line (from a thread: the answers fill the output pipe while the questions still
/// go in), and returns its answer lines, one per question.
#[allow(dead_code)] // not every test that shares this module asks a script
pub fn ask_shogi_python(script: &str, args: &[&str], questions: &[String]) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(script);
    let mut child = Command::new(shogi_python())
        .arg(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = questions.iter().map(|q| format!("{q}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("python runs");
    writer.join().expect("writer").expect("write to python");
    assert!(out.status.success(), "{script} failed");
    let answers: Vec<String> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        answers.len(),
        questions.len(),
        "{script}: one answer per question"
    );
    answers
}
