//! One game on the web board: where it started, the line of moves, which ply is shown, who the
//! engine plays and how strong, and the scores learnt on the way. Every rule question goes to
//! the rules core (`Position`, the move generator, the notation module); this file only keeps
//! the line and turns positions into the JSON the page draws.

use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::fen::{parse_fen, write_fen};
use longjiang_core::notation::game_file::read_games;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::{parse_move, write_move};
use longjiang_core::rules::position::castle_bit;
use longjiang_core::rules::{Color, Move, PieceKind, Position, Rules, Variant};
use longjiang_engine::search::{Limits, Score};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The most plies a game may hold (a record longer than this is refused).
pub const MAX_PLIES: usize = 1000;

/// How long the engine searches a move: one limit per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Think this many milliseconds per move.
    Movetime(u64),
    /// Search about this many nodes per move.
    Nodes(u64),
    /// Search to this depth.
    Depth(u32),
}

/// How strong the engine plays: the limit of a move and the level (`Skill Level`, 0 … 20,
/// 20 the full engine; docs/levels.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The search's limit.
    pub limit: Limit,
    /// The level.
    pub level: u8,
}

impl Strength {
    /// The full engine thinking `ms` milliseconds a move.
    pub fn movetime(ms: u64) -> Strength {
        Strength {
            limit: Limit::Movetime(ms),
            level: longjiang_engine::search::skill::FULL,
        }
    }

    /// Reads `{"kind": "movetime"|"nodes"|"depth", "value": n, "level": 0…20}`, with each limit
    /// capped (60 s, 50 million nodes, depth 30); `level` defaults to 20.
    pub fn from_json(v: &Value) -> Result<Strength, String> {
        let kind = v.get("kind").and_then(Value::as_str).unwrap_or("movetime");
        let value = v
            .get("value")
            .and_then(Value::as_u64)
            .ok_or("strength.value must be a whole number")?;
        let full = longjiang_engine::search::skill::FULL;
        let level = match v.get("level") {
            None | Some(Value::Null) => full,
            Some(l) => l
                .as_u64()
                .filter(|&l| l <= u64::from(full))
                .map(|l| l as u8)
                .ok_or(format!("level must be a whole number 0 … {full}"))?,
        };
        let limit = match kind {
            "movetime" if (10..=60_000).contains(&value) => Limit::Movetime(value),
            "nodes" if (1..=50_000_000).contains(&value) => Limit::Nodes(value),
            "depth" if (1..=30).contains(&value) => Limit::Depth(value as u32),
            "movetime" => return Err("movetime must be 10 … 60000 ms".into()),
            "nodes" => return Err("nodes must be 1 … 50000000".into()),
            "depth" => return Err("depth must be 1 … 30".into()),
            other => {
                return Err(format!(
                    "unknown strength kind '{other}' (movetime, nodes or depth)"
                ));
            }
        };
        Ok(Strength { limit, level })
    }

    /// The search limits of one engine move.
    pub fn limits(self) -> Limits {
        let mut l = Limits::default();
        match self.limit {
            Limit::Movetime(ms) => l.movetime = Some(Duration::from_millis(ms)),
            Limit::Nodes(n) => l.nodes = Some(n),
            Limit::Depth(d) => l.depth = Some(d),
        }
        l
    }

    fn to_json(self) -> Value {
        let (kind, value) = match self.limit {
            Limit::Movetime(v) => ("movetime", v),
            Limit::Nodes(v) => ("nodes", v),
            Limit::Depth(v) => ("depth", u64::from(v)),
        };
        json!({"kind": kind, "value": value, "level": self.level})
    }
}

/// A side from the page's letters: `b` (first player), `w` (second), anything else none.
pub fn side_from(text: &str) -> Option<Color> {
    match text {
        "b" => Some(Color::Black),
        "w" => Some(Color::White),
        _ => None,
    }
}

fn side_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// A score from the first player's point of view as centipawns for the bar and the graph
/// (the one scale of [`Score::centipawns`]: a mate is ±`MATE` less its distance in plies), and
/// as text (`+0.35`; a mate in moves as chess GUIs write it: `#3` the first player mates in
/// three, `#-2` it is mated).
pub fn score_for_first(score: Score, to_move: Color) -> (i32, String) {
    let sign = if to_move == Color::Black { 1 } else { -1 };
    let v = score.centipawns() * sign;
    match score {
        Score::Cp(_) => (v, format!("{:+.2}", f64::from(v) / 100.0)),
        Score::Mate(n) => {
            let n = n * sign;
            let moves = (n.abs() + 1) / 2;
            (v, format!("#{}{moves}", if n < 0 { "-" } else { "" }))
        }
    }
}

