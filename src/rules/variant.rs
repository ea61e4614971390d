//! Rule descriptions: what differs between the games the engine plays, as data.
//!
//! Move generation, make/unmake and game-end detection read these fields instead of asking
//! "which game is this"; a new game (standard shogi on the 9×9 corner of the grid) is a new
//! description plus whatever piece kinds it brings, not a copy of the code. Compare
//! Fairy-Stockfish's `variant.h`.

use super::piece::{Color, PieceKind};
use crate::geometry::{Bitboard, Square};
use std::fmt;
use std::str::FromStr;

/// The games this engine knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// 龙将棋 with drops (the default game).
    Longjiang,
    /// 龙将棋 under 掉落禁止规则: no drops, promotion on the last rank to R/N/B/G/Q.
    LongjiangNoDrop,
}

impl Variant {
    /// Every variant, default first.
    pub const ALL: [Variant; 2] = [Variant::Longjiang, Variant::LongjiangNoDrop];

    /// The name used on the command line and in the protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Longjiang => "longjiang",
            Variant::LongjiangNoDrop => "longjiang-nodrop",
        }
    }

    /// The rule description of this game, with stalemate a draw.
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Longjiang => LONGJIANG,
            Variant::LongjiangNoDrop => LONGJIANG_NODROP,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text names no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected longjiang or longjiang-nodrop)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s {
            "longjiang" | "longjiangqi" => Ok(Variant::Longjiang),
            "longjiang-nodrop" | "longjiangqi-nodrop" => Ok(Variant::LongjiangNoDrop),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

/// How a side with no legal move while not in check fares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StalemateRule {
    /// A draw (RULES.md's reading).
    Draw,
    /// A loss for the side to move (the option some players prefer).
    Loss,
}

/// One castling move: the king's and the rook's squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CastlingMove {
    /// The king's start square.
    pub king_from: Square,
    /// Where the king lands.
    pub king_to: Square,
    /// The rook's start square.
    pub rook_from: Square,
    /// Where the rook lands, on the king's other side.
    pub rook_to: Square,
}

/// Everything that differs between games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Which game this is.
    pub variant: Variant,
    /// The squares of the grid that are on this game's board.
    pub board: Bitboard,
    /// The start position in SFEN.
    pub start_sfen: &'static str,
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// Turns of its own a side must wait after a drop before dropping again (禁援牌).
    pub drop_cooldown: u8,
    /// Whether a drop may give check.
    pub drop_may_check: bool,
    /// Whether a side in check may drop (to interpose).
    pub drop_in_check: bool,
    /// Per side: where a pawn drop is forbidden (its last rank).
    pub no_pawn_drop: [Bitboard; 2],
    /// Per side: the rank index pawns start on and may double-step from.
    pub pawn_start_rank: [u8; 2],
    /// Per side: squares where a pawn move may promote but need not.
    pub promotion_optional: [Bitboard; 2],
    /// Per side: squares where a pawn move must promote.
    pub promotion_forced: [Bitboard; 2],
    /// The kinds a pawn may promote to.
    pub promotion_kinds: &'static [PieceKind],
    /// Castling moves, per side: `[toward the j-file rook (K), toward the a-file rook (Q)]`.
    pub castling: [[CastlingMove; 2]; 2],
    /// Repetition count that ends the game (4: 千日手 on the fourth occurrence).
    pub repetitions: u8,
    /// What stalemate means.
    pub stalemate: StalemateRule,
    /// Which of the evaluation's weight sets this game uses (an index the evaluation maps to
    /// its table: the rules do not know the evaluation).
    pub weight_set: usize,
}

const fn sq(file: u8, rank: u8) -> Square {
    Square::from_index_unchecked(rank * 10 + file)
}

const fn castling_for(rank: u8) -> [CastlingMove; 2] {
    [
        CastlingMove {
            king_from: sq(5, rank),
            king_to: sq(8, rank),
            rook_from: sq(9, rank),
            rook_to: sq(7, rank),
        },
        CastlingMove {
            king_from: sq(5, rank),
            king_to: sq(2, rank),
            rook_from: sq(0, rank),
            rook_to: sq(3, rank),
        },
    ]
}

const START_SFEN: &str =
    "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";

/// 龙将棋 with drops.
pub const LONGJIANG: Rules = Rules {
    variant: Variant::Longjiang,
    board: Bitboard::FULL,
    start_sfen: START_SFEN,
    drops: true,
    drop_cooldown: 2,
    drop_may_check: false,
    drop_in_check: false,
    no_pawn_drop: [Bitboard::rank(9), Bitboard::rank(0)],
    pawn_start_rank: [1, 8],
    promotion_optional: [
        Bitboard::rank(7).union(Bitboard::rank(8)),
        Bitboard::rank(1).union(Bitboard::rank(2)),
    ],
    promotion_forced: [Bitboard::rank(9), Bitboard::rank(0)],
    promotion_kinds: &[PieceKind::Spear],
    castling: [castling_for(0), castling_for(9)],
    repetitions: 4,
    stalemate: StalemateRule::Draw,
    weight_set: 0,
};

/// 龙将棋 under 掉落禁止规则.
pub const LONGJIANG_NODROP: Rules = Rules {
    variant: Variant::LongjiangNoDrop,
    drops: false,
    drop_cooldown: 0,
    promotion_optional: [Bitboard::EMPTY, Bitboard::EMPTY],
    promotion_kinds: &[
        PieceKind::Rook,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Guard,
        PieceKind::Queen,
    ],
    weight_set: 1,
    ..LONGJIANG
};

impl Rules {
    /// Castling move of `color` on wing 0 (K, toward the j-file) or 1 (Q).
    #[inline(always)]
    pub fn castling_move(&self, color: Color, wing: usize) -> CastlingMove {
        self.castling[color.index()][wing]
    }

    /// The same rules with stalemate scored as `rule` says.
    pub const fn with_stalemate(mut self, rule: StalemateRule) -> Rules {
        self.stalemate = rule;
        self
    }
}
