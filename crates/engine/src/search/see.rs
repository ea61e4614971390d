//! Static exchange evaluation: what does the sequence of captures on one square, cheapest
//! attacker first, win for the side making the move (and does it reach a threshold)?
//! After each capture the attackers the emptied square reveals join in (sliders, spearmen,
//! guards whose leg square empties), as they would on the board.
//! Whether a recapture that may promote does (the better piece then stands on the square),
//! the values and the order attackers are tried in are the game's (`eval::games::Exchange`),
//! in the scale of its evaluation. Pins are ignored. A test compares it with a slow twin that
//! finds the attackers piece by piece.

use crate::eval::games::{self, Exchange};
use longjiang_core::geometry::{Bitboard, Square};
use longjiang_core::rules::{Color, Move, PieceKind, Position, Rules};

/// The exchange model of the game of `rules`.
#[inline(always)]
fn exchange(rules: &Rules) -> &'static Exchange {
    &games::of(rules.variant).exchange
}

/// The exchange value of `kind` in the game of `rules`.
#[inline(always)]
pub fn see_value(rules: &Rules, kind: PieceKind) -> i32 {
    exchange(rules).values[kind.index()]
}

/// What a recapture by `kind` of `color` from `from` to `to` gains by promoting when it
/// promotes to the best kind it may, and the value then standing on `to`: the rules'
/// promotion tables and zone decide, forced or optional alike (an exchange always takes the
/// better piece).
#[inline(always)]
fn best_promotion(
    rules: &Rules,
    ex: &Exchange,
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
) -> (i32, i32) {
    let base = ex.values[kind.index()];
    let kinds = rules.promotions[kind.index()];
    let zone = rules.promotion_zone[color.index()];
    if kinds.is_empty() || !(zone.has(to) || (rules.promote_from_zone && zone.has(from))) {
        return (0, base);
    }
    let best = kinds
        .iter()
        .map(|&k| ex.values[k.index()])
        .max()
        .unwrap_or(base);
    (best.max(base) - base, best.max(base))
}

/// The value a move captures, promotions included (what the mover gains before any reply).
#[inline(always)]
pub fn gain(pos: &Position, m: Move) -> i32 {
    if m.is_castle() {
        return 0;
    }
    let rules = pos.rules();
    let captured = pos.piece_at(m.to()).map_or(0, |p| see_value(rules, p.kind));
    captured + promotion_gain(pos, m)
}

/// What `m`'s promotion adds: the promoted kind's value less the moving kind's.
#[inline(always)]
pub fn promotion_gain(pos: &Position, m: Move) -> i32 {
    let rules = pos.rules();
    match (m.promotion_kind(), m.from().and_then(|f| pos.piece_at(f))) {
        (Some(k), Some(p)) => see_value(rules, k) - see_value(rules, p.kind),
        _ => 0,
    }
}

/// The board's occupancy once `m` stands on its square (the square it left emptied).
#[inline(always)]
fn occupied_after(pos: &Position, m: Move) -> Bitboard {
    let occ = pos.occupied().with(m.to());
    m.from().map_or(occ, |from| occ.without(from))
}

/// The cheapest of `attackers` in the game's exchange order, and its square.
#[inline(always)]
fn cheapest(pos: &Position, ex: &Exchange, attackers: Bitboard) -> Option<(PieceKind, Square)> {
    ex.order.iter().find_map(|&kind| {
        (attackers & pos.kind_pieces(kind))
            .first()
            .map(|sq| (kind, sq))
    })
}

/// The exchange `m` (a legal move) starts on its square, in the game's exchange values: each
/// side recaptures with its cheapest attacker (promoting when the rules let it) or stops,
/// whichever is better for it.
pub fn see(pos: &Position, m: Move) -> i32 {
    if m.is_castle() {
        return 0;
    }
    let rules = pos.rules();
    let ex = exchange(rules);
    let to = m.to();
    let moved = match (m.from(), m.drop_kind()) {
        (Some(from), _) => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind),
        (None, Some(kind)) => kind,
        (None, None) => return 0,
    };
    let mut gains = [0i32; 48];
    gains[0] = gain(pos, m);
    let mut on_square = ex.values[m.promotion_kind().unwrap_or(moved).index()];
    let mut occ = occupied_after(pos, m);
    let promoting = ex.recaptures_promote;
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_to(to, occ) & occ;
    let mut d = 0;
    while d + 1 < gains.len() {
        stm = !stm;
        let ours = attackers & pos.side_pieces(stm);
        let Some((kind, sq)) = cheapest(pos, ex, ours) else {
            break;
        };
        let king = kind == PieceKind::King;
        if king && (attackers & pos.side_pieces(!stm)).any() {
            // The king may take only if nothing defends the square any more.
            break;
        }
        let (promo, value) = if promoting {
            best_promotion(rules, ex, kind, stm, sq, to)
        } else {
            (0, ex.values[kind.index()])
        };
        d += 1;
        gains[d] = on_square + promo - gains[d - 1];
        on_square = value;
        if king {
            // Nothing answers the king's capture (a slider behind it would have made the
            // capture illegal; pins are ignored here as everywhere in the exchange).
            break;
        }
        occ = occ.without(sq);
        attackers = (attackers | pos.attackers_revealed(to, occ, sq)) & occ;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

/// Whether `m` (a legal move) wins at least `threshold` in the exchange it starts.
#[inline]
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return 0 >= threshold;
    }
    // Even unanswered, the move does not reach the threshold.
    let first = gain(pos, m);
    if first < threshold {
        return false;
    }
    let ex = exchange(pos.rules());
    let kind = match (m.promotion_kind(), m.from(), m.drop_kind()) {
        (Some(k), _, _) | (None, None, Some(k)) => Some(k),
        (None, Some(from), _) => pos.piece_at(from).map(|p| p.kind),
        _ => None,
    };
    match kind {
        // A recapture that promotes changes the values as it goes: the whole exchange decides.
        Some(k) if !ex.recaptures_promote => threshold_loop(pos, m, ex, k, first - threshold),
        _ => see(pos, m) >= threshold,
    }
}

