//! `Board`: one position of one game with its move stack, over the rules core
//! (`longjiang_core::rules`, `longjiang_core::movegen`). Every text goes through the engine's own
//! parsers, so errors carry the engine's messages.

use crate::py_move::{MoveArg, PyMove, find_shared, move_arg, text_list};
use longjiang_core::movegen::{MAX_PERFT_DEPTH, legal_moves, perft};
use longjiang_core::notation::fen::{parse_fen, write_fen};
use longjiang_core::notation::san::{SanForm, parse_san, write_san};
use longjiang_core::notation::words;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::outcome::EndReason;
use longjiang_core::rules::{Color, Move, Outcome, Position, Variant};
use longjiang_engine::protocol::board;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A position of 龙将棋 (with or without drops) or shogi, and the moves pushed on it.
#[pyclass(module = "longjiang", name = "Board")]
#[derive(Clone)]
pub struct PyBoard {
    pub(crate) variant: Variant,
    pub(crate) pos: Position,
    pub(crate) stack: Vec<Move>,
    /// The legal moves `legal_moves` last listed, while the position has not changed since
    /// (empty otherwise): `push` finds a listed string among them without parsing it.
    listed: Vec<Move>,
}

/// A `ValueError` carrying `e`'s message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The SAN spelling a name stands for: `standard` (Fairy-Stockfish's) or `xboard`.
fn san_form(name: &str) -> PyResult<SanForm> {
    name.parse::<SanForm>().map_err(value_error)
}

/// The variant a name stands for (the engine's names: `longjiang`, `longjiang-nodrop`,
/// `shogi`).
pub(crate) fn parse_variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(value_error)
}

impl PyBoard {
    /// A board of `variant` on `pos`, with an empty stack.
    pub(crate) fn on(variant: Variant, pos: Position) -> PyBoard {
        PyBoard {
            variant,
            pos,
            stack: Vec::new(),
            listed: Vec::new(),
        }
    }

    /// Plays the legal move `m`.
    pub(crate) fn play(&mut self, m: Move) {
        self.pos.play(m);
        self.stack.push(m);
        self.listed.clear();
    }

    /// Reads an ASCII move and checks it is legal (the engine's message when not).
    pub(crate) fn parse(&self, text: &str) -> PyResult<Move> {
        self.pos.parse_move(text).map_err(value_error)
    }

    /// The legal move a `str` or `Move` argument stands for: a `Move` of this game's form
    /// that is legal here as it is, anything else read as text (the engine's message).
    pub(crate) fn resolve(&self, arg: &Bound<'_, PyAny>) -> PyResult<Move> {
        let form = self.pos.rules().text;
        if let Some(m) = find_shared(arg, &self.listed, form) {
            return Ok(m);
        }
        match move_arg(arg)? {
            MoveArg::Object(m, f) if f == form && self.pos.is_legal(m) => Ok(m),
            MoveArg::Object(m, f) => self.parse(&move_text(m, f)),
            MoveArg::Text(t) => self.parse(&t),
        }
    }
}

/// How a game ended: `winner` (0 first player, 1 second, `None` for a draw) and `reason`.
#[pyclass(module = "longjiang", name = "Outcome", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyOutcome {
    /// 0 (the first player), 1 (the second) or `None` (a draw).
    #[pyo3(get)]
    winner: Option<usize>,
    /// `checkmate`, `stalemate`, `repetition`, `perpetual check` or `declaration`.
    #[pyo3(get)]
    reason: String,
}

#[pymethods]
impl PyOutcome {
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| w.to_string());
        format!("Outcome(winner={winner}, reason={:?})", self.reason)
    }
}

impl PyOutcome {
    fn from_core(o: Outcome) -> PyOutcome {
        PyOutcome {
            winner: o.winner().map(Color::index),
            reason: o.reason().to_string(),
        }
    }
}

#[pymethods]
impl PyBoard {
    /// `Board(variant="longjiang", sfen=None, fen=None)`: the start position, an SFEN, or a
    /// Fairy-Stockfish FEN of the game.
    #[new]
    #[pyo3(signature = (variant = "longjiang", sfen = None, fen = None))]
    fn new(variant: &str, sfen: Option<&str>, fen: Option<&str>) -> PyResult<PyBoard> {
        let v = parse_variant(variant)?;
        let pos = match (sfen, fen) {
            (Some(_), Some(_)) => return Err(value_error("give sfen or fen, not both")),
            (Some(s), None) => Position::from_sfen(s, v.rules())
                .map_err(|e| value_error(format!("bad SFEN: {e}")))?,
            (None, Some(f)) => parse_fen(f, v.rules()).map_err(value_error)?,
            (None, None) => Position::start(v.rules()),
        };
        Ok(PyBoard::on(v, pos))
    }

