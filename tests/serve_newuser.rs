//! What a new user tripped on in the web board's API: the engine's score
//! on the ply the board shows, an analysis nobody streams, error bodies and statuses as
//! documented, and shogi refused with a clear error.

mod support;

use longjiang::tools::serve::{Config, RunningServer, spawn};
use longjiang_engine::search::value::MATE;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use support::http::{get, post, request};

fn server(config: Config) -> RunningServer {
    spawn("127.0.0.1:0".parse().unwrap(), config).expect("server starts")
}

fn new_game(s: &RunningServer) -> String {
    let a = post(s.addr, "/api/games", &json!({"engine_side": "none"}));
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()["id"].as_str().unwrap().to_string()
}

/// The second player mates in one: the rook g3 to g1 (the rook h2 holds the second rank).
const MATE_IN_ONE: &str = "9k/10/10/10/10/10/10/6r3/7r2/K9 w - - 00 2";

/// The engine's score is on the ply the board shows after its move (and on the
/// searched one); after the mate, `/move` and `/engine` both answer 400.
#[test]
fn the_engine_score_is_on_the_shown_ply_and_a_finished_game_is_400() {
    let s = server(Config {
        engines: 1,
        hash_mb: 4,
        ..Config::default()
    });
    let id = new_game(&s);
    let path = |p: &str| format!("/api/games/{id}/{p}");
    let a = post(s.addr, &path("position"), &json!({"text": MATE_IN_ONE}));
    assert_eq!(a.status, 200, "{}", a.body);
    let a = post(
        s.addr,
        &path("settings"),
        &json!({"strength": {"kind": "depth", "value": 3}}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let a = post(s.addr, &path("engine"), &json!({}));
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["cursor"], 1);
    assert_eq!(v["line"][0]["m"], "g3g1", "{v}");
    // Mated in one ply, then mated: the first player's view.
    assert_eq!(v["scores"], json!([-(MATE - 1), -MATE]), "{v}");
    let a = post(s.addr, &path("move"), &json!({"move": "a1b1"}));
    assert_eq!(a.status, 400, "{}", a.body);
    let a = post(s.addr, &path("engine"), &json!({}));
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .contains("the game is over")
    );
    s.shutdown();
}

/// An analysis that no page streams stops by itself, and frees its engine.
#[test]
fn an_analysis_nobody_streams_ends_by_itself() {
    let s = server(Config {
        engines: 1,
        hash_mb: 4,
        engine_wait: Duration::from_secs(2),
        unwatched: Duration::from_millis(300),
        ..Config::default()
    });
    let a_id = new_game(&s);
    let a = post(
        s.addr,
        &format!("/api/games/{a_id}/analysis"),
        &json!({"on": true}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["analysing"], true);
    let deadline = Instant::now() + Duration::from_secs(60);
    while get(s.addr, &format!("/api/games/{a_id}")).json()["analysing"] == true {
        assert!(Instant::now() < deadline, "the analysis still runs");
        std::thread::sleep(Duration::from_millis(50));
    }
    let b_id = new_game(&s);
    let a = post(
        s.addr,
        &format!("/api/games/{b_id}/settings"),
        &json!({"strength": {"kind": "depth", "value": 1}}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let a = post(s.addr, &format!("/api/games/{b_id}/engine"), &json!({}));
    assert_eq!(a.status, 200, "{}", a.body);
    s.shutdown();
}

/// Every error has a JSON body, its status as protocol.md says; a missing field is
/// called missing.
#[test]
fn errors_are_json_with_the_documented_status() {
    let s = server(Config {
        engines: 1,
        hash_mb: 4,
        ..Config::default()
    });
    let id = new_game(&s);
    let error = |status: u16, method: &str, path: &str, body: Option<&str>| -> String {
        let a = request(s.addr, method, path, body).unwrap();
        assert_eq!(a.status, status, "{method} {path}: {}", a.body);
        let v: Value = a.json();
        v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{v}"))
            .to_string()
    };
    let big = format!("{{\"move\": \"{}\"}}", "x".repeat(300 * 1024));
    let e = error(413, "POST", &format!("/api/games/{id}/move"), Some(&big));
    assert!(e.contains("over 262144 bytes"), "{e}");
    let e = error(405, "DELETE", "/api/games", None);
    assert_eq!(e, "DELETE is not allowed on /api/games");
    error(405, "GET", "/api/games", None);
    let e = error(
        400,
        "POST",
        &format!("/api/games/{id}/move"),
        Some("{\"mov\": \"f2f4\"}"),
    );
    assert_eq!(e, "'move' is missing");
    let e = error(
        400,
        "POST",
        &format!("/api/games/{id}/move"),
        Some("{\"move\": 3}"),
    );
    assert_eq!(e, "'move' must be a string");
    assert_eq!(error(404, "GET", "/nothing", None), "no such page");
    s.shutdown();
}

/// The board draws the 龙将棋 games only; shogi is refused with a clear error, as a
/// new game, a position or a record.
#[test]
fn shogi_is_refused_clearly() {
    let s = server(Config {
        engines: 1,
        hash_mb: 4,
        ..Config::default()
    });
    let a = post(s.addr, "/api/games", &json!({"variant": "shogi"}));
    assert_eq!(a.status, 400, "{}", a.body);
    let e = a.json()["error"].as_str().unwrap().to_string();
    assert!(
        e.contains("plays longjiang and longjiang-nodrop, not shogi"),
        "{e}"
    );
    let id = new_game(&s);
    let a = post(
        s.addr,
        &format!("/api/games/{id}/position"),
        &json!({"variant": "shogi",
                "text": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"}),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    let record = "[Variant \"shogi\"]\n7g7f 3c3d\n";
    let a = post(
        s.addr,
        &format!("/api/games/{id}/record"),
        &json!({"text": record}),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.json()["error"].as_str().unwrap().contains("not shogi"),
        "{}",
        a.body
    );
    s.shutdown();
}
