//! The records file of a match (`games.txt`: every finished game, in the record format, in
//! the order the games ended) and its journal (`games.idx`), which makes `--resume` exact.
//!
//! Appending a game: first a journal line `<round> <result> <offset> <length> <hash>` (written
//! and synced), then the record text at that offset (written and synced). On resume every
//! journal entry is checked against the bytes of the records file (offset, length, FNV-1a
//! hash): a run killed while writing leaves at most one entry whose record is missing or cut
//! short; that entry and the partial text are removed and the game is played again. Every other
//! game is kept, and none is played twice.

use longjiang_core::rules::{Color, parse_result_token, result_token};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The records file's name inside `--out`.
pub const RECORDS: &str = "games.txt";
/// The journal's name inside `--out`.
pub const JOURNAL: &str = "games.idx";

/// A game known to be recorded completely.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Committed {
    /// Its round (1-based game number in the schedule).
    pub round: u32,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
}

/// The open records file and journal.
#[derive(Debug)]
pub struct Journal {
    records: File,
    index: File,
    end: u64,
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

struct JournalEntry {
    committed: Committed,
    offset: u64,
    len: u64,
    hash: u64,
}

fn parse_entry(line: &str) -> Option<JournalEntry> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() != 5 {
        return None;
    }
    Some(JournalEntry {
        committed: Committed {
            round: f[0].parse().ok()?,
            winner: parse_result_token(f[1])?,
        },
        offset: f[2].parse().ok()?,
        len: f[3].parse().ok()?,
        hash: u64::from_str_radix(f[4], 16).ok()?,
    })
}

fn open_rw(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(path)
}

impl Journal {
    /// Starts a new records file and journal in `dir`; fails if a match is already there.
    pub fn create(dir: &Path) -> Result<Journal, String> {
        let new = |name: &str| {
            let path = dir.join(name);
            OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        Ok(Journal {
            records: new(RECORDS)?,
            index: new(JOURNAL)?,
            end: 0,
        })
    }

    /// Reopens the records and journal of a killed run: returns the games recorded
    /// completely, and a note when an incomplete last record was removed.
    pub fn resume(dir: &Path) -> Result<(Journal, Vec<Committed>, Option<String>), String> {
        let rec_path = dir.join(RECORDS);
        let idx_path = dir.join(JOURNAL);
        let io_err = |p: &Path, e: io::Error| format!("{}: {e}", p.display());
        let mut records = open_rw(&rec_path).map_err(|e| io_err(&rec_path, e))?;
        let mut index = open_rw(&idx_path).map_err(|e| io_err(&idx_path, e))?;
        let mut text = Vec::new();
        records
            .read_to_end(&mut text)
            .map_err(|e| io_err(&rec_path, e))?;
        let mut journal = String::new();
        index
            .read_to_string(&mut journal)
            .map_err(|e| io_err(&idx_path, e))?;
        let complete_lines = journal.rfind('\n').map_or(0, |i| i + 1);
        let lines: Vec<&str> = journal[..complete_lines].lines().collect();
        let mut kept = Vec::new();
        let mut end = 0u64;
        let mut index_len = 0usize;
        let mut note = None;
        for (i, line) in lines.iter().enumerate() {
            let last = i + 1 == lines.len();
            let good = parse_entry(line).filter(|e| {
                e.offset == end
                    && e.offset + e.len <= text.len() as u64
                    && fnv1a(&text[e.offset as usize..(e.offset + e.len) as usize]) == e.hash
            });
            match good {
                Some(e) => {
                    end = e.offset + e.len;
                    index_len += line.len() + 1;
                    kept.push(e.committed);
                }
                None if last => {
                    note = Some(format!(
                        "the record of the last game (journal line {}) was incomplete; \
                         that game will be played again",
                        i + 1
                    ));
                }
                None => {
                    return Err(format!(
                        "{} line {} does not match {}: the files were changed by hand; \
                         start a new match in another --out",
                        idx_path.display(),
                        i + 1,
                        rec_path.display()
                    ));
                }
            }
        }
        if (text.len() as u64) > end && note.is_none() {
            note = Some(format!(
                "{} bytes of an unfinished record were removed",
                text.len() as u64 - end
            ));
        }
        records.set_len(end).map_err(|e| io_err(&rec_path, e))?;
        records
            .seek(SeekFrom::Start(end))
            .map_err(|e| io_err(&rec_path, e))?;
        index
            .set_len(index_len as u64)
            .map_err(|e| io_err(&idx_path, e))?;
        index
            .seek(SeekFrom::Start(index_len as u64))
            .map_err(|e| io_err(&idx_path, e))?;
        Ok((
            Journal {
                records,
                index,
                end,
            },
            kept,
            note,
        ))
    }

    /// The games of a finished (or stopped) run, read without changing anything: each with
    /// its record's text. A journal line that does not match its record is an error (a run
    /// killed mid-write is completed with `--resume` first).
    pub fn read(dir: &Path) -> Result<Vec<(Committed, String)>, String> {
        let rec_path = dir.join(RECORDS);
        let idx_path = dir.join(JOURNAL);
        let text = std::fs::read(&rec_path).map_err(|e| format!("{}: {e}", rec_path.display()))?;
        let journal = std::fs::read_to_string(&idx_path)
            .map_err(|e| format!("{}: {e}", idx_path.display()))?;
        let mut games = Vec::new();
        let mut end = 0u64;
        for (i, line) in journal.lines().enumerate() {
            let e = parse_entry(line)
                .filter(|e| {
                    e.offset == end
                        && e.offset + e.len <= text.len() as u64
                        && fnv1a(&text[e.offset as usize..(e.offset + e.len) as usize]) == e.hash
                })
                .ok_or_else(|| {
                    format!(
                        "{} line {} does not match {} (continue that run with --resume first)",
                        idx_path.display(),
                        i + 1,
                        rec_path.display()
                    )
                })?;
            let record = &text[e.offset as usize..(e.offset + e.len) as usize];
            games.push((e.committed, String::from_utf8_lossy(record).into_owned()));
            end = e.offset + e.len;
        }
        Ok(games)
    }

    /// Appends one finished game: its journal line, then its record, each synced to disk.
    pub fn append(&mut self, round: u32, winner: Option<Color>, text: &str) -> io::Result<()> {
        let bytes = text.as_bytes();
        let line = format!(
            "{round} {} {} {} {:016x}\n",
            result_token(winner),
            self.end,
            bytes.len(),
            fnv1a(bytes)
        );
        self.index.write_all(line.as_bytes())?;
        self.index.sync_data()?;
        self.records.write_all(bytes)?;
        self.records.sync_data()?;
        self.end += bytes.len() as u64;
        Ok(())
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), for the records' Date tag.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("lj-records-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_000), (2024, 10, 4));
    }

