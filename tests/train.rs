//! `longjiang train` on a tiny generated data set: the loss falls (the test fails if it does
//! not), a checkpoint resumes, and the net file it writes loads and evaluates.

use longjiang::eval::nnue::{Network, evaluate_fresh};
use longjiang::rules::{Position, Variant};
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

#[test]
fn the_loss_falls_a_checkpoint_resumes_and_the_net_loads() {
    let d = dir("falls");
    let data = d.join("data.txt");
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
        path(&data),
    ]);
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
