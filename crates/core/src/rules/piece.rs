//! Sides and pieces.

use std::fmt;
use std::ops::Not;

/// A side: `Black` moves first (USI's `b`, the 主帅 side, uppercase, at the bottom); `White`
/// second (`w`, 大帅, lowercase, at the top).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// The first player (▲ / ∧, uppercase).
    Black = 0,
    /// The second player (△ / ∨, lowercase).
    White = 1,
}

impl Color {
    /// Both sides, first player first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for the first player, 1 for the second: the index into per-side tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side letter of SFEN: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// The rank index (0-based) this side's pawns move toward: +1 for the first player.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A kind of piece, without its side. The first six can be held in hand; their index is the
/// hand slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// 刀兵 (P): steps forward, captures diagonally forward.
    Pawn = 0,
    /// 骑兵 (N): knight leaps and two-square orthogonal leaps.
    Cavalry = 1,
    /// 僧兵 (B): diagonal slider.
    Bishop = 2,
    /// 戟兵 (R): orthogonal slider.
    Rook = 3,
    /// 近卫 (G): two-step slides and leg-blocked knight moves.
    Guard = 4,
    /// 副将 (Q): orthogonal and diagonal slider.
    Queen = 5,
    /// 枪兵 (+P): orthogonal slides of up to four squares; only a promoted pawn.
    Spear = 6,
    /// 主帅 / 大帅 (K); also shogi's 玉将 / 王将, which moves the same.
    King = 7,
    /// Shogi's 歩兵 (P): one step straight forward, capturing the same way.
    ShogiPawn = 8,
    /// Shogi's 香車 (L): slides straight forward.
    Lance = 9,
    /// Shogi's 桂馬 (N): leaps to the two squares two ranks forward and one file aside.
    ShogiKnight = 10,
    /// Shogi's 銀将 (S): one step diagonally or straight forward.
    Silver = 11,
    /// Shogi's 金将 (G): one step orthogonally or diagonally forward.
    Gold = 12,
    /// Shogi's と金 (+P): moves as a gold.
    Tokin = 13,
    /// Shogi's 成香 (+L): moves as a gold.
    PromotedLance = 14,
    /// Shogi's 成桂 (+N): moves as a gold.
    PromotedKnight = 15,
    /// Shogi's 成銀 (+S): moves as a gold.
    PromotedSilver = 16,
    /// Shogi's 龍馬 (+B): a bishop that also steps one square orthogonally.
    Horse = 17,
    /// Shogi's 龍王 (+R): a rook that also steps one square diagonally.
    Dragon = 18,
}

/// Number of piece kinds of all games (per-kind tables are sized by it).
pub const KINDS: usize = 19;
/// Number of 龙将棋 kinds that can be held in hand (`Pawn` … `Queen`).
pub const HAND_KINDS: usize = 6;

impl PieceKind {
    /// Every kind, in index order.
    pub const ALL: [PieceKind; KINDS] = [
        PieceKind::Pawn,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
        PieceKind::Spear,
        PieceKind::King,
        PieceKind::ShogiPawn,
        PieceKind::Lance,
        PieceKind::ShogiKnight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Tokin,
        PieceKind::PromotedLance,
        PieceKind::PromotedKnight,
        PieceKind::PromotedSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The 龙将棋 kinds that can be held in hand, in hand-slot order (a game's own list is
    /// `Rules::hand_order`).
    pub const IN_HAND: [PieceKind; HAND_KINDS] = [
        PieceKind::Pawn,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
    ];

    /// The 龙将棋 kinds other than pawn and king, in index order: the pieces whose moves are
    /// their attacks (the evaluation walks them; move generation walks `Rules::officers`).
    pub const OFFICERS: [PieceKind; 6] = [
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
        PieceKind::Spear,
    ];

    /// The hand kinds in the order position strings and boards list them: Q R B G N P.
    pub const HAND_ORDER: [PieceKind; HAND_KINDS] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Guard,
        PieceKind::Cavalry,
        PieceKind::Pawn,
    ];

    /// The index into per-kind tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < KINDS {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// The letter used in SFEN and ASCII moves (uppercase); a promoted kind is written `+`
    /// and the letter of its unpromoted kind, so it has none of its own and answers `None`.
    /// Letters are per game: `N` is the 骑兵 in 龙将棋 and the 桂馬 in shogi
    /// (`Rules::kind_of_letter` reads them).
    pub const fn letter(self) -> Option<char> {
        Some(match self {
            PieceKind::Pawn | PieceKind::ShogiPawn => 'P',
            PieceKind::Cavalry | PieceKind::ShogiKnight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Guard | PieceKind::Gold => 'G',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Lance => 'L',
            PieceKind::Silver => 'S',
            PieceKind::Spear
            | PieceKind::Tokin
            | PieceKind::PromotedLance
            | PieceKind::PromotedKnight
            | PieceKind::PromotedSilver
            | PieceKind::Horse
            | PieceKind::Dragon => return None,
        })
    }

    /// Whether this is a promoted kind (written `+` and its unpromoted kind's letter).
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        self.letter().is_none()
    }

