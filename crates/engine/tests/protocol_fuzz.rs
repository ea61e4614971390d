//! Fuzzing the text readers with proptest: the command reader, SFEN, Fairy-Stockfish FEN, the
//! record notation and record files never panic, on arbitrary text and on mutations of valid
//! input, and whatever they accept is consistent (an accepted SFEN writes back to a text that
//! reads as the same position; an accepted record move is legal).
//!
//! CI runs a few hundred cases per property. The long run is the same tests with more cases:
//! `FUZZ_CASES=200000 cargo test --release --test protocol_fuzz` (protocol.md records the counts
//! run).

use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::fen::{parse_fen, write_fen};
use longjiang_core::notation::record::GameRecord;
use longjiang_core::notation::{parse_move, write_move};
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position, Rules};
use longjiang_engine::protocol::{Output, Session, command};
use proptest::prelude::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Cases per property: `FUZZ_CASES` from the environment, else 256.
fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

/// Sessions for `sessions_of_random_commands`: `FUZZ_SESSIONS` from the environment, else
/// `cases() / 16` (a session runs up to 12 commands through the real engine, searches included,
/// so it costs far more than one reader input).
fn sessions() -> u32 {
    std::env::var("FUZZ_SESSIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| cases().div_ceil(16))
}

/// Words that make the readers go deep: keywords, numbers, squares, moves in both notations.
const WORDS: &[&str] = &[
    "usi",
    "uci",
    "isready",
    "setoption",
    "name",
    "value",
    "Hash",
    "USI_Hash",
    "Threads",
    "MultiPV",
    "Variant",
    "UCI_Variant",
    "longjiang-nodrop",
    "Stalemate",
    "loss",
    "Clear",
    "usinewgame",
    "position",
    "startpos",
    "sfen",
    "fen",
    "moves",
    "go",
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "gameover",
    "win",
    "quit",
    "d",
    "eval",
    "bench",
    "0",
    "1",
    "-1",
    "99999999999999999999",
    "f2f4",
    "P*e5",
    "P@e5",
    "e9e10+",
    "f1i1",
    "六四",
    "骑三三",
    "戟帅",
    "副四四打",
    "b",
    "w",
    "-",
    "KQkq",
    "00",
    "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR",
    "[]",
    "[Pp]",
    "\u{0}",
    "é",
    "十十",
    "Ｘ",
    "＃",
];

fn word_line() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            3 => proptest::sample::select(WORDS).prop_map(str::to_string),
            1 => "\\PC{0,6}",
        ],
        0..12,
    )
    .prop_map(|w| w.join(" "))
}

/// Characters of SFENs and FENs, to mutate valid ones with.
const POSITION_CHARS: &[char] = &[
    'r', 'n', 'b', 'g', 'q', 'k', 'p', 'R', 'N', 'B', 'G', 'Q', 'K', 'P', '+', '\'', '/', '1', '2',
    '9', '0', ' ', '-', 'w', '[', ']', 'x', '\u{5341}',
];

/// A valid text with some characters replaced, inserted or deleted.
fn mutated(base: &'static str, alphabet: &'static [char]) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        (
            any::<prop::sample::Index>(),
            0u8..3,
            proptest::sample::select(alphabet),
        ),
        1..5,
    )
    .prop_map(move |edits| {
        let mut chars: Vec<char> = base.chars().collect();
        for (at, op, c) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 if i < chars.len() => chars[i] = c,
                1 => chars.insert(i, c),
                _ if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.push(c),
            }
        }
        chars.into_iter().collect()
    })
}

const SFENS: &[&str] = &[
    "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1",
    "r4k3r/10/10/10/10/4+P5/10/10/P'P'8/R4K3R w 2QN2Pr KQq 21 57",
];
const FENS: &[&str] = &[
    "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR[] w KQkq - 0 1",
    "1rbgqkgbnr/2ppppppp1/p9/9p/10/10/10/10/1PPPPPPPPP/RNBGQKGBNR[NPp] w KQk - 0 7",
];

/// If an SFEN is accepted, it writes back to text that reads as the same position.
fn sfen_is_consistent(text: &str, rules: Rules) -> Result<(), TestCaseError> {
    if let Ok(pos) = Position::from_sfen(text, rules) {
        let again = Position::from_sfen(&pos.to_sfen(), rules);
        prop_assert!(again.is_ok(), "{} → {}", text, pos.to_sfen());
        prop_assert_eq!(again.map(|p| p.key()).ok(), Some(pos.key()));
    }
    Ok(())
}

/// If a FEN is accepted, its written FEN reads as the same position.
fn fen_is_consistent(text: &str, rules: Rules) -> Result<(), TestCaseError> {
    if let Ok(pos) = parse_fen(text, rules) {
        let again = parse_fen(&write_fen(&pos), rules);
        prop_assert_eq!(
            again.map(|p| p.to_sfen()).ok(),
            Some(pos.to_sfen()),
            "{}",
            text
        );
    }
    Ok(())
}

/// A position reached by random legal moves.
fn random_position(nodrop: bool, choices: &[u16]) -> Position {
    let rules = if nodrop { LONGJIANG_NODROP } else { LONGJIANG };
    let mut pos = Position::start(rules);
    for &c in choices {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.play(moves[c as usize % moves.len()]);
    }
    pos
}

/// Characters of the record notation.
const RECORD_CHARS: &[char] = &[
    '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '枪', '戟', '骑', '僧', '卫', '副',
    '帅', '刀', '兵', '近', '将', '主', '大', 'Ｘ', 'X', '＃', '#', '成', '不', '打', ' ', '\n',
    '[', ']', '"', '{', '}', '.', '1', '*', '-', '/',
];

