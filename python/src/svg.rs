//! The position as an SVG picture, drawn as the web board draws it
//! (`src/tools/serve/web/board.js`, `style.css`): a wooden grid, the bell-shaped pieces
//! pointing at the opponent with their two-character names, the last move and a king in
//! check marked, and (in a game with drops) the hands in strips above and below.

use longjiang_core::geometry::Square;
use longjiang_core::notation::kif::kif_name;
use longjiang_core::rules::{Color, Move, Piece, PieceKind, Position, RecordFormat, Rules};
use std::fmt::Write as _;

/// Square size, margin for coordinates, hand strip height (the web board's `S`, `M`).
const S: i32 = 64;
const M: i32 = 24;
const HAND: i32 = 52;
const NUM: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
const WIDE: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
/// The web board's bell outline, pointing up, centred on (0, 0).
const BELL: &str = "M0,-29 C6,-26 12,-23 17,-20 C21,-6 23,10 26,26 C9,29 -9,29 -26,26 \
                    C-23,10 -21,-6 -17,-20 C-12,-23 -6,-26 0,-29 Z";
/// The board part of the web board's style sheet.
const STYLE: &str = ".frame{fill:#c9a469}.wood{fill:#e9c98f}\
.grid line{stroke:#5b3d16;stroke-width:1.2}\
.coords text{font-size:15px;text-anchor:middle;fill:#3b2a17}\
.coords text.ascii{font-size:11px;fill:#6d5533;font-family:sans-serif}\
.last{fill:rgba(255,222,89,0.45)}.check{fill:rgba(220,40,40,0.5)}\
.bell{fill:#f8e3b4;stroke:#3a2610;stroke-width:1.6}\
.piece[data-color=\"w\"] .bell{fill:#f1d9a8}\
text{font-family:\"Noto Sans CJK SC\",\"WenQuanYi Zen Hei\",\"Microsoft YaHei\",sans-serif}\
.pname{font-size:20px;text-anchor:middle;fill:#1d1209;font-weight:bold}\
.pname.letter{font-size:26px;font-family:sans-serif}.pname.promoted{fill:#b3261e}\
.count{font-size:16px;font-weight:bold;fill:#1d1209}.cooldown{font-size:15px;fill:#5a4630}.tomove{fill:#b3261e}";

/// The SFEN text of a piece's kind, uppercase (`P`, `+P`, `K`).
pub fn kind_token(kind: PieceKind) -> String {
    match kind.letter() {
        Some(c) => c.to_string(),
        None => format!("+{}", kind.in_hand().letter().unwrap_or('?')),
    }
}

fn side(c: Color) -> char {
    match c {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

/// A piece's name as the game's boards write it: the seed's two characters in 龙将棋
/// (`刀兵`, `主帅`), KIF's in shogi (`歩`, `成香`).
fn name_of(format: RecordFormat, p: Piece) -> &'static str {
    match format {
        RecordFormat::Chinese => p.kind.full_name(p.color),
        RecordFormat::Kif => kif_name(p.kind),
    }
}

/// How the picture is drawn.
pub struct Look {
    /// The second player at the bottom.
    pub flipped: bool,
    /// Upright letters (`P`, `K`) instead of the Chinese or Japanese names.
    pub letters: bool,
}

/// The drawing of `pos` (`last`: the move that led to it, marked).
pub fn draw(pos: &Position, last: Option<Move>, look: &Look) -> String {
    let rules = pos.rules();
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    let hands = if rules.drops { HAND } else { 0 };
    let (w, h) = (files * S + 2 * M, ranks * S + 2 * M + 2 * hands);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
         height=\"{h}\" class=\"longjiang-board\" data-variant=\"{}\" data-sfen=\"{}\">\
         <style>{STYLE}</style>",
        rules.variant.name(),
        pos.to_sfen()
    );
    let _ = write!(
        out,
        "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\"/>"
    );
    let top = M + hands;
    let xy = |sq: Square| -> (i32, i32) {
        let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
        let (fx, ry) = if look.flipped {
            (files - 1 - f, r)
        } else {
            (f, ranks - 1 - r)
        };
        (M + fx * S, top + ry * S)
    };
    let _ = write!(
        out,
        "<g class=\"grid\"><rect class=\"wood\" x=\"{M}\" y=\"{top}\" width=\"{}\" height=\"{}\"/>",
        files * S,
        ranks * S
    );
    for i in 0..=files {
        let x = M + i * S;
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"{top}\" x2=\"{x}\" y2=\"{}\"/>",
            top + ranks * S
        );
    }
    for i in 0..=ranks {
        let y = top + i * S;
        let _ = write!(
            out,
            "<line x1=\"{M}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            M + files * S
        );
    }
    out.push_str("</g>");
    coordinates(&mut out, rules, files, ranks, top, look.flipped);
    out.push_str("<g class=\"marks\">");
    let mut mark = |sq: Square, class: &str| {
        let (x, y) = xy(sq);
        let _ = write!(
            out,
            "<rect class=\"{class}\" data-mark=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            rules.text.name(sq),
            x + 1,
            y + 1,
            S - 2,
            S - 2
        );
    };
    if let Some(m) = last {
        if let Some(from) = m.from() {
            mark(from, "last");
        }
        mark(m.to(), "last");
    }
    if pos.in_check() {
        mark(pos.king(pos.side_to_move()), "check");
    }
    out.push_str("</g><g class=\"pieces\">");
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let (x, y) = xy(sq);
            let name = rules.text.name(sq).to_string();
            let at = (x + S / 2, y + S / 2 + 1);
            piece(
                &mut out,
                p,
                at,
                1.0,
                look,
                (Some(&name), name_of(rules.presentation.record, p)),
            );
        }
    }
    out.push_str("</g>");
    if rules.drops {
        for c in Color::ALL {
            let bottom = (c == Color::Black) != look.flipped;
            let y = if bottom { h - hands / 2 } else { hands / 2 };
            hand(&mut out, pos, c, y, look, pos.side_to_move() == c);
        }
    }
    out.push_str("</svg>");
    out
}

