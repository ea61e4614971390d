//! `longjiang train` on a tiny generated data set: the loss falls (the test fails if it does
//! not), for the 128 net and for a 256 net streamed from several cache shards; a checkpoint
//! resumes to exactly the net of an uninterrupted run; the net files load and evaluate.

use longjiang_core::rules::{Position, Variant};
use longjiang_engine::eval::nnue::{Network, evaluate_fresh};
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn longjiang(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The standard error of a `longjiang` run that must fail.
fn longjiang_fails(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(args)
        .output()
        .unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The (train, valid) losses of the `epoch N train T valid V …` lines.
fn losses(text: &str) -> Vec<(f64, f64)> {
    text.lines()
        .filter(|l| l.starts_with("epoch "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[3].parse().unwrap(), w[5].parse().unwrap())
        })
        .collect()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A tiny no-drop data set (about 1,500 positions), made once for all the tests.
fn data() -> PathBuf {
    static DATA: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DATA.get_or_init(|| {
        let d = dir("data");
        let data = d.join("data.txt");
        make_data(&data);
        data
    })
    .clone()
}

fn make_data(data: &Path) {
    longjiang(&[
        "datagen",
        "--variant",
        "longjiang-nodrop",
        "--nodes",
        "150",
        "--max-plies",
        "80",
        "--quiet",
        "--positions",
        "1500",
        "--seed",
        "3",
        "--out",
        path(data),
    ]);
}

#[test]
fn the_loss_falls_a_checkpoint_resumes_and_the_net_loads() {
    let d = dir("falls");
    let data = data();
    let net = d.join("net.nnue");
    let common = [
        "train",
        "--variant",
        "longjiang-nodrop",
        "--data",
        path(&data),
        "--batch",
        "128",
        "--validation-every",
        "5",
        "--min-ply",
        "0",
        "--quiet",
        "--threads",
        "2",
        "--out",
        path(&net),
    ];
    let mut args = common.to_vec();
    args.extend(["--epochs", "8"]);
    let text = longjiang(&args);
    let l = losses(&text);
    assert_eq!(l.len(), 9, "{text}");
    let (first, last) = (l[0], l[8]);
    assert!(last.0 < 0.8 * first.0, "training loss did not fall: {text}");
    // 20-odd games are too few to generalise from: the validation loss is only reported.
    assert!(last.1.is_finite(), "{text}");

    // Resume from the checkpoint for four more epochs: it starts at epoch 9.
    let ckpt = format!("{}.ckpt", path(&net));
    let mut args = common.to_vec();
    args.extend(["--epochs", "12", "--resume", &ckpt]);
    let text = longjiang(&args);
    let l2: Vec<&str> = text.lines().filter(|l| l.starts_with("epoch ")).collect();
    assert_eq!(l2.len(), 5, "{text}");
    assert!(l2[1].starts_with("epoch 9 "), "{text}");
    assert!(losses(&text)[4].0 < first.0);

    let net = Network::load(&net).unwrap();
    assert_eq!(net.game(), Variant::LongjiangNoDrop);
    let pos = Position::start(Variant::LongjiangNoDrop.rules());
    let e = evaluate_fresh(&net, &pos);
    assert!(e.abs() < 400, "start position evaluates to {e}");
}

/// The common flags of the tests below: tiny batches, every 5th game for validation.
fn flags<'a>(data: &'a Path, net: &'a Path, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "train",
        "--variant",
        "longjiang-nodrop",
        "--data",
        path(data),
        "--batch",
        "128",
        "--validation-every",
        "5",
        "--min-ply",
        "0",
        "--quiet",
        "--threads",
        "2",
        "--out",
        path(net),
    ];
    args.extend_from_slice(more);
    args
}

#[test]
fn a_256_net_with_mirror_factors_learns_from_several_shards() {
    let d = dir("wide");
    let data = data();
    let net = d.join("wide.nnue");
    let text = longjiang(&flags(
        &data,
        &net,
        &[
            "--hidden",
            "256",
            "--factors",
            "kind,mirror",
            "--shard-positions",
            "300",
            "--epochs",
            "6",
            "--wdl",
            "0.5",
        ],
    ));
    // The cache is scattered over several shards (about 1,500 positions / 300).
    assert!(text.contains(" shards)"), "{text}");
    let shards: usize = text
        .split(" shards)")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(shards >= 3, "{text}");
    let l = losses(&text);
    assert_eq!(l.len(), 7, "{text}");
    assert!(l[6].0 < 0.8 * l[0].0, "training loss did not fall: {text}");
    let loaded = Network::load(&net).unwrap();
    assert_eq!(loaded.hidden(), 256);
    let pos = Position::start(Variant::LongjiangNoDrop.rules());
    assert!(evaluate_fresh(&loaded, &pos).abs() < 400);
    // A second run finds the cache and does not rebuild it: the same first line.
    let again = longjiang(&flags(
        &data,
        &net,
        &[
            "--hidden",
            "256",
            "--factors",
            "kind,mirror",
            "--shard-positions",
            "300",
            "--epochs",
            "1",
            "--wdl",
            "0.5",
        ],
    ));
    assert_eq!(text.lines().next(), again.lines().next());
}

