//! The training-data files `longjiang datagen` writes and the tuner and trainer read: the text
//! format and its typed [`sample::Sample`], the binary format, the packing of a position
//! in a few bytes (`docs/datagen.md` describes both formats byte by byte), one streaming
//! reader of either form with a typed header ([`stream`]) and its typed faults ([`error`]), a
//! file read whole on top of it ([`mod@file`]), and the scale from scores to expected results
//! ([`scale`]).

pub mod binary;
pub mod error;
pub mod file;
pub mod pack;
pub mod sample;
pub mod scale;
pub mod stream;
