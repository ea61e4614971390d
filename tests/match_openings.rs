//! Opening sources of `longjiang match` besides the project's suites: EPD files (one position
//! a line in the game's own format: Fairy-Stockfish's FEN for 龙将棋, SFEN for shogi) and PGN
//! files (each game's moves up to `plies=`), in file order or shuffled with a seed. Fake
//! engines at one node a move, games cut after two moves.

mod match_driver;

use longjiang_core::notation::fen::write_fen;
use longjiang_core::notation::pgn::write_pgn;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::san::SanForm;
use longjiang_core::rules::{Position, Variant};
use match_driver::{by_round, engine, out_dir, run_ok, tag};
use std::path::Path;

/// The position after `moves` (ASCII) from the start of `variant`.
fn after(variant: Variant, moves: &[&str]) -> Position {
    let mut pos = Position::start(variant.rules());
    for m in moves {
        let mv = pos.parse_move(m).expect("a legal move");
        pos.play(mv);
    }
    pos
}

const LINES: [&[&str]; 6] = [
    &["f2f4"],
    &["f2f4", "f9f7"],
    &["e2e4"],
    &["e2e4", "e9e7"],
    &["a2a3"],
    &["a2a3", "a9a8"],
];

fn play(dir: &Path, openings: &str, games: &str) -> Vec<GameRecord> {
    let (a, b) = (engine("seed=1", "a"), engine("seed=2", "b"));
    by_round(run_ok(
        dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--openings",
            openings,
            "--tc",
            "nodes=1",
            "--games",
            games,
            "--maxmoves",
            "3",
        ],
    ))
}

/// An SFEN without its move number (an EPD line has none).
fn no_number(sfen: &str) -> String {
    sfen.rsplit_once(' ').map_or(sfen, |(s, _)| s).to_string()
}

/// The start SFEN of each game pair, without the move number.
fn starts(recs: &[GameRecord]) -> Vec<String> {
    recs.iter()
        .step_by(2)
        .map(|r| no_number(r.start_sfen.as_deref().unwrap_or_default()))
        .collect()
}

#[test]
fn epd_files_give_one_position_a_line_in_order_or_shuffled_with_a_seed() {
    let dir = out_dir("openings-epd");
    std::fs::create_dir_all(&dir).expect("dir");
    let v = Variant::Longjiang;
    let positions: Vec<Position> = LINES.iter().map(|m| after(v, m)).collect();
    let mut epd = String::from("# FEN lines; EPD operations after the position are ignored\n");
    for (i, p) in positions.iter().enumerate() {
        let fen = write_fen(p);
        match i {
            1 => {
                epd += &format!(
                    "{}  bm f7; id \"two\";\n",
                    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
                )
            }
            2 => epd += &format!("sfen {}\n", p.to_sfen()),
            _ => epd += &format!("{fen}\n"),
        }
    }
    let file = dir.join("book.epd");
    std::fs::write(&file, epd).expect("write");
    let path = file.display().to_string();
    let want: Vec<String> = positions.iter().map(|p| no_number(&p.to_sfen())).collect();
    // The format from the extension, the file's order.
    let recs = play(&dir.join("seq"), &path, "12");
    assert_eq!(starts(&recs), want);
    assert!(recs.iter().all(|r| r.moves.len() <= 6));
    assert_eq!(tag(&recs[0], "Opening"), format!("{path} line 2"));
    // Shuffled: the same order for the same seed, another than the file's.
    let random = format!("file={path},format=epd,order=random,seed=5");
    let once = starts(&play(&dir.join("r1"), &random, "12"));
    let twice = starts(&play(&dir.join("r2"), &random, "12"));
    assert_eq!(once, twice);
    assert_ne!(once, want);
    let (mut a, mut b) = (once.clone(), want.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b, "a permutation of the file");
}

#[test]
fn pgn_files_give_each_games_moves_up_to_plies() {
    let dir = out_dir("openings-pgn");
    std::fs::create_dir_all(&dir).expect("dir");
    let v = Variant::LongjiangNoDrop;
    let mut pgn = String::new();
    for line in [LINES[1], LINES[3]] {
        let mut r = GameRecord::new(v);
        let mut pos = Position::start(v.rules());
        for m in line.iter().chain(&["b2b3"]) {
            let mv = pos.parse_move(m).expect("legal");
            pos.play(mv);
            r.moves.push(mv);
        }
        pgn += &write_pgn(&r, SanForm::Standard).expect("PGN");
    }
    // A comment after a move is skipped.
    let pgn = pgn.replacen(" f7 ", " f7 {+0.10/3 0.1s} ", 1);
    let file = dir.join("games.pgn");
    std::fs::write(&file, &pgn).expect("write");
    let path = file.display().to_string();
    let (a, b) = (engine("seed=1", "a"), engine("seed=2", "b"));
    let spec = format!("file={path},plies=2");
    let recs = by_round(run_ok(
        &dir.join("m"),
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--variant",
            "longjiang-nodrop",
            "--openings",
            &spec,
            "--tc",
            "nodes=1",
            "--games",
            "4",
            "--maxmoves",
            "3",
        ],
    ));
    for (pair, line) in [LINES[1], LINES[3]].iter().enumerate() {
        for r in &recs[2 * pair..2 * pair + 2] {
            let opening: Vec<Position> = (1..=2).map(|n| after(v, &line[..n])).collect();
            let mut pos = Position::start(v.rules());
            for (i, &m) in r.moves.iter().take(2).enumerate() {
                pos.play(m);
                assert_eq!(pos.to_sfen(), opening[i].to_sfen(), "{:?}", r.tags);
            }
            assert!(r.start_sfen.is_none());
        }
    }
    let second_game_line = pgn
        .lines()
        .skip(1)
        .position(|l| l.starts_with("[Event"))
        .expect("two games")
        + 2;
    assert_eq!(
        tag(&recs[2], "Opening"),
        format!("{path} line {second_game_line}")
    );
}
