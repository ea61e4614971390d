//! The protocol loop: one reader (this thread) handles every command in order and drives the
//! engine through its API; the search runs on its own threads and reports through a listener
//! that formats `info` and `bestmove` lines into the shared [`Output`].
//!
//! Every failing command produces exactly one `info string error: …` line and changes nothing.

mod go_perft;
mod mate;
mod report;

use super::board::{draw, draw_plain, list_moves};
use super::command::{self, Go, PositionSource, UsiCommand};
use super::options::{OptionChange, Options};
use super::output::{Output, bestmove_line};
use super::{Mode, any_move};
use crate::search::{Clock, Engine, Limits};
use longjiang_core::notation::fen::parse_fen;
use longjiang_core::rules::{Color, Move, Position, Rules, Variant};
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The engine's name and author for `id`.
pub const NAME: &str = concat!("longjiang ", env!("CARGO_PKG_VERSION"));
/// See [`NAME`].
pub const AUTHOR: &str = "the longjiang authors";

/// The state of one protocol session.
pub struct Session {
    out: Output,
    mode: Mode,
    options: Options,
    engine: Engine,
    /// The position the last `position` command started from.
    root: Position,
    /// The moves played from `root`.
    moves: Vec<Move>,
    /// `root` after `moves`, with its history.
    pos: Position,
    /// Set by the listener once the running search has delivered its best move.
    answered: Arc<AtomicBool>,
    /// Whether a search was started whose answer may still be due.
    started: bool,
    /// A `go perft` counting on its own thread.
    perft: Option<go_perft::PerftRun>,
    /// Why the last `position` command was refused, until one is accepted: `go` is refused
    /// meanwhile, so that no answer is given for a position the GUI did not send.
    refused_position: Option<String>,
    /// Nets loaded with `EvalFile`, at most one per game (they replace the built-in one).
    nets: super::nets::LoadedNets,
    /// A `go mate` (USI's mate search) on its own thread.
    mate: Option<mate::MateRun>,
    /// The book `BookFile` loaded, for the game it was loaded in.
    book: Option<(longjiang_core::rules::Variant, super::book::Book)>,
    /// Book choices made, to vary the next one.
    book_rolls: u64,
    /// The game the session started in (`longjiang --variant`): the default its handshake
    /// offers where the dialect plays it.
    game: Variant,
}

/// What a failing command must leave as it was: the position (start and moves), the options,
/// the mode and the table size. [`Session::snapshot`] takes one; the fuzz tests compare them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The SFEN of the position the last accepted `position` command started from.
    pub root: String,
    /// The moves played from it, in ASCII.
    pub moves: Vec<String>,
    /// The option values.
    pub options: Options,
    /// The dialect.
    pub mode: Mode,
    /// The table size in use, in MiB.
    pub hash_mb: usize,
}

/// Runs the protocol until `quit` or end of input, reading `input` and writing to `out`, in
/// game `game` from the start (`Variant::DEFAULT` unless `longjiang --variant` names one).
pub fn run<R: BufRead>(input: R, out: Output, game: Variant) {
    let mut session = Session::with_game(out, game);
    super::for_each_line(input, |line| session.handle(&line));
    session.shutdown();
}

impl Session {
    /// A session in USI mode on the drop game's start position.
    pub fn new(out: Output) -> Session {
        Session::with_game(out, Variant::DEFAULT)
    }

    /// A session in USI mode on game `game`'s start position, `Variant` set to it and offered
    /// as its default (protocol.md, "Command line").
    pub fn with_game(out: Output, game: Variant) -> Session {
        // The options' defaults are the engine's (`options` takes them from `search::engine`).
        let mut options = Options::default();
        options.apply(OptionChange::Variant(game));
        let engine = Engine::new();
        let root = Position::start(options.variant.rules());
        let mut session = Session {
            out,
            mode: Mode::Usi,
            engine,
            pos: root.clone(),
            root,
            moves: Vec::new(),
            options,
            answered: Arc::new(AtomicBool::new(true)),
            started: false,
            perft: None,
            refused_position: None,
            nets: super::nets::LoadedNets::default(),
            mate: None,
            book: None,
            book_rolls: 0,
            game,
        };
        session.update_net();
        session
    }