/// The coordinates round the board: the square names' letters and digits above and left,
/// the record notation's numerals below and right (Chinese in 龙将棋, KIF's in shogi).
fn coordinates(out: &mut String, rules: &Rules, files: i32, ranks: i32, top: i32, flip: bool) {
    let (form, format) = (rules.text, rules.presentation.record);
    out.push_str("<g class=\"coords\">");
    for i in 0..files {
        let f = if flip { files - 1 - i } else { i };
        let x = M + i * S + S / 2;
        let ascii = form.file_name(f as u8);
        let numeral = match format {
            RecordFormat::Chinese => NUM[f as usize],
            RecordFormat::Kif => WIDE[(files - f - 1) as usize],
        };
        let _ = write!(
            out,
            "<text class=\"ascii\" x=\"{x}\" y=\"{}\">{ascii}</text>\
             <text x=\"{x}\" y=\"{}\">{numeral}</text>",
            top - 8,
            top + ranks * S + 17
        );
    }
    for i in 0..ranks {
        let r = if flip { i } else { ranks - 1 - i };
        let y = top + i * S + S / 2;
        let ascii = form.rank_name(r as u8).to_string();
        let numeral = match format {
            RecordFormat::Chinese => NUM[r as usize],
            RecordFormat::Kif => NUM[(ranks - 1 - r) as usize],
        };
        let _ = write!(
            out,
            "<text class=\"ascii\" x=\"12\" y=\"{}\">{ascii}</text>\
             <text x=\"{}\" y=\"{}\">{numeral}</text>",
            y + 5,
            M + files * S + 12,
            y + 6
        );
    }
    out.push_str("</g>");
}

/// One piece at `(x, y)`: the bell, turned round for the second player, and its name.
/// `names`: its square (none in a hand) and its name.
fn piece(
    out: &mut String,
    p: Piece,
    (x, y): (i32, i32),
    scale: f32,
    look: &Look,
    (sq, name): (Option<&str>, &str),
) {
    let up = (p.color == Color::Black) != look.flipped;
    let scale = if p.kind == PieceKind::King { 1.06 } else { 1.0 } * scale;
    let token = kind_token(p.kind);
    let _ = write!(
        out,
        "<g class=\"piece\" data-piece=\"{token}\" data-color=\"{}\"",
        side(p.color)
    );
    if let Some(sq) = sq {
        let _ = write!(out, " data-sq=\"{sq}\"");
    }
    let _ = write!(
        out,
        " transform=\"translate({x},{y}) scale({scale}) rotate({})\"><path class=\"bell\" d=\"{BELL}\"/>",
        if up { 0 } else { 180 }
    );
    let red = if p.kind.is_promoted() {
        " promoted"
    } else {
        ""
    };
    if look.letters {
        let turn = if up { "" } else { " transform=\"rotate(180)\"" };
        let _ = write!(
            out,
            "<text class=\"pname letter{red}\" x=\"0\" y=\"9\"{turn}>{token}</text>"
        );
    } else if name.chars().count() == 1 {
        let _ = write!(
            out,
            "<text class=\"pname{red}\" style=\"font-size:28px\" x=\"0\" y=\"10\">{name}</text>"
        );
    } else {
        let mut name = name.chars();
        let (a, b) = (name.next().unwrap_or(' '), name.next().unwrap_or(' '));
        let _ = write!(
            out,
            "<text class=\"pname{red}\" x=\"0\" y=\"-3\">{a}</text>\
             <text class=\"pname{red}\" x=\"0\" y=\"19\">{b}</text>"
        );
    }
    out.push_str("</g>");
}

/// `color`'s hand in a strip centred at height `y`: a small piece and the count per kind.
fn hand(out: &mut String, pos: &Position, color: Color, y: i32, look: &Look, to_move: bool) {
    let _ = write!(
        out,
        "<g class=\"hand\" data-color=\"{}\"><circle class=\"{}\" cx=\"12\" cy=\"{y}\" r=\"5\"/>",
        side(color),
        if to_move { "tomove" } else { "frame" }
    );
    let mut x = M + 24;
    for &kind in pos.rules().hand_order {
        let n = pos.hand(color).count(kind);
        if n == 0 {
            continue;
        }
        let _ = write!(
            out,
            "<g class=\"hand-piece\" data-piece=\"{}\" data-count=\"{n}\">",
            kind_token(kind)
        );
        let p = Piece::new(color, kind);
        let name = name_of(pos.rules().presentation.record, p);
        piece(out, p, (x, y), 0.7, look, (None, name));
        let _ = write!(
            out,
            "<text class=\"count\" x=\"{}\" y=\"{}\">{n}</text></g>",
            x + 20,
            y + 16
        );
        x += 64;
    }
    let cooldown = pos.cooldown(color);
    if cooldown > 0 {
        let _ = write!(
            out,
            "<text class=\"cooldown\" data-cooldown=\"{cooldown}\" x=\"{}\" y=\"{}\">禁援 {cooldown}</text>",
            M + pos.rules().files as i32 * S - 60,
            y + 6
        );
    }
    out.push_str("</g>");
}
