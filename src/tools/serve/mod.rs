//! `longjiang serve`: a web board for playing and analysing both games in a browser.
//!
//! An HTTP server (axum on a single-threaded tokio runtime; searches run on the engine's own
//! threads) serves a page written in this project (`web/`: HTML, CSS, plain JavaScript and SVG,
//! built into the binary) and a JSON API ([`api`]) through which the page asks the engine,
//! in process, for everything: legal moves, notation, engine moves, analysis. The page itself
//! knows no rule. Binds to loopback unless `--host` says otherwise.

pub mod analysis;
pub mod api;
pub mod game;
pub mod store;
mod web;

pub use store::Config;

use clap::Args;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::Store;

/// `longjiang serve` arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// TCP port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to bind; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Search threads per engine.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Transposition table per engine, in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Engines in the pool: how many searches (engine moves, analyses) run at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub engines: u64,
    /// The most games held at once.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10000))]
    pub max_games: u64,
    /// Minutes after which a game nobody touches is dropped.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=10080))]
    pub idle_minutes: u64,
}

/// A server running on a thread of its own (for tests and embedding); dropping it does not
/// stop it, `shutdown` does.
pub struct RunningServer {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl RunningServer {
    /// Stops the server and waits for its thread.
    pub fn shutdown(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))
}

/// Drops idle games every little while, for as long as the server runs.
async fn sweep(store: Arc<Store>) {
    let every = (store.config.idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
    loop {
        tokio::time::sleep(every).await;
        store.drop_idle();
    }
}

/// Starts a server on `addr` (port 0: any free one) on a thread of its own.
pub fn spawn(addr: SocketAddr, config: Config) -> Result<RunningServer, String> {
    let listener =
        std::net::TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let rt = runtime()?;
    let thread = std::thread::Builder::new()
        .name("serve".into())
        .spawn(move || {
            rt.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let store = Arc::new(Store::new(config));
                tokio::spawn(sweep(Arc::clone(&store)));
                let app = api::router(store);
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await;
            });
        })
        .map_err(|e| format!("cannot start the server thread: {e}"))?;
    Ok(RunningServer {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// Runs `longjiang serve` until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let ip: std::net::IpAddr = args
        .host
        .parse()
        .map_err(|_| format!("--host '{}' is not an IP address", args.host))?;
    let config = Config {
        max_games: args.max_games as usize,
        idle: Duration::from_secs(args.idle_minutes * 60),
        engines: args.engines as usize,
        threads: args.threads as usize,
        hash_mb: args.hash as usize,
        ..Config::default()
    };
    let server = spawn(SocketAddr::new(ip, args.port), config)?;
    let shown = if ip.is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), server.addr.port())
    } else {
        server.addr
    };
    super::say(format!(
        "longjiang serve: open http://{shown}/ in a browser (Ctrl-C stops the server)\n"
    ))?;
    if let Some(t) = server.thread {
        let _ = t.join();
    }
    Ok(())
}
