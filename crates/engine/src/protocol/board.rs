//! The `d` and `moves` commands: the board drawn as the seed draws it, and the legal moves in
//! both notations.
//!
//! Drawing: the seed's box-drawing grid with each piece's two-character name written down its
//! cell (戟 over 兵), rank numerals on the right, file numerals below, and the hands as
//! `∨ 持驹：…` above and `∧ 持驹：…` below. The seed tells the sides apart by the way a piece
//! points; a text grid cannot, so a second-player piece is drawn turned round, its name read
//! bottom-up (兵 over 戟), as the first player sees it across the board (protocol.md, reading).

use super::facts;
use longjiang_core::geometry::{File, Rank, Square};
use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::numeral;
use longjiang_core::notation::words::move_name;
use longjiang_core::rules::position::castle_bit;
use longjiang_core::rules::{Color, Diagram, PieceKind, Position};

/// The hand line of one side: `∧ 持驹：刀兵×2 骑兵　禁援：1`.
fn hand_line(pos: &Position, color: Color) -> String {
    let mark = match color {
        Color::Black => '∧',
        Color::White => '∨',
    };
    let hand = pos.hand(color);
    let mut items = Vec::new();
    for kind in PieceKind::HAND_ORDER {
        match hand.count(kind) {
            0 => {}
            1 => items.push(kind.full_name(color).to_string()),
            n => items.push(format!("{}×{n}", kind.full_name(color))),
        }
    }
    let held = if items.is_empty() {
        "无".to_string()
    } else {
        items.join(" ")
    };
    let mut line = format!("{mark} 持驹：{held}");
    if pos.rules().drops {
        line.push_str(&format!("　禁援：{}", pos.cooldown(color)));
    }
    line
}

/// The grid line between ranks: `┣━╋━…━┫` (or the top/bottom edge).
fn rule_line(left: char, mid: char, right: char) -> String {
    let mut s = String::new();
    s.push(left);
    for f in 0..10 {
        s.push('━');
        s.push(if f == 9 { right } else { mid });
    }
    s
}

/// Draws the position: the seed's grid and hands, then side to move, castling rights, SFEN,
/// Fairy-Stockfish FEN, key and check state.
///
/// A game whose diagram is a KIF board diagram is drawn by [`super::shogi_board::draw`].
pub fn draw(pos: &Position) -> String {
    if pos.rules().presentation.diagram == Diagram::Bod {
        return super::shogi_board::draw(pos);
    }
    let mut out = Vec::new();
    out.push(hand_line(pos, Color::White));
    out.push(rule_line('┏', '┳', '┓'));
    for r in (0..10u8).rev() {
        let mut top = String::from("┃");
        let mut bottom = String::from("┃");
        for f in 0..10u8 {
            let (Some(file), Some(rank)) = (File::new(f), Rank::new(r)) else {
                continue;
            };
            let sq = Square::from_coords(file, rank);
            let (a, b) = match pos.piece_at(sq) {
                None => ('　', '　'),
                Some(p) => {
                    let mut name = p.kind.full_name(p.color).chars();
                    let first = name.next().unwrap_or('？');
                    let second = name.next().unwrap_or('？');
                    match p.color {
                        Color::Black => (first, second),
                        Color::White => (second, first),
                    }
                }
            };
            top.push(a);
            top.push('┃');
            bottom.push(b);
            bottom.push('┃');
        }
        top.push(numeral(r));
        out.push(top);
        out.push(bottom);
        out.push(if r == 0 {
            rule_line('┗', '┻', '┛')
        } else {
            rule_line('┣', '╋', '┫')
        });
    }
    let files: Vec<String> = (0..10).map(|f| numeral(f).to_string()).collect();
    out.push(files.join("　"));
    out.push(hand_line(pos, Color::Black));
    out.push(format!(
        "行棋：{}　第 {} 手{}",
        match pos.side_to_move() {
            Color::Black => "∧ 主帅方",
            Color::White => "∨ 大帅方",
        },
        pos.move_number(),
        if pos.in_check() { "　被将军" } else { "" }
    ));
    let mut castling = Vec::new();
    for (color, mark) in [(Color::Black, '∧'), (Color::White, '∨')] {
        let mut rights = Vec::new();
        for (wing, name) in [(0, "戟帅"), (1, "戟一帅")] {
            if pos.castling_rights() & castle_bit(color, wing) != 0 {
                rights.push(name);
            }
        }
        let rights = if rights.is_empty() {
            "无".to_string()
        } else {
            rights.join(" ")
        };
        castling.push(format!("{mark} {rights}"));
    }
    out.push(format!("戟兵保帅：{}", castling.join("　")));
    facts::append(pos, &mut out);
    out.join("\n")
}

