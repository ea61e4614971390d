//! Datagen's binary files (`docs/datagen.md`, "Binary format", byte by byte): a header
//! naming the game and the command, then one block per finished game, each position packed
//! by [`pack`] into a few dozen bytes. [`Reader`] streams the records back as typed
//! [`Record`]s; a bad or cut file is one [`DataError`] naming the byte offset. Most readers
//! read through the `stream` module above this one, which reads both forms.

use super::error::{DataError, Fault};
use super::pack;
use super::sample::{GameEnd, GameResult, Sample, SampleFlags};
use crate::rules::{Position, PositionError, Rules, Setup, Variant};
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

/// The first bytes of every binary data file.
pub const MAGIC: &[u8; 4] = b"LJDG";
/// The format version this build writes and reads.
pub const VERSION: u8 = 1;
/// The first byte of a game block.
const GAME_TAG: u8 = b'G';
/// The bytes of a game block before its records.
const GAME_HEAD: usize = 1 + 8 + 1 + 2 + 2 + 4 + 4;

fn fault(offset: u64, what: impl Into<String>) -> DataError {
    DataError::byte(offset, Fault::Malformed(what.into()))
}

/// A file's header: the game and the line that names the command and settings (the text
/// format's first line, without `# `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game of every position in the file.
    pub variant: Variant,
    /// `longjiang datagen v2 variant=… nodes=… …`.
    pub text: String,
}

/// The header's bytes.
pub fn encode_header(header: &Header) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(VERSION);
    let name = header.variant.name().as_bytes();
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    let text = &header.text.as_bytes()[..header.text.len().min(u16::MAX as usize)];
    out.extend_from_slice(&(text.len() as u16).to_le_bytes());
    out.extend_from_slice(text);
    out
}

/// Whether `bytes` (a file's start) are a binary data file's.
pub fn is_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// One kept position of a game, before its packing.
#[derive(Clone, Debug)]
pub struct Kept {
    /// Plies from the game's start position.
    pub ply: u32,
    /// The search score, first player's view.
    pub score: i32,
    /// The sample flags (the game-level `ADJUDICATED` included).
    pub flags: SampleFlags,
    /// The position.
    pub setup: Setup,
}

/// Appends one finished game's block: its end, then its positions.
pub fn encode_game(
    rules: &Rules,
    end: &GameEnd,
    kept: &[Kept],
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let start = out.len();
    out.push(GAME_TAG);
    out.extend_from_slice(&end.game.to_le_bytes());
    out.push(result_code(end.result));
    out.extend_from_slice(&(end.plies.min(u16::MAX as u32) as u16).to_le_bytes());
    // The move number minus the ply, the same for every position of the game.
    let base = kept
        .first()
        .map_or(1, |k| k.setup.move_number as i64 - k.ply as i64);
    let base = i16::try_from(base).map_err(|_| "a move number too far from the ply")?;
    out.extend_from_slice(&base.to_le_bytes());
    out.extend_from_slice(&(kept.len() as u32).to_le_bytes());
    let len_at = out.len();
    out.extend_from_slice(&[0; 4]);
    let reason = &end.reason.as_bytes()[..end.reason.len().min(255)];
    out.push(reason.len() as u8);
    out.extend_from_slice(reason);
    for k in kept {
        let ply = u16::try_from(k.ply).map_err(|_| "a ply beyond 65535")?;
        let score = i16::try_from(k.score).map_err(|_| "a score beyond ±32767")?;
        if k.setup.move_number as i64 - k.ply as i64 != i64::from(base) {
            return Err("the move numbers of a game do not follow its plies".into());
        }
        out.extend_from_slice(&ply.to_le_bytes());
        out.extend_from_slice(&score.to_le_bytes());
        pack::pack(&k.setup, rules, k.flags.bits(), out)?;
    }
    let body = (out.len() - len_at - 4) as u32;
    out[len_at..len_at + 4].copy_from_slice(&body.to_le_bytes());
    debug_assert!(out.len() - start >= GAME_HEAD);
    Ok(())
}

fn result_code(r: GameResult) -> u8 {
    match r {
        GameResult::SecondWins => 0,
        GameResult::Draw => 1,
        GameResult::FirstWins => 2,
    }
}

