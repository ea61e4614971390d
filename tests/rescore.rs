//! `longjiang data rescore` and `data compare`: the rescored file holds the same games and
//! positions with the deeper search's scores, the same whichever worker searched a game; a
//! run stopped in the middle resumes to the same file; `--fraction` draws a share of the
//! positions, and `--nodes 0` the same share with their own scores; bad input is one clear
//! error.

use longjiang_core::data::file;
use longjiang_core::data::sample::{DataSet, Sample, SampleFlags};
use longjiang_core::rules::{Color, LONGJIANG_NODROP, Position};
use longjiang_engine::search::{Engine, Limits};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-rescore-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn longjiang(args: &[&str], files: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .args(files)
        .output()
        .unwrap()
}

/// A small no-drop data file of 200-node games, text.
fn games(out: &Path) {
    let o = longjiang(
        &[
            "datagen",
            "--variant",
            "longjiang-nodrop",
            "--nodes",
            "200",
            "--max-plies",
            "40",
            "--positions",
            "120",
            "--seed",
            "5",
            "--quiet",
            "--format",
            "text",
            "--out",
        ],
        &[out],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn rescore(input: &Path, output: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["data", "rescore", "--nodes", "1000", "--quiet"];
    args.extend_from_slice(extra);
    longjiang(&args, &[input, output])
}

/// `data rescore --nodes 0`: the drawn positions with their own labels.
fn keep_labels(input: &Path, output: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["data", "rescore", "--nodes", "0", "--quiet"];
    args.extend_from_slice(extra);
    longjiang(&args, &[input, output])
}

fn by_position(set: &DataSet) -> BTreeMap<(u64, u32), &Sample> {
    set.samples.iter().map(|s| ((s.game, s.ply), s)).collect()
}

/// The score a fresh one-thread engine with datagen's table and the game's default
/// evaluation gives `s` at `nodes`, first player's view: what the rescore must write for the
/// first position of a game.
fn direct_score(s: &Sample, nodes: u64) -> i32 {
    let pos = Position::from_sfen(&s.sfen, LONGJIANG_NODROP).unwrap();
    let mut e = Engine::new();
    e.set_nnue(longjiang_engine::eval::nnue::default_nets());
    e.set_hash_mb(8);
    e.new_game();
    e.set_position(pos.clone());
    let r = e.search_here(Limits {
        nodes: Some(nodes),
        ..Limits::default()
    });
    match pos.side_to_move() {
        Color::Black => r.score.centipawns(),
        Color::White => -r.score.centipawns(),
    }
}

#[test]
fn the_rescored_file_holds_the_same_positions_with_the_deeper_scores() {
    let d = dir("same");
    let (input, one, two) = (d.join("in.txt"), d.join("one.txt"), d.join("two.txt"));
    games(&input);
    let o = rescore(&input, &one, &["--threads", "1", "--format", "text"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        rescore(&input, &two, &["--threads", "2", "--format", "text"])
            .status
            .success()
    );

    let (old, new) = (
        file::read_path(&input).unwrap(),
        file::read_path(&one).unwrap(),
    );
    assert!(new.header.contains("rescore-nodes=1000"), "{}", new.header);
    assert!(new.header.contains("rescore-of=in.txt"), "{}", new.header);
    assert!(new.header.contains("variant=longjiang-nodrop"));
    assert_eq!(new.games.len(), old.games.len());
    assert_eq!(new.samples.len(), old.samples.len());
    let olds = by_position(&old);
    let mut changed = 0;
    for s in &new.samples {
        let o = olds[&(s.game, s.ply)];
        assert_eq!((&s.sfen, s.result), (&o.sfen, o.result));
        assert_eq!(
            s.flags & (SampleFlags::IN_CHECK | SampleFlags::ADJUDICATED),
            o.flags & (SampleFlags::IN_CHECK | SampleFlags::ADJUDICATED)
        );
        changed += usize::from(s.score != o.score);
    }
    assert!(changed > new.samples.len() / 4, "{changed} scores changed");
    // The first position of each game is searched on a cleared table: the score is what a
    // fresh engine gives at the same node count.
    for g in &new.games {
        let first = new.samples.iter().find(|s| s.game == g.game).unwrap();
        assert_eq!(first.score, direct_score(first, 1000), "game {}", g.game);
    }
    // Two workers write the games in another order, with the same scores.
    let (a, b) = (new, file::read_path(&two).unwrap());
    assert_eq!(by_position(&a), by_position(&b));

    // data compare: a file against itself agrees exactly; against its rescore it does not.
    let o = longjiang(&["data", "compare"], &[&input, &input]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(
        text.contains("mean |difference| 0.0 cp, correlation 1.0000"),
        "{text}"
    );
    let o = longjiang(&["data", "compare"], &[&input, &one]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("in.txt: K ") && text.contains("one.txt: K "),
        "{text}"
    );
    assert!(!text.contains("correlation 1.0000"), "{text}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_stopped_rescore_resumes_and_a_fraction_draws_positions() {
    let d = dir("resume");
    let (input, whole, cut) = (d.join("in.txt"), d.join("whole.txt"), d.join("cut.txt"));
    games(&input);
    let half = ["--fraction", "0.5", "--seed", "9", "--format", "text"];
    assert!(rescore(&input, &whole, &half).status.success());
    let text = std::fs::read_to_string(&whole).unwrap();
    let (all, drawn) = (
        file::read_path(&input).unwrap().samples.len(),
        file::read_path(&whole).unwrap().samples.len(),
    );
    assert!(drawn > all / 4 && drawn < all * 3 / 4, "{drawn} of {all}");
    assert!(text.contains("rescore-fraction=0.5"));

    // `--nodes 0` searches nothing: the same drawn positions with their own labels.
    let kept = d.join("kept.txt");
    let o = keep_labels(&input, &kept, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains(" games kept with their own scores into "),
        "{said}"
    );
    let o = keep_labels(
        &input,
        &d.join("kept-half.txt"),
        &["--fraction", "0.5", "--seed", "9", "--format", "text"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (old, deep, base) = (
        file::read_path(&input).unwrap(),
        file::read_path(&whole).unwrap(),
        file::read_path(&d.join("kept-half.txt")).unwrap(),
    );
    let (old, deep, base) = (by_position(&old), by_position(&deep), by_position(&base));
    assert!(
        base.keys().eq(deep.keys()),
        "the same positions as the searched run"
    );
    for (key, b) in &base {
        let o = old[key];
        assert_eq!(
            (b.score, b.flags, &b.sfen, b.result),
            (o.score, o.flags, &o.sfen, o.result)
        );
    }
    assert!(base.iter().any(|(key, b)| b.score != deep[key].score));
    assert_eq!(file::read_path(&kept).unwrap().samples.len(), all);

    // Cut in the middle of the second game, as a killed run leaves it: the run resumes.
    let second = text.find("\ng ").unwrap() + 1;
    let cut_at = second + text[second..].find("\np ").unwrap() + 3;
    std::fs::write(&cut, &text[..cut_at]).unwrap();
    // `--games-of` takes only the games another file holds (here the cut file's whole one).
    let only = d.join("only.txt");
    let cut_name = cut.to_str().unwrap();
    let o = keep_labels(&input, &only, &["--format", "text", "--games-of", cut_name]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let games_of = |p: &Path| -> Vec<u64> {
        file::read_path(p)
            .unwrap()
            .games
            .iter()
            .map(|g| g.game)
            .collect()
    };
    assert_eq!(games_of(&only), games_of(&cut));
    assert_eq!(games_of(&cut).len(), 1);
    assert!(rescore(&input, &cut, &half).status.success());
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);

    // Other settings do not resume a file; bad input is one clear error.
    let o = rescore(&input, &cut, &["--fraction", "0.5", "--seed", "10"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("rescore-seed"), "{err}");
    let o = rescore(&d.join("nosuch.txt"), &d.join("x.txt"), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("nosuch.txt"), "{err}");
    assert!(!rescore(&input, &input, &[]).status.success());
    assert!(
        !rescore(&input, &d.join("y.txt"), &["--fraction", "0"])
            .status
            .success()
    );
    let _ = std::fs::remove_dir_all(&d);
}
