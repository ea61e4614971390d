//! The searches a game asks for: an engine move, an evaluation graph over the line, and
//! infinite analysis with MultiPV lines streamed to the page. Each borrows an engine from the
//! pool; a game runs at most one of them at a time.
//!
//! The engine's listener runs on the search thread and never takes the game's lock (stopping
//! an analysis waits for the search thread while the caller may hold it); it only formats the
//! report and hands it to the game's watch channel.

use super::game::{WebGame, score_for_first};
use super::store::{GameEntry, Store, lock};
use longjiang_core::notation::write_move;
use longjiang_core::rules::{Move, Position};
use longjiang_engine::search::skill::Skill;
use longjiang_engine::search::value::{MATE, MATE_IN_MAX_PLY, MATED_IN_MAX_PLY};
use longjiang_engine::search::{Limits, SearchEvent, SearchInfo, engine::listener};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

/// The most MultiPV lines the page may ask for.
pub const MAX_LINES: usize = 10;

/// Why a search was not made; the API answers each with its own status (protocol.md).
#[derive(Debug)]
pub enum Refusal {
    /// Nothing to search here (the game is over, no legal move): 400.
    Bad(String),
    /// A search is running for this game, or the game changed meanwhile: 409.
    Conflict(String),
    /// No engine free in time: 503.
    Busy(String),
    /// A failure inside the server: 500.
    Internal(String),
}

fn internal(what: &str) -> Refusal {
    Refusal::Internal(format!("{what} failed (internal)"))
}

/// The PV in the record notation and in ASCII, played out from `root`.
fn pv_texts(root: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut pos = root.clone();
    let mut zh = Vec::with_capacity(pv.len());
    let mut ascii = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        zh.push(write_move(&pos, m));
        ascii.push(m.to_string());
        pos.play(m);
    }
    (zh, ascii)
}

fn line_json(root: &Position, info: &SearchInfo) -> Value {
    let (cp, text) = score_for_first(info.score, root.side_to_move());
    let (zh, ascii) = pv_texts(root, &info.pv);
    json!({"multipv": info.multipv, "depth": info.depth, "seldepth": info.seldepth,
           "score": text, "cp": cp, "mate": info.score.is_mate(),
           "nodes": info.nodes, "nps": info.nps, "time_ms": info.time.as_millis() as u64,
           "pv": zh, "pv_ascii": ascii})
}

/// Stops the game's analysis, if one runs (its engine goes back to the pool) and tells the
/// stream.
pub fn stop_analysis(entry: &GameEntry) {
    let lease = lock(&entry.analysis).take();
    if lease.is_some() {
        drop(lease);
        let last = entry.events.borrow().to_string();
        let mut v: Value = serde_json::from_str(&last).unwrap_or_else(|_| json!({}));
        v["running"] = json!(false);
        entry.events.send_replace(Arc::from(v.to_string()));
    }
}

/// Starts infinite analysis of the position on the board with `multipv` lines (an analysis
/// already running is replaced). Refused while the engine thinks about a move.
/// An analysis that no page streams stops by itself after [`super::Config::unwatched`]
/// (`tests/serve_newuser.rs`).
pub async fn start_analysis(
    store: &Store,
    entry: &Arc<GameEntry>,
    multipv: usize,
) -> Result<(), Refusal> {
    let (pos, ply, version) = {
        let g = lock(&entry.game);
        if g.thinking {
            return Err(Refusal::Conflict(
                "the engine is thinking about a move; wait for it".into(),
            ));
        }
        (g.position(), g.cursor, g.version)
    };
    stop_analysis(entry);
    if !longjiang_core::movegen::has_legal_move(&pos) {
        return Err(Refusal::Bad(
            "no legal move here (checkmate or stalemate): nothing to analyse".into(),
        ));
    }
    let mut lease = store.pool.take().await.map_err(Refusal::Busy)?;
    let lines: Arc<Mutex<Vec<Value>>> = Arc::new(Mutex::new(Vec::new()));
    let tx = entry.events.clone();
    let root = pos.clone();
    let n = multipv.clamp(1, MAX_LINES);
    let sfen = pos.to_sfen();
    tx.send_replace(Arc::from(
        json!({"lines": [], "running": true, "ply": ply, "version": version, "sfen": sfen})
            .to_string(),
    ));
    let report = listener(move |event: &SearchEvent| {
        if matches!(event, SearchEvent::RootMove { .. }) {
            return;
        }
        let mut lines = lock(&lines);
        let running = match event {
            SearchEvent::Info(info) => {
                let k = (info.multipv as usize).clamp(1, MAX_LINES) - 1;
                if lines.len() <= k {
                    lines.resize(k + 1, Value::Null);
                }
                lines[k] = line_json(&root, info);
                true
            }
            SearchEvent::BestMove { .. } | SearchEvent::RootMove { .. } => false,
            SearchEvent::Stats(_) => return,
        };
        let shown: Vec<&Value> = lines.iter().filter(|v| !v.is_null()).collect();
        tx.send_replace(Arc::from(
            json!({"lines": shown, "running": running, "ply": ply, "version": version,
                   "sfen": sfen})
            .to_string(),
        ));
    });
    let engine = lease.engine();
    engine.set_multipv(n);
    engine.set_position(pos);
    engine.start(
        Limits {
            infinite: true,
            ..Limits::default()
        },
        report,
    );
    // Another request may have started one meanwhile; the older one stops as it drops.
    let old = lock(&entry.analysis).replace(lease);
    drop(old);
    let watched = Arc::clone(entry);
    let grace = store.config.unwatched;
    tokio::spawn(async move {
        tokio::time::sleep(grace).await;
        if watched.events.receiver_count() == 0 {
            stop_analysis(&watched);
        }
    });
    Ok(())
}

