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
    /// 主帅 / 大帅 (K).
    King = 7,
}

/// Number of piece kinds.
pub const KINDS: usize = 8;
/// Number of kinds that can be held in hand (`Pawn` … `Queen`).
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
    ];

    /// The kinds that can be held in hand, in hand-slot order.
    pub const IN_HAND: [PieceKind; HAND_KINDS] = [
        PieceKind::Pawn,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
    ];

    /// The kinds other than pawn and king, in index order: the pieces whose moves are their
    /// attacks (move generation and evaluation walk them).
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

    /// The letter used in SFEN and ASCII moves (uppercase); the spearman is `+P`, so it has
    /// no letter of its own and answers `None`.
    pub const fn letter(self) -> Option<char> {
        Some(match self {
            PieceKind::Pawn => 'P',
            PieceKind::Cavalry => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Guard => 'G',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Spear => return None,
        })
    }

    /// The kind an uppercase or lowercase letter stands for (not the spearman).
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
        }
    }

    /// The kind a captured piece of this kind becomes in the capturer's hand: the spearman
    /// reverts to a pawn, every other kind stays itself.
    #[inline(always)]
    pub const fn in_hand(self) -> PieceKind {
        match self {
            PieceKind::Spear => PieceKind::Pawn,
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

    /// A dense index 0..16 (side × 8 + kind) for per-piece tables such as Zobrist keys.
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
                'P'
            }
        };
        let c = match self.color {
            Color::Black => upper,
            Color::White => upper.to_ascii_lowercase(),
        };
        write!(f, "{c}")
    }
}