    /// The game's name: `longjiang`, `longjiang-nodrop` or `shogi`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name()
    }

    /// The side to move: 0 for the first player (SFEN `b`), 1 for the second (`w`).
    #[getter]
    fn turn(&self) -> usize {
        self.pos.side_to_move().index()
    }

    /// The SFEN move number.
    #[getter]
    fn move_number(&self) -> u32 {
        self.pos.move_number()
    }

    /// The moves pushed since the board was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        let form = self.pos.rules().text;
        self.stack.iter().map(|&m| PyMove::new(m, form)).collect()
    }

    /// The legal moves as text: USI in shogi (`7g7f`, `P*5e`), RULES.md's ASCII in 龙将棋
    /// (`f2f4`, `e9e10+`, `P*e5`).
    #[getter]
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = legal_moves(&self.pos);
        self.listed.clear();
        self.listed.extend_from_slice(&moves);
        text_list(py, &self.listed, self.pos.rules().text)
    }

    /// The legal moves as `Move` objects.
    fn legal_move_objects(&self) -> Vec<PyMove> {
        legal_moves(&self.pos)
            .iter()
            .map(|&m| PyMove::new(m, self.pos.rules().text))
            .collect()
    }

    /// Whether `move` (text or `Move`) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        self.resolve(r#move).is_ok()
    }

    /// Plays `move` (text or `Move`); `ValueError` with the engine's reason if it is not legal.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.resolve(r#move)?;
        self.play(m);
        Ok(())
    }

    /// Plays the moves of a space-separated text (`"f2f4 f9f7"`), all or none.
    fn push_moves(&mut self, moves: &str) -> PyResult<()> {
        let mut next = self.clone();
        for text in moves.split_whitespace() {
            let m = next.parse(text)?;
            next.play(m);
        }
        *self = next;
        Ok(())
    }

    /// Takes back the last pushed move and returns it; `IndexError` when none was pushed.
    fn pop(&mut self) -> PyResult<PyMove> {
        let m = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos.undo();
        self.listed.clear();
        Ok(PyMove::new(m, self.pos.rules().text))
    }

    /// The position's SFEN (six fields in 龙将棋, USI's four in shogi).
    fn sfen(&self) -> String {
        self.pos.to_sfen()
    }

    /// The position as a Fairy-Stockfish FEN.
    fn fen(&self) -> String {
        write_fen(&self.pos)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// How the game stands: `None` while it goes on, or an `Outcome` (checkmate, stalemate,
    /// repetition, perpetual check) as the rules core judges it. With `claim_declaration`,
    /// a position where the side to move may declare an entering-king win (入玉宣言) counts
    /// as won by it.
    #[pyo3(signature = (claim_declaration = false))]
    fn outcome(&self, claim_declaration: bool) -> Option<PyOutcome> {
        let outcome = if claim_declaration {
            self.pos.outcome_claiming()
        } else {
            self.pos.outcome()
        };
        outcome.map(PyOutcome::from_core)
    }

    /// Whether the game is over by the rules (`outcome()` is not `None`).
    fn is_game_over(&self) -> bool {
        self.pos.outcome().is_some()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos
            .outcome()
            .is_some_and(|o| o.reason() == EndReason::Checkmate)
    }

    /// Whether the side to move may declare an entering-king win now (`bestmove win`).
    fn can_declare(&self) -> bool {
        self.pos.declaration().is_some()
    }

    /// The pieces in `color`'s hand (0 first player, 1 second), as uppercase SFEN letter →
    /// count, read off the SFEN's hand field.
    fn hand(&self, color: usize) -> PyResult<std::collections::BTreeMap<char, u32>> {
        if color > 1 {
            return Err(value_error("color must be 0 or 1"));
        }
        let sfen = self.pos.to_sfen();
        let field = sfen.split(' ').nth(2).unwrap_or("-");
        let mut out = std::collections::BTreeMap::new();
        let mut count = 0u32;
        for c in field.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d;
            } else if c.is_ascii_alphabetic() {
                if c.is_ascii_uppercase() == (color == 0) {
                    *out.entry(c.to_ascii_uppercase()).or_insert(0) += count.max(1);
                }
                count = 0;
            }
        }
        Ok(out)
    }

    /// The drop cooldown (禁援) of `color`: turns it must still play without drops.
    fn cooldown(&self, color: usize) -> PyResult<u8> {
        match color {
            0 => Ok(self.pos.cooldown(Color::Black)),
            1 => Ok(self.pos.cooldown(Color::White)),
            _ => Err(value_error("color must be 0 or 1")),
        }
    }

    /// The castling rights as SFEN writes them (`KQkq`, `-`).
    #[getter]
    fn castling_rights(&self) -> String {
        self.pos
            .to_sfen()
            .split(' ')
            .nth(3)
            .filter(|_| self.pos.rules().has_castling)
            .unwrap_or("-")
            .to_string()
    }

    /// A copy with its own move stack.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Leaves `depth` plies below (the CLI's `longjiang perft`); the GIL is released meanwhile.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > MAX_PERFT_DEPTH {
            return Err(value_error(format!(
                "perft depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
            )));
        }
        let mut pos = self.pos.clone();
        Ok(py.allow_threads(move || perft(&mut pos, depth)))
    }

    /// The board as the engine's `d` draws it (`plain=True`: `d plain`, ASCII only).
    #[pyo3(signature = (plain = false))]
    fn diagram(&self, plain: bool) -> String {
        // The engine's drawing picks the game's diagram (`Presentation::diagram`).
        if plain {
            board::draw_plain(&self.pos)
        } else {
            board::draw(&self.pos)
        }
    }

    fn __str__(&self) -> String {
        self.diagram(false)
    }

    fn __repr__(&self) -> String {
        format!(
            "Board(variant={:?}, sfen={:?})",
            self.variant.name(),
            self.pos.to_sfen()
        )
    }

    fn __eq__(&self, other: &PyBoard) -> bool {
        self.variant == other.variant && self.pos.to_sfen() == other.pos.to_sfen()
    }

    /// The hash of what `__eq__` compares (the game and the SFEN), so that equal boards hash
    /// alike: a board can key a dict or sit in a set (pushing a move changes its hash).
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.variant.hash(&mut h);
        self.pos.to_sfen().hash(&mut h);
        h.finish()
    }

    /// The move `move` (text or `Move`) in SAN, as python-chess's `Board.san` writes it
    /// (`Nh8`, `cxd5`, `P@e5`, `O-O`, `+`/`#`); `form="xboard"` for XBoard's spelling
    /// (docs/pgn.md). The 龙将棋 games only: `ValueError` in shogi (its records are KIF).
    #[pyo3(signature = (r#move, form = "standard"))]
    fn san(&self, r#move: &Bound<'_, PyAny>, form: &str) -> PyResult<String> {
        let form = san_form(form)?;
        let m = self.resolve(r#move)?;
        write_san(&self.pos, m, form).map_err(value_error)
    }

    /// The legal move a SAN word names (python-chess's `Board.parse_san`), as a `Move`;
    /// `ValueError` when no legal move or more than one fits it, or in shogi.
    #[pyo3(signature = (san, form = "standard"))]
    fn parse_san(&self, san: &str, form: &str) -> PyResult<PyMove> {
        let form = san_form(form)?;
        let m = parse_san(&self.pos, san, form).map_err(value_error)?;
        Ok(PyMove::new(m, self.pos.rules().text))
    }

    /// Plays the move a SAN word names and returns it (python-chess's `Board.push_san`).
    #[pyo3(signature = (san, form = "standard"))]
    fn push_san(&mut self, san: &str, form: &str) -> PyResult<PyMove> {
        let m = parse_san(&self.pos, san, san_form(form)?).map_err(value_error)?;
        let out = PyMove::new(m, self.pos.rules().text);
        self.play(m);
        Ok(out)
    }

    /// The Zobrist key of the position.
    fn zobrist_hash(&self) -> u64 {
        self.pos.key()
    }

    /// The move `move` (legal text) written in the game's record notation: Chinese (`骑七三`)
    /// in 龙将棋, KIF (`７六歩(77)`) in shogi.
    fn record(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.resolve(r#move)?;
        Ok(words::move_name(&self.pos, m))
    }

    /// Plays a move written in the record notation (Chinese in 龙将棋, KIF in shogi) or in
    /// ASCII/USI, and returns it.
    fn push_record(&mut self, text: &str) -> PyResult<PyMove> {
        let m = words::read_move_word(&self.pos, text).map_err(value_error)?;
        let out = PyMove::new(m, self.pos.rules().text);
        self.play(m);
        Ok(out)
    }

    /// Searches the position in process (the GIL released) and returns the lines found, best
    /// first: `nodes`, `depth` and `movetime` (seconds) limit it, `multipv` lines,
    /// `threads`, `hash` MiB; the game's default evaluation, `nnue=False` for the classical
    /// one, or the net file `eval_file`.
    #[pyo3(signature = (nodes = None, depth = None, movetime = None, multipv = 1, threads = 1, hash = 16, nnue = None, eval_file = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        nodes: Option<u64>,
        depth: Option<u32>,
        movetime: Option<f64>,
        multipv: usize,
        threads: usize,
        hash: usize,
        nnue: Option<bool>,
        eval_file: Option<String>,
    ) -> PyResult<Vec<crate::py_search::SearchLine>> {
        let args = crate::py_search::SearchArgs {
            nodes,
            depth,
            movetime,
            multipv,
            threads,
            hash_mb: hash,
            eval_file,
            nnue,
        };
        crate::py_search::search(py, &self.pos, args)
    }

    /// The game so far as a record (`Game`): the moves pushed since the board was set up,
    /// with `tags` (a dict or `(key, value)` pairs); a game the rules ended gets its result.
    #[pyo3(signature = (tags = None))]
    fn game(&self, tags: Option<&Bound<'_, PyAny>>) -> PyResult<crate::py_game::PyGame> {
        crate::py_game::PyGame::of_board(self, crate::py_game::tag_list(tags)?)
    }

    /// The NNUE's active input features (the engine's indices, ascending) from `perspective`
    /// (0 or 1; the side to move when `None`). `ValueError` in a game without a feature set.
    #[pyo3(signature = (perspective = None))]
    fn features(&self, perspective: Option<usize>) -> PyResult<Vec<u16>> {
        if !crate::training::has_features(self.variant) {
            return Err(crate::training::no_features(self.variant));
        }
        let p = match perspective {
            None => self.pos.side_to_move(),
            Some(0) => Color::Black,
            Some(1) => Color::White,
            Some(_) => return Err(value_error("perspective must be 0 or 1")),
        };
        Ok(crate::training::sorted_features(&self.pos, p))
    }

    /// The net's evaluation of the position in centipawns for the side to move, computed
    /// from scratch: the game's built-in net, or the net file `eval_file`.
    #[pyo3(signature = (eval_file = None))]
    fn evaluate_nnue(&self, eval_file: Option<std::path::PathBuf>) -> PyResult<i32> {
        let net = match eval_file {
            Some(path) => std::sync::Arc::new(
                longjiang_engine::eval::nnue::Network::load(&path).map_err(value_error)?,
            ),
            None => longjiang_engine::eval::nnue::embedded(self.variant).ok_or_else(|| {
                value_error(format!("{} has no built-in net", self.variant.name()))
            })?,
        };
        if net.game() != self.variant {
            return Err(value_error(format!(
                "the net is for {}, the board is {}",
                net.game(),
                self.variant.name()
            )));
        }
        Ok(longjiang_engine::eval::nnue::evaluate_fresh(
            &net, &self.pos,
        ))
    }

    /// The pieces on the board: square name (`e1`, `5i`) → SFEN letter, uppercase for the
    /// first player (`K`, `+P`, `p`).
    fn piece_map(&self) -> std::collections::BTreeMap<String, String> {
        let form = self.pos.rules().text;
        longjiang_core::geometry::Square::all()
            .filter_map(|sq| {
                let p = self.pos.piece_at(sq)?;
                let token = crate::svg::kind_token(p.kind);
                let token = match p.color {
                    Color::Black => token,
                    Color::White => token.to_lowercase(),
                };
                Some((form.name(sq).to_string(), token))
            })
            .collect()
    }

    /// The position as an SVG picture like the web board's (`flipped`: the second player at
    /// the bottom; `letters`: SFEN letters instead of the pieces' names).
    #[pyo3(signature = (flipped = false, letters = false))]
    fn svg(&self, flipped: bool, letters: bool) -> String {
        let look = crate::svg::Look { flipped, letters };
        crate::svg::draw(&self.pos, self.stack.last().copied(), &look)
    }

    /// The SVG picture, for notebooks (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        self.svg(false, false)
    }

    /// The df-pn mate solver (`go mate`): `("mate", line)` with the whole forced line,
    /// `("nomate", [])` or `("timeout", [])`, and the nodes spent, as a 3-tuple.
    #[pyo3(signature = (nodes = None, movetime = None, hash = 16))]
    fn mate(
        &self,
        py: Python<'_>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        hash: usize,
    ) -> PyResult<(String, Vec<String>, u64)> {
        crate::py_search::mate(py, &self.pos, nodes, movetime, hash)
    }
}
