//! Generates an opening suite for `longjiang match` (how the files in `openings/` were made;
//! see docs/match.md):
//!
//! ```sh
//! cargo run --release --example gen_openings -- --variant longjiang-nodrop --count 60 \
//!     --tc depth=12 --max-cp 50 --out openings/longjiang-nodrop.txt
//! ```

use clap::Parser;
use longjiang::tools::matches::genbook::{GenArgs, run};
use std::process::ExitCode;

#[derive(Parser)]
#[command(about = "Generate an opening suite for longjiang match")]
struct Cli {
    #[command(flatten)]
    args: GenArgs,
}

fn main() -> ExitCode {
    match run(&Cli::parse().args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen_openings: {e}");
            ExitCode::FAILURE
        }
    }
}