/// A game held by the server.
pub struct WebGame {
    /// The game's rules (variant).
    pub rules: Rules,
    /// Where the line starts (no history).
    pub start: Position,
    /// The whole line of moves.
    pub moves: Vec<Move>,
    /// How many plies of the line are on the board now.
    pub cursor: usize,
    /// The side the engine plays, if any.
    pub engine_side: Option<Color>,
    /// The engine's strength.
    pub strength: Strength,
    /// Per position of the line (index = plies played), its score from the first player's view.
    pub scores: Vec<Option<i32>>,
    /// Tags kept from a loaded record (not `Result`/`Reason`).
    pub tags: Vec<(String, String)>,
    /// The result and reason of a loaded record, until the line changes.
    pub result: Option<(String, Option<String>)>,
    /// Whether an engine move is being searched.
    pub thinking: bool,
    /// Increases with every change of the line or the cursor; a search result for an older
    /// version is thrown away.
    pub version: u64,
    /// Last request that touched the game.
    pub last_used: Instant,
}

impl WebGame {
    /// A new game of `variant` from its start position.
    pub fn new(variant: Variant, engine_side: Option<Color>, strength: Strength) -> WebGame {
        let rules = variant.rules();
        WebGame {
            rules,
            start: Position::start(rules),
            moves: Vec::new(),
            cursor: 0,
            engine_side,
            strength,
            scores: vec![None],
            tags: Vec::new(),
            result: None,
            thinking: false,
            version: 0,
            last_used: Instant::now(),
        }
    }

