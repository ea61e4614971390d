//! Evaluation: a static score of a position in centipawns from the side to move's point of
//! view. The terms (material on the board and in hand, piece-square tables, …) are summed per
//! side as middlegame/endgame pairs and blended by the phase; every weight lives in
//! [`weights`], one set per game, chosen by the rules' `weight_set`. [`trace`] runs the same
//! code with a recorder and explains the score term by term; [`features`] runs it with
//! another and returns the coefficient of every weight (what the tuner learns from).

mod features;
mod king;
pub mod nnue;
mod pawns;
mod pst;
pub mod shogi;
mod terms;
pub mod weights;

pub use features::{EvalFeatures, as_f64, danger_penalty, features};

use crate::rules::{Color, PieceKind, Position};
use std::fmt;
use weights::*;

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

/// Weight `index` times `n`, recorded.
#[inline(always)]
fn weigh<R: Recorder>(rec: &mut R, w: &Weights, color: Color, index: usize, n: i32) -> S {
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
    /// The phase, 0 (endgame) ..= `PHASE_MAX` (all pieces in play).
    pub phase: i32,
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
        writeln!(f, "phase {} of {}", self.phase, PHASE_MAX)?;
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

/// The static evaluation of `pos`, centipawns, side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &mut NoRecord)
}

/// `evaluate`, term by term.
pub fn trace(pos: &Position) -> EvalTrace {
    let mut t = EvalTrace {
        terms: Vec::new(),
        phase: 0,
        side: pos.side_to_move(),
        score: 0,
    };
    let score = evaluate_with(pos, &mut t);
    t.score = score;
    t.phase = phase(pos);
    t
}

pub(crate) fn phase(pos: &Position) -> i32 {
    // Shogi's set has no endgame half (material never leaves the game).
    if pos.rules().weight_set == shogi::SHOGI_SET {
        return PHASE_MAX;
    }
    let mut p = 0;
    for kind in BOARD_KINDS {
        p += PHASE_WEIGHT[kind.index()] * pos.kind_pieces(kind).len() as i32;
    }
    for c in Color::ALL {
        for kind in pos.hand(c).kinds() {
            let w = PHASE_WEIGHT.get(kind.index()).copied().unwrap_or(0);
            p += w * pos.hand(c).count(kind) as i32;
        }
    }
    p.min(PHASE_MAX)
}

#[inline(always)]
fn relative(color: Color, sq: usize) -> usize {
    match color {
        Color::Black => sq,
        Color::White => (9 - sq / 10) * 10 + sq % 10,
    }
}

fn evaluate_with<R: Recorder>(pos: &Position, rec: &mut R) -> i32 {
    let set = pos.rules().weight_set;
    if set == shogi::SHOGI_SET {
        return shogi::evaluate_with(pos, rec);
    }
    let w = &weights::SET_TABLE[set];
    let pst = &pst::PST[set];
    let mut total = [S(0, 0); 2];
    for color in Color::ALL {
        let mut material = S(0, 0);
        let mut squares = S(0, 0);
        for kind in BOARD_KINDS {
            let ki = kind.index();
            let bb = pos.pieces(color, kind);
            material += weigh(rec, w, color, PIECE_VALUE + ki, bb.len() as i32);
            for sq in bb {
                let rel = relative(color, sq.index());
                squares += pst[ki][rel];
                if R::FEATURES {
                    pst::record(rec, color, ki, rel);
                }
            }
        }
        let king = PieceKind::King.index();
        let rel = relative(color, pos.king(color).index());
        squares += pst[king][rel];
        if R::FEATURES {
            pst::record(rec, color, king, rel);
        }
        let mut hand = S(0, 0);
        for kind in pos.hand(color).kinds() {
            let n = pos.hand(color).count(kind) as i32;
            hand += weigh(rec, w, color, HAND_VALUE + kind.index(), n);
        }
        rec.add("material", color, material);
        rec.add("hand", color, hand);
        rec.add("psqt", color, squares);
        total[color.index()] = material + hand + squares;
    }
    let att = terms::mobility(pos, w, rec, &mut total);
    king::king_safety(pos, w, &att, rec, &mut total);
    pawns::pawns(pos, w, &att, rec, &mut total);
    terms::threats(pos, w, &att, rec, &mut total);
    terms::pieces(pos, w, &att, rec, &mut total);
    terms::cooldown(pos, w, rec, &mut total);
    let us = pos.side_to_move();
    let tempo = weigh(rec, w, us, TEMPO, 1);
    rec.add("tempo", us, tempo);
    total[us.index()] += tempo;
    let diff = total[us.index()] - total[(!us).index()];
    let ph = phase(pos);
    let v = (diff.0 * ph + diff.1 * (PHASE_MAX - ph)) / PHASE_MAX;
    v.clamp(-EVAL_CLAMP, EVAL_CLAMP)
}

/// The evaluation never goes beyond this (mate scores live far above).
pub const EVAL_CLAMP: i32 = 20_000;
