use super::*;
use crate::rules::Move;

/// What XBoard 4.9.1 saved (`-sgf`) for a game it ran between two longjiang processes
/// (`tests/xboard_gui.rs`), one of each game.
const XBOARD_DROP: &str = include_str!("../../../../../tests/data/xboard-saved-longjiang.pgn");
const XBOARD_NODROP: &str =
    include_str!("../../../../../tests/data/xboard-saved-longjiang-nodrop.pgn");

fn record(variant: Variant, sfen: Option<&str>, moves: &str, tags: &[(&str, &str)]) -> GameRecord {
    let mut r = GameRecord::new(variant);
    r.start_sfen = sfen.map(str::to_string);
    let mut pos = r.start_position().unwrap();
    for t in moves.split_whitespace() {
        let m: Move = pos.parse_move(t).unwrap();
        r.moves.push(m);
        pos.play(m);
    }
    r.tags = tags
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    r
}

fn sorted(mut r: GameRecord) -> GameRecord {
    r.tags.sort();
    r
}

#[test]
fn a_game_is_written_as_the_chess_tools_write_it() {
    let r = record(
        Variant::Longjiang,
        None,
        "c2c4 d9d7 f2f3 i10h8 b1b3",
        &[
            ("Black", "longjiang"),
            ("White", "fsf"),
            ("Result", "0-1"),
            ("Reason", "longjiang resigns"),
            ("Date", "2026.12.02"),
            ("Round", "7"),
            ("TimeControl", "10+0.1"),
            ("Opening", "builtin line 3"),
        ],
    );
    let text = write_pgn(&r, SanForm::Standard).unwrap();
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.12.02\"]\n[Round \"7\"]\n\
         [White \"longjiang\"]\n[Black \"fsf\"]\n[Result \"0-1\"]\n[Variant \"longjiangqi\"]\n\
         [TimeControl \"10+0.1\"]\n[Termination \"normal\"]\n[Opening \"builtin line 3\"]\n\n\
         1. c4 d7 2. f3 Nh8 3. Nb3 {longjiang resigns} 0-1\n\n"
    );
    let back = parse_pgn(&text).unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(sorted(back[0].clone()), sorted(r.clone()));
    let xb = write_pgn(&r, SanForm::XBoard).unwrap();
    assert!(xb.contains("[Variant \"longjiang\"]\n"), "{xb}");
    assert!(
        xb.contains("[FEN \"rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1\"]\n[SetUp \"1\"]\n"),
        "{xb}"
    );
    assert!(
        xb.contains("1. c3 d6 2. f2 Nh7 3. Nb2 {longjiang resigns} 0-1"),
        "{xb}"
    );
    assert_eq!(sorted(parse_pgn(&xb).unwrap().remove(0)), sorted(r));
}

#[test]
fn drops_promotions_castling_and_a_set_up_start_round_trip() {
    let sfen = "r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R b NPqp KQkq 00 1";
    let r = record(
        Variant::Longjiang,
        Some(sfen),
        "f1i1 j9j8 b9b10+ a10b10 N*d5 e6d5",
        &[("Result", "*")],
    );
    for form in [SanForm::Standard, SanForm::XBoard] {
        let text = write_pgn(&r, form).unwrap();
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        assert!(!text.contains("[SFEN "), "{text}");
        let back = parse_pgn(&text).unwrap().remove(0);
        assert_eq!(back.moves, r.moves, "{text}");
        assert_eq!(back.start_sfen.as_deref(), Some(sfen));
    }
    let fsf = write_pgn(&r, SanForm::Standard).unwrap();
    assert!(
        fsf.contains("[FEN \"r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R[NPqp] w KQkq - 0 1\"]"),
        "{fsf}"
    );
    assert!(
        fsf.contains("1. O-O j8 2. b10=S+ Rxb10 3. N@d5 exd5"),
        "{fsf}"
    );
    let xb = write_pgn(&r, SanForm::XBoard).unwrap();
    assert!(xb.contains("1. O-O j7 2. b9=++ Rxb9 3. N@d4 exd4"), "{xb}");
    // A cooldown a FEN cannot hold keeps the engine's SFEN beside it.
    let cooling = "r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R b NPqp KQkq 10 1";
    let r = record(Variant::Longjiang, Some(cooling), "a2a3", &[]);
    let text = write_pgn(&r, SanForm::Standard).unwrap();
    assert!(text.contains(&format!("[SFEN \"{cooling}\"]")), "{text}");
    assert_eq!(
        parse_pgn(&text).unwrap()[0].start_sfen.as_deref(),
        Some(cooling)
    );
}

