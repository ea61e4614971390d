//! Each game's rule description, one file a game: the instances the registry
//! (`rules::registry`) hands out. Adding a game: `docs/adding-a-game.md`.

pub mod longjiang;
pub mod shogi;