    /// The net for the current game: one loaded with `EvalFile`, else the built-in one.
    fn game_net(&self) -> Option<Arc<crate::eval::nnue::Network>> {
        self.net_of(self.options.variant)
    }

    /// The net for game `v`: one loaded with `EvalFile`, else the built-in one.
    fn net_of(&self, v: longjiang_core::rules::Variant) -> Option<Arc<crate::eval::nnue::Network>> {
        self.nets.net_of(v)
    }

    /// Hands the engine the nets the options ask for (`UseNNUE`, each game's default); a
    /// change of evaluation clears the table (its scores are the old evaluation's).
    fn update_net(&mut self) {
        self.nets.hand_to(&mut self.engine, &self.options);
    }

    /// `setoption name EvalFile value <path>`: loads a net file; a bad file is refused with
    /// its reason and the nets stay as they were. `<embedded>` (or no value) goes back to the
    /// nets built in.
    fn set_eval_file(&mut self, value: Option<&str>) -> Result<(), String> {
        self.not_busy("setoption")?;
        let said = self
            .nets
            .set_eval_file(&mut self.options, value)
            .map_err(|e| format!("setoption: {e}"))?;
        if let Some(line) = said {
            self.out.line(&format!("info string {line}"));
        }
        self.update_net();
        Ok(())
    }

    /// `setoption name BookFile value <path>`: reads a book for the current game (a suite
    /// file, [`super::book`]); a bad file is refused with its reason and the book stays;
    /// `<none>` (or no value) unloads it.
    fn set_book_file(&mut self, value: Option<&str>) -> Result<(), String> {
        self.not_busy("setoption")?;
        let path = value.unwrap_or("").trim();
        if path.is_empty() || path == super::options::NO_BOOK {
            self.book = None;
            self.options.book_file = super::options::NO_BOOK.to_string();
            return Ok(());
        }
        let v = self.options.variant;
        let kept = |e: String| {
            format!(
                "setoption: BookFile: {e}; the book stays {}",
                self.options.book_file
            )
        };
        let text = std::fs::read_to_string(path).map_err(|e| kept(format!("{path}: {e}")))?;
        let book = super::book::Book::from_suite(&text, v, path).map_err(kept)?;
        self.book = Some((v, book));
        self.options.book_file = path.to_string();
        Ok(())
    }

    /// The book's move for the position, when `OwnBook` is on and the position is in the
    /// book of its game.
    fn book_move(&mut self) -> Option<Move> {
        let (v, book) = self.book.as_ref()?;
        if !self.options.own_book || *v != self.pos.rules().variant {
            return None;
        }
        self.book_rolls += 1;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let roll = (u64::from(nanos) ^ self.book_rolls.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0x2545_f491_4f6c_dd1d);
        book.pick(&self.pos, roll >> 16)
    }

