//! The web board in a real browser: headless Chromium driven through WebDriver plays moves by
//! clicking (an ordinary move, a capture, a drop, a promotion, castling, one drag), checks
//! the board and the move list in the page against the rules core, runs analysis and sees
//! lines appear, plays the engine, loads a record (and the same game pasted as PGN) and steps
//! through it, and sees a bad SFEN refused. Screenshots go to `target/web-screenshots/`.

mod support;

use longjiang::tools::serve::{Config, spawn};
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::write_move;
use longjiang_core::rules::{LONGJIANG, Position, Variant};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;
use support::webdriver::Browser;

const WAIT: Duration = Duration::from_secs(20);

/// The test position: kings, a rook that may castle, pawns for a double step, a capture and
/// a promotion.
const SFEN: &str = "5k4/10/10/2P7/10/4p5/3P6/10/P9/5K3R b - K 00 1";

fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

/// The pieces the page shows, as (square, code, side), sorted.
fn board_in_page(b: &Browser) -> Vec<(String, String, String)> {
    let v = b.eval(
        "return [...document.querySelectorAll('#board .piece')].map(p => \
         [p.dataset.sq, p.dataset.piece, p.dataset.color]);",
    );
    let mut out: Vec<(String, String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let s = |i: usize| t[i].as_str().unwrap_or("").to_string();
            (s(0), s(1), s(2))
        })
        .collect();
    out.sort();
    out
}

fn board_of(pos: &Position) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = longjiang_core::geometry::Square::all()
        .filter_map(|sq| {
            pos.piece_at(sq).map(|p| {
                let code = longjiang::tools::serve::game::kind_code(p.kind);
                let side = if p.color == longjiang_core::rules::Color::Black {
                    "b"
                } else {
                    "w"
                };
                (sq.to_string(), code, side.to_string())
            })
        })
        .collect();
    out.sort();
    out
}