/// `d plain`: the board in ASCII, for terminals where the box-drawing and CJK characters of
/// [`draw`] do not line up: SFEN letters (uppercase = first player, `+P` a 枪兵, `P'` a pawn
/// without its double step) in a grid with files a … j and ranks 10 … 1, then the same facts
/// as `d` in English.
pub fn draw_plain(pos: &Position) -> String {
    if pos.rules().presentation.diagram == Diagram::Bod {
        return super::shogi_board::draw_plain(pos);
    }
    let setup = pos.to_setup();
    let border = format!("   +{}", "---+".repeat(10));
    let mut out = vec![border.clone()];
    for r in (0..10u8).rev() {
        let mut cells: Vec<String> = Vec::new();
        for f in 0..10u8 {
            let (Some(file), Some(rank)) = (File::new(f), Rank::new(r)) else {
                continue;
            };
            let sq = Square::from_coords(file, rank);
            cells.push(match setup.board[sq.index()] {
                None => "   ".to_string(),
                Some(p) if setup.no_double_step.has(sq) => format!(" {p}'"),
                // `+P` (a 枪兵) fills two of the three columns, a letter one.
                Some(p) => format!("{:^3}", p.to_string()),
            });
        }
        out.push(format!("{:>2} |{}|", r + 1, cells.join("|")));
        out.push(border.clone());
    }
    let files: String = ('a'..='j').map(|f| format!("  {f} ")).collect();
    out.push(format!("   {}", files.trim_end()));
    let side = match pos.side_to_move() {
        Color::Black => "b (first player)",
        Color::White => "w (second player)",
    };
    out.push(format!(
        "Side to move: {side}  Move: {}{}",
        pos.move_number(),
        if pos.in_check() { "  In check" } else { "" }
    ));
    let sfen = pos.to_sfen();
    let fields: Vec<&str> = sfen.split(' ').collect();
    out.push(format!("Hands: {}", fields.get(2).unwrap_or(&"-")));
    if pos.rules().drops {
        out.push(format!(
            "Drop cooldowns: b {}, w {}",
            pos.cooldown(Color::Black),
            pos.cooldown(Color::White)
        ));
    }
    out.push(format!("Castling: {}", fields.get(3).unwrap_or(&"-")));
    facts::append(pos, &mut out);
    out.join("\n")
}

