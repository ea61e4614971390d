//! One streaming reader for both forms of a data file: [`Reader`] tells the binary form from
//! the text one by its first bytes, reads the typed [`Header`], and yields one finished game
//! at a time ([`Block`]: its end and its positions as [`Entry`]s), so that a file of any size
//! is read in constant memory. [`survey`] counts a file's games and positions without keeping
//! them. The trainer, the tuner, `data list` and the Python package read through here.
//!
//! Both forms drop a game that was not finished (a file cut in the middle of a game). The text
//! form ignores malformed lines after the last finished game and refuses one before it
//! ([`Fault::NotARecord`]); a binary file cut in its last block is [`Fault::Truncated`].

use super::binary;
use super::error::{At, DataError, Fault};
use super::sample::{self, GameEnd, GameResult, Line, Sample, SampleFlags};
use crate::rules::{Position, Rules, Setup, Variant, sfen};
use std::io::{BufRead, BufReader, Read, Take};
use std::path::{Path, PathBuf};

/// A data file's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// One line a record (`docs/datagen.md`, "Text format").
    Text,
    /// Packed positions (`docs/datagen.md`, "Binary format").
    Binary,
}

/// A data file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The file's form.
    pub form: Form,
    /// The header line as the file holds it: the text form's first line (`# ` included,
    /// without its line end), the binary header's text.
    pub line: String,
    /// The game the header names: the binary header's, or the text line's `variant=` word as
    /// written (`None` when it names none).
    pub variant: Option<String>,
}

impl Header {
    /// The text form's header of `line` (its first line).
    fn of_text(line: &str) -> Header {
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        let variant = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("variant="))
            .map(str::to_string);
        Header {
            form: Form::Text,
            line,
            variant,
        }
    }

    /// The header line without the text form's `# `: `longjiang datagen v2 variant=… …`.
    pub fn settings_line(&self) -> &str {
        self.line.trim_start_matches("# ")
    }

    /// Refuses a file whose header names another game than `wanted` (one that names none
    /// passes).
    pub fn expect(&self, wanted: Variant) -> Result<(), DataError> {
        match &self.variant {
            Some(v) if *v != wanted.name() => Err(DataError {
                path: None,
                at: At::File,
                fault: Fault::OtherGame {
                    file: v.clone(),
                    wanted,
                },
            }),
            _ => Ok(()),
        }
    }
}

/// A position as a file holds it.
// Entries live one game at a time; a box per binary position would cost more than the space.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// The text form's SFEN.
    Sfen(String),
    /// The binary form's unpacked position.
    Setup(Setup),
}

/// One position of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The game number.
    pub game: u64,
    /// Plies from the game's start position.
    pub ply: u32,
    /// The search score, centipawns, first player's view.
    pub score: i32,
    /// The game's result.
    pub result: GameResult,
    /// Marks for filtering.
    pub flags: SampleFlags,
    /// The position.
    pub board: Board,
}

impl Entry {
    /// The position under `rules` (the file's game); the error names the SFEN or the game.
    pub fn position(&self, rules: Rules) -> Result<Position, String> {
        match &self.board {
            Board::Sfen(s) => Position::from_sfen(s, rules).map_err(|e| format!("{s}: {e}")),
            Board::Setup(s) => {
                Position::from_setup(s, rules).map_err(|e| format!("game {}: {e}", self.game))
            }
        }
    }

    /// The position as stored, without the checks of a `Position`.
    pub fn setup(&self, rules: &Rules) -> Result<Setup, String> {
        match &self.board {
            Board::Sfen(s) => sfen::parse_setup(s, rules).map_err(|e| format!("{s}: {e}")),
            Board::Setup(s) => Ok(s.clone()),
        }
    }

