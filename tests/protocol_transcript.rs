//! Transcript tests: the real binary, full exchanges on its stdin and stdout.

mod engine_driver;

use engine_driver::{Driver, PROMPT};
use longjiang_core::movegen::perft;
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position};
use std::time::Duration;

const START: &str = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";

fn sfen_after(rules: longjiang_core::rules::Rules, moves: &str) -> String {
    let mut pos = Position::start(rules);
    for m in moves.split_whitespace() {
        let m = pos.parse_move(m).unwrap();
        pos.play(m);
    }
    pos.to_sfen()
}

#[test]
fn usi_handshake() {
    let mut e = Driver::start();
    e.send("usi");
    let lines = e.until_prefix(PROMPT, "usiok");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        lines,
        vec![
            format!("id name longjiang {version}"),
            "id author the longjiang authors".to_string(),
            "option name USI_Hash type spin default 64 min 1 max 65536".to_string(),
            "option name Threads type spin default 1 min 1 max 256".to_string(),
            "option name MultiPV type spin default 1 min 1 max 500".to_string(),
            "option name USI_Ponder type check default false".to_string(),
            "option name Variant type combo default longjiang var longjiang var longjiang-nodrop var shogi"
                .to_string(),
            "option name MoveOverhead type spin default 50 min 0 max 10000".to_string(),
            "option name Stalemate type combo default draw var draw var loss".to_string(),
            "option name Clear Hash type button".to_string(),
            "option name UseNNUE type check default true".to_string(),
            "option name EvalFile type string default <embedded>".to_string(),
            "option name OwnBook type check default false".to_string(),
            "option name BookFile type string default <none>".to_string(),
            "option name SearchStats type check default false".to_string(),
            "option name Skill Level type spin default 20 min 0 max 20".to_string(),
            "option name UCI_LimitStrength type check default false".to_string(),
            "option name UCI_Elo type spin default 2000 min 1460 max 3000".to_string(),
            "option name Skill Seed type spin default 0 min 0 max 2147483647".to_string(),
            "option name EnteringKingRule type combo default SeedRule27 var NoEnteringKing var CSARule24 var CSARule27 var SeedRule27".to_string(),
            "usiok".to_string(),
        ],
        "{}",
        e.log()
    );
    assert_eq!(e.ask("usinewgame"), Vec::<String>::new());
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}

#[test]
fn uci_handshake_and_fairy_stockfish_style_session() {
    let mut e = Driver::start();
    e.send("uci");
    let lines = e.until_prefix(PROMPT, "uciok");
    assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 65536".to_string()));
    assert!(lines.contains(
        &"option name UCI_Variant type combo default longjiangqi var longjiangqi var longjiangqi-nodrop"
            .to_string()
    ));
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
    assert_eq!(
        e.ask("setoption name UCI_Variant value longjiangqi"),
        Vec::<String>::new()
    );
    assert_eq!(e.ask("ucinewgame"), Vec::<String>::new());
    // Drops written with @, a promotion with +, from a Fairy-Stockfish FEN.
    let moves = "a2a4 b9b7 a4a5 b7b6 a5b6 j9j8 b6b7 j8j7 b7b8+ a9a8 b8b10 a10b10";
    e.send(&format!("position startpos moves {moves} P@e5"));
    let expected = sfen_after(LONGJIANG, &format!("{moves} P*e5"));
    assert_eq!(e.sfen(), expected);
    e.send("position fen 1rbgqkgbnr/2ppppppp1/p9/9p/10/10/10/10/1PPPPPPPPP/RNBGQKGBNR[NPp] w KQk - 0 7 moves P@e5");
    assert_eq!(e.sfen(), expected);
    e.send("go depth 2");
    let lines = e.until_prefix(PROMPT, "bestmove");
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let mut pos = Position::from_sfen(&expected, LONGJIANG).unwrap();
    assert!(pos.parse_move(&best).is_ok(), "{best}: {}", e.log());
    assert!(!best.contains('*'), "UCI mode writes drops with @: {best}");
    pos.play(pos.parse_move(&best).unwrap());
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some());
}

