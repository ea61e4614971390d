//! What the server holds: the games (capped in number, dropped when idle) and a pool of
//! search engines that the games borrow for one search at a time.
//!
//! Engines are pooled rather than owned by games so that memory stays bounded: each engine
//! has its own transposition table (`--hash` MiB), and a hundred games do not need a hundred
//! tables. A game borrows an engine for an engine move, an evaluation graph or an analysis,
//! and gives it back when that search is over.

use super::game::WebGame;
use longjiang_engine::search::Engine;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

/// The server's limits and engine settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The most games held at once.
    pub max_games: usize,
    /// A game nobody has touched for this long is dropped.
    pub idle: Duration,
    /// Engines in the pool: how many searches run at once, over all games.
    pub engines: usize,
    /// Search threads per engine.
    pub threads: usize,
    /// Transposition table per engine, in MiB.
    pub hash_mb: usize,
    /// How long a request waits for a free engine before it is refused.
    pub engine_wait: Duration,
    /// An analysis that no page streams (`/events`) this long after it started stops.
    pub unwatched: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: 100,
            idle: Duration::from_secs(30 * 60),
            engines: 2,
            threads: 1,
            hash_mb: 64,
            engine_wait: Duration::from_secs(30),
            unwatched: Duration::from_secs(10),
        }
    }
}

/// Locks a mutex, also one a panicking thread left poisoned (the data is still consistent
/// here: every critical section only assigns fields).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// An engine on loan from the pool; dropping it stops its search and gives it back.
pub struct EngineLease {
    engine: Option<Engine>,
    pool: Arc<Pool>,
    _permit: OwnedSemaphorePermit,
}

impl EngineLease {
    /// The engine.
    pub fn engine(&mut self) -> &mut Engine {
        // Always Some until drop.
        self.engine.get_or_insert_with(Engine::new)
    }
}

impl Drop for EngineLease {
    fn drop(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.stop();
            e.wait();
            e.set_multipv(1);
            e.set_skill(longjiang_engine::search::skill::Skill::FULL);
            lock(&self.pool.engines).push(e);
        }
    }
}

/// The engines, and a semaphore counting the free ones.
pub struct Pool {
    engines: Mutex<Vec<Engine>>,
    free: Arc<Semaphore>,
    wait: Duration,
}

impl Pool {
    fn new(config: &Config) -> Pool {
        let n = config.engines.max(1);
        let engines = (0..n)
            .map(|_| {
                let mut e = Engine::new();
                e.set_nnue(longjiang_engine::eval::nnue::default_nets());
                e.set_hash_mb(config.hash_mb);
                e.set_threads(config.threads);
                e
            })
            .collect();
        Pool {
            engines: Mutex::new(engines),
            free: Arc::new(Semaphore::new(n)),
            wait: config.engine_wait,
        }
    }

    /// Borrows an engine, waiting at most the configured time for one to be free.
    pub async fn take(self: &Arc<Pool>) -> Result<EngineLease, String> {
        let permit = tokio::time::timeout(self.wait, Arc::clone(&self.free).acquire_owned())
            .await
            .map_err(|_| "every engine is busy; try again in a moment".to_string())?
            .map_err(|_| "the engine pool is closed".to_string())?;
        let engine = lock(&self.engines).pop();
        match engine {
            Some(e) => Ok(EngineLease {
                engine: Some(e),
                pool: Arc::clone(self),
                _permit: permit,
            }),
            None => Err("no engine free (internal)".into()),
        }
    }
}

/// One game with what runs for it: its running analysis (an engine on loan) and the channel
/// the analysis streams through.
pub struct GameEntry {
    /// The game.
    pub game: Mutex<WebGame>,
    /// The running analysis, if any.
    pub analysis: Mutex<Option<EngineLease>>,
    /// The latest analysis report as JSON text; the event stream sends each new one.
    pub events: watch::Sender<Arc<str>>,
}

impl GameEntry {
    /// Marks the game as used now.
    pub fn touch(&self) {
        lock(&self.game).last_used = Instant::now();
    }

    /// Whether an analysis runs.
    pub fn analysing(&self) -> bool {
        lock(&self.analysis).is_some()
    }
}

/// The games and the engines.
pub struct Store {
    /// The configuration.
    pub config: Config,
    games: Mutex<HashMap<String, Arc<GameEntry>>>,
    /// The engines.
    pub pool: Arc<Pool>,
    counter: AtomicU64,
    ids: std::collections::hash_map::RandomState,
}

impl Store {
    /// An empty store with the pool's engines made.
    pub fn new(config: Config) -> Store {
        let pool = Arc::new(Pool::new(&config));
        Store {
            config,
            games: Mutex::new(HashMap::new()),
            pool,
            counter: AtomicU64::new(0),
            ids: std::collections::hash_map::RandomState::new(),
        }
    }

    /// Adds a game and returns its id; drops idle games first when full, and refuses when
    /// still full.
    pub fn insert(&self, game: WebGame) -> Result<(String, Arc<GameEntry>), String> {
        self.drop_idle();
        let mut games = lock(&self.games);
        if games.len() >= self.config.max_games {
            return Err(format!(
                "the server holds {} games, its limit; try again later",
                games.len()
            ));
        }
        let mut h = self.ids.build_hasher();
        h.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        let id = format!("{:016x}", h.finish());
        let (events, _) = watch::channel(Arc::from("{\"lines\":[],\"running\":false}"));
        let entry = Arc::new(GameEntry {
            game: Mutex::new(game),
            analysis: Mutex::new(None),
            events,
        });
        games.insert(id.clone(), Arc::clone(&entry));
        Ok((id, entry))
    }

    /// The game with this id, touched.
    pub fn get(&self, id: &str) -> Option<Arc<GameEntry>> {
        let e = lock(&self.games).get(id).cloned();
        if let Some(e) = &e {
            e.touch();
        }
        e
    }

    /// How many games are held.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops every game idle for longer than the configured time (its analysis stops and
    /// its engine goes back to the pool). Returns how many were dropped.
    pub fn drop_idle(&self) -> usize {
        let idle = self.config.idle;
        let gone: Vec<Arc<GameEntry>> = {
            let mut games = lock(&self.games);
            let old: Vec<String> = games
                .iter()
                .filter(|(_, e)| {
                    let g = lock(&e.game);
                    !g.thinking && g.last_used.elapsed() > idle
                })
                .map(|(k, _)| k.clone())
                .collect();
            old.iter().filter_map(|k| games.remove(k)).collect()
        };
        for e in &gone {
            lock(&e.analysis).take();
        }
        gone.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::{Position, Variant};
    use longjiang_engine::eval::games::{self, Evaluator};

    /// Every engine of the pool evaluates each game with that game's default evaluation.
    #[test]
    fn the_pools_engines_use_each_games_default_evaluation() {
        let pool = Pool::new(&Config {
            engines: 2,
            hash_mb: 1,
            ..Config::default()
        });
        let mut engines = lock(&pool.engines);
        assert_eq!(engines.len(), 2);
        for e in engines.iter_mut() {
            for v in Variant::EVERY {
                e.set_position(Position::start(v.rules()));
                let used = e.nnue().map(|n| n.checksum());
                let want = match games::of(v).evaluator {
                    Evaluator::Network => {
                        longjiang_engine::eval::nnue::embedded(v).map(|n| n.checksum())
                    }
                    Evaluator::Classical => None,
                };
                assert_eq!(used, want, "{v}");
            }
        }
        // Some game's default is its net, so the test saw one in use.
        assert!(
            Variant::EVERY
                .iter()
                .any(|&v| games::of(v).evaluator == Evaluator::Network)
        );
    }
}