    /// The state a failing command must not change (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            root: self.root.to_sfen(),
            moves: self.moves.iter().map(|m| m.to_string()).collect(),
            options: self.options.clone(),
            mode: self.mode,
            hash_mb: self.engine.hash_mb(),
        }
    }

    /// The rules the options describe.
    fn rules(&self) -> Rules {
        self.options.rules_of(self.options.variant)
    }

    /// Whether a search is running whose best move has not been sent yet.
    fn busy(&self) -> bool {
        self.started && !self.answered.load(Ordering::Acquire)
            || self
                .perft
                .as_ref()
                .is_some_and(go_perft::PerftRun::counting)
            || self.mate.as_ref().is_some_and(mate::MateRun::busy)
    }

    /// Handles one input line; `false` when the session should end. While a `go perft`
    /// counts, the answers to anything but `stop` and `quit` come after its lines.
    pub fn handle(&mut self, line: &str) -> bool {
        let cmd = command::parse(line);
        if let Err(e) = &cmd
            && line.split_whitespace().next() == Some("position")
        {
            // A malformed `position` is a refused one: no command answers for the old one.
            self.refused_position = Some(e.0.clone());
        }
        if matches!(cmd, Ok(UsiCommand::Stop | UsiCommand::Quit)) {
            self.dispatch(cmd)
        } else {
            self.after_perft(|s| s.dispatch(cmd))
        }
    }

    fn dispatch(&mut self, cmd: Result<UsiCommand, command::CommandError>) -> bool {
        let cmd = match cmd {
            Ok(c) => c,
            Err(e) => {
                self.out.error(&e.0);
                return true;
            }
        };
        let result = match cmd {
            UsiCommand::Quit => return false,
            UsiCommand::Empty | UsiCommand::Debug => Ok(()),
            UsiCommand::Usi | UsiCommand::Uci => {
                self.handshake(cmd == UsiCommand::Uci);
                Ok(())
            }
            UsiCommand::IsReady => {
                self.out.line("readyok");
                Ok(())
            }
            UsiCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UsiCommand::NewGame => self.not_busy("usinewgame").map(|()| {
                self.engine.new_game();
            }),
            UsiCommand::Position { setup, moves } => {
                let done = self.set_position(&setup, &moves);
                self.refused_position = done.as_ref().err().cloned();
                done
            }
            UsiCommand::Go(go) => self.go(&go),
            UsiCommand::Perft(depth) => self.perft(depth),
            UsiCommand::Stop => {
                self.finish_search();
                Ok(())
            }
            UsiCommand::PonderHit => {
                self.engine.ponderhit();
                Ok(())
            }
            UsiCommand::GameOver(_) => {
                self.finish_search();
                Ok(())
            }
            UsiCommand::Display { plain } => self.have_position("d").map(|()| {
                let text = if plain {
                    draw_plain(&self.pos)
                } else {
                    draw(&self.pos)
                };
                let lines: Vec<&str> = text.lines().collect();
                self.out.lines(&lines);
            }),
            UsiCommand::Moves => self.have_position("moves").map(|()| {
                self.out
                    .lines(&list_moves(&self.pos, self.mode == Mode::Uci));
            }),
            UsiCommand::Eval => self.have_position("eval").map(|()| {
                let text = self.eval_text();
                let lines: Vec<&str> = text.lines().collect();
                self.out.lines(&lines);
            }),
            UsiCommand::Bench(depth) => self.bench(depth),
            UsiCommand::Help => {
                self.out
                    .lines(&super::help::help_lines(self.mode, &self.options));
                Ok(())
            }
        };
        if let Err(e) = result {
            self.out.error(&e);
        }
        true
    }

    /// `eval`: the classical trace, then the NNUE score with the net's name (the file loaded
    /// for this game, or the built-in net) and whether the search uses it.
    fn eval_text(&self) -> String {
        let mut text = crate::eval::trace(&self.pos).to_string();
        text.push('\n');
        let v = self.options.variant;
        text.push_str(&match self.game_net() {
            Some(net) => format!(
                "NNUE evaluation {} cp for the side to move ({}; {})",
                crate::eval::nnue::evaluate_fresh(&net, &self.pos),
                self.nets.name_of(v),
                if self.options.uses_nnue(v) {
                    "in use"
                } else if self.options.use_nnue == Some(false) {
                    "not in use: UseNNUE is false"
                } else {
                    "not in use: this game's default evaluation is classical"
                }
            ),
            None => format!("NNUE: no net for {v}"),
        });
        text
    }

    /// Stops a running search (its best move is still sent) and waits for it.
    fn finish_search(&mut self) {
        self.engine.stop();
        self.engine.wait();
        self.started = false;
        if let Some(run) = self.perft.take() {
            run.finish();
        }
        if let Some(run) = self.mate.take() {
            run.finish();
        }
    }

    /// Ends the session: stops and waits for a running search.
    pub fn shutdown(&mut self) {
        self.finish_search();
    }

    fn not_busy(&self, what: &str) -> Result<(), String> {
        if self.busy() {
            Err(format!("{what}: a search is running (send stop first)"))
        } else {
            Ok(())
        }
    }

    fn handshake(&mut self, uci: bool) {
        self.mode = if uci { Mode::Uci } else { Mode::Usi };
        let mut lines = vec![format!("id name {NAME}"), format!("id author {AUTHOR}")];
        let v = self.options.variant;
        if !v.rules().presentation.is_served_by(self.mode.front()) {
            // A game this dialect does not offer (shogi after `uci`): the game goes back to
            // the one its handshake advertises, from its start (protocol.md, `uci`).
            self.finish_search();
            self.switch_game(Variant::DEFAULT);
            self.options.apply(OptionChange::Variant(Variant::DEFAULT));
            lines.push(format!(
                "info string {} is not offered in {} mode: the game is now {}",
                super::options::variant_name(v, Mode::Usi),
                self.mode.name(),
                super::options::variant_name(Variant::DEFAULT, self.mode)
            ));
        }
        // The command line's game is the default offered, where this dialect plays it.
        let default = Some(self.game)
            .filter(|g| g.rules().presentation.is_served_by(self.mode.front()))
            .unwrap_or(Variant::DEFAULT);
        lines.extend(self.options.lines_with_default(self.mode, default));
        lines.push(if uci { "uciok" } else { "usiok" }.to_string());
        self.out.lines(&lines);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        if name.eq_ignore_ascii_case("evalfile") {
            return self.set_eval_file(value);
        }
        if name.eq_ignore_ascii_case("bookfile") {
            return self.set_book_file(value);
        }
        let change = Options::parse_change(name, value)?;
        if let OptionChange::Variant(v) = change
            && !v.rules().presentation.is_served_by(self.mode.front())
        {
            // UCI's handshake offers the two 龙将棋 games only.
            let offered: Vec<&str> = Variant::served_by(self.mode.front())
                .map(|v| super::options::variant_name(v, self.mode))
                .collect();
            return Err(format!(
                "setoption: {name}: {v} is not offered in {} mode ({}); play {v} in USI mode \
                 (usi, then setoption name Variant value {v})",
                self.mode.name(),
                offered.join(" or ")
            ));
        }
        self.not_busy("setoption")?;
        match change {
            OptionChange::Hash(mb) => {
                // Refused, not lowered: the old table stays, as after any failing command.
                let old = self.engine.hash_mb();
                let refused =
                    |e: String| format!("setoption: {name} {e}; the table stays {old} MiB");
                super::memory::check_table(mb, super::memory::available_mib()).map_err(refused)?;
                self.engine
                    .try_set_hash_mb(mb)
                    .map_err(|e| refused(format!("{mb} MiB cannot be allocated ({e})")))?;
            }
            OptionChange::Threads(n) => self.engine.set_threads(n),
            OptionChange::MultiPv(n) => self.engine.set_multipv(n),
            OptionChange::SearchStats(on) => self.engine.set_search_stats(on),
            OptionChange::MoveOverhead(d) => self.engine.set_move_overhead(d),
            OptionChange::ClearHash => self.engine.new_game(),
            OptionChange::Ponder(_)
            | OptionChange::UseNnue(_)
            | OptionChange::SpsaOptions(_)
            | OptionChange::OwnBook(_)
            | OptionChange::ShowWdl(_)
            | OptionChange::Strength(_) => {}
            OptionChange::SearchParam { index, value } => self
                .engine
                .set_param(crate::search::params::ALL[index], value)
                .map_err(|e| format!("setoption: {e}"))?,
            OptionChange::Variant(v) => self.switch_game(v),
            OptionChange::Stalemate(_) | OptionChange::EnteringKing(_) => {
                let mut options = self.options.clone();
                options.apply(change);
                let rules = options.rules_of(options.variant);
                let root = Position::from_setup(&self.root.to_setup(), rules)
                    .map_err(|e| format!("setoption: {name}: {e}"))?;
                let mut pos = root.clone();
                for &m in &self.moves {
                    pos.play(m);
                }
                self.root = root;
                self.pos = pos;
            }
        }
        self.options.apply(change);
        self.engine.set_skill(self.options.strength.skill());
        if matches!(change, OptionChange::UseNnue(_)) {
            self.update_net();
        }
        Ok(())
    }

    /// Goes to game `v`'s start position when `v` is not the game played (the caller records
    /// the option).
    fn switch_game(&mut self, v: Variant) {
        if v != self.options.variant {
            let rules = self.options.rules_of(v);
            self.refused_position = None;
            self.root = Position::start(rules);
            self.moves.clear();
            self.pos = self.root.clone();
        }
    }

    fn set_position(&mut self, setup: &PositionSource, moves: &[String]) -> Result<(), String> {
        let rules = self.rules();
        let root = match setup {
            PositionSource::StartPos => Position::start(rules),
            PositionSource::Sfen(s) => {
                Position::from_sfen(s, rules).map_err(|e| format!("position sfen: {e}"))?
            }
            PositionSource::Fen(s) => {
                parse_fen(s, rules).map_err(|e| format!("position fen: {e}"))?
            }
        };
        let mut pos = root.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let m = any_move(&pos, text)
                .map_err(|e| format!("position: move {} ({text}): {e}", i + 1))?;
            pos.play(m);
            played.push(m);
        }
        self.root = root;
        self.moves = played;
        self.pos = pos;
        Ok(())
    }

    fn limits(&self, go: &Go) -> Result<Limits, String> {
        let ms = Duration::from_millis;
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            let m = any_move(&self.pos, text).map_err(|e| format!("go searchmoves: {e}"))?;
            searchmoves.push(m);
        }
        // USI: b = first player. UCI (chess): w = first player.
        let (first, second) = match self.mode {
            Mode::Usi => ((go.btime, go.binc), (go.wtime, go.winc)),
            Mode::Uci => ((go.wtime, go.winc), (go.btime, go.binc)),
        };
        let timed = [go.btime, go.wtime, go.binc, go.winc, go.byoyomi]
            .iter()
            .any(Option::is_some)
            || go.movestogo.is_some();
        let clock = timed.then(|| {
            let mut clock = Clock {
                time: [Duration::ZERO; 2],
                inc: [Duration::ZERO; 2],
                byoyomi: ms(go.byoyomi.unwrap_or(0)),
                moves_to_go: go.movestogo.filter(|&n| n > 0),
            };
            for (color, (time, inc)) in [(Color::Black, first), (Color::White, second)] {
                clock.time[color.index()] = ms(time.unwrap_or(0));
                clock.inc[color.index()] = ms(inc.unwrap_or(0));
            }
            clock
        });
        Ok(Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime.map(ms),
            mate: go.mate,
            infinite: go.infinite,
            ponder: go.ponder,
            clock,
            searchmoves,
        })
    }

    /// Refuses to search while the last `position` command stands refused.
    fn have_position(&self, what: &str) -> Result<(), String> {
        match &self.refused_position {
            Some(why) => Err(format!(
                "{what}: no position: the last position command was refused ({why}); send \
                 a position that is accepted"
            )),
            None => Ok(()),
        }
    }

    fn go(&mut self, go: &Go) -> Result<(), String> {
        self.not_busy("go")?;
        self.have_position("go")?;
        let limits = self.limits(go)?;
        if self.mode == Mode::Usi && go.mate_search {
            return self.go_mate(go);
        }
        // USI's entering-king declaration: the win is claimed instead of a move; an infinite
        // search (a GUI's analysis) still searches and claims it only after `stop`.
        let declare = self.mode == Mode::Usi && !go.ponder && self.pos.declaration().is_some();
        if declare && !go.infinite {
            self.out.line("bestmove win");
            return Ok(());
        }
        if !go.infinite
            && !go.ponder
            && go.searchmoves.is_empty()
            && let Some(m) = self.book_move()
        {
            let form = self.pos.rules().text;
            self.out.lines(&[
                "info string book move".to_string(),
                bestmove_line(Some(m), None, self.mode, form),
            ]);
            return Ok(());
        }
        // The previous search (answered already) may still be winding down; `start` waits.
        self.engine.set_position(self.pos.clone());
        self.answered.store(false, Ordering::Release);
        self.started = true;
        self.engine.start(limits, self.listener(declare));
        Ok(())
    }

    /// `bench [depth]`: `longjiang bench` (its positions, a fresh 16 MiB table) with this
    /// session's thread count.
    fn bench(&mut self, depth: Option<u32>) -> Result<(), String> {
        self.not_busy("bench")?;
        let depth = depth.unwrap_or(crate::search::bench::DEFAULT_DEPTH);
        if depth > 60 {
            return Err(format!("bench: depth {depth} (1 … 60)"));
        }
        let out = self.out.clone();
        let (nodes, time) =
            crate::search::bench::run_bench(depth, self.options.threads, 16, |_, l| out.line(l))
                .map_err(|e| format!("bench: {e}"))?;
        let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
        self.out.line(&format!("{nodes} nodes {nps} nps"));
        Ok(())
    }
}