#[test]
fn positions_in_every_notation() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    let moves = "f2f4 e9e7 f4f5 e7e6 f5e6";
    let want = sfen_after(LONGJIANG, moves);
    // ASCII.
    e.send(&format!("position startpos moves {moves}"));
    assert_eq!(e.sfen(), want);
    // The record notation, and both mixed.
    e.send("position startpos moves 六四 五七 六五 五六 六Ｘ五六");
    assert_eq!(e.sfen(), want);
    e.send("position startpos moves f2f4 五七 f4f5 e7e6 六X五六");
    assert_eq!(e.sfen(), want);
    // SFEN, with moves after it.
    let mid = sfen_after(LONGJIANG, "f2f4 e9e7");
    e.send(&format!("position sfen {mid} moves f4f5 e7e6 f5e6"));
    assert_eq!(e.sfen(), want);
    // Fairy-Stockfish FEN (cooldowns 0, double steps from the pawns' ranks).
    e.send(
        "position fen rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1",
    );
    assert_eq!(e.sfen(), START);
    // Drops: * and @, and 打.
    let drops = "f2f4 e9e7 f4f5 e7e6 f5e6 f9f7";
    e.send(&format!("position startpos moves {drops} P*e5"));
    let want = sfen_after(LONGJIANG, &format!("{drops} P*e5"));
    assert_eq!(e.sfen(), want);
    e.send(&format!("position startpos moves {drops} P@e5"));
    assert_eq!(e.sfen(), want);
    e.send(&format!("position startpos moves {drops} 五五打"));
    assert_eq!(e.sfen(), want);
    // The no-drop game.
    assert_eq!(
        e.ask("setoption name Variant value longjiang-nodrop"),
        Vec::<String>::new()
    );
    e.send("position startpos moves b1c3 b9b8");
    assert_eq!(e.sfen(), sfen_after(LONGJIANG_NODROP, "b1c3 b9b8"));
    let lines = e.ask("d");
    assert!(
        lines.contains(&"Variant: longjiang-nodrop".to_string()),
        "{lines:?}"
    );
    // Castling in both notations.
    assert_eq!(
        e.ask("setoption name Variant value longjiang"),
        Vec::<String>::new()
    );
    let castle = "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R b - KQkq 00 1";
    e.send(&format!("position sfen {castle} moves f1i1 戟一帅"));
    let mut pos = Position::from_sfen(castle, LONGJIANG).unwrap();
    for m in ["f1i1", "f10c10"] {
        let m = pos.parse_move(m).unwrap();
        pos.play(m);
    }
    assert_eq!(e.sfen(), pos.to_sfen());
}

#[test]
fn human_commands() {
    let mut e = Driver::start();
    let d = e.ask("d");
    assert_eq!(d[0], "∨ 持驹：无　禁援：0");
    assert_eq!(d[1], "┏━┳━┳━┳━┳━┳━┳━┳━┳━┳━┓");
    assert!(d.contains(&format!("Sfen: {START}")));
    assert!(d.iter().any(|l| l.starts_with("Key: ")));
    let moves = e.ask("moves");
    assert!(moves.contains(&"f2f4 六四".to_string()), "{moves:?}");
    assert_eq!(moves.last().unwrap(), "26 legal moves");
    let mut pos = Position::start(LONGJIANG);
    let want = perft(&mut pos, 3);
    e.send("go perft 3");
    let lines = e.until_prefix(PROMPT, "Nodes searched");
    assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {want}"));
    assert_eq!(lines.len(), 26 + 2);
    let eval = e.ask("eval");
    assert!(!eval.is_empty(), "{}", e.log());
    assert!(
        eval.iter().all(|l| !l.starts_with("info string error")),
        "{eval:?}"
    );
}

/// Plays `plies` moves of a timed game against itself, pondering on the expected reply: a hit
/// is answered with `ponderhit`, a miss with `stop` and a fresh `go`.
#[test]
fn timed_game_with_ponder() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    assert_eq!(
        e.ask("setoption name USI_Ponder value true"),
        Vec::<String>::new()
    );
    assert_eq!(
        e.ask("setoption name USI_Hash value 16"),
        Vec::<String>::new()
    );
    assert_eq!(e.ask("usinewgame"), Vec::<String>::new());
    let mut moves: Vec<String> = Vec::new();
    let mut pos = Position::start(LONGJIANG);
    let clock = "btime 3000 wtime 3000 binc 100 winc 100";
    let mut pondered = 0;
    for _ in 0..6 {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&position);
        e.send(&format!("go {clock}"));
        let lines = e.until_prefix(Duration::from_secs(20), "bestmove");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth ")),
            "{}",
            e.log()
        );
        let last: Vec<&str> = lines.last().unwrap().split(' ').collect();
        let best = pos
            .parse_move(last[1])
            .unwrap_or_else(|err| panic!("{err}: {}", e.log()));
        pos.play(best);
        moves.push(last[1].to_string());
        if let ["bestmove", _, "ponder", reply] = last[..] {
            // Ponder on the expected reply.
            let reply_move = pos
                .parse_move(reply)
                .unwrap_or_else(|err| panic!("{err}: {}", e.log()));
            e.send(&format!(
                "position startpos moves {} {reply}",
                moves.join(" ")
            ));
            e.send(&format!("go ponder {clock}"));
            // Pondering must not answer by itself.
            let early = e.quiet(Duration::from_millis(300));
            assert!(
                early.iter().all(|l| !l.starts_with("bestmove")),
                "{}",
                e.log()
            );
            if pondered % 2 == 0 {
                e.send("ponderhit");
                let lines = e.until_prefix(Duration::from_secs(20), "bestmove");
                let answer = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
                pos.play(reply_move);
                let m = pos
                    .parse_move(&answer)
                    .unwrap_or_else(|err| panic!("{err}: {}", e.log()));
                pos.play(m);
                moves.push(reply.to_string());
                moves.push(answer);
            } else {
                e.send("stop");
                let lines = e.until_prefix(Duration::from_secs(5), "bestmove");
                assert!(
                    lines.last().unwrap().starts_with("bestmove "),
                    "{}",
                    e.log()
                );
            }
            pondered += 1;
        }
        if pos.outcome().is_some() {
            break;
        }
    }
    assert!(pondered > 0, "never asked to ponder: {}", e.log());
    e.send("gameover draw");
    e.send("quit");
    assert!(e.wait_exit(PROMPT).is_some_and(|s| s.success()));
}

