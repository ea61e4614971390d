//! `Position`: the whole state of a game in progress, with make/unmake.
//!
//! The board is kept twice, as a mailbox (`piece_at`) and as bitboards per side and per kind.
//! Everything a move may change that is not on the board (castling rights, double-step rights,
//! cooldowns, the key, the captured piece, check information) lives in a `State`; one `State` is
//! pushed per move and popped by `undo`, so the stack is also the history that repetition
//! detection reads (Stockfish's `StateInfo` list).

use super::description::Rules;
use super::hand::Hand;
use super::moves::Move;
use super::piece::{Color, KINDS, Piece, PieceKind};
use super::zobrist;
use crate::geometry::attacks;
use crate::geometry::{Bitboard, SQUARES, Square};

/// The kinds only shogi has (bits `PieceKind::index`): a game without them skips their
/// attack tests.
pub(crate) const SHOGI_ONLY: u32 = ((1 << KINDS) - 1) & !((1 << PieceKind::ShogiPawn as u32) - 1);

/// Castling-right bits: first player toward the j-file rook (`K`), toward the a-file rook (`Q`),
/// then the same for the second player (`k`, `q`).
pub const CASTLE_K: u8 = 1;
/// See [`CASTLE_K`].
pub const CASTLE_Q: u8 = 2;
/// See [`CASTLE_K`].
pub const CASTLE_BK: u8 = 4;
/// See [`CASTLE_K`].
pub const CASTLE_BQ: u8 = 8;

/// The castling-right bit of `color` on `wing` (0 = toward the j-file rook, 1 = a-file).
#[inline(always)]
pub const fn castle_bit(color: Color, wing: usize) -> u8 {
    1 << (color.index() * 2 + wing)
}

/// What a move changes besides the pieces, pushed once per move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub(crate) key: u64,
    pub(crate) castling: u8,
    pub(crate) cooldown: [u8; 2],
    pub(crate) double_step: Bitboard,
    pub(crate) captured: Option<Piece>,
    pub(crate) mv: Move,
    /// Plies since the last move that no later position can undo (a lost castling or
    /// double-step right; in the no-drop game also captures and pawn moves). Repetition
    /// detection looks no further back.
    pub(crate) reversible: u32,
    /// Pieces of the side to move's opponent that give check.
    pub(crate) checkers: Bitboard,
    /// Pieces of the side to move pinned to their king along a line (rank, file, diagonal).
    pub(crate) pinned_line: Bitboard,
    /// Pieces of the side to move standing on the leg of an enemy guard's knight move that
    /// would otherwise reach their king.
    pub(crate) pinned_leg: Bitboard,
    /// Pieces of the side to move whose leaving may uncover a check on the enemy king: the
    /// lone blocker of one of its lines, or a piece on one of its guards' legs to that king.
    pub(crate) discoverers: Bitboard,
}

/// A position of one game: pieces, hands, side to move, rights, cooldowns, move number, key,
/// and the history of states back to where it was set up.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; KINDS],
    pub(crate) hands: [Hand; 2],
    pub(crate) side: Color,
    /// The SFEN move number, wide enough that playing on from the largest number an SFEN can
    /// give (`u32::MAX`) never wraps.
    pub(crate) ply: u64,
    pub(crate) castle_mask: [u8; SQUARES],
    pub(crate) states: Vec<State>,
}