    /// The 龙将棋 kind an uppercase or lowercase letter stands for (not the spearman).
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Cavalry,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Guard,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// The name used in the Chinese record notation (刀兵 has none and answers `None`).
    pub const fn record_name(self) -> Option<char> {
        Some(match self {
            PieceKind::Pawn => return None,
            PieceKind::Spear => '枪',
            PieceKind::Rook => '戟',
            PieceKind::Cavalry => '骑',
            PieceKind::Bishop => '僧',
            PieceKind::Guard => '卫',
            PieceKind::Queen => '副',
            PieceKind::King => '帅',
            _ => return None,
        })
    }

    /// The full two-character name of the seed's diagrams (the king depends on the side).
    pub const fn full_name(self, color: Color) -> &'static str {
        match self {
            PieceKind::Pawn => "刀兵",
            PieceKind::Spear => "枪兵",
            PieceKind::Rook => "戟兵",
            PieceKind::Cavalry => "骑兵",
            PieceKind::Bishop => "僧兵",
            PieceKind::Guard => "近卫",
            PieceKind::Queen => "副将",
            PieceKind::King => match color {
                Color::Black => "主帅",
                Color::White => "大帅",
            },
            PieceKind::ShogiPawn => "歩兵",
            PieceKind::Lance => "香車",
            PieceKind::ShogiKnight => "桂馬",
            PieceKind::Silver => "銀将",
            PieceKind::Gold => "金将",
            PieceKind::Tokin => "と金",
            PieceKind::PromotedLance => "成香",
            PieceKind::PromotedKnight => "成桂",
            PieceKind::PromotedSilver => "成銀",
            PieceKind::Horse => "龍馬",
            PieceKind::Dragon => "龍王",
        }
    }

    /// The kind a captured piece of this kind becomes in the capturer's hand: a promoted kind
    /// reverts to its unpromoted kind (the spearman to a pawn, the dragon to a rook, …), every
    /// other kind stays itself.
    #[inline(always)]
    pub const fn in_hand(self) -> PieceKind {
        match self {
            PieceKind::Spear => PieceKind::Pawn,
            PieceKind::Tokin => PieceKind::ShogiPawn,
            PieceKind::PromotedLance => PieceKind::Lance,
            PieceKind::PromotedKnight => PieceKind::ShogiKnight,
            PieceKind::PromotedSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            k => k,
        }
    }
}

/// A piece of one side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: PieceKind,
}

impl Piece {
    /// The piece of this side and kind.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// A dense index 0..2·KINDS (side × KINDS + kind) for per-piece tables such as Zobrist
    /// keys.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color.index() * KINDS + self.kind.index()
    }
}

impl fmt::Display for Piece {
    /// The SFEN form: `P`, `+P`, `k`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let upper = match self.kind.letter() {
            Some(c) => c,
            None => {
                f.write_str("+")?;
                self.kind.in_hand().letter().unwrap_or('?')
            }
        };
        let c = match self.color {
            Color::Black => upper,
            Color::White => upper.to_ascii_lowercase(),
        };
        write!(f, "{c}")
    }
}
