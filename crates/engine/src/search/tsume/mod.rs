//! The mate solver (詰将棋 search) behind USI's `go mate`: df-pn over checking moves for the
//! side to move and every evasion for the other, with its own table. It answers with a mate
//! line (each of the attacker's moves a check, every defence answered, the last position
//! checkmate), with "no mate", or with "timeout". Nothing here prints; [`MateSearch`] runs it
//! on its own thread and hands the answer to a callback.

mod dfpn;
pub mod exhaustive;
mod table;

use dfpn::Solver;
use longjiang_core::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use table::INF;

/// What limits a mate search. With neither set it runs until stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateLimits {
    /// Give up (answer `Timeout`) after this long.
    pub time: Option<Duration>,
    /// Give up after this many nodes.
    pub nodes: Option<u64>,
    /// The solver's table size in MiB.
    pub table_mb: usize,
}

impl Default for MateLimits {
    fn default() -> Self {
        MateLimits {
            time: None,
            nodes: None,
            table_mb: 16,
        }
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    /// A forced mate by checks: the whole line, attacker's moves and defences, ending in mate.
    Mate(Vec<Move>),
    /// The side to move has no forced mate by checks.
    NoMate,
    /// Stopped (by time, nodes or `stop`) before it was decided.
    Timeout,
}

/// The answer with the search's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    /// The answer.
    pub answer: MateAnswer,
    /// Nodes expanded.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// Solves `pos` for a mate of the side to move, on the calling thread, until it is decided,
/// a limit is reached or `stop` is set. Once a mate of L plies is proven, searches limited to
/// L − 2, L − 4, … plies look for a shorter one (within the limits, and at most
/// [`SHORTEN_WORK`] times the first proof's nodes more); the shortest line found is the answer.
pub fn solve(pos: &Position, limits: &MateLimits, stop: &AtomicBool) -> MateReport {
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    let table = table::ProofTable::new(limits.table_mb);
    let attacker = pos.side_to_move();
    let mut solver = Solver::new(table, stop, deadline, limits.nodes, attacker, None);
    let mut pos = pos.clone();
    let (phi, _) = solver.mid(&mut pos, INF, INF);
    let mut nodes = solver.nodes;
    let answer = if phi == 0 {
        match solver.principal_variation(&mut pos) {
            Some(line) => {
                let budget = nodes.saturating_mul(SHORTEN_WORK).max(SHORTEN_MIN);
                let budget = limits
                    .nodes
                    .map_or(budget, |n| budget.min(n.saturating_sub(nodes)));
                let (line, spent) = shorten(solver.table, &mut pos, line, budget, deadline, stop);
                nodes += spent;
                MateAnswer::Mate(line)
            }
            None => MateAnswer::Timeout,
        }
    } else if phi == INF {
        MateAnswer::NoMate
    } else {
        MateAnswer::Timeout
    };
    MateReport {
        answer,
        nodes,
        time: start.elapsed(),
    }
}

/// How many times the first proof's nodes the search for a shorter mate may spend.
pub const SHORTEN_WORK: u64 = 4;
/// The least it may spend.
const SHORTEN_MIN: u64 = 200_000;

/// Looks for mates shorter than `line` by length-limited searches; returns the shortest line
/// found and the nodes spent.
fn shorten(
    mut table: table::ProofTable,
    pos: &mut Position,
    mut line: Vec<Move>,
    budget: u64,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> (Vec<Move>, u64) {
    let mut spent = 0;
    while line.len() >= 3 && spent < budget {
        table.clear();
        let limit = line.len() - 2;
        let attacker = pos.side_to_move();
        let left = Some(budget - spent);
        let mut solver = Solver::new(table, stop, deadline, left, attacker, Some(limit));
        let (phi, _) = solver.mid(pos, INF, INF);
        let shorter = if phi == 0 {
            solver.principal_variation(pos)
        } else {
            None
        };
        spent += solver.nodes;
        table = solver.table;
        match shorter {
            Some(l) if l.len() < line.len() => line = l,
            _ => break,
        }
    }
    (line, spent)
}

/// A mate search on its own thread: `stop` ends it (it still reports, `Timeout` if undecided).
pub struct MateSearch {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

impl MateSearch {
    /// Starts solving `pos`; `report` is called once, on the search thread, with the answer.
    pub fn start<F>(pos: &Position, limits: MateLimits, report: F) -> std::io::Result<MateSearch>
    where
        F: FnOnce(&MateReport) + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let pos = pos.clone();
        let handle = std::thread::Builder::new()
            .name("mate-search".into())
            .stack_size(super::shared::STACK_SIZE)
            .spawn(move || report(&solve(&pos, &limits, &flag)))?;
        Ok(MateSearch { stop, handle })
    }

    /// Asks the search to stop; it still reports.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search thread has ended.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end (after its report).
    pub fn wait(self) {
        // A solver thread that panicked (a bug) has nothing more to report.
        let _ = self.handle.join();
    }
}
