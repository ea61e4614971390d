//! KIF move notation (柿木形式) for standard shogi records: `７六歩(77)`, `同　銀(31)`,
//! `２二角成(88)`, `２三銀不成(34)`, `５五歩打`. The destination is the full-width file digit and
//! the kanji rank, then the piece's name, `成` / `不成` when the move could promote, `打` for a
//! drop, and the origin as two ASCII digits (file, rank) in parentheses; a move to the square
//! the previous move went to writes `同　` instead of the square.

use crate::rules::{Move, PieceKind, Position};

const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The KIF name of a shogi kind (the king is `玉`).
pub fn kif_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::ShogiPawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::ShogiKnight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::Tokin => "と",
        PieceKind::PromotedLance => "成香",
        PieceKind::PromotedKnight => "成桂",
        PieceKind::PromotedSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
        _ => "？",
    }
}

/// Shogi's file number (1…9) and rank number (1 = a … 9 = i) of a grid square.
fn coords(sq: crate::geometry::Square) -> (usize, usize) {
    (
        9 - sq.file().index() as usize,
        9 - sq.rank().index() as usize,
    )
}

/// The KIF text of the legal move `m` in `pos` (a shogi position).
pub fn kif_move(pos: &Position, m: Move) -> String {
    let to = m.to();
    let (tf, tr) = coords(to);
    let mut s = if pos.last_move().is_some_and(|last| last.to() == to) {
        "同　".to_string()
    } else {
        format!("{}{}", FILES[tf - 1], RANKS[tr - 1])
    };
    match m.from() {
        None => {
            let kind = m.drop_kind().unwrap_or(PieceKind::ShogiPawn);
            s.push_str(kif_name(kind));
            s.push('打');
        }
        Some(from) => {
            let kind = pos.piece_at(from).map_or(PieceKind::ShogiPawn, |p| p.kind);
            s.push_str(kif_name(kind));
            if m.promotion_kind().is_some() {
                s.push('成');
            } else {
                let promotion = Move::promotion(
                    from,
                    to,
                    pos.rules().promotions[kind.index()]
                        .first()
                        .copied()
                        .unwrap_or(kind),
                );
                if !pos.rules().promotions[kind.index()].is_empty() && pos.is_legal(promotion) {
                    s.push_str("不成");
                }
            }
            let (ff, fr) = coords(from);
            s.push_str(&format!("({ff}{fr})"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn writes_moves_drops_promotions_and_recaptures() {
        let mut pos = Position::start(Variant::Shogi.rules());
        let mut got = Vec::new();
        for text in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c"] {
            let m = pos.parse_move(text).expect("legal");
            got.push(kif_move(&pos, m));
            pos.play(m);
        }
        assert_eq!(
            got,
            [
                "７六歩(77)",
                "３四歩(33)",
                "２二角成(88)",
                "同　銀(31)",
                "４五角打",
                "３三銀(22)"
            ]
        );
    }
}
