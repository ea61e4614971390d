//! Standard shogi (本将棋, `seeds/003_…`) as a rule description: the 9×9 lower-left corner of
//! the 10×10 grid, the fourteen shogi kinds (the king, rook and bishop are the kinds 龙将棋
//! shares), promotion zone and forced promotions, drops with 二歩 and 打ち歩詰め, and the
//! seven handicaps of the seed as start positions. The rest of the engine asks this description
//! (and the evaluation's registry), never which game it is (docs/adding-a-game.md).

use crate::geometry::{Bitboard, Square};
use crate::rules::description::{
    CastlingMove, EnteringKingRule, Rules, StalemateRule, identity_kinds, kind_bits,
};
use crate::rules::piece::{KINDS, PieceKind};
use crate::rules::presentation::{Diagram, Front, Presentation, RecordFormat};
use crate::rules::text_form::TextForm;
use crate::rules::variant::Variant;

/// The 9×9 board: files 0–8, ranks 0–8 of the grid (the 10th file and rank are off-board).
pub const SHOGI_BOARD: Bitboard =
    Bitboard(Bitboard::FULL.0 & !(Bitboard::file(9).0 | Bitboard::rank(9).0));

/// The start position (平手), standard USI SFEN.
pub const SHOGI_START_SFEN: &str =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The seven handicaps of the seed, lightest first: the name used by `position handicap
/// <name>` and the file `docs`, its Japanese name, and its start position. The side giving
/// the handicap (上手) plays the second player's pieces and moves first, as every shogi
/// program writes these positions.
pub const HANDICAPS: [(&str, &str, &str); 7] = [
    (
        "lance",
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "bishop",
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "rook",
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "rook-lance",
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "two-piece",
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "four-piece",
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "six-piece",
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// The start SFEN of the handicap called `name` (`lance`, …, or its Japanese name).
pub fn handicap_sfen(name: &str) -> Option<&'static str> {
    HANDICAPS
        .iter()
        .find(|(en, ja, _)| *en == name || *ja == name)
        .map(|&(_, _, sfen)| sfen)
}

const SHOGI_KINDS: [PieceKind; 14] = [
    PieceKind::ShogiPawn,
    PieceKind::Lance,
    PieceKind::ShogiKnight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Tokin,
    PieceKind::PromotedLance,
    PieceKind::PromotedKnight,
    PieceKind::PromotedSilver,
    PieceKind::Horse,
    PieceKind::Dragon,
    PieceKind::King,
];

/// Move generation walks every kind but the king (the last of `SHOGI_KINDS`), in this order.
const SHOGI_OFFICERS: &[PieceKind] = match SHOGI_KINDS.split_last() {
    Some((PieceKind::King, officers)) => officers,
    _ => panic!("SHOGI_KINDS must end with the king"),
};

/// Hands are written rook, bishop, gold, silver, knight, lance, pawn (the USI order).
const SHOGI_HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::ShogiKnight,
    PieceKind::Lance,
    PieceKind::ShogiPawn,
];

/// Each promotable kind and what it becomes.
const PROMOTES: [(PieceKind, PieceKind); 6] = [
    (PieceKind::ShogiPawn, PieceKind::Tokin),
    (PieceKind::Lance, PieceKind::PromotedLance),
    (PieceKind::ShogiKnight, PieceKind::PromotedKnight),
    (PieceKind::Silver, PieceKind::PromotedSilver),
    (PieceKind::Bishop, PieceKind::Horse),
    (PieceKind::Rook, PieceKind::Dragon),
];

const fn promotions() -> [&'static [PieceKind]; KINDS] {
    let mut t: [&'static [PieceKind]; KINDS] = [&[]; KINDS];
    t[PieceKind::ShogiPawn as usize] = &[PieceKind::Tokin];
    t[PieceKind::Lance as usize] = &[PieceKind::PromotedLance];
    t[PieceKind::ShogiKnight as usize] = &[PieceKind::PromotedKnight];
    t[PieceKind::Silver as usize] = &[PieceKind::PromotedSilver];
    t[PieceKind::Bishop as usize] = &[PieceKind::Horse];
    t[PieceKind::Rook as usize] = &[PieceKind::Dragon];
    t
}

const fn promoted_from() -> [PieceKind; KINDS] {
    let mut t = identity_kinds();
    let mut i = 0;
    while i < PROMOTES.len() {
        t[PROMOTES[i].1 as usize] = PROMOTES[i].0;
        i += 1;
    }
    t
}

const fn ranks(a: u8, b: u8) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    let mut r = a;
    while r <= b {
        bb = bb.union(Bitboard::rank(r));
        r += 1;
    }
    Bitboard(bb.0 & SHOGI_BOARD.0)
}

const fn dead_squares() -> [[Bitboard; 2]; KINDS] {
    let mut t = [[Bitboard::EMPTY; 2]; KINDS];
    t[PieceKind::ShogiPawn as usize] = [ranks(8, 8), ranks(0, 0)];
    t[PieceKind::Lance as usize] = [ranks(8, 8), ranks(0, 0)];
    t[PieceKind::ShogiKnight as usize] = [ranks(7, 8), ranks(0, 1)];
    t
}

const NO_CASTLING: CastlingMove = CastlingMove {
    king_from: Square::from_index_unchecked(99),
    king_to: Square::from_index_unchecked(99),
    rook_from: Square::from_index_unchecked(99),
    rook_to: Square::from_index_unchecked(99),
};

/// Standard shogi.
pub const SHOGI: Rules = Rules {
    variant: Variant::Shogi,
    files: 9,
    ranks: 9,
    board: SHOGI_BOARD,
    text: TextForm::Usi,
    presentation: Presentation {
        name: "shogi",
        fairy_name: "shogi",
        aliases: &["honshogi"],
        record: RecordFormat::Kif,
        diagram: Diagram::Bod,
        served: &[Front::Usi],
        openings: include_str!("../../../../../openings/shogi.txt"),
        handicaps: &HANDICAPS,
    },
    start_sfen: SHOGI_START_SFEN,
    kinds: &SHOGI_KINDS,
    officers: SHOGI_OFFICERS,
    hand_order: &SHOGI_HAND_ORDER,
    drops: true,
    drop_cooldown: 0,
    drop_may_check: true,
    drop_in_check: true,
    nifu: Some(PieceKind::ShogiPawn),
    no_drop_mate: Some(PieceKind::ShogiPawn),
    double_step: false,
    pawn_start_rank: [1, 7],
    has_castling: false,
    castling: [[NO_CASTLING; 2]; 2],
    promotions: promotions(),
    promoted_from: promoted_from(),
    promotion_zone: [ranks(6, 8), ranks(0, 2)],
    promote_from_zone: true,
    dead_squares: dead_squares(),
    kind_mask: kind_bits(&SHOGI_KINDS),
    repetitions: 4,
    stalemate: StalemateRule::Loss,
    entering_king: EnteringKingRule::Seed27,
};
