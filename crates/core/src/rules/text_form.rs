//! How a game writes squares, ranks and files ([`TextForm`]): RULES.md's `e5` or USI's `5e`,
//! and names that carry their form for messages ([`SquareName`], [`RankName`]).

use crate::geometry::Square;

/// How squares, moves and position strings are written for a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TextForm {
    /// RULES.md: squares `a1`…`j10`, six-field SFEN with castling and cooldowns.
    Longjiang,
    /// Standard USI: squares `9a`…`1i` (file 9…1 from the first player's left, rank a at the
    /// second player's side), four-field SFEN `<board> <side> <hands> <move number>`.
    Usi,
}

impl TextForm {
    /// How many forms there are: a table indexed by `form as usize` has this many rows.
    pub const COUNT: usize = 2;

    /// Square `sq` as this form names it, for messages: `e5` (RULES.md) or shogi's `5e`.
    pub const fn name(self, sq: Square) -> SquareName {
        SquareName {
            square: sq,
            form: self,
        }
    }

    /// Rank `index` (0 = the first player's back rank) as this form names it, for messages:
    /// `1` … `10` (RULES.md) or shogi's `i` … `a`.
    pub const fn rank_name(self, index: u8) -> RankName {
        RankName { index, form: self }
    }

    /// File `index` (0 = the first player's left) as this form names it in square names:
    /// `a` … `j` (RULES.md) or shogi's `9` … `1`.
    pub fn file_name(self, index: u8) -> char {
        match self {
            TextForm::Longjiang => (b'a' + index) as char,
            TextForm::Usi => (b'9' - index.min(8)) as char,
        }
    }
}

/// A rank together with the way its game writes ranks: `Display` gives `3` in 龙将棋 and `g`
/// in shogi (USI letters rank `a` on the second player's side).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RankName {
    /// The rank's index, 0 at the first player's back rank.
    pub index: u8,
    /// How its game writes it.
    pub form: TextForm,
}

impl std::fmt::Display for RankName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.form {
            TextForm::Longjiang => write!(f, "{}", self.index + 1),
            TextForm::Usi => write!(f, "{}", (b'a' + 8u8.saturating_sub(self.index)) as char),
        }
    }
}

/// A square together with the way its game writes squares: `Display` gives `e5` in 龙将棋 and
/// `5e` in shogi, so errors name squares as the player reads them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SquareName {
    /// The square.
    pub square: Square,
    /// How its game writes it.
    pub form: TextForm,
}

impl std::fmt::Display for SquareName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.form {
            TextForm::Longjiang => write!(f, "{}", self.square),
            TextForm::Usi => f.write_str(&usi_square(self.square)),
        }
    }
}

/// The USI square `9a`…`1i` of a 9×9 board square (file 9 on the first player's left, rank
/// `a` on the second player's side).
pub fn usi_square(sq: Square) -> String {
    let file = 9 - sq.file().index();
    let rank = (b'a' + 8 - sq.rank().index()) as char;
    format!("{file}{rank}")
}
