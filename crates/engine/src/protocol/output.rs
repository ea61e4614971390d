//! The one writer of the protocol's output, and the formatting of the search's reports.
//!
//! Every line goes through [`Output`], which holds a lock while it writes and flushes a whole
//! line (or a block of lines), so the reader thread's answers and the search thread's `info` and
//! `bestmove` never interleave.

use super::Mode;
use crate::search::{Bound, Score, SearchInfo};
use longjiang_core::rules::{Move, TextForm};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, serialized line writer.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Writes to standard output.
    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    /// Writes to any sink (tests use a buffer).
    pub fn new(w: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes lines as one block and flushes. A closed output (the GUI went away) is ignored:
    /// the reader will see end of input and stop.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut guard = match self.0.lock() {
            Ok(g) => g,
            // A thread panicked while writing; the writer itself is still usable.
            Err(poisoned) => poisoned.into_inner(),
        };
        for l in lines {
            let _ = writeln!(guard, "{}", l.as_ref());
        }
        let _ = guard.flush();
    }

    /// Writes one line and flushes.
    pub fn line(&self, line: &str) {
        self.lines(&[line]);
    }

    /// The one error line: `info string error: <message>`, its control bytes shown escaped.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {}", printable(message)));
    }
}

/// `text` as one printable line: line breaks become spaces and every other control character
/// is written escaped (`\x1b`), so that an echoed input cannot drive the reader's terminal.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' => out.push(' '),
            // Cc is U+0000 … U+001F and U+007F … U+009F: two hex digits each.
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// A move as this mode writes it for a game written in `form`: `P*e5` in USI mode, `P@e5` in
/// UCI mode; shogi's squares are USI's (`7g7f`, `P*5e`).
pub fn move_text(m: Move, mode: Mode, form: TextForm) -> String {
    let text = longjiang_core::rules::ascii::move_text(m, form);
    match mode {
        Mode::Usi => text,
        Mode::Uci => text.replace('*', "@"),
    }
}

/// A score as this mode writes it: `cp 35`, or `mate N` with N in plies (USI) or moves (UCI),
/// negative when the side to move is mated.
pub fn score_text(score: Score, mode: Mode) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(plies) => match mode {
            Mode::Usi => format!("mate {plies}"),
            Mode::Uci => {
                let moves = (plies.unsigned_abs().div_ceil(2)) as i64;
                format!("mate {}", if plies < 0 { -moves } else { moves })
            }
        },
    }
}

/// `info depth … pv …` for one iteration (or one MultiPV line); `wdl`: with ` wdl W D L`
/// after the score (`UCI_ShowWDL`, `search::wdl`).
pub fn info_line(info: &SearchInfo, mode: Mode, form: TextForm, wdl: bool) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score, mode)
    );
    // Stockfish's order: `score cp 35 wdl 130 806 64 lowerbound`.
    if wdl {
        let [w, d, l] = crate::search::wdl::wdl(info.score);
        let _ = write!(s, " wdl {w} {d} {l}");
    }
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => s.push_str(" lowerbound"),
        Bound::Upper => s.push_str(" upperbound"),
    }
    let _ = write!(
        s,
        " nodes {} nps {} hashfull {} time {}",
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for &m in &info.pv {
            s.push(' ');
            s.push_str(&move_text(m, mode, form));
        }
    }
    s
}

/// `bestmove <m> [ponder <m>]`; with no legal move `bestmove resign` (USI) or
/// `bestmove (none)` (UCI).
pub fn bestmove_line(
    best: Option<Move>,
    ponder: Option<Move>,
    mode: Mode,
    form: TextForm,
) -> String {
    match best {
        None => match mode {
            Mode::Usi => "bestmove resign".to_string(),
            Mode::Uci => "bestmove (none)".to_string(),
        },
        Some(m) => match ponder {
            Some(p) => format!(
                "bestmove {} ponder {}",
                move_text(m, mode, form),
                move_text(p, mode, form)
            ),
            None => format!("bestmove {}", move_text(m, mode, form)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::geometry::Square;
    use longjiang_core::rules::PieceKind;
    use std::time::Duration;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn mate_scores_in_plies_or_moves() {
        for (plies, usi, uci) in [
            (1, "mate 1", "mate 1"),
            (3, "mate 3", "mate 2"),
            (4, "mate 4", "mate 2"),
            (-2, "mate -2", "mate -1"),
            (-5, "mate -5", "mate -3"),
            (0, "mate 0", "mate 0"),
        ] {
            assert_eq!(score_text(Score::Mate(plies), Mode::Usi), usi);
            assert_eq!(score_text(Score::Mate(plies), Mode::Uci), uci);
        }
        assert_eq!(score_text(Score::Cp(-35), Mode::Uci), "cp -35");
    }

    #[test]
    fn info_and_bestmove_lines() {
        let drop = Move::drop(PieceKind::Pawn, sq("e5"));
        let info = SearchInfo {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score: Score::Cp(42),
            bound: Bound::Lower,
            nodes: 12345,
            nps: 100000,
            hashfull: 3,
            time: Duration::from_millis(123),
            pv: vec![Move::normal(sq("f2"), sq("f4")), drop],
        };
        assert_eq!(
            info_line(&info, Mode::Usi, TextForm::Longjiang, false),
            "info depth 7 seldepth 11 multipv 1 score cp 42 lowerbound nodes 12345 nps 100000 hashfull 3 time 123 pv f2f4 P*e5"
        );
        assert!(info_line(&info, Mode::Uci, TextForm::Longjiang, false).ends_with("pv f2f4 P@e5"));
        assert_eq!(
            bestmove_line(Some(drop), None, Mode::Uci, TextForm::Longjiang),
            "bestmove P@e5"
        );
        assert_eq!(
            bestmove_line(Some(drop), Some(drop), Mode::Usi, TextForm::Longjiang),
            "bestmove P*e5 ponder P*e5"
        );
        assert_eq!(
            bestmove_line(None, None, Mode::Usi, TextForm::Longjiang),
            "bestmove resign"
        );
        assert_eq!(
            bestmove_line(None, None, Mode::Uci, TextForm::Longjiang),
            "bestmove (none)"
        );
    }

    #[test]
    fn lines_never_interleave() {
        #[derive(Clone)]
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                // One byte at a time, to give other threads every chance to cut in.
                if let Some(&first) = b.first() {
                    self.0
                        .lock()
                        .map_err(|_| std::io::ErrorKind::Other)?
                        .push(first);
                    return Ok(1);
                }
                Ok(0)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = Shared(Arc::new(Mutex::new(Vec::new())));
        let out = Output::new(buf.clone());
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let out = out.clone();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        out.line(&format!("thread {t} line {i} {}", "x".repeat(40)));
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 800);
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 5, "{line}");
            assert_eq!(words[4], "x".repeat(40));
        }
    }
}
