//! The words of the protocol's answers: FEN errors in FEN's side letters, control bytes shown
//! escaped, the handshake after a change of dialect, and protocol.md's example error lines.

mod engine_driver;

use engine_driver::cecp::XBoard;
use engine_driver::{Driver, PROMPT};

/// A 龙将棋 FEN whose second player (FEN's `b`) is in check with the first (`w`) to move.
const CHECK_NOT_TO_MOVE: &str = "4k5/10/10/10/4R5/10/10/10/10/4K5[] w - - 0 1";

/// UCI's FEN errors name the sides as the FEN does: `b` is the second player.
#[test]
fn uci_fen_errors_name_fen_side_letters() {
    let mut e = Driver::start();
    e.send("uci");
    e.until_prefix(PROMPT, "uciok");
    let got = e.ask(&format!("position fen {CHECK_NOT_TO_MOVE}"));
    assert_eq!(
        got,
        ["info string error: position fen: bad FEN: b is in check but it is not its turn"]
    );
    let got = e.ask("position fen 10/10/10/10/4R5/10/10/10/10/4K5[] w - - 0 1");
    assert_eq!(
        got,
        ["info string error: position fen: bad FEN: no king for b"]
    );
    // SFEN keeps SFEN's letters (`w` is the second player there).
    let got = e.ask("position sfen 4k5/10/10/10/4R5/10/10/10/10/4K5 b - - 00 1");
    assert_eq!(
        got,
        ["info string error: position sfen: w is in check but it is not its turn"]
    );
}

/// XBoard's `setboard` errors name the sides as the FEN does too.
#[test]
fn xboard_fen_errors_name_fen_side_letters() {
    let mut x = XBoard::start();
    x.ask("variant longjiangqi");
    let got = x.ask(&format!("setboard {CHECK_NOT_TO_MOVE}"));
    assert_eq!(
        got,
        ["tellusererror Illegal position: bad FEN: b is in check but it is not its turn"],
        "{}",
        x.log()
    );
}

/// `uci` after shogi was chosen in USI mode: UCI offers no shogi, so the game goes back to
/// the game the handshake advertises (its start position), and one line says so.
#[test]
fn uci_after_usi_shogi_plays_the_advertised_game() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    assert!(e.ask("setoption name Variant value shogi").is_empty());
    assert!(e.ask("position startpos moves 7g7f").is_empty());
    e.send("uci");
    let hello = e.until_prefix(PROMPT, "uciok");
    let advertised = hello
        .iter()
        .find_map(|l| l.strip_prefix("option name UCI_Variant type combo default "))
        .unwrap_or_else(|| panic!("{hello:?}"));
    assert!(advertised.starts_with("longjiangqi "), "{advertised}");
    assert!(
        hello
            .iter()
            .any(|l| l
                == "info string shogi is not offered in UCI mode: the game is now longjiangqi"),
        "{hello:?}"
    );
    let d = e.ask("d");
    assert!(d.iter().any(|l| l == "Variant: longjiang"), "{d:?}");
    let start = e.sfen();
    assert!(start.ends_with(" b - KQkq 00 1"), "{start}");
    // A game UCI offers stays as it was.
    assert!(
        e.ask("setoption name UCI_Variant value longjiangqi-nodrop")
            .is_empty()
    );
    e.send("uci");
    let hello = e.until_prefix(PROMPT, "uciok");
    assert!(
        !hello.iter().any(|l| l.starts_with("info string")),
        "{hello:?}"
    );
    assert!(e.ask("d").iter().any(|l| l == "Variant: longjiang-nodrop"));
}

/// Control bytes in an echoed input are written escaped (`\x1b`), never raw, in USI/UCI error
/// lines and in XBoard's.
#[test]
fn control_bytes_are_escaped_in_error_lines() {
    let mut e = Driver::start();
    let got = e.ask("foo\u{1b}[31m");
    assert_eq!(got, ["info string error: unknown command 'foo\\x1b[31m'"]);
    let got = e.ask("setoption name a\u{7}b value 1");
    assert_eq!(
        got,
        ["info string error: setoption: no option named 'a\\x07b'"]
    );
    let mut x = XBoard::start();
    let got = x.ask("frob\u{1b}[0m");
    assert_eq!(
        got,
        ["Error (unknown command): frob\\x1b[0m"],
        "{}",
        x.log()
    );
    x.ask("force");
    let got = x.ask("usermove e2\u{1b}e4");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("Illegal move ("), "{got:?}");
    assert!(got[0].ends_with("e2\\x1be4"), "{got:?}");
}
