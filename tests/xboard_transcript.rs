//! Transcript tests of the XBoard / CECP mode: the real binary, whole dialogues on its stdin
//! and stdout (handshake and variant definitions, games, every illegal-move case, results,
//! undo and remove). The engine's thinking (analyze mode, time controls, pondering,
//! resigning, the net options) is `tests/xboard_thinking.rs`.

mod engine_driver;

use engine_driver::cecp::{XBoard, play};
use engine_driver::{Driver, PROMPT};
use longjiang_core::rules::{Position, Variant};
use std::process::{Command, Stdio};

#[test]
fn handshake_features_and_variant_definitions() {
    let mut e = Driver::start();
    e.send("xboard");
    e.send("protover 2");
    let lines = e.until(PROMPT, |l| l == "feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let features = &lines[1];
    for f in [
        "usermove=1",
        "setboard=1",
        "ping=1",
        "sigint=0",
        "san=0",
        "colors=0",
        "time=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "variants=\"longjiang,longjiang-nodrop\"",
        &format!("myname=\"longjiang {}\"", env!("CARGO_PKG_VERSION")),
    ] {
        assert!(features.contains(f), "{f} missing from {features}");
    }
    let options: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("feature option="))
        .collect();
    assert!(options.contains(&&"feature option=\"Stalemate -combo *draw /// loss\"".to_string()));
    assert!(options.contains(&&"feature option=\"Resign -check 0\"".to_string()));
    let mut x = XBoard::on(e);
    let drop = x.ask("variant longjiang");
    assert_eq!(
        drop[0],
        "setup (PNBRQG.....+.........Kpnbrqg.....+.........k) 10x10+6_fairy \
         rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1"
    );
    for piece in [
        "piece P& fmWfcFifmnD@9",
        "piece N& ND@10",
        "piece G& Q2nN@10",
        "piece +P& R4",
    ] {
        assert!(drop.contains(&piece.to_string()), "{piece}: {drop:?}");
    }
    // XBoard's own king castles as the game does; a Betza king would not keep the rights.
    assert!(drop.iter().all(|l| !l.starts_with("piece K")), "{drop:?}");
    let nodrop = x.ask("variant longjiang-nodrop");
    assert!(
        nodrop[0]
            .starts_with("setup (PNBRQG...............Kpnbrqg...............k) 10x10+0_fairy "),
        "{nodrop:?}"
    );
    assert!(nodrop.contains(&"piece G& Q2nN".to_string()));
    assert_eq!(
        x.ask("variant chess"),
        vec!["Error (unsupported variant): variant chess"]
    );
    assert_eq!(
        x.ask("frobnicate 3"),
        vec!["Error (unknown command): frobnicate 3"]
    );
    // Options, memory and cores are silent when accepted.
    for ok in [
        "option MultiPV=2",
        "option Move Overhead=0",
        "option Clear Hash",
        "memory 32",
        "cores 1",
        "option Resign=0",
        "accepted usermove",
        "random",
        "computer",
        "hard",
        "easy",
    ] {
        assert_eq!(x.ask(ok), Vec::<String>::new(), "{ok}");
    }
    let bad = x.ask("option MultiPV=0");
    assert!(
        bad[0].starts_with("Error (setoption: MultiPV value '0'"),
        "{bad:?}"
    );
    x.send("quit");
    assert!(x.e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}

#[test]
fn the_xboard_flag_starts_in_cecp_mode() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_longjiang"))
        .arg("--xboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    {
        use std::io::Write;
        let stdin = child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "protover 2\nping 9\nquit").expect("write");
    }
    let out = child.wait_with_output().expect("it ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("feature done=1\n"), "{text}");
    assert!(text.ends_with("pong 9\n"), "{text}");
}

