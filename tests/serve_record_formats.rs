//! The web board loads a pasted game in any format `longjiang record` reads: PGN (as `match`
//! writes it, and as XBoard saves it) and KIF are told apart from the engine's records by the
//! same reader; a KIF game (shogi, which the board does not play) is refused by its game, not
//! as unreadable text. The page's file picker offers those files too.

mod support;

use longjiang::tools::serve::{Config, RunningServer, spawn};
use longjiang_core::notation::pgn::write_pgn;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::san::SanForm;
use longjiang_core::rules::{LONGJIANG, Position, Variant};
use serde_json::json;
use support::http::{get, post};

fn server() -> RunningServer {
    let config = Config {
        engines: 1,
        hash_mb: 4,
        ..Config::default()
    };
    spawn("127.0.0.1:0".parse().unwrap(), config).expect("server starts")
}

fn new_game(s: &RunningServer) -> String {
    let a = post(s.addr, "/api/games", &json!({"engine_side": "none"}));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()["id"].as_str().unwrap().to_string()
}

/// A short game of the drop game and the position it ends in.
fn game() -> (GameRecord, Position) {
    let mut rec = GameRecord::new(Variant::Longjiang);
    let mut pos = Position::start(LONGJIANG);
    for m in ["f2f4", "e9e7", "f4f5", "e7e6", "f5e6", "f9f7", "e6f7"] {
        let mv = pos.parse_move(m).unwrap();
        rec.moves.push(mv);
        pos.play(mv);
    }
    rec.tags.push(("Black".into(), "Alice".into()));
    rec.tags.push(("White".into(), "Bob".into()));
    rec.tags.push(("Result".into(), "*".into()));
    (rec, pos)
}

#[test]
fn a_pasted_pgn_loads_as_its_game() {
    let s = server();
    let id = new_game(&s);
    let (rec, end) = game();
    for form in [SanForm::Standard, SanForm::XBoard] {
        let pgn = write_pgn(&rec, form).unwrap();
        let a = post(
            s.addr,
            &format!("/api/games/{id}/record"),
            &json!({"text": pgn}),
        );
        assert_eq!(a.status, 200, "{form:?}: {}", a.body);
        let v = a.json();
        assert_eq!(v["line"].as_array().unwrap().len(), rec.moves.len());
        let v = post(s.addr, &format!("/api/games/{id}/goto"), &json!({"ply": 7})).json();
        assert_eq!(v["sfen"], end.to_sfen());
    }
    // The PGN XBoard saves (comments, a diagram, `VariantMen`) loads too.
    let saved = include_str!("data/xboard-saved-longjiang.pgn");
    let a = post(
        s.addr,
        &format!("/api/games/{id}/record"),
        &json!({"text": saved}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(!a.json()["line"].as_array().unwrap().is_empty());
    s.shutdown();
}

#[test]
fn a_pasted_kif_is_read_and_refused_as_shogi() {
    let s = server();
    let id = new_game(&s);
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 中断\nまで2手で中断\n";
    let a = post(
        s.addr,
        &format!("/api/games/{id}/record"),
        &json!({"text": kif}),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    let err = a.json()["error"].as_str().unwrap().to_string();
    assert!(
        err.contains("the web board plays") && err.contains("shogi"),
        "{err}"
    );
    s.shutdown();
}

#[test]
fn the_pages_file_picker_offers_pgn_and_kif_files() {
    let s = server();
    let page = get(s.addr, "/").body;
    let picker = page
        .lines()
        .find(|l| l.contains("id=\"file\""))
        .expect("the page has a file picker");
    for ext in [".pgn", ".kif", ".kifu"] {
        assert!(picker.contains(ext), "{picker}");
    }
    s.shutdown();
}
