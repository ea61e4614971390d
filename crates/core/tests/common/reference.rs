//! A slow, obviously-correct reference move generator, written from `RULES.md` alone.
//!
//! It shares nothing with the engine's generator but the `Move` encoding and the read-only
//! board of a `Position`: pieces move step by step with `Square::offset` on a plain array, a
//! move is legal when the mover's king is not attacked after it is made on a copy of that array
//! (generate and test), and the state that is not on the board (castling rights, cooldowns,
//! which pawns may still double-step) is tracked here along the game, from the SFEN text and
//! the moves played, not read from the engine.

use longjiang_core::geometry::Square;
use longjiang_core::rules::{Color, Move, Piece, PieceKind, Position, Variant};
use std::collections::HashSet;

const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The square `a1`…`j10` from its file and rank index (0-based).
fn square(file: i8, rank: i8) -> Square {
    Square::new((rank * 10 + file) as u8).expect("on the board")
}

fn file_of(sq: Square) -> i8 {
    (sq.index() % 10) as i8
}

fn rank_of(sq: Square) -> i8 {
    (sq.index() / 10) as i8
}

/// The rank index pawns of `color` move toward: +1 for the first player.
fn forward(color: Color) -> i8 {
    match color {
        Color::Black => 1,
        Color::White => -1,
    }
}

/// The rank index of `color`'s first rank (its back rank).
fn home_rank(color: Color) -> i8 {
    match color {
        Color::Black => 0,
        Color::White => 9,
    }
}

/// How many ranks from its own first rank `sq` is for `color` (0 = own first rank, 9 = last).
fn relative_rank(color: Color, sq: Square) -> i8 {
    match color {
        Color::Black => rank_of(sq),
        Color::White => 9 - rank_of(sq),
    }
}

/// Castling of RULES.md, per side and wing (0 = toward the j-file rook, `K`; 1 = the a-file
/// rook, `Q`): (king from, king to, rook from, rook to).
fn castling_squares(color: Color, wing: usize) -> (Square, Square, Square, Square) {
    let r = home_rank(color);
    if wing == 0 {
        (square(5, r), square(8, r), square(9, r), square(7, r))
    } else {
        (square(5, r), square(2, r), square(0, r), square(3, r))
    }
}

/// What the reference tracks itself along a game: the parts of a position that are not on the
/// board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefState {
    /// `castling[color][wing]`, wing 0 = `K` (j-file rook), 1 = `Q`.
    pub castling: [[bool; 2]; 2],
    /// Remaining no-drop turns, first player first.
    pub cooldown: [u8; 2],
    /// Pawns that may still make their double step.
    pub double_step: HashSet<Square>,
}

impl RefState {
    /// Reads castling rights, cooldowns and double-step rights from an SFEN's text.
    pub fn from_sfen(sfen: &str) -> RefState {
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "SFEN {sfen}");
        let mut double_step = HashSet::new();
        for (i, row) in fields[0].split('/').enumerate() {
            let rank = 9 - i as i8;
            let mut file = 0i8;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as i8;
                    if let Some(d2) = chars.get(j + 1).and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d2 as i8;
                        j += 1;
                    }
                    file += n;
                } else if c == '+' {
                    j += 1;
                    file += 1;
                } else if c != '\'' {
                    let marked = chars.get(j + 1) == Some(&'\'');
                    let start = (c == 'P' && rank == 1) || (c == 'p' && rank == 8);
                    if start && !marked {
                        double_step.insert(square(file, rank));
                    }
                    file += 1;
                }
                j += 1;
            }
        }
        let castling = [
            [fields[3].contains('K'), fields[3].contains('Q')],
            [fields[3].contains('k'), fields[3].contains('q')],
        ];
        let cd = fields[4].as_bytes();
        RefState {
            castling,
            cooldown: [cd[0] - b'0', cd[1] - b'0'],
            double_step,
        }
    }

    /// The state after `us` plays `m` (RULES.md: a drop sets the dropper's cooldown to 2, every
    /// other move of that side lowers it by one; a right is lost once its king or rook square
    /// is left or entered; a pawn loses its double step once it moves or is captured).
    pub fn after(&self, m: Move, us: Color, drops: bool) -> RefState {
        let mut next = self.clone();
        let u = us.index();
        let Some(from) = m.from() else {
            next.cooldown[u] = if drops { 2 } else { 0 };
            return next;
        };
        let to = m.to();
        next.cooldown[u] = next.cooldown[u].saturating_sub(1);
        next.double_step.remove(&from);
        next.double_step.remove(&to);
        for color in Color::ALL {
            for wing in 0..2 {
                let (king, _, rook, _) = castling_squares(color, wing);
                if [king, rook].contains(&from) || [king, rook].contains(&to) {
                    next.castling[color.index()][wing] = false;
                }
            }
        }
        next
    }

    /// The castling rights as the engine's 4-bit mask (`K`=1, `Q`=2, `k`=4, `q`=8).
    pub fn castling_bits(&self) -> u8 {
        let mut bits = 0;
        for color in Color::ALL {
            for wing in 0..2 {
                if self.castling[color.index()][wing] {
                    bits |= 1 << (color.index() * 2 + wing);
                }
            }
        }
        bits
    }
}

