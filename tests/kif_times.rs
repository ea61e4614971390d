//! The time used per move (消費時間) in KIF: written as Kifu for Windows and ShogiGUI write it
//! (`   1 ７六歩(77)   ( 0:01/00:00:01)`: this move's minutes and seconds, then the mover's
//! total), read back by the KIF reader with the moves, and written by `longjiang match` into
//! each shogi game's `.kifu`.

use longjiang_core::notation::kif_record::{
    kif_move_times, parse_kif, time_column, write_kif, write_kif_timed,
};
use longjiang_core::notation::record::GameRecord;
use longjiang_core::rules::{Position, SHOGI, Variant};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// A shogi game with a promotion, a recapture and a drop (the move texts of every width).
fn game() -> GameRecord {
    let mut rec = GameRecord::new(Variant::Shogi);
    let mut pos = Position::start(SHOGI);
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let mv = pos.parse_move(m).unwrap();
        rec.moves.push(mv);
        pos.play(mv);
    }
    rec.tags.push(("Black".into(), "a".into()));
    rec.tags.push(("White".into(), "b".into()));
    rec.tags.push(("Result".into(), "*".into()));
    rec
}

#[test]
fn time_columns_are_written_in_kifu_for_windows_form() {
    assert_eq!(time_column(secs(1.9), secs(1.9)), "( 0:01/00:00:01)");
    assert_eq!(time_column(secs(61.0), secs(3725.5)), "( 1:01/01:02:05)");
    assert_eq!(time_column(secs(6000.0), secs(6000.0)), "(100:00/01:40:00)");
    let times = [secs(1.2), secs(2.0), secs(75.0), secs(3.5), secs(0.4)];
    let kif = write_kif_timed(&game(), &times).unwrap();
    let table: Vec<&str> = kif
        .lines()
        .skip_while(|l| !l.starts_with("手数----"))
        .skip(1)
        .collect();
    assert_eq!(
        &table[..5],
        [
            "   1 ７六歩(77)   ( 0:01/00:00:01)",
            "   2 ３四歩(33)   ( 0:02/00:00:02)",
            "   3 ２二角成(88) ( 1:15/00:01:16)",
            "   4 同　銀(31)   ( 0:03/00:00:05)",
            "   5 ４五角打     ( 0:00/00:01:16)",
        ],
        "{kif}"
    );
}

#[test]
fn a_timed_kif_reads_back_with_its_moves_and_times() {
    let rec = game();
    let times = [secs(1.0), secs(2.0), secs(75.0), secs(3.0), secs(0.0)];
    let kif = write_kif_timed(&rec, &times).unwrap();
    let back = parse_kif(&kif).unwrap_or_else(|e| panic!("{e}\n{kif}"));
    assert_eq!(back.moves, rec.moves);
    assert_eq!(back.tag("Black"), Some("a"));
    let read: Vec<Option<Duration>> = kif_move_times(&kif);
    assert_eq!(read, times.map(Some), "{kif}");
    // Without times the file is as before, and no move has a time.
    let plain = write_kif(&rec).unwrap();
    assert!(!plain.contains("/00:"), "{plain}");
    assert_eq!(kif_move_times(&plain), vec![None; 5]);
    assert_eq!(parse_kif(&plain).unwrap().moves, rec.moves);
    // A file from another program: a terminal line with its own time, spaces in the column.
    let other = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)        ( 0:12/00:00:12)\n   2 ３四歩(33)        (1:05/00:01:05)\n   3 投了        ( 0:03/00:00:15)\nまで2手で後手の勝ち\n";
    let g = parse_kif(other).unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.tag("Result"), Some("0-1"));
    assert_eq!(kif_move_times(other), [Some(secs(12.0)), Some(secs(65.0))]);
}

#[test]
fn match_kifs_carry_each_moves_time() {
    let dir = std::env::temp_dir().join(format!("lj-kif-times-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "startpos moves 7g7f 3c3d\n").unwrap();
    let bin = env!("CARGO_BIN_EXE_longjiang");
    let engine = |name: &str| format!("cmd={bin},name={name},option.USI_Hash=8");
    let out: PathBuf = dir.join("out");
    let o = Command::new(bin)
        .arg("match")
        .args(["--engine", &engine("a"), "--engine", &engine("b")])
        .args(["--variant", "shogi", "--openings"])
        .arg(&openings)
        .args([
            "--tc",
            "nodes=200",
            "--games",
            "2",
            "--maxmoves",
            "20",
            "--out",
        ])
        .arg(&out)
        .output()
        .expect("run longjiang match");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for round in 1..=2 {
        let path = out.join("kif").join(format!("{round:04}.kifu"));
        let kif = std::fs::read_to_string(&path).unwrap();
        let game = parse_kif(&kif).unwrap_or_else(|e| panic!("{e}\n{kif}"));
        let times = kif_move_times(&kif);
        assert_eq!(times.len(), game.moves.len(), "{kif}");
        assert!(times.iter().all(Option::is_some), "{kif}");
        // The opening's two moves took no time.
        assert!(
            kif.contains("   1 ７六歩(77)   ( 0:00/00:00:00)")
                && kif.contains("   2 ３四歩(33)   ( 0:00/00:00:00)"),
            "{kif}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
