//! The exhaustive mate prover: does the side to move mate within `n` of its moves, with any
//! moves (quiet ones and drops too, which df-pn's checks-only game cannot see)? Full width for
//! both sides except the attacker's last move, which must mate (so only checks are tried), and
//! bounded by a node budget. It is the judge of the shortest mate where df-pn is not: the
//! mate suite (`crates/engine/tests/mate_suite.rs`) and the search's rule for stopping on a mate
//! score (`iterate`, docs/mates.md).

use longjiang_core::movegen::legal_moves;
use longjiang_core::rules::{Color, Move, Outcome, Position};

/// What the prover could decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The shortest forced mate takes `moves` moves of the attacker; `first` lists every first
    /// move that forces a mate in `moves`.
    Mate {
        /// The attacker's moves to the mate, the mating move included.
        moves: u32,
        /// Every first move that mates in `moves`.
        first: Vec<Move>,
    },
    /// No mate within the asked number of moves, whatever the attacker plays.
    NoMate,
    /// The node budget ran out first.
    Unknown,
}

/// The prover's state: the node budget left, and when to give up early.
struct Prover<'a> {
    left: u64,
    attacker: Color,
    give_up: &'a dyn Fn() -> bool,
}

/// Nodes between two calls of the prover's `give_up` test. A prover node can cost a legal
/// move generation and a mate test, tens of microseconds with full hands: at 1,024 a stop or
/// the hard time limit could wait tens of milliseconds (notes/byoyomi.md, "Audit"); the test
/// itself (a flag and the clock) costs far less than one node.
const GIVE_UP_INTERVAL: u64 = 64;

/// The budget ran out.
struct OutOfNodes;

