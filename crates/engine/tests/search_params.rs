//! Per-game search parameters (docs/spsa.md, "Per-game values"): a game's `game_params::overrides`
//! (its `EngineGame`'s, tried here through `Engine::try_overrides`) change its searches, an
//! engine's `set_param` (the `spsa_` options) wins over them and survives a change of game, and
//! engines of two games in one process each search with their own values.

use longjiang_core::rules::samples::POSITIONS;
use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP, Position, Rules, Variant};
use longjiang_engine::search::params::{self, *};
use longjiang_engine::search::{Engine, Features, Limits, game_params};

/// Other pruning values, as if the drop game's description asked for them.
static OVERRIDES: [(&Param, i32); 2] = [(&LMR_BASE, 120), (&FUTILITY_BASE, 0)];

/// A fresh engine, the drop game searched with [`OVERRIDES`] when `overridden`.
fn engine(overridden: bool) -> Engine {
    let mut e = Engine::new();
    if overridden {
        e.try_overrides(Variant::Longjiang, &OVERRIDES);
    }
    e
}

/// The drop game's own list (`game_params::overrides`), each value mapped by `value`.
fn game_list_at(value: fn(&Param, i32) -> i32) -> Vec<(&'static Param, i32)> {
    game_params::overrides(Variant::Longjiang)
        .iter()
        .map(|&(p, v)| (p, value(p, v)))
        .collect()
}

