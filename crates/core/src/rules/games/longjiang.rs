//! The two 龙将棋 games as rule descriptions (RULES.md): with drops (the default game) and
//! under 掉落禁止规则 (no drops, promotion on the last rank to R/N/B/G/Q).

use crate::geometry::{Bitboard, Square};
use crate::rules::description::{
    CastlingMove, EnteringKingRule, Rules, StalemateRule, identity_kinds, kind_bits,
};
use crate::rules::piece::{KINDS, PieceKind};
use crate::rules::presentation::{Diagram, Front, Presentation, RecordFormat};
use crate::rules::text_form::TextForm;
use crate::rules::variant::Variant;

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
        openings: include_str!("../../../../../openings/longjiang.txt"),
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
};

/// 龙将棋 under 掉落禁止规则.
pub const LONGJIANG_NODROP: Rules = Rules {
    variant: Variant::LongjiangNoDrop,
    presentation: Presentation {
        name: "longjiang-nodrop",
        fairy_name: "longjiangqi-nodrop",
        openings: include_str!("../../../../../openings/longjiang-nodrop.txt"),
        ..LONGJIANG.presentation
    },
    drops: false,
    drop_cooldown: 0,
    hand_order: &[],
    promotions: longjiang_promotions(NODROP_PROMOTIONS),
    promoted_from: longjiang_promoted_from(NODROP_PROMOTIONS),
    promotion_zone: [Bitboard::rank(9), Bitboard::rank(0)],
    ..LONGJIANG
};
