//! What can be wrong with a data file, typed: [`DataError`] names the file, the place (a byte
//! of the binary form, a line of the text form) and the [`Fault`]. A reader that tolerates a
//! cut last game (the trainer, the generator resuming) asks [`DataError::is_cut`].

use crate::rules::Variant;
use std::fmt;
use std::path::PathBuf;

/// Where in a file a fault is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A byte offset (the binary form).
    Byte(u64),
    /// A line number, from 1 (the text form).
    Line(usize),
    /// The file as a whole (opening it, its header's game).
    File,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The file ends inside the named part (a generator killed while writing).
    Truncated(&'static str),
    /// A binary file without the magic bytes.
    NoMagic,
    /// A binary format version this build does not read.
    Version {
        /// The file's version.
        found: u8,
        /// The version this build reads.
        reads: u8,
    },
    /// Bytes that are not what the binary format says (what, in words).
    Malformed(String),
    /// A text line that is not a record, before a finished game.
    NotARecord,
    /// The header names another game than the one asked for (the header's word as written).
    OtherGame {
        /// The header's `variant=` value (or the binary header's game).
        file: String,
        /// The game asked for.
        wanted: Variant,
    },
    /// Reading failed.
    Io(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Truncated(what) => write!(f, "the file ends inside {what} (truncated)"),
            Fault::NoMagic => f.write_str("not a binary datagen file (no LJDG magic)"),
            Fault::Version { found, reads } => {
                write!(f, "format version {found} (this build reads {reads})")
            }
            Fault::Malformed(what) | Fault::Io(what) => f.write_str(what),
            Fault::NotARecord => f.write_str("not a datagen record"),
            Fault::OtherGame { file, wanted } => write!(f, "data of {file}, not of {wanted}"),
        }
    }
}

/// A fault of a data file, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, when known.
    pub path: Option<PathBuf>,
    /// Where in the file.
    pub at: At,
    /// What is wrong.
    pub fault: Fault,
}

impl DataError {
    /// A fault at byte `offset`.
    pub fn byte(offset: u64, fault: Fault) -> DataError {
        DataError {
            path: None,
            at: At::Byte(offset),
            fault,
        }
    }

    /// The same fault, naming the file `path`.
    pub fn in_file(mut self, path: &std::path::Path) -> DataError {
        self.path = Some(path.to_path_buf());
        self
    }

    /// Whether the file is only cut short in its last game (what a running or killed
    /// generator leaves), not damaged.
    pub fn is_cut(&self) -> bool {
        matches!(self.fault, Fault::Truncated(_))
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.path {
            write!(f, "{}: ", p.display())?;
        }
        match self.at {
            At::Byte(b) => write!(f, "byte {b}: ")?,
            At::Line(l) => write!(f, "line {l}: ")?,
            At::File => {}
        }
        write!(f, "{}", self.fault)
    }
}

impl std::error::Error for DataError {}