/// The engine plays a whole drop game against itself (`go` for each side in turn), every
/// move checked here; the game ends by the rules with the right result line; a second engine
/// given the same moves in force mode announces the same result.
#[test]
fn a_whole_game_against_itself_then_replayed_in_force_mode() {
    for variant in Variant::ALL {
        let mut x = XBoard::start();
        x.ask("new");
        x.ask(&format!("variant {variant}"));
        x.ask("sd 3");
        let mut pos = Position::start(variant.rules());
        let mut moves = Vec::new();
        // Deterministic (one thread, depth 3); with the evaluation of 2026-12-01 (50159a6) the no-drop
        // game runs to a mate at ply 1363, so the cap leaves room for evaluation changes.
        let result = loop {
            assert!(moves.len() < 3000, "no end after 3000 plies: {}", x.log());
            x.send("go");
            let (mv, after) = x.engine_move();
            play(&mut pos, &mv);
            moves.push(mv);
            match pos.outcome() {
                None => assert_eq!(after, Vec::<String>::new(), "{}", x.log()),
                Some(outcome) => {
                    assert_eq!(after.len(), 1, "{after:?}");
                    let want = longjiang_engine::protocol::xboard::report::result_line(outcome);
                    assert_eq!(after[0], want);
                    break want;
                }
            }
        };
        // The game is over: the engine refuses to play on.
        assert_eq!(x.ask("go"), vec![result.clone()]);
        let reason = x.usermove("a1a2");
        assert!(
            reason[0].starts_with("Illegal move (the game is over"),
            "{reason:?}"
        );
        let mut replay = XBoard::start();
        replay.ask("new");
        replay.ask(&format!("variant {variant}"));
        replay.ask("force");
        for (i, mv) in moves.iter().enumerate() {
            let answer = replay.usermove(mv);
            if i + 1 < moves.len() {
                assert_eq!(answer, Vec::<String>::new(), "move {}: {mv}", i + 1);
            } else {
                assert_eq!(answer, vec![result.clone()]);
            }
        }
        // Taken back, the game goes on.
        assert_eq!(replay.ask("undo"), Vec::<String>::new());
        assert_eq!(replay.usermove(&moves[moves.len() - 1]), vec![result]);
    }
}

