//! One self-play game of `longjiang datagen`: an opening from the suite, random plies, then
//! the in-process search at a fixed node count per move until the game ends or is
//! adjudicated. Everything random comes from the game's own generator, seeded by the run's
//! seed and the game number, so a game is the same whichever thread plays it.

use longjiang_core::data::binary::Kept;
use longjiang_core::data::sample::{GameEnd, GameResult, SampleFlags};
use longjiang_core::movegen::legal_moves;
use longjiang_core::notation::suite::Opening;
use longjiang_core::rng::SplitMix;
use longjiang_core::rules::adjudication::{Adjudicator, ScoreTrack, Verdict};
use longjiang_core::rules::{Color, Move, Position, Rules};
use longjiang_engine::search::{Engine, Limits};

/// How games are played and ended.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The game's rules.
    pub rules: Rules,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies after the opening: a number in `0..=random_plies`.
    pub random_plies: u32,
    /// The share of games that start from a random few-piece ending (`endgame`) instead.
    pub endgames: f64,
    /// How games end early: by score after each move, by length before each search.
    pub adjudicator: Adjudicator,
}

/// Plays game number `game` and returns its samples and its end.
pub fn play(
    engine: &mut Engine,
    openings: &[Opening],
    cfg: &GameConfig,
    seed: u64,
    game: u64,
) -> (Vec<Kept>, GameEnd) {
    let mut rng = SplitMix::stream(seed, game);
    engine.new_game();
    let mut pos = start(&mut rng, openings, cfg);
    let mut samples: Vec<Kept> = Vec::new();
    let mut track = ScoreTrack::default();
    let adjudged = |v: Verdict| (result_of(v.winner), v.reason.token());
    let (result, reason) = loop {
        if let Some(o) = pos.outcome() {
            break (
                result_of(o.winner()),
                o.reason().to_string().replace(' ', "-"),
            );
        }
        let ply = pos.history_len() as u32;
        if let Some(v) = cfg.adjudicator.by_length(pos.history_len()) {
            break adjudged(v);
        }
        engine.set_position(pos.clone());
        let res = engine.search_here(Limits {
            nodes: Some(cfg.nodes),
            ..Limits::default()
        });
        let Some(best) = res.best else {
            // Cannot happen: the position has a legal move (checked above).
            break (GameResult::Draw, "no-move".to_string());
        };
        let (stm_score, mate) = (res.score.centipawns(), res.score.is_mate());
        let score = match pos.side_to_move() {
            Color::Black => stm_score,
            Color::White => -stm_score,
        };
        let setup = pos.to_setup();
        track.push(pos.side_to_move(), Some(stm_score));
        let mut flags = move_flags(&mut pos, best);
        flags.set(SampleFlags::MATE, mate);
        samples.push(Kept {
            ply,
            score,
            flags,
            setup,
        });
        // Before the rules' end: a game whose last move mates may still end by score.
        if let Some(v) = cfg.adjudicator.by_score(&track, pos.history_len()) {
            break adjudged(v);
        }
    };
    let adjudicated = reason.starts_with("adjudicated");
    for s in &mut samples {
        s.flags.set(SampleFlags::ADJUDICATED, adjudicated);
    }
    let end = GameEnd {
        game,
        result,
        plies: pos.history_len() as u32,
        reason,
    };
    (samples, end)
}

/// The flags of a position whose search chose `best`: in check, and whether `best` captures
/// or promotes. Plays `best` on `pos`.
pub fn move_flags(pos: &mut Position, best: Move) -> SampleFlags {
    let mut flags = SampleFlags::empty();
    flags.set(SampleFlags::IN_CHECK, pos.in_check());
    flags.set(SampleFlags::PROMOTION, best.promotion_kind().is_some());
    pos.play(best);
    flags.set(SampleFlags::CAPTURE, pos.last_captured().is_some());
    flags
}

/// The result of a game `winner` won (`None`: a draw).
fn result_of(winner: Option<Color>) -> GameResult {
    match winner {
        Some(Color::Black) => GameResult::FirstWins,
        Some(Color::White) => GameResult::SecondWins,
        None => GameResult::Draw,
    }
}

/// The start of a game: a random ending (a share `endgames` of the games), or an opening of
/// the suite and random legal plies after it (fewer when the game would end).
fn start(rng: &mut SplitMix, openings: &[Opening], cfg: &GameConfig) -> Position {
    // No draw at all without endings, so that such runs keep their earlier games.
    let ending =
        cfg.endgames > 0.0 && (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= cfg.endgames;
    if let Some(pos) = ending
        .then(|| super::endgame::random(rng, &cfg.rules))
        .flatten()
    {
        return pos;
    }
    let opening = &openings[rng.below(openings.len() as u64) as usize];
    let mut pos = opening.position(cfg.rules);
    let plies = rng.below(u64::from(cfg.random_plies) + 1);
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m);
        if pos.outcome().is_some() {
            pos.undo();
            break;
        }
    }
    pos
}

/// The table size each game's engine uses, in MiB: small, since a move searches only a few
/// thousand nodes and the table is cleared for every game.
pub const HASH_MB: usize = 8;

/// An engine for datagen: one search thread, a small table.
pub fn engine() -> Engine {
    let mut e = Engine::new();
    e.set_hash_mb(HASH_MB);
    e
}
