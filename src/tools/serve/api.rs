//! The HTTP interface: the page's files, and a JSON API under `/api/games`. Every request
//! body must be declared `application/json`, is read as raw bytes (capped), parsed as a JSON
//! object here, and every field checked;
//! an error is `{"error": "…"}` with a 4xx (or 5xx) status and changes nothing. The page never judges a
//! rule: every answer that changes a game carries the new view, legal moves included.
//!
//! | method and path | body | does |
//! |---|---|---|
//! | `POST /api/games` | `{variant, engine_side, strength}` | a new game |
//! | `GET /api/games/{id}` | | the view |
//! | `POST …/move` | `{move}` (ASCII or 记录法) | plays it |
//! | `POST …/engine` | | the engine plays a move |
//! | `POST …/undo` | `{plies}` | takes moves back |
//! | `POST …/goto` | `{ply}` | shows that ply of the line |
//! | `POST …/settings` | `{engine_side, strength}` | who the engine plays, how strong |
//! | `POST …/position` | `{text, variant}` | SFEN or Fairy-Stockfish FEN |
//! | `POST …/record` / `GET …/record` | `{text}` | loads / saves a game record |
//! | `POST …/analysis` | `{on, multipv}` | starts or stops infinite analysis |
//! | `GET …/events` | | the analysis as server-sent events; it stops when its last stream closes |
//! | `POST …/graph` | `{nodes}` | scores every position of the line |

use super::analysis::{self, MAX_LINES, Refusal};
use super::game::{Strength, WebGame, side_from};
use super::store::{GameEntry, Store, lock};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use longjiang_core::notation::game_file::read_games;
use longjiang_core::rules::{Front, Variant};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The largest request body accepted, in bytes (a long game record fits easily).
pub const MAX_BODY: usize = 256 * 1024;

type App = Arc<Store>;

/// A failed request: status and message.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_response(self.0, &json!({"error": self.1}))
    }
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

fn conflict(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::CONFLICT, msg.into())
}

fn busy(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::SERVICE_UNAVAILABLE, msg.into())
}

/// A refused search's answer: 400, 409, 503 or 500 as protocol.md lists them.
fn refused(r: Refusal) -> ApiError {
    match r {
        Refusal::Bad(m) => bad(m),
        Refusal::Conflict(m) => conflict(m),
        Refusal::Busy(m) => busy(m),
        Refusal::Internal(m) => ApiError(StatusCode::INTERNAL_SERVER_ERROR, m),
    }
}

fn json_response(status: StatusCode, v: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        v.to_string(),
    )
        .into_response()
}

type ApiReply = Result<Response, ApiError>;

/// Parses a body that must be a JSON object (an empty body is an empty object).
fn object(body: &Bytes) -> Result<Map<String, Value>, ApiError> {
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(bad("the request body must be a JSON object")),
        Err(e) => Err(bad(format!("the request body is not JSON: {e}"))),
    }
}

fn too_large() -> ApiError {
    ApiError(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is over {MAX_BODY} bytes"),
    )
}

fn text_field<'a>(m: &'a Map<String, Value>, key: &str, max: usize) -> Result<&'a str, ApiError> {
    let s = m
        .get(key)
        .ok_or_else(|| bad(format!("'{key}' is missing")))?
        .as_str()
        .ok_or_else(|| bad(format!("'{key}' must be a string")))?;
    if s.len() > max {
        return Err(bad(format!("'{key}' is longer than {max} bytes")));
    }
    Ok(s)
}

fn uint_field(m: &Map<String, Value>, key: &str, default: u64) -> Result<u64, ApiError> {
    match m.get(key) {
        None => Ok(default),
        Some(v) => v
            .as_u64()
            .ok_or_else(|| bad(format!("'{key}' must be a whole number ≥ 0"))),
    }
}

fn variant_field(m: &Map<String, Value>, default: Variant) -> Result<Variant, ApiError> {
    match m.get("variant") {
        None => Ok(default),
        Some(Value::String(s)) => served(s.parse().map_err(|e| bad(format!("variant: {e}")))?),
        Some(_) => Err(bad("'variant' must be a string")),
    }
}

