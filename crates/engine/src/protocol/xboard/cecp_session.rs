//! The CECP session: one thread owns the game and handles, in order, the lines XBoard sends
//! and the search's reports (both arrive on one channel), so that a best move is played on
//! the board the session holds and a later command never races it.

use super::clock::{XboardTimeControl, parse_centiseconds};
use super::define::feature_lines;
use super::report::{result_line, stat_line};
use super::settings::{Etiquette, Setting, option_definitions, parse_cores, parse_memory};
use crate::protocol::Output;
use crate::protocol::options::{OptionChange, Options};
use crate::protocol::output::printable;
use crate::search::{Engine, SearchEvent, SearchInfo};
use longjiang_core::movegen::legal_moves;
use longjiang_core::movegen::legality::MoveError;
use longjiang_core::notation::fen::parse_fen;
use longjiang_core::notation::xboard_notation::{
    Pick, fen_from_xboard, highlight_board, move_text_from_xboard, move_to_xboard,
    pick_from_xboard, square_from_xboard, square_to_xboard,
};
use longjiang_core::notation::xboard_variant::variant_lines;
use longjiang_core::rules::{Color, Front, Move, PieceKind, Position, Rules, Variant};
use std::sync::mpsc::{Receiver, Sender};

mod engine_side;

/// What reaches the session: a line from XBoard, a report of search `id`, or the end.
pub enum Event {
    /// One input line.
    Line(String),
    /// A report of the search numbered `id` (reports of searches given up are dropped).
    Search(u64, SearchEvent),
    /// End of input: the session ends.
    End,
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    Idle,
    /// The engine's move: the answer is played.
    Think,
    /// On the opponent's time, after the guessed reply.
    Ponder(Move),
    /// Analyze mode: an endless search of the current position.
    Analyze,
}

/// The state of one CECP session.
pub struct XboardSession {
    out: Output,
    events: Sender<Event>,
    engine: Engine,
    options: Options,
    etiquette: Etiquette,
    /// The position the game started from (`new`, `variant`, `setboard`), and the moves since.
    root: Position,
    moves: Vec<Move>,
    /// `root` after `moves`, with its history.
    pos: Position,
    /// Why the last `setboard` was refused: every move is refused until a good position.
    bad_position: Option<String>,
    /// Set by `result` or a resignation: the game is over whatever the board says.
    ended: bool,
    force: bool,
    engine_color: Color,
    post: bool,
    ponder: bool,
    analyzing: bool,
    clock: XboardTimeControl,
    job: Job,
    search_id: u64,
    last_info: Option<SearchInfo>,
    /// The reply the last search expected (for `hint` and pondering).
    expected: Option<Move>,
    /// `ping`s received while the engine was thinking about its move: answered after it.
    pongs: Vec<String>,
    /// The engine's consecutive moves with a losing score, and with a level one.
    losing_moves: u32,
    level_moves: u32,
    /// Nets loaded with the `EvalFile` option.
    nets: crate::protocol::nets::LoadedNets,
    /// The standard game, the one `new` starts: the drop game, or the one `longjiang
    /// --variant` names when XBoard is offered it.
    standard: Variant,
}

impl XboardSession {
    /// A session on the drop game's start position, engine playing the second player.
    pub fn new(out: Output, events: Sender<Event>) -> XboardSession {
        XboardSession::with_game(out, events, Variant::DEFAULT)
    }

    /// A session whose standard game is `game` (`longjiang --variant`), on its start: a game
    /// XBoard is not offered (shogi) leaves the drop game standard, said in a `#` comment.
    pub fn with_game(out: Output, events: Sender<Event>, game: Variant) -> XboardSession {
        let standard = if game.rules().presentation.is_served_by(Front::XBoard) {
            game
        } else {
            out.line(&format!(
                "# {game} is not offered in XBoard mode: the game is {}",
                Variant::DEFAULT
            ));
            Variant::DEFAULT
        };
        let mut options = Options::default();
        options.apply(OptionChange::Variant(standard));
        let root = Position::start(options.variant.rules());
        let mut nets = crate::protocol::nets::LoadedNets::default();
        let mut engine = Engine::new();
        nets.hand_to(&mut engine, &options);
        XboardSession {
            out,
            events,
            engine,
            options,
            etiquette: Etiquette::default(),
            pos: root.clone(),
            root,
            moves: Vec::new(),
            bad_position: None,
            ended: false,
            force: false,
            engine_color: Color::White,
            post: false,
            ponder: false,
            analyzing: false,
            clock: XboardTimeControl::default(),
            job: Job::Idle,
            search_id: 0,
            last_info: None,
            expected: None,
            pongs: Vec::new(),
            losing_moves: 0,
            level_moves: 0,
            nets,
            standard,
        }
    }

