//! Per-game search parameters (docs/spsa.md, "Per-game values"): a game's `search_overrides`
//! change its searches, an engine's `set_param` (the `spsa_` options) wins over them and
//! survives a change of game, and engines of two games in one process each search with their
//! own values.

use longjiang::rules::{LONGJIANG, Position, Rules};
use longjiang::search::params::{self, FUTILITY_BASE, LMR_BASE, RFP_MARGIN};
use longjiang::search::{Engine, Limits};

/// The drop game as if its description asked for other pruning values.
const OVERRIDDEN: Rules = Rules {
    search_overrides: &[("lmr_base", 120), ("futility_base", 0)],
    ..LONGJIANG
};

/// Nodes of a depth-7 search of the start position by a fresh engine with `set` applied.
fn nodes(rules: Rules, set: &[(&'static params::Param, i32)]) -> u64 {
    let mut e = Engine::new();
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
    let plain = nodes(LONGJIANG, &[]);
    let overridden = nodes(OVERRIDDEN, &[]);
    assert_ne!(plain, overridden, "the game's values changed nothing");
    // The same values set by option give the same search as the game's list.
    assert_eq!(
        nodes(LONGJIANG, &[(&LMR_BASE, 120), (&FUTILITY_BASE, 0)]),
        overridden
    );
    // Values set by option win over the game's: set back to the defaults, the plain search.
    assert_eq!(
        nodes(OVERRIDDEN, &[(&LMR_BASE, 35), (&FUTILITY_BASE, 160)]),
        plain
    );
    // What the next search reads.
    let mut e = Engine::new();
    e.set_position(Position::start(OVERRIDDEN));
    assert_eq!(e.search_params().get(&LMR_BASE), 120);
    assert_eq!(e.search_params().get(&RFP_MARGIN), RFP_MARGIN.default);
    e.set_param(&LMR_BASE, 50).unwrap();
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    assert!(e.set_param(&LMR_BASE, LMR_BASE.max + 1).is_err());
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    // A set value stays over a change of game; the others follow the game.
    e.set_position(Position::start(LONGJIANG));
    assert_eq!(e.search_params().get(&LMR_BASE), 50);
    assert_eq!(e.search_params().get(&FUTILITY_BASE), FUTILITY_BASE.default);
}

#[test]
fn one_engine_follows_the_game_it_is_given() {
    let plain = nodes(LONGJIANG, &[]);
    let overridden = nodes(OVERRIDDEN, &[]);
    let mut e = Engine::new();
    for (rules, want) in [
        (OVERRIDDEN, overridden),
        (LONGJIANG, plain),
        (OVERRIDDEN, overridden),
    ] {
        e.new_game();
        e.set_position(Position::start(rules));
        assert_eq!(search(&mut e), want);
    }
}

#[test]
fn engines_of_two_games_in_one_process_keep_their_own_values() {
    let plain = nodes(LONGJIANG, &[]);
    let overridden = nodes(OVERRIDDEN, &[]);
    let run = |rules: Rules| {
        std::thread::spawn(move || {
            let mut e = Engine::new();
            (0..4)
                .map(|_| {
                    e.new_game();
                    e.set_position(Position::start(rules));
                    search(&mut e)
                })
                .collect::<Vec<u64>>()
        })
    };
    let (a, b) = (run(LONGJIANG), run(OVERRIDDEN));
    assert_eq!(a.join().unwrap(), vec![plain; 4]);
    assert_eq!(b.join().unwrap(), vec![overridden; 4]);
}
