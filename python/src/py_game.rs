//! Game records: `Game` (one game: variant, start, moves, tags) and the record files that
//! hold games, through the root crate's readers and writers (`longjiang_core::notation::record`,
//! `kif_record`): the project's format for 龙将棋, KIF for a shogi game.

use crate::py_board::{PyBoard, parse_variant, value_error};
use crate::py_move::PyMove;
use longjiang_core::notation::encoding::decode;
use longjiang_core::notation::game_file::read_games;
use longjiang_core::notation::kif_record::write_kif;
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::words::read_move_word;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{Outcome, Position, RecordFormat};
use pyo3::prelude::*;
use std::path::PathBuf;

/// One game: its variant, start position, moves and tags (`Black`, `White`, `Result`, …).
#[pyclass(module = "longjiang", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) record: GameRecord,
}

/// The games of a record text: the engine's records, PGN or KIF, told apart by the text as
/// `longjiang record` does (the core's `game_file::read_games`); a text with no game is an
/// error.
pub fn parse_games(text: &str) -> Result<Vec<GameRecord>, String> {
    read_games(text)
}

/// Whether a game is written as KIF rather than in the project's format: its description's
/// record format.
fn recorded_in_kif(record: &GameRecord) -> bool {
    record.variant.rules().presentation.record == RecordFormat::Kif
}

impl PyGame {
    /// The record of `board`'s pushed moves from where it was set up, with `tags`; its
    /// `Result` (`*` while the game goes on) and the `Reason` the rules ended it for unless
    /// the tags give them.
    pub fn of_board(board: &PyBoard, tags: Vec<(String, String)>) -> PyResult<PyGame> {
        let mut start = board.pos.clone();
        for _ in &board.stack {
            start.undo();
        }
        let sfen = start.to_sfen();
        let mut record = GameRecord::new(board.variant);
        if sfen != Position::start(board.variant.rules()).to_sfen() {
            record.start_sfen = Some(sfen);
        }
        record.moves = board.stack.clone();
        record.tags = tags;
        let outcome = board.pos.outcome();
        if record.tag("Result").is_none() {
            let result = outcome.map_or("*", Outcome::result_token);
            record.tags.push(("Result".into(), result.into()));
        }
        if let Some(o) = outcome.filter(|_| record.tag("Reason").is_none()) {
            record.tags.push(("Reason".into(), o.reason().to_string()));
        }
        let game = PyGame { record };
        PyGame::text_of(&game.record, false)?; // tags and result checked now, not when written
        Ok(game)
    }

    /// The record as text: KIF for a shogi game, else the project's format.
    fn text_of(record: &GameRecord, kif: bool) -> PyResult<String> {
        if kif {
            write_kif(record).map_err(value_error)
        } else {
            record.to_text().map_err(value_error)
        }
    }
}

/// Tags given as a dict or a list of pairs.
pub fn tag_list(tags: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(tags) = tags else {
        return Ok(Vec::new());
    };
    if let Ok(d) = tags.downcast::<pyo3::types::PyDict>() {
        return d
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, v.extract::<String>()?)))
            .collect();
    }
    tags.extract::<Vec<(String, String)>>()
}

#[pymethods]
impl PyGame {
    /// `Game(variant="longjiang", sfen=None, moves=(), tags=None)`: moves in ASCII/USI or in
    /// the record notation, each checked; tags a dict or a list of `(key, value)` pairs.
    #[new]
    #[pyo3(signature = (variant = "longjiang", sfen = None, moves = Vec::new(), tags = None))]
    fn new(
        variant: &str,
        sfen: Option<&str>,
        moves: Vec<String>,
        tags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let v = parse_variant(variant)?;
        let pos = match sfen {
            Some(s) => Position::from_sfen(s, v.rules())
                .map_err(|e| value_error(format!("bad SFEN: {e}")))?,
            None => Position::start(v.rules()),
        };
        let mut board = PyBoard::on(v, pos);
        for (i, text) in moves.iter().enumerate() {
            if let Some(o) = board.pos.outcome() {
                return Err(value_error(format!(
                    "move {} ({text}): the game is over ({o})",
                    i + 1
                )));
            }
            let m = read_move_word(&board.pos, text)
                .map_err(|e| value_error(format!("move {}: {e}", i + 1)))?;
            board.play(m);
        }
        PyGame::of_board(&board, tag_list(tags)?)
    }