/// Nodes of a depth-7 search of the start position of `rules` by `e` with `set` applied.
fn nodes(mut e: Engine, rules: Rules, set: &[(&'static params::Param, i32)]) -> u64 {
    for &(p, v) in set {
        e.set_param(p, v).expect("in range");
    }
    e.set_position(Position::start(rules));
    search(&mut e)
}

fn search(e: &mut Engine) -> u64 {
    e.search_sync(Limits {
        depth: Some(7),
        ..Limits::default()
    })
    .nodes
}

#[test]
fn a_games_overrides_change_its_search_and_set_values_win() {
    let plain = nodes(engine(false), LONGJIANG, &[]);
    let overridden = nodes(engine(true), LONGJIANG, &[]);
    assert_ne!(plain, overridden, "the game's values changed nothing");
    // The same values set by option give the same search as the game's list.
    // (The game's own list is set back to the defaults: `try_overrides` replaces it.)
    let mut same = game_list_at(|p, _| p.default);
    same.extend([(&LMR_BASE, 120), (&FUTILITY_BASE, 0)]);
    assert_eq!(nodes(engine(false), LONGJIANG, &same), overridden);
    // Values set by option win over the game's: set back to the defaults, the plain search.
    assert_eq!(
        nodes(engine(true), LONGJIANG, &{
            let mut back = game_list_at(|_, v| v);
            back.extend([(&LMR_BASE, 35), (&FUTILITY_BASE, 160)]);
            back
        }),
        plain
    );
    // The list is the drop game's only: the no-drop game searches with the defaults.
    assert_eq!(
        nodes(engine(true), LONGJIANG_NODROP, &[]),
        nodes(engine(false), LONGJIANG_NODROP, &[])
    );
    // What the next search reads.
    let mut e = engine(true);
    e.set_position(Position::start(LONGJIANG));
    assert_eq!(e.search_params().get(&LMR_BASE), 120);
    assert_eq!(e.search_params().get(&RFP_MARGIN), RFP_MARGIN.default);
    e.set_param(&LMR_BASE, 50).unwrap();
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    assert!(e.set_param(&LMR_BASE, LMR_BASE.max + 1).is_err());
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    // A set value stays over a change of game; the others follow the game.
    e.set_position(Position::start(LONGJIANG_NODROP));
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    assert_eq!(e.search_params().get(&FUTILITY_BASE), FUTILITY_BASE.default);
}

#[test]
fn one_engine_follows_the_game_it_is_given() {
    let drop = nodes(engine(true), LONGJIANG, &[]);
    let nodrop = nodes(engine(true), LONGJIANG_NODROP, &[]);
    let mut e = engine(true);
    for (rules, want) in [
        (LONGJIANG, drop),
        (LONGJIANG_NODROP, nodrop),
        (LONGJIANG, drop),
    ] {
        e.new_game();
        e.set_position(Position::start(rules));
        assert_eq!(search(&mut e), want);
    }
}

#[test]
fn two_engines_in_one_process_keep_their_own_values() {
    let plain = nodes(engine(false), LONGJIANG, &[]);
    let overridden = nodes(engine(true), LONGJIANG, &[]);
    let run = |overridden: bool| {
        std::thread::spawn(move || {
            let mut e = engine(overridden);
            (0..4)
                .map(|_| {
                    e.new_game();
                    e.set_position(Position::start(LONGJIANG));
                    search(&mut e)
                })
                .collect::<Vec<u64>>()
        })
    };
    let (a, b) = (run(false), run(true));
    assert_eq!(a.join().unwrap(), vec![plain; 4]);
    assert_eq!(b.join().unwrap(), vec![overridden; 4]);
}

/// Nodes of depth-8 searches in turn by one engine with a 1 MiB table (so that its replacement
/// rule counts), with `set` applied: of six bench positions (middlegames of both games, no-drop
/// endgames), or with `threats` the mate-threat rule on and of three lone kings facing a mate
/// in two (crates/engine/tests/search_mates.rs).
fn suite_nodes(set: &[(&'static Param, i32)], threats: bool) -> u64 {
    let mut e = Engine::new();
    e.set_hash_mb(1);
    e.set_features(Features {
        mate_threats: threats,
        ..Features::DEFAULT
    });
    for &(p, v) in set {
        e.set_param(p, v).expect("in range");
    }
    let positions: Vec<Position> = if threats {
        [
            "9k/10/7K2/10/10/10/10/10/10/1Q8 b - - 00 1",
            "9k/10/6K3/4G5/10/10/10/10/10/10 b - - 00 1",
            "6k3/10/5K4/10/10/10/10/10/10/10 b R - 00 1",
        ]
        .iter()
        .map(|sfen| Position::from_sfen(sfen, LONGJIANG).expect("a mate position"))
        .collect()
    } else {
        [1, 6, 15, 22, 23, 24]
            .iter()
            .map(|&i| {
                let (variant, sfen) = POSITIONS[i];
                Position::from_sfen(sfen, variant.rules()).expect("a bench position")
            })
            .collect()
    };
    positions
        .into_iter()
        .map(|pos| {
            e.set_position(pos);
            e.search_sync(Limits {
                depth: Some(8),
                ..Limits::default()
            })
            .nodes
        })
        .sum()
}

/// Each search parameter moved into `params.rs` from a literal (notes/search-params.md) is
/// read by the search: set away from its default, it changes the node count (with `with`
/// set on both sides where the step that reads it needs them).
#[test]
fn every_moved_parameter_changes_the_search() {
    type Case<'a> = (&'static Param, i32, &'a [(&'static Param, i32)], bool);
    let cases: &[Case] = &[
        (
            &NMP_VERIFY_OFF_SHARE,
            0,
            &[
                (&NMP_VERIFY_DEPTH, 6),
                (&NMP_MIN_DEPTH, 1),
                (&NMP_BASE_R, 1),
                (&LMR_NON_PV, 0),
            ],
            false,
        ),
        (&IIR_REDUCTION, 0, &[], false),
        (&FMC_NOT_IMPROVING_SHARE, 100, &[], false),
        (&SE_SEARCH_DEPTH_SHARE, 90, &[], false),
        (&CHECK_EXT_SEE, -300, &[], false),
        (&MATE_THREAT_DEPTH, 8, &[], true),
        (&LMR_NOT_IMPROVING, 0, &[], false),
        (&LMR_FULL_MOVES, 5, &[], false),
        (&LMR_ROOT_FULL_MOVES, 8, &[], false),
        (&LMR_TT_PV, 0, &[], false),
        (&LMR_CUT_NODE, 0, &[], false),
        (&LMR_TT_CAPTURE, 0, &[], false),
        (&LMR_IN_CHECK, 0, &[], false),
        (&LMR_TACTICAL, 0, &[], false),
        (&QS_FUTILITY_SEE, 200, &[], false),
        (&QS_SEE_THRESHOLD, -300, &[], false),
        (&CAPTURE_GAIN_WEIGHT, 1, &[], false),
        (&QUIET_HISTORY_WEIGHT, 0, &[], false),
        (&CONT_HISTORY_1_WEIGHT, 0, &[], false),
        (&CONT_HISTORY_2_WEIGHT, 0, &[], false),
        (&CONT_HISTORY_4_WEIGHT, 0, &[], false),
        (&CONT_SPLIT, 1, &[], false),
        (&LOW_PLY_HISTORY, 5, &[], false),
        (&CONT_HISTORY_3_WEIGHT, 1, &[], false),
        (&CONT_HISTORY_6_WEIGHT, 1, &[], false),
        (&PRIOR_REFUTED_MALUS, 1, &[], false),
        (&PRIOR_FAIL_LOW_BONUS, 2, &[], false),
        (&LOW_PLY_HISTORY_WEIGHT, 0, &[(&LOW_PLY_HISTORY, 5)], false),
        (&THREAT_ORDER, 2, &[], false),
        (&THREAT_ORDER_WEIGHT, 16, &[(&THREAT_ORDER, 1)], false),
        (&TT_KEEP_DEPTH_MARGIN, 0, &[], false),
        (&TT_AGE_WEIGHT, 0, &[], false),
        (&ASPIRATION_GROWTH_DIVISOR, 1, &[], false),
        (&ASPIRATION_GROWTH_ADD, 30, &[], false),
    ];
    let mut bases = std::collections::HashMap::new();
    let unread: Vec<String> = cases
        .iter()
        .filter(|&&(p, v, with, threats)| {
            let base = *bases
                .entry((
                    with.iter().map(|(q, w)| (q.index, *w)).collect::<Vec<_>>(),
                    threats,
                ))
                .or_insert_with(|| suite_nodes(with, threats));
            let mut set = with.to_vec();
            set.push((p, v));
            suite_nodes(&set, threats) == base
        })
        .map(|(p, v, _, _)| format!("{}={v}", p.name()))
        .collect();
    assert!(unread.is_empty(), "changed nothing: {unread:?}");
}
