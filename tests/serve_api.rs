//! The web board's JSON API, over loopback against a server started in process: every answer
//! is checked against the rules core (legal move sets, positions, notation), and bad input
//! gets an error that leaves the game as it was.

mod support;

use longjiang::tools::serve::{Config, RunningServer, spawn};
use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::write_move;
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::Duration;
use support::http::{get, post, request, request_typed, wait_event};

fn server(config: Config) -> RunningServer {
    spawn("127.0.0.1:0".parse().unwrap(), config).expect("server starts")
}

fn small() -> Config {
    Config {
        engines: 2,
        hash_mb: 4,
        ..Config::default()
    }
}

fn new_game(addr: SocketAddr, body: Value) -> Value {
    let a = post(addr, "/api/games", &body);
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

fn legal_set(view: &Value) -> BTreeSet<String> {
    view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["m"].as_str().unwrap().to_string())
        .collect()
}

fn library_set(pos: &Position) -> BTreeSet<String> {
    legal_moves(pos).iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_new_game_shows_the_start_and_its_legal_moves() {
    let s = server(small());
    let v = new_game(s.addr, json!({"engine_side": "none"}));
    let start = Position::start(LONGJIANG);
    assert_eq!(v["sfen"], start.to_sfen());
    assert_eq!(v["board"].as_array().unwrap().len(), 40);
    assert_eq!(legal_set(&v), library_set(&start));
    let f1 = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sq"] == "f1")
        .unwrap();
    assert_eq!(
        (f1["k"].as_str(), f1["name"].as_str()),
        (Some("K"), Some("主帅"))
    );
    assert_eq!(v["castling"]["b"], json!({"k": true, "q": true}));
    assert_eq!(v["cooldowns"], json!({"b": 0, "w": 0}));
    // The page's files are served.
    let page = get(s.addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<svg id=\"board\""));
    for f in ["/app.js", "/board.js", "/style.css"] {
        assert_eq!(get(s.addr, f).status, 200, "{f}");
    }
    s.shutdown();
}

#[test]
fn moves_in_both_notations_and_illegal_moves_refused() {
    let s = server(small());
    let v = new_game(s.addr, json!({"engine_side": "none"}));
    let id = v["id"].as_str().unwrap().to_string();
    let mv = |m: &str| {
        post(
            s.addr,
            &format!("/api/games/{id}/move"),
            &json!({"move": m}),
        )
    };
    assert_eq!(mv("f2f4").status, 200);
    let a = mv("六七");
    assert_eq!(a.status, 200, "{}", a.body);
    let mut pos = Position::start(LONGJIANG);
    for m in ["f2f4", "f9f7"] {
        pos.play(pos.parse_move(m).unwrap());
    }
    let v = a.json();
    assert_eq!(v["sfen"], pos.to_sfen());
    assert_eq!(v["line"][1]["zh"], "六七");
    assert_eq!(legal_set(&v), library_set(&pos));
    // Illegal and malformed moves: a clear error, the game unchanged.
    for (bad, says) in [
        ("f2f5", "no piece on f2"),
        ("骑七三", "骑"),
        ("zz", "zz"),
        ("P*e5", "not in hand"),
    ] {
        let a = mv(bad);
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
        assert!(
            a.json()["error"].as_str().unwrap().contains(says),
            "{bad}: {}",
            a.body
        );
    }
    let now = get(s.addr, &format!("/api/games/{id}")).json();
    assert_eq!(now["sfen"], pos.to_sfen());
    // Take back one, step to the start and back.
    let a = post(
        s.addr,
        &format!("/api/games/{id}/undo"),
        &json!({"plies": 1}),
    )
    .json();
    assert_eq!(a["line"].as_array().unwrap().len(), 1);
    let a = post(s.addr, &format!("/api/games/{id}/goto"), &json!({"ply": 0})).json();
    assert_eq!(a["sfen"], Position::start(LONGJIANG).to_sfen());
    assert_eq!(
        a["line"].as_array().unwrap().len(),
        1,
        "stepping keeps the line"
    );
    let a = post(s.addr, &format!("/api/games/{id}/goto"), &json!({"ply": 5}));
    assert_eq!(a.status, 400);
    s.shutdown();
}

