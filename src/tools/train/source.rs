//! Where the trainer's positions come from: a [`Source`] yields one [`SourceRecord`] at a time
//! (a position with its search score, game result, flags, ply and game number), so that
//! the trainer streams files of any size. [`FileSource`] reads `datagen`'s files of either
//! form through the core's [`stream`] reader.

use longjiang_core::data::sample::{self, GameResult, SampleFlags};
use longjiang_core::data::stream::{self, Board, Entry, Form};
use longjiang_core::rules::{Position, Rules, Variant};
use std::collections::VecDeque;
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

/// Opens the data file at `path` of `variant`, either form, through the core's reader.
pub fn open(path: &Path, variant: Variant) -> Result<Box<dyn Source>, String> {
    Ok(Box::new(FileSource::open(path, variant)?))
}

/// A `datagen` file read game by game through [`stream::Reader`]. A binary file is read up to
/// the end of its last whole game, so a file a generator is still writing (or one cut in the
/// middle of a block) loses only that block; damage before it is an error naming its byte
/// offset. A text file yields a game's positions once its end line has been read, and a
/// malformed line before the last finished game is an error naming the line.
pub struct FileSource {
    reader: stream::Reader,
    rules: Rules,
    path: PathBuf,
    records: u64,
    ready: VecDeque<Entry>,
}

/// Bytes of a text record, about (an estimate for [`Source::estimated_records`]).
const TEXT_RECORD_BYTES: u64 = 100;

impl FileSource {
    /// Opens `path`, refusing a file of another game than `variant`.
    pub fn open(path: &Path, variant: Variant) -> Result<FileSource, String> {
        let mut reader = stream::Reader::open(path).map_err(|e| e.to_string())?;
        let (reader, records) = match reader.header().form {
            Form::Text => {
                let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
                (reader, size / TEXT_RECORD_BYTES)
            }
            Form::Binary => {
                let survey = stream::survey(path).map_err(|e| e.to_string())?;
                // A cut last block is what a running or killed generator leaves.
                if let Some(fault) = survey.fault.filter(|f| !f.is_cut()) {
                    return Err(fault.to_string());
                }
                reader.expect(variant).map_err(|e| e.to_string())?;
                reader = stream::Reader::open_within(path, survey.complete_len)
                    .map_err(|e| e.to_string())?;
                (reader, survey.positions)
            }
        };
        reader.expect(variant).map_err(|e| e.to_string())?;
        Ok(FileSource {
            reader,
            rules: variant.rules(),
            path: path.to_path_buf(),
            records,
            ready: VecDeque::new(),
        })
    }
}

impl Source for FileSource {
    fn next_record(&mut self) -> Result<Option<SourceRecord>, String> {
        loop {
            if let Some(e) = self.ready.pop_front() {
                let board = match e.board {
                    Board::Sfen(s) => SourceBoard::Sfen(s),
                    Board::Setup(ref s) => {
                        let pos = Position::from_setup(s, self.rules).map_err(|err| {
                            format!("{}: game {}: {err}", self.path.display(), e.game)
                        })?;
                        SourceBoard::Position(Box::new(pos))
                    }
                };
                return Ok(Some(SourceRecord {
                    game: e.game,
                    ply: e.ply,
                    score: e.score,
                    result: e.result,
                    flags: e.flags,
                    board,
                }));
            }
            match self.reader.next_game() {
                None => return Ok(None),
                Some(g) => self.ready = g.map_err(|e| e.to_string())?.entries.into(),
            }
        }
    }

    fn estimated_records(&self) -> u64 {
        self.records
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