fn moves_in_page(b: &Browser) -> Vec<String> {
    let v = b.eval(
        "return [...document.querySelectorAll('#movelist .mv[data-ply]')].map(m => m.textContent);",
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn wait_plies(b: &Browser, n: usize) {
    b.wait_for(
        &format!("return document.querySelectorAll('#movelist .mv[data-ply]').length === {n} && !window.ljBusy();"),
        WAIT,
        &format!("{n} moves in the move list"),
    );
}

fn sq(s: &str) -> String {
    format!("#board .hit[data-sq=\"{s}\"]")
}

fn click_move(b: &Browser, from: &str, to: &str, plies: usize) {
    b.click(&sq(from));
    b.wait_for(
        &format!("return document.querySelector('#board [data-target=\"{to}\"]') !== null;"),
        WAIT,
        &format!("{to} highlighted as a target of {from}"),
    );
    b.click(&sq(to));
    wait_plies(b, plies);
}

#[test]
fn the_web_board_plays_analyses_and_loads_records_in_chromium() {
    let server = spawn(
        "127.0.0.1:0".parse().unwrap(),
        Config {
            engines: 2,
            hash_mb: 8,
            ..Config::default()
        },
    )
    .expect("server starts");
    let profile = std::env::temp_dir().join(format!("longjiang-chromium-{}", std::process::id()));
    let b = match Browser::start(&profile) {
        Ok(b) => b,
        Err(e) => panic!("the browser test needs Chromium: {e}"),
    };
    let dir = shots();
    b.open(&format!("http://{}/", server.addr));
    b.wait_for(
        "return document.querySelectorAll('#board .piece').length === 40;",
        WAIT,
        "the start position",
    );
    b.screenshot(None, &dir.join("01-start.png"));

    // Two players at one board, from the test position pasted as an SFEN.
    b.eval("document.getElementById('you').value = 'both';");
    b.click("#new");
    b.wait_for(
        "return window.ljView() && window.ljView().engine_side === null;",
        WAIT,
        "a game without engine",
    );
    b.type_into("#text", SFEN);
    b.click("#loadpos");
    b.wait_for(
        &format!("return window.ljView().sfen === '{SFEN}';"),
        WAIT,
        "the pasted SFEN",
    );
    let mut pos = Position::from_sfen(SFEN, LONGJIANG).unwrap();
    assert_eq!(board_in_page(&b), board_of(&pos));

    let plays = [
        ("a2a4", "an ordinary move"),
        ("f10e10", "a reply by dragging"),
        ("d4e5", "a capture"),
        ("e10f10", ""),
        ("P*h5", "a drop"),
        ("f10e10", ""),
        ("c7c8+", "a promotion"),
        ("e10f10", ""),
        ("f1i1", "castling"),
    ];
    let mut written = Vec::new();
    for (i, (m, _)) in plays.iter().enumerate() {
        let mv = pos.parse_move(m).unwrap();
        written.push(write_move(&pos, mv));
        let plies = i + 1;
        match *m {
            "f10e10" if i == 1 => {
                b.drag(&sq("f10"), &sq("e10"));
                wait_plies(&b, plies);
            }
            "P*h5" => {
                b.click(".side-info .hand-piece[data-color=\"b\"][data-drop=\"P\"]");
                b.wait_for(
                    "return document.querySelector('#board [data-target=\"h5\"]') !== null;",
                    WAIT,
                    "drop targets",
                );
                b.click(&sq("h5"));
                wait_plies(&b, plies);
                let cd = b.eval("return document.querySelector('.side-info[data-color=\"b\"] .cooldown').dataset.cooldown;");
                assert_eq!(cd, json!("2"), "the drop cooldown is shown");
                b.screenshot(None, &dir.join("02-after-drop.png"));
            }
            "c7c8+" => {
                b.click(&sq("c7"));
                b.click(&sq("c8"));
                b.wait_for(
                    "return !document.getElementById('promo').hidden;",
                    WAIT,
                    "the promotion choice",
                );
                b.click("#promo-choices button[data-promo=\"+P\"]");
                wait_plies(&b, plies);
            }
            _ => {
                let from = mv.from().unwrap().to_string();
                click_move(&b, &from, &mv.to().to_string(), plies);
            }
        }
        pos.play(mv);
        assert_eq!(board_in_page(&b), board_of(&pos), "after {m}");
    }
    assert_eq!(
        moves_in_page(&b),
        written,
        "the move list in the record notation"
    );
    assert!(written.contains(&"戟帅".to_string()) && written.iter().any(|w| w.ends_with('打')));
    let castling = b.eval(
        "return document.querySelector('.side-info[data-color=\"b\"] .castling').dataset.castling;",
    );
    assert_eq!(castling, json!(""), "castling rights gone after castling");
    b.click("#ascii");
    let ascii: Vec<String> = plays.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(moves_in_page(&b), ascii, "the move list in ASCII");
    b.click("#ascii");
    b.screenshot(None, &dir.join("03-castled.png"));

    // Analysis for a second: lines with a score and a PV in the record notation.
    b.click("#analyse");
    let lines = b.wait_for(
        "const l = [...document.querySelectorAll('#lines .pv-line')]; \
         return l.length > 0 && l[0].querySelector('.pv').textContent.length > 0 ? l.length : 0;",
        WAIT,
        "analysis lines",
    );
    std::thread::sleep(Duration::from_secs(1));
    b.screenshot(None, &dir.join("04-analysis.png"));
    b.screenshot(Some("#board"), &dir.join("board-analysis.png"));
    assert!(lines.as_u64().unwrap() >= 1);
    let pv: Value = b.eval("return document.querySelector('#lines .pv-line .pv').textContent;");
    assert!(
        pv.as_str()
            .unwrap()
            .chars()
            .any(|c| ('一'..='龥').contains(&c)),
        "{pv}"
    );
    b.click("#analyse");
    b.wait_for(
        "return window.ljView().analysing === false;",
        WAIT,
        "analysis stopped",
    );

    // A bad SFEN: a clear message, the board unchanged.
    let before = board_in_page(&b);
    b.type_into("#text", "5k4/10/10 b - - 00 1");
    b.click("#loadpos");
    let msg = b.wait_for(
        "const m = document.getElementById('message'); return m.className === 'error' && m.textContent;",
        WAIT,
        "an error message",
    );
    assert!(
        msg.as_str().unwrap().contains("SFEN") && msg.as_str().unwrap().contains("3 ranks"),
        "{msg}"
    );
    assert_eq!(
        board_in_page(&b),
        before,
        "a bad SFEN leaves the board as it was"
    );

    // Play the engine: the first move by clicking, the engine replies.
    b.eval("document.getElementById('you').value = 'b'; document.getElementById('strength-kind').value = 'nodes'; document.getElementById('strength-value').value = '2000';");
    b.click("#new");
    b.wait_for("return window.ljView() && window.ljView().line.length === 0 && window.ljView().engine_side === 'w';", WAIT, "a game against the engine");
    click_move(&b, "f2", "f4", 2);
    let v = b.eval("return window.ljView().line.map(m => m.m);");
    let mut p = Position::start(LONGJIANG);
    for m in v.as_array().unwrap() {
        let mv = p
            .parse_move(m.as_str().unwrap())
            .expect("legal moves in the game");
        p.play(mv);
    }

    // Load a record and step through it.
    let mut rec = GameRecord::new(Variant::Longjiang);
    let mut p = Position::start(LONGJIANG);
    let mut after_three = String::new();
    for (i, m) in [
        "f2f4", "e9e7", "f4f5", "e7e6", "f5e6", "f9f7", "e6f7", "g9g8", "f7g8+",
    ]
    .iter()
    .enumerate()
    {
        let mv = p.parse_move(m).unwrap();
        rec.moves.push(mv);
        p.play(mv);
        if i == 2 {
            after_three = p.to_sfen();
        }
    }
    b.type_into("#text", &rec.to_text().unwrap());
    b.click("#loadrec");
    wait_plies(&b, 9);
    for _ in 0..3 {
        let before = b.eval("return window.ljView().cursor;").as_u64().unwrap();
        b.click("#next");
        b.wait_for(
            &format!(
                "return window.ljView().cursor === {} && !window.ljBusy();",
                before + 1
            ),
            WAIT,
            "a step",
        );
    }
    let shown = b.eval("return document.getElementById('sfen').textContent;");
    assert_eq!(shown, json!(format!("SFEN: {after_three}")));
    b.click("#last");
    b.wait_for(
        "return window.ljView().cursor === 9;",
        WAIT,
        "the end of the record",
    );
    assert_eq!(board_in_page(&b), board_of(&p));
    b.screenshot(None, &dir.join("05-record.png"));
    b.screenshot(Some("#board"), &dir.join("board-record.png"));

    // The same game pasted as PGN loads through the same box and button.
    let pgn = longjiang_core::notation::pgn::write_pgn(
        &rec,
        longjiang_core::notation::san::SanForm::Standard,
    )
    .unwrap();
    b.type_into("#text", &pgn);
    b.click("#loadrec");
    b.wait_for(
        "return window.ljView().cursor === 0 && window.ljView().line.length === 9 \
         && !window.ljBusy();",
        WAIT,
        "the PGN loaded",
    );
    b.click("#last");
    b.wait_for(
        "return window.ljView().cursor === 9;",
        WAIT,
        "the end of the PGN",
    );
    assert_eq!(board_in_page(&b), board_of(&p));
    drop(b);
    server.shutdown();
}
