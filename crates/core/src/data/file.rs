//! A data file of either form, read whole: [`read_path`] tells the binary form from the text
//! one by its first bytes and reads it with [`binary`]'s or [`sample`]'s reader.

use super::binary;
use super::sample::{self, DataSet};
use crate::rules::Variant;
use std::io::BufRead;

/// Reads the data file at `path`, text (see [`sample::read`]) or binary ([`binary::read_set`]).
pub fn read_path(path: &std::path::Path) -> Result<DataSet, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut f = std::io::BufReader::new(f);
    let start = f
        .fill_buf()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if binary::is_binary(start) {
        return binary::read_set(path).map_err(|e| e.to_string());
    }
    sample::read(f).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads the data file at `path` (see [`read_path`]) and refuses it when its header names another
/// game than `variant` (the tuner's and the trainer's check).
pub fn read_path_of(path: &std::path::Path, variant: Variant) -> Result<DataSet, String> {
    let data = read_path(path)?;
    if data.header.contains("variant=") && !data.header.contains(&format!("variant={variant} ")) {
        return Err(format!("{}: not data of {variant}", path.display()));
    }
    Ok(data)
}
