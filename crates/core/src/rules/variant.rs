//! Rule descriptions: what differs between the games the engine plays, as data.
//!
//! Move generation, make/unmake and game-end detection read these fields instead of asking
//! "which game is this"; a new game (standard shogi on the 9×9 corner of the grid) is a new
//! description plus whatever piece kinds it brings, not a copy of the code. Compare
//! Fairy-Stockfish's `variant.h`.

use super::piece::{Color, KINDS, PieceKind};
use super::presentation::{Diagram, Front, Presentation, RecordFormat};
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
    /// Standard shogi (本将棋) on the 9×9 corner of the grid, with USI squares and SFEN.
    Shogi,
}

impl Variant {
    /// The two 龙将棋 games, default first (what tests and tools iterate for "the 10×10 games";
    /// which games a front end offers is each game's `presentation.served`).
    pub const ALL: [Variant; 2] = [Variant::Longjiang, Variant::LongjiangNoDrop];
    /// Every game, in the order front ends list them.
    pub const EVERY: [Variant; 3] = [Variant::Longjiang, Variant::LongjiangNoDrop, Variant::Shogi];
    /// The game played when nobody chose one.
    pub const DEFAULT: Variant = Variant::Longjiang;

    /// The name used on the command line and in the protocol (`Presentation::name`).
    pub const fn name(self) -> &'static str {
        self.rules().presentation.name
    }

    /// Fairy-Stockfish's name of this game (`Presentation::fairy_name`); [`Variant::name`] is
    /// the engine's own, which XBoard's `variant` command and its PGN use.
    pub const fn fairy_name(self) -> &'static str {
        self.rules().presentation.fairy_name
    }

    /// The rule description of this game, with stalemate a draw.
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Longjiang => LONGJIANG,
            Variant::LongjiangNoDrop => LONGJIANG_NODROP,
            Variant::Shogi => super::shogi::SHOGI,
        }
    }

    /// The games the front end `front` offers, in [`Variant::EVERY`]'s order.
    pub fn served_by(front: Front) -> impl Iterator<Item = Variant> {
        Variant::EVERY
            .into_iter()
            .filter(move |v| v.rules().presentation.is_served_by(front))
    }

    /// The first game recorded in `format` (the game a file of that format that names none is
    /// read as: a KIF file is standard shogi).
    pub fn recorded_in(format: RecordFormat) -> Option<Variant> {
        Variant::EVERY
            .into_iter()
            .find(|v| v.rules().presentation.record == format)
    }
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::DEFAULT
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
        let names: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (expected one of {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::EVERY
            .into_iter()
            .find(|v| v.rules().presentation.is_named(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

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
            TextForm::Usi => f.write_str(&super::ascii::usi_square(self.square)),
        }
    }
}

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
    /// Search parameters this game plays with instead of their defaults: `(name, value)`, a
    /// name of the engine's `search/params.rs` (`rfp_margin`) and a value in its range
    /// (docs/spsa.md, "Per-game values"). Plain data: the search reads whatever the game says.
    pub search_overrides: &'static [(&'static str, i32)],
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

const START_SFEN: &str =
    "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";

const LONGJIANG_KINDS: [PieceKind; 8] = [
    PieceKind::Pawn,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Guard,
    PieceKind::Queen,
    PieceKind::Spear,
    PieceKind::King,
];