/// Stockfish's `see_ge` loop, where no recapture promotes: `margin` is what the move is
/// ahead of the threshold before any reply, `moved` the kind it leaves on the square. Each
/// side recaptures with its cheapest attacker; the loop stops as soon as the side to move
/// cannot turn the answer, so it rarely walks the whole exchange as `see` does.
fn threshold_loop(pos: &Position, m: Move, ex: &Exchange, moved: PieceKind, margin: i32) -> bool {
    // Even if the piece now on the square is lost for nothing, the move reaches it.
    let mut swap = ex.values[moved.index()] - margin;
    if swap <= 0 {
        return true;
    }
    let to = m.to();
    let mut occ = occupied_after(pos, m);
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_to(to, occ) & occ;
    // Whether the mover reaches the threshold if the side to move stops now.
    let mut res = true;
    loop {
        stm = !stm;
        let ours = attackers & pos.side_pieces(stm);
        let Some((kind, sq)) = cheapest(pos, ex, ours) else {
            break;
        };
        res = !res;
        if kind == PieceKind::King {
            // The king takes only where nothing defends the square any more, and ends it.
            return if (attackers & pos.side_pieces(!stm)).any() {
                !res
            } else {
                res
            };
        }
        swap = ex.values[kind.index()] - swap;
        if swap < i32::from(res) {
            break;
        }
        occ = occ.without(sq);
        attackers = (attackers | pos.attackers_revealed(to, occ, sq)) & occ;
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::S;
    use longjiang_core::geometry::Bitboard;
    use longjiang_core::movegen::piece_attacks;
    use longjiang_core::movegen::playout::{XorShift, random_games};
    use longjiang_core::rules::{LONGJIANG, SHOGI};

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(sfen, LONGJIANG).unwrap()
    }

    #[test]
    fn exchanges() {
        // A rook takes a pawn defended by a pawn: loses the exchange.
        let p = pos("5k4/10/10/4p5/3p6/10/10/10/10/3R1K4 b - - 00 1");
        let m = p.parse_move("d1d6").unwrap();
        assert!(!see_ge(&p, m, 0));
        assert!(see_ge(&p, m, -600));
        // Taking an undefended pawn wins it.
        let p = pos("5k4/10/10/10/3p6/10/10/10/10/3R1K4 b - - 00 1");
        let m = p.parse_move("d1d6").unwrap();
        assert!(see_ge(&p, m, 100) && !see_ge(&p, m, 101));
        // A pawn dropped where only a rook attacks it survives; a rook dropped under a pawn does not.
        let p = pos("5k4/10/10/4p5/10/10/10/10/10/5K4 b RP - 00 1");
        assert!(see_ge(&p, p.parse_move("P*d5").unwrap(), 0));
        assert!(!see_ge(&p, p.parse_move("R*d6").unwrap(), 0));
        assert!(!see_ge(&p, p.parse_move("P*d6").unwrap(), 0));
    }

    /// The slow twin: the attackers found piece by piece (`piece_attacks` of every piece on
    /// the board), the cheapest by value (then by square), promotions from the zone fields
    /// read afresh, the exchange minimaxed recursively.
    fn slow_see(pos: &Position, m: Move) -> i32 {
        let rules = pos.rules();
        let value = |k: PieceKind| see_value(rules, k);
        let to = m.to();
        let moved = match m.from() {
            Some(f) => pos.piece_at(f).unwrap().kind,
            None => m.drop_kind().unwrap(),
        };
        let captured = pos.piece_at(to).map_or(0, |p| value(p.kind));
        let promoted = m.promotion_kind().unwrap_or(moved);
        let first = captured + value(promoted) - value(moved);
        let mut occ = pos.occupied().with(to);
        if let Some(f) = m.from() {
            occ = occ.without(f);
        }
        first - rest(pos, to, occ, !pos.side_to_move(), value(promoted))
    }

    /// The best `stm` gets by recapturing on `to` (or stopping, 0).
    fn rest(pos: &Position, to: Square, occ: Bitboard, stm: Color, on_square: i32) -> i32 {
        let rules = pos.rules();
        let value = |k: PieceKind| see_value(rules, k);
        let attackers_of = |c: Color| -> Vec<(i32, usize, PieceKind, Square)> {
            (pos.side_pieces(c) & occ)
                .into_iter()
                .filter_map(|s| {
                    let k = pos.piece_at(s)?.kind;
                    piece_attacks(k, c, s, occ)
                        .has(to)
                        .then_some((value(k), s.index(), k, s))
                })
                .collect()
        };
        let Some(&(_, _, kind, sq)) = attackers_of(stm).iter().min() else {
            return 0;
        };
        if kind == PieceKind::King {
            // The king takes only an undefended piece, and nothing answers it.
            return if attackers_of(!stm).is_empty() {
                on_square
            } else {
                0
            };
        }
        let zone = rules.promotion_zone[stm.index()];
        let may_promote = exchange(rules).recaptures_promote
            && (zone.has(to) || (rules.promote_from_zone && zone.has(sq)));
        let mut now = value(kind);
        if may_promote {
            for &k in rules.promotions[kind.index()] {
                now = now.max(value(k));
            }
        }
        let take = on_square + now - value(kind) - rest(pos, to, occ.without(sq), !stm, now);
        take.max(0)
    }

    #[test]
    fn shogi_exchanges_count_promotions_and_hands() {
        let p = Position::from_sfen("4k2l1/9/7p1/6SP1/9/9/9/9/4K4 b - 1", SHOGI).unwrap();
        let v = |k: PieceKind| see_value(p.rules(), k);
        // A capture swings the evaluation by the piece and its return in hand.
        let t = games::of(SHOGI.variant).classical.table();
        let value = |group: &str, kind: &str| {
            let i = (0..t.weights.len())
                .find(|&i| t.param_name(i) == format!("shogi: {group}[{kind}]"))
                .unwrap();
            let S(mg, _) = t.weights[i];
            mg
        };
        let pawn = value("piece value", "shogi pawn") + value("piece in hand", "shogi pawn");
        assert_eq!(v(PieceKind::ShogiPawn), pawn);
        let horse = value("piece value", "horse") + value("piece in hand", "bishop");
        assert_eq!(v(PieceKind::Horse), horse);
        // Silver takes the pawn on 2c; were the lance to retake, the pawn on 2d would retake
        // and promote (the lance and the tokin's gain are worth more than the silver): so it
        // does not.
        let tokin_gain = v(PieceKind::Tokin) - v(PieceKind::ShogiPawn);
        assert!(v(PieceKind::Silver) < v(PieceKind::Lance) + tokin_gain);
        let m = p.parse_move("3d2c").unwrap();
        assert_eq!(see(&p, m), v(PieceKind::ShogiPawn));
        let m = p.parse_move("3d2c+").unwrap();
        let promo = v(PieceKind::PromotedSilver) - v(PieceKind::Silver);
        let gain = v(PieceKind::ShogiPawn) + promo;
        assert_eq!(see(&p, m), gain);
        assert!(see_ge(&p, m, gain) && !see_ge(&p, m, gain + 1));
        // A bishop that promotes as it takes a pawn a gold defends loses the horse.
        let p = Position::from_sfen("4k4/5g3/6p2/9/9/9/9/9/B3K4 b - 1", SHOGI).unwrap();
        let m = p.parse_move("9i3c+").unwrap();
        let first = v(PieceKind::ShogiPawn) + v(PieceKind::Horse) - v(PieceKind::Bishop);
        assert_eq!(see(&p, m), first - v(PieceKind::Horse));
    }

    #[test]
    fn see_ge_answers_as_the_whole_exchange_does() {
        let mut rnd = XorShift(0x2545_F491_4F6C_DD1D);
        let mut checked = 0;
        for rules in [SHOGI, LONGJIANG, longjiang_core::rules::LONGJIANG_NODROP] {
            random_games(rules, 8, 120, &mut rnd, |p, moves, _| {
                for &m in moves.iter() {
                    let v = see(p, m);
                    for t in [-900, -300, -120, -50, 0, 1, 50, 120, 300, 900] {
                        assert_eq!(see_ge(p, m, t), v >= t, "{} {m} {t}", p.to_sfen());
                        checked += 1;
                    }
                    assert!(see_ge(p, m, v) && !see_ge(p, m, v + 1));
                }
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn see_matches_its_slow_twin_on_random_games() {
        let mut rnd = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for rules in [SHOGI, LONGJIANG, longjiang_core::rules::LONGJIANG_NODROP] {
            random_games(rules, 12, 120, &mut rnd, |p, moves, _| {
                for &m in moves.iter() {
                    if p.piece_at(m.to()).is_some() || m.promotion_kind().is_some() {
                        assert_eq!(see(p, m), slow_see(p, m), "{} {m}", p.to_sfen());
                        checked += 1;
                    }
                }
            });
        }
        assert!(checked > 1000, "{checked}");
    }
}
