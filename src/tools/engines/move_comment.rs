//! The comment after each engine move in the match's PGN, as cutechess writes it:
//! `{+0.35/12 0.52s}` — the score of the engine's last `info … score` line before `bestmove`
//! in pawns from the mover's view, `/` its depth, then the think time the runner measured.
//! Mates are `+M5` / `-M5` counted in plies, as cutechess and fastchess write them (a UCI
//! `mate 3` is `+M5`, `mate -2` is `-M4`; USI already counts plies). Opening moves are `book`.
//! The comments travel in the records' `MoveComments` tag (`notation::pgn::MOVE_COMMENTS`).

use super::engine_spec::Proto;
use std::time::Duration;

/// The comment of an opening move (cutechess's word).
pub const BOOK: &str = "book";

/// The score of an `info` line as cutechess prints it: `+0.35`, `-1.20`, `0.00`, `+M5`, `-M4`.
fn score_text(proto: Proto, tokens: &[&str]) -> Option<String> {
    let at = tokens.iter().position(|&t| t == "score")?;
    let value: i64 = tokens.get(at + 2)?.parse().ok()?;
    match *tokens.get(at + 1)? {
        "cp" => {
            let sign = match value.signum() {
                1 => "+",
                -1 => "-",
                _ => "",
            };
            let a = value.unsigned_abs();
            Some(format!("{sign}{}.{:02}", a / 100, a % 100))
        }
        "mate" if value != 0 => {
            let plies = match proto {
                Proto::Usi => value.unsigned_abs(),
                Proto::Uci if value > 0 => 2 * value.unsigned_abs() - 1,
                Proto::Uci => 2 * value.unsigned_abs(),
            };
            Some(format!("{}M{plies}", if value > 0 { "+" } else { "-" }))
        }
        _ => None,
    }
}

/// cutechess's time: three decimals under 0.1 s, two under 1 s, one under 10 s, else none.
fn time_text(used: Duration) -> String {
    let s = used.as_secs_f64();
    let decimals = match used.as_millis() {
        0..100 => 3,
        100..1000 => 2,
        1000..10_000 => 1,
        _ => 0,
    };
    format!("{s:.decimals$}s")
}

/// The comment of a move: `info` is the engine's last `info` line with a score before its
/// `bestmove` (if any), `used` the think time. `+0.35/12 0.52s`, or `0.52s` without a score.
pub fn comment(proto: Proto, info: Option<&str>, used: Duration) -> String {
    let tokens: Vec<&str> = info
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let mut s = String::new();
    if let Some(score) = score_text(proto, &tokens) {
        s += &score;
        let depth = tokens.iter().position(|&t| t == "depth");
        if let Some(d) = depth.and_then(|i| tokens.get(i + 1)?.parse::<u32>().ok()) {
            s += &format!("/{d}");
        }
        s.push(' ');
    }
    s + &time_text(used)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn comments_read_as_cutechess_writes_them() {
        let line = "info depth 12 seldepth 18 score cp 35 nodes 9000 pv e2e4";
        assert_eq!(comment(Proto::Usi, Some(line), ms(520)), "+0.35/12 0.52s");
        let neg = "info depth 3 score cp -120 nodes 9";
        assert_eq!(comment(Proto::Uci, Some(neg), ms(52)), "-1.20/3 0.052s");
        assert_eq!(
            comment(Proto::Uci, Some("info depth 1 score cp 0"), ms(1234)),
            "0.00/1 1.2s"
        );
        assert_eq!(comment(Proto::Uci, None, ms(12_400)), "12s");
        // UCI counts mates in moves, cutechess writes plies; USI counts plies already.
        let mate = |proto, n: i32| {
            let l = format!("info depth 20 score mate {n} pv a");
            comment(proto, Some(&l), ms(10))
        };
        assert_eq!(mate(Proto::Uci, 3), "+M5/20 0.010s");
        assert_eq!(mate(Proto::Uci, -2), "-M4/20 0.010s");
        assert_eq!(mate(Proto::Usi, 5), "+M5/20 0.010s");
        assert_eq!(mate(Proto::Usi, -4), "-M4/20 0.010s");
        let no_depth = "info score cp 7";
        assert_eq!(comment(Proto::Usi, Some(no_depth), ms(1)), "+0.07 0.001s");
    }
}
