//! Depth-first proof-number search (df-pn, Nagai 2002) over the mate game: the attacker (the
//! side to move at the root) plays only checking moves, the defender every legal move. Numbers
//! are kept as φ/δ of the side to move: φ = proof number at the attacker's nodes and disproof
//! number at the defender's; a node is won for its mover when φ = 0 and lost when δ = 0.
//!
//! Everything the game decides (which moves are legal, which give check, 打ち歩詰め, drops
//! that may not check) comes from the move generator; nothing here asks which game it is.
//! A position already on the current path counts as lost for the attacker (a repetition by
//! checks is perpetual check, which loses), and such values are never stored.

use super::table::{INF, ProofEntry, ProofTable};
use longjiang_core::movegen::{count_legal, legal_moves};
use longjiang_core::rules::{Color, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest path the solver follows; deeper lines count as failed for the attacker.
const MAX_PLY: usize = 600;
/// How often (in nodes) the clock and the stop flag are read.
const POLL: u64 = 1024;

/// One child of a node, with its last known numbers.
struct Child {
    m: Move,
    key: u64,
    /// Already on the path: its numbers are the repetition's, fixed.
    repeated: bool,
    phi: u32,
    delta: u32,
    len: u16,
}

/// The solver's state for one search.
pub(super) struct Solver<'a> {
    pub table: ProofTable,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    attacker: Color,
    /// Mate within this many plies only (`None`: any length).
    limit: Option<usize>,
    /// The position keys of the current path (for repetitions).
    path: Vec<u64>,
    /// Nodes expanded so far.
    pub nodes: u64,
    /// Set when the stop flag, the clock or the node limit ended the search.
    pub aborted: bool,
}

fn sum(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(INF - 1)
    }
}