/// Every rule XBoard cannot know is the engine's to enforce: each illegal move gets
/// `Illegal move (reason): MOVE` and changes nothing (the next legal move is accepted).
#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut x = XBoard::start();
    // First player: king f1 (XBoard f0), queen, cavalry and two pawns in hand; second: king
    // j10 (j9) alone.
    x.set_up(
        "longjiang",
        "9k/10/10/10/10/10/10/10/10/5K4[QNPP] w - - 0 1",
    );
    let refused = [
        ("Q@j5", "a drop may not give check"),
        ("N@h8", "a drop may not give check"),
        ("P@e9", "no pawn drop on the last rank"),
        ("B@e4", "that piece is not in hand"),
        ("N@f0", "the square is occupied"),
        ("e1e2", "no piece on e1"),
        ("j9j8", "that piece belongs to the side not to move"),
        ("f0f2", "the king may not move there"),
        ("f0f1x", "not a move"),
    ];
    for (mv, why) in refused {
        assert_eq!(
            x.usermove(mv),
            vec![format!("Illegal move ({why}): {mv}")],
            "{}",
            x.log()
        );
    }
    // A pawn dropped on its own second rank (XBoard rank 1) has no double step.
    assert_eq!(x.usermove("P@c1"), Vec::<String>::new());
    assert_eq!(x.usermove("j9i9"), Vec::<String>::new());
    // The drop cooldown: two turns of the dropping side without drops.
    let cooldown = |n: u32, mv: &str| {
        vec![format!(
            "Illegal move (drop cooldown: {n} more turn(s) without drops): {mv}"
        )]
    };
    assert_eq!(x.usermove("N@a4"), cooldown(2, "N@a4"));
    let lifted = x.ask("lift l1");
    assert_eq!(lifted, vec!["highlight 10/10/10/10/10/10/10/10/10/10"]);
    assert_eq!(
        x.usermove("c1c3"),
        vec!["Illegal move (this pawn has no double step (it was dropped, or has moved)): c1c3"]
    );
    assert_eq!(
        x.ask("lift c1"),
        vec!["highlight 10/10/10/10/10/10/10/2Y7/10/10"]
    );
    assert_eq!(x.usermove("c1c2"), Vec::<String>::new());
    assert_eq!(x.usermove("i9j9"), Vec::<String>::new());
    assert_eq!(x.usermove("N@a4"), cooldown(1, "N@a4"));
    assert_eq!(x.usermove("f0e0"), Vec::<String>::new());
    assert_eq!(x.usermove("j9i9"), Vec::<String>::new());
    // Now the cavalry may drop, but not where it would give check to the king on i10 (i9):
    // the knight squares g9 h8 j8 (g8 h7 j7) and the two-square leaps g10 i8 (g9 i7).
    let lifted = x.ask("lift l1");
    assert_eq!(lifted.len(), 1);
    let board = lifted[0].strip_prefix("highlight ").unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    assert_eq!(ranks.len(), 10);
    assert_eq!(
        ranks[0], "YYYYYY1Y1Y",
        "rank 10: g10 gives check, i10 is the king's"
    );
    assert_eq!(ranks[1], "YYYYYY1YYY", "rank 9: g9 gives check");
    assert_eq!(ranks[2], "YYYYYYY3", "rank 8: h8 i8 j8 give check");
    assert_eq!(ranks[3], "YYYYYYYYYY");
    assert_eq!(ranks[7], "YY1YYYYYYY", "rank 3: the pawn");
    assert_eq!(ranks[9], "YYYY1YYYYY", "rank 1: the king");
    assert_eq!(
        x.usermove("N@g8"),
        vec!["Illegal move (a drop may not give check): N@g8"]
    );
    assert_eq!(x.usermove("N@a4"), Vec::<String>::new());

    // No drop while in check (not even one that would block it).
    x.set_up("longjiang", "9k/5r4/10/10/10/10/10/10/10/5K4[N] w - - 0 1");
    assert_eq!(
        x.usermove("N@f4"),
        vec!["Illegal move (no drop while in check): N@f4"]
    );
    assert_eq!(
        x.usermove("f0f1"),
        vec!["Illegal move (it does not answer the check): f0f1"]
    );
    assert_eq!(x.usermove("f0e0"), Vec::<String>::new());

    // The no-drop game has no drops; a pawn reaching the last rank must promote.
    x.set_up(
        "longjiang-nodrop",
        "9k/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    assert_eq!(
        x.usermove("P@a4"),
        vec!["Illegal move (this game has no drops): P@a4"]
    );
    // Taken up, the pawn shows its promotion square, and the pieces it may become.
    assert_eq!(
        x.ask("lift e8"),
        vec!["highlight 4M5/10/10/10/10/10/10/10/10/10", "choice QRBNG"]
    );
    assert_eq!(
        x.usermove("e8e9"),
        vec!["Illegal move (the pawn must promote there): e8e9"]
    );
    assert_eq!(
        x.usermove("e8e9+"),
        vec!["Illegal move (not a promotion allowed there in this game): e8e9+"]
    );
    assert_eq!(x.usermove("e8e9g"), Vec::<String>::new());

    // A position XBoard should not have sent: every move is refused until a good one.
    let bad = x.ask("setboard 10/10 w - - 0 1");
    assert!(
        bad[0].starts_with("tellusererror Illegal position: "),
        "{bad:?}"
    );
    let refused = x.usermove("f0e0");
    assert!(
        refused[0].starts_with("Illegal move (illegal position: "),
        "{refused:?}"
    );
}

