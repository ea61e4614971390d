//! Training data: `longjiang datagen` files (text or binary) as a Python iterator of samples,
//! through the core's reader (`longjiang_core::data::stream`).

use crate::py_board::value_error;
use longjiang_core::data::file::read_path;
use longjiang_core::data::sample::Sample;
use pyo3::prelude::*;

/// The finished games' positions of a datagen file, in file order. Each item is
/// `(sfen, score, result, flags)`: the SFEN, the search score in centipawns from the first
/// player's view, the game's result for the first player (1.0, 0.5, 0.0) and the flag bits
/// (1 in check, 2 capture, 4 promotion, 8 mate score, 16 adjudicated).
#[pyclass(module = "longjiang")]
pub struct DataFile {
    samples: std::vec::IntoIter<Sample>,
    /// The file's first line (datagen's header: variant and command).
    #[pyo3(get)]
    header: String,
    /// How many positions the file holds (finished games only).
    #[pyo3(get)]
    positions: usize,
    /// How many finished games it holds.
    #[pyo3(get)]
    games: usize,
}

#[pymethods]
impl DataFile {
    /// Reads the datagen file at `path`; `ValueError` with the reader's message if it is not one.
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<DataFile> {
        let set = py.allow_threads(|| read_path(&path)).map_err(value_error)?;
        Ok(DataFile {
            positions: set.samples.len(),
            games: set.games.len(),
            header: set.header,
            samples: set.samples.into_iter(),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<(String, i32, f64, u8)> {
        self.samples
            .next()
            .map(|s| (s.sfen, s.score, s.result.score(), s.flags.bits()))
    }

    fn __len__(&self) -> usize {
        self.samples.len()
    }
}
