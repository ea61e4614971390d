//! NNUE: an efficiently updatable neural network evaluation, one net per game.
//!
//! [`features`] says which inputs a position has from each side's point of view and which
//! ones a move changes; [`network`] is the quantised net and its file format; [`accumulator`]
//! keeps the hidden layer's sums up to date through a search. The nets are trained by
//! `longjiang train` (`docs/nnue.md`); the ones shipped under `nets/` are built into the
//! binary ([`embedded`]; the registry, `eval::games`, names each game's).

pub mod accumulator;
pub mod buckets;
pub mod features;
pub mod kernels;
pub mod network;
pub mod quant;

pub use accumulator::{Accumulator, AccumulatorStack, evaluate_fresh};
pub use buckets::FeatureSet;
pub use network::{NetError, Network};

use super::games::{self, Evaluator};
use longjiang_core::rules::Variant;
use std::sync::{Arc, OnceLock};

/// Whether `game` is evaluated with its net unless the user chooses (the `UseNNUE` option's
/// default): the evaluator its description (`eval::games`) names.
pub fn by_default(game: Variant) -> bool {
    games::of(game).evaluator == Evaluator::Network
}

/// The nets an engine evaluates with when nobody chose: the built-in net of each game whose
/// description names the net as its evaluator ([`by_default`]); the other games are
/// evaluated classically. The one place that decides it for every engine the product runs:
/// the protocol sessions, the web board's pool and the opening-book generator ask it.
pub fn default_nets() -> Vec<Arc<Network>> {
    choose(by_default, embedded)
}

/// The nets of the games `uses` picks, each game's being `net_of` it (none: classical).
pub fn choose(
    uses: impl Fn(Variant) -> bool,
    net_of: impl Fn(Variant) -> Option<Arc<Network>>,
) -> Vec<Arc<Network>> {
    Variant::EVERY
        .iter()
        .filter(|&&v| uses(v))
        .filter_map(|&v| net_of(v))
        .collect()
}

/// The `EvalFile` value that means the net built into the binary.
pub const EMBEDDED_NAME: &str = "<embedded>";

/// The net built into the binary for `game`, if one ships.
pub fn embedded(game: Variant) -> Option<Arc<Network>> {
    static NETS: OnceLock<Vec<(Variant, Arc<Network>)>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        Variant::EVERY
            .iter()
            .filter_map(|&v| {
                let bytes = super::games::of(v).net?;
                Network::from_bytes(bytes).ok().map(|n| (v, Arc::new(n)))
            })
            .collect()
    });
    nets.iter()
        .find(|(v, _)| *v == game)
        .map(|(_, n)| Arc::clone(n))
}

/// The nets built in, one per game that has one.
pub fn embedded_nets() -> Vec<Arc<Network>> {
    Variant::EVERY.iter().filter_map(|&v| embedded(v)).collect()
}

/// A net with varied parameters, for tests of the format and of the accumulators.
#[cfg(test)]
pub(crate) fn test_net(game: Variant) -> Network {
    test_net_of(game, network::DEFAULT_HIDDEN)
}

/// [`test_net`] of hidden size `hidden`.
#[cfg(test)]
pub(crate) fn test_net_of(game: Variant, hidden: usize) -> Network {
    test_net_in(FeatureSet::Plain, game, hidden)
}

/// [`test_net_of`] with the inputs of feature set `set` (every bucket's rows different).
#[cfg(test)]
pub(crate) fn test_net_in(set: FeatureSet, game: Variant, hidden: usize) -> Network {
    use network::BUCKETS;
    let ft = (0..set.inputs() * hidden)
        .map(|i| ((i * 7919) % 61) as i16 - 30)
        .collect();
    let fb = (0..hidden).map(|i| (i % 17) as i16).collect();
    let ow = (0..BUCKETS * 2 * hidden)
        .map(|i| ((i * 31) % 41) as i16 - 20)
        .collect();
    let ob = (0..BUCKETS as i32).map(|b| b * 1000 - 1500).collect();
    Network::from_parts_in(set, game, hidden, (ft, fb, ow, ob)).expect("the shapes match")
}

#[cfg(test)]
mod tests;