/// A plain 10×10 array of pieces.
#[derive(Clone, Debug)]
pub struct PlainBoard {
    cells: [Option<Piece>; 100],
}

impl PlainBoard {
    /// The pieces of `pos`.
    pub fn of(pos: &Position) -> PlainBoard {
        let mut cells = [None; 100];
        for sq in Square::all() {
            cells[sq.index()] = pos.piece_at(sq);
        }
        PlainBoard { cells }
    }

    /// The piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    fn empty(&self, sq: Square) -> bool {
        self.cells[sq.index()].is_none()
    }

    /// `color`'s king, if it has one.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&s| self.at(s) == Some(Piece::new(color, PieceKind::King)))
    }

    /// Squares reached by sliding from `from` along `dir` for at most `max` steps, stopping
    /// on (and including) the first occupied square.
    fn slide(&self, from: Square, dir: (i8, i8), max: u8, out: &mut Vec<Square>) {
        let mut sq = from;
        for _ in 0..max {
            let Some(next) = sq.offset(dir.0, dir.1) else {
                return;
            };
            out.push(next);
            if !self.empty(next) {
                return;
            }
            sq = next;
        }
    }

    /// Every square the piece `piece` standing on `from` attacks (for every kind but the pawn
    /// these are also its moves, when not onto its own side's piece).
    pub fn reach(&self, from: Square, piece: Piece) -> Vec<Square> {
        let mut out = Vec::new();
        match piece.kind {
            PieceKind::King => {
                for d in ORTHO.iter().chain(DIAG.iter()) {
                    out.extend(from.offset(d.0, d.1));
                }
            }
            PieceKind::Queen => {
                for &d in ORTHO.iter().chain(DIAG.iter()) {
                    self.slide(from, d, 9, &mut out);
                }
            }
            PieceKind::Rook => {
                for &d in &ORTHO {
                    self.slide(from, d, 9, &mut out);
                }
            }
            PieceKind::Bishop => {
                for &d in &DIAG {
                    self.slide(from, d, 9, &mut out);
                }
            }
            PieceKind::Spear => {
                for &d in &ORTHO {
                    self.slide(from, d, 4, &mut out);
                }
            }
            PieceKind::Cavalry => {
                for d in &KNIGHT {
                    out.extend(from.offset(d.0, d.1));
                }
                for d in &ORTHO {
                    out.extend(from.offset(2 * d.0, 2 * d.1));
                }
            }
            PieceKind::Guard => {
                // One or two steps in any of the 8 directions, the second only over an empty
                // square.
                for &d in ORTHO.iter().chain(DIAG.iter()) {
                    self.slide(from, d, 2, &mut out);
                }
                // Knight moves as one orthogonal step (the leg) then one diagonal step
                // outward, blocked when the leg is occupied.
                for &(df, dr) in &KNIGHT {
                    let leg = if df.abs() == 1 {
                        (0, dr.signum())
                    } else {
                        (df.signum(), 0)
                    };
                    if let (Some(leg_sq), Some(to)) =
                        (from.offset(leg.0, leg.1), from.offset(df, dr))
                        && self.empty(leg_sq)
                    {
                        out.push(to);
                    }
                }
            }
            PieceKind::Pawn => {
                let f = forward(piece.color);
                out.extend(from.offset(-1, f));
                out.extend(from.offset(1, f));
            }
            // This model is 龙将棋's; shogi is checked against python-shogi instead.
            _ => panic!("the reference model has no shogi pieces"),
        }
        out
    }

    /// Whether any piece of `by` attacks `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        !self.attackers(target, by).is_empty()
    }

    /// The squares of the pieces of `by` attacking `target`.
    pub fn attackers(&self, target: Square, by: Color) -> Vec<Square> {
        Square::all()
            .filter(|&s| {
                self.at(s)
                    .is_some_and(|p| p.color == by && self.reach(s, p).contains(&target))
            })
            .collect()
    }

    /// Makes `m` for `us` on the array (no legality test).
    pub fn apply(&mut self, m: Move, us: Color) {
        let to = m.to();
        let Some(from) = m.from() else {
            let kind = m.drop_kind().expect("a drop names its kind");
            self.cells[to.index()] = Some(Piece::new(us, kind));
            return;
        };
        if m.is_castle() {
            let wing = if file_of(to) == 8 { 0 } else { 1 };
            let (kf, kt, rf, rt) = castling_squares(us, wing);
            self.cells[kf.index()] = None;
            self.cells[rf.index()] = None;
            self.cells[kt.index()] = Some(Piece::new(us, PieceKind::King));
            self.cells[rt.index()] = Some(Piece::new(us, PieceKind::Rook));
            return;
        }
        let piece = self.cells[from.index()].take().expect("a piece moves");
        let landed = match m.promotion_kind() {
            Some(kind) => Piece::new(us, kind),
            None => piece,
        };
        self.cells[to.index()] = Some(landed);
    }
}

