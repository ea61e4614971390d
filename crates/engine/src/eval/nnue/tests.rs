//! The accumulators on random playouts of both games: the lazily updated sums equal sums
//! computed from scratch after every move and every take-back (lines abandoned half-way, as
//! a search does), and the evaluation is the same for a position and its colour mirror.

use super::*;
use longjiang_core::movegen::legal_moves;
use longjiang_core::rng::SplitMix;
use longjiang_core::rules::{Move, Position};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// The position with colours swapped and the board mirrored rank for rank (SFEN text).
pub(crate) fn mirror_sfen(sfen: &str) -> String {
    let f: Vec<&str> = sfen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "b" { "w" } else { "b" };
    let cd: Vec<char> = f[4].chars().collect();
    format!(
        "{} {side} {} {} {}{} {}",
        board.join("/"),
        swap(f[2]),
        swap(f[3]),
        cd[1],
        cd[0],
        f[5]
    )
}

#[derive(Default, Debug)]
struct Kinds {
    quiet: usize,
    capture: usize,
    promotion: usize,
    castle: usize,
    drop: usize,
}

/// One random playout of `plies` plies from the start of `variant`, with take-backs, checking
/// the stack against fresh sums at every step. Moves are picked by a SplitMix64 stream from
/// `seed`, castling, promotions and drops preferred when there are any, so every move kind
/// turns up.
fn playout(variant: Variant, seed: u64, plies: usize, kinds: &mut Kinds) -> Result<(), String> {
    playout_with(&test_net(variant), variant, seed, plies, kinds)
}

