use crate::rules::Position;
use crate::rules::from_setup::parse_sfen;
use crate::rules::{LONGJIANG, LONGJIANG_NODROP};

#[test]
fn start_round_trips() {
    let pos = Position::start(LONGJIANG);
    assert_eq!(pos.to_sfen(), LONGJIANG.start_sfen);
    assert_eq!(
        Position::start(LONGJIANG_NODROP).to_sfen(),
        LONGJIANG.start_sfen
    );
}

#[test]
fn unusual_fields_round_trip() {
    let s = "r4k3r/10/10/10/10/4+P5/10/10/P'P'8/R4K3R w 2QN2Pr KQq 21 57";
    let pos = parse_sfen(s, LONGJIANG).unwrap();
    assert_eq!(pos.to_sfen(), s);
}

#[test]
fn errors_say_what_and_where() {
    let cases = [
        ("10/10", "expected 6 fields"),
        (
            "rnbgqkgbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
            "rank 8 has 11 squares",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b P0 KQkq 00 1",
            "count without a piece",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b 0P KQkq 00 1",
            "hand count 0",
        ),
        (
            "rnbgqgbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQ 00 1",
            "no king for w",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR x - KQkq 00 1",
            "side to move 'x'",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 30 1",
            "cooldown 3",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 0",
            "move number",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBN1 b - KQkq 00 1",
            "castling right K",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 0 1",
            "cooldowns '0'",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkx 00 1",
            "castling 'KQkx'",
        ),
        (
            "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNX b - KQkq 00 1",
            "unexpected 'X' in rank 1",
        ),
        (
            "P4k4/10/10/10/10/10/10/10/10/5K4 b - - 00 1",
            "last rank at a10",
        ),
        (
            "5k4/10/10/10/10/10/10/10/2N'7/5K4 b - - 00 1",
            "unexpected ''' in rank 2",
        ),
        (
            "5k4/10/10/10/10/10/10/2P'7/10/5K4 b - - 00 1",
            "' after the piece on c3",
        ),
    ];
    for (text, want) in cases {
        let err = parse_sfen(text, LONGJIANG).unwrap_err().to_string();
        assert!(err.contains(want), "{text}: got '{err}', want '{want}'");
    }
    let err = parse_sfen(
        "5k4/10/10/10/10/10/10/10/10/5K4 b P - 00 1",
        LONGJIANG_NODROP,
    )
    .unwrap_err();
    assert!(err.to_string().contains("no-drop"));
}

/// 龙将棋 numbers its ranks 1 … 10 and names squares `e5`, as it always did.
#[test]
fn longjiang_messages_are_unchanged() {
    let start = LONGJIANG.start_sfen;
    let cases = [
        (
            "10/10 b - KQkq 00 1".to_string(),
            "board has 2 ranks, expected 10 (9 in shogi)",
        ),
        (
            start.replacen("10", "11", 1),
            "rank 8 has 11 squares, expected 10 (9 in shogi)",
        ),
        (
            start.replacen("RNBGQKGBNR", "RNBGQKGBNX", 1),
            "unexpected 'X' in rank 1",
        ),
        (
            start.replacen("pppppppppp", "ppppppppp+", 1),
            "'+' in rank 9 must be followed by a piece that promotes",
        ),
        (
            "10/10".to_string(),
            "expected 6 fields (board side hands castling cooldowns move; in shogi 4: \
             board side hands move), got 1",
        ),
        (
            "P4k4/10/10/10/10/10/10/10/10/5K4 b - - 00 1".to_string(),
            "unpromoted pawn on its last rank at a10 (or a piece that could never move)",
        ),
    ];
    for (text, want) in cases {
        let err = parse_sfen(&text, LONGJIANG).unwrap_err().to_string();
        assert_eq!(err, want, "{text}");
    }
}

/// Shogi names ranks a … i (a on the second player's side) and squares 9a … 1i.
#[test]
fn shogi_messages_name_shogi_ranks_and_squares() {
    use crate::rules::SHOGI;
    let cases = [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "rank g has 8 squares, expected 9 (files 9 … 1)",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
            "board has 8 ranks, expected 9 (a … i)",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            "unexpected 'X' in rank i",
        ),
        (
            "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "'+' in rank a must be followed by a piece that promotes",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
            "expected 4 fields (board side hands move; the move number may be left \
             out), got 2",
        ),
        (
            "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
            "unpromoted pawn on its last rank at 9a (or a piece that could never move)",
        ),
        (
            "4k4/1N7/9/9/9/9/9/9/4K4 b - 1",
            "unpromoted pawn on its last rank at 8b (or a piece that could never move)",
        ),
        (
            "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1",
            "two unpromoted pawns of one side on the file of 5g (nifu)",
        ),
    ];
    for (text, want) in cases {
        let err = parse_sfen(text, SHOGI).unwrap_err().to_string();
        assert_eq!(err, want, "{text}");
    }
}
