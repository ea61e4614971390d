//! The web board's level (`strength.level`, docs/levels.md): the server hands it to the
//! engine for the game's moves, a weak level plays legal moves and not always the full
//! engine's, level 20 plays the full engine's, and a bad level is refused with 400.

mod support;

use longjiang::tools::serve::{Config, RunningServer, spawn};
use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{LONGJIANG, Move, Position};
use longjiang_engine::search::{Engine, Limits};
use serde_json::json;
use support::http::post;

fn server() -> RunningServer {
    let config = Config {
        engines: 1,
        hash_mb: 4,
        ..Config::default()
    };
    spawn("127.0.0.1:0".parse().unwrap(), config).expect("server starts")
}

/// The full engine's move in `p` at depth 6, from a fresh engine set up as the server's.
fn full(p: &Position) -> Move {
    let mut e = Engine::new();
    e.set_nnue(longjiang_engine::eval::nnue::default_nets());
    e.set_hash_mb(4);
    e.set_position(p.clone());
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    e.search_sync(limits).best.expect("a move")
}

#[test]
fn a_games_level_reaches_the_engine() {
    let s = server();
    let strength = json!({"kind": "depth", "value": 6, "level": 0});
    let a = post(
        s.addr,
        "/api/games",
        &json!({"engine_side": "none", "strength": strength}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let mut view = a.json();
    assert_eq!(view["strength"], strength);
    let id = view["id"].as_str().unwrap().to_string();
    let mut differs = 0;
    for _ in 0..12 {
        let before = Position::from_sfen(view["sfen"].as_str().unwrap(), LONGJIANG).unwrap();
        let a = post(s.addr, &format!("/api/games/{id}/engine"), &json!({}));
        assert_eq!(a.status, 200, "{}", a.body);
        view = a.json();
        let line = view["line"].as_array().unwrap();
        let played = line.last().unwrap()["m"].as_str().unwrap();
        let legal = legal_moves(&before).iter().any(|m| m.to_string() == played);
        assert!(legal, "{played} is not legal");
        differs += usize::from(full(&before).to_string() != played);
    }
    assert!(differs > 0, "level 0 always played the full engine's move");
    // Level 20 is the full engine: a fresh server's first move is a fresh engine's.
    let s = server();
    let strength = json!({"kind": "depth", "value": 6, "level": 20});
    let body = json!({"engine_side": "none", "strength": strength});
    let id = post(s.addr, "/api/games", &body).json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let view = post(s.addr, &format!("/api/games/{id}/engine"), &json!({})).json();
    let played = view["line"][0]["m"].as_str().unwrap().to_string();
    assert_eq!(played, full(&Position::start(LONGJIANG)).to_string());
}

#[test]
fn a_bad_level_is_refused() {
    let s = server();
    for level in [json!(21), json!("weak"), json!(-1)] {
        let body = json!({"strength": {"kind": "depth", "value": 3, "level": level}});
        let a = post(s.addr, "/api/games", &body);
        assert_eq!(a.status, 400, "{level}: {}", a.body);
        assert!(
            a.body.contains("level must be a whole number 0 … 20"),
            "{}",
            a.body
        );
    }
}