#[test]
fn stop_during_infinite() {
    let mut e = Driver::start();
    e.send("position startpos moves f2f4");
    e.send("go infinite");
    let mut early = e.until_prefix(PROMPT, "info depth");
    early.extend(e.quiet(Duration::from_millis(300)));
    assert!(
        early.iter().all(|l| !l.starts_with("bestmove")),
        "{}",
        e.log()
    );
    e.send("stop");
    let lines = e.until_prefix(Duration::from_secs(5), "bestmove");
    let best = lines.last().unwrap().split(' ').nth(1).unwrap();
    let pos = Position::from_sfen(&sfen_after(LONGJIANG, "f2f4"), LONGJIANG).unwrap();
    assert!(pos.parse_move(best).is_ok(), "{}", e.log());
    // The engine still serves.
    assert_eq!(e.ask("isready"), Vec::<String>::new());
}

#[test]
fn quit_and_end_of_input_end_a_search() {
    let mut e = Driver::start();
    e.send("go infinite");
    e.quiet(Duration::from_millis(200));
    e.send("quit");
    assert!(
        e.wait_exit(Duration::from_secs(5))
            .is_some_and(|s| s.success()),
        "{}",
        e.log()
    );
    let mut e = Driver::start();
    e.send("go infinite");
    e.quiet(Duration::from_millis(200));
    e.close();
    assert!(
        e.wait_exit(Duration::from_secs(5))
            .is_some_and(|s| s.success()),
        "{}",
        e.log()
    );
}

#[test]
fn no_legal_move_resigns() {
    // The second player is checkmated.
    let mate = "k9/1Q8/10/10/10/10/10/10/10/1R3K4 w - - 00 2";
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    e.send(&format!("position sfen {mate}"));
    e.send("go depth 3");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove resign", "{}", e.log());
    e.send("uci");
    e.until_prefix(PROMPT, "uciok");
    e.send("go depth 3");
    let lines = e.until_prefix(PROMPT, "bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)", "{}", e.log());
}

