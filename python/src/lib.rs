//! The Python module `longjiang._longjiang`: the engine's rules, records, search and training
//! data for Python (issue 31). A thin layer: every rule and text form is the root crate's.

mod board;
mod data;
mod moves;
mod records;
mod search;

use pyo3::prelude::*;

#[pymodule]
fn _longjiang(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<board::PyOutcome>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<search::SearchLine>()?;
    m.add_class::<data::DataFile>()?;
    m.add("VARIANTS", vec!["longjiang", "longjiang-nodrop", "shogi"])?;
    Ok(())
}