#[test]
fn bad_requests_get_clear_errors() {
    let s = server(small());
    let v = new_game(s.addr, json!({}));
    let id = v["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/move");
    for (body, says) in [
        ("{bad", "not JSON"),
        ("[1,2]", "JSON object"),
        ("{\"move\": 5}", "'move' must be a string"),
    ] {
        let a = request(s.addr, "POST", &path, Some(body)).unwrap();
        assert_eq!(a.status, 400, "{body}");
        assert!(
            a.json()["error"].as_str().unwrap().contains(says),
            "{}",
            a.body
        );
    }
    // A body not declared as JSON (what another site's page could send unasked).
    let a = request_typed(
        s.addr,
        "POST",
        &path,
        Some("{\"move\": \"f2f4\"}"),
        "text/plain",
    )
    .unwrap();
    assert_eq!(a.status, 415, "{}", a.body);
    let big = format!("{{\"move\": \"{}\"}}", "x".repeat(300 * 1024));
    let a = request(s.addr, "POST", &path, Some(&big)).unwrap();
    assert_eq!(a.status, 413, "an oversized body is refused");
    let a = post(s.addr, "/api/games", &json!({"variant": "chess"}));
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .contains("unknown variant 'chess'")
    );
    let a = post(
        s.addr,
        "/api/games",
        &json!({"strength": {"kind": "depth", "value": 99}}),
    );
    assert!(
        a.json()["error"]
            .as_str()
            .unwrap()
            .contains("depth must be 1")
    );
    let a = post(s.addr, "/api/games", &json!({"engine_side": 3}));
    assert_eq!(a.status, 400);
    assert_eq!(get(s.addr, "/api/games/0000000000000000").status, 404);
    assert_eq!(get(s.addr, "/nothing").status, 404);
    let a = post(
        s.addr,
        &format!("/api/games/{id}/analysis"),
        &json!({"multipv": 99}),
    );
    assert_eq!(a.status, 400);
    // The server is still up and the game unchanged.
    let now = get(s.addr, &format!("/api/games/{id}")).json();
    assert_eq!(now["sfen"], Position::start(LONGJIANG).to_sfen());
    s.shutdown();
}

#[test]
fn positions_from_sfen_and_fen_and_bad_ones_refused() {
    let s = server(small());
    let v = new_game(s.addr, json!({"engine_side": "none"}));
    let id = v["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/position");
    let sfen = "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R b N2p KQkq 10 7";
    let a = post(s.addr, &path, &json!({"text": sfen}));
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["sfen"], sfen);
    assert_eq!(v["hands"]["b"], json!([{"k": "N", "n": 1, "name": "骑兵"}]));
    assert_eq!(v["hands"]["w"][0]["n"], 2);
    assert_eq!(v["cooldowns"]["b"], 1);
    let pos = Position::from_sfen(sfen, LONGJIANG).unwrap();
    assert_eq!(legal_set(&v), library_set(&pos));
    assert!(
        v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["castle"] == true)
    );
    // A Fairy-Stockfish FEN.
    let fen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[Pp] w KQkq - 0 1";
    let a = post(s.addr, &path, &json!({"text": fen}));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["hands"]["b"][0]["k"], "P");
    // Bad ones: what and where, and the position stays.
    let a = post(
        s.addr,
        &path,
        &json!({"text": "rnbgqkgbnr/pppppppppp/10 b - KQkq 00 1"}),
    );
    assert_eq!(a.status, 400);
    assert!(
        a.json()["error"].as_str().unwrap().contains("3 ranks"),
        "{}",
        a.body
    );
    let a = post(
        s.addr,
        &path,
        &json!({"text": "10/10/10/10/10/10/10/10/10/10[x] w - - 0 1"}),
    );
    assert_eq!(a.status, 400);
    assert!(
        a.json()["error"].as_str().unwrap().starts_with("FEN"),
        "{}",
        a.body
    );
    let now = get(s.addr, &format!("/api/games/{id}")).json();
    assert_eq!(now["hands"]["b"][0]["k"], "P");
    s.shutdown();
}