#[test]
fn a_resumed_run_ends_with_the_net_of_an_uninterrupted_one() {
    let d = dir("resume");
    let data = data();
    let (straight, resumed) = (d.join("straight.nnue"), d.join("resumed.nnue"));
    let cache = d.join("cache");
    let c = path(&cache);
    let more = ["--shard-positions", "500", "--cache", c, "--hidden", "256"];
    let mut a = more.to_vec();
    a.extend(["--epochs", "4"]);
    longjiang(&flags(&data, &straight, &a));
    let mut b = more.to_vec();
    b.extend(["--epochs", "4", "--stop-after", "2"]);
    longjiang(&flags(&data, &resumed, &b));
    let ckpt = format!("{}.ckpt", path(&resumed));
    let mut b = more.to_vec();
    b.extend(["--epochs", "4", "--resume", &ckpt]);
    let text = longjiang(&flags(&data, &resumed, &b));
    assert!(text.contains("epoch 3 "), "{text}");
    let (x, y) = (
        std::fs::read(&straight).unwrap(),
        std::fs::read(&resumed).unwrap(),
    );
    assert!(
        x == y,
        "the resumed run's net differs from the uninterrupted run's"
    );
    // Another shape's checkpoint is refused with one clear error.
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(flags(
            &data,
            &resumed,
            &["--cache", c, "--hidden", "128", "--resume", &ckpt],
        ))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("hidden size 256"));
}

/// The binary and text forms of one data set train the same net: the trainer reads
/// `datagen`'s binary files through its own source, and the same games as text give the
/// same losses, epoch by epoch, and the same net file.
#[test]
fn binary_and_text_data_train_the_same_net() {
    let d = dir("forms");
    let bin = d.join("data.bin");
    let txt = d.join("data.txt");
    longjiang(&[
        "data",
        "convert",
        path(&data()),
        path(&bin),
        "--format",
        "binary",
    ]);
    longjiang(&[
        "data",
        "convert",
        path(&bin),
        path(&txt),
        "--format",
        "text",
    ]);
    assert!(std::fs::read(&bin).unwrap().len() < std::fs::read(&txt).unwrap().len());
    let mut runs = Vec::new();
    for (form, data) in [("bin", &bin), ("txt", &txt)] {
        let net = d.join(format!("{form}.nnue"));
        let text = longjiang(&flags(data, &net, &["--epochs", "2"]));
        let l = losses(&text);
        assert_eq!(l.len(), 3, "{text}");
        runs.push((l, std::fs::read(&net).unwrap()));
    }
    assert_eq!(runs[0].0, runs[1].0, "the losses differ between the forms");
    assert!(
        runs[0].1 == runs[1].1,
        "the net files differ between the forms"
    );
}

/// `--king-buckets` trains a feature set 1 net from the same cache as a plain run: the loss
/// falls, the file says set 1 and loads, its evaluation follows the king, and a checkpoint
/// of either set is refused by a run of the other.
#[test]
fn a_king_bucket_net_trains_from_the_plain_cache_and_loads() {
    let d = dir("kb");
    let data = data();
    let cache = d.join("cache");
    let c = path(&cache);
    let (plain, kb) = (d.join("plain.nnue"), d.join("kb.nnue"));
    let plain_text = longjiang(&flags(&data, &plain, &["--cache", c, "--epochs", "1"]));
    let text = longjiang(&flags(
        &data,
        &kb,
        &["--cache", c, "--epochs", "8", "--king-buckets"],
    ));
    // The cache is the plain run's, not rebuilt: the same positions and shards.
    assert_eq!(
        plain_text.lines().next().map(|l| l.split(';').next()),
        text.lines().next().map(|l| l.split(';').next())
    );
    assert!(
        text.contains("11040→128×2 net (king-bucket features)"),
        "{text}"
    );
    let l = losses(&text);
    assert_eq!(l.len(), 9, "{text}");
    assert!(l[8].0 < 0.8 * l[0].0, "training loss did not fall: {text}");
    let bytes = std::fs::read(&kb).unwrap();
    assert_eq!(u16::from_le_bytes([bytes[50], bytes[51]]), 1);
    let net = Network::load(&kb).unwrap();
    assert_eq!(
        net.set(),
        longjiang_engine::eval::nnue::FeatureSet::KingBuckets
    );
    let pos = Position::start(Variant::LongjiangNoDrop.rules());
    assert!(evaluate_fresh(&net, &pos).abs() < 400);
    // Resuming across feature sets is refused, naming the checkpoint's set.
    for (ckpt, more, set) in [
        (format!("{}.ckpt", path(&kb)), None, "feature set 1"),
        (
            format!("{}.ckpt", path(&plain)),
            Some("--king-buckets"),
            "feature set 0",
        ),
    ] {
        let mut a = vec!["--cache", c, "--epochs", "9", "--resume", &ckpt];
        a.extend(more);
        let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
            .args(flags(&data, &d.join("other.nnue"), &a))
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("checkpoint of {set}")), "{err}");
    }
}

