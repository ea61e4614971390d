//! The data filters of train and tune: `--min-ply`, `--max-score`, `--keep-noisy`
//! ([`DataFilterArgs`]), read into the core's [`sample::Filter`].

use clap::Args;
use longjiang_core::data::sample;

/// `--min-ply`, `--max-score`, `--keep-noisy` (train and tune).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct DataFilterArgs {
    /// Skip positions before this ply (the opening and its random moves).
    #[arg(long, default_value_t = 8)]
    pub min_ply: u32,
    /// Skip positions whose search score is beyond this (centipawns).
    #[arg(long, default_value_t = 3000)]
    pub max_score: i32,
    /// Keep positions that are not quiet (check, capture, promotion, mate score).
    #[arg(long)]
    pub keep_noisy: bool,
}

impl DataFilterArgs {
    /// The filter these flags describe.
    pub fn filter(&self) -> sample::Filter {
        sample::Filter {
            min_ply: self.min_ply,
            max_score: self.max_score,
            keep_noisy: self.keep_noisy,
        }
    }
}