#[test]
fn records_load_step_and_save() {
    let s = server(small());
    let v = new_game(s.addr, json!({"engine_side": "none"}));
    let id = v["id"].as_str().unwrap().to_string();
    let moves = [
        "f2f4", "e9e7", "f4f5", "e7e6", "f5e6", "f9f7", "e6f7", "g9g8", "f7g8+",
    ];
    let mut rec = GameRecord::new(longjiang_core::rules::Variant::Longjiang);
    let mut pos = Position::start(LONGJIANG);
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        rec.moves.push(mv);
        pos.play(mv);
    }
    rec.tags.push(("Black".into(), "Alice".into()));
    let text = rec.to_text().unwrap();
    let a = post(
        s.addr,
        &format!("/api/games/{id}/record"),
        &json!({"text": text}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v["cursor"], 0);
    assert_eq!(v["line"].as_array().unwrap().len(), moves.len());
    assert_eq!(v["line"][8]["zh"], "六Ｘ七八成");
    let v = post(s.addr, &format!("/api/games/{id}/goto"), &json!({"ply": 9})).json();
    assert_eq!(v["sfen"], pos.to_sfen());
    let saved = get(s.addr, &format!("/api/games/{id}/record")).json();
    let back = GameRecord::parse(saved["text"].as_str().unwrap()).unwrap();
    assert_eq!(back.moves, rec.moves);
    assert_eq!(back.tag("Black"), Some("Alice"));
    // A record with an illegal move: the line is named, the game stays.
    let bad = "1. 六四 五七\n2. 六六 五六\n*\n";
    let a = post(
        s.addr,
        &format!("/api/games/{id}/record"),
        &json!({"text": bad}),
    );
    assert_eq!(a.status, 400);
    let err = a.json()["error"].as_str().unwrap().to_string();
    assert!(err.contains("line 2") && err.contains("六六"), "{err}");
    assert_eq!(
        get(s.addr, &format!("/api/games/{id}")).json()["sfen"],
        pos.to_sfen()
    );
    s.shutdown();
}

#[test]
fn the_no_drop_game_offers_five_promotions() {
    let s = server(small());
    let v = new_game(
        s.addr,
        json!({"engine_side": "none", "variant": "longjiang-nodrop"}),
    );
    let id = v["id"].as_str().unwrap().to_string();
    let sfen = "5k4/1P8/10/10/10/10/10/10/10/5K4 b - - 00 1";
    let v = post(
        s.addr,
        &format!("/api/games/{id}/position"),
        &json!({"text": sfen}),
    )
    .json();
    let promos: BTreeSet<String> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "b9")
        .map(|m| m["promo"].as_str().unwrap_or("-").to_string())
        .collect();
    let want: BTreeSet<String> = ["R", "N", "B", "G", "Q"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(promos, want);
    let pos = Position::from_sfen(sfen, LONGJIANG_NODROP).unwrap();
    assert_eq!(legal_set(&v), library_set(&pos));
    let a = post(
        s.addr,
        &format!("/api/games/{id}/move"),
        &json!({"move": "b9b10q"}),
    )
    .json();
    let m = pos.parse_move("b9b10q").unwrap();
    assert_eq!(a["line"][0]["zh"], write_move(&pos, m));
    s.shutdown();
}

