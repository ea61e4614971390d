//! `longjiang datagen`: one thread and one seed give the same file; a run stopped in the
//! middle of a game resumes and ends with the same data; the records carry what they claim.

use longjiang_core::data::sample::{self, GameResult, SampleFlags};
use longjiang_core::rules::{LONGJIANG_NODROP, Position};
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-datagen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn datagen(out: &Path, positions: u64, seed: u64) {
    let status = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["datagen", "--variant", "longjiang-nodrop", "--nodes", "200"])
        .args([
            "--max-plies",
            "60",
            "--quiet",
            "--threads",
            "1",
            "--format",
            "text",
        ])
        .arg("--positions")
        .arg(positions.to_string())
        .arg("--seed")
        .arg(seed.to_string())
        .arg("--out")
        .arg(out)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn one_thread_one_seed_is_deterministic_and_resumes() {
    let d = dir("det");
    let (a, b, c) = (d.join("a.txt"), d.join("b.txt"), d.join("c.txt"));
    datagen(&a, 150, 7);
    datagen(&b, 150, 7);
    let ta = std::fs::read_to_string(&a).unwrap();
    assert_eq!(ta, std::fs::read_to_string(&b).unwrap());
    datagen(&c, 150, 8);
    assert_ne!(ta, std::fs::read_to_string(&c).unwrap(), "the seed matters");

    let set = sample::read_path(&a).unwrap();
    assert!(set.samples.len() >= 150);
    assert!(set.games.len() >= 2);
    for s in &set.samples {
        let pos = Position::from_sfen(&s.sfen, LONGJIANG_NODROP).unwrap();
        assert_eq!(s.flags.contains(SampleFlags::IN_CHECK), pos.in_check());
        let end = set.games.iter().find(|g| g.game == s.game).unwrap();
        assert_eq!(s.result, end.result);
        assert_eq!(
            s.flags.contains(SampleFlags::ADJUDICATED),
            end.reason.starts_with("adjudicated")
        );
    }
    // 60 plies at most: the length adjudication ends some games as draws.
    assert!(set.games.iter().all(|g| g.plies <= 60));
    assert!(set.games.iter().any(|g| g.result == GameResult::Draw));

    // Cut the file in the middle of its second game, as a killed run would leave it, and
    // resume: the data ends up the same.
    let second = ta.find("\np 1 ").unwrap() + 1;
    let cut = second + (ta[second..].find("\ng 1 ").unwrap() / 2);
    std::fs::write(&b, &ta[..cut]).unwrap();
    datagen(&b, 150, 7);
    assert_eq!(ta, std::fs::read_to_string(&b).unwrap());
    let _ = std::fs::remove_dir_all(&d);
}

fn datagen_part(out: &Path, positions: u64, shard: Option<&str>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_longjiang"));
    cmd.args(["datagen", "--variant", "longjiang-nodrop", "--nodes", "200"])
        .args([
            "--max-plies",
            "40",
            "--quiet",
            "--threads",
            "1",
            "--seed",
            "3",
            "--format",
            "text",
        ])
        .arg("--positions")
        .arg(positions.to_string())
        .arg("--out")
        .arg(out);
    if let Some(s) = shard {
        cmd.arg("--shard").arg(s);
    }
    assert!(cmd.status().unwrap().success());
}

/// The text of each game in a datagen file (its position lines and its end line), by number.
fn games_of(path: &Path) -> std::collections::BTreeMap<u64, String> {
    let mut games = std::collections::BTreeMap::<u64, String>::new();
    let text = std::fs::read_to_string(path).unwrap();
    let set = sample::read_path(path).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let number: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        let g = games.entry(number).or_default();
        g.push_str(line);
        g.push('\n');
    }
    assert_eq!(games.len(), set.games.len());
    games
}

#[test]
fn a_shard_plays_its_own_games_exactly_as_the_whole_run_does() {
    let d = dir("shard");
    let (whole, one, two) = (d.join("whole.txt"), d.join("1.txt"), d.join("2.txt"));
    datagen_part(&whole, 120, None);
    datagen_part(&one, 60, Some("1/2"));
    datagen_part(&two, 60, Some("2/2"));
    let whole = games_of(&whole);
    let (one, two) = (games_of(&one), games_of(&two));
    assert!(one.len() >= 2 && two.len() >= 2);
    for (part, parity) in [(&one, 0), (&two, 1)] {
        for (number, text) in part {
            assert_eq!(number % 2, parity, "game {number} is not this part's");
            if let Some(w) = whole.get(number) {
                assert_eq!(text, w, "game {number} differs from the whole run's");
            }
        }
    }
    // The parts' games together cover the whole run's first games.
    let covered = one
        .keys()
        .chain(two.keys())
        .filter(|n| whole.contains_key(n))
        .count();
    assert!(
        covered >= 4,
        "only {covered} games in common with the whole run"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["datagen", "--shard", "3/2", "--out"])
        .arg(d.join("bad.txt"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--shard 3/2"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A datagen run of the drop game with `extra` flags; its output, or its error text.
fn datagen_eval(out: &Path, extra: &[&str]) -> Result<String, String> {
    let o = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["datagen", "--variant", "longjiang", "--nodes", "200"])
        .args(["--max-plies", "40", "--quiet", "--positions", "60"])
        .args(["--format", "text"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    if o.status.success() {
        Ok(std::fs::read_to_string(out).unwrap())
    } else {
        Err(String::from_utf8_lossy(&o.stderr).into_owned())
    }
}

#[test]
fn the_net_plays_the_games_when_asked_and_the_header_names_it() {
    let d = dir("nnue");
    let classical = datagen_eval(&d.join("c.txt"), &["--nnue", "false"]).unwrap();
    let net = datagen_eval(&d.join("n.txt"), &["--nnue", "true"]).unwrap();
    // The drop game's own evaluation is its net: the default plays the same games.
    assert_eq!(datagen_eval(&d.join("default.txt"), &[]).unwrap(), net);
    let file = datagen_eval(
        &d.join("f.txt"),
        &[
            "--eval-file",
            concat!(env!("CARGO_MANIFEST_DIR"), "/nets/longjiang.nnue"),
        ],
    )
    .unwrap();
    let header = |t: &str| t.lines().next().unwrap_or("").to_string();
    assert!(
        header(&classical).ends_with(" eval=classical"),
        "{}",
        header(&classical)
    );
    assert!(header(&net).contains(" eval=nnue:"), "{}", header(&net));
    // The built-in net and the same net from its file are one net: the same games.
    assert_eq!(net, file);
    // The scores are the net's, not the classical evaluation's.
    let scores = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("p "))
            .map(|l| l.split(' ').nth(3).unwrap_or("").to_string())
            .collect()
    };
    assert_ne!(scores(&classical), scores(&net));
    let wrong = datagen_eval(
        &d.join("w.txt"),
        &[
            "--eval-file",
            concat!(env!("CARGO_MANIFEST_DIR"), "/nets/longjiang-nodrop.nnue"),
        ],
    )
    .unwrap_err();
    assert!(wrong.contains("the net is for longjiang-nodrop"), "{wrong}");
    let missing = datagen_eval(&d.join("m.txt"), &["--eval-file", "/nonexistent.nnue"]);
    assert!(missing.unwrap_err().contains("/nonexistent.nnue"));
    let _ = std::fs::remove_dir_all(&d);
}
