use super::*;
use crate::rules::Color::{Black, White};

/// A track of alternating moves, the first player's first, each score its mover's own.
fn track(scores: &[Option<i32>]) -> ScoreTrack {
    let mut t = ScoreTrack::default();
    for (i, &s) in scores.iter().enumerate() {
        t.push(if i % 2 == 0 { Black } else { White }, s);
    }
    t
}

const WIN: WinRule = WinRule {
    plies: 4,
    score: 500,
};
const DRAW: DrawRule = DrawRule {
    after: 6,
    plies: 4,
    score: 10,
};

fn only_win() -> Adjudicator {
    Adjudicator {
        win: Some(WIN),
        ..Adjudicator::default()
    }
}

#[test]
fn a_loss_by_score_needs_both_sides_for_the_whole_span() {
    let adj = only_win();
    // The first player sees itself lost, the second sees itself winning: 0-1 on the 4th ply.
    let mut s = vec![Some(0), Some(50), Some(-600), Some(550), Some(-900)];
    assert_eq!(adj.by_score(&track(&s), 5), None, "three agreeing plies");
    s.push(Some(700));
    let v = adj.by_score(&track(&s), 6).unwrap();
    assert_eq!(v.winner, Some(White));
    assert_eq!(v.result_token(), "0-1");
    assert_eq!(v.reason, Adjudged::Score(WIN));
    // The other way round: 1-0.
    let won = track(&[
        Some(10),
        Some(-10),
        Some(600),
        Some(-500),
        Some(800),
        Some(-2000),
    ]);
    assert_eq!(adj.by_score(&won, 6).unwrap().winner, Some(Black));
    // One side disagrees, a score is missing, a score is one short of the threshold: no end.
    for bad in [
        [Some(-600), Some(550), Some(-900), Some(100)],
        [Some(-600), None, Some(-900), Some(700)],
        [Some(-600), Some(550), Some(-499), Some(700)],
        [Some(600), Some(550), Some(900), Some(700)],
    ] {
        assert_eq!(adj.by_score(&track(&bad), 4), None, "{bad:?}");
    }
}

#[test]
fn a_draw_by_score_waits_for_its_ply_and_a_quiet_span() {
    let adj = Adjudicator {
        draw: Some(DRAW),
        ..Adjudicator::default()
    };
    let quiet = track(&[Some(300), Some(5), Some(-3), Some(0), Some(10)]);
    assert_eq!(adj.by_score(&quiet, 5), None, "before ply 6");
    let v = adj.by_score(&quiet, 6).unwrap();
    assert_eq!(
        (v.winner, v.reason, v.result_token()),
        (None, Adjudged::Draw(DRAW), "1/2-1/2")
    );
    for loud in [
        [Some(5), Some(-11), Some(0), Some(10)],
        [Some(5), None, Some(0), Some(10)],
    ] {
        assert_eq!(adj.by_score(&track(&loud), 20), None, "{loud:?}");
    }
    assert_eq!(
        adj.by_score(&track(&[Some(0); 3]), 20),
        None,
        "too few plies"
    );
    // A score of i32::MIN is as far outside any window as it looks.
    assert_eq!(
        adj.by_score(&track(&[Some(0), Some(0), Some(0), Some(i32::MIN)]), 20),
        None
    );
}

#[test]
fn the_length_ends_at_its_ply_and_the_scores_come_first() {
    let adj = Adjudicator {
        win: Some(WIN),
        draw: Some(DRAW),
        max_plies: Some(14),
    };
    assert_eq!(adj.by_length(13), None);
    let v = adj.by_length(14).unwrap();
    assert_eq!((v.winner, v.reason), (None, Adjudged::Length(14)));
    let quiet = track(&[Some(0); 4]);
    assert_eq!(adj.judge(&quiet, 14).unwrap().reason, Adjudged::Draw(DRAW));
    let lost = track(&[Some(-600), Some(600), Some(-600), Some(600)]);
    assert_eq!(adj.judge(&lost, 14).unwrap().winner, Some(White));
    assert_eq!(adj.judge(&track(&[Some(100); 4]), 13), None);
    assert_eq!(
        Adjudicator::default().judge(&lost, 1000),
        None,
        "every rule off"
    );
}

