//! How a game is named, written down and offered: the part of its description ([`Rules`]'s
//! `presentation`) that the notation, the protocols and the tools ask instead of testing which
//! game it is. The rules proper (moves, drops, game end) are the rest of [`Rules`].
//!
//! [`Rules`]: super::Rules

/// How a game is named, written down and offered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Presentation {
    /// The engine's own name: the command line, USI's `Variant` option, XBoard's `variant`
    /// command, the `Variant` tag of the engine's records and of XBoard's PGN.
    pub name: &'static str,
    /// Fairy-Stockfish's name: its `UCI_Variant`, pyffish's variant and the PGN `Variant` tag
    /// of the tools built on it.
    pub fairy_name: &'static str,
    /// Further names the game is read under (never written).
    pub aliases: &'static [&'static str],
    /// How moves and whole games are recorded.
    pub record: RecordFormat,
    /// How `d` draws the board.
    pub diagram: Diagram,
    /// The front ends that offer the game.
    pub served: &'static [Front],
    /// The shipped opening suite of the match tools, in the form `notation::suite` reads.
    pub openings: &'static str,
    /// Named start positions: the name `position handicap` and the docs use, the name a KIF
    /// file's `手合割` gives, and the position string (shogi's handicaps; empty elsewhere).
    pub handicaps: &'static [(&'static str, &'static str, &'static str)],
}

impl Presentation {
    /// Whether `name` names this game (its own name, Fairy-Stockfish's or an alias).
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.fairy_name == name || self.aliases.contains(&name)
    }

    /// Whether the front end `front` offers this game.
    pub fn is_served_by(&self, front: Front) -> bool {
        self.served.contains(&front)
    }
}

/// How a game's moves and games are recorded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RecordFormat {
    /// Moves in the Chinese record notation (棋谱记录法, RULES.md), games in the engine's own
    /// record text, and PGN with SAN for the chess tools (docs/pgn.md).
    Chinese,
    /// Moves as KIF words (`７六歩(77)`), games as KIF files (docs/kif.md); no PGN or SAN.
    Kif,
}

impl RecordFormat {
    /// Whether PGN and SAN are written for games recorded this way.
    pub const fn has_pgn(self) -> bool {
        matches!(self, RecordFormat::Chinese)
    }
}

/// How the engine's `d` command (and the Python board's diagram) draws a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Diagram {
    /// The seed's box-drawing grid with two-character piece names (RULES.md's squares in
    /// `d plain`).
    Seed,
    /// A KIF board diagram (BOD, as shogi programs print it; USI's squares in `d plain`).
    Bod,
}

/// A front end that offers a choice of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Front {
    /// USI mode's `Variant` option.
    Usi,
    /// UCI mode's `UCI_Variant` option (Fairy-Stockfish's games).
    Uci,
    /// XBoard's `variants` feature and `variant` command.
    XBoard,
    /// The web board (`longjiang serve`).
    Web,
}