impl Prover<'_> {
    /// Counts one node; out of nodes also when `give_up` says so (it is asked every
    /// `GIVE_UP_INTERVAL` nodes).
    fn tick(&mut self) -> Result<(), OutOfNodes> {
        if self.left == 0 || (self.left.is_multiple_of(GIVE_UP_INTERVAL) && (self.give_up)()) {
            self.left = 0;
            return Err(OutOfNodes);
        }
        self.left -= 1;
        Ok(())
    }

    /// Whether the game has ended in the attacker's favour (checkmate, or a stalemate that
    /// loses, as the game's rules say), the side to move being the defender.
    fn defender_lost(&self, pos: &Position) -> Option<bool> {
        match pos.outcome() {
            Some(Outcome::Decisive { winner, .. }) => Some(winner == self.attacker),
            Some(_) => Some(false),
            None => None,
        }
    }

    /// Whether attacker move `m` forces a mate within `n` moves (itself included).
    fn move_mates(&mut self, pos: &mut Position, m: Move, n: u32) -> Result<bool, OutOfNodes> {
        if n == 1 && !pos.gives_check(m) {
            // Only a check can mate at once (a stalemate that loses is not a mate here).
            return Ok(false);
        }
        self.tick()?;
        pos.play(m);
        let r = self.defence_fails(pos, n);
        pos.undo();
        r
    }

    /// The defender to move after the attacker's move: whether every reply leads to a mate
    /// within `n - 1` more attacker moves (or the game is already won).
    fn defence_fails(&mut self, pos: &mut Position, n: u32) -> Result<bool, OutOfNodes> {
        if let Some(won) = self.defender_lost(pos) {
            return Ok(won && pos.in_check());
        }
        if n == 1 {
            return Ok(false);
        }
        for r in legal_moves(pos) {
            self.tick()?;
            pos.play(r);
            let ok = self.mates_within(pos, n - 1);
            pos.undo();
            if !ok? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the attacker, to move, mates within `n` moves. Checks are tried first.
    fn mates_within(&mut self, pos: &mut Position, n: u32) -> Result<bool, OutOfNodes> {
        let mut moves = legal_moves(pos);
        moves.sort_by_key(|&m| !pos.gives_check(m));
        for m in moves {
            if self.move_mates(pos, m, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Whether the side to move mates within `n` moves: `Some(true)` or `Some(false)` when
/// decided within `nodes` nodes, `None` when the budget ran out.
pub fn mate_within(pos: &Position, n: u32, nodes: u64) -> Option<bool> {
    mate_within_until(pos, n, nodes, &|| false)
}

/// [`mate_within`], undecided (`None`) also once `give_up` answers true: a search asks it
/// whether its time is up or `stop` came, so that the proof never holds up its answer.
pub fn mate_within_until(
    pos: &Position,
    n: u32,
    nodes: u64,
    give_up: &dyn Fn() -> bool,
) -> Option<bool> {
    if n == 0 {
        return Some(false);
    }
    let mut p = Prover {
        left: nodes,
        attacker: pos.side_to_move(),
        give_up,
    };
    p.mates_within(&mut pos.clone(), n).ok()
}

/// The shortest mate of the side to move in at most `max_moves` moves, with every first move
/// that forces it, decided within `nodes` nodes (shared by all the lengths tried).
pub fn shortest_mate(pos: &Position, max_moves: u32, nodes: u64) -> Proof {
    let mut p = Prover {
        left: nodes,
        attacker: pos.side_to_move(),
        give_up: &|| false,
    };
    let mut pos = pos.clone();
    let moves = legal_moves(&pos);
    for n in 1..=max_moves {
        let mut first = Vec::new();
        for &m in &moves {
            match p.move_mates(&mut pos, m, n) {
                Ok(true) => first.push(m),
                Ok(false) => {}
                Err(OutOfNodes) => return Proof::Unknown,
            }
        }
        if !first.is_empty() {
            return Proof::Mate { moves: n, first };
        }
    }
    Proof::NoMate
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::{LONGJIANG, LONGJIANG_NODROP};

    fn pos(sfen: &str, rules: longjiang_core::rules::Rules) -> Position {
        Position::from_sfen(sfen, rules).unwrap()
    }

    fn names(p: &Proof) -> (u32, Vec<String>) {
        match p {
            Proof::Mate { moves, first } => {
                let mut f: Vec<String> = first.iter().map(|m| m.to_string()).collect();
                f.sort();
                (*moves, f)
            }
            other => panic!("{other:?}"),
        }
    }

    /// Two rooks against a bare king: the quiet b2b9 then a1a10 mates in 2 (the position of
    /// `crates/engine/tests/search_mates.rs`), and nothing mates in 1.
    #[test]
    fn the_quiet_rook_lift_mates_in_two() {
        let p = pos(
            "5k4/10/10/10/10/10/10/10/1R8/R4K4 b - - 00 1",
            LONGJIANG_NODROP,
        );
        assert_eq!(mate_within(&p, 1, 1_000_000), Some(false));
        let (n, first) = names(&shortest_mate(&p, 2, 10_000_000));
        assert_eq!(n, 2);
        assert!(first.contains(&"b2b9".to_string()), "{first:?}");
        // A budget too small decides nothing.
        assert_eq!(mate_within(&p, 2, 10), None);
        assert_eq!(shortest_mate(&p, 2, 10), Proof::Unknown);
    }

    /// A bare king against a bare king: no mate at all.
    #[test]
    fn no_material_no_mate() {
        let p = pos("5k4/10/10/10/10/10/10/10/10/5K4 b - - 00 1", LONGJIANG);
        assert_eq!(shortest_mate(&p, 2, 10_000_000), Proof::NoMate);
    }

    /// A proof told to give up stops undecided, at the first node that asks, where
    /// the same proof with the same budget decides: a search's time limit or `stop` cuts it.
    #[test]
    fn a_proof_gives_up_when_asked() {
        let p = pos(
            "5k4/10/10/10/10/10/10/10/1R8/R4K4 b - - 00 1",
            LONGJIANG_NODROP,
        );
        // A budget that is a multiple of the interval: the very first node asks.
        let budget = 1024 * GIVE_UP_INTERVAL;
        assert_eq!(mate_within_until(&p, 2, budget, &|| false), Some(true));
        let asked = std::cell::Cell::new(0u32);
        let give_up = || {
            asked.set(asked.get() + 1);
            true
        };
        assert_eq!(mate_within_until(&p, 2, budget, &give_up), None);
        assert_eq!(asked.get(), 1);
    }

    /// A proof that runs through its whole budget asks whether to give up at least every 64 of
    /// its nodes: a stop or the search's hard limit is seen within a few milliseconds.
    #[test]
    fn a_proof_asks_whether_to_give_up_every_few_nodes() {
        let p = Position::start(LONGJIANG);
        let budget = 4096;
        let asked = std::cell::Cell::new(0u64);
        let give_up = || {
            asked.set(asked.get() + 1);
            false
        };
        assert_eq!(mate_within_until(&p, 4, budget, &give_up), None);
        assert!(asked.get() >= budget / 64, "asked {} times", asked.get());
    }
}
