//! protocol.md's transcripts, played against the engine: every example error line, handshake
//! line and `checkmate` answer the document shows is the engine's text, so the two cannot drift.

mod engine_driver;

use engine_driver::{Driver, PROMPT};

/// One transcript: the commands (`> `), each with the lines the document shows after it (`< `).
type Transcript = Vec<(String, Vec<String>)>;

/// Every fenced block of `text` that holds `> ` lines, as transcripts.
fn transcripts(text: &str) -> Vec<Transcript> {
    let mut all = Vec::new();
    let mut current: Option<Transcript> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(t) if !t.is_empty() => all.push(t),
                Some(_) => {}
                None => current = Some(Vec::new()),
            }
            continue;
        }
        let Some(t) = current.as_mut() else { continue };
        if let Some(cmd) = line.strip_prefix("> ") {
            t.push((cmd.to_string(), Vec::new()));
        } else if let Some(answer) = line.strip_prefix("< ")
            && let Some((_, answers)) = t.last_mut()
        {
            answers.push(answer.to_string());
        }
    }
    all
}

/// Whether the document's line is one the engine must write word for word (the rest, search
/// output, varies with the machine).
fn exact(line: &str) -> bool {
    [
        "info string error:",
        "id ",
        "option name ",
        "usiok",
        "uciok",
        "checkmate ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

#[test]
fn protocol_md_transcripts_match_the_engine() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md"))
        .expect("protocol.md is readable");
    let blocks = transcripts(&doc);
    assert!(blocks.len() >= 4, "{} transcripts found", blocks.len());
    let mut checked = 0;
    for block in blocks {
        let mut e = Driver::start();
        for (cmd, shown) in block {
            if cmd == "quit" {
                break;
            }
            e.send(&cmd);
            let wants_answer = shown.iter().any(|l| l.starts_with("checkmate "));
            let mut got = if wants_answer {
                e.until_prefix(PROMPT * 3, "checkmate")
            } else {
                Vec::new()
            };
            e.send("isready");
            got.extend(e.until_prefix(PROMPT * 3, "readyok"));
            got.pop();
            let want: Vec<&String> = shown.iter().filter(|l| exact(l)).collect();
            let have: Vec<&String> = got.iter().filter(|l| exact(l)).collect();
            assert_eq!(have, want, "after `{cmd}`:\n{}", e.log());
            checked += want.len();
        }
        e.send("stop");
        e.send("quit");
    }
    assert!(checked >= 20, "only {checked} lines checked");
}