    #[test]
    fn resume_keeps_complete_games_and_drops_a_cut_one() {
        let dir = temp_dir("cut");
        let mut j = Journal::create(&dir).unwrap();
        j.append(1, Some(Color::Black), "game one\n\n").unwrap();
        j.append(3, None, "game three\n\n").unwrap();
        assert!(
            Journal::create(&dir).is_err(),
            "a second match in the same place"
        );
        // A kill while writing the third record: journal line written, record cut short.
        j.append(2, Some(Color::White), "game two, long text\n\n")
            .unwrap();
        drop(j);
        let path = dir.join(RECORDS);
        let len = std::fs::metadata(&path).unwrap().len();
        OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(len - 7)
            .unwrap();
        let (mut j, kept, note) = Journal::resume(&dir).unwrap();
        assert_eq!(
            kept,
            [
                Committed {
                    round: 1,
                    winner: Some(Color::Black)
                },
                Committed {
                    round: 3,
                    winner: None
                }
            ]
        );
        assert!(note.unwrap().contains("played again"));
        j.append(2, None, "game two again\n\n").unwrap();
        drop(j);
        let (_, kept, note) = Journal::resume(&dir).unwrap();
        assert_eq!(kept.len(), 3);
        assert_eq!(note, None);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "game one\n\ngame three\n\ngame two again\n\n"
        );
    }

    #[test]
    fn resume_handles_a_cut_journal_line_and_rejects_edits() {
        let dir = temp_dir("edit");
        let mut j = Journal::create(&dir).unwrap();
        j.append(1, Some(Color::Black), "one\n").unwrap();
        drop(j);
        // A kill while writing the journal line: the record was never written.
        let idx = dir.join(JOURNAL);
        let mut f = OpenOptions::new().append(true).open(&idx).unwrap();
        f.write_all(b"2 1-0 4 1").unwrap();
        let (mut j, kept, _) = Journal::resume(&dir).unwrap();
        assert_eq!(kept.len(), 1);
        j.append(2, None, "two\n").unwrap();
        drop(j);
        assert_eq!(Journal::resume(&dir).unwrap().1.len(), 2);
        std::fs::write(dir.join(RECORDS), "0ne\ntwo\n").unwrap();
        assert!(
            Journal::resume(&dir)
                .unwrap_err()
                .contains("changed by hand")
        );
    }
}
