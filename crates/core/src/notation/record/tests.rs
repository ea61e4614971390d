use super::*;

fn play_ascii(variant: Variant, sfen: Option<&str>, moves: &str) -> GameRecord {
    let mut record = GameRecord::new(variant);
    record.start_sfen = sfen.map(str::to_string);
    let mut pos = record.start_position().unwrap();
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        record.moves.push(m);
        pos.play(m);
    }
    record
}

#[test]
fn a_game_round_trips_through_text() {
    let mut record = play_ascii(
        Variant::Longjiang,
        None,
        "f2f4 e9e7 f4f5 e7e6 f5e6 f9f7 e6f7 g9g8 f7g8+",
    );
    record.tags = vec![
        ("Black".into(), "longjiang \"dev\"".into()),
        ("White".into(), "Fairy-Stockfish".into()),
        ("Result".into(), "*".into()),
    ];
    let text = record.to_text().unwrap();
    let expected = "[Variant \"longjiang\"]\n\
        [Black \"longjiang \\\"dev\\\"\"]\n\
        [White \"Fairy-Stockfish\"]\n\
        [Result \"*\"]\n\
        [Moves \"f2f4 e9e7 f4f5 e7e6 f5e6 f9f7 e6f7 g9g8 f7g8+\"]\n\
        \n\
        1. 六四 五七\n\
        2. 六五 五六\n\
        3. 六Ｘ五六 六七\n\
        4. 五Ｘ六七 七八\n\
        5. 六Ｘ七八成\n\
        *\n";
    assert_eq!(text, expected);
    assert_eq!(GameRecord::parse(&text).unwrap(), record);
}

#[test]
fn records_from_a_position_number_the_second_player_with_dots() {
    let sfen = "5k4/10/10/10/10/10/10/10/10/R4K4 w P - 00 8";
    let record = play_ascii(Variant::Longjiang, Some(sfen), "f10e10 a1a10 e10d9 P*e5");
    let text = record.to_text().unwrap();
    assert!(
        text.contains("[SFEN \"5k4/10/10/10/10/10/10/10/10/R4K4 w P - 00 8\"]"),
        "{text}"
    );
    assert!(
        text.contains("\n4... 帅五十\n5. 戟一十＃ 帅四九\n6. 五五打\n*\n"),
        "{text}"
    );
    assert_eq!(GameRecord::parse(&text).unwrap(), record);
}

#[test]
fn several_games_in_one_file() {
    let a = play_ascii(Variant::Longjiang, None, "f2f4 f9f7");
    let mut b = play_ascii(Variant::LongjiangNoDrop, None, "b1c3");
    b.tags.push(("Result".into(), "1/2-1/2".into()));
    b.tags.push(("Reason".into(), "adjudication".into()));
    let file = format!(
        "{}\n{}{}",
        a.to_text().unwrap(),
        b.to_text().unwrap(),
        a.to_text().unwrap()
    );
    let games = GameRecord::parse_many(&file).unwrap();
    assert_eq!(games, vec![a.clone(), b, a]);
    assert!(GameRecord::parse(&file).is_err());
    assert_eq!(GameRecord::parse_many("").unwrap(), vec![]);
}

#[test]
fn a_checkmate_record_checks_its_result() {
    // The first player mates: 副 from e1 … a quick mate in the no-drop game.
    let sfen = "k9/10/1Q8/10/10/10/10/10/10/1R3K4 b - - 00 1";
    let mut record = play_ascii(Variant::LongjiangNoDrop, Some(sfen), "b8b9");
    record.tags.push(("Result".into(), "1-0".into()));
    let text = record.to_text().unwrap();
    assert!(text.contains("1. 副二九＃\n1-0\n"), "{text}");
    assert_eq!(GameRecord::parse(&text).unwrap(), record);
    record.tags[0].1 = "0-1".into();
    let e = record.to_text().unwrap_err();
    assert!(e.message.contains("contradicts"), "{e}");
    let e = GameRecord::parse(&text.replace("1-0", "1/2-1/2")).unwrap_err();
    assert!(e.to_string().contains("contradicts"), "{e}");
}