#[test]
fn engine_moves_one_search_at_a_time() {
    let s = server(small());
    let v = new_game(
        s.addr,
        json!({"engine_side": "w", "strength": {"kind": "movetime", "value": 1500}}),
    );
    let id = v["id"].as_str().unwrap().to_string();
    post(
        s.addr,
        &format!("/api/games/{id}/move"),
        &json!({"move": "f2f4"}),
    );
    let addr = s.addr;
    let path = format!("/api/games/{id}/engine");
    let thinking = std::thread::spawn(move || post(addr, &path, &json!({})));
    // Wait until the server says the engine is thinking, then ask again.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !get(s.addr, &format!("/api/games/{id}")).json()["thinking"]
        .as_bool()
        .unwrap()
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the engine never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let again = post(s.addr, &format!("/api/games/{id}/engine"), &json!({}));
    assert_eq!(again.status, 409, "{}", again.body);
    let moving = post(
        s.addr,
        &format!("/api/games/{id}/move"),
        &json!({"move": "f9f7"}),
    );
    assert_eq!(moving.status, 409, "{}", moving.body);
    let done = thinking.join().unwrap();
    assert_eq!(done.status, 200, "{}", done.body);
    let v = done.json();
    let line = v["line"].as_array().unwrap();
    assert_eq!(line.len(), 2);
    let mut pos = Position::start(LONGJIANG);
    pos.play(pos.parse_move("f2f4").unwrap());
    let reply = pos
        .parse_move(line[1]["m"].as_str().unwrap())
        .expect("a legal reply");
    assert_eq!(line[1]["zh"], write_move(&pos, reply));
    assert!(
        v["scores"][1].is_i64(),
        "the engine's score is kept for the graph"
    );
    s.shutdown();
}

#[test]
fn analysis_streams_lines_and_the_graph_scores_the_line() {
    let s = server(small());
    let v = new_game(s.addr, json!({"engine_side": "none"}));
    let id = v["id"].as_str().unwrap().to_string();
    post(
        s.addr,
        &format!("/api/games/{id}/move"),
        &json!({"move": "f2f4"}),
    );
    let a = post(
        s.addr,
        &format!("/api/games/{id}/analysis"),
        &json!({"on": true, "multipv": 2}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["analysing"], true);
    let got = wait_event(
        s.addr,
        &format!("/api/games/{id}/events"),
        Duration::from_secs(20),
        |v| {
            v["lines"]
                .as_array()
                .is_some_and(|l| l.len() == 2 && l[0]["depth"].as_u64() >= Some(4))
        },
    )
    .expect("two analysis lines of depth 4 or more");
    let mut pos = Position::start(LONGJIANG);
    pos.play(pos.parse_move("f2f4").unwrap());
    for line in got["lines"].as_array().unwrap() {
        let mut p = pos.clone();
        for (ascii, zh) in line["pv_ascii"]
            .as_array()
            .unwrap()
            .iter()
            .zip(line["pv"].as_array().unwrap())
        {
            let m = p.parse_move(ascii.as_str().unwrap()).expect("a legal PV");
            assert_eq!(zh.as_str().unwrap(), write_move(&p, m));
            p.play(m);
        }
    }
    // The stream read above is closed: with nobody watching, the analysis stops by itself.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while get(s.addr, &format!("/api/games/{id}")).json()["analysing"] == true {
        assert!(
            std::time::Instant::now() < deadline,
            "the analysis went on unwatched"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Started again and stopped by request.
    let a = post(
        s.addr,
        &format!("/api/games/{id}/analysis"),
        &json!({"on": true}),
    );
    assert_eq!(a.json()["analysing"], true);
    let a = post(
        s.addr,
        &format!("/api/games/{id}/analysis"),
        &json!({"on": false}),
    );
    assert_eq!(a.json()["analysing"], false);
    let v = post(
        s.addr,
        &format!("/api/games/{id}/graph"),
        &json!({"nodes": 500}),
    )
    .json();
    let scores = v["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 2);
    assert!(scores.iter().all(Value::is_i64), "{scores:?}");
    s.shutdown();
}

#[test]
fn games_are_capped_and_idle_ones_dropped() {
    let s = server(Config {
        max_games: 3,
        idle: Duration::from_millis(400),
        engines: 1,
        hash_mb: 1,
        ..Config::default()
    });
    let ids: Vec<String> = (0..3)
        .map(|_| {
            new_game(s.addr, json!({}))["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let full = post(s.addr, "/api/games", &json!({}));
    assert_eq!(full.status, 503, "{}", full.body);
    assert!(full.json()["error"].as_str().unwrap().contains("3 games"));
    std::thread::sleep(Duration::from_millis(1200));
    for id in &ids {
        assert_eq!(
            get(s.addr, &format!("/api/games/{id}")).status,
            404,
            "idle game dropped"
        );
    }
    assert_eq!(post(s.addr, "/api/games", &json!({})).status, 200);
    s.shutdown();
}