    /// The entry as the text form's sample (its SFEN; a binary position's written under
    /// `rules`, the file's game).
    pub fn into_sample(self, rules: &Rules) -> Sample {
        Sample {
            game: self.game,
            ply: self.ply,
            score: self.score,
            result: self.result,
            flags: self.flags,
            sfen: match self.board {
                Board::Sfen(s) => s,
                Board::Setup(s) => sfen::write_setup(&s, rules),
            },
        }
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Block {
    /// How it ended.
    pub end: GameEnd,
    /// How many positions it holds.
    pub count: usize,
    /// Its positions, in file order (empty when read by [`Reader::next_head`]).
    pub entries: Vec<Entry>,
    /// The byte offset just past the game (where appending would resume).
    pub end_offset: u64,
}

/// The text form's reader state.
struct Text<R> {
    input: R,
    /// The first line, read for the header and not yet filed.
    first: Option<String>,
    line_no: usize,
    offset: u64,
    pending: Vec<Entry>,
    bad: Option<usize>,
    buf: String,
    failed: bool,
}

impl<R: BufRead> Text<R> {
    /// The next finished game; `None` at the end.
    fn next_game(&mut self) -> Option<Result<Block, DataError>> {
        if self.failed {
            return None;
        }
        loop {
            let line = match self.first.take() {
                Some(l) => l,
                None => {
                    self.buf.clear();
                    match self.input.read_line(&mut self.buf) {
                        Ok(0) => return None,
                        Ok(n) => {
                            self.line_no += 1;
                            self.offset += n as u64;
                        }
                        Err(e) => {
                            self.failed = true;
                            let fault = Fault::Io(format!("cannot read: {e}"));
                            return Some(Err(self.fault(fault)));
                        }
                    }
                    std::mem::take(&mut self.buf)
                }
            };
            // A line without its end is one a killed generator was writing.
            match sample::parse_line(&line).filter(|_| line.ends_with('\n')) {
                None => self.bad = self.bad.or(Some(self.line_no)),
                Some(Line::Comment) => {}
                Some(Line::Position(s)) => self.pending.push(Entry {
                    game: s.game,
                    ply: s.ply,
                    score: s.score,
                    result: s.result,
                    flags: s.flags,
                    board: Board::Sfen(s.sfen),
                }),
                Some(Line::End(end)) => {
                    if let Some(l) = self.bad {
                        self.failed = true;
                        return Some(Err(DataError {
                            path: None,
                            at: At::Line(l),
                            fault: Fault::NotARecord,
                        }));
                    }
                    let entries: Vec<Entry> = self
                        .pending
                        .drain(..)
                        .filter(|e| e.game == end.game)
                        .collect();
                    self.buf = line;
                    return Some(Ok(Block {
                        end,
                        count: entries.len(),
                        entries,
                        end_offset: self.offset,
                    }));
                }
            }
            self.buf = line;
        }
    }

    fn fault(&self, fault: Fault) -> DataError {
        DataError {
            path: None,
            at: At::Line(self.line_no),
            fault,
        }
    }
}

enum Body<R: Read> {
    Text(Text<R>),
    Binary(Box<binary::Reader<R>>),
}

/// Streams a data file of either form: its header, then its finished games.
pub struct Reader<R: Read = BufReader<Take<std::fs::File>>> {
    header: Header,
    body: Body<R>,
    path: Option<PathBuf>,
    /// The binary form's game, for its positions' SFEN (the text form's positions are SFEN).
    rules: Rules,
}

impl Reader {
    /// Opens the file at `path` and reads its header.
    pub fn open(path: &Path) -> Result<Reader, DataError> {
        Reader::open_within(path, u64::MAX)
    }

    /// Opens the file at `path`, reading only its first `len` bytes (a survey's
    /// `complete_len`: the games counted, not those a running generator adds since).
    pub fn open_within(path: &Path, len: u64) -> Result<Reader, DataError> {
        let io = |e: std::io::Error| DataError {
            path: Some(path.to_path_buf()),
            at: At::File,
            fault: Fault::Io(e.to_string()),
        };
        let f = std::fs::File::open(path).map_err(io)?;
        let mut r = Reader::new(BufReader::with_capacity(1 << 16, f.take(len)))
            .map_err(|e| e.in_file(path))?;
        r.path = Some(path.to_path_buf());
        Ok(r)
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads the header from `input`, telling the form by its first bytes.
    pub fn new(mut input: R) -> Result<Reader<R>, DataError> {
        let start = input.fill_buf().map_err(|e| DataError {
            path: None,
            at: At::File,
            fault: Fault::Io(e.to_string()),
        })?;
        if binary::is_binary(start) {
            let r = binary::Reader::new(input)?;
            let h = r.header();
            return Ok(Reader {
                header: Header {
                    form: Form::Binary,
                    line: h.text.clone(),
                    variant: Some(h.variant.name().to_string()),
                },
                rules: r.variant().rules(),
                body: Body::Binary(Box::new(r)),
                path: None,
            });
        }
        let mut first = String::new();
        let n = input.read_line(&mut first).map_err(|e| DataError {
            path: None,
            at: At::Line(1),
            fault: Fault::Io(format!("cannot read: {e}")),
        })?;
        Ok(Reader {
            header: Header::of_text(&first),
            body: Body::Text(Text {
                input,
                line_no: usize::from(n > 0),
                offset: n as u64,
                first: (n > 0).then_some(first),
                pending: Vec::new(),
                bad: None,
                buf: String::new(),
                failed: false,
            }),
            path: None,
            rules: crate::rules::LONGJIANG,
        })
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Refuses the file when its header names another game than `wanted`.
    pub fn expect(&self, wanted: Variant) -> Result<(), DataError> {
        self.header.expect(wanted).map_err(|e| self.named(e))
    }

    fn named(&self, mut e: DataError) -> DataError {
        e.path.clone_from(&self.path);
        e
    }

    /// The next finished game with its positions; `None` at the end of the file.
    pub fn next_game(&mut self) -> Option<Result<Block, DataError>> {
        self.next(true)
    }

    /// The next finished game's end and count, the binary form's positions not unpacked
    /// (`entries` stays empty); `None` at the end of the file.
    pub fn next_head(&mut self) -> Option<Result<Block, DataError>> {
        self.next(false)
    }

    fn next(&mut self, decode: bool) -> Option<Result<Block, DataError>> {
        let got = match &mut self.body {
            Body::Text(t) => t.next_game().map(|b| {
                b.map(|mut b| {
                    if !decode {
                        b.entries.clear();
                    }
                    b
                })
            }),
            Body::Binary(r) => {
                let g = if decode {
                    r.next_game()
                } else {
                    r.next_game_head()
                };
                g.map(|g| {
                    g.map(|g| Block {
                        end: g.end,
                        count: g.count,
                        entries: g
                            .records
                            .into_iter()
                            .map(|r| Entry {
                                game: r.game,
                                ply: r.ply,
                                score: r.score,
                                result: r.result,
                                flags: r.flags,
                                board: Board::Setup(r.setup),
                            })
                            .collect(),
                        end_offset: g.end_offset,
                    })
                })
            }
        };
        got.map(|g| g.map_err(|e| self.named(e)))
    }

    /// `e` as the text form's sample (a binary position's SFEN written under the file's game).
    pub fn sample(&self, e: Entry) -> Sample {
        e.into_sample(&self.rules)
    }
}

/// What a file holds as far as its last finished game, counted without keeping the positions.
#[derive(Clone, Debug)]
pub struct Survey {
    /// The header.
    pub header: Header,
    /// The finished games (their `entries` empty), in file order.
    pub games: Vec<Block>,
    /// Positions of the finished games.
    pub positions: u64,
    /// Bytes up to the end of the last finished game (the text form: at least its header
    /// line, when that is a comment): where appending resumes.
    pub complete_len: u64,
    /// What stopped the survey before the end of the file (a cut last block, damage).
    pub fault: Option<DataError>,
}

/// Surveys the file at `path` (see [`Survey`]).
pub fn survey(path: &Path) -> Result<Survey, DataError> {
    let mut r = Reader::open(path)?;
    let header = r.header.clone();
    let mut complete_len = match &r.body {
        Body::Text(t)
            if t.first
                .as_ref()
                .is_some_and(|l| l.starts_with('#') && l.ends_with('\n')) =>
        {
            t.offset
        }
        Body::Text(_) => 0,
        Body::Binary(b) => b.offset(),
    };
    let (mut games, mut positions, mut fault) = (Vec::new(), 0, None);
    while let Some(g) = r.next_head() {
        match g {
            Ok(g) => {
                positions += g.count as u64;
                complete_len = g.end_offset;
                games.push(g);
            }
            Err(e) => {
                fault = Some(e);
                break;
            }
        }
    }
    Ok(Survey {
        header,
        games,
        positions,
        complete_len,
        fault,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::error::At;

    #[test]
    fn unfinished_games_are_dropped_and_a_bad_line_before_a_game_is_an_error() {
        let sfen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";
        let mut text = format!(
            "# longjiang datagen v2 variant=longjiang-nodrop\np 3 17 -42 0.5 3 {sfen}\n\
             g 3 0.5 80 repetition\n"
        );
        let complete = text.len() as u64;
        // The next game was cut off: a full position line and half of another.
        text.push_str(&format!("p 4 17 -42 0.5 3 {sfen}\np 4 1"));
        let mut r = Reader::new(text.as_bytes()).unwrap();
        assert_eq!(r.header().form, Form::Text);
        assert_eq!(r.header().variant.as_deref(), Some("longjiang-nodrop"));
        assert!(r.expect(Variant::LongjiangNoDrop).is_ok());
        let other = r.expect(Variant::Longjiang).unwrap_err();
        assert!(matches!(other.fault, Fault::OtherGame { .. }), "{other}");
        let g = r.next_game().unwrap().unwrap();
        assert_eq!((g.end.game, g.count, g.end_offset), (3, 1, complete));
        assert_eq!(g.entries[0].board, Board::Sfen(sfen.into()));
        assert!(r.next_game().is_none());
        let mut r = Reader::new("garbage\ng 1 1 2 checkmate\n".as_bytes()).unwrap();
        let e = r.next_game().unwrap().unwrap_err();
        assert_eq!((e.at, &e.fault), (At::Line(1), &Fault::NotARecord));
        assert_eq!(e.to_string(), "line 1: not a datagen record");
    }
}
