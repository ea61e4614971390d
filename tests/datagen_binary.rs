//! Datagen's binary form and its store: text → binary → text is the identity in all three
//! games and the positions read back are the same; datagen writes the same bytes as the
//! converter; a cut or damaged file is one error naming the byte; resuming works and refuses
//! other settings; duplicates are counted and removed; `data list` names what is there.

use longjiang_core::data::binary::Reader;
use longjiang_core::data::error::{At, Fault};
use longjiang_core::data::{file, stream};
use longjiang_core::rules::{Position, Variant};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lj-dgbin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn longjiang(args: &[&str], store: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_longjiang"));
    cmd.args(args);
    if let Some(s) = store {
        cmd.env("LONGJIANG_DATA", s);
    }
    cmd.output().unwrap()
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A small datagen run of `variant` into `out`; a flag in `extra` replaces its default here.
fn make(variant: Variant, out: &Path, format: &str, extra: &[&str]) -> Output {
    let openings = if variant == Variant::Shogi {
        "startpos"
    } else {
        "builtin"
    };
    let defaults = [
        ("--variant", variant.name()),
        ("--nodes", "60"),
        ("--positions", "150"),
        ("--max-plies", "50"),
        ("--openings", openings),
        ("--random-plies", "8"),
        ("--format", format),
        ("--out", out.to_str().unwrap()),
    ];
    let mut args = vec!["datagen", "--quiet"];
    for (flag, value) in defaults {
        if !extra.contains(&flag) {
            args.extend([flag, value]);
        }
    }
    args.extend_from_slice(extra);
    longjiang(&args, None)
}

#[test]
fn text_to_binary_to_text_keeps_every_record_in_all_three_games() {
    let d = dir("round");
    for variant in Variant::EVERY {
        let name = variant.name();
        let (text, bin, back) = (
            d.join(format!("{name}.txt")),
            d.join(format!("{name}.bin")),
            d.join(format!("{name}.back.txt")),
        );
        ok(make(variant, &text, "text", &[]));
        let c = ok(longjiang(
            &[
                "data",
                "convert",
                text.to_str().unwrap(),
                bin.to_str().unwrap(),
            ],
            None,
        ));
        assert!(c.contains("positions of"), "{c}");
        ok(longjiang(
            &[
                "data",
                "convert",
                bin.to_str().unwrap(),
                back.to_str().unwrap(),
                "--format",
                "text",
            ],
            None,
        ));
        let t = std::fs::read_to_string(&text).unwrap();
        assert_eq!(t, std::fs::read_to_string(&back).unwrap(), "{name}");
        let bytes = std::fs::metadata(&bin).unwrap().len();
        let ts = file::read_path(&text).unwrap();
        assert!(ts.samples.len() >= 150);
        // Compact: at most 48 bytes a position, game blocks included.
        assert!(
            bytes <= 48 * ts.samples.len() as u64,
            "{name}: {bytes} bytes"
        );
        // The typed records are the text's positions.
        let rules = variant.rules();
        let mut r = Reader::open(&bin).unwrap();
        assert_eq!(r.variant(), variant);
        assert_eq!(format!("# {}", r.header().text), ts.header);
        let records: Vec<_> = r.by_ref().map(|x| x.unwrap()).collect();
        assert_eq!(records.len(), ts.samples.len());
        for (rec, s) in records.iter().zip(&ts.samples) {
            assert_eq!(rec.sample(&rules), *s);
            let a = rec.position(rules).unwrap();
            let b = Position::from_sfen(&s.sfen, rules).unwrap();
            assert_eq!(a.to_sfen(), b.to_sfen());
            assert_eq!(a.key(), b.key());
        }
        assert_eq!(file::read_path(&bin).unwrap().samples, ts.samples);
        // Written directly, the binary file is byte for byte the converted one.
        let direct = d.join(format!("{name}.direct.bin"));
        ok(make(variant, &direct, "binary", &[]));
        assert_eq!(
            std::fs::read(&direct).unwrap(),
            std::fs::read(&bin).unwrap(),
            "{name}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_cut_or_damaged_file_names_the_byte_and_a_cut_run_resumes() {
    let d = dir("cut");
    let full = d.join("full.bin");
    ok(make(Variant::Longjiang, &full, "binary", &[]));
    let bytes = std::fs::read(&full).unwrap();
    let scan = stream::survey(&full).unwrap();
    assert!(scan.fault.is_none());
    assert!(scan.games.len() >= 3);
    let first_end = scan.games[0].end_offset as usize;
    let second_end = scan.games[1].end_offset as usize;

    // Cut in the middle of the second game: the reader says where the file ends.
    let cut = d.join("cut.bin");
    let at = (first_end + second_end) / 2;
    std::fs::write(&cut, &bytes[..at]).unwrap();
    let err = Reader::open(&cut)
        .unwrap()
        .find_map(|r| r.err())
        .expect("a cut file is an error");
    assert_eq!(err.at, At::Byte(at as u64));
    assert_eq!(err.fault, Fault::Truncated("a game block"));
    let msg = err.to_string();
    assert!(msg.contains(&format!("byte {at}")), "{msg}");
    assert!(msg.contains("truncated"), "{msg}");
    assert!(file::read_path(&cut).is_err());

    // Damage the second game's first byte: the error names that byte.
    let bad = d.join("bad.bin");
    let mut damaged = bytes.clone();
    damaged[first_end] = b'X';
    std::fs::write(&bad, &damaged).unwrap();
    let err = Reader::open(&bad).unwrap().find_map(|r| r.err()).unwrap();
    assert_eq!(err.at, At::Byte(first_end as u64), "{err}");
    // Resuming a damaged file is refused, naming the byte, and cuts none of its games.
    let out = make(Variant::Longjiang, &bad, "binary", &["--positions", "400"]);
    let msg = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{msg}");
    assert!(msg.contains(&format!("byte {first_end}")), "{msg}");
    assert_eq!(std::fs::read(&bad).unwrap(), damaged);
    // A file that is not one at all.
    std::fs::write(&bad, b"LJDG\x09").unwrap();
    let msg = Reader::open(&bad).err().unwrap().to_string();
    assert!(msg.contains("byte 4") && msg.contains("version 9"), "{msg}");

    // Resuming the cut file drops the cut game and ends with the same bytes.
    ok(make(Variant::Longjiang, &cut, "binary", &[]));
    assert_eq!(std::fs::read(&cut).unwrap(), bytes);
    // The form of an existing file is kept: asking for another is refused.
    let out = make(Variant::Longjiang, &cut, "text", &["--positions", "400"]);
    assert!(!out.status.success());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn resuming_with_other_settings_is_refused_naming_the_difference() {
    let d = dir("settings");
    for (format, file) in [("text", "d.txt"), ("binary", "d.bin")] {
        let f = d.join(file);
        ok(make(Variant::Longjiang, &f, format, &[]));
        let before = std::fs::read(&f).unwrap();
        for (extra, named) in [
            (
                vec!["--nodes", "70"],
                "nodes=60 in the file, nodes=70 in this run",
            ),
            (vec!["--seed", "2"], "seed=1 in the file, seed=2"),
            (vec!["--nnue", "false"], "eval=nnue:"),
            (vec!["--max-plies", "51"], "max-plies=50 in the file"),
            (
                vec!["--shard", "1/2"],
                "shard=(none) in the file, shard=1/2 in this run",
            ),
        ] {
            let mut args = extra.clone();
            args.extend(["--positions", "400"]);
            let out = make(Variant::Longjiang, &f, format, &args);
            assert!(!out.status.success(), "{format} {extra:?} accepted");
            let msg = String::from_utf8_lossy(&out.stderr);
            assert!(msg.contains(named), "{format} {extra:?}: {msg}");
            assert_eq!(msg.lines().count(), 1, "{msg}");
        }
        // Another game into the same file.
        let out = make(
            Variant::LongjiangNoDrop,
            &f,
            format,
            &["--positions", "400"],
        );
        let msg = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert!(
            msg.contains("variant=longjiang in the file, variant=longjiang-nodrop"),
            "{msg}"
        );
        assert_eq!(std::fs::read(&f).unwrap(), before, "a refused run wrote");
        // The same settings extend it.
        ok(make(
            Variant::Longjiang,
            &f,
            format,
            &["--positions", "300"],
        ));
        assert!(file::read_path(&f).unwrap().samples.len() >= 300);
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn duplicates_are_counted_and_removed_and_the_store_lists_its_files() {
    let d = dir("store");
    // Every game starts from the start position: duplicates are certain.
    let out = longjiang(
        &[
            "datagen",
            "--variant",
            "longjiang-nodrop",
            "--nodes",
            "40",
            "--positions",
            "120",
            "--max-plies",
            "20",
            "--openings",
            "startpos",
            "--random-plies",
            "1",
            "--endgames",
            "0",
            "--quiet",
            "--out",
            "nd.bin",
        ],
        Some(&d),
    );
    ok(out);
    let file = d.join("nd.bin");
    assert!(file.exists(), "a bare --out name is a file of the store");
    let kept = ok(longjiang(
        &["data", "convert", "nd.bin", "all.bin"],
        Some(&d),
    ));
    let dedup = ok(longjiang(
        &["data", "convert", "nd.bin", "dedup.bin", "--dedup"],
        Some(&d),
    ));
    let count = |s: &str, word: &str| -> u64 {
        let words: Vec<&str> = s.split_whitespace().collect();
        let i = words.iter().position(|w| *w == word).unwrap();
        words[i - 1].parse().unwrap()
    };
    let total = file::read_path(&file).unwrap().samples.len() as u64;
    let dups = count(&dedup, "duplicates");
    assert!(dups >= 5, "{dedup}");
    assert_eq!(count(&kept, "duplicates"), dups);
    assert_eq!(count(&kept, "positions"), total);
    assert_eq!(count(&dedup, "positions"), total - dups);
    let set = file::read_path(&d.join("dedup.bin")).unwrap();
    let mut seen = std::collections::HashSet::new();
    for s in &set.samples {
        // Without the move number: the same position reached at another ply.
        let key: Vec<&str> = s.sfen.split(' ').take(5).collect();
        assert!(seen.insert(key.join(" ")), "{} twice", s.sfen);
    }
    assert_eq!(set.samples.len() as u64, total - dups);

    let list = ok(longjiang(&["data", "list"], Some(&d)));
    assert!(list.contains(&format!("in {}", d.display())), "{list}");
    let line = list.lines().find(|l| l.starts_with("nd.bin:")).unwrap();
    assert!(
        line.contains(&format!("longjiang-nodrop, {total} positions")),
        "{line}"
    );
    // The game's default evaluation made the file: the built-in no-drop net.
    let net = longjiang_engine::eval::nnue::embedded(Variant::LongjiangNoDrop).unwrap();
    let eval = format!("eval=nnue:{:016x}", net.checksum());
    assert!(line.contains(&eval), "{line}");
    assert!(list.contains("nodes=40"), "{list}");
    assert!(list.contains("dedup=true"), "{list}");
    assert!(
        list.contains(&format!(
            "total longjiang-nodrop: {} positions",
            2 * total + total - dups
        )),
        "{list}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn endgame_starts_are_played_and_written() {
    let d = dir("endgames");
    for variant in Variant::ALL {
        let f = d.join(format!("{}.bin", variant.name()));
        ok(make(variant, &f, "binary", &["--endgames", "1"]));
        let set = file::read_path(&f).unwrap();
        assert!(set.games.len() >= 2);
        let rules = variant.rules();
        for g in &set.games {
            let first = set.samples.iter().find(|s| s.game == g.game).unwrap();
            assert_eq!(first.ply, 0);
            let pos = Position::from_sfen(&first.sfen, rules).unwrap();
            let pieces = pos.occupied().len();
            assert!((3..=7).contains(&pieces), "{}", first.sfen);
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
