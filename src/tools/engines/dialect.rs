//! The engine's dialect of the commands the runner writes and reads: moves, `position`,
//! `searchmoves` and `go` written for USI or UCI, and the score of an `info` line.
//!
//! Dialects (RULES.md, Fairy-Stockfish's conventions): USI writes drops `P*e5`, sends our SFEN,
//! and `btime` is the first player's clock; UCI writes drops `P@e5`, sends Fairy-Stockfish's
//! FEN (uppercase and side `w` = first player, hand in brackets), and `wtime` is the first
//! player's clock.

use super::engine_spec::Proto;
use super::timecontrol::{GameClock, TimeControl};
use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::fen::write_fen;
use longjiang_core::rules::ascii::AsciiMove;
use longjiang_core::rules::{Color, Move, Position, TextForm, Variant};
use longjiang_engine::search::Score;
use std::time::Duration;

/// The score in an `info` line, if it has one: `cp N`, or `mate N` read as N plies, whatever
/// the dialect counts (the runner only compares scores against adjudication thresholds, far
/// below any mate), `mate +` / `mate -` (a mate of unknown length) as the nearest mate.
pub fn parse_score(line: &str) -> Option<Score> {
    let mut it = line
        .split_whitespace()
        .skip_while(|&t| t != "score")
        .skip(1);
    match it.next()? {
        "cp" => it.next()?.parse().ok().map(Score::Cp),
        "mate" => {
            let v = it.next()?;
            match v {
                "+" => Some(Score::Mate(1)),
                "-" => Some(Score::Mate(0)),
                _ => {
                    let n: i32 = v.parse().ok()?;
                    let d = n.unsigned_abs().min(1000) as i32;
                    Some(if n > 0 || v.starts_with('+') {
                        Score::Mate(d.max(1))
                    } else {
                        Score::Mate(-d)
                    })
                }
            }
        }
        _ => None,
    }
}
/// A move in the engine's dialect: USI in the game's own form (`P*e5`; shogi's `7g7f`,
/// `8h2b+`, `P*5e`), UCI in Fairy-Stockfish's (`P@e5`).
pub fn move_text(proto: Proto, m: Move, form: TextForm) -> String {
    let a = AsciiMove::from_move(m);
    match proto {
        Proto::Usi => a.text(form),
        Proto::Uci => a.to_uci_string(),
    }
}

/// The `position` command for a game that started at `start_sfen` (`None` = the start
/// position) and has seen `moves`.
pub fn position_command(
    proto: Proto,
    variant: Variant,
    start_sfen: Option<&str>,
    moves: &[Move],
) -> String {
    let mut s = match (start_sfen, proto) {
        (None, _) => "position startpos".to_string(),
        (Some(sfen), Proto::Usi) => format!("position sfen {sfen}"),
        // Fairy-Stockfish's FEN (cooldowns and `'` marks have no field there; they occur only
        // in the drop game, whose Fairy-Stockfish version lacks those rules anyway).
        (Some(sfen), Proto::Uci) => match Position::from_sfen(sfen, variant.rules()) {
            Ok(pos) => format!("position fen {}", write_fen(&pos)),
            Err(_) => format!("position fen {sfen}"),
        },
    };
    if !moves.is_empty() {
        s.push_str(" moves");
        for &m in moves {
            s.push(' ');
            s.push_str(&move_text(proto, m, variant.rules().text));
        }
    }
    s
}

/// ` searchmoves m1 m2 …`: every move the rules core holds legal in `pos`, in the engine's
/// dialect (UCI's standard way to restrict the root; empty when there is none).
pub fn searchmoves(proto: Proto, pos: &Position) -> String {
    let form = pos.rules().text;
    let moves: Vec<String> = legal_moves(pos)
        .into_iter()
        .map(|m| move_text(proto, m, form))
        .collect();
    match moves.is_empty() {
        true => String::new(),
        false => format!(" searchmoves {}", moves.join(" ")),
    }
}