const fn longjiang_promotions(to: &'static [PieceKind]) -> [&'static [PieceKind]; KINDS] {
    let mut t: [&'static [PieceKind]; KINDS] = [&[]; KINDS];
    t[PieceKind::Pawn as usize] = to;
    t
}

const fn longjiang_promoted_from(to: &'static [PieceKind]) -> [PieceKind; KINDS] {
    let mut t = identity_kinds();
    let mut i = 0;
    while i < to.len() {
        t[to[i] as usize] = PieceKind::Pawn;
        i += 1;
    }
    t
}

const fn pawn_dead_squares() -> [[Bitboard; 2]; KINDS] {
    let mut t = [[Bitboard::EMPTY; 2]; KINDS];
    t[PieceKind::Pawn as usize] = [Bitboard::rank(9), Bitboard::rank(0)];
    t
}

const SPEAR_ONLY: &[PieceKind] = &[PieceKind::Spear];
const NODROP_PROMOTIONS: &[PieceKind] = &[
    PieceKind::Rook,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Guard,
    PieceKind::Queen,
];

/// 龙将棋 with drops.
pub const LONGJIANG: Rules = Rules {
    variant: Variant::Longjiang,
    files: 10,
    ranks: 10,
    board: Bitboard::FULL,
    text: TextForm::Longjiang,
    presentation: Presentation {
        name: "longjiang",
        fairy_name: "longjiangqi",
        aliases: &[],
        record: RecordFormat::Chinese,
        diagram: Diagram::Seed,
        served: &[Front::Usi, Front::Uci, Front::XBoard, Front::Web],
        openings: include_str!("../../../../openings/longjiang.txt"),
        handicaps: &[],
    },
    start_sfen: START_SFEN,
    kinds: &LONGJIANG_KINDS,
    officers: &PieceKind::OFFICERS,
    hand_order: &PieceKind::HAND_ORDER,
    drops: true,
    drop_cooldown: 2,
    drop_may_check: false,
    drop_in_check: false,
    nifu: None,
    no_drop_mate: None,
    double_step: true,
    pawn_start_rank: [1, 8],
    has_castling: true,
    castling: [castling_for(0), castling_for(9)],
    promotions: longjiang_promotions(SPEAR_ONLY),
    promoted_from: longjiang_promoted_from(SPEAR_ONLY),
    promotion_zone: [
        Bitboard::rank(7)
            .union(Bitboard::rank(8))
            .union(Bitboard::rank(9)),
        Bitboard::rank(0)
            .union(Bitboard::rank(1))
            .union(Bitboard::rank(2)),
    ],
    promote_from_zone: false,
    dead_squares: pawn_dead_squares(),
    kind_mask: kind_bits(&LONGJIANG_KINDS),
    repetitions: 4,
    stalemate: StalemateRule::Draw,
    entering_king: EnteringKingRule::None,
    search_overrides: &[],
};

/// 龙将棋 under 掉落禁止规则.
pub const LONGJIANG_NODROP: Rules = Rules {
    variant: Variant::LongjiangNoDrop,
    presentation: Presentation {
        name: "longjiang-nodrop",
        fairy_name: "longjiangqi-nodrop",
        openings: include_str!("../../../../openings/longjiang-nodrop.txt"),
        ..LONGJIANG.presentation
    },
    drops: false,
    drop_cooldown: 0,
    hand_order: &[],
    promotions: longjiang_promotions(NODROP_PROMOTIONS),
    promoted_from: longjiang_promoted_from(NODROP_PROMOTIONS),
    promotion_zone: [Bitboard::rank(9), Bitboard::rank(0)],
    // One more ply of LMR at non-PV nodes (Stockfish's): +47.1 ± 37.0 at 5+0.05 (notes/search-tree.md).
    search_overrides: &[("lmr_non_pv", 1)],
    ..LONGJIANG
};

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name of every game reads back as that game and no other; the names front ends
    /// list are the ones they used to.
    #[test]
    fn names_read_back_and_front_ends_list_their_games() {
        for v in Variant::EVERY {
            let p = v.rules().presentation;
            assert_eq!(v.rules().variant, v);
            for name in [p.name, p.fairy_name].iter().chain(p.aliases) {
                assert_eq!(name.parse::<Variant>(), Ok(v), "{name}");
            }
        }
        assert!("chess".parse::<Variant>().is_err());
        let names = |front| {
            Variant::served_by(front)
                .map(Variant::name)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(Front::Usi),
            ["longjiang", "longjiang-nodrop", "shogi"]
        );
        for front in [Front::Uci, Front::XBoard, Front::Web] {
            assert_eq!(names(front), ["longjiang", "longjiang-nodrop"], "{front:?}");
        }
        assert_eq!(
            Variant::recorded_in(RecordFormat::Kif),
            Some(Variant::Shogi)
        );
        assert_eq!(Variant::default(), Variant::Longjiang);
    }

    #[test]
    fn text_forms_index_their_tables() {
        assert_eq!(TextForm::Usi as usize + 1, TextForm::COUNT);
        assert_eq!(TextForm::Longjiang.file_name(0), 'a');
        assert_eq!(TextForm::Usi.file_name(0), '9');
        assert_eq!(TextForm::Usi.file_name(8), '1');
    }
}