/// The legal moves, one per line as `<ASCII> <record notation>`, then a count line.
pub fn list_moves(pos: &Position, uci: bool) -> Vec<String> {
    let moves = legal_moves(pos);
    let mut lines: Vec<String> = moves
        .iter()
        .map(|&m| {
            let ascii = longjiang_core::rules::ascii::move_text(m, pos.rules().text);
            let ascii = if uci { ascii.replace('*', "@") } else { ascii };
            format!("{ascii} {}", move_name(pos, m))
        })
        .collect();
    lines.push(format!("{} legal moves", moves.len()));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::LONGJIANG;

    #[test]
    fn the_start_position_looks_like_the_seed() {
        let text = draw(&Position::start(LONGJIANG));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "∨ 持驹：无　禁援：0");
        assert_eq!(lines[1], "┏━┳━┳━┳━┳━┳━┳━┳━┳━┳━┓");
        // The second player's back rank, turned round: 兵 over 戟 … 帅 over 大.
        assert_eq!(lines[2], "┃兵┃兵┃兵┃卫┃将┃帅┃卫┃兵┃兵┃兵┃十");
        assert_eq!(lines[3], "┃戟┃骑┃僧┃近┃副┃大┃近┃僧┃骑┃戟┃");
        // The first player's back rank, as in the seed.
        assert_eq!(lines[29], "┃戟┃骑┃僧┃近┃副┃主┃近┃僧┃骑┃戟┃一");
        assert_eq!(lines[30], "┃兵┃兵┃兵┃卫┃将┃帅┃卫┃兵┃兵┃兵┃");
        assert_eq!(lines[31], "┗━┻━┻━┻━┻━┻━┻━┻━┻━┻━┛");
        assert_eq!(lines[32], "一　二　三　四　五　六　七　八　九　十");
        assert_eq!(lines[33], "∧ 持驹：无　禁援：0");
        assert!(text.contains("戟兵保帅：∧ 戟帅 戟一帅　∨ 戟帅 戟一帅"));
        assert!(text.contains(&format!("Sfen: {}", LONGJIANG.start_sfen)));
    }

    /// A plain form in ASCII, every line of the grid the same width.
    #[test]
    fn the_plain_board_is_ascii_and_lines_up() {
        let pos = Position::from_sfen(
            "r4k3r/10/10/10/10/4+P5/10/10/P'P'8/R4K3R w 2QN2Pr KQq 21 57",
            LONGJIANG,
        )
        .unwrap();
        let text = draw_plain(&pos);
        assert!(text.is_ascii(), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[..21].iter().all(|l| l.len() == 44), "{text}");
        assert_eq!(lines[0], "   +---+---+---+---+---+---+---+---+---+---+");
        assert_eq!(lines[1], "10 | r |   |   |   |   | k |   |   |   | r |");
        assert_eq!(lines[11], " 5 |   |   |   |   |+P |   |   |   |   |   |");
        assert_eq!(lines[17], " 2 | P'| P'|   |   |   |   |   |   |   |   |");
        assert_eq!(lines[19], " 1 | R |   |   |   |   | K |   |   |   | R |");
        assert_eq!(lines[21], "     a   b   c   d   e   f   g   h   i   j");
        assert_eq!(lines[22], "Side to move: w (second player)  Move: 57");
        assert_eq!(lines[23], "Hands: 2QN2Pr");
        assert_eq!(lines[24], "Drop cooldowns: b 2, w 1");
        assert_eq!(lines[25], "Castling: KQq");
    }

    #[test]
    fn hands_show_counts_and_cooldowns() {
        let pos = Position::from_sfen("5k4/10/10/10/10/10/10/10/10/5K4 w Q2Pn - 02 9", LONGJIANG)
            .unwrap();
        let text = draw(&pos);
        assert!(text.starts_with("∨ 持驹：骑兵　禁援：2\n"), "{text}");
        assert!(text.contains("∧ 持驹：副将 刀兵×2　禁援：0"), "{text}");
        assert!(text.contains("行棋：∨ 大帅方　第 9 手"), "{text}");
        assert!(text.contains("戟兵保帅：∧ 无　∨ 无"), "{text}");
    }

    #[test]
    fn moves_come_in_both_notations() {
        let lines = list_moves(&Position::start(LONGJIANG), false);
        assert!(lines.contains(&"f2f4 六四".to_string()));
        assert!(lines.contains(&"b1c3 骑三三".to_string()));
        // 10 pawns × (one or two steps) + 2 cavalry × (two leaps and the 2-square step).
        assert_eq!(lines.last().map(String::as_str), Some("26 legal moves"));
        // Shogi's moves in KIF.
        let lines = list_moves(&Position::start(longjiang_core::rules::SHOGI), false);
        assert!(lines.contains(&"7g7f ７六歩(77)".to_string()), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("30 legal moves"));
    }
}
