//! A real shogi match (two `longjiang` processes in shogi mode, node-limited, so the games do
//! not depend on the machine's load): `games.txt` must read back with every move legal, agree
//! with what the runner sent the engines, and each game's KIF file (`kif/<round>.kifu`) must
//! read back as the same game; `longjiang record` reads both.

use longjiang_core::notation::kif_record::parse_kif;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{TextForm, Variant};
use std::path::PathBuf;
use std::process::Command;

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-shogi-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn tag<'a>(r: &'a GameRecord, key: &str) -> &'a str {
    r.tag(key).unwrap_or("")
}

/// `longjiang record ACTION FILE`'s standard output; the command must succeed.
fn record_tool(action: &str, file: &std::path::Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["record", action])
        .arg(file)
        .output()
        .expect("run longjiang record");
    assert!(
        o.status.success(),
        "record {action} {}: {}",
        file.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_shogi_match_writes_records_that_read_back() {
    let dir = out_dir("records");
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "startpos moves 7g7f 3c3d\nlnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let engine = |name: &str| format!("cmd={bin},name={name},option.USI_Hash=8");
    let (a, b) = (engine("a"), engine("b"));
    let out = dir.join("out");
    let o = Command::new(bin)
        .arg("match")
        .args(["--engine", &a, "--engine", &b, "--variant", "shogi"])
        .arg("--openings")
        .arg(&openings)
        .args([
            "--tc",
            "nodes=300",
            "--games",
            "4",
            "--maxmoves",
            "40",
            "--log",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run longjiang match");
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let games_txt = out.join("games.txt");
    let text = std::fs::read_to_string(&games_txt).unwrap();
    assert!(text.contains("[Moves \"7g7f 3c3d "), "{text}");
    assert!(text.contains("1. ７六歩(77) ３四歩(33)"), "{text}");
    let recs = GameRecord::parse_many(&text).expect("games.txt reads back");
    assert_eq!(recs.len(), 4);
    let log = std::fs::read_to_string(out.join("protocol.log")).unwrap();
    let mut usi_lines = Vec::new();
    for r in &recs {
        assert_eq!(r.variant, Variant::Shogi);
        let reason = tag(r, "Reason");
        for bad in ["illegal", "crashed", "on time", "hangs", "did not answer"] {
            assert!(!reason.contains(bad), "{reason}");
        }
        // Every move is legal where it is played.
        let mut pos = r.start_position().unwrap();
        let mut usi = Vec::new();
        for &m in &r.moves {
            assert!(pos.is_legal(m), "{m:?} in {}", pos.to_sfen());
            usi.push(move_text(m, TextForm::Usi));
            pos.play(m);
        }
        assert!(usi.len() > 3, "{usi:?}");
        // The runner sent the engines exactly these moves, and the last one was an answer.
        let start = match &r.start_sfen {
            None => "startpos".to_string(),
            Some(s) => format!("sfen {s}"),
        };
        let (last, before) = usi.split_last().unwrap();
        let sent = format!("> position {start} moves {}", before.join(" "));
        assert!(log.lines().any(|l| l.ends_with(&sent)), "{sent}");
        let answer = format!("< bestmove {last}");
        assert!(
            log.lines()
                .any(|l| l.ends_with(&answer) || l.contains(&format!("{answer} ponder "))),
            "{answer}"
        );
        // The game's KIF file is the same game with the same result.
        let round: u32 = tag(r, "Round").parse().unwrap();
        let kif_path = out.join("kif").join(format!("{round:04}.kifu"));
        let kif = std::fs::read_to_string(&kif_path).unwrap();
        assert!(kif.contains("先手：a") || kif.contains("先手：b"), "{kif}");
        let back = parse_kif(&kif).unwrap_or_else(|e| panic!("{e}\n{kif}"));
        assert_eq!(back.moves, r.moves, "{kif}");
        // The same start (KIF numbers moves from 1: an SFEN's move number is not kept).
        let position = |g: &GameRecord| {
            let sfen = g.start_position().unwrap().to_sfen();
            sfen.rsplit_once(' ').unwrap().0.to_string()
        };
        assert_eq!(position(&back), position(r));
        assert_eq!(tag(&back, "Result"), tag(r, "Result"), "{kif}");
        assert_eq!(tag(&back, "Date"), tag(r, "Date"), "{kif}");
        assert_eq!(
            record_tool("read", &kif_path).trim_end(),
            usi.join(" "),
            "{kif}"
        );
        usi_lines.push(usi.join(" "));
    }
    // `longjiang record` reads the shogi games.txt: the moves in USI, one game a line.
    let read = record_tool("read", &games_txt);
    assert_eq!(read.lines().collect::<Vec<_>>(), usi_lines);
    let check = record_tool("check", &games_txt);
    assert_eq!(check.lines().count(), 4, "{check}");
    assert!(
        check
            .lines()
            .all(|l| l.contains(": shogi a - b") || l.contains(": shogi b - a"))
    );
    // A record written again from what was read is the same text.
    let again: String = recs.iter().map(|r| r.to_text().unwrap() + "\n").collect();
    assert_eq!(again, text);
}