/// The `N training, M validation positions` counts and the K of a run's report.
fn counts(text: &str) -> (u64, u64, f64) {
    let line = text.lines().find(|l| l.contains(" training, ")).unwrap();
    let w: Vec<&str> = line.split_whitespace().collect();
    let k = line.split("; K ").nth(1).unwrap();
    let k = k.split(',').next().unwrap().parse().unwrap();
    (w[0].parse().unwrap(), w[2].parse().unwrap(), k)
}

#[test]
fn a_game_share_and_the_wdl_skip_draw_fewer_positions_and_k_is_fitted() {
    let d = dir("draw");
    let data = data();
    let net = d.join("n.nnue");
    let run = |more: &[&str]| {
        let mut f = flags(&data, &net, &["--epochs", "1"]);
        f.extend_from_slice(more);
        counts(&longjiang(&f))
    };
    let all = run(&[]);
    assert_eq!(all.2, 400.0);
    let third = run(&["--game-share", "0.34"]);
    let n = |c: (u64, u64, f64)| (c.0 + c.1) as f64;
    assert!(
        (0.22..0.46).contains(&(n(third) / n(all))),
        "{third:?} of {all:?}"
    );
    // The skip drops the positions whose results contradict their scores: some, not most.
    let skip = run(&["--wdl-skip"]);
    assert!(
        n(skip) < n(all) && n(skip) > n(all) / 5.0,
        "{skip:?} of {all:?}"
    );
    assert_eq!(run(&["--wdl-skip"]), skip, "the draw is seeded");
    let fitted = run(&["--fit-k"]);
    assert!(fitted.2 != 400.0 && fitted.2 > 20.0, "{fitted:?}");
    assert_eq!((fitted.0, fitted.1), (all.0, all.1));
    let err = longjiang_fails(&flags(&data, &net, &["--epochs", "1", "--game-share", "0"]));
    assert!(err.contains("--game-share"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_net_fine_tuned_with_init_starts_where_it_stood_and_a_wrong_shape_is_refused() {
    let d = dir("init");
    let data = data();
    let (first, still) = (d.join("first.nnue"), d.join("still.nnue"));
    longjiang(&flags(&data, &first, &["--epochs", "4"]));

    // Fine-tuned at a learning rate of next to nothing, the net is the one it started
    // from: reading it back undid the quantisation and the folded factor rows exactly.
    let init = path(&first);
    let still_flags = ["--epochs", "1", "--lr", "1e-12", "--init", init];
    longjiang(&flags(&data, &still, &still_flags));
    let (a, b) = (
        Network::load(&first).unwrap(),
        Network::load(&still).unwrap(),
    );
    assert_eq!(a.parts(), b.parts());
    // A random start is another net.
    let fresh = d.join("fresh.nnue");
    longjiang(&flags(&data, &fresh, &["--epochs", "1", "--lr", "1e-12"]));
    assert_ne!(a.parts(), Network::load(&fresh).unwrap().parts());

    // Another hidden size, or king buckets, is one clear error and no net.
    for wrong in [
        vec!["--epochs", "1", "--hidden", "256", "--init", init],
        vec!["--epochs", "1", "--king-buckets", "--init", init],
    ] {
        let bad = d.join("bad.nnue");
        let err = longjiang_fails(&flags(&data, &bad, &wrong));
        assert!(err.contains("--init"), "{wrong:?}: {err}");
        assert!(!bad.exists(), "{wrong:?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