/// The board draws the games it is served only (the two 龙将棋 games): another game is refused
/// (`tests/serve_newuser.rs`).
fn served(v: Variant) -> Result<Variant, ApiError> {
    if v.rules().presentation.is_served_by(Front::Web) {
        Ok(v)
    } else {
        let names: Vec<&str> = Variant::served_by(Front::Web).map(Variant::name).collect();
        Err(bad(format!(
            "variant: the web board plays {}, not {v} (play {v} in a USI GUI)",
            names.join(" and ")
        )))
    }
}

fn engine_side_field(
    m: &Map<String, Value>,
) -> Result<Option<Option<longjiang_core::rules::Color>>, ApiError> {
    match m.get("engine_side") {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if matches!(s.as_str(), "b" | "w" | "none") => {
            Ok(Some(side_from(s)))
        }
        Some(_) => Err(bad("'engine_side' must be \"b\", \"w\" or \"none\"")),
    }
}

fn strength_field(m: &Map<String, Value>) -> Result<Option<Strength>, ApiError> {
    m.get("strength")
        .map(|v| Strength::from_json(v).map_err(|e| bad(format!("strength: {e}"))))
        .transpose()
}

fn entry(app: &App, id: &str) -> Result<Arc<GameEntry>, ApiError> {
    app.get(id).ok_or_else(|| {
        ApiError(
            StatusCode::NOT_FOUND,
            format!("no game '{id}' (it may have been dropped after being idle)"),
        )
    })
}

fn view(id: &str, e: &GameEntry) -> Response {
    let analysing = e.analysing();
    let v = lock(&e.game).view(id, analysing);
    json_response(StatusCode::OK, &v)
}

async fn create(State(app): State<App>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let variant = variant_field(&m, Variant::DEFAULT)?;
    let side = engine_side_field(&m)?.unwrap_or(None);
    let strength = strength_field(&m)?.unwrap_or(Strength::movetime(1000));
    let (id, e) = app
        .insert(WebGame::new(variant, side, strength))
        .map_err(busy)?;
    Ok(view(&id, &e))
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> ApiReply {
    let e = entry(&app, &id)?;
    Ok(view(&id, &e))
}

/// Applies `change` to the game (refused while the engine thinks), restarts a running
/// analysis on the new position, and answers the view.
async fn change<F>(app: &App, id: &str, change: F) -> ApiReply
where
    F: FnOnce(&mut WebGame) -> Result<(), String>,
{
    let e = entry(app, id)?;
    {
        let mut g = lock(&e.game);
        if g.thinking {
            return Err(conflict(
                "the engine is searching for this game; wait for it",
            ));
        }
        change(&mut g).map_err(bad)?;
    }
    analysis::follow(app, &e).await;
    Ok(view(id, &e))
}

async fn play(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let text = text_field(&m, "move", 64)?.trim().to_string();
    change(&app, &id, |g| g.play_text(&text).map(|_| ())).await
}

async fn undo(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let plies = uint_field(&m, "plies", 1)? as usize;
    change(&app, &id, |g| g.take_back(plies)).await
}

async fn goto(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let ply = uint_field(&m, "ply", 0)? as usize;
    change(&app, &id, |g| g.goto(ply)).await
}

async fn settings(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let side = engine_side_field(&m)?;
    let strength = strength_field(&m)?;
    let e = entry(&app, &id)?;
    {
        let mut g = lock(&e.game);
        if let Some(s) = side {
            g.engine_side = s;
        }
        if let Some(s) = strength {
            g.strength = s;
        }
    }
    Ok(view(&id, &e))
}

async fn position(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let text = text_field(&m, "text", 1024)?.to_string();
    let current = entry(&app, &id)?
        .game
        .lock()
        .map(|g| g.rules.variant)
        .unwrap_or(Variant::DEFAULT);
    let variant = variant_field(&m, current)?;
    change(&app, &id, |g| g.set_position(&text, variant)).await
}

async fn load_record(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let text = text_field(&m, "text", MAX_BODY)?.to_string();
    let game = read_games(&text).ok().and_then(|g| g.into_iter().next());
    if let Some(rec) = game {
        served(rec.variant)?;
    }
    change(&app, &id, |g| g.load_record(&text).map(|_| ())).await
}

async fn save_record(State(app): State<App>, Path(id): Path<String>) -> ApiReply {
    let e = entry(&app, &id)?;
    let text = lock(&e.game).record_text().map_err(bad)?;
    Ok(json_response(StatusCode::OK, &json!({"text": text})))
}

async fn engine(State(app): State<App>, Path(id): Path<String>) -> ApiReply {
    let e = entry(&app, &id)?;
    analysis::engine_move(Arc::clone(&app), Arc::clone(&e))
        .await
        .map_err(refused)?;
    Ok(view(&id, &e))
}

async fn analyse(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let on = match m.get("on") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("'on' must be true or false")),
    };
    let multipv = uint_field(&m, "multipv", 1)?;
    if !(1..=MAX_LINES as u64).contains(&multipv) {
        return Err(bad(format!("'multipv' must be 1 … {MAX_LINES}")));
    }
    let e = entry(&app, &id)?;
    if on {
        analysis::start_analysis(&app, &e, multipv as usize)
            .await
            .map_err(refused)?;
    } else {
        analysis::stop_analysis(&e);
    }
    Ok(view(&id, &e))
}

