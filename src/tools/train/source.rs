//! Where the trainer's positions come from: a [`Source`] yields one [`SourceRecord`] at a time
//! (a position with its search score, game result, flags, ply and game number), so that
//! the trainer streams files of any size. [`TextSource`] reads `datagen`'s text files;
//! [`open`] picks the reader for a file (the place to plug in another format).

use longjiang_core::data::binary;
use longjiang_core::data::sample::{self, GameResult, Line, SampleFlags};
use longjiang_core::rules::{Position, Rules, Variant};
use std::collections::VecDeque;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// A position as a source holds it.
#[derive(Clone, Debug)]
pub enum SourceBoard {
    /// SFEN text (the text format).
    Sfen(String),
    /// An already decoded position.
    Position(Box<Position>),
}

/// One training position.
#[derive(Clone, Debug)]
pub struct SourceRecord {
    /// The game number (the validation split goes by it).
    pub game: u64,
    /// Plies from the game's start.
    pub ply: u32,
    /// The search score, centipawns, from the first player's point of view.
    pub score: i32,
    /// The game's result.
    pub result: GameResult,
    /// Marks for filtering.
    pub flags: SampleFlags,
    /// The position.
    pub board: SourceBoard,
}

impl SourceRecord {
    /// The position under `rules`.
    pub fn position(&self, rules: Rules) -> Result<Position, String> {
        match &self.board {
            SourceBoard::Sfen(s) => Position::from_sfen(s, rules).map_err(|e| format!("{s}: {e}")),
            SourceBoard::Position(p) => Ok((**p).clone()),
        }
    }

    /// Whether `filter` keeps it (the rule `sample::Filter::keeps` applies to samples).
    pub fn kept_by(&self, filter: &sample::Filter) -> bool {
        self.ply >= filter.min_ply
            && self.score.abs() <= filter.max_score
            && (filter.keep_noisy || !self.flags.intersects(SampleFlags::NOT_QUIET))
    }
}

/// A stream of records from one file.
pub trait Source: Send {
    /// The next record, `None` at the end; an error for a damaged file.
    fn next_record(&mut self) -> Result<Option<SourceRecord>, String>;
    /// About how many records the file holds (sizes the shuffle's shards).
    fn estimated_records(&self) -> u64;
}

/// Opens the data file at `path` of `variant` with the reader its format needs: the binary
/// format when the file starts with its magic bytes, else the text format.
pub fn open(path: &Path, variant: Variant) -> Result<Box<dyn Source>, String> {
    let mut magic = [0u8; 8];
    let n = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut magic))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if binary::is_binary(&magic[..n]) {
        Ok(Box::new(BinarySource::open(path, variant)?))
    } else {
        Ok(Box::new(TextSource::open(path, variant)?))
    }
}

/// `datagen`'s binary format, read game block by game block. The file is read up to the end
/// of its last whole game, so a file a generator is still writing (or one cut in the middle
/// of a block) loses only that block; damage before it is an error naming its byte offset.
pub struct BinarySource {
    reader: binary::Reader<std::io::BufReader<std::io::Take<std::fs::File>>>,
    rules: Rules,
    path: PathBuf,
    records: u64,
}

impl BinarySource {
    /// Opens `path`, refusing a file of another game than `variant`.
    pub fn open(path: &Path, variant: Variant) -> Result<BinarySource, String> {
        let scan = binary::scan(path).map_err(|e| e.to_string())?;
        if let Some(fault) = scan.fault {
            // A cut last block is what a running or killed generator leaves; other faults
            // are damage (`binary::read_exact` names the cut "truncated").
            if !fault.what.contains("truncated") {
                return Err(fault.to_string());
            }
        }
        if scan.header.variant != variant {
            return Err(format!(
                "{}: data of {}, not of {variant}",
                path.display(),
                scan.header.variant
            ));
        }
        let records = scan.games.iter().map(|g| g.count as u64).sum();
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let input = std::io::BufReader::with_capacity(
            1 << 16,
            std::io::Read::take(file, scan.complete_len),
        );
        let reader = binary::Reader::new(input).map_err(|mut e| {
            e.path = Some(path.to_path_buf());
            e.to_string()
        })?;
        Ok(BinarySource {
            reader,
            rules: variant.rules(),
            path: path.to_path_buf(),
            records,
        })
    }
}

impl Source for BinarySource {
    fn next_record(&mut self) -> Result<Option<SourceRecord>, String> {
        match self.reader.next() {
            None => Ok(None),
            Some(Err(mut e)) => {
                e.path = Some(self.path.clone());
                Err(e.to_string())
            }
            Some(Ok(r)) => {
                let pos = r
                    .position(self.rules)
                    .map_err(|e| format!("{}: game {}: {e}", self.path.display(), r.game))?;
                Ok(Some(SourceRecord {
                    game: r.game,
                    ply: r.ply,
                    score: r.score,
                    result: r.result,
                    flags: r.flags,
                    board: SourceBoard::Position(Box::new(pos)),
                }))
            }
        }
    }

