//! `--variant` of the tools that read it as text and name it in their errors (match,
//! tune-search, params): [`GameArgs`], and the default game of every tool.

use clap::Args;
use longjiang_core::rules::Variant;

/// The game a tool plays when `--variant` is not given: the core's default game.
pub const DEFAULT_VARIANT: &str = Variant::DEFAULT.name();

/// `--variant` (match, tune-search, params).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct GameArgs {
    /// The game: longjiang (with drops; the default), longjiang-nodrop or shogi.
    #[arg(long)]
    pub variant: Option<String>,
}

impl GameArgs {
    /// The game's name as given, or the default game's (`match --resume` tells the two apart).
    pub fn name(&self) -> &str {
        self.variant.as_deref().unwrap_or(DEFAULT_VARIANT)
    }

    /// The game named, or an error that names `--variant`.
    pub fn variant(&self) -> Result<Variant, String> {
        self.name().parse().map_err(|e| format!("--variant: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_game_or_names_the_flag() {
        let game = |v: &str| {
            GameArgs {
                variant: Some(v.into()),
            }
            .variant()
        };
        assert_eq!(game(DEFAULT_VARIANT), Ok(Variant::DEFAULT));
        assert_eq!(GameArgs { variant: None }.variant(), Ok(Variant::DEFAULT));
        assert!(game("chess").unwrap_err().starts_with("--variant: "));
    }
}