#[test]
fn results_of_games_ended_by_the_rules() {
    let mut x = XBoard::start();
    // Checkmate by the engine: the rook on b1 (b0) mates on b10 (b9).
    x.set_up("longjiang", "9k/R9/10/10/10/10/10/10/10/1R3K4[] w - - 0 1");
    x.ask("sd 3");
    x.send("go");
    let (mv, after) = x.engine_move();
    assert_eq!(mv, "b0b9");
    assert_eq!(after, vec!["1-0 {White mates}"]);
    // Stalemate by a user move (Qh5-h9: XBoard h4h8).
    x.set_up("longjiang", "9k/10/10/10/10/7Q2/10/10/10/5K4[] w - - 0 1");
    assert_eq!(x.usermove("h4h8"), vec!["1/2-1/2 {Stalemate}"]);
    // Stalemate counts as a loss when the option says so.
    x.set_up("longjiang", "9k/10/10/10/10/7Q2/10/10/10/5K4[] w - - 0 1");
    x.ask("option Stalemate=loss");
    assert_eq!(
        x.usermove("h4h8"),
        vec!["1-0 {Black is stalemated and loses}"]
    );
    x.ask("option Stalemate=draw");
    // Fourfold repetition.
    x.set_up(
        "longjiang-nodrop",
        "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR w KQkq - 0 1",
    );
    let cycle = ["b0c2", "b9c7", "c2b0", "c7b9"];
    for (i, mv) in cycle.iter().cycle().take(12).enumerate() {
        let answer = x.usermove(mv);
        if i < 11 {
            assert_eq!(answer, Vec::<String>::new(), "{i}: {mv}");
        } else {
            assert_eq!(answer, vec!["1/2-1/2 {Fourfold repetition}"]);
        }
    }
    // Perpetual check: the checking side loses.
    x.set_up("longjiang", "4k5/10/10/10/10/10/10/10/10/K2R6[] w - - 0 1");
    let cycle = ["d0e0", "e9d9", "e0d0", "d9e9"];
    for (i, mv) in cycle.iter().cycle().take(12).enumerate() {
        let answer = x.usermove(mv);
        if i < 11 {
            assert_eq!(answer, Vec::<String>::new(), "{i}: {mv}");
        } else {
            assert_eq!(answer, vec!["0-1 {White gave perpetual check}"]);
        }
    }
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut x = XBoard::start();
    x.ask("new");
    x.ask("variant longjiang");
    x.ask("force");
    assert_eq!(x.ask("undo"), vec!["Error (command not legal now): undo"]);
    for mv in ["f1f3", "f8f6", "i0h2"] {
        assert_eq!(x.usermove(mv), Vec::<String>::new());
    }
    assert_eq!(x.ask("undo"), Vec::<String>::new());
    // The first player is to move again (the cavalry is back on i1): the second player's
    // move is refused.
    assert_eq!(
        x.usermove("g9g8"),
        vec!["Illegal move (that piece belongs to the side not to move): g9g8"]
    );
    assert_eq!(x.ask("remove"), Vec::<String>::new());
    // Two more back: the start position, first player to move.
    assert_eq!(
        x.usermove("f3f4"),
        vec!["Illegal move (no piece on f3): f3f4"]
    );
    assert_eq!(
        x.ask("remove"),
        vec!["Error (command not legal now): remove"]
    );
    assert_eq!(x.usermove("f1f3"), Vec::<String>::new());
    // After `remove` the engine goes on playing its colour: it moves after the user's move.
    x.ask("sd 2");
    x.send("go");
    let (reply, _) = x.engine_move();
    assert_eq!(x.ask("force"), Vec::<String>::new());
    assert_eq!(x.ask("remove"), Vec::<String>::new());
    x.ask("playother");
    let mut pos = Position::start(Variant::Longjiang.rules());
    play(&mut pos, "f1f3");
    play(&mut pos, &reply);
    pos.undo();
    pos.undo();
    x.send("usermove e1e3");
    play(&mut pos, "e1e3");
    let (mv, _) = x.engine_move();
    play(&mut pos, &mv);
}
