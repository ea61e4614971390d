//! In-process search and the df-pn mate solver, with the GIL released (`Board.search`,
//! `Board.mate`).

use crate::py_board::value_error;
use longjiang_core::rules::ascii::move_text;
use longjiang_core::rules::{Move, Position};
use longjiang_engine::eval::nnue::{Network, default_nets};
use longjiang_engine::search::engine::{MAX_MULTIPV, MAX_THREADS, collecting_listener};
use longjiang_engine::search::tsume::{MateAnswer, MateLimits, solve};
use longjiang_engine::search::{Engine, Limits, Score, SearchEvent};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// One line of a search's answer: score (`cp` or `mate` in plies, side to move's view), depth,
/// nodes and principal variation.
#[pyclass(module = "longjiang", name = "SearchLine", frozen, get_all)]
#[derive(Clone)]
pub struct SearchLine {
    /// Centipawns from the side to move's view, `None` for a mate score.
    pub cp: Option<i32>,
    /// Plies to mate (`> 0`: the side to move mates), `None` for a centipawn score.
    pub mate: Option<i32>,
    /// The depth of the iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation as move texts.
    pub pv: Vec<String>,
}

#[pymethods]
impl SearchLine {
    /// The first move of the principal variation, `None` when there is none.
    #[getter]
    fn best(&self) -> Option<String> {
        self.pv.first().cloned()
    }

    fn __repr__(&self) -> String {
        let score = match (self.cp, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (cp, None) => format!("cp={}", cp.unwrap_or(0)),
        };
        format!(
            "SearchLine({score}, depth={}, nodes={}, pv={:?})",
            self.depth, self.nodes, self.pv
        )
    }
}

/// What limits a search, checked before it starts.
pub struct SearchArgs {
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub movetime: Option<f64>,
    pub multipv: usize,
    pub threads: usize,
    pub hash_mb: usize,
    pub eval_file: Option<String>,
    pub nnue: Option<bool>,
}

fn texts(pos: &Position, pv: &[Move]) -> Vec<String> {
    let form = pos.rules().text;
    pv.iter().map(|&m| move_text(m, form)).collect()
}

fn split(score: Score) -> (Option<i32>, Option<i32>) {
    match score {
        Score::Cp(c) => (Some(c), None),
        Score::Mate(m) => (None, Some(m)),
    }
}

/// Searches `pos` to `args`: the best line first, then the other MultiPV lines.
pub fn search(py: Python<'_>, pos: &Position, args: SearchArgs) -> PyResult<Vec<SearchLine>> {
    if args.nodes.is_none() && args.depth.is_none() && args.movetime.is_none() {
        return Err(value_error("give nodes, depth or movetime"));
    }
    let movetime = match args.movetime {
        Some(t) if !(t.is_finite() && t > 0.0 && t < 1e6) => {
            return Err(value_error(format!(
                "movetime {t} is not a positive number of seconds"
            )));
        }
        t => t.map(Duration::from_secs_f64),
    };
    if !(1..=MAX_MULTIPV).contains(&args.multipv) {
        return Err(value_error(format!("multipv must be 1 … {MAX_MULTIPV}")));
    }
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(value_error(format!("threads must be 1 … {MAX_THREADS}")));
    }
    if !(1..=65536).contains(&args.hash_mb) {
        return Err(value_error("hash must be 1 … 65536 MiB"));
    }
    if args.depth.is_some_and(|d| d == 0 || d > 245) {
        return Err(value_error("depth must be 1 … 245"));
    }
    let nets: Vec<Arc<Network>> = match (&args.eval_file, args.nnue) {
        (Some(path), _) => {
            let net = Network::load(std::path::Path::new(path)).map_err(value_error)?;
            vec![Arc::new(net)]
        }
        (None, Some(false)) => Vec::new(),
        (None, _) => default_nets(),
    };
    let owned = pos.clone();
    let (lines, result) = py.allow_threads(move || {
        let mut engine = Engine::new();
        engine.set_hash_mb(args.hash_mb);
        engine.set_threads(args.threads);
        engine.set_multipv(args.multipv);
        engine.set_move_overhead(Duration::ZERO);
        engine.set_nnue(nets);
        engine.set_position(owned);
        let (listener, events) = collecting_listener();
        let limits = Limits {
            depth: args.depth,
            nodes: args.nodes,
            movetime,
            ..Limits::default()
        };
        let result = engine.search_with(limits, listener);
        let events = events.lock().map(|e| e.clone()).unwrap_or_default();
        (events, result)
    });
    // The best line is the answer; the others come from the last report of each MultiPV line.
    let mut out = vec![{
        let (cp, mate) = split(result.score);
        SearchLine {
            cp,
            mate,
            depth: result.depth,
            nodes: result.nodes,
            pv: texts(pos, &result.pv),
        }
    }];
    for k in 2..=args.multipv as u32 {
        let last = lines.iter().rev().find_map(|e| match e {
            SearchEvent::Info(i) if i.multipv == k && !i.pv.is_empty() => Some(i),
            _ => None,
        });
        if let Some(i) = last {
            let (cp, mate) = split(i.score);
            out.push(SearchLine {
                cp,
                mate,
                depth: i.depth,
                nodes: i.nodes,
                pv: texts(pos, &i.pv),
            });
        }
    }
    Ok(out)
}

/// The mate solver's answer: `("mate", line)`, `("nomate", [])` or `("timeout", [])`, with
/// the nodes it spent.
pub fn mate(
    py: Python<'_>,
    pos: &Position,
    nodes: Option<u64>,
    movetime: Option<f64>,
    hash_mb: usize,
) -> PyResult<(String, Vec<String>, u64)> {
    let time = match movetime {
        Some(t) if !(t.is_finite() && t > 0.0 && t < 1e6) => {
            return Err(value_error(format!(
                "movetime {t} is not a positive number of seconds"
            )));
        }
        t => t.map(Duration::from_secs_f64),
    };
    if nodes.is_none() && time.is_none() {
        return Err(value_error("give nodes or movetime"));
    }
    if !(1..=65536).contains(&hash_mb) {
        return Err(value_error("hash must be 1 … 65536 MiB"));
    }
    let limits = MateLimits {
        time,
        nodes,
        table_mb: hash_mb,
    };
    let owned = pos.clone();
    let report = py.allow_threads(move || solve(&owned, &limits, &AtomicBool::new(false)));
    let (kind, line) = match report.answer {
        MateAnswer::Mate(line) => ("mate", texts(pos, &line)),
        MateAnswer::NoMate => ("nomate", Vec::new()),
        MateAnswer::Timeout => ("timeout", Vec::new()),
    };
    Ok((kind.to_string(), line, report.nodes))
}
