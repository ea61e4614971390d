//! The rule description of a game ([`Rules`]): what differs between the games the engine
//! plays, as data.
//!
//! Move generation, make/unmake and game-end detection read these fields instead of asking
//! "which game is this"; a new game (standard shogi on the 9×9 corner of the grid) is a new
//! description plus whatever piece kinds it brings, not a copy of the code. Compare
//! Fairy-Stockfish's `variant.h`. Each game's instance is in `rules::games`; the registry
//! (`rules::registry`) maps a [`Variant`] to it.

use super::piece::{Color, KINDS, PieceKind};
use super::presentation::Presentation;
use super::text_form::TextForm;
use super::variant::Variant;
use crate::geometry::{Bitboard, Square};

/// Shogi's entering-king (入玉) declaration rule, as YaneuraOu's `EnteringKingRule` option
/// names its choices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EnteringKingRule {
    /// No declaration.
    None,
    /// The seed's count: with both kings in their promotion zones, a side under 27 points
    /// (rook and bishop 5, other pieces 1, king 0, board and hand) loses if the other has
    /// 27 or more; a declaration is possible only with both kings entered.
    Seed27,
    /// CSA's 24-point rule: a declaring side with 31 or more points wins (24–30: draw).
    Csa24,
    /// CSA's 27-point rule: the first player needs 28 points, the second 27.
    Csa27,
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
    /// Files and ranks of the board (its lower-left corner of the 10×10 grid).
    pub files: u8,
    /// See `files`.
    pub ranks: u8,
    /// The squares of the grid that are on this game's board.
    pub board: Bitboard,
    /// How squares, moves and position strings are written.
    pub text: TextForm,
    /// How the game is named, recorded, drawn and offered (names, record format, diagram,
    /// front ends, openings).
    pub presentation: Presentation,
    /// The start position in SFEN.
    pub start_sfen: &'static str,
    /// Every kind that can stand on this game's board (position strings read these letters).
    pub kinds: &'static [PieceKind],
    /// The kinds whose moves are their attacks (all but the pawn with its double step, and the
    /// king), in the order move generation walks them.
    pub officers: &'static [PieceKind],
    /// The kinds a hand can hold, in the order position strings write them.
    pub hand_order: &'static [PieceKind],
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// Turns of its own a side must wait after a drop before dropping again (禁援牌).
    pub drop_cooldown: u8,
    /// Whether a drop may give check.
    pub drop_may_check: bool,
    /// Whether a side in check may drop (to interpose).
    pub drop_in_check: bool,
    /// No second unpromoted piece of this kind on a file (shogi's 二歩).
    pub nifu: Option<PieceKind>,
    /// A drop of this kind may not give checkmate (shogi's 打ち歩詰め).
    pub no_drop_mate: Option<PieceKind>,
    /// Whether pawns (`PieceKind::Pawn`) on their start rank may make a double step.
    pub double_step: bool,
    /// Per side: the rank index pawns start on and may double-step from.
    pub pawn_start_rank: [u8; 2],
    /// Whether the game has castling (and the castling field in its position strings).
    pub has_castling: bool,
    /// Castling moves, per side: `[toward the j-file rook (K), toward the a-file rook (Q)]`.
    pub castling: [[CastlingMove; 2]; 2],
    /// Per kind: the kinds a move of that kind may promote to (empty: it never promotes).
    pub promotions: [&'static [PieceKind]; KINDS],
    /// Per kind: the kind a promotion to it started from (itself for unpromoted kinds).
    pub promoted_from: [PieceKind; KINDS],
    /// Per side: where a move must end (or, with `promote_from_zone`, may start) to promote.
    pub promotion_zone: [Bitboard; 2],
    /// Whether a move that starts in the zone may promote wherever it ends (shogi).
    pub promote_from_zone: bool,
    /// Per kind and side: squares where that kind could never move again. A move of it that
    /// ends there must promote, and it may not be dropped there.
    pub dead_squares: [[Bitboard; 2]; KINDS],
    /// The set of `kinds` as bits (bit `PieceKind::index`): the attack tests skip the attack
    /// families of kinds a game does not have.
    pub kind_mask: u32,
    /// Repetition count that ends the game (4: 千日手 on the fourth occurrence).
    pub repetitions: u8,
    /// What stalemate means.
    pub stalemate: StalemateRule,
    /// Shogi's entering-king declaration.
    pub entering_king: EnteringKingRule,
}

/// The bit set of `kinds` (bit `index`).
pub const fn kind_bits(kinds: &[PieceKind]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < kinds.len() {
        m |= 1 << kinds[i] as u32;
        i += 1;
    }
    m
}

/// The kinds that are their own origin: the identity table of `Rules::promoted_from`.
pub(crate) const fn identity_kinds() -> [PieceKind; KINDS] {
    PieceKind::ALL
}

impl Rules {
    /// The same rules with the entering-king declaration `rule`.
    pub const fn with_entering_king(mut self, rule: EnteringKingRule) -> Rules {
        self.entering_king = rule;
        self
    }

    /// Castling move of `color` on wing 0 (K, toward the j-file) or 1 (Q).
    #[inline(always)]
    pub fn castling_move(&self, color: Color, wing: usize) -> CastlingMove {
        self.castling[color.index()][wing]
    }

    /// The kind a letter stands for in this game (`promoted`: it followed a `+`).
    pub fn kind_of_letter(&self, c: char, promoted: bool) -> Option<PieceKind> {
        let upper = c.to_ascii_uppercase();
        self.kinds
            .iter()
            .copied()
            .find(|k| k.is_promoted() == promoted && k.in_hand().letter() == Some(upper))
    }

    /// Whether `kind` can stand on this game's board.
    #[inline(always)]
    pub fn has_kind(&self, kind: PieceKind) -> bool {
        self.kind_mask & (1 << kind as u32) != 0
    }

    /// Whether a hand of this game can hold `kind`.
    pub fn holds(&self, kind: PieceKind) -> bool {
        self.hand_order.contains(&kind)
    }

    /// The same rules with stalemate scored as `rule` says.
    pub const fn with_stalemate(mut self, rule: StalemateRule) -> Rules {
        self.stalemate = rule;
        self
    }
}
