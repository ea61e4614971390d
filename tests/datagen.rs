//! `longjiang datagen`: one thread and one seed give the same file; a run stopped in the
//! middle of a game resumes and ends with the same data; the records carry what they claim.

use longjiang::rules::{LONGJIANG_NODROP, Position};
use longjiang::tools::datagen::sample::{self, GameResult, SampleFlags};
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
        .args(["--max-plies", "60", "--quiet", "--threads", "1"])
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
