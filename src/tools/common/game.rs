//! `--variant` of the tools that read it as text and name it in their errors (match,
//! tune-search, params): [`GameArgs`], and the default game of every tool.

use clap::Args;
use longjiang_core::rules::Variant;

/// The game a tool plays when `--variant` is not given: the core's default game.
pub const DEFAULT_VARIANT: &str = Variant::DEFAULT.name();

/// `--variant` (match, tune-search, params).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct GameArgs {
    /// The game: longjiang (with drops), longjiang-nodrop or shogi.
    #[arg(long, default_value = DEFAULT_VARIANT)]
    pub variant: String,
}

impl GameArgs {
    /// The game named, or an error that names `--variant`.
    pub fn variant(&self) -> Result<Variant, String> {
        self.variant.parse().map_err(|e| format!("--variant: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_game_or_names_the_flag() {
        let game = |v: &str| GameArgs { variant: v.into() }.variant();
        assert_eq!(game(DEFAULT_VARIANT), Ok(Variant::DEFAULT));
        assert!(game("chess").unwrap_err().starts_with("--variant: "));
    }
}