/// One position read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game number.
    pub game: u64,
    /// Plies from the game's start position.
    pub ply: u32,
    /// The search score, centipawns, first player's view.
    pub score: i32,
    /// The game's result.
    pub result: GameResult,
    /// The sample flags.
    pub flags: SampleFlags,
    /// The position as stored (checked when it becomes a `Position`).
    pub setup: Setup,
}

impl Record {
    /// The position under `rules` (the file's game).
    pub fn position(&self, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(&self.setup, rules)
    }

    /// The record as the text format's sample (its SFEN).
    pub fn sample(&self, rules: &Rules) -> Sample {
        Sample {
            game: self.game,
            ply: self.ply,
            score: self.score,
            result: self.result,
            flags: self.flags,
            sfen: crate::rules::sfen::write_setup(&self.setup, rules),
        }
    }
}

/// One game block read back.
#[derive(Clone, Debug)]
pub struct Game {
    /// How it ended.
    pub end: GameEnd,
    /// How many positions it holds.
    pub count: usize,
    /// Its positions (empty when read by `next_game_head`).
    pub records: Vec<Record>,
    /// The byte offset just past the block.
    pub end_offset: u64,
}

/// Streams a binary data file: its header, then its games or records.
pub struct Reader<R: Read = BufReader<std::fs::File>> {
    input: R,
    header: Header,
    rules: Rules,
    offset: u64,
    path: Option<PathBuf>,
    pending: std::vec::IntoIter<Record>,
    failed: bool,
}

impl Reader {
    /// Opens the file at `path` and reads its header.
    pub fn open(path: &Path) -> Result<Reader, DataError> {
        let f = std::fs::File::open(path)
            .map_err(|e| DataError::byte(0, Fault::Io(e.to_string())).in_file(path))?;
        let mut r =
            Reader::new(BufReader::with_capacity(1 << 16, f)).map_err(|e| e.in_file(path))?;
        r.path = Some(path.to_path_buf());
        Ok(r)
    }
}

impl<R: Read> Reader<R> {
    /// Reads the header from `input`.
    pub fn new(mut input: R) -> Result<Reader<R>, DataError> {
        let mut head = [0u8; 6];
        read_exact(&mut input, &mut head[..5], 0, "the header")?;
        if &head[..4] != MAGIC {
            return Err(DataError::byte(0, Fault::NoMagic));
        }
        if head[4] != VERSION {
            return Err(DataError::byte(
                4,
                Fault::Version {
                    found: head[4],
                    reads: VERSION,
                },
            ));
        }
        read_exact(&mut input, &mut head[5..], 5, "the header")?;
        let mut name = vec![0u8; head[5] as usize];
        read_exact(&mut input, &mut name, 6, "the header")?;
        let name = String::from_utf8_lossy(&name).into_owned();
        let variant: Variant = name
            .parse()
            .map_err(|e: crate::rules::registry::UnknownVariant| fault(6, e.to_string()))?;
        let at = 6 + name.len() as u64;
        let mut len = [0u8; 2];
        read_exact(&mut input, &mut len, at, "the header")?;
        let mut text = vec![0u8; u16::from_le_bytes(len) as usize];
        read_exact(&mut input, &mut text, at + 2, "the header")?;
        let offset = at + 2 + text.len() as u64;
        Ok(Reader {
            input,
            header: Header {
                variant,
                text: String::from_utf8_lossy(&text).into_owned(),
            },
            rules: variant.rules(),
            offset,
            path: None,
            pending: Vec::new().into_iter(),
            failed: false,
        })
    }

    /// The file's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's game.
    pub fn variant(&self) -> Variant {
        self.header.variant
    }

