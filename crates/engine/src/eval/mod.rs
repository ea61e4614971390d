//! Evaluation: a static score of a position in centipawns from the side to move's point of
//! view. Each game's classical evaluation is its own type behind one interface,
//! [`Classical`], with its own weight table (the 龙将棋 games share one type, each with its
//! own table); the registry [`games`] says which one a game uses, with its exchange values
//! and its built-in net. [`evaluate`], [`trace`] and [`features`] ask the registry for the
//! position's game. A trace runs the same code with a recorder and explains the score term by
//! term; the features run it with another and return the coefficient of every weight (what
//! the tuner learns from).

mod coefficients;
pub mod games;
mod longjiang_eval;
pub mod nnue;
mod shogi_eval;
pub mod weights;

pub use coefficients::{EvalFeatures, as_f64, danger_penalty};
pub use games::EngineGame;
pub use longjiang_eval::LongjiangEval;
pub use shogi_eval::ShogiEval;

use longjiang_core::rules::{Color, Position};
use std::fmt;
use weights::{S, WeightTable};

/// Receives every term as it is added; the fast path ignores them.
trait Recorder {
    /// Whether `feature` and `danger` record anything (the piece-square tables then record
    /// their shape features).
    const FEATURES: bool = false;
    /// A term's contribution to `color`'s total.
    fn add(&mut self, term: &'static str, color: Color, s: S);
    /// Weight `index` (linear) enters `color`'s total `coef` times.
    #[inline(always)]
    fn feature(&mut self, _color: Color, _index: usize, _coef: f32) {}
    /// Danger unit `index` enters the danger to `color`'s king `coef` times.
    #[inline(always)]
    fn danger(&mut self, _color: Color, _index: usize, _coef: f32) {}
}

struct NoRecord;
impl Recorder for NoRecord {
    #[inline(always)]
    fn add(&mut self, _: &'static str, _: Color, _: S) {}
}

/// Weight `index` of table `w` times `n`, recorded.
#[inline(always)]
fn weigh<R: Recorder, const N: usize>(
    rec: &mut R,
    w: &[S; N],
    color: Color,
    index: usize,
    n: i32,
) -> S {
    rec.feature(color, index, n as f32);
    w[index] * n
}

/// One evaluation term's contribution for both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceTerm {
    /// The term's name.
    pub name: &'static str,
    /// Per side (`[Color::index()]`), middlegame and endgame centipawns.
    pub by_side: [S; 2],
}

/// The evaluation explained: every term per side, the phase, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTrace {
    /// The terms in the order they were computed.
    pub terms: Vec<TraceTerm>,
    /// The phase, 0 (endgame) ..= `phase_max` (all pieces in play).
    pub phase: i32,
    /// The phase of a full middlegame (a game without a phase: 1 of 1).
    pub phase_max: i32,
    /// The side to move.
    pub side: Color,
    /// The final score, side to move's point of view (what `evaluate` returns).
    pub score: i32,
}

impl Recorder for EvalTrace {
    fn add(&mut self, term: &'static str, color: Color, s: S) {
        let i = match self.terms.iter().position(|t| t.name == term) {
            Some(i) => i,
            None => {
                self.terms.push(TraceTerm {
                    name: term,
                    by_side: [S(0, 0); 2],
                });
                self.terms.len() - 1
            }
        };
        self.terms[i].by_side[color.index()] += s;
    }
}

impl fmt::Display for EvalTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<16} {:>13} {:>13} {:>13}",
            "", "first player", "second", "difference"
        )?;
        writeln!(
            f,
            "{:<16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            "term", "mg", "eg", "mg", "eg", "mg", "eg"
        )?;
        for t in &self.terms {
            let [b, w] = t.by_side;
            let d = b - w;
            writeln!(
                f,
                "{:<16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
                t.name, b.0, b.1, w.0, w.1, d.0, d.1
            )?;
        }
        writeln!(f, "phase {} of {}", self.phase, self.phase_max)?;
        write!(
            f,
            "evaluation {} cp for the side to move ({})",
            self.score,
            match self.side {
                Color::Black => "first player",
                Color::White => "second player",
            }
        )
    }
}

impl EvalTrace {
    /// The trace of an evaluation of `pos` at `(phase, phase_max)` whose terms `run` hands to
    /// the recorder it is given.
    fn record(pos: &Position, phase: (i32, i32), run: impl FnOnce(&mut EvalTrace) -> i32) -> Self {
        let mut t = EvalTrace {
            terms: Vec::new(),
            phase: phase.0,
            phase_max: phase.1,
            side: pos.side_to_move(),
            score: 0,
        };
        t.score = run(&mut t);
        t
    }
}

/// One game's classical evaluation: what every game's evaluation type offers (the registry,
/// [`games`], names the one each game uses).
pub trait Classical: Sync + fmt::Debug {
    /// The static evaluation of `pos`, centipawns, side to move's point of view.
    fn evaluate(&self, pos: &Position) -> i32;
    /// `evaluate`, term by term.
    fn trace(&self, pos: &Position) -> EvalTrace;
    /// The coefficient of every weight of [`Classical::table`] in `pos`'s evaluation.
    fn features(&self, pos: &Position) -> EvalFeatures;
    /// The weight table, as the tuner reads and writes it.
    fn table(&self) -> &WeightTable;
}

/// The static evaluation of `pos` by its game's classical evaluation, centipawns, side to
/// move's point of view.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    games::of(pos.rules().variant).classical.evaluate(pos)
}

/// `evaluate`, term by term.
pub fn trace(pos: &Position) -> EvalTrace {
    games::of(pos.rules().variant).classical.trace(pos)
}

/// The features of `pos`'s evaluation: the coefficients of its game's weights.
pub fn features(pos: &Position) -> EvalFeatures {
    games::of(pos.rules().variant).classical.features(pos)
}

/// The evaluation never goes beyond this (mate scores live far above).
pub const EVAL_CLAMP: i32 = 20_000;