/// The PGN XBoard saves is read, move for move, with its result and the
/// game's end; the two files together are one file of two games.
#[test]
fn the_pgn_xboard_saves_is_read() {
    let both = format!("{XBOARD_DROP}\n{XBOARD_NODROP}");
    let games = parse_pgn(&both).unwrap();
    assert_eq!(games.len(), 2);
    for (g, variant, plies, result, reason) in [
        (&games[0], Variant::Longjiang, 233, "1-0", "White mates"),
        (
            &games[1],
            Variant::LongjiangNoDrop,
            152,
            "0-1",
            "Black mates",
        ),
    ] {
        assert_eq!(g.variant, variant);
        assert_eq!(g.moves.len(), plies);
        assert_eq!(g.start_sfen, None, "the FEN is the start position");
        assert_eq!(g.tag("Result"), Some(result));
        assert_eq!(g.tag("Reason"), Some(reason));
        assert_eq!(g.tag("Black"), Some("longjiang 0.1.0"));
        assert_eq!(g.tag("Date"), Some("2026.12.02"));
        assert_eq!(g.tag("Round"), None, "a '-' placeholder is no tag");
        let end = g.final_position().unwrap().outcome().unwrap();
        assert_eq!(end.reason(), crate::rules::outcome::EndReason::Checkmate);
        // Written again in XBoard's form, the moves are XBoard's own words.
        let again = write_pgn(g, SanForm::XBoard).unwrap();
        let theirs = if variant.rules().drops {
            XBOARD_DROP
        } else {
            XBOARD_NODROP
        };
        // Every SAN word equals XBoard's own.
        let words = |t: &str| -> Vec<String> {
            lexer::games(t).unwrap()[0]
                .items
                .iter()
                .filter_map(|(_, it)| match it {
                    Item::Word(w) => Some(w.clone()),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(words(&again), words(theirs));
        assert_eq!(
            sorted(parse_pgn(&again).unwrap().remove(0)),
            sorted(g.clone())
        );
    }
    assert_eq!(games[0].moves[0].to_string(), "c2c4");
}

#[test]
fn bad_pgn_is_one_clear_error() {
    let ok = "[Event \"x\"]\n[Variant \"longjiangqi\"]\n\n1. c4 d7 *\n";
    assert_eq!(parse_pgn(ok).unwrap()[0].moves.len(), 2);
    for (text, line, says) in [
        (
            "[Event \"x\"]\n\n1. c4 d5 *\n",
            Some(3),
            "move 2: 'd5': no legal move fits it",
        ),
        (
            "[Event \"x\"]\n\n1. c4 Zq *\n",
            Some(3),
            "move 2: 'Zq' is not a SAN move",
        ),
        (
            "[Variant \"chess\"]\n1. e4 *",
            Some(1),
            "unknown variant 'chess'",
        ),
        (
            "[Variant \"shogi\"]\n1. e4 *",
            Some(1),
            "SAN is written for the 龙将棋 games",
        ),
        ("[FEN \"10/10 w - - 0 1\"]\n*", Some(1), "FEN: bad FEN"),
        (
            "[Result \"1-0\"]\n1. c4 0-1",
            Some(2),
            "result 0-1 differs from the Result tag 1-0",
        ),
        ("[Result \"2-0\"]\n1. c4", Some(1), "Result '2-0'"),
        (
            "[Event \"x\"]\n[Event \"y\"]\n*",
            Some(2),
            "tag Event given twice",
        ),
        ("1. c4 {never closed", Some(1), "never closed"),
        ("[Event \"x\" junk\n", Some(1), "tag"),
    ] {
        let e = parse_pgn(text).unwrap_err();
        assert_eq!(e.line, line, "{text}: {e}");
        assert_eq!(
            e.game.is_some(),
            !matches!(e.kind, PgnErrorKind::Syntax(_)),
            "{e}"
        );
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    // A mate claimed where there is none.
    let e = parse_pgn("[Event \"x\"]\n1. c4 {checkmate} 1-0\n").unwrap_err();
    assert!(
        e.to_string().contains("contradicts the final position"),
        "{e}"
    );
    // Shogi is written as KIF, not PGN.
    let shogi = GameRecord::new(Variant::Shogi);
    assert!(write_pgn(&shogi, SanForm::Standard).is_err());
}

#[test]
fn the_record_format_and_pgn_are_told_apart() {
    assert!(looks_like_pgn(XBOARD_DROP));
    assert!(!looks_like_pgn(
        "[Variant \"longjiang\"]\n[Moves \"f2f4\"]\n1. 六四\n*\n"
    ));
    assert!(!looks_like_pgn("f2f4 f9f7"));
    assert_eq!(termination(Some("fsf loses on time")), "time forfeit");
    assert_eq!(termination(Some("checkmate")), "normal");
    assert_eq!(termination(None), "unterminated");
}

/// Tags named for a side (`BlackClock`, `WhiteElo`) follow the side: the records' Black is
/// PGN's White, in both forms and both ways.
#[test]
fn side_tags_are_credited_to_the_same_player() {
    let r = record(
        Variant::Longjiang,
        None,
        "c2c4 d9d7",
        &[
            ("Black", "first"),
            ("White", "second"),
            ("Result", "*"),
            ("BlackClock", "moves=1 used=0.100"),
            ("WhiteClock", "moves=1 used=0.200"),
        ],
    );
    for form in [SanForm::Standard, SanForm::XBoard] {
        let text = write_pgn(&r, form).unwrap();
        assert!(text.contains("[White \"first\"]\n"), "{text}");
        assert!(
            text.contains("[WhiteClock \"moves=1 used=0.100\"]\n"),
            "{text}"
        );
        assert!(
            text.contains("[BlackClock \"moves=1 used=0.200\"]\n"),
            "{text}"
        );
        let back = parse_pgn(&text).unwrap().remove(0);
        assert_eq!(back.tag("BlackClock"), Some("moves=1 used=0.100"));
        assert_eq!(back.tag("WhiteClock"), Some("moves=1 used=0.200"));
    }
}