#[test]
fn the_reasons_in_words_and_tokens() {
    let rows = [
        (
            Adjudged::Score(WinRule {
                plies: 8,
                score: 1000,
            }),
            "adjudication: lost by score (both engines agree, 1000 cp or more for 4 moves)",
            "adjudicated-score",
        ),
        (
            Adjudged::Draw(DrawRule {
                after: 80,
                plies: 16,
                score: 10,
            }),
            "adjudication: draw (scores within ±10 cp for 8 moves)",
            "adjudicated-draw",
        ),
        (
            Adjudged::Length(300),
            "adjudication: move limit (150 moves)",
            "adjudicated-length",
        ),
        (
            Adjudged::Length(7),
            "adjudication: move limit (7 plies)",
            "adjudicated-length",
        ),
    ];
    for (reason, words, token) in rows {
        assert_eq!(reason.to_string(), words);
        assert_eq!(reason.token(), token);
    }
}

/// A small generator for the twin tests.
fn scores(seed: u64, n: usize) -> Vec<i32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            // Mostly near the thresholds, so that runs start and break.
            [0, 5, -5, 12, -12, 600, -600, 450, -450, 30_000][(x >> 59) as usize % 10]
        })
        .collect()
}

/// The rules datagen had before the one adjudicator (runs of plies on the first player's
/// scores), which it must still give: the same verdict at the same ply for every game.
#[test]
fn datagen_s_run_lengths_are_the_same_rules() {
    let (ws, wp, ds, da, dp) = (500, 3, 12, 7, 5);
    let adj = Adjudicator {
        win: Some(WinRule {
            plies: wp as usize,
            score: ws,
        }),
        draw: Some(DrawRule {
            after: da as usize + 1,
            plies: dp as usize,
            score: ds,
        }),
        max_plies: None,
    };
    // Games won by each side, drawn, and played out: every kind occurs.
    let mut ends = [0; 4];
    for seed in 0..300 {
        let firsts = scores(seed, 60);
        let mut end = 3;
        let (mut win_run, mut draw_run, mut last_sign) = (0u32, 0u32, 0);
        let mut t = ScoreTrack::default();
        for (ply, &score) in firsts.iter().enumerate() {
            let mover = if ply % 2 == 0 { Black } else { White };
            t.push(mover, Some(if mover == Black { score } else { -score }));
            let sign = if score >= ws {
                1
            } else if score <= -ws {
                -1
            } else {
                0
            };
            win_run = if sign != 0 && sign == last_sign {
                win_run + 1
            } else {
                u32::from(sign != 0)
            };
            last_sign = sign;
            draw_run = if score.abs() <= ds { draw_run + 1 } else { 0 };
            let old = if win_run >= wp {
                Some(Some(if sign > 0 { Black } else { White }))
            } else if ply as u32 >= da && draw_run >= dp {
                Some(None)
            } else {
                None
            };
            let new = adj.by_score(&t, ply + 1).map(|v| v.winner);
            assert_eq!(new, old, "seed {seed}, ply {ply}: {:?}", &firsts[..=ply]);
            if let Some(w) = old {
                end = w.map_or(2, Color::index);
                break;
            }
        }
        ends[end] += 1;
    }
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}

/// The rules the match had before (each side's last N scores, its own view), likewise.
#[test]
fn the_match_s_per_side_rules_are_the_same_rules() {
    let (n, s, m) = (2usize, 500, 5usize);
    let adj = Adjudicator {
        win: Some(WinRule {
            plies: 2 * n,
            score: s,
        }),
        draw: Some(DrawRule {
            after: 2 * m,
            plies: 2 * n,
            score: 12,
        }),
        max_plies: None,
    };
    let last_all = |v: &[i32], ok: &dyn Fn(i32) -> bool| {
        v.len() >= n && v[v.len() - n..].iter().all(|&x| ok(x))
    };
    // Games won by each side, drawn, and played out: every kind occurs.
    let mut ends = [0; 4];
    for seed in 0..300 {
        let own = scores(seed, 40);
        let mut end = 3;
        let mut by_side: [Vec<i32>; 2] = [vec![], vec![]];
        let mut t = ScoreTrack::default();
        for (i, &score) in own.iter().enumerate() {
            let mover = if i % 2 == 0 { Black } else { White };
            by_side[mover.index()].push(score);
            t.push(mover, Some(score));
            let plies = i + 1;
            let resign = Color::ALL.into_iter().find(|&c| {
                last_all(&by_side[c.index()], &|x| x <= -s)
                    && last_all(&by_side[(!c).index()], &|x| x >= s)
            });
            let old = match resign {
                Some(loser) => Some(Some(!loser)),
                None if plies >= 2 * m
                    && by_side.iter().all(|v| last_all(v, &|x: i32| x.abs() <= 12)) =>
                {
                    Some(None)
                }
                None => None,
            };
            assert_eq!(
                adj.by_score(&t, plies).map(|v| v.winner),
                old,
                "seed {seed}, ply {i}"
            );
            if let Some(w) = old {
                end = w.map_or(2, Color::index);
                break;
            }
        }
        ends[end] += 1;
    }
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}