/// Words for whole sessions: as `WORDS`, without what would run for long (perft, bench) or
/// allocate much (large hash values are not in the list).
fn session_line() -> impl Strategy<Value = String> {
    let words: Vec<&'static str> = WORDS
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "perft" | "bench" | "Hash" | "USI_Hash"))
        .collect();
    proptest::collection::vec(
        prop_oneof![
            4 => proptest::sample::select(words).prop_map(str::to_string),
            1 => "\\PC{0,6}",
        ],
        0..10,
    )
    .prop_map(|w| w.join(" "))
}

/// A buffer the session writes to.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(b);
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Buffer {
    fn error_lines(&self) -> usize {
        let v = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        String::from_utf8_lossy(&v)
            .lines()
            .filter(|l| l.starts_with("info string error"))
            .count()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(sessions()))]

    /// Whole sessions of random command lines: no panic, at most one error line per command,
    /// and a command that fails leaves the session's state (position, options, mode, table)
    /// as it was.
    #[test]
    fn sessions_of_random_commands(lines in proptest::collection::vec(session_line(), 1..12)) {
        let buf = Buffer::default();
        let mut session = Session::new(Output::new(buf.clone()));
        for line in &lines {
            let before = buf.error_lines();
            let state = session.snapshot();
            let go_on = session.handle(line);
            let errors = buf.error_lines() - before;
            prop_assert!(errors <= 1, "{}", line);
            if errors == 1 {
                prop_assert_eq!(session.snapshot(), state, "{}", line);
            }
            if !go_on {
                break;
            }
        }
        session.shutdown();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn command_reader_never_panics(line in "\\PC{0,60}") {
        let _ = command::parse(&line);
    }

    #[test]
    fn command_reader_on_protocol_words(line in word_line()) {
        if let Err(e) = command::parse(&line) {
            prop_assert!(!e.0.is_empty());
            prop_assert!(!e.0.contains('\n'));
        }
    }

    #[test]
    fn sfen_reader_on_arbitrary_text(text in "\\PC{0,90}", nodrop in any::<bool>()) {
        sfen_is_consistent(&text, if nodrop { LONGJIANG_NODROP } else { LONGJIANG })?;
    }

    #[test]
    fn sfen_reader_on_mutated_sfens(
        text in proptest::sample::select(SFENS).prop_flat_map(|s| mutated(s, POSITION_CHARS)),
        nodrop in any::<bool>(),
    ) {
        sfen_is_consistent(&text, if nodrop { LONGJIANG_NODROP } else { LONGJIANG })?;
    }

    #[test]
    fn fen_reader_on_mutated_fens(
        text in proptest::sample::select(FENS).prop_flat_map(|s| mutated(s, POSITION_CHARS)),
        nodrop in any::<bool>(),
    ) {
        fen_is_consistent(&text, if nodrop { LONGJIANG_NODROP } else { LONGJIANG })?;
    }

    #[test]
    fn fen_reader_on_arbitrary_text(text in "\\PC{0,90}") {
        fen_is_consistent(&text, LONGJIANG)?;
    }

    #[test]
    fn move_readers_accept_only_legal_moves(
        nodrop in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..60),
        texts in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(RECORD_CHARS), 1..9)
                .prop_map(|c| c.into_iter().collect::<String>()),
            1..20,
        ),
        ascii in proptest::collection::vec("[a-jPNBRGQK*@+0-9]{2,7}", 1..20),
    ) {
        let pos = random_position(nodrop, &choices);
        for text in &texts {
            if let Ok(m) = parse_move(&pos, text) {
                prop_assert!(pos.is_legal(m), "{} → {}", text, m);
                // An accepted text names the move the writer names.
                let again = parse_move(&pos, &write_move(&pos, m));
                prop_assert_eq!(again, Ok(m));
            }
        }
        for text in &ascii {
            if let Ok(m) = pos.parse_move(text) {
                prop_assert!(pos.is_legal(m), "{} → {}", text, m);
            }
        }
    }

    #[test]
    fn record_reader_on_arbitrary_text(
        chars in proptest::collection::vec(proptest::sample::select(RECORD_CHARS), 0..80),
    ) {
        let text: String = chars.into_iter().collect();
        if let Ok(games) = GameRecord::parse_many(&text) {
            for g in games {
                // Whatever was accepted writes back and reads as the same game.
                let written = g.to_text();
                prop_assert!(written.is_ok(), "{:?}", written);
                let back = GameRecord::parse(&written.unwrap_or_default());
                prop_assert_eq!(back.ok(), Some(g));
            }
        }
    }

    #[test]
    fn record_reader_on_mutated_records(
        nodrop in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        edits in proptest::collection::vec(
            (any::<prop::sample::Index>(), 0u8..3, proptest::sample::select(RECORD_CHARS)),
            1..4,
        ),
    ) {
        let variant = if nodrop {
            longjiang_core::rules::Variant::LongjiangNoDrop
        } else {
            longjiang_core::rules::Variant::Longjiang
        };
        let mut record = GameRecord::new(variant);
        let mut pos = Position::start(variant.rules());
        for &c in &choices {
            if pos.outcome().is_some() {
                break;
            }
            let moves = legal_moves(&pos);
            let m = moves[c as usize % moves.len()];
            record.moves.push(m);
            pos.play(m);
        }
        let text = record.to_text().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut chars: Vec<char> = text.chars().collect();
        for (at, op, c) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 if i < chars.len() => chars[i] = c,
                1 => chars.insert(i, c),
                _ if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.push(c),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(games) = GameRecord::parse_many(&text) {
            for g in games {
                prop_assert!(g.to_text().is_ok());
            }
        }
    }
}