async fn graph(State(app): State<App>, Path(id): Path<String>, body: Bytes) -> ApiReply {
    let m = object(&body)?;
    let nodes = uint_field(&m, "nodes", 3000)?;
    if !(1..=200_000).contains(&nodes) {
        return Err(bad("'nodes' must be 1 … 200000"));
    }
    let e = entry(&app, &id)?;
    analysis::graph(Arc::clone(&app), Arc::clone(&e), nodes)
        .await
        .map_err(refused)?;
    Ok(view(&id, &e))
}

/// One page's view of a game's analysis stream. When the last one goes away (a closed tab)
/// the analysis stops, so that nobody keeps an engine busy for nothing.
struct Watcher {
    rx: Option<tokio::sync::watch::Receiver<Arc<str>>>,
    entry: Arc<GameEntry>,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        drop(self.rx.take());
        if self.entry.events.receiver_count() == 0 {
            analysis::stop_analysis(&self.entry);
        }
    }
}

async fn events(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let e = entry(&app, &id)?;
    let watcher = Watcher {
        rx: Some(e.events.subscribe()),
        entry: Arc::clone(&e),
    };
    let stream = futures_util::stream::unfold((watcher, true), |(mut w, first)| async move {
        let rx = w.rx.as_mut()?;
        if !first && rx.changed().await.is_err() {
            return None;
        }
        let data = rx.borrow_and_update().to_string();
        w.entry.touch();
        Some((
            Ok::<Event, std::convert::Infallible>(Event::default().data(data)),
            (w, false),
        ))
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

/// Refuses a POST whose body is not declared as JSON. Besides checking the input, this keeps
/// other web sites out: a page elsewhere can send a plain-text POST to this server unasked,
/// but a JSON one only after a CORS preflight, which this server never grants.
async fn json_only(req: Request, next: Next) -> Response {
    if req.method() == Method::POST {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim_start().starts_with("application/json"));
        if !json {
            return ApiError(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a request body must be sent as application/json".into(),
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// Gives every error the `{"error": …}` body, also those the router and the body extractor
/// make themselves (405 with an empty body, 413 in plain text).
async fn json_errors(req: Request, next: Next) -> Response {
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large().1,
        StatusCode::METHOD_NOT_ALLOWED => format!("{method} is not allowed on {path}"),
        _ => {
            let body = axum::body::to_bytes(res.into_body(), 4096)
                .await
                .unwrap_or_default();
            let text = String::from_utf8_lossy(&body).trim().to_string();
            if text.is_empty() {
                status.canonical_reason().unwrap_or("error").to_string()
            } else {
                text
            }
        }
    };
    ApiError(status, message).into_response()
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// The router: the page's files and the API.
pub fn router(store: Arc<Store>) -> Router {
    let api = Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/engine", post(engine))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/goto", post(goto))
        .route("/api/games/{id}/settings", post(settings))
        .route("/api/games/{id}/position", post(position))
        .route("/api/games/{id}/record", post(load_record).get(save_record))
        .route("/api/games/{id}/analysis", post(analyse))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/graph", post(graph));
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", super::web::INDEX) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", super::web::STYLE) }),
        )
        .route(
            "/board.js",
            get(|| async { asset("text/javascript; charset=utf-8", super::web::BOARD) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", super::web::APP) }),
        )
        .merge(api)
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(axum::middleware::from_fn(json_only))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(json_errors))
        .with_state(store)
}
