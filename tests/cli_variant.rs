//! `longjiang --variant GAME`: a GUI that starts the engine with the argument gets that game for
//! the whole dialogue without ever setting `Variant` (shogi's `position startpos moves 7g7f`
//! and four-field SFENs are read at once), the handshake offers it as the default, and UCI and
//! XBoard keep it where they play it (shogi falls back to the drop game, said in one line).

mod engine_driver;

use engine_driver::cecp::XBoard;
use engine_driver::{Driver, PROMPT};
use std::process::Command;
use std::time::Duration;

fn board_variant(e: &mut Driver) -> String {
    let d = e.ask("d");
    d.iter()
        .find_map(|l| l.strip_prefix("Variant: "))
        .unwrap_or_else(|| panic!("no Variant line in {d:?}"))
        .to_string()
}

#[test]
fn variant_shogi_plays_shogi_without_any_setoption() {
    let mut e = Driver::start_with(&["--variant", "shogi"]);
    // A GUI that never sends `usi` options: the position is shogi's at once.
    assert!(e.ask("position startpos moves 7g7f 3c3d").is_empty());
    assert_eq!(board_variant(&mut e), "shogi");
    e.send("usi");
    let lines = e.until_prefix(PROMPT, "usiok");
    assert!(
        lines.iter().any(|l| l.starts_with(
            "option name Variant type combo default shogi var longjiang var longjiang-nodrop var shogi"
        )),
        "{lines:?}"
    );
    e.send("usinewgame");
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    assert!(
        e.ask(&format!("position sfen {sfen} moves 8c8d"))
            .is_empty()
    );
    assert_eq!(board_variant(&mut e), "shogi");
    e.send("go depth 2");
    let best = e.until_prefix(Duration::from_secs(60), "bestmove");
    let mv = best.last().unwrap().split_whitespace().nth(1).unwrap();
    // A USI shogi move: digit-letter squares (`2g2f`) or a drop (`P*5e`).
    let b = mv.as_bytes();
    assert!(
        b.len() >= 4 && (b[0].is_ascii_digit() || b[1] == b'*') && b[3].is_ascii_lowercase(),
        "{best:?}"
    );
}

#[test]
fn the_fairy_name_and_the_no_drop_game_are_read_too() {
    for (arg, shown) in [
        ("longjiang-nodrop", "longjiang-nodrop"),
        ("longjiangqi-nodrop", "longjiang-nodrop"),
        ("longjiang", "longjiang"),
    ] {
        let mut e = Driver::start_with(&["--variant", arg]);
        assert_eq!(board_variant(&mut e), shown, "{arg}");
        e.send("usi");
        let lines = e.until_prefix(PROMPT, "usiok");
        let default = format!("option name Variant type combo default {shown} ");
        assert!(lines.iter().any(|l| l.starts_with(&default)), "{lines:?}");
    }
}

#[test]
fn uci_keeps_the_no_drop_game_and_falls_back_from_shogi() {
    let mut e = Driver::start_with(&["--variant", "longjiang-nodrop"]);
    e.send("uci");
    let lines = e.until_prefix(PROMPT, "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with("option name UCI_Variant type combo default longjiangqi-nodrop var")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    assert_eq!(board_variant(&mut e), "longjiang-nodrop");

    // UCI does not play shogi: as after `setoption name Variant value shogi`, `uci` goes to
    // the game it offers first and says so in one line.
    let mut e = Driver::start_with(&["--variant", "shogi"]);
    e.send("uci");
    let lines = e.until_prefix(PROMPT, "uciok");
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(
        said,
        ["info string shogi is not offered in UCI mode: the game is now longjiangqi"],
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo default longjiangqi var")),
        "{lines:?}"
    );
    assert_eq!(board_variant(&mut e), "longjiang");
    // Back in USI the game is shogi's to set again, and shogi is still the offered default.
    e.send("usi");
    let lines = e.until_prefix(PROMPT, "usiok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Variant type combo default shogi ")),
        "{lines:?}"
    );
}

/// A position with a pawn in the first player's hand: the drop game's, not the no-drop game's.
const HAND_FEN: &str = "5k4/10/10/10/10/10/10/10/10/5K4[P] w - - 0 1";

#[test]
fn xboard_keeps_the_no_drop_game_and_says_when_shogi_is_not_offered() {
    // `new` starts the command line's game: the no-drop game refuses a piece in hand.
    for (args, refused) in [
        (&["--xboard", "--variant", "longjiang-nodrop"][..], true),
        (&["--xboard"][..], false),
    ] {
        let mut x = XBoard::on(Driver::start_with(args));
        x.send("protover 2");
        x.e.until(PROMPT, |l| l == "feature done=1");
        assert!(x.ask("new").is_empty());
        assert!(x.ask("force").is_empty());
        let said = x.ask(&format!("setboard {HAND_FEN}"));
        let no_drop = said
            .iter()
            .any(|l| l.starts_with("tellusererror") && l.contains("no-drop game"));
        assert_eq!(no_drop, refused, "{args:?}: {said:?}");
    }
    // XBoard is not offered shogi: the drop game, said in a comment XBoard ignores.
    let mut e = Driver::start_with(&["--variant", "shogi"]);
    e.send("xboard");
    let first = e.next_line(PROMPT).expect("a first line");
    assert_eq!(
        first,
        "# shogi is not offered in XBoard mode: the game is longjiang"
    );
}

#[test]
fn help_shows_the_option_and_a_subcommand_does_not_take_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--variant <GAME>"), "{help}");
    assert!(
        help.contains("[possible values: longjiang, longjiang-nodrop, shogi]"),
        "{help}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["--variant", "chess"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'chess'") && err.contains("shogi"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .args(["--variant", "shogi", "perft", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
