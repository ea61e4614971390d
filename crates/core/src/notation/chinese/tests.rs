use super::*;
use crate::rules::{LONGJIANG, LONGJIANG_NODROP, Rules};

fn pos(sfen: &str, rules: Rules) -> Position {
    Position::from_sfen(sfen, rules).unwrap()
}

fn mv(p: &Position, ascii: &str) -> Move {
    p.parse_move(ascii).unwrap()
}

/// Writes `ascii` in `p`, checks the text, and reads the text back.
fn round(p: &Position, ascii: &str, record: &str) {
    let m = mv(p, ascii);
    assert_eq!(write_move(p, m), record, "{ascii}");
    assert_eq!(parse_move(p, record), Ok(m), "{record}");
}

#[test]
fn the_seed_examples() {
    // 骑七三 / 骑五三七三 / 骑Ｘ七三 / 骑五三Ｘ七三 (rules 1–3).
    let one = pos("5k4/10/10/10/10/10/10/4N5/10/5K4 b - - 00 1", LONGJIANG);
    round(&one, "e3g3", "骑七三");
    let two = pos("5k4/10/10/10/10/6N3/10/4N5/10/5K4 b - - 00 1", LONGJIANG);
    round(&two, "e3g3", "骑五三七三");
    round(&two, "g5g3", "骑七五七三");
    let one_x = pos("5k4/10/10/10/10/10/10/4N1p3/10/5K4 b - - 00 1", LONGJIANG);
    round(&one_x, "e3g3", "骑Ｘ七三");
    let two_x = pos("5k4/10/10/10/10/6N3/10/4N1p3/10/5K4 b - - 00 1", LONGJIANG);
    round(&two_x, "e3g3", "骑五三Ｘ七三");
    // 四Ｘ三六 (rule 4) and a pawn's plain step.
    let pawns = pos("5k4/10/10/10/2p7/3P6/10/10/10/5K4 b - - 00 1", LONGJIANG);
    round(&pawns, "d5c6", "四Ｘ三六");
    round(&pawns, "d5d6", "四六");
    // 卫Ｘ六九＃ (rule 5).
    let guard = pos("6k3/5n4/5G4/10/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    round(&guard, "f8f9", "卫Ｘ六九＃");
    // 戟帅 / 戟一帅 (rule 6), for both sides.
    let castle = pos(
        "r4k3r/10/10/10/10/10/10/10/10/R4K3R b - KQkq 00 1",
        LONGJIANG,
    );
    round(&castle, "f1i1", "戟帅");
    round(&castle, "f1c1", "戟一帅");
    let castle_w = pos(
        "r4k3r/10/10/10/10/10/10/10/10/R4K3R w - KQkq 00 2",
        LONGJIANG,
    );
    round(&castle_w, "f10i10", "戟帅");
    round(&castle_w, "f10c10", "戟一帅");
    // 六Ｘ五八成＃ (rule 7) and the optional promotion left out.
    let promo = pos("4k5/10/4p5/5P4/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    round(&promo, "f7e8+", "六Ｘ五八成＃");
    round(&promo, "f7e8", "六Ｘ五八");
    // 五十成副 (rule 7, no-drop reading), every promotion piece.
    let nodrop = pos(
        "10/4P5/k9/10/10/10/10/10/10/5K4 b - - 00 1",
        LONGJIANG_NODROP,
    );
    round(&nodrop, "e9e10q", "五十成副");
    round(&nodrop, "e9e10r", "五十成戟");
    round(&nodrop, "e9e10n", "五十成骑");
    round(&nodrop, "e9e10b", "五十成僧");
    round(&nodrop, "e9e10g", "五十成卫");
    // 副四四打 / 八六打 (rule 8).
    let drops = pos("5k4/10/10/10/10/10/10/10/10/5K4 b QP - 00 1", LONGJIANG);
    round(&drops, "Q*d4", "副四四打");
    round(&drops, "P*h6", "八六打");
}

#[test]
fn lenient_forms_are_read() {
    let two_x = pos("5k4/10/10/10/10/6N3/10/4N1p3/10/5K4 b - - 00 1", LONGJIANG);
    let m = mv(&two_x, "e3g3");
    for text in ["骑五三X七三", "骑兵五三x七三", " 骑五三×七三 "] {
        assert_eq!(parse_move(&two_x, text), Ok(m), "{text}");
    }
    let guard = pos("6k3/5n4/5G4/10/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    let m = mv(&guard, "f8f9");
    for text in ["卫Ｘ六九", "卫X六九#", "近卫六八Ｘ六九＃"] {
        assert_eq!(parse_move(&guard, text), Ok(m), "{text}");
    }
    let promo = pos("4k5/10/4p5/5P4/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    assert_eq!(parse_move(&promo, "六Ｘ五八不成"), Ok(mv(&promo, "f7e8")));
    assert_eq!(
        parse_move(&promo, "六七Ｘ五八成枪＃"),
        Ok(mv(&promo, "f7e8+"))
    );
    assert_eq!(parse_move(&promo, "刀兵六八"), Ok(mv(&promo, "f7f8")));
}

fn err(p: &Position, text: &str) -> NotationError {
    parse_move(p, text).expect_err(text)
}

#[test]
fn bad_records_say_why() {
    let two_x = pos("5k4/10/10/10/10/6N3/10/4N1p3/10/5K4 b - - 00 1", LONGJIANG);
    let e = err(&two_x, "骑Ｘ七三");
    assert!(
        matches!(&e, NotationError::Ambiguous { candidates, .. } if candidates.len() == 2),
        "{e}"
    );
    assert!(e.to_string().contains("骑五三Ｘ七三 (e3g3)"), "{e}");
    let e = err(&two_x, "骑五三七三");
    assert!(e.to_string().contains("write Ｘ"), "{e}");
    let e = err(&two_x, "骑七五Ｘ七七");
    assert!(e.to_string().contains("no Ｘ"), "{e}");
    let e = err(&two_x, "骑七三＃");
    assert!(e.to_string().contains("write Ｘ"), "{e}");
    let e = err(&two_x, "骑五三Ｘ七三＃");
    assert!(e.to_string().contains("does not give check"), "{e}");
    let e = err(&two_x, "僧七三");
    assert!(e.to_string().contains("no 僧 can move to 七三"), "{e}");
    let e = err(&two_x, "骑六一Ｘ七三");
    assert!(e.to_string().contains("not a 骑"), "{e}");
    let e = err(&two_x, "骑一一Ｘ七三");
    assert!(e.to_string().contains("no piece on 一一"), "{e}");

    let promo = pos("4k5/10/4p5/5P4/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    let e = err(&promo, "六Ｘ五八成副");
    assert!(
        e.to_string().contains("not a promotion of this game"),
        "{e}"
    );
    let last = pos("3k6/5P4/10/10/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
    let e = err(&last, "六十");
    assert!(e.to_string().contains("must promote"), "{e}");
    let nodrop = pos(
        "10/4P5/k9/10/10/10/10/10/10/5K4 b - - 00 1",
        LONGJIANG_NODROP,
    );
    let e = err(&nodrop, "五十成");
    assert!(
        e.to_string().contains("not a promotion of this game"),
        "{e}"
    );

    let cooled = pos("5k4/10/10/10/10/10/10/10/10/5K4 b QP - 10 1", LONGJIANG);
    let e = err(&cooled, "副四四打");
    assert!(e.to_string().contains("cooldown"), "{e}");
    let e = err(&cooled, "枪四四打");
    assert!(e.to_string().contains("never dropped"), "{e}");
    let e = err(&cooled, "骑四四打");
    assert!(e.to_string().contains("not in hand"), "{e}");

    let start = Position::start(LONGJIANG);
    let e = err(&start, "戟帅");
    assert!(e.to_string().contains("occupied"), "{e}");
    let moved = pos(
        "r4k3r/10/10/10/10/10/10/10/10/R4K3R b - Qkq 00 1",
        LONGJIANG,
    );
    let e = err(&moved, "戟帅");
    assert!(e.to_string().contains("has moved"), "{e}");

    for bad in [
        "",
        "骑",
        "骑七",
        "骑七三四",
        "骑Ｘ七",
        "七三打Ｘ",
        "骑五Ｘ七三",
        "骑七三成",
        "五四##",
        "五四？",
        "abc",
        "十一十一十一",
    ] {
        assert!(
            matches!(parse_move(&start, bad), Err(NotationError::Syntax { .. })),
            "{bad}: {:?}",
            parse_move(&start, bad)
        );
    }
}
