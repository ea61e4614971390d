//! How the picker scores a move: the tactical test, the captures' and quiet moves' ordering
//! scores from the gains and the histories (the stages that hand them out are in `picker`).

use super::OrderHints;
use crate::search::history::Histories;
use crate::search::params::{
    CONT_HISTORY_1_WEIGHT, CONT_HISTORY_2_WEIGHT, CONT_HISTORY_3_WEIGHT, CONT_HISTORY_4_WEIGHT,
    CONT_HISTORY_6_WEIGHT, LOW_PLY_HISTORY, LOW_PLY_HISTORY_WEIGHT, QUIET_HISTORY_WEIGHT,
    TACTICAL_PROMOTION_GAIN,
};
use crate::search::see::{gain, promotion_gain, see_value};
use longjiang_core::movegen;
use longjiang_core::rules::{Move, Position};

/// A move with its ordering score.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scored {
    pub(super) mv: Move,
    pub(super) score: i32,
}

/// Whether `m` captures something or promotes to a piece worth at least
/// `TACTICAL_PROMOTION_GAIN` more (the "tactical" moves quiescence looks at: every 龙将棋
/// promotion, shogi's pawn and rook promotions; shogi's lance, knight, silver and bishop
/// promotions that capture nothing are quiet moves, as YaneuraOu orders them).
#[inline(always)]
pub(crate) fn is_tactical(pos: &Position, m: Move) -> bool {
    if m.is_castle() {
        return false;
    }
    pos.piece_at(m.to()).is_some()
        || (m.promotion_kind().is_some() && promotion_gain(pos, m) >= TACTICAL_PROMOTION_GAIN.get())
}

/// Whether some promotion of `set` is tactical (its best choice gains enough).
#[inline(always)]
pub(super) fn promotes_tactically(pos: &Position, set: &movegen::PieceMoves) -> bool {
    let rules = pos.rules();
    let base = see_value(rules, set.kind);
    set.promo_kinds
        .iter()
        .any(|&k| see_value(rules, k) - base >= TACTICAL_PROMOTION_GAIN.get())
}

/// The weights of a quiet move's histories in its ordering score (`QUIET_HISTORY_WEIGHT`, …),
/// read once per list.
pub(super) struct QuietWeights {
    quiet: i32,
    cont: [i32; 3],
    /// The weights of the moves 3 and 6 plies before (`OrderHints::cont_far`; 0: not read).
    far: [i32; 2],
    /// The plies with a low-ply history (`LOW_PLY_HISTORY`) and its weight.
    low_plies: usize,
    low_ply: i32,
}

impl QuietWeights {
    pub(super) fn get() -> QuietWeights {
        QuietWeights {
            quiet: QUIET_HISTORY_WEIGHT.get(),
            cont: [
                CONT_HISTORY_1_WEIGHT.get(),
                CONT_HISTORY_2_WEIGHT.get(),
                CONT_HISTORY_4_WEIGHT.get(),
            ],
            far: [CONT_HISTORY_3_WEIGHT.get(), CONT_HISTORY_6_WEIGHT.get()],
            low_plies: LOW_PLY_HISTORY.get() as usize,
            low_ply: LOW_PLY_HISTORY_WEIGHT.get(),
        }
    }
}

/// `weight`: `CAPTURE_GAIN_WEIGHT`, read once per list.
pub(super) fn capture_score(pos: &Position, h: &Histories, m: Move, weight: i32) -> i32 {
    let victim = pos.piece_at(m.to()).map(|p| p.kind);
    let mover = m.from().and_then(|f| pos.piece_at(f));
    let hist = match (victim, mover) {
        (Some(v), Some(p)) => h.capture(p, m, v),
        _ => 0,
    };
    gain(pos, m) * weight + hist
}

/// A quiet move's ordering score: its history, the continuation histories of the moves
/// `ctx.cont` names and near the root its low-ply history, weighted by `w`.
pub(super) fn quiet_score(
    pos: &Position,
    h: &Histories,
    ctx: &OrderHints,
    m: Move,
    w: &QuietWeights,
) -> i32 {
    let cont = &ctx.cont;
    let us = pos.side_to_move();
    let piece = match m.from() {
        Some(f) => pos.piece_at(f),
        None => m
            .drop_kind()
            .map(|k| longjiang_core::rules::Piece::new(us, k)),
    };
    let to = m.to().index();
    let mut s = h.quiet(us, m) * w.quiet;
    if let Some(p) = piece {
        s += h.cont(cont[0], p, to) * w.cont[0]
            + h.cont(cont[1], p, to) * w.cont[1]
            + h.cont(cont[2], p, to) * w.cont[2];
        // Stockfish's ordering reads the moves 3 and 6 plies before too.
        for (&b, &weight) in ctx.cont_far.iter().zip(&w.far) {
            if weight != 0 {
                s += h.cont(b, p, to) * weight;
            }
        }
    }
    // Stockfish's low-ply history: the first plies' own statistics, fading with the ply.
    if ctx.ply < w.low_plies {
        s += w.low_ply * h.low_ply(ctx.ply, m) / (1 + ctx.ply as i32);
    }
    s
}