/// The kinds a pawn of `color` moving to `to` may become (`None` = stays a pawn), per
/// RULES.md: drop game, 枪兵 optional in the three farthest ranks and forced on the last; no-drop
/// game, forced on the last rank only, to R, N, B, G or Q.
fn promotion_choices(variant: Variant, color: Color, to: Square) -> Vec<Option<PieceKind>> {
    let rel = relative_rank(color, to);
    match variant {
        Variant::Longjiang => match rel {
            9 => vec![Some(PieceKind::Spear)],
            7 | 8 => vec![None, Some(PieceKind::Spear)],
            _ => vec![None],
        },
        Variant::LongjiangNoDrop => match rel {
            9 => [
                PieceKind::Rook,
                PieceKind::Cavalry,
                PieceKind::Bishop,
                PieceKind::Guard,
                PieceKind::Queen,
            ]
            .into_iter()
            .map(Some)
            .collect(),
            _ => vec![None],
        },
        Variant::Shogi => panic!("the reference model is 龙将棋's"),
    }
}

/// The pseudo-legal moves of the side to move: every move the pieces' movement, castling and
/// drop rules allow, before the "own king not attacked afterwards" test. The drop rules that
/// look at checks (no drop while in check, no drop that gives check) are applied here.
pub fn pseudo_moves(pos: &Position, board: &PlainBoard, st: &RefState) -> Vec<Move> {
    let variant = pos.rules().variant;
    let us = pos.side_to_move();
    let them = !us;
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = board.at(from) else {
            continue;
        };
        if piece.color != us {
            continue;
        }
        if piece.kind == PieceKind::Pawn {
            let f = forward(us);
            let mut targets = Vec::new();
            if let Some(one) = from.offset(0, f)
                && board.empty(one)
            {
                targets.push(one);
                if relative_rank(us, from) == 1
                    && st.double_step.contains(&from)
                    && let Some(two) = from.offset(0, 2 * f)
                    && board.empty(two)
                {
                    targets.push(two);
                }
            }
            for df in [-1, 1] {
                if let Some(t) = from.offset(df, f)
                    && board.at(t).is_some_and(|p| p.color == them)
                {
                    targets.push(t);
                }
            }
            for to in targets {
                for promo in promotion_choices(variant, us, to) {
                    out.push(match promo {
                        Some(kind) => Move::promotion(from, to, kind),
                        None => Move::normal(from, to),
                    });
                }
            }
            continue;
        }
        for to in board.reach(from, piece) {
            if board.at(to).is_none_or(|p| p.color == them) {
                out.push(Move::normal(from, to));
            }
        }
    }
    let king = board.king(us).expect("the mover has a king");
    let in_check = board.attacked(king, them);
    // Castling: right kept, squares between king and rook empty, not in check, no square the
    // king crosses or lands on attacked.
    for wing in 0..2 {
        if !st.castling[us.index()][wing] || in_check {
            continue;
        }
        let (kf, kt, rf, _) = castling_squares(us, wing);
        if board.at(kf) != Some(Piece::new(us, PieceKind::King))
            || board.at(rf) != Some(Piece::new(us, PieceKind::Rook))
        {
            continue;
        }
        let (lo, hi) = (file_of(kf).min(file_of(rf)), file_of(kf).max(file_of(rf)));
        let r = rank_of(kf);
        if (lo + 1..hi).any(|f| !board.empty(square(f, r))) {
            continue;
        }
        let step = (file_of(kt) - file_of(kf)).signum();
        let mut f = file_of(kf);
        let mut safe = true;
        while f != file_of(kt) {
            f += step;
            safe &= !board.attacked(square(f, r), them);
        }
        if safe {
            out.push(Move::castle(kf, kt));
        }
    }
    // Drops: only in the drop game, with cooldown 0, not in check; on an empty square; no pawn
    // on its last rank; never giving check.
    if variant == Variant::Longjiang && st.cooldown[us.index()] == 0 && !in_check {
        let their_king = board.king(them).expect("the opponent has a king");
        for kind in PieceKind::IN_HAND {
            if pos.hand(us).count(kind) == 0 {
                continue;
            }
            for to in Square::all() {
                if !board.empty(to) || (kind == PieceKind::Pawn && relative_rank(us, to) == 9) {
                    continue;
                }
                let mut after = board.clone();
                let m = Move::drop(kind, to);
                after.apply(m, us);
                if !after.attacked(their_king, us) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The legal moves: pseudo-legal moves after which the mover's king is not attacked.
pub fn legal_moves(pos: &Position, st: &RefState) -> HashSet<Move> {
    let board = PlainBoard::of(pos);
    let us = pos.side_to_move();
    pseudo_moves(pos, &board, st)
        .into_iter()
        .filter(|&m| {
            let mut after = board.clone();
            after.apply(m, us);
            let king = after.king(us).expect("kings are never captured");
            !after.attacked(king, !us)
        })
        .collect()
}
