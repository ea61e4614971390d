//! One move in a game's record notation (Chinese in 龙将棋, KIF in shogi, as the game's
//! description says): the core's `notation::words`, which record files use too.

pub use longjiang::notation::words::{move_name as write_word, read_move_word as read_word};