/// [`playout`] with `net`.
fn playout_with(
    net: &Network,
    variant: Variant,
    seed: u64,
    plies: usize,
    kinds: &mut Kinds,
) -> Result<(), String> {
    let mut pos = Position::start(variant.rules());
    let mut stack = AccumulatorStack::new(plies + 2);
    let mut rng = SplitMix::new(seed);
    let mut next = move || rng.next_u64();
    let mut ply = 0;
    let mut steps = 0;
    while steps < plies {
        steps += 1;
        let moves = legal_moves(&pos);
        if moves.is_empty() || (ply > 0 && next() % 10 == 0) {
            if ply == 0 {
                break;
            }
            pos.undo();
            ply -= 1;
        } else {
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_castle() || m.promotion_kind().is_some() || m.is_drop())
                .collect();
            let m = if !special.is_empty() && next() % 3 == 0 {
                special[(next() % special.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            if m.is_castle() {
                kinds.castle += 1;
            } else if m.is_drop() {
                kinds.drop += 1;
            } else if m.promotion_kind().is_some() {
                kinds.promotion += 1;
            } else if pos.piece_at(m.to()).is_some() {
                kinds.capture += 1;
            } else {
                kinds.quiet += 1;
            }
            stack.push(ply, &pos, Some(m));
            pos.play(m);
            ply += 1;
        }
        // Evaluate only now and then, so that deltas pile up between evaluations.
        if next() % 3 == 0 {
            let lazy = *stack.update(net, &pos, ply);
            let fresh = Accumulator::refresh(net, &pos);
            if lazy != fresh {
                return Err(format!(
                    "ply {ply}: incremental != fresh at {}",
                    pos.to_sfen()
                ));
            }
            let e = stack.evaluate(net, &pos, ply);
            let mirror = Position::from_sfen(&mirror_sfen(&pos.to_sfen()), variant.rules())
                .map_err(|e| format!("mirror of {}: {e}", pos.to_sfen()))?;
            let m = evaluate_fresh(net, &mirror);
            if e != m {
                return Err(format!("{}: {e} but its mirror {m}", pos.to_sfen()));
            }
        }
    }
    Ok(())
}

fn config() -> Config {
    let mut config = Config::with_cases(if cfg!(debug_assertions) { 8 } else { 64 });
    config.rng_seed = RngSeed::Fixed(0x6e6e_7565);
    config.failure_persistence = None;
    config
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn incremental_equals_fresh_and_evaluate_is_colour_symmetric(
        drops in any::<bool>(),
        king_buckets in any::<bool>(),
        seed in any::<u64>(),
        plies in 20usize..300,
    ) {
        let variant = if drops { Variant::Longjiang } else { Variant::LongjiangNoDrop };
        let set = if king_buckets { FeatureSet::KingBuckets } else { FeatureSet::Plain };
        let net = test_net_in(set, variant, network::DEFAULT_HIDDEN);
        let mut kinds = Kinds::default();
        if let Err(e) = playout_with(&net, variant, seed, plies, &mut kinds) {
            return Err(TestCaseError::fail(e));
        }
    }
}

#[test]
fn the_playouts_cover_every_move_kind() {
    for variant in Variant::ALL {
        let mut kinds = Kinds::default();
        for seed in 0..12 {
            playout(variant, seed, 600, &mut kinds).unwrap();
        }
        let drops = variant.rules().drops;
        assert!(
            kinds.quiet > 0
                && kinds.capture > 0
                && kinds.promotion > 0
                && kinds.castle > 0
                && (kinds.drop > 0) == drops,
            "{variant}: {kinds:?}"
        );
    }
}

#[test]
fn a_null_move_keeps_the_sums_and_swaps_the_point_of_view() {
    let net = test_net(Variant::Longjiang);
    let mut pos = Position::start(Variant::Longjiang.rules());
    let mut stack = AccumulatorStack::new(8);
    let root = *stack.update(&net, &pos, 0);
    stack.push(0, &pos, None);
    pos.play_null();
    assert_eq!(*stack.update(&net, &pos, 1), root);
    assert_eq!(stack.evaluate(&net, &pos, 1), evaluate_fresh(&net, &pos));
}

#[test]
fn every_hidden_size_and_feature_set_updates_like_it_refreshes() {
    for set in FeatureSet::ALL {
        for hidden in network::HIDDEN_SIZES {
            for variant in Variant::ALL {
                let net = test_net_in(set, variant, hidden);
                let mut kinds = Kinds::default();
                for seed in 0..6 {
                    playout_with(&net, variant, seed, 300, &mut kinds)
                        .unwrap_or_else(|e| panic!("{set:?}, hidden {hidden}: {e}"));
                }
            }
        }
    }
}

#[test]
fn king_bucket_nets_round_trip_and_differ_from_plain_nets() {
    for variant in Variant::ALL {
        let net = test_net_in(FeatureSet::KingBuckets, variant, 256);
        let bytes = net.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[50], bytes[51]]), 1);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(back.set(), FeatureSet::KingBuckets);
        // The start position's kings are in bucket 1: not the plain net's rows.
        let pos = Position::start(variant.rules());
        let plain = test_net_of(variant, 256);
        assert_ne!(
            Accumulator::refresh(&net, &pos),
            Accumulator::refresh(&plain, &pos)
        );
    }
}

#[test]
fn a_reset_stack_forgets_the_sums_of_another_net() {
    let variant = Variant::LongjiangNoDrop;
    let (a, b) = (test_net_of(variant, 128), test_net_of(variant, 256));
    assert_ne!(a, b);
    let mut pos = Position::start(variant.rules());
    let mut stack = AccumulatorStack::new(8);
    stack.update(&a, &pos, 0);
    let m = legal_moves(&pos)[0];
    stack.push(0, &pos, Some(m));
    pos.play(m);
    stack.evaluate(&a, &pos, 1);
    stack.reset(8);
    assert_eq!(stack.refreshes(), 0);
    // Ply 1 again, now with `b`: its sums, not `a`'s kept under the same key.
    assert_eq!(stack.evaluate(&b, &pos, 1), evaluate_fresh(&b, &pos));
    assert_eq!(stack.refreshes(), 2);
}