/// Restarts a running analysis on the position now on the board (after a move, a take-back
/// or a step through the line).
pub async fn follow(store: &Store, entry: &Arc<GameEntry>) {
    if entry.analysing() {
        let multipv = {
            let v: Value = serde_json::from_str(&entry.events.borrow()).unwrap_or(json!({}));
            v["lines"].as_array().map_or(1, |a| a.len().max(1))
        };
        let _ = start_analysis(store, entry, multipv).await;
    }
}

/// Marks the game as searching, or says why it cannot search now.
fn begin_search(g: &mut WebGame) -> Result<(), Refusal> {
    if g.thinking {
        return Err(Refusal::Conflict(
            "the engine is already searching for this game".into(),
        ));
    }
    g.thinking = true;
    Ok(())
}

/// The engine plays one move in the position on the board, at the game's strength. The
/// search runs in a task of its own, so that a client that goes away does not leave the game
/// marked as thinking.
pub async fn engine_move(store: Arc<Store>, entry: Arc<GameEntry>) -> Result<String, Refusal> {
    let task = tokio::spawn(async move {
        let (pos, version, strength) = {
            let mut g = lock(&entry.game);
            let pos = g.position();
            if let Some(o) = pos.outcome() {
                return Err(Refusal::Bad(format!("the game is over ({o})")));
            }
            begin_search(&mut g)?;
            (pos, g.version, g.strength)
        };
        stop_analysis(&entry);
        let searched = async {
            let mut lease = store.pool.take().await.map_err(Refusal::Busy)?;
            let root = pos.clone();
            tokio::task::spawn_blocking(move || {
                let e = lease.engine();
                e.set_position(root);
                // The game's level, for this move only (the lease puts level 20 back).
                e.set_skill(Skill::level(strength.level, 0));
                e.search_sync(strength.limits())
            })
            .await
            .map_err(|_| internal("the search"))
        }
        .await;
        let mut g = lock(&entry.game);
        g.thinking = false;
        let result = searched?;
        if g.version != version {
            return Err(Refusal::Conflict(
                "the position changed while the engine was thinking".into(),
            ));
        }
        let best = result.best.ok_or_else(|| internal("the engine's move"))?;
        let text = write_move(&pos, best);
        let ply = g.cursor;
        g.play(best).map_err(Refusal::Bad)?;
        // The score is the searched position's, and (a mate one ply nearer) the position its
        // move leads to: the one the page now shows.
        let score = score_for_first(result.score, pos.side_to_move()).0;
        for (at, value) in [(ply, score), (ply + 1, one_ply_on(score))] {
            if let Some(slot) = g.scores.get_mut(at) {
                *slot = Some(value);
            }
        }
        Ok(text)
    });
    task.await.map_err(|_| internal("the engine move"))?
}

/// A score of the one scale ([`longjiang_engine::search::Score::centipawns`]) one ply further along its line: a mate
/// is one ply nearer.
fn one_ply_on(score: i32) -> i32 {
    match score {
        s if s >= MATE_IN_MAX_PLY => (s + 1).min(MATE),
        s if s <= MATED_IN_MAX_PLY => (s - 1).max(-MATE),
        s => s,
    }
}

/// Scores every position of the line with a search of `nodes` nodes each (from the first
/// player's view) and stores them as the game's evaluation graph.
pub async fn graph(store: Arc<Store>, entry: Arc<GameEntry>, nodes: u64) -> Result<(), Refusal> {
    let task = tokio::spawn(async move {
        let (start, moves) = {
            let mut g = lock(&entry.game);
            begin_search(&mut g)?;
            (g.start.clone(), g.moves.clone())
        };
        let line = moves.clone();
        stop_analysis(&entry);
        let scored = async {
            let mut lease = store.pool.take().await.map_err(Refusal::Busy)?;
            tokio::task::spawn_blocking(move || {
                let mut pos = start;
                let mut scores = Vec::with_capacity(moves.len() + 1);
                for i in 0..=moves.len() {
                    scores.push(Some(position_score(lease.engine(), &pos, nodes)));
                    if let Some(&m) = moves.get(i) {
                        pos.play(m);
                    }
                }
                scores
            })
            .await
            .map_err(|_| internal("the search"))
        }
        .await;
        let mut g = lock(&entry.game);
        g.thinking = false;
        let scores = scored?;
        if g.moves != line {
            return Err(Refusal::Conflict(
                "the line changed while the graph was computed".into(),
            ));
        }
        g.scores = scores;
        Ok(())
    });
    task.await.map_err(|_| internal("the evaluation graph"))?
}

/// One position's score for the graph: the game's result where it is over, else a short
/// search.
fn position_score(
    engine: &mut longjiang_engine::search::Engine,
    pos: &Position,
    nodes: u64,
) -> i32 {
    if let Some(o) = pos.outcome() {
        return match o.winner() {
            Some(longjiang_core::rules::Color::Black) => MATE,
            Some(longjiang_core::rules::Color::White) => -MATE,
            None => 0,
        };
    }
    engine.set_position(pos.clone());
    let r = engine.search_sync(Limits {
        nodes: Some(nodes),
        ..Limits::default()
    });
    score_for_first(r.score, pos.side_to_move()).0
}