#[test]
fn every_error_is_one_line_and_changes_nothing() {
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    e.send("position startpos moves f2f4");
    let before = e.sfen();
    let cases = [
        ("foo", "unknown command 'foo'"),
        ("usi please", "usi takes no arguments"),
        ("position", "expected startpos"),
        (
            "position sfen 10/10 b - - 00 1",
            "position sfen: board has 2 ranks",
        ),
        ("position fen x w", "position fen: bad FEN"),
        (
            "position sfen 4k5/5P4/10/10/10/10/10/10/10/5K4 b - - 00 1",
            "position sfen: w is in check but it is not its turn",
        ),
        (
            "position sfen 5k4/10/10/10/10/10/10/10/10/5K4 b P - 30 1",
            "position sfen: cooldown 3",
        ),
        (
            "position startpos moves f2f4 f2f5",
            "position: move 2 (f2f5): illegal move f2f5",
        ),
        (
            "position startpos moves f2f4 z9z9",
            "position: move 2 (z9z9)",
        ),
        (
            "position startpos moves 骑七三",
            "position: move 1 (骑七三)",
        ),
        (
            "position startpos moves 骑三三 骑八八 骑Ｘ三三",
            "no 骑 can move",
        ),
        ("setoption name Threads value 0", "Threads value '0'"),
        ("setoption name Hash value lots", "Hash value 'lots'"),
        ("setoption name Nope value 1", "no option named 'Nope'"),
        (
            "setoption name Variant value chess",
            "unknown variant 'chess'",
        ),
        ("setoption Hash 1", "expected setoption name"),
        ("go depth x", "go: depth 'x'"),
        ("go sideways", "unknown parameter 'sideways'"),
        ("go searchmoves f2f5", "go searchmoves: illegal move f2f5"),
        ("go perft 0", "depth '0' is out of range (1 … 20)"),
        ("gameover perhaps", "win, lose or draw"),
        ("bench 0", "bench: depth '0'"),
    ];
    for (line, want) in cases {
        let got = e.ask(line);
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        assert!(
            got[0].starts_with("info string error: ") && got[0].contains(want),
            "{line}: {got:?}, want {want}"
        );
        if line.starts_with("position") {
            // After a refused position no command reads the old one (protocol.md, `position`).
            let d = e.ask("d");
            assert!(d.len() == 1 && d[0].starts_with("info string error: d: no position"));
            e.send(&format!("position sfen {before}"));
        }
        assert_eq!(e.sfen(), before, "{line} changed the position");
    }
    // Bytes that are not UTF-8.
    e.send_bytes(b"go \xff\xfe\n");
    e.send("isready");
    let got = e.until(PROMPT, |l| l == "readyok");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with("info string error: go: unknown parameter"));
    // While a search runs: go, setoption and usinewgame are refused; the search goes on.
    e.send("go infinite");
    for (line, want) in [
        ("go depth 1", "go: a search is running"),
        (
            "setoption name Threads value 2",
            "setoption: a search is running",
        ),
        ("usinewgame", "usinewgame: a search is running"),
    ] {
        e.send(line);
        let got = e.until_prefix(PROMPT, "info string error");
        assert!(got.last().unwrap().contains(want), "{line}: {got:?}");
    }
    e.send("stop");
    let lines = e.until_prefix(Duration::from_secs(5), "bestmove");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{}",
        e.log()
    );
    assert_eq!(e.sfen(), before);
    // Setting the stalemate option keeps the position.
    assert_eq!(
        e.ask("setoption name Stalemate value loss"),
        Vec::<String>::new()
    );
    assert_eq!(e.sfen(), before);
}

/// The score of the last `info` line before `bestmove` after `go depth <d>`.
fn final_score(e: &mut Driver, depth: u32) -> String {
    e.send(&format!("go depth {depth}"));
    let lines = e.until_prefix(PROMPT, "bestmove");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info line: {}", e.log()));
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|&w| w == "score").unwrap();
    format!("{} {}", words[at + 1], words[at + 2])
}

#[test]
fn mate_scores_count_plies_in_usi_and_moves_in_uci() {
    // Two rooks: a2a9 cuts the king off, b1b10 mates (three plies, two moves).
    let mating = "4k5/10/10/10/10/10/10/10/R9/1R3K4 b - - 00 1";
    // The same after a2a9: the second player is mated in two plies whatever it does.
    let mated = "4k5/R9/10/10/10/10/10/10/10/1R3K4 w - - 00 2";
    // Depth 12: in a won position the pruning, which trusts a large static advantage, can
    // find a quiet mate a few plies late (as in crates/engine/tests/search_mates.rs); this test is
    // about how the score is written.
    let mut e = Driver::start();
    e.send("usi");
    e.until_prefix(PROMPT, "usiok");
    assert_eq!(
        e.ask("setoption name Variant value longjiang-nodrop"),
        Vec::<String>::new()
    );
    e.send(&format!("position sfen {mating}"));
    assert_eq!(final_score(&mut e, 12), "mate 3", "{}", e.log());
    e.send(&format!("position sfen {mated}"));
    assert_eq!(final_score(&mut e, 12), "mate -2", "{}", e.log());
    e.send("uci");
    e.until_prefix(PROMPT, "uciok");
    e.send(&format!("position sfen {mating}"));
    assert_eq!(final_score(&mut e, 12), "mate 2", "{}", e.log());
    e.send(&format!("position sfen {mated}"));
    assert_eq!(final_score(&mut e, 12), "mate -1", "{}", e.log());
}

#[test]
fn bench_and_multipv() {
    let mut e = Driver::start();
    e.send("bench 2");
    let lines = e.until(Duration::from_secs(60), |l| l.ends_with(" nps"));
    let last = lines.last().unwrap();
    let nodes: u64 = last.split(' ').next().unwrap().parse().unwrap();
    assert!(nodes > 0, "{last}");
    assert_eq!(
        e.ask("setoption name MultiPV value 3"),
        Vec::<String>::new()
    );
    e.send("go depth 3");
    let lines = e.until_prefix(PROMPT, "bestmove");
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))),
            "multipv {k}: {}",
            e.log()
        );
    }
}