#[test]
fn bad_records_say_where_and_why() {
    let good = "[Variant \"longjiang\"]\n[Moves \"f2f4 f9f7\"]\n\n1. 六四 六七\n*\n";
    assert!(GameRecord::parse(good).is_ok());
    let cases = [
        (good.replace("六七", "六六"), "line 4: move 2"),
        (good.replace("f9f7", "f9f6"), "line 2: Moves tag, move 2"),
        (good.replace("f9f7", "f9f8"), "but the record says 六七"),
        (
            good.replace(" f9f7", ""),
            "the Moves tag has 1 moves, the record 2",
        ),
        (
            good.replace("1. ", "2. "),
            "move number '2.', expected '1.'",
        ),
        (
            good.replace("longjiang\"", "chess\""),
            "unknown variant 'chess'",
        ),
        (
            good.replace("*\n", "1-0\n")
                .replace("[Moves", "[Result \"0-1\"]\n[Moves"),
            "differs from the Result tag",
        ),
        (good.replace("[Moves", "[Moves x"), "double quotes"),
        (good.replace("\n*", "{ open\n*"), "never closed"),
        (
            format!("{good}[SFEN \"bad\"]\n1. 六四\n"),
            "game 2, line 6: SFEN",
        ),
        (format!("{good}[Result \"2-0\"]\n"), "Result '2-0'"),
    ];
    for (text, want) in cases {
        let e = GameRecord::parse_many(&text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}\n→ {e}\nwant {want}");
    }
    let mut record = GameRecord::new(Variant::Longjiang);
    record
        .moves
        .push(Move::normal("f2".parse().unwrap(), "f5".parse().unwrap()));
    let e = record.to_text().unwrap_err();
    assert!(e.message.contains("move 1 (f2f5)"), "{e}");
    record.moves.clear();
    record.tags.push(("Moves".into(), "f2f4".into()));
    assert!(
        record
            .to_text()
            .unwrap_err()
            .message
            .contains("field of the record")
    );
}

#[test]
fn no_move_after_the_end() {
    let sfen = "k9/10/1Q8/10/10/10/10/10/10/1R3K4 b - - 00 1";
    let mut record = play_ascii(Variant::LongjiangNoDrop, Some(sfen), "b8b9");
    record
        .moves
        .push(Move::normal("f1".parse().unwrap(), "f2".parse().unwrap()));
    let e = record.to_text().unwrap_err();
    assert!(e.message.contains("already ended (checkmate, 1-0)"), "{e}");
}

/// Shogi records: KIF words in the movetext, USI in `Moves`; written text reads back, and a
/// hand-written record may mix USI and KIF words.
#[test]
fn shogi_records_write_kif_words_and_read_back() {
    let record = play_ascii(Variant::Shogi, None, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    let text = record.to_text().unwrap();
    assert_eq!(
        text,
        "[Variant \"shogi\"]\n[Moves \"7g7f 3c3d 8h2b+ 3a2b B*4e\"]\n\n\
         1. ７六歩(77) ３四歩(33)\n2. ２二角成(88) 同銀(31)\n3. ４五角打\n*\n"
    );
    assert_eq!(GameRecord::parse(&text).unwrap(), record);
    let typed = "[Variant \"shogi\"]\n1. 7g7f ▲３四歩 2. ２二角成(88) 3a2b 3. ４五角打 *";
    assert_eq!(GameRecord::parse(typed).unwrap().moves, record.moves);
    let e = GameRecord::parse("[Variant \"shogi\"]\n1. ５五金").unwrap_err();
    assert_eq!(
        e.to_string(),
        "game 1, line 2: move 1: '５五金' is not a legal move here"
    );
    let e = GameRecord::parse("[Variant \"shogi\"]\n1. 5e5d").unwrap_err();
    assert!(
        e.to_string().ends_with("illegal move 5e5d: no piece on 5e"),
        "{e}"
    );
}