impl Position {
    /// The rule description this position is played under.
    #[inline(always)]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn side_pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both sides.
    #[inline(always)]
    pub fn kind_pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// `color`'s king. Every valid position has exactly one per side.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King).lowest()
    }

    /// `color`'s hand.
    #[inline(always)]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number of SFEN: 1 at the start, +1 per ply (it stops at `u32::MAX`, the
    /// largest an SFEN holds, so that a written SFEN always reads back).
    #[inline(always)]
    pub fn move_number(&self) -> u32 {
        u32::try_from(self.ply).unwrap_or(u32::MAX)
    }

    #[inline(always)]
    pub(crate) fn state(&self) -> &State {
        // The stack always holds the state of the current position.
        &self.states[self.states.len() - 1]
    }

    /// The Zobrist key of the position (everything repetition compares; not the move number).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.state().key
    }

    /// Castling rights as a 4-bit mask of `CASTLE_*` bits.
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.state().castling
    }

    /// Pawns that may still make their double step.
    #[inline(always)]
    pub fn double_step_pawns(&self) -> Bitboard {
        self.state().double_step
    }

    /// How many more of its own turns `color` must wait before it may drop.
    #[inline(always)]
    pub fn cooldown(&self, color: Color) -> u8 {
        self.state().cooldown[color.index()]
    }

    /// The enemy pieces that give check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.state().checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.state().checkers.any()
    }

    /// Pieces of the side to move that may not leave their line to the king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.state().pinned_line | self.state().pinned_leg
    }

    /// The last move played, if the history has one.
    pub fn last_move(&self) -> Option<Move> {
        (self.states.len() > 1).then(|| self.state().mv)
    }

    /// The piece the last move captured, if any.
    pub fn last_captured(&self) -> Option<Piece> {
        self.state().captured
    }

    /// The number of moves played since the position was set up.
    pub fn history_len(&self) -> usize {
        self.states.len() - 1
    }

    /// The key of the position after the first `moves` moves of the history (0: as set up;
    /// [`history_len`](Self::history_len): now).
    #[inline(always)]
    pub fn history_key(&self, moves: usize) -> u64 {
        self.states[moves].key
    }

    /// The squares of all pieces of either side attacking `sq`, with `occupied` as the
    /// blockers (so a caller can look through a piece that is about to move).
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        if self.shogi_kinds_only() {
            return self.shogi_game_attackers_to(sq, occupied);
        }
        self.general_attackers_to(sq, occupied)
    }

    /// `attackers_to` for any set of kinds (the slow twin of the shogi-only fast path).
    #[inline(always)]
    pub(crate) fn general_attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let rooks = k[PieceKind::Rook.index()] | k[PieceKind::Queen.index()];
        let spears = k[PieceKind::Spear.index()] & attacks::spear_range(sq);
        let bishops = k[PieceKind::Bishop.index()] | k[PieceKind::Queen.index()];
        let guards = k[PieceKind::Guard.index()];
        let pawns = k[PieceKind::Pawn.index()];
        let mut att = (attacks::pawn_attacks(0, sq) & pawns & self.by_color[1])
            | (attacks::pawn_attacks(1, sq) & pawns & self.by_color[0])
            | (attacks::cavalry_attacks(sq) & k[PieceKind::Cavalry.index()])
            | (attacks::king_attacks(sq) & k[PieceKind::King.index()]);
        // The slides and the guard's moves only where such a piece could stand.
        if (attacks::rook_rays(sq) & (rooks | spears)).any() {
            att |= attacks::rook_attacks(sq, occupied) & (rooks | spears);
        }
        if (attacks::bishop_rays(sq) & bishops).any() {
            att |= attacks::bishop_attacks(sq, occupied) & bishops;
        }
        if (attacks::within_three_steps(sq) & guards).any() {
            att |= attacks::guard_attackers_mask(sq, occupied) & guards;
        }
        att | if self.rules.kind_mask & SHOGI_ONLY != 0 {
            self.shogi_attackers(sq, Color::Black, occupied)
                | self.shogi_attackers(sq, Color::White, occupied)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The pieces of `by` of the kinds only shogi has that attack `sq` (the gold family,
    /// silver, knight, lance, pawn, horse and dragon).
    #[inline]
    fn shogi_attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let them = self.by_color[by.index()];
        // Attackers of `sq` stand where a piece of the other side would move from `sq`.
        let rev = (!by).index();
        let golds = k[PieceKind::Gold.index()]
            | k[PieceKind::Tokin.index()]
            | k[PieceKind::PromotedLance.index()]
            | k[PieceKind::PromotedKnight.index()]
            | k[PieceKind::PromotedSilver.index()];
        let horses = k[PieceKind::Horse.index()];
        let dragons = k[PieceKind::Dragon.index()];
        them & ((attacks::gold_attacks(rev, sq) & golds)
            | (attacks::silver_attacks(rev, sq) & k[PieceKind::Silver.index()])
            | (attacks::shogi_knight_attacks(rev, sq) & k[PieceKind::ShogiKnight.index()])
            | (attacks::shogi_pawn_attacks(rev, sq) & k[PieceKind::ShogiPawn.index()])
            | (attacks::lance_attacks(rev, sq, occupied) & k[PieceKind::Lance.index()])
            | (attacks::king_attacks(sq) & (horses | dragons))
            | (attacks::rook_attacks(sq, occupied) & dragons)
            | (attacks::bishop_attacks(sq, occupied) & horses))
    }

    /// Whether any piece of `by` attacks `sq` with `occupied` as the blockers. Cheap tests
    /// first, so king-move legality can stop early.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        if self.shogi_kinds_only() {
            return self.shogi_game_is_attacked(sq, by, occupied);
        }
        let k = &self.by_kind;
        let them = self.by_color[by.index()];
        if (attacks::pawn_attacks((!by).index(), sq) & k[PieceKind::Pawn.index()] & them).any()
            || (attacks::cavalry_attacks(sq) & k[PieceKind::Cavalry.index()] & them).any()
            || (attacks::king_attacks(sq) & k[PieceKind::King.index()] & them).any()
        {
            return true;
        }
        let rooks = (k[PieceKind::Rook.index()]
            | k[PieceKind::Queen.index()]
            | k[PieceKind::Spear.index()])
            & them;
        if (attacks::rook_rays(sq) & rooks).any() {
            let att = attacks::rook_attacks(sq, occupied);
            if (att & rooks & !k[PieceKind::Spear.index()]).any()
                || (att & attacks::spear_range(sq) & k[PieceKind::Spear.index()] & them).any()
            {
                return true;
            }
        }
        let bishops = (k[PieceKind::Bishop.index()] | k[PieceKind::Queen.index()]) & them;
        if (attacks::bishop_rays(sq) & bishops).any()
            && (attacks::bishop_attacks(sq, occupied) & bishops).any()
        {
            return true;
        }
        let guards = k[PieceKind::Guard.index()] & them;
        if guards.any() && (attacks::guard_attackers_mask(sq, occupied) & guards).any() {
            return true;
        }
        self.rules.kind_mask & SHOGI_ONLY != 0 && self.shogi_attackers(sq, by, occupied).any()
    }

    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        let b = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= b;
        self.by_kind[piece.kind.index()] |= b;
    }

    #[inline(always)]
    fn take(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = None;
        let b = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] ^= b;
        self.by_kind[piece.kind.index()] ^= b;
    }

    /// Plays a legal move. The move must be legal here (from the generator, or checked with
    /// `is_legal`); anything else corrupts the position.
    pub fn play(&mut self, m: Move) {
        self.move_pieces(m);
        self.update_check_info(true);
    }

    /// `play` for a caller that has already asked `gives_check(m)` (the search, before most
    /// moves): with `may_check` false the checkers are not looked for (Stockfish's `do_move(m,
    /// st, givesCheck)`). False promises that `m` gives no check; a broken promise corrupts the
    /// position.
    pub fn play_with_check(&mut self, m: Move, may_check: bool) {
        debug_assert!(may_check || !self.gives_check(m));
        self.move_pieces(m);
        self.update_check_info(may_check);
    }

    /// Everything `play` does but the check information.
    #[inline(always)]
    fn move_pieces(&mut self, m: Move) {
        let us = self.side;
        let prev = *self.state();
        let mut st = State {
            captured: None,
            mv: m,
            reversible: prev.reversible + 1,
            ..prev
        };
        let mut key = prev.key ^ zobrist::side();
        let to = m.to();
        match m.from() {
            None => {
                let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
                let hand = &mut self.hands[us.index()];
                let n = hand.count(kind);
                key ^= zobrist::hand(us, kind, n) ^ zobrist::hand(us, kind, n - 1);
                hand.remove(kind);
                let piece = Piece::new(us, kind);
                self.put(piece, to);
                key ^= zobrist::piece(piece, to);
                let cd = self.rules.drop_cooldown;
                key ^= zobrist::cooldown(us, st.cooldown[us.index()]) ^ zobrist::cooldown(us, cd);
                st.cooldown[us.index()] = cd;
            }
            Some(from) => {
                let Some(piece) = self.board[from.index()] else {
                    debug_assert!(false, "no piece on {from} for {m}");
                    return;
                };
                if m.is_castle() {
                    let cm = self.castling_for(us, to);
                    let rook = Piece::new(us, PieceKind::Rook);
                    self.take(piece, from);
                    self.take(rook, cm.rook_from);
                    self.put(piece, to);
                    self.put(rook, cm.rook_to);
                    key ^= zobrist::piece(piece, from)
                        ^ zobrist::piece(piece, to)
                        ^ zobrist::piece(rook, cm.rook_from)
                        ^ zobrist::piece(rook, cm.rook_to);
                } else {
                    if let Some(cap) = self.board[to.index()] {
                        self.take(cap, to);
                        key ^= zobrist::piece(cap, to);
                        st.captured = Some(cap);
                        if self.rules.drops {
                            let kind = cap.kind.in_hand();
                            let hand = &mut self.hands[us.index()];
                            let n = hand.count(kind);
                            key ^= zobrist::hand(us, kind, n) ^ zobrist::hand(us, kind, n + 1);
                            hand.add(kind);
                        } else {
                            st.reversible = 0;
                        }
                    }
                    if piece.kind == PieceKind::Pawn && !self.rules.drops {
                        st.reversible = 0;
                    }
                    self.take(piece, from);
                    let landed = match m.promotion_kind() {
                        Some(kind) => Piece::new(us, kind),
                        None => piece,
                    };
                    self.put(landed, to);
                    key ^= zobrist::piece(piece, from) ^ zobrist::piece(landed, to);
                }
                let lost =
                    st.double_step & (Bitboard::from_square(from) | Bitboard::from_square(to));
                if lost.any() {
                    for sq in lost {
                        key ^= zobrist::double_step(sq);
                    }
                    st.double_step ^= lost;
                    st.reversible = 0;
                }
                let rights =
                    st.castling & self.castle_mask[from.index()] & self.castle_mask[to.index()];
                if rights != st.castling {
                    key ^= zobrist::castling(st.castling) ^ zobrist::castling(rights);
                    st.castling = rights;
                    st.reversible = 0;
                }
                let cd = st.cooldown[us.index()];
                if cd > 0 {
                    key ^= zobrist::cooldown(us, cd) ^ zobrist::cooldown(us, cd - 1);
                    st.cooldown[us.index()] = cd - 1;
                }
            }
        }
        self.side = !us;
        self.ply += 1;
        st.key = key;
        self.states.push(st);
    }

    /// Takes back the last move played. Does nothing when the history is empty.
    pub fn undo(&mut self) {
        if self.states.len() < 2 {
            return;
        }
        let Some(st) = self.states.pop() else { return };
        let m = st.mv;
        self.side = !self.side;
        self.ply -= 1;
        let us = self.side;
        let to = m.to();
        match m.from() {
            None => {
                let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
                self.take(Piece::new(us, kind), to);
                self.hands[us.index()].add(kind);
            }
            Some(from) => {
                let Some(landed) = self.board[to.index()] else {
                    return;
                };
                if m.is_castle() {
                    let cm = self.castling_for(us, to);
                    let rook = Piece::new(us, PieceKind::Rook);
                    self.take(landed, to);
                    self.take(rook, cm.rook_to);
                    self.put(landed, from);
                    self.put(rook, cm.rook_from);
                } else {
                    self.take(landed, to);
                    let piece = if m.promotion_kind().is_some() {
                        Piece::new(us, self.rules.promoted_from[landed.kind.index()])
                    } else {
                        landed
                    };
                    self.put(piece, from);
                    if let Some(cap) = st.captured {
                        self.put(cap, to);
                        if self.rules.drops {
                            self.hands[us.index()].remove(cap.kind.in_hand());
                        }
                    }
                }
            }
        }
    }

    /// Passes the turn (for null-move pruning in search). Must be undone with `undo_null`
    /// and is never played while in check.
    pub fn play_null(&mut self) {
        let prev = *self.state();
        let st = State {
            key: prev.key ^ zobrist::side(),
            captured: None,
            mv: Move::NONE,
            reversible: 0,
            ..prev
        };
        self.side = !self.side;
        self.ply += 1;
        self.states.push(st);
        // Passing never uncovers a check on the side that now moves.
        self.update_check_info(false);
    }

    /// Takes back `play_null`.
    pub fn undo_null(&mut self) {
        if self.states.len() > 1 {
            self.states.pop();
            self.side = !self.side;
            self.ply -= 1;
        }
    }

    /// The castling move of `color` whose king lands on `king_to`.
    #[inline(always)]
    pub fn castling_for(&self, color: Color, king_to: Square) -> super::description::CastlingMove {
        let k = self.rules.castling_move(color, 0);
        if k.king_to == king_to {
            k
        } else {
            self.rules.castling_move(color, 1)
        }
    }

    /// The pieces of `them` on a line (or a guard's ring) through `king` that could pin one of
    /// the other side's pieces to it, for any set of kinds (the slow twin of
    /// `shogi_game_snipers`).
    #[inline(always)]
    pub(crate) fn general_snipers(&self, king: Square, them: Color) -> Bitboard {
        let k = &self.by_kind;
        let theirs = self.by_color[them.index()];
        let rooks = k[PieceKind::Rook.index()] | k[PieceKind::Queen.index()];
        let bishops = k[PieceKind::Bishop.index()] | k[PieceKind::Queen.index()];
        theirs
            & ((attacks::rook_rays(king) & rooks)
                | (attacks::bishop_rays(king) & bishops)
                | (attacks::spear_range(king) & k[PieceKind::Spear.index()])
                | (attacks::guard_two_step_ring(king) & k[PieceKind::Guard.index()])
                | if self.rules.kind_mask & SHOGI_ONLY != 0 {
                    (attacks::rook_rays(king) & k[PieceKind::Dragon.index()])
                        | (attacks::bishop_rays(king) & k[PieceKind::Horse.index()])
                        | (attacks::lance_ray((!them).index(), king) & k[PieceKind::Lance.index()])
                } else {
                    Bitboard::EMPTY
                })
    }
}
