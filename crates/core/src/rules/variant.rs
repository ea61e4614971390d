//! The games this engine knows, by name: [`Variant`] is the key of the registry
//! (`rules::registry`), which maps each to its description (`Rules`, in `rules::games`).

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
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::DEFAULT
    }
}
