//! KIF move notation (柿木形式) for standard shogi records: `７六歩(77)`, `同　銀(31)`,
//! `２二角成(88)`, `２三銀不成(34)`, `５五歩打`. The destination is the full-width file digit and
//! the kanji rank, then the piece's name, `成` / `不成` when the move could promote, `打` for a
//! drop, and the origin as two ASCII digits (file, rank) in parentheses; a move to the square
//! the previous move went to writes `同　` instead of the square.

use crate::geometry::{File, Rank, Square};
use crate::rules::{Color, Move, PieceKind, Position};

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

/// [`kif_move`] as one word of a record's movetext: `同　銀(31)` is written `同銀(31)`.
pub fn kif_word(pos: &Position, m: Move) -> String {
    squeeze(&kif_move(pos, m))
}

/// KIF text as the readers compare it: no spaces (ASCII or full-width), `王` read as `玉`,
/// `竜` as `龍`.
pub fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '王' => '玉',
            '竜' => '龍',
            c => c,
        })
        .collect()
}

/// Reads one KIF move (`７六歩(77)`, `同銀(31)`, `同　銀(31)`, `４五角打`) in `pos`: the legal
/// move whose KIF text is `text`, spaces left out. A leading `▲`/`△` (`☗`/`☖`) is skipped, and
/// the origin `(77)` may be left out when only one legal move fits without it.
pub fn parse_kif_word(pos: &Position, text: &str) -> Result<Move, String> {
    let said = squeeze(text);
    let said = said.trim_start_matches(['▲', '△', '☗', '☖']);
    let moves = crate::movegen::legal_moves(pos);
    let texts: Vec<(Move, String)> = moves.iter().map(|&m| (m, kif_word(pos, m))).collect();
    if let Some((m, _)) = texts.iter().find(|(_, t)| t == said) {
        return Ok(*m);
    }
    let without_origin = |t: &str| {
        t.split_once('(')
            .map_or(t.to_string(), |(head, _)| head.into())
    };
    let fits: Vec<Move> = texts
        .iter()
        .filter(|(_, t)| !said.contains('(') && without_origin(t) == said)
        .map(|(m, _)| *m)
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!("'{text}' is not a legal move here")),
        _ => Err(format!(
            "'{text}' fits {} legal moves: add the origin, e.g. {}",
            fits.len(),
            kif_word(pos, fits[0])
        )),
    }
}

/// The one-character BOD name of a shogi kind.
pub fn bod_name(kind: PieceKind) -> char {
    match kind {
        PieceKind::ShogiPawn => '歩',
        PieceKind::Lance => '香',
        PieceKind::ShogiKnight => '桂',
        PieceKind::Silver => '銀',
        PieceKind::Gold => '金',
        PieceKind::Bishop => '角',
        PieceKind::Rook => '飛',
        PieceKind::King => '玉',
        PieceKind::Tokin => 'と',
        PieceKind::PromotedLance => '杏',
        PieceKind::PromotedKnight => '圭',
        PieceKind::PromotedSilver => '全',
        PieceKind::Horse => '馬',
        PieceKind::Dragon => '龍',
        _ => '？',
    }
}

/// A count as KIF writes it after a hand piece: nothing for one, else 二 … 十八.
fn kanji_count(n: u8) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0 | 1 => String::new(),
        2..=9 => DIGITS[n as usize].to_string(),
        _ => format!("十{}", DIGITS.get((n % 10) as usize).unwrap_or(&"")),
    }
}

/// KIF's name of a player: 先手 (the first, sente) or 後手 (gote).
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "先手",
        Color::White => "後手",
    }
}

/// `先手の持駒：飛　歩二` (or `なし`).
pub fn hand_line(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    let items: Vec<String> = pos
        .rules()
        .hand_order
        .iter()
        .filter(|&&k| hand.count(k) > 0)
        .map(|&k| format!("{}{}", bod_name(k), kanji_count(hand.count(k))))
        .collect();
    let who = side_name(color);
    let held = if items.is_empty() {
        "なし".to_string()
    } else {
        items.join("　")
    };
    format!("{who}の持駒：{held}")
}

/// The grid squares of the board, top rank first, each rank from file 9 to file 1.
pub fn board_ranks(pos: &Position) -> impl Iterator<Item = Vec<Square>> + '_ {
    let rules = pos.rules();
    (0..rules.ranks).rev().map(move |r| {
        (0..rules.files)
            .filter_map(|f| Some(Square::from_coords(File::new(f)?, Rank::new(r)?)))
            .collect()
    })
}

/// The position as a KIF board diagram (BOD): `後手の持駒：…`, files ９ … １, the nine ranks
/// (`v` before a second-player piece, ` ・` an empty square, 一 … 九 on the right), `先手の持駒：…`.
pub fn bod(pos: &Position) -> Vec<String> {
    let files = pos.rules().files as usize;
    let mut out = vec![hand_line(pos, Color::White)];
    let heads: Vec<String> = FILES[..files.min(9)]
        .iter()
        .rev()
        .map(|c| c.to_string())
        .collect();
    out.push(format!("  {}", heads.join(" ")));
    let edge = format!("+{}+", "-".repeat(3 * files));
    out.push(edge.clone());
    for (i, rank) in board_ranks(pos).enumerate() {
        let mut line = String::from("|");
        for sq in rank {
            match pos.piece_at(sq) {
                None => line.push_str(" ・"),
                Some(p) => {
                    line.push(if p.color == Color::White { 'v' } else { ' ' });
                    line.push(bod_name(p.kind));
                }
            }
        }
        line.push('|');
        line.push(RANKS.get(i).copied().unwrap_or('？'));
        out.push(line);
    }
    out.push(edge);
    out.push(hand_line(pos, Color::Black));
    out
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

    #[test]
    fn reads_moves_as_words() {
        let mut pos = Position::start(Variant::Shogi.rules());
        for (text, usi) in [
            ("▲７六歩(77)", "7g7f"),
            ("３四歩", "3c3d"),
            ("２二角成(88)", "8h2b+"),
            ("同　銀", "3a2b"),
            ("４五角打", "B*4e"),
        ] {
            let m = parse_kif_word(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(m, pos.parse_move(usi).unwrap(), "{text}");
            let word = kif_word(&pos, m);
            assert_eq!(parse_kif_word(&pos, &word), Ok(m), "{word}");
            pos.play(m);
        }
        assert_eq!(
            kif_word(&pos, pos.parse_move("2b3c").unwrap()),
            "３三銀(22)"
        );
        let e = parse_kif_word(&pos, "５五金").unwrap_err();
        assert_eq!(e, "'５五金' is not a legal move here");
        // Both golds can reach 5h: the origin is needed.
        let start = Position::start(Variant::Shogi.rules());
        let e = parse_kif_word(&start, "５八金").unwrap_err();
        assert!(e.starts_with("'５八金' fits 2 legal moves"), "{e}");
        assert!(parse_kif_word(&start, "５八金(69)").is_ok());
    }
}