    /// The game's name: `longjiang`, `longjiang-nodrop` or `shogi`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.record.variant.name()
    }

    /// The start position's SFEN; `None` when the game starts from its start position.
    #[getter]
    fn start_sfen(&self) -> Option<String> {
        self.record.start_sfen.clone()
    }

    /// The moves as text (USI in shogi, ASCII in 龙将棋).
    #[getter]
    fn moves(&self) -> Vec<String> {
        let form = self.record.variant.rules().text;
        self.record
            .moves
            .iter()
            .map(|&m| move_text(m, form))
            .collect()
    }

    /// The tags other than `Variant`, `SFEN` and `Moves`, in order, as `(key, value)` pairs.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.record.tags.clone()
    }

    /// The value of tag `key`, `None` when absent.
    fn tag(&self, key: &str) -> Option<String> {
        self.record.tag(key).map(str::to_string)
    }

    /// The `Result` tag: `1-0`, `0-1`, `1/2-1/2` or `*` (also when absent).
    #[getter]
    fn result(&self) -> String {
        self.record.tag("Result").unwrap_or("*").to_string()
    }

    /// A board at the game's start position.
    fn start_board(&self) -> PyResult<PyBoard> {
        let pos = self.record.start_position().map_err(value_error)?;
        Ok(PyBoard::on(self.record.variant, pos))
    }

    /// A board after the game's moves, with them on its move stack (so `pop` takes them back).
    fn board(&self) -> PyResult<PyBoard> {
        let mut board = self.start_board()?;
        for &m in &self.record.moves {
            if !board.pos.is_legal(m) {
                return Err(value_error("the record's moves are not legal"));
            }
            board.play(m);
        }
        Ok(board)
    }

    /// The moves as `Move` objects.
    fn move_objects(&self) -> Vec<PyMove> {
        let form = self.record.variant.rules().text;
        self.record
            .moves
            .iter()
            .map(|&m| PyMove::new(m, form))
            .collect()
    }

    /// The record as text: KIF for a shogi game (`kif=None`), the project's format otherwise;
    /// `kif=False` writes a shogi game in the project's format too.
    #[pyo3(signature = (kif = None))]
    fn text(&self, kif: Option<bool>) -> PyResult<String> {
        let kif = kif.unwrap_or_else(|| recorded_in_kif(&self.record));
        if kif && !recorded_in_kif(&self.record) {
            return Err(value_error("KIF records shogi games only"));
        }
        PyGame::text_of(&self.record, kif)
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(None)
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    fn __eq__(&self, other: &PyGame) -> bool {
        self.record == other.record
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(variant={:?}, moves={}, result={:?})",
            self.record.variant.name(),
            self.record.moves.len(),
            self.result()
        )
    }
}

/// The games of a record text (a file's contents): `ValueError` naming the game and line.
#[pyfunction]
pub fn parse_records(text: &str) -> PyResult<Vec<PyGame>> {
    let games = parse_games(text).map_err(value_error)?;
    Ok(games.into_iter().map(|record| PyGame { record }).collect())
}

/// The games of the record file at `path` (UTF-8, or Shift_JIS as `.kif` files often are).
#[pyfunction]
pub fn read_records(path: PathBuf) -> PyResult<Vec<PyGame>> {
    let name = path.display();
    let bytes = std::fs::read(&path).map_err(|e| value_error(format!("reading {name}: {e}")))?;
    let text = decode(&bytes).ok_or_else(|| {
        value_error(format!(
            "reading {name}: the text is neither UTF-8 nor Shift_JIS"
        ))
    })?;
    let games = parse_games(&text).map_err(|e| value_error(format!("{name}: {e}")))?;
    Ok(games.into_iter().map(|record| PyGame { record }).collect())
}

/// The text of a file of `games`: one shogi game as KIF, any other set in the project's
/// format (games one after the other, a blank line between them).
#[pyfunction]
pub fn records_text(games: Vec<PyRef<'_, PyGame>>) -> PyResult<String> {
    if let [one] = games.as_slice() {
        return one.text(None);
    }
    let texts: PyResult<Vec<String>> = games.iter().map(|g| g.text(Some(false))).collect();
    Ok(texts?.join("\n"))
}

/// Writes `games` to the record file at `path` (see `records_text`).
#[pyfunction]
pub fn write_records(path: PathBuf, games: Vec<PyRef<'_, PyGame>>) -> PyResult<()> {
    let text = records_text(games)?;
    std::fs::write(&path, text).map_err(|e| value_error(format!("writing {}: {e}", path.display())))
}