impl<'a> Solver<'a> {
    pub fn new(
        table: ProofTable,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        max_nodes: Option<u64>,
        attacker: Color,
        limit: Option<usize>,
    ) -> Solver<'a> {
        Solver {
            table,
            stop,
            deadline,
            max_nodes,
            attacker,
            limit,
            path: Vec::new(),
            nodes: 0,
            aborted: false,
        }
    }

    /// The table key of a position at `ply`: with a length limit the numbers depend on the
    /// plies left, so each ply has its own keys.
    fn table_key(&self, key: u64, ply: usize) -> u64 {
        match self.limit {
            Some(_) => key ^ (ply as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            None => key,
        }
    }

    /// Whether a node at `ply` is past the length limit (the attacker has no more moves).
    fn beyond(&self, ply: usize) -> bool {
        self.limit.is_some_and(|l| ply >= l)
    }

    /// The moves of the mate game here: checks for the attacker, everything for the defender.
    pub fn moves(&self, pos: &Position) -> Vec<Move> {
        let all = legal_moves(pos);
        if pos.side_to_move() == self.attacker {
            all.into_iter().filter(|&m| pos.gives_check(m)).collect()
        } else {
            all.to_vec()
        }
    }

    fn poll(&mut self) {
        if self.nodes.is_multiple_of(POLL) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let spent = self.max_nodes.is_some_and(|n| self.nodes >= n);
            if late || spent || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
    }

    /// The children of `pos` with their numbers: from the table, or first estimates (a
    /// defender's node starts with proof number = its number of legal moves, df-pn+ style).
    fn children(&mut self, pos: &mut Position) -> Vec<Child> {
        let defender_next = pos.side_to_move() == self.attacker;
        let moves = self.moves(pos);
        let ply = self.path.len() + 1;
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            pos.play(m);
            let raw = pos.key();
            let key = self.table_key(raw, ply);
            let repeated = self.path.contains(&raw);
            let (phi, delta, len) = if repeated {
                // A repeated attacker's node is lost for its mover; a repeated defender's won.
                if defender_next {
                    (0, INF, 0)
                } else {
                    (INF, 0, 0)
                }
            } else if let Some(e) = self.table.get(key) {
                (e.phi, e.delta, e.len)
            } else if defender_next {
                match count_legal(pos) {
                    0 => {
                        // Checkmate: lost for the defender, no plies left.
                        self.table.put(ProofEntry {
                            key,
                            phi: INF,
                            delta: 0,
                            work: 1,
                            len: 0,
                        });
                        (INF, 0, 0)
                    }
                    // Past the limit, the defender survives.
                    _ if self.beyond(ply) => (0, INF, 0),
                    n => (1, n.min(u64::from(INF - 1)) as u32, 0),
                }
            } else if self.beyond(ply) {
                (INF, 0, 0)
            } else {
                (1, 1, 0)
            };
            pos.undo();
            out.push(Child {
                m,
                key,
                repeated,
                phi,
                delta,
                len,
            });
        }
        out
    }

    /// Expands `pos` until its φ reaches `th_phi` or its δ reaches `th_delta` (or the search
    /// is stopped); stores and returns its numbers.
    pub fn mid(&mut self, pos: &mut Position, th_phi: u32, th_delta: u32) -> (u32, u32) {
        self.nodes += 1;
        self.poll();
        let raw = pos.key();
        let key = self.table_key(raw, self.path.len());
        let attacker_moves = pos.side_to_move() == self.attacker;
        if self.path.len() >= MAX_PLY || self.beyond(self.path.len()) {
            return if attacker_moves { (INF, 0) } else { (0, INF) };
        }
        let start_nodes = self.nodes;
        let mut kids = self.children(pos);
        self.path.push(raw);
        let (phi, delta, len) = loop {
            // φ = min δ(child), δ = Σ φ(child); the best child has the smallest δ.
            let (mut phi, mut delta) = (INF, 0);
            let (mut best, mut second) = (usize::MAX, INF);
            for (i, c) in kids.iter_mut().enumerate() {
                if !c.repeated
                    && let Some(e) = self.table.get(c.key)
                {
                    (c.phi, c.delta, c.len) = (e.phi, e.delta, e.len);
                }
                delta = sum(delta, c.phi);
                if c.delta < phi {
                    second = phi;
                    phi = c.delta;
                    best = i;
                } else if c.delta < second {
                    second = c.delta;
                }
            }
            if phi >= th_phi || delta >= th_delta || self.aborted || best == usize::MAX {
                break (phi, delta, self.mate_len(&kids, attacker_moves, phi, delta));
            }
            let child = &kids[best];
            let th_phi_child = (u64::from(th_delta) - u64::from(delta) + u64::from(child.phi))
                .min(u64::from(INF)) as u32;
            let th_delta_child = th_phi.min(sum(second, 1));
            let (m, ckey) = (child.m, child.key);
            pos.play(m);
            let (cp, cd) = self.mid(pos, th_phi_child, th_delta_child);
            pos.undo();
            let c = &mut kids[best];
            (c.phi, c.delta) = (cp, cd);
            if let Some(e) = self.table.get(ckey) {
                c.len = e.len;
            }
        };
        self.path.pop();
        let work = (self.nodes - start_nodes).min(u64::from(u32::MAX)) as u32;
        if !self.aborted || phi == 0 || delta == 0 {
            self.table.put(ProofEntry {
                key,
                phi,
                delta,
                work,
                len,
            });
        }
        (phi, delta)
    }

    /// Plies to the mate from a node the attacker wins: at its own node one more than its
    /// quickest won child, at the defender's one more than the defender's longest defence.
    fn mate_len(&self, kids: &[Child], attacker_moves: bool, phi: u32, delta: u32) -> u16 {
        let won = |c: &&Child| c.delta == 0;
        match (attacker_moves, phi == 0, delta == 0) {
            (true, true, _) => kids.iter().filter(won).map(|c| c.len).min().unwrap_or(0) + 1,
            (false, _, true) => kids.iter().map(|c| c.len).max().unwrap_or(0) + 1,
            _ => 0,
        }
        .min(u16::MAX - 1)
    }

    /// The mate line from `pos` once it is proven: the attacker takes its quickest mate, the
    /// defender its longest defence; a node whose proof left the table is solved again.
    /// `None` when the line cannot be rebuilt (the search was stopped meanwhile).
    pub fn principal_variation(&mut self, pos: &mut Position) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let mut seen = Vec::new();
        let result = loop {
            let raw = pos.key();
            let key = self.table_key(raw, line.len());
            if seen.contains(&raw) || line.len() > MAX_PLY {
                break None;
            }
            seen.push(raw);
            let attacker_moves = pos.side_to_move() == self.attacker;
            let proven = |e: ProofEntry| {
                if attacker_moves {
                    e.phi == 0
                } else {
                    e.delta == 0
                }
            };
            if !self.table.get(key).is_some_and(proven) {
                self.path.clone_from(&seen);
                self.path.pop();
                self.mid(pos, INF, INF);
                self.path.clear();
                if !self.table.get(key).is_some_and(proven) {
                    break None;
                }
            }
            let moves = self.moves(pos);
            if moves.is_empty() {
                break (!attacker_moves && pos.in_check()).then_some(());
            }
            let mut pick: Option<(Move, u16)> = None;
            for m in moves {
                pos.play(m);
                let e = self.table.get(self.table_key(pos.key(), line.len() + 1));
                pos.undo();
                let better = |len: u16| {
                    pick.is_none_or(|(_, l)| if attacker_moves { len < l } else { len > l })
                };
                match e {
                    Some(e) if e.delta == 0 && attacker_moves && better(e.len) => {
                        pick = Some((m, e.len));
                    }
                    Some(e) if !attacker_moves && e.phi == 0 && better(e.len) => {
                        pick = Some((m, e.len));
                    }
                    Some(e) if !attacker_moves && e.phi == 0 => {}
                    // A defence whose proof is not in the table: follow it, it is solved there.
                    None | Some(_) if !attacker_moves => {
                        pick = Some((m, u16::MAX));
                    }
                    _ => {}
                }
            }
            let Some((m, _)) = pick else { break None };
            pos.play(m);
            line.push(m);
        };
        for _ in 0..line.len() {
            pos.undo();
        }
        result.map(|()| line)
    }
}
