//! The training-data files `longjiang datagen` writes and the tuner and trainer read: the text
//! format and its typed [`sample::Sample`], the binary format, the packing of a position
//! in a few bytes (`docs/datagen.md` describes both formats byte by byte), a file of either
//! form read whole ([`mod@file`], on top of the two), and the scale from scores to expected
//! results ([`scale`]).

pub mod binary;
pub mod file;
pub mod pack;
pub mod sample;
pub mod scale;
