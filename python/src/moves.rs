//! `Move`: a legal move as Python sees it, its text and its parts.

use longjiang::rules::ascii::move_text;
use longjiang::rules::{Move, TextForm};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// A move: `usi` is its text (USI in shogi, RULES.md's ASCII in 龙将棋); `from_square` and
/// `to_square` name squares the same way (`from_square` is `None` for a drop), `drop` is the
/// dropped piece's letter, `promotion` the promoted piece's letter.
#[pyclass(module = "longjiang", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The move's text.
    #[pyo3(get)]
    usi: String,
    /// The engine's 32-bit encoding (stable within one build).
    #[pyo3(get)]
    bits: u32,
    /// The origin square, `None` for a drop.
    #[pyo3(get)]
    from_square: Option<String>,
    /// The destination square.
    #[pyo3(get)]
    to_square: String,
    /// The letter of the dropped piece (`P`, `N`, …), `None` for a board move.
    #[pyo3(get)]
    drop: Option<char>,
    /// The promoted piece's letter, `None` when the move does not promote.
    #[pyo3(get)]
    promotion: Option<char>,
    /// Whether the move is castling.
    #[pyo3(get)]
    is_castle: bool,
}

impl PyMove {
    /// The Python view of `m` in a game whose texts take the form `form`.
    pub fn new(m: Move, form: TextForm) -> PyMove {
        PyMove {
            usi: move_text(m, form),
            bits: m.to_bits(),
            from_square: m.from().map(|sq| form.name(sq).to_string()),
            to_square: form.name(m.to()).to_string(),
            drop: m.drop_kind().and_then(|k| k.letter()),
            promotion: m.promotion_kind().and_then(|k| k.letter()),
            is_castle: m.is_castle(),
        }
    }
}

#[pymethods]
impl PyMove {
    fn __str__(&self) -> String {
        self.usi.clone()
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.usi)
    }
}

/// The text of a move argument: a `str` or a `Move`.
pub fn move_arg(arg: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(m) = arg.downcast::<PyMove>() {
        return Ok(m.get().usi.clone());
    }
    arg.extract::<String>()
        .map_err(|_| PyTypeError::new_err("a move is a str or a Move"))
}
