//! Quiescence resolution of tuning positions: a small quiescence search of the static
//! evaluation (captures and promotions that do not lose material by SEE, every evasion in
//! check) whose principal variation is played out, so that the tuner learns from the quiet
//! leaf whose static evaluation the search would actually use, as standard Texel tuning does.
//! It is a tool of its own, not the engine's `qsearch` (no table, no history, no pruning but
//! SEE), so that the tuner does not reach into the search.

use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{Move, Position};
use longjiang_engine::eval::evaluate;
use longjiang_engine::search::see::{gain, see_ge, see_value};
// A mate found in the resolution is scored on the search's scale (beyond every evaluation).
use longjiang_engine::search::value::MATE;

/// Plies the resolution may go below the position (then the static evaluation is taken).
const MAX_DEPTH: usize = 12;

/// What resolving one position found.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The quiet leaf at the end of the principal variation.
    pub leaf: Position,
    /// The quiescence value, side to move's point of view (of the original position).
    pub value: i32,
    /// The static evaluation of the original position, side to move's point of view.
    pub static_eval: i32,
    /// Plies of the principal variation.
    pub plies: usize,
}

/// Resolves `pos`; `None` when the quiescence search finds a mate (no evaluation to learn).
pub fn resolve(pos: &Position) -> Option<Resolved> {
    let static_eval = evaluate(pos);
    let mut work = pos.clone();
    let mut pv = Vec::new();
    let value = qsearch(&mut work, -MATE - 1, MATE + 1, 0, &mut pv);
    if value.abs() >= MATE - MAX_DEPTH as i32 - 1 {
        return None;
    }
    let mut leaf = pos.clone();
    for &m in &pv {
        leaf.play(m);
    }
    Some(Resolved {
        leaf,
        value,
        static_eval,
        plies: pv.len(),
    })
}

fn is_tactical(pos: &Position, m: Move) -> bool {
    !m.is_castle()
        && (m.promotion_kind().is_some() || pos.piece_at(m.to()).is_some_and(|_| !m.is_drop()))
}

fn qsearch(pos: &mut Position, mut alpha: i32, beta: i32, ply: usize, pv: &mut Vec<Move>) -> i32 {
    pv.clear();
    let in_check = pos.in_check();
    let moves = legal_moves(pos);
    if in_check && moves.is_empty() {
        return -MATE + ply as i32;
    }
    if ply >= MAX_DEPTH {
        return evaluate(pos);
    }
    let mut best = -MATE - 1;
    if !in_check {
        best = evaluate(pos);
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
    }
    let mut list: Vec<(i32, Move)> = moves
        .iter()
        .copied()
        .filter(|&m| in_check || (is_tactical(pos, m) && see_ge(pos, m, 0)))
        .map(|m| {
            let attacker = m
                .from()
                .and_then(|f| pos.piece_at(f))
                .map_or(0, |p| see_value(pos.rules(), p.kind));
            (gain(pos, m) * 16 - attacker / 16, m)
        })
        .collect();
    list.sort_by_key(|&(k, _)| -k);
    let mut child = Vec::new();
    for (_, m) in list {
        pos.play(m);
        let v = -qsearch(pos, -beta, -alpha, ply + 1, &mut child);
        pos.undo();
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&child);
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::LONGJIANG_NODROP;

    /// A hanging piece is taken: the leaf differs from the position, and its static
    /// evaluation is the quiescence value.
    #[test]
    fn resolution_takes_the_hanging_piece() {
        let start = Position::start(LONGJIANG_NODROP);
        let r = resolve(&start).unwrap();
        assert_eq!(r.plies, 0);
        assert_eq!(r.value, r.static_eval);
        // A second-player cavalry en prise to a first-player pawn.
        let sfen = "rnbgqkgb1r/pppppppppp/10/10/10/5n4/4P5/10/PPPP1PPPPP/RNBGQKGBNR b - KQkq 00 1";
        let pos = Position::from_sfen(sfen, LONGJIANG_NODROP).unwrap();
        let r = resolve(&pos).unwrap();
        assert!(r.plies >= 1, "{r:?}");
        assert!(r.value > r.static_eval + 200, "{r:?}");
        let leaf_eval = evaluate(&r.leaf);
        let sign = if r.plies.is_multiple_of(2) { 1 } else { -1 };
        assert_eq!(sign * leaf_eval, r.value);
    }
}
