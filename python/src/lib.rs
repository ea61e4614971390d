//! The Python module `longjiang._longjiang`: the engine's rules, records, search and training
//! data for Python (docs/python.md). A thin layer: every rule and text form is the core's
//! (`longjiang_core`), every search the engine's (`longjiang_engine`).

mod data_file;
mod py_board;
mod py_game;
mod py_move;
mod py_search;
mod svg;
mod training;

use longjiang_core::rules::Variant;
use pyo3::prelude::*;

#[pymodule]
fn _longjiang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<py_board::PyBoard>()?;
    m.add_class::<py_board::PyOutcome>()?;
    m.add_class::<py_move::PyMove>()?;
    m.add_class::<py_search::SearchLine>()?;
    m.add_class::<data_file::DataFile>()?;
    m.add_class::<py_game::PyGame>()?;
    m.add_function(wrap_pyfunction!(py_game::parse_records, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::records_text, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::write_records, m)?)?;
    m.add_function(wrap_pyfunction!(training::training_arrays, m)?)?;
    training::add_constants(m)?;
    let names: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
    m.add("VARIANTS", names)?;
    Ok(())
}