    /// The position on the board (the start, then the first `cursor` moves).
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves[..self.cursor] {
            pos.play(m);
        }
        pos
    }

    fn changed(&mut self) {
        self.version += 1;
    }

    fn line_changed(&mut self) {
        self.result = None;
        self.scores.truncate(self.moves.len() + 1);
        self.scores.resize(self.moves.len() + 1, None);
        self.changed();
    }

    /// Plays a move given in ASCII (`f2f4`, `P*e5`, `e9e10+`) or in the record notation
    /// (`六四`). A move that is the line's next move keeps the rest of the line; any other
    /// replaces it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let m = if text.is_ascii() {
            pos.parse_move(text).map_err(|e| e.to_string())?
        } else {
            parse_move(&pos, text).map_err(|e| e.to_string())?
        };
        self.play(m)?;
        Ok(m)
    }

    /// Plays the legal move `m` at the cursor.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        if self.moves.get(self.cursor) == Some(&m) {
            self.cursor += 1;
            self.changed();
            return Ok(());
        }
        if self.cursor >= MAX_PLIES {
            return Err(format!("a game holds at most {MAX_PLIES} plies"));
        }
        self.moves.truncate(self.cursor);
        self.moves.push(m);
        self.cursor += 1;
        self.line_changed();
        Ok(())
    }

    /// Takes back `plies` moves for good (they leave the line).
    pub fn take_back(&mut self, plies: usize) -> Result<(), String> {
        if plies == 0 || plies > self.cursor {
            return Err(format!(
                "cannot take back {plies} move(s): {} played",
                self.cursor
            ));
        }
        self.cursor -= plies;
        self.moves.truncate(self.cursor);
        self.line_changed();
        Ok(())
    }

    /// Shows the position after `ply` plies of the line (stepping through a record).
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.moves.len() {
            return Err(format!(
                "ply {ply} is past the end of the line ({} plies)",
                self.moves.len()
            ));
        }
        self.cursor = ply;
        self.changed();
        Ok(())
    }

    /// Sets up a position from an SFEN or a Fairy-Stockfish FEN (a FEN is recognised by its
    /// bracketed hand or by failing as an SFEN). On error the game is unchanged.
    pub fn set_position(&mut self, text: &str, variant: Variant) -> Result<(), String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("the position text is empty".into());
        }
        let rules = variant.rules();
        let pos = if text.contains('[') {
            parse_fen(text, rules).map_err(|e| format!("FEN: {e}"))?
        } else {
            match Position::from_sfen(text, rules) {
                Ok(p) => p,
                Err(sfen_err) => match parse_fen(text, rules) {
                    Ok(p) => p,
                    Err(_) => return Err(format!("SFEN: {sfen_err}")),
                },
            }
        };
        self.rules = rules;
        self.start = pos;
        self.moves.clear();
        self.cursor = 0;
        self.tags.clear();
        self.line_changed();
        Ok(())
    }

    /// Loads the first game of a record text (the engine's records, PGN or KIF, told apart as
    /// `longjiang record` does); the board shows its start, ready to step through, and the
    /// engine plays neither side. On error the game is unchanged.
    pub fn load_record(&mut self, text: &str) -> Result<usize, String> {
        let games = read_games(text)?;
        let Some(rec) = games.into_iter().next() else {
            return Err("no game in the text".into());
        };
        if rec.moves.len() > MAX_PLIES {
            return Err(format!("a game holds at most {MAX_PLIES} plies"));
        }
        let rules = rec.rules().map_err(|e| e.to_string())?;
        let start = rec.start_position().map_err(|e| e.to_string())?;
        self.rules = rules;
        self.start = start;
        self.moves = rec.moves.clone();
        self.cursor = 0;
        // A record is loaded to be replayed and analysed: the engine plays no side of it.
        self.engine_side = None;
        self.line_changed();
        self.result = rec
            .tag("Result")
            .map(|r| (r.to_string(), rec.tag("Reason").map(str::to_string)));
        self.tags = rec
            .tags
            .into_iter()
            .filter(|(k, _)| k != "Result" && k != "Reason")
            .collect();
        Ok(self.moves.len())
    }

    /// The whole line as a record (protocol.md's format), with the result of the final
    /// position when the game is over.
    pub fn record_text(&self) -> Result<String, String> {
        let mut rec = GameRecord::new(self.rules.variant);
        if self.start.to_sfen() != Position::start(self.rules).to_sfen() {
            rec.start_sfen = Some(self.start.to_sfen());
        }
        rec.moves = self.moves.clone();
        let name = |c: Color| {
            if self.engine_side == Some(c) {
                concat!("longjiang ", env!("CARGO_PKG_VERSION"))
            } else {
                "player"
            }
        };
        rec.tags = self.tags.clone();
        for (key, color) in [("Black", Color::Black), ("White", Color::White)] {
            if rec.tag(key).is_none() {
                rec.tags.push((key.into(), name(color).into()));
            }
        }
        let mut end = self.start.clone();
        for &m in &self.moves {
            end.play(m);
        }
        let (result, reason) = match end.outcome() {
            Some(o) => (o.result_token().to_string(), Some(o.reason().to_string())),
            None => self.result.clone().unwrap_or(("*".into(), None)),
        };
        rec.tags.push(("Result".into(), result));
        if let Some(r) = reason {
            rec.tags.push(("Reason".into(), r));
        }
        rec.to_text().map_err(|e| e.to_string())
    }

    /// Everything the page draws, as JSON: board, hands, cooldowns, castling rights, the
    /// legal moves (from the move generator), the line in both notations, the outcome.
    pub fn view(&self, id: &str, analysing: bool) -> Value {
        let pos = self.position();
        let board: Vec<Value> = longjiang_core::geometry::Square::all()
            .filter_map(|sq| {
                pos.piece_at(sq).map(|p| {
                    json!({"sq": sq.to_string(), "c": side_letter(p.color),
                           "k": kind_code(p.kind), "name": p.kind.full_name(p.color)})
                })
            })
            .collect();
        let hand = |c: Color| -> Vec<Value> {
            PieceKind::HAND_ORDER
                .iter()
                .filter(|&&k| pos.hand(c).count(k) > 0)
                .map(|&k| json!({"k": kind_code(k), "n": pos.hand(c).count(k), "name": k.full_name(c)}))
                .collect()
        };
        let castling = |c: Color| {
            json!({"k": pos.castling_rights() & castle_bit(c, 0) != 0,
                   "q": pos.castling_rights() & castle_bit(c, 1) != 0})
        };
        let outcome = pos.outcome();
        let legal: Vec<Value> = if outcome.is_some() {
            Vec::new()
        } else {
            legal_moves(&pos)
                .iter()
                .map(|&m| {
                    json!({"m": m.to_string(), "zh": write_move(&pos, m),
                           "from": m.from().map(|s| s.to_string()),
                           "drop": m.drop_kind().map(kind_code), "to": m.to().to_string(),
                           "promo": m.promotion_kind().map(kind_code), "castle": m.is_castle()})
                })
                .collect()
        };
        let mut walk = self.start.clone();
        let line: Vec<Value> = self
            .moves
            .iter()
            .map(|&m| {
                let v = json!({"m": m.to_string(), "zh": write_move(&walk, m),
                               "side": side_letter(walk.side_to_move())});
                walk.play(m);
                v
            })
            .collect();
        json!({
            "id": id,
            "variant": self.rules.variant.name(),
            "drops": self.rules.drops,
            "sfen": pos.to_sfen(),
            "fen": write_fen(&pos),
            "side": side_letter(pos.side_to_move()),
            "move_number": pos.move_number(),
            "in_check": pos.in_check(),
            "board": board,
            "hands": {"b": hand(Color::Black), "w": hand(Color::White)},
            "cooldowns": {"b": pos.cooldown(Color::Black), "w": pos.cooldown(Color::White)},
            "castling": {"b": castling(Color::Black), "w": castling(Color::White)},
            "legal": legal,
            "line": line,
            "cursor": self.cursor,
            "start_side": side_letter(self.start.side_to_move()),
            "start_number": self.start.move_number(),
            "last": self.cursor.checked_sub(1).map(|i| {
                let m = self.moves[i];
                json!({"from": m.from().map(|s| s.to_string()), "to": m.to().to_string()})
            }),
            "outcome": outcome.map(|o| json!({"result": o.result_token(), "text": o.to_string()})),
            "engine_side": self.engine_side.map(side_letter),
            "strength": self.strength.to_json(),
            "thinking": self.thinking,
            "analysing": analysing,
            "scores": self.scores,
        })
    }
}

/// The page's code of a kind: its letter, `+P` for the 枪兵.
pub fn kind_code(k: PieceKind) -> String {
    match k.letter() {
        Some(c) => c.to_string(),
        None => "+P".into(),
    }
}