    /// The byte offset just past what has been read (the header, or the last game block).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    fn named(&self, mut e: DataError) -> DataError {
        e.path.clone_from(&self.path);
        e
    }

    /// The next game block; `None` at the end of the file.
    pub fn next_game(&mut self) -> Option<Result<Game, DataError>> {
        let start = self.offset;
        let mut head = [0u8; GAME_HEAD];
        match self.input.read(&mut head[..1]) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                return Some(Err(
                    self.named(DataError::byte(start, Fault::Io(e.to_string())))
                ));
            }
        }
        Some(self.game_from(head, true).map_err(|e| self.named(e)))
    }

    /// The next game block's end and position count, its positions not unpacked (`records`
    /// stays empty); `None` at the end of the file.
    pub fn next_game_head(&mut self) -> Option<Result<Game, DataError>> {
        let start = self.offset;
        let mut head = [0u8; GAME_HEAD];
        match self.input.read(&mut head[..1]) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                return Some(Err(
                    self.named(DataError::byte(start, Fault::Io(e.to_string())))
                ));
            }
        }
        Some(self.game_from(head, false).map_err(|e| self.named(e)))
    }

    fn game_from(&mut self, mut head: [u8; GAME_HEAD], decode: bool) -> Result<Game, DataError> {
        let start = self.offset;
        if head[0] != GAME_TAG {
            return Err(fault(start, "not the start of a game block"));
        }
        read_exact(&mut self.input, &mut head[1..], start + 1, "a game block")?;
        let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        let game = u64::from_le_bytes(head[1..9].try_into().unwrap_or_default());
        let result = match head[9] {
            0 => GameResult::SecondWins,
            1 => GameResult::Draw,
            2 => GameResult::FirstWins,
            r => return Err(fault(start + 9, format!("result code {r}"))),
        };
        let plies = u32::from(u16_at(10));
        let base = i64::from(u16_at(12) as i16);
        let count = u32_at(14) as usize;
        let body_len = u32_at(18) as usize;
        let body_at = start + GAME_HEAD as u64;
        if body_len > 1 << 26 {
            return Err(fault(
                start + 18,
                format!("a game block of {body_len} bytes"),
            ));
        }
        let mut body = vec![0u8; body_len];
        read_exact(&mut self.input, &mut body, body_at, "a game block")?;
        let reason_len = *body.first().ok_or_else(|| fault(body_at, "no reason"))? as usize;
        let reason = body
            .get(1..1 + reason_len)
            .ok_or_else(|| fault(body_at, "the reason runs past the block"))?;
        let end = GameEnd {
            game,
            result,
            plies,
            reason: String::from_utf8_lossy(reason).into_owned(),
        };
        let mut at = 1 + reason_len;
        let mut records = Vec::with_capacity(if decode { count } else { 0 });
        if !decode {
            self.offset = body_at + body_len as u64;
            return Ok(Game {
                end,
                count,
                records,
                end_offset: self.offset,
            });
        }
        for _ in 0..count {
            let bad = |at: usize| fault(body_at + at as u64, "a malformed position record");
            let fixed = body.get(at..at + 4).ok_or_else(|| bad(at))?;
            let ply = u32::from(u16::from_le_bytes([fixed[0], fixed[1]]));
            let score = i32::from(i16::from_le_bytes([fixed[2], fixed[3]]));
            let (mut setup, flags, used) =
                pack::unpack(&body[at + 4..], &self.rules).ok_or_else(|| bad(at))?;
            let move_number = i64::from(ply) + base;
            setup.move_number = u32::try_from(move_number).map_err(|_| bad(at))?;
            let flags = SampleFlags::from_bits(flags & pack::SAMPLE_BITS).ok_or_else(|| bad(at))?;
            records.push(Record {
                game,
                ply,
                score,
                result,
                flags,
                setup,
            });
            at += 4 + used;
        }
        if at != body.len() {
            return Err(fault(
                body_at + at as u64,
                "bytes left over in a game block",
            ));
        }
        self.offset = body_at + body_len as u64;
        Ok(Game {
            end,
            count,
            records,
            end_offset: self.offset,
        })
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Record, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(r) = self.pending.next() {
                return Some(Ok(r));
            }
            if self.failed {
                return None;
            }
            match self.next_game()? {
                Ok(g) => self.pending = g.records.into_iter(),
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

fn read_exact<R: Read>(
    input: &mut R,
    buf: &mut [u8],
    at: u64,
    what: &'static str,
) -> Result<(), DataError> {
    let mut done = 0;
    while done < buf.len() {
        match input.read(&mut buf[done..]) {
            Ok(0) => {
                return Err(DataError::byte(at + done as u64, Fault::Truncated(what)));
            }
            Ok(n) => done += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(DataError::byte(at + done as u64, Fault::Io(e.to_string()))),
        }
    }
    Ok(())
}