    fn estimated_records(&self) -> u64 {
        self.records
    }
}

/// `datagen`'s text format, read line by line: a game's positions are yielded once its end
/// line has been read (a file cut in the middle of a game loses that game), and a malformed
/// line before the last finished game is an error naming the line, as `sample::read` does.
pub struct TextSource {
    path: PathBuf,
    input: std::io::BufReader<std::fs::File>,
    size: u64,
    line_no: usize,
    pending: Vec<SourceRecord>,
    ready: VecDeque<SourceRecord>,
    bad: Option<usize>,
    buf: String,
}

/// Bytes of a text record, about (an estimate for [`Source::estimated_records`]).
const TEXT_RECORD_BYTES: u64 = 100;

impl TextSource {
    /// Opens `path`, refusing a file whose header names another game than `variant`.
    pub fn open(path: &Path, variant: Variant) -> Result<TextSource, String> {
        let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let size = f.metadata().map(|m| m.len()).unwrap_or(0);
        let mut src = TextSource {
            path: path.to_path_buf(),
            input: std::io::BufReader::with_capacity(1 << 20, f),
            size,
            line_no: 0,
            pending: Vec::new(),
            ready: VecDeque::new(),
            bad: None,
            buf: String::new(),
        };
        src.read_line()?;
        let first = &src.buf;
        if first.contains("variant=") && !first.contains(&format!("variant={variant} ")) {
            return Err(format!("{}: not data of {variant}", path.display()));
        }
        src.take_line()?;
        Ok(src)
    }

    /// Reads the next line into `buf`; its length, 0 at the end.
    fn read_line(&mut self) -> Result<usize, String> {
        self.buf.clear();
        let n = self
            .input
            .read_line(&mut self.buf)
            .map_err(|e| format!("{}: cannot read: {e}", self.path.display()))?;
        if n > 0 {
            self.line_no += 1;
        }
        Ok(n)
    }

    /// Files the line in `buf` (read by `read_line`).
    fn take_line(&mut self) -> Result<(), String> {
        let line = std::mem::take(&mut self.buf);
        match sample::parse_line(&line).filter(|_| line.ends_with('\n')) {
            None => self.bad = self.bad.or(Some(self.line_no)),
            Some(Line::Comment) => {}
            Some(Line::Position(s)) => self.pending.push(SourceRecord {
                game: s.game,
                ply: s.ply,
                score: s.score,
                result: s.result,
                flags: s.flags,
                board: SourceBoard::Sfen(s.sfen),
            }),
            Some(Line::End(end)) => {
                if let Some(l) = self.bad {
                    return Err(format!(
                        "{}: line {l}: not a datagen record",
                        self.path.display()
                    ));
                }
                self.ready
                    .extend(self.pending.drain(..).filter(|r| r.game == end.game));
            }
        }
        self.buf = line;
        Ok(())
    }
}

impl Source for TextSource {
    fn next_record(&mut self) -> Result<Option<SourceRecord>, String> {
        loop {
            if let Some(r) = self.ready.pop_front() {
                return Ok(Some(r));
            }
            if self.read_line()? == 0 {
                return Ok(None);
            }
            self.take_line()?;
        }
    }

    fn estimated_records(&self) -> u64 {
        self.size / TEXT_RECORD_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_source_yields_finished_games_only() {
        let d = std::env::temp_dir().join(format!("lj-source-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let sfen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";
        let text = format!(
            "# longjiang datagen v1 variant=longjiang-nodrop nodes=1\n\
             p 0 8 12 1 0 {sfen}\np 0 9 -5 1 2 {sfen}\ng 0 1 10 checkmate\n\
             p 1 8 30 0 0 {sfen}\np 1 9"
        );
        let path = d.join("a.txt");
        std::fs::write(&path, &text).unwrap();
        let mut src = open(&path, Variant::LongjiangNoDrop).unwrap();
        let mut got = Vec::new();
        while let Some(r) = src.next_record().unwrap() {
            got.push((r.game, r.ply, r.score));
        }
        assert_eq!(got, vec![(0, 8, 12), (0, 9, -5)]);
        assert!(open(&path, Variant::Longjiang).is_err());
        std::fs::write(&path, format!("junk\n{text}\ng 1 1 2 checkmate\n")).unwrap();
        let mut src = open(&path, Variant::LongjiangNoDrop).unwrap();
        let err = loop {
            match src.next_record() {
                Ok(Some(_)) => continue,
                Ok(None) => panic!("no error"),
                Err(e) => break e,
            }
        };
        assert!(err.contains("line 1"), "{err}");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
