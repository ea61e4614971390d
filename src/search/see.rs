//! Static exchange evaluation: would the sequence of captures on one square, cheapest attacker
//! first, win at least `threshold` for the side making the move? Attackers are recomputed from
//! the shrinking occupancy at every step, so pieces behind others (sliders, spearmen, guards
//! whose leg square empties) join in as they would on the board. Pins are ignored.

use crate::rules::{KINDS, Move, PieceKind, Position};

/// Exchange values by `PieceKind::index` (the king's is never taken): the 龙将棋 kinds, then
/// shogi's (pawn, lance, knight, silver, gold, the four gold-movers, horse, dragon; the rook
/// and bishop are shared, so shogi's values are scaled to them).
pub const SEE_VALUE: [i32; KINDS] = [
    100, 390, 400, 610, 680, 1120, 470, 20_000, 60, 220, 260, 320, 350, 350, 350, 350, 350, 600,
    800,
];

/// Attackers are tried cheapest first: the 龙将棋 kinds' order, for a game without shogi's.
const LONGJIANG_ORDER: [PieceKind; 8] = [
    PieceKind::Pawn,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Spear,
    PieceKind::Rook,
    PieceKind::Guard,
    PieceKind::Queen,
    PieceKind::King,
];

/// Every kind, cheapest first (the 龙将棋 kinds keep their order among themselves).
const ORDER: [PieceKind; KINDS] = [
    PieceKind::ShogiPawn,
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::ShogiKnight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Tokin,
    PieceKind::PromotedLance,
    PieceKind::PromotedKnight,
    PieceKind::PromotedSilver,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Spear,
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Guard,
    PieceKind::Dragon,
    PieceKind::Queen,
    PieceKind::King,
];

/// The value a move captures, promotions included (what the mover gains before any reply).
#[inline(always)]
pub fn gain(pos: &Position, m: Move) -> i32 {
    let captured = pos
        .piece_at(m.to())
        .map_or(0, |p| SEE_VALUE[p.kind.index()]);
    let promo = m.promotion_kind().map_or(0, |k| {
        SEE_VALUE[k.index()] - SEE_VALUE[PieceKind::Pawn.index()]
    });
    if m.is_castle() { 0 } else { captured + promo }
}

/// Whether `m` (a legal move) wins at least `threshold` in the exchange it starts.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let to = m.to();
    let us = pos.side_to_move();
    let mut swap = gain(pos, m) - threshold;
    if swap < 0 {
        return false;
    }
    let moved = match (m.from(), m.drop_kind()) {
        (Some(from), _) => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            m.promotion_kind().unwrap_or(kind)
        }
        (None, Some(kind)) => kind,
        (None, None) => return threshold <= 0,
    };
    swap = SEE_VALUE[moved.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().with(to);
    if let Some(from) = m.from() {
        occ = occ.without(from);
    }
    // A game with none of shogi's kinds walks only its own eight.
    let order: &[PieceKind] = if pos.rules().kind_mask & !((1 << 8) - 1) == 0 {
        &LONGJIANG_ORDER
    } else {
        &ORDER
    };
    let mut stm = us;
    let mut attackers = pos.attackers_to(to, occ) & occ;
    let mut res = true;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & pos.side_pieces(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        let mut next = None;
        for &kind in order {
            let b = ours & pos.kind_pieces(kind);
            if let Some(sq) = b.first() {
                next = Some((kind, sq));
                break;
            }
        }
        let Some((kind, sq)) = next else { break };
        if kind == PieceKind::King {
            // The king may take only if nothing defends the square any more.
            return if (attackers & pos.side_pieces(!stm)).any() {
                !res
            } else {
                res
            };
        }
        swap = SEE_VALUE[kind.index()] - swap;
        if swap < res as i32 {
            break;
        }
        occ = occ.without(sq);
        attackers = pos.attackers_to(to, occ) & occ;
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::LONGJIANG;

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
}
