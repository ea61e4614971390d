//! The registry: the engine's side of each game's description (as Fairy-Stockfish's
//! `variant.h`, where position code only asks `var->…`). Everything the evaluation and the
//! search need to know about a game hangs off its [`EngineGame`]: its classical evaluation,
//! its exchange values, its built-in net (the search's parameters per game are
//! `search::game_params`). [`of`] is the one place in the engine that maps a
//! [`Variant`] to it; the rules (`Rules`) stay the core's description. What adding a game
//! takes: `docs/games.md`.

use super::Classical;
use super::longjiang_eval::{DROP, NODROP};
use super::shogi_eval::{SHOGI_EVAL, capture_value};
use longjiang_core::rules::{KINDS, PieceKind, Variant};

/// The engine's description of one game.
#[derive(Debug)]
pub struct EngineGame {
    /// Which game.
    pub variant: Variant,
    /// Its classical evaluation.
    pub classical: &'static dyn Classical,
    /// Its static exchange evaluation's model, in the scale of `classical`.
    pub exchange: Exchange,
    /// The net built into the binary, if one ships (`nets/README.md` says how each was made).
    pub net: Option<&'static [u8]>,
    /// The evaluation used by default; a measurement decides it (`docs/nnue.md`).
    pub evaluator: Evaluator,
}

/// The evaluation a game is played with unless the user chooses (the `UseNNUE` option's
/// default): part of the game's description, so that no code asks which game it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Evaluator {
    /// The tuned classical evaluation.
    Classical,
    /// The game's NNUE net (the one built in, or the one `EvalFile` loaded).
    Network,
}

/// How the static exchange evaluation (`search::see`) values a game's pieces.
#[derive(Debug)]
pub struct Exchange {
    /// By `PieceKind::index`: what taking a piece of that kind gains (the king's is never
    /// taken; kinds the game does not have keep placeholders).
    pub values: [i32; KINDS],
    /// The game's kinds, cheapest first: attackers are tried in this order (a test checks it
    /// against `values`).
    pub order: &'static [PieceKind],
    /// Whether a recapture promotes when the rules let it (the better piece then stands on
    /// the square).
    pub recaptures_promote: bool,
}

/// The description of `game`.
#[inline(always)]
pub fn of(game: Variant) -> &'static EngineGame {
    match game {
        Variant::Longjiang => &LONGJIANG_GAME,
        Variant::LongjiangNoDrop => &LONGJIANG_NODROP_GAME,
        Variant::Shogi => &SHOGI_GAME,
    }
}

static LONGJIANG_GAME: EngineGame = EngineGame {
    variant: Variant::Longjiang,
    classical: &DROP,
    exchange: LONGJIANG_EXCHANGE,
    net: Some(include_bytes!("../../../../nets/longjiang.nnue")),
    // The generation-2 net beat the classical evaluation at 3 s + 0.03 s (notes/nnue-figures.md).
    evaluator: Evaluator::Network,
};

static LONGJIANG_NODROP_GAME: EngineGame = EngineGame {
    variant: Variant::LongjiangNoDrop,
    classical: &NODROP,
    exchange: LONGJIANG_EXCHANGE,
    net: Some(include_bytes!("../../../../nets/longjiang-nodrop.nnue")),
    // The 256-wide net beat the classical evaluation at 10 s + 0.1 s (notes/nodrop-labels.md).
    evaluator: Evaluator::Network,
};

static SHOGI_GAME: EngineGame = EngineGame {
    variant: Variant::Shogi,
    classical: &SHOGI_EVAL,
    exchange: SHOGI_EXCHANGE,
    net: None,
    evaluator: Evaluator::Classical,
};

/// 龙将棋's exchange (both games): hand-set values near its evaluation's piece values
/// (shogi's kinds, which 龙将棋 never has, keep the old placeholders). Recaptures do not
/// promote: the exchange its search and bench signature were measured with; counting its
/// pawns' recapture promotions is a search change to measure on its own.
const LONGJIANG_EXCHANGE: Exchange = Exchange {
    values: [
        100, 390, 400, 610, 680, 1120, 470, 20_000, 60, 220, 260, 320, 350, 350, 350, 350, 350,
        600, 800,
    ],
    order: &[
        PieceKind::Pawn,
        PieceKind::Cavalry,
        PieceKind::Bishop,
        PieceKind::Spear,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Queen,
        PieceKind::King,
    ],
    recaptures_promote: false,
};

/// Shogi's exchange: what a capture swings shogi's evaluation by (the piece off the board
/// plus its unpromoted kind in the capturer's hand), so that a promotion gains
/// `value(promoted) − value(unpromoted)` in the same scale (YaneuraOu's `ProDiffPieceValue`);
/// a pawn that retakes in the zone becomes a tokin.
const SHOGI_EXCHANGE: Exchange = Exchange {
    values: {
        let mut t = [0; KINDS];
        let mut i = 0;
        while i < KINDS {
            t[i] = capture_value(PieceKind::ALL[i]);
            i += 1;
        }
        t[PieceKind::King as usize] = 20_000;
        t
    },
    order: &[
        PieceKind::ShogiPawn,
        PieceKind::Tokin,
        PieceKind::Lance,
        PieceKind::ShogiKnight,
        PieceKind::PromotedLance,
        PieceKind::PromotedKnight,
        PieceKind::Silver,
        PieceKind::PromotedSilver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Dragon,
        PieceKind::King,
    ],
    recaptures_promote: true,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game has a description, and it is its own.
    #[test]
    fn every_game_is_described() {
        for v in Variant::EVERY {
            let g = of(v);
            assert_eq!(g.variant, v);
            let t = g.classical.table();
            assert_eq!(
                t.weights.len(),
                t.groups.iter().map(|g| g.len).sum::<usize>()
            );
            assert!(
                t.file.ends_with(".rs") && t.title.contains(v.name()),
                "{}",
                t.title
            );
        }
    }

    /// Attackers are tried cheapest first, and every kind of the game is tried.
    #[test]
    fn the_exchange_order_is_cheapest_first() {
        for v in Variant::EVERY {
            let ex = &of(v).exchange;
            let values: Vec<i32> = ex.order.iter().map(|k| ex.values[k.index()]).collect();
            assert!(values.windows(2).all(|w| w[0] < w[1]), "{v}: {values:?}");
            for kind in v.rules().kinds {
                assert!(ex.order.contains(kind), "{v}: {kind:?}");
            }
        }
    }
}
