//! Training data as numpy arrays: the NNUE's input features of each position (the engine's
//! own indexing, `longjiang_engine::eval::nnue::features`), its output bucket, score and result,
//! so that a PyTorch user can train on `longjiang datagen` files.

use crate::py_board::{parse_variant, value_error};
use longjiang_core::data::stream::Reader;
use longjiang_core::rules::{Color, Position, Variant};
use longjiang_engine::eval::nnue::features::{FEATURES, NET_KINDS, active};
use longjiang_engine::eval::nnue::network::bucket;
use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyImportError, PyModuleNotFoundError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Whether the NNUE's feature set covers `variant`: every piece kind of the game is one of
/// the kinds the features tell apart (`NET_KINDS`), asked of the game's description.
pub fn has_features(variant: Variant) -> bool {
    variant.rules().kinds.iter().all(|k| k.index() < NET_KINDS)
}

/// The `ValueError` for a game without a feature set.
pub fn no_features(variant: Variant) -> PyErr {
    value_error(format!(
        "{variant} has no NNUE feature set (its pieces are not among the net's kinds)"
    ))
}

/// The active features of `pos` from `perspective`, ascending.
pub fn sorted_features(pos: &Position, perspective: Color) -> Vec<u16> {
    let mut f: Vec<u16> = active(pos, perspective).to_vec();
    f.sort_unstable();
    f
}

/// One position's columns, filled off the GIL.
#[derive(Default)]
struct Columns {
    features: Vec<[Vec<u16>; 2]>,
    stm: Vec<u8>,
    bucket: Vec<u8>,
    score: Vec<i32>,
    result: Vec<f32>,
    flags: Vec<u8>,
    ply: Vec<u32>,
    game: Vec<u64>,
}

fn columns(path: &std::path::Path, variant: Option<&str>) -> Result<(Variant, Columns), String> {
    let mut r = Reader::open(path).map_err(|e| e.to_string())?;
    let name = match (variant, r.header().variant.as_deref()) {
        (Some(v), Some(h)) if v != h => {
            return Err(format!("{}: data of {h}, not of {v}", path.display()));
        }
        (Some(v), _) | (None, Some(v)) => v.to_string(),
        (None, None) => {
            return Err(format!(
                "{}: the header names no variant; give variant=",
                path.display()
            ));
        }
    };
    let variant: Variant = name.parse().map_err(|e| format!("{e}"))?;
    if !has_features(variant) {
        return Err(format!("{variant} has no NNUE feature set"));
    }
    let rules = variant.rules();
    let mut c = Columns::default();
    while let Some(g) = r.next_game() {
        for s in g.map_err(|e| e.to_string())?.entries {
            let pos = s.position(rules)?;
            let us = pos.side_to_move();
            c.features
                .push([sorted_features(&pos, us), sorted_features(&pos, !us)]);
            c.stm.push(us.index() as u8);
            c.bucket.push(bucket(&pos) as u8);
            c.score.push(s.score);
            c.result.push(s.result.score() as f32);
            c.flags.push(s.flags.bits());
            c.ply.push(s.ply);
            c.game.push(s.game);
        }
    }
    Ok((variant, c))
}

/// The `ImportError` (`ModuleNotFoundError` when numpy is not installed) for a call that
/// makes numpy arrays without numpy: rust-numpy would panic instead (a `PanicException`).
fn need_numpy(py: Python<'_>) -> PyResult<()> {
    py.import("numpy").map(|_| ()).map_err(|e| {
        let message = format!(
            "training_arrays needs numpy ({}); install it with: pip install 'longjiang[numpy]'",
            e.value(py)
        );
        if e.is_instance_of::<PyModuleNotFoundError>(py) {
            PyModuleNotFoundError::new_err(message)
        } else {
            PyImportError::new_err(message)
        }
    })
}

/// `training_arrays(path, variant=None, pad=-1)`: the positions of a datagen file (text or
/// binary, finished games only) as a dict of numpy arrays, N positions in file order:
/// `features` int32 (N, 2, K): the active feature indices from the side to move's view
/// (`[:, 0]`) and the other side's (`[:, 1]`), ascending, padded with `pad` to K (the most
/// any position has); `count` int32 (N,) features per row; `stm` uint8 (the side to move,
/// 0 first player); `bucket` uint8 (the output bucket); `score` int32 (centipawns) and
/// `result` float32 (1, ½, 0), both from the first player's view, as datagen writes them;
/// `flags` uint8; `ply` uint32; `game` uint64. The variant is the header's unless given.
#[pyfunction]
#[pyo3(signature = (path, variant = None, pad = -1))]
pub fn training_arrays<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    variant: Option<&str>,
    pad: i32,
) -> PyResult<Bound<'py, PyDict>> {
    need_numpy(py)?;
    if let Some(v) = variant {
        parse_variant(v)?;
    }
    let owned = variant.map(str::to_string);
    let (_, c) = py
        .allow_threads(|| columns(&path, owned.as_deref()))
        .map_err(value_error)?;
    let n = c.stm.len();
    let k = c.features.iter().map(|f| f[0].len()).max().unwrap_or(0);
    let mut flat = vec![pad; n * 2 * k];
    let mut count = Vec::with_capacity(n);
    for (i, both) in c.features.iter().enumerate() {
        count.push(both[0].len() as i32);
        for (p, f) in both.iter().enumerate() {
            let row = &mut flat[(i * 2 + p) * k..][..f.len()];
            for (slot, &x) in row.iter_mut().zip(f) {
                *slot = x as i32;
            }
        }
    }
    let features = Array3::from_shape_vec((n, 2, k), flat).map_err(value_error)?;
    let out = PyDict::new(py);
    out.set_item("features", features.into_pyarray(py))?;
    out.set_item("count", PyArray1::from_vec(py, count))?;
    out.set_item("stm", PyArray1::from_vec(py, c.stm))?;
    out.set_item("bucket", PyArray1::from_vec(py, c.bucket))?;
    out.set_item("score", PyArray1::from_vec(py, c.score))?;
    out.set_item("result", PyArray1::from_vec(py, c.result))?;
    out.set_item("flags", PyArray1::from_vec(py, c.flags))?;
    out.set_item("ply", PyArray1::from_vec(py, c.ply))?;
    out.set_item("game", PyArray1::from_vec(py, c.game))?;
    Ok(out)
}

/// The constants of the feature set, for sizing a model: `FEATURES` inputs in all.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("FEATURES", FEATURES)?;
    m.add("BUCKETS", longjiang_engine::eval::nnue::network::BUCKETS)?;
    Ok(())
}
