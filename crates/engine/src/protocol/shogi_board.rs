//! `d` and `d plain` for games whose diagram is `Diagram::Bod` (standard shogi): the board as a
//! KIF board diagram (BOD, the form Kifu for Windows, ShogiGUI and YaneuraOu's `d` print:
//! files ９ … １ above, ranks 一 … 九 on the right, `v` before a second-player piece, `・` an
//! empty square, the hands as `後手の持駒：…` / `先手の持駒：…`), and a plain ASCII grid with
//! USI's coordinates (files 9 … 1, ranks a … i).

use super::facts;
use longjiang_core::notation::kif::{board_ranks, side_name};
use longjiang_core::rules::{Color, Position};

/// The board as a KIF board diagram, then side to move, move number and the facts `d` ends with.
pub fn draw(pos: &Position) -> String {
    let mut out = longjiang_core::notation::kif::bod(pos);
    out.push(format!(
        "{}番　手数＝{}{}",
        side_name(pos.side_to_move()),
        pos.move_number(),
        if pos.in_check() { "　王手" } else { "" }
    ));
    facts::append(pos, &mut out);
    out.join("\n")
}

/// The board in ASCII with USI's coordinates: SFEN letters (uppercase = first player, `+P` a
/// promoted piece) with files 9 … 1 above and ranks a … i on the right, then the facts.
pub fn draw_plain(pos: &Position) -> String {
    let files = pos.rules().files;
    let border = format!("+{}", "---+".repeat(files as usize));
    let heads: String = (1..=files).rev().map(|f| format!("  {f} ")).collect();
    let mut out = vec![format!("{} ", heads.trim_end()), border.clone()];
    for (i, rank) in board_ranks(pos).enumerate() {
        let cells: Vec<String> = rank
            .into_iter()
            .map(|sq| match pos.piece_at(sq) {
                None => "   ".to_string(),
                Some(p) => format!("{:^3}", p.to_string()),
            })
            .collect();
        out.push(format!(
            "|{}| {}",
            cells.join("|"),
            (b'a' + i as u8) as char
        ));
        out.push(border.clone());
    }
    let side = match pos.side_to_move() {
        Color::Black => "b (first player, sente)",
        Color::White => "w (second player, gote)",
    };
    out.push(format!(
        "Side to move: {side}  Move: {}{}",
        pos.move_number(),
        if pos.in_check() { "  In check" } else { "" }
    ));
    let sfen = pos.to_sfen();
    out.push(format!("Hands: {}", sfen.split(' ').nth(2).unwrap_or("-")));
    facts::append(pos, &mut out);
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::SHOGI;

    #[test]
    fn the_start_position_as_a_kif_board_diagram() {
        let text = draw(&Position::start(SHOGI));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "後手の持駒：なし");
        assert_eq!(lines[1], "  ９ ８ ７ ６ ５ ４ ３ ２ １");
        assert_eq!(lines[2], "+---------------------------+");
        assert_eq!(lines[3], "|v香v桂v銀v金v玉v金v銀v桂v香|一");
        assert_eq!(lines[4], "| ・v飛 ・ ・ ・ ・ ・v角 ・|二");
        assert_eq!(lines[5], "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三");
        assert_eq!(lines[6], "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四");
        assert_eq!(lines[10], "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八");
        assert_eq!(lines[11], "| 香 桂 銀 金 玉 金 銀 桂 香|九");
        assert_eq!(lines[12], "+---------------------------+");
        assert_eq!(lines[13], "先手の持駒：なし");
        assert_eq!(lines[14], "先手番　手数＝1");
        assert_eq!(lines[15], "Variant: shogi");
    }

    #[test]
    fn hands_promoted_pieces_and_the_plain_form() {
        let sfen = "8l/1+R5k1/6gpp/9/9/9/9/9/+b7K w RG2Pb3p 40";
        let pos = Position::from_sfen(sfen, SHOGI).unwrap();
        let text = draw(&pos);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "後手の持駒：角　歩三");
        assert_eq!(lines[4], "| ・ 龍 ・ ・ ・ ・ ・v玉 ・|二");
        assert_eq!(lines[11], "|v馬 ・ ・ ・ ・ ・ ・ ・ 玉|九");
        assert_eq!(lines[13], "先手の持駒：飛　金　歩二");
        assert_eq!(lines[14], "後手番　手数＝40　王手");
        let plain = draw_plain(&pos);
        assert!(plain.is_ascii(), "{plain}");
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[0], "  9   8   7   6   5   4   3   2   1 ");
        // Borders 37 columns, ranks 37 and their letter: the columns line up.
        assert!(
            lines[1..20].iter().step_by(2).all(|l| l.len() == 37),
            "{plain}"
        );
        assert!(
            lines[2..20].iter().step_by(2).all(|l| l.len() == 39),
            "{plain}"
        );
        assert_eq!(lines[1], "+---+---+---+---+---+---+---+---+---+");
        assert_eq!(lines[2], "|   |   |   |   |   |   |   |   | l | a");
        assert_eq!(lines[4], "|   |+R |   |   |   |   |   | k |   | b");
        assert_eq!(lines[18], "|+b |   |   |   |   |   |   |   | K | i");
        assert_eq!(
            lines[20],
            "Side to move: w (second player, gote)  Move: 40  In check"
        );
        assert_eq!(lines[21], "Hands: RG2Pb3p");
        assert!(plain.contains(&format!("Sfen: {sfen}")), "{plain}");
    }
}
