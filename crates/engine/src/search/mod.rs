//! Search: the engine API (positions in, best moves out through a listener), iterative
//! deepening with principal-variation alpha-beta, a lock-free shared transposition table,
//! threads that share out the work at split points (Young Brothers Wait) and time management.
//! Nothing here prints; the protocol layer formats the [`SearchEvent`]s it is handed.
//!
//! Layout: [`engine`] owns the options, the table and the threads; `smp` runs a search on
//! all threads and `split` shares nodes out among them (`split::points` the split points'
//! shared state), `shared` is what they share, `thread` is one thread's state (`frame` its
//! per-ply frames) and `iterate` the iterative deepening (`mate_proof` its proof that a mate is
//! the shortest); `alphabeta` and `qsearch` are the
//! recursive searches (their steps numbered as in Stockfish's `search.cpp`), `movesearch`
//! searches one move of a node (`node` what the moves of a node share, `reductions` how much
//! later moves are cut); `techniques` switches the pruning techniques; `picker` orders moves;
//! `history` keeps the move-ordering statistics; [`tt`] is the table; [`time`] the clock arithmetic
//! (`timer` the thread that stops a search at its hard limit); `see` the
//! static exchange evaluation; [`value`] the score scale; [`params`] every tunable of the
//! search and the time management. [`skill`] is the strength levels, a layer around the
//! search: it limits a search and picks among its lines (`skill_pick`), the search untouched.

mod alphabeta;
pub mod bench;
mod early_cuts;
pub mod engine;
mod flights;
mod frame;
pub mod game_params;
mod history;
mod iterate;
mod mate_proof;
mod movesearch;
mod node;
pub mod params;
mod picker;
mod pressure;
mod prior;
mod probcut;
mod qsearch;
mod reductions;
pub mod see;
mod shared;
pub mod skill;
mod skill_pick;
mod smp;
mod split;
pub mod stats;
mod techniques;
mod thread;
pub mod time;
mod timer;
pub mod tsume;
pub mod tt;
pub mod value;
pub mod wdl;

pub use engine::Engine;
pub use techniques::Features;

use longjiang_core::rules::Move;
use std::sync::Arc;
use std::time::Duration;

/// Receives the search's progress and its final answer, on the search's own thread. It must
/// return quickly (format and hand off); the search waits for it.
pub type Listener = Arc<dyn Fn(&SearchEvent) + Send + Sync>;

/// What a running search reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// One finished iteration (one line per MultiPV line), or a bound found on the way.
    Info(SearchInfo),
    /// The answer, sent exactly once per search. `best` is `None` only when the side to move has
    /// no legal move.
    BestMove {
        /// The move to play.
        best: Option<Move>,
        /// The expected reply, to ponder on.
        ponder: Option<Move>,
    },
    /// The search's statistics, summed over the threads: sent once, just before `BestMove`,
    /// when they were asked for (`Engine::set_search_stats`); boxed, the largest event by far.
    Stats(Box<stats::SearchStats>),
    /// The main thread starts searching a root move (UCI's `currmove`; the front end decides
    /// whether to show it).
    RootMove {
        /// The iteration's depth.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its number in this iteration, from 1 (MultiPV lines after the first count on).
        number: u32,
        /// Time since the search started.
        time: Duration,
    },
}

/// One progress report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's nominal depth in plies.
    pub depth: u32,
    /// The deepest ply any line reached.
    pub seldepth: u32,
    /// Which MultiPV line this is, from 1.
    pub multipv: u32,
    /// The score from the side to move's point of view.
    pub score: Score,
    /// Whether `score` is exact or only a bound (an aspiration window failed).
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, a legal line from the root.
    pub pv: Vec<Move>,
}

/// A score as the outside world sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (a pawn on the board is 100), side to move's point of view.
    Cp(i32),
    /// A forced mate: `n` plies to the mate; `n > 0` the side to move mates, `n < 0` it is
    /// mated (`Mate(0)`: it is mated already).
    Mate(i32),
}

/// How a reported score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is the value of the line.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// What limits a search. All limits set apply together; the first one reached stops it. With
/// none set (and not `infinite`), the search runs until `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search exactly to this depth (plies) and stop.
    pub depth: Option<u32>,
    /// Search at most this many nodes (exactly this many with one thread, unless the search
    /// ends sooner).
    pub nodes: Option<u64>,
    /// Think this long (less the move overhead).
    pub movetime: Option<Duration>,
    /// Look for a mate in this many moves (of the side to move) and stop when one is found.
    pub mate: Option<u32>,
    /// Search until `stop`, ignoring the clock.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` (then the clock applies) or `stop`.
    pub ponder: bool,
    /// The game clock, when the search should manage its own time.
    pub clock: Option<Clock>,
    /// Search only these root moves (all legal moves when empty).
    pub searchmoves: Vec<Move>,
}

/// The game clock as the protocol reports it, per side (`[Color::index()]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time left.
    pub time: [Duration; 2],
    /// Increment per move (Fischer).
    pub inc: [Duration; 2],
    /// Time per move once the main time is spent (byoyomi).
    pub byoyomi: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// What `Engine::search_sync` returns: the answer and the last completed iteration's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None`: no legal move).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// The score of `best`.
    pub score: Score,
    /// The depth of the iteration the answer comes from.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// The principal variation starting with `best`.
    pub pv: Vec<Move>,
    /// What the tree looked like (`stats`), summed over the threads.
    pub stats: stats::SearchStats,
}