/// The `go` command for the side `to_move`, each side under its own time control (`tcs`,
/// first player first: time odds) with both clocks. The limits (`movetime`, `nodes`, `depth`,
/// byoyomi, `movestogo`) are the mover's; each side's time and increment are its own (a side
/// without a clock is given the mover's).
pub fn go_command(
    proto: Proto,
    tcs: [&TimeControl; 2],
    clocks: &[GameClock; 2],
    to_move: Color,
) -> String {
    let ms = |d: Duration| d.as_millis();
    let tc = tcs[to_move.index()];
    let mut s = String::from("go");
    if let Some(t) = tc.movetime {
        s += &format!(" movetime {}", ms(t));
    }
    if tc.has_clock() {
        // A side without a clock of its own (nodes against a clock) shows the mover's.
        let side = |c: Color| match tcs[c.index()].has_clock() {
            true => c,
            false => to_move,
        };
        let first = ms(clocks[side(Color::Black).index()].remaining);
        let second = ms(clocks[side(Color::White).index()].remaining);
        let inc_of = |c: Color| ms(tcs[side(c).index()].increment);
        let (inc1, inc2) = (inc_of(Color::Black), inc_of(Color::White));
        match proto {
            Proto::Usi => s += &format!(" btime {first} wtime {second}"),
            Proto::Uci => s += &format!(" wtime {first} btime {second}"),
        }
        if inc1 > 0 || inc2 > 0 {
            match proto {
                Proto::Usi => s += &format!(" binc {inc1} winc {inc2}"),
                Proto::Uci => s += &format!(" winc {inc1} binc {inc2}"),
            }
        } else if proto == Proto::Usi || !tc.byoyomi.is_zero() {
            s += &format!(" byoyomi {}", ms(tc.byoyomi));
        }
        if let Some(left) = clocks[to_move.index()].moves_left {
            s += &format!(" movestogo {left}");
        }
    }
    if let Some(n) = tc.nodes {
        s += &format!(" nodes {n}");
    }
    if let Some(d) = tc.depth {
        s += &format!(" depth {d}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::LONGJIANG;

    #[test]
    fn scores() {
        assert_eq!(
            parse_score("info depth 3 score cp -41 nodes 9 pv e2e4"),
            Some(Score::Cp(-41))
        );
        assert_eq!(
            parse_score("info depth 9 score mate 3 pv a"),
            Some(Score::Mate(3))
        );
        assert_eq!(parse_score("info score mate -2"), Some(Score::Mate(-2)));
        assert_eq!(parse_score("info score mate +"), Some(Score::Mate(1)));
        assert_eq!(parse_score("info score mate -"), Some(Score::Mate(0)));
        assert_eq!(parse_score("info score mate +0"), Some(Score::Mate(1)));
        assert_eq!(
            parse_score("info score cp 12 lowerbound"),
            Some(Score::Cp(12))
        );
        assert_eq!(parse_score("info depth 3 nodes 40"), None);
        assert_eq!(parse_score("info score cp x"), None);
    }

    #[test]
    fn dialects() {
        let mut pos = Position::start(LONGJIANG);
        let mut moves = Vec::new();
        for t in ["e2e4", "f9f7", "e4e5", "f7f6", "e5f6", "j9j8", "P*e5"] {
            let m = pos.parse_move(t).unwrap();
            pos.play(m);
            moves.push(m);
        }
        let usi = position_command(Proto::Usi, Variant::Longjiang, None, &moves);
        assert_eq!(
            usi,
            "position startpos moves e2e4 f9f7 e4e5 f7f6 e5f6 j9j8 P*e5"
        );
        let uci = position_command(Proto::Uci, Variant::Longjiang, None, &moves);
        assert_eq!(
            uci,
            "position startpos moves e2e4 f9f7 e4e5 f7f6 e5f6 j9j8 P@e5"
        );
        let from = position_command(
            Proto::Uci,
            Variant::Longjiang,
            Some(LONGJIANG.start_sfen),
            &moves[..1],
        );
        assert_eq!(
            from,
            "position fen rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1 moves e2e4"
        );
        let sfen = position_command(
            Proto::Usi,
            Variant::Longjiang,
            Some(LONGJIANG.start_sfen),
            &[],
        );
        assert_eq!(sfen, format!("position sfen {}", LONGJIANG.start_sfen));
    }

    #[test]
    fn fen_of_a_drop_position() {
        let sfen = "r4k3r/10/10/10/10/4+P5/10/10/P'P'8/R4K3R w 2QN2Pr KQq 21 57";
        assert_eq!(
            position_command(Proto::Uci, Variant::Longjiang, Some(sfen), &[]),
            "position fen r4k3r/10/10/10/10/4+P5/10/10/PP8/R4K3R[QQNPPr] b KQq - 0 29"
        );
    }

    #[test]
    fn go_commands() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        let clocks = [
            GameClock {
                remaining: Duration::from_millis(9000),
                moves_left: None,
            },
            GameClock {
                remaining: Duration::from_millis(8000),
                moves_left: None,
            },
        ];
        assert_eq!(
            go_command(Proto::Usi, [&tc, &tc], &clocks, Color::Black),
            "go btime 9000 wtime 8000 binc 100 winc 100"
        );
        assert_eq!(
            go_command(Proto::Uci, [&tc, &tc], &clocks, Color::White),
            "go wtime 9000 btime 8000 winc 100 binc 100"
        );
        let byo: TimeControl = "5,byoyomi=1".parse().unwrap();
        assert_eq!(
            go_command(Proto::Usi, [&byo, &byo], &clocks, Color::Black),
            "go btime 9000 wtime 8000 byoyomi 1000"
        );
        let sd: TimeControl = "40/60".parse().unwrap();
        let mut c = [sd.new_clock(), sd.new_clock()];
        c[1].moves_left = Some(39);
        assert_eq!(
            go_command(Proto::Uci, [&sd, &sd], &c, Color::White),
            "go wtime 60000 btime 60000 movestogo 39"
        );
        for (t, want) in [
            ("nodes=5000", "go nodes 5000"),
            ("depth=6", "go depth 6"),
            ("st=0.5", "go movetime 500"),
        ] {
            let tc: TimeControl = t.parse().unwrap();
            assert_eq!(
                go_command(Proto::Usi, [&tc, &tc], &clocks, Color::Black),
                want
            );
        }
        // Time odds: each side's own increment; a side without a clock shows the mover's.
        let slow: TimeControl = "5+0.05".parse().unwrap();
        assert_eq!(
            go_command(Proto::Usi, [&tc, &slow], &clocks, Color::White),
            "go btime 9000 wtime 8000 binc 100 winc 50"
        );
        let nodes: TimeControl = "nodes=300".parse().unwrap();
        assert_eq!(
            go_command(Proto::Uci, [&nodes, &slow], &clocks, Color::White),
            "go wtime 8000 btime 8000 winc 50 binc 50"
        );
        assert_eq!(
            go_command(Proto::Uci, [&nodes, &slow], &clocks, Color::Black),
            "go nodes 300"
        );
    }
}
