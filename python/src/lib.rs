//! The Python module `longjiang._longjiang`: the engine's rules, records, search and training
//! data for Python (issue 31). A thin layer: every rule and text form is the root crate's.

mod board;
mod data;
mod game;
mod moves;
mod records;
mod search;
mod svg;
mod training;

use longjiang::rules::Variant;
use pyo3::prelude::*;

#[pymodule]
fn _longjiang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<board::PyOutcome>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<search::SearchLine>()?;
    m.add_class::<data::DataFile>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(game::parse_records, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(game::records_text, m)?)?;
    m.add_function(wrap_pyfunction!(game::write_records, m)?)?;
    m.add_function(wrap_pyfunction!(training::training_arrays, m)?)?;
    training::add_constants(m)?;
    let names: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
    m.add("VARIANTS", names)?;
    Ok(())
}
