//! `Move`: a legal move as Python sees it, its text and its parts; and the move texts as
//! Python strings, made once per move and game form and then shared (docs/python.md,
//! "Speed": a playout's time went into formatting texts and making strings).

use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{Move, TextForm};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use std::sync::{Mutex, OnceLock};

/// Move encodings are below this (`Move::to_bits` uses 18 bits).
const CODES: usize = 1 << 18;

/// The text strings made so far, by form and move encoding.
type Texts = Mutex<Vec<Option<Py<PyString>>>>;

fn texts(form: TextForm) -> &'static Texts {
    static FORMS: [OnceLock<Texts>; TextForm::COUNT] = [const { OnceLock::new() }; TextForm::COUNT];
    FORMS[form as usize].get_or_init(|| Mutex::new((0..CODES).map(|_| None).collect()))
}

/// The texts of `moves` (written in `form`) as a Python list of shared strings.
pub fn text_list<'py>(
    py: Python<'py>,
    moves: &[Move],
    form: TextForm,
) -> PyResult<Bound<'py, PyList>> {
    let mut table = texts(form).lock().unwrap_or_else(|e| e.into_inner());
    let strings = moves.iter().map(|&m| {
        let bits = m.to_bits() as usize;
        match table.get(bits) {
            Some(Some(s)) => s.clone_ref(py),
            Some(None) => {
                let s = PyString::new(py, &move_text(m, form)).unbind();
                table[bits] = Some(s.clone_ref(py));
                s
            }
            None => PyString::new(py, &move_text(m, form)).unbind(),
        }
    });
    PyList::new(py, strings)
}

/// The move of `moves` whose shared text string is the very object `arg` (a string that
/// `text_list` handed out), found without reading the text; `None` otherwise.
pub fn find_shared(arg: &Bound<'_, PyAny>, moves: &[Move], form: TextForm) -> Option<Move> {
    let table = texts(form).lock().unwrap_or_else(|e| e.into_inner());
    let ptr = arg.as_ptr();
    moves.iter().copied().find(|m| {
        table
            .get(m.to_bits() as usize)
            .and_then(Option::as_ref)
            .is_some_and(|s| s.as_ptr() == ptr)
    })
}

/// The text of one move as a shared Python string.
pub fn text_of(py: Python<'_>, m: Move, form: TextForm) -> PyResult<Py<PyString>> {
    let list = text_list(py, &[m], form)?;
    Ok(list.get_item(0)?.downcast_into::<PyString>()?.unbind())
}

/// A move: `usi` is its text (USI in shogi, RULES.md's ASCII in 龙将棋); `from_square` and
/// `to_square` name squares the same way (`from_square` is `None` for a drop), `drop` is the
/// dropped piece's letter, `promotion` the promoted piece's letter. Its parts are worked out
/// when asked for.
#[pyclass(module = "longjiang", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    m: Move,
    form: TextForm,
}

impl PyMove {
    /// The Python view of `m` in a game whose texts take the form `form`.
    pub fn new(m: Move, form: TextForm) -> PyMove {
        PyMove { m, form }
    }

    /// The engine's move and the text form of its game.
    pub fn parts(&self) -> (Move, TextForm) {
        (self.m, self.form)
    }
}

#[pymethods]
impl PyMove {
    /// The move's text.
    #[getter]
    fn usi(&self, py: Python<'_>) -> PyResult<Py<PyString>> {
        text_of(py, self.m, self.form)
    }

    /// The engine's 32-bit encoding (stable within one build).
    #[getter]
    fn bits(&self) -> u32 {
        self.m.to_bits()
    }

    /// The origin square, `None` for a drop.
    #[getter(from_square)]
    fn origin(&self) -> Option<String> {
        self.m.from().map(|sq| self.form.name(sq).to_string())
    }

    /// The destination square.
    #[getter]
    fn to_square(&self) -> String {
        self.form.name(self.m.to()).to_string()
    }

    /// The letter of the dropped piece (`P`, `N`, …), `None` for a board move.
    #[getter]
    fn drop(&self) -> Option<char> {
        self.m.drop_kind().and_then(|k| k.letter())
    }

    /// The promoted piece's letter, `None` when the move does not promote.
    #[getter]
    fn promotion(&self) -> Option<char> {
        self.m.promotion_kind().and_then(|k| k.letter())
    }

    /// Whether the move is castling.
    #[getter]
    fn is_castle(&self) -> bool {
        self.m.is_castle()
    }

    fn __str__(&self) -> String {
        move_text(self.m, self.form)
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", move_text(self.m, self.form))
    }
}

/// A move argument: a `Move` (its engine move and form) or the text of a `str`.
pub enum MoveArg<'a> {
    /// A `Move` object.
    Object(Move, TextForm),
    /// A text, borrowed from the Python string.
    Text(std::borrow::Cow<'a, str>),
}

/// Reads a move argument: a `str` or a `Move`.
pub fn move_arg<'a>(arg: &'a Bound<'_, PyAny>) -> PyResult<MoveArg<'a>> {
    if let Ok(m) = arg.downcast::<PyMove>() {
        let (m, form) = m.get().parts();
        return Ok(MoveArg::Object(m, form));
    }
    match arg.downcast::<PyString>() {
        Ok(s) => Ok(MoveArg::Text(s.to_cow()?)),
        Err(_) => Err(PyTypeError::new_err("a move is a str or a Move")),
    }
}