    /// Handles events until `quit` or the end of input.
    pub fn serve(&mut self, events: &Receiver<Event>) {
        while let Ok(event) = events.recv() {
            let go_on = match event {
                Event::Line(line) => self.handle(&line),
                Event::Search(id, report) => {
                    if id == self.search_id {
                        self.on_search(report);
                    }
                    true
                }
                Event::End => false,
            };
            if !go_on {
                break;
            }
        }
        self.stop_search();
    }

    fn rules(&self) -> Rules {
        self.options.rules_of(self.options.variant)
    }

    fn error(&self, kind: &str, command: &str) {
        self.out
            .line(&format!("Error ({kind}): {}", printable(command.trim())));
    }

    /// Handles one line from XBoard; `false` when the session should end.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        let arg = words.get(1).copied().unwrap_or("");
        let rest = line.trim().get(command.len()..).unwrap_or("").trim();
        match command {
            "quit" => return false,
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "hover" | "bk" | "easy" | "hard" | "post" | "nopost" => {
                self.flags(command);
            }
            "protover" => {
                let options = option_definitions(
                    self.etiquette,
                    self.options.uses_nnue(self.options.variant),
                );
                self.out.lines(&feature_lines(&options));
            }
            "new" => self.new_game(),
            // Only the games XBoard is offered (the `variants` feature): it has no definition
            // of the others.
            "variant" => match arg
                .parse::<Variant>()
                .ok()
                .filter(|v| v.rules().presentation.is_served_by(Front::XBoard))
            {
                Some(v) => {
                    self.stop_search();
                    self.options.apply(OptionChange::Variant(v));
                    self.set_root(Position::start(self.rules()));
                    self.out.lines(&variant_lines(v));
                    self.resume_analysis();
                }
                None => self.error("unsupported variant", line),
            },
            "force" => {
                self.stop_search();
                self.force = true;
            }
            "go" => {
                self.stop_search();
                self.force = false;
                self.engine_color = self.pos.side_to_move();
                self.think();
            }
            "playother" => {
                self.stop_search();
                self.force = false;
                self.engine_color = !self.pos.side_to_move();
            }
            "level" => {
                if let Err(e) = self.clock.set_level(&words[1..]) {
                    self.error(&format!("bad parameters: {e}"), line);
                }
            }
            "st" => {
                if let Err(e) = self.clock.set_per_move(arg) {
                    self.error(&format!("bad parameters: {e}"), line);
                }
            }
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.clock.depth = Some(d),
                _ => self.error("bad parameters: expected sd DEPTH", line),
            },
            "time" | "otim" => match parse_centiseconds(arg) {
                Some(t) if command == "time" => self.clock.own = Some(t),
                Some(t) => self.clock.opponent = Some(t),
                None => self.error("bad parameters: expected centiseconds", line),
            },
            "usermove" => self.user_move(arg),
            "?" => {
                if self.job == Job::Think {
                    self.engine.stop();
                }
            }
            "ping" => {
                let pong = format!("pong {arg}");
                if self.job == Job::Think {
                    self.pongs.push(pong);
                } else {
                    self.out.line(&pong);
                }
            }
            "draw" => {
                if self.etiquette.draw_offers && self.last_score().is_some_and(|s| s <= 10) {
                    self.out.line("offer draw");
                }
            }
            "result" => {
                self.stop_search();
                self.ended = true;
            }
            "setboard" => self.set_board(rest),
            "hint" => {
                if let Some(m) = self.expected.filter(|&m| self.pos.is_legal(m)) {
                    self.out.line(&format!("Hint: {}", move_to_xboard(m)));
                }
            }
            "undo" | "remove" => self.take_back(command, line),
            "analyze" => {
                self.stop_search();
                self.analyzing = true;
                self.resume_analysis();
            }
            "exit" => {
                if self.analyzing {
                    self.stop_search();
                    self.analyzing = false;
                }
            }
            "." => {
                if self.analyzing {
                    let n = legal_moves(&self.pos).len();
                    self.out.line(&stat_line(self.last_info.as_ref(), n));
                }
            }
            "option" if is_eval_file(rest) => self.set_eval_file(rest, line),
            "option" => match super::settings::parse_option(rest, self.etiquette) {
                Ok(s) => self.apply(s),
                Err(e) => self.error(&e, line),
            },
            "memory" | "cores" => {
                let setting = if command == "memory" {
                    parse_memory(arg)
                } else {
                    parse_cores(arg)
                };
                match setting {
                    Some(s) => self.apply(s),
                    None => self.error("bad parameters: expected a number", line),
                }
            }
            "lift" => self.lift(arg),
            "put" => {}
            _ if move_text_from_xboard(command).is_some() && words.len() == 1 => {
                self.user_move(command)
            }
            _ => self.error("unknown command", line),
        }
        true
    }

    /// The commands that only set a flag (and the ones accepted and ignored).
    fn flags(&mut self, command: &str) {
        match command {
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(self.job, Job::Ponder(_)) {
                    self.stop_search();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            _ => {}
        }
    }

    fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Etiquette(e) => self.etiquette = e,
            Setting::Engine(change) => {
                self.stop_search();
                match change {
                    OptionChange::Hash(mb) => self.engine.set_hash_mb(mb),
                    OptionChange::Threads(n) => self.engine.set_threads(n),
                    OptionChange::MultiPv(n) => self.engine.set_multipv(n),
                    OptionChange::SearchStats(on) => self.engine.set_search_stats(on),
                    OptionChange::MoveOverhead(d) => self.engine.set_move_overhead(d),
                    OptionChange::ClearHash => self.engine.new_game(),
                    // XBoard keeps its own book (`OwnBook` is a USI/UCI option).
                    OptionChange::Ponder(_)
                    | OptionChange::Variant(_)
                    | OptionChange::EnteringKing(_)
                    | OptionChange::SpsaOptions(_)
                    | OptionChange::OwnBook(_)
                    | OptionChange::ShowWdl(_) => {}
                    OptionChange::Strength(c) => {
                        self.options.strength.apply(c);
                        self.engine.set_skill(self.options.strength.skill());
                    }
                    // In range: `Options::parse_change` checked it.
                    OptionChange::SearchParam { index, value } => {
                        let p = crate::search::params::ALL[index];
                        let _ = self.engine.set_param(p, value);
                    }
                    OptionChange::UseNnue(_) => {
                        self.options.apply(change);
                        self.nets.hand_to(&mut self.engine, &self.options);
                    }
                    OptionChange::Stalemate(rule) => {
                        self.options.apply(change);
                        let rules = self.rules().with_stalemate(rule);
                        let setup = self.root.to_setup();
                        if let Ok(root) = Position::from_setup(&setup, rules) {
                            let moves = std::mem::take(&mut self.moves);
                            self.set_root(root);
                            for m in moves {
                                self.play(m);
                            }
                        }
                    }
                }
                self.options.apply(change);
                self.resume_analysis();
            }
        }
    }

    /// `option EvalFile=<path>`: loads a net file (a bad one is refused with its reason and
    /// the nets stay); no path or `<embedded>` goes back to the nets built in.
    fn set_eval_file(&mut self, text: &str, line: &str) {
        self.stop_search();
        let value = text.split_once('=').map(|(_, v)| v);
        match self.nets.set_eval_file(&mut self.options, value) {
            Ok(said) => {
                if let Some(said) = said {
                    self.out.line(&format!("# {said}"));
                }
                self.nets.hand_to(&mut self.engine, &self.options);
                self.resume_analysis();
            }
            Err(e) => self.error(&e, line),
        }
    }

    fn set_root(&mut self, root: Position) {
        self.pos = root.clone();
        self.root = root;
        self.moves.clear();
        self.bad_position = None;
        self.ended = false;
        self.expected = None;
        self.losing_moves = 0;
        self.level_moves = 0;
    }

    fn play(&mut self, m: Move) {
        self.pos.play(m);
        self.moves.push(m);
    }

    fn new_game(&mut self) {
        self.stop_search();
        self.engine.new_game();
        self.options.apply(OptionChange::Variant(self.standard));
        self.set_root(Position::start(self.rules()));
        self.force = false;
        self.engine_color = Color::White;
        self.clock.new_game();
        self.resume_analysis();
    }

    fn set_board(&mut self, fen: &str) {
        self.stop_search();
        match parse_fen(&fen_from_xboard(fen), self.rules()) {
            Ok(pos) => self.set_root(pos),
            Err(e) => {
                self.out.line(&format!(
                    "tellusererror Illegal position: {}",
                    printable(&e.to_string())
                ));
                self.bad_position = Some(e.to_string());
            }
        }
        self.resume_analysis();
    }

    fn take_back(&mut self, command: &str, line: &str) {
        let n = if command == "remove" { 2 } else { 1 };
        if self.moves.len() < n {
            self.error("command not legal now", line);
            return;
        }
        self.stop_search();
        for _ in 0..n {
            self.pos.undo();
            self.moves.pop();
        }
        self.ended = false;
        self.resume_analysis();
    }

    /// Why a move cannot be played now, or the move.
    fn read_move(&self, text: &str) -> Result<Move, String> {
        if let Some(why) = &self.bad_position {
            return Err(format!("illegal position: {why}"));
        }
        if self.ended {
            return Err("the game is over".into());
        }
        if let Some(outcome) = self.pos.outcome() {
            return Err(format!("the game is over: {}", outcome.reason()));
        }
        let engine_text = move_text_from_xboard(text).ok_or_else(|| "not a move".to_string())?;
        // Checked here so that the reason names XBoard's square, not the engine's.
        if let Some(from) = text.get(..2).and_then(square_from_xboard)
            && text.as_bytes().get(1) != Some(&b'@')
        {
            match self.pos.piece_at(from) {
                None => return Err(format!("no piece on {}", square_to_xboard(from))),
                Some(p) if p.color != self.pos.side_to_move() => {
                    return Err("that piece belongs to the side not to move".into());
                }
                Some(_) => {}
            }
        }
        self.pos.parse_move(&engine_text).map_err(|e| match e {
            MoveError::Illegal { reason, .. } => reason,
            MoveError::Syntax(_) => "not a move".to_string(),
        })
    }

    fn user_move(&mut self, text: &str) {
        let m = match self.read_move(text) {
            Ok(m) => m,
            Err(reason) => {
                let shown = printable(&format!("({reason}): {text}"));
                self.out.line(&format!("Illegal move {shown}"));
                return;
            }
        };
        if self.job == Job::Ponder(m) {
            // The guess was right: the ponder search becomes the engine's thinking.
            self.play(m);
            self.job = Job::Think;
            self.engine.ponderhit();
            return;
        }
        self.stop_search();
        self.play(m);
        if self.announce_end() {
            return;
        }
        if self.analyzing {
            self.resume_analysis();
        } else if !self.force && self.pos.side_to_move() == self.engine_color {
            self.think();
        }
    }

    /// Writes the result line when the game is over by the rules (not in analyze mode);
    /// `true` when it is over.
    fn announce_end(&mut self) -> bool {
        match self.pos.outcome() {
            Some(outcome) => {
                if !self.analyzing {
                    self.out.line(&result_line(outcome));
                }
                true
            }
            None => false,
        }
    }

    /// `lift SQUARE`: mark where the piece taken up (from the board or a hand) may go.
    fn lift(&mut self, square: &str) {
        let Some(pick) = pick_from_xboard(square) else {
            self.error("bad parameters: not a square", square);
            return;
        };
        let legal: Vec<Move> = if self.ended || self.pos.outcome().is_some() {
            Vec::new()
        } else {
            legal_moves(&self.pos).iter().copied().collect()
        };
        self.out.line(&format!(
            "highlight {}",
            highlight_board(&self.pos, &legal, pick)
        ));
        // A pawn that promotes to a choice of pieces (the no-drop game): `choice` tells
        // XBoard which, since its own list would leave out the 近卫. The queen first: XBoard's
        // default.
        if let Pick::Board(from) = pick {
            let kinds: String = [
                PieceKind::Queen,
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::Cavalry,
                PieceKind::Guard,
            ]
            .into_iter()
            .filter(|&k| {
                legal
                    .iter()
                    .any(|m| m.from() == Some(from) && m.promotion_kind() == Some(k))
            })
            .filter_map(PieceKind::letter)
            .collect();
            if kinds.len() > 1 {
                self.out.line(&format!("choice {kinds}"));
            }
        }
    }
}

/// Whether an `option` command's text sets `EvalFile`.
fn is_eval_file(text: &str) -> bool {
    let name = text.split_once('=').map_or(text, |(n, _)| n);
    name.trim().eq_ignore_ascii_case("evalfile")
}
