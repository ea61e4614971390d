//! Legal move generation from check and pin masks (no play-and-test).
//!
//! Before generating, the position already knows (from `play`) who gives check and which of
//! the mover's pieces are pinned: along a line by a slider, a spearman or a guard's two-step
//! slide, or on the leg of an enemy guard's knight move. Then:
//! - not in check: every piece may go anywhere its attacks allow, pinned pieces only along
//!   their pin (or, on a guard's leg, only onto that guard); castling and drops are added;
//! - one checker: non-king moves must capture it or block it (for a guard's knight check the
//!   block square is the leg); no drops, no castling;
//! - two or more checkers: a non-king move must land on a square of every check mask (a
//!   block on a guard's leg that also lies on the other checker's line); mostly only the king
//!   moves.
//!
//! The king's destinations are tested with the king lifted off the board, so it cannot hide
//! behind itself. The in-check case is a const generic (cozy-chess `movegen/mod.rs`).

mod bulk;
mod check_lookup;
mod king_safety;
pub mod legality;
mod perft;
mod piece_moves;
pub mod playout;

pub use check_lookup::CheckSquares;
pub use perft::{MAX_PERFT_DEPTH, perft, perft_divide, perft_divide_until};
pub use piece_moves::{PieceMoves, PieceMovesIter};

use crate::geometry::attacks;
use crate::geometry::{Bitboard, Square};
use crate::rules::{Color, Move, PieceKind, Position};
use arrayvec::ArrayVec;

/// Room for every legal move of any reachable position (drops of six kinds on ~90 empty
/// squares plus board moves stay well below this).
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The squares from which a piece of `kind` belonging to `by` would attack `target`, with
/// `occupied` as blockers. Drops use it (a drop may not give check), and so does `gives_check`.
#[inline(always)]
pub fn check_squares(kind: PieceKind, by: Color, target: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => attacks::pawn_attacks((!by).index(), target),
        PieceKind::Cavalry => attacks::cavalry_attacks(target),
        PieceKind::Bishop => attacks::bishop_attacks(target, occupied),
        PieceKind::Rook => attacks::rook_attacks(target, occupied),
        PieceKind::Queen => attacks::queen_attacks(target, occupied),
        PieceKind::Spear => attacks::spear_attacks(target, occupied),
        PieceKind::Guard => attacks::guard_attackers_mask(target, occupied),
        PieceKind::King => attacks::king_attacks(target),
        // Shogi's kinds: their step sets are symmetric left to right, so the squares that
        // attack `target` are the other side's moves from it.
        _ => piece_attacks(kind, !by, target, occupied),
    }
}

/// The squares a piece of `kind` and side `color` on `from` attacks.
#[inline(always)]
pub fn piece_attacks(kind: PieceKind, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => attacks::pawn_attacks(color.index(), from),
        PieceKind::Cavalry => attacks::cavalry_attacks(from),
        PieceKind::Bishop => attacks::bishop_attacks(from, occupied),
        PieceKind::Rook => attacks::rook_attacks(from, occupied),
        PieceKind::Queen => attacks::queen_attacks(from, occupied),
        PieceKind::Spear => attacks::spear_attacks(from, occupied),
        PieceKind::Guard => attacks::guard_attacks(from, occupied),
        PieceKind::King => attacks::king_attacks(from),
        PieceKind::ShogiPawn => attacks::shogi_pawn_attacks(color.index(), from),
        PieceKind::Lance => attacks::lance_attacks(color.index(), from, occupied),
        PieceKind::ShogiKnight => attacks::shogi_knight_attacks(color.index(), from),
        PieceKind::Silver => attacks::silver_attacks(color.index(), from),
        PieceKind::Gold
        | PieceKind::Tokin
        | PieceKind::PromotedLance
        | PieceKind::PromotedKnight
        | PieceKind::PromotedSilver => attacks::gold_attacks(color.index(), from),
        PieceKind::Horse => attacks::horse_attacks(from, occupied),
        PieceKind::Dragon => attacks::dragon_attacks(from, occupied),
    }
}

/// Whether a piece of `kind` and side `color` on `from` attacks `target`: `piece_attacks(…)
/// .has(target)` (its slow twin, compared in the tests), except that a kind attacking only
/// along lines needs only its empty-board reach and an empty path (Stockfish's `aligned`), and
/// a guard is first asked whether the target is in reach at all.
#[inline(always)]
pub fn attacks_square(
    kind: PieceKind,
    color: Color,
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> bool {
    let reach = match kind {
        PieceKind::Bishop => attacks::bishop_rays(from),
        PieceKind::Rook => attacks::rook_rays(from),
        PieceKind::Queen => attacks::rook_rays(from) | attacks::bishop_rays(from),
        PieceKind::Spear => attacks::rook_rays(from) & attacks::spear_range(from),
        PieceKind::Lance => attacks::lance_ray(color.index(), from),
        PieceKind::Horse => attacks::bishop_rays(from) | attacks::king_attacks(from),
        PieceKind::Dragon => attacks::rook_rays(from) | attacks::king_attacks(from),
        PieceKind::Guard => {
            // Its empty-board reach (within the cavalry's leaps and two steps) rules out most.
            let reach = attacks::king_attacks(from)
                | attacks::guard_two_step_ring(from)
                | attacks::cavalry_attacks(from);
            return reach.has(target) && piece_attacks(kind, color, from, occupied).has(target);
        }
        _ => return piece_attacks(kind, color, from, occupied).has(target),
    };
    reach.has(target) && (attacks::between(from, target) & occupied).is_empty()
}

/// The squares a non-king move must land on to answer a check by the piece on `checker`.
fn check_mask(pos: &Position, king: Square, checker: Square) -> Bitboard {
    let kind = pos.piece_at(checker).map_or(PieceKind::Pawn, |p| p.kind);
    let line = attacks::between(king, checker);
    match kind {
        PieceKind::Guard if attacks::line(king, checker).is_empty() => {
            // A knight-move check by a guard can be blocked on its leg.
            let leg =
                attacks::guard_leg(checker, king).map_or(Bitboard::EMPTY, Bitboard::from_square);
            leg.with(checker)
        }
        PieceKind::Pawn | PieceKind::Cavalry | PieceKind::King => Bitboard::from_square(checker),
        _ => line.with(checker),
    }
}

/// What every piece's generation needs, computed once per call.
struct Context {
    us: Color,
    king: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    /// Where non-king moves may land: not on our own pieces, and in check on the check mask.
    target: Bitboard,
    pinned_line: Bitboard,
    pinned_leg: Bitboard,
    /// Where the king's steps may land (each is tested for safety, so a caller that keeps
    /// only some destinations says which), and whether it may castle.
    king_to: Bitboard,
    castle: bool,
}

impl Context {
    fn new<const IN_CHECK: bool>(pos: &Position) -> Context {
        let us = pos.side_to_move();
        let king = pos.king(us);
        let ours = pos.side_pieces(us);
        let mut target = !ours & pos.rules().board;
        if IN_CHECK {
            // A non-king move must answer every check at once. With two checkers that is
            // usually impossible, but a guard's leg can lie on the other checker's line (or be
            // shared by two guards), and one block then answers both.
            for checker in pos.checkers() {
                target &= check_mask(pos, king, checker);
            }
        }
        let st = pos.state();
        Context {
            us,
            king,
            occupied: pos.occupied(),
            theirs: pos.side_pieces(!us),
            target,
            pinned_line: st.pinned_line,
            pinned_leg: st.pinned_leg,
            king_to: Bitboard::FULL,
            castle: true,
        }
    }
}

/// For a piece pinned along a line: the squares between the king and the pinner, and the
/// pinner itself.
fn pin_segment(ctx: &Context, pinned: Square) -> Bitboard {
    for pinner in attacks::line(ctx.king, pinned) & ctx.theirs {
        let segment = attacks::between(ctx.king, pinner);
        if segment.has(pinned) && (segment & ctx.occupied) == Bitboard::from_square(pinned) {
            return segment.with(pinner);
        }
    }
    Bitboard::EMPTY
}

/// The legal moves of the non-king piece `kind` on `from`.
#[inline(always)]
fn board_piece_moves(pos: &Position, ctx: &Context, kind: PieceKind, from: Square) -> PieceMoves {
    let rules = pos.rules();
    let mut to = if kind == PieceKind::Pawn {
        let start = Bitboard::from_square(from);
        let empty = !ctx.occupied;
        let push = if ctx.us == Color::Black {
            start.north()
        } else {
            start.south()
        } & empty;
        let mut to = push | (attacks::pawn_attacks(ctx.us.index(), from) & ctx.theirs);
        if push.any() && pos.double_step_pawns().has(from) {
            to |= if ctx.us == Color::Black {
                push.north()
            } else {
                push.south()
            } & empty;
        }
        to
    } else {
        piece_attacks(kind, ctx.us, from, ctx.occupied)
    };
    to &= ctx.target;
    if ctx.pinned_line.has(from) {
        // Every piece that moves along its pin line stays between the king and the pinner,
        // except the cavalry, whose two-square leap can jump over the pinner or the king.
        to &= if kind == PieceKind::Cavalry {
            pin_segment(ctx, from)
        } else {
            attacks::line(ctx.king, from)
        };
    }
    if ctx.pinned_leg.has(from) {
        to &= pos.leg_pin_targets(from);
    }
    let mut set = PieceMoves::plain(kind, Some(from), to);
    let kinds = rules.promotions[kind.index()];
    if !kinds.is_empty() {
        let c = ctx.us.index();
        let zone = rules.promotion_zone[c];
        let may = if rules.promote_from_zone && zone.has(from) {
            to
        } else {
            to & zone
        };
        let forced = to & rules.dead_squares[kind.index()][c];
        set.promo_optional = may & !forced;
        set.promo_forced = forced;
        set.promo_kinds = kinds;
    }
    set
}

/// The king's legal moves, castling included when `castle` is set.
#[inline(always)]
fn king_moves(pos: &Position, ctx: &Context, castle: bool) -> PieceMoves {
    let them = !ctx.us;
    let candidates = attacks::king_attacks(ctx.king)
        & !pos.side_pieces(ctx.us)
        & pos.rules().board
        & ctx.king_to;
    let mut to = Bitboard::EMPTY;
    if pos.shogi_kinds_only() {
        to = king_safety::shogi_safe_king_steps(pos, ctx.king, them, candidates);
    } else {
        let without_king = ctx.occupied.without(ctx.king);
        for t in candidates {
            if !pos.is_attacked(t, them, without_king) {
                to = to.with(t);
            }
        }
    }
    let mut castles = Bitboard::EMPTY;
    if castle {
        let rights = pos.castling_rights();
        for wing in 0..2 {
            if rights & crate::rules::position::castle_bit(ctx.us, wing) == 0 {
                continue;
            }
            let cm = pos.rules().castling_move(ctx.us, wing);
            if (attacks::between(cm.king_from, cm.rook_from) & ctx.occupied).any() {
                continue;
            }
            let path = attacks::between(cm.king_from, cm.king_to).with(cm.king_to);
            if path
                .into_iter()
                .all(|s| !pos.is_attacked(s, them, ctx.occupied))
            {
                castles = castles.with(cm.king_to);
            }
        }
    }
    let mut set = PieceMoves::plain(PieceKind::King, Some(ctx.king), to | castles);
    set.castles = castles;
    set
}

/// The legal drops of `kind` (the caller has checked that drops are allowed now): on empty
/// squares of the target (in check, the squares that block it), never where the piece could
/// not move again, and as the rules say about checks, 二歩 and drop mates.
#[inline(always)]
fn drop_moves(pos: &Position, ctx: &Context, kind: PieceKind) -> PieceMoves {
    let rules = pos.rules();
    let c = ctx.us.index();
    let mut to = !ctx.occupied & ctx.target & !rules.dead_squares[kind.index()][c];
    if rules.nifu == Some(kind) {
        to &= !pos.pieces(ctx.us, kind).files();
    }
    if !rules.drop_may_check {
        to &= !check_squares(kind, ctx.us, pos.king(!ctx.us), ctx.occupied);
    } else if rules.no_drop_mate == Some(kind) {
        let checks = to & check_squares(kind, ctx.us, pos.king(!ctx.us), ctx.occupied);
        for sq in checks {
            if drop_mates(pos, kind, sq) {
                to = to.without(sq);
            }
        }
    }
    PieceMoves::plain(kind, None, to)
}

/// Whether dropping `kind` on `sq`, where it gives check, leaves the opponent no legal reply.
/// The check is a contact check (shogi's pawn), so it cannot be blocked: the opponent must
/// capture the piece with a piece that is not pinned, or move its king.
fn drop_mates(pos: &Position, kind: PieceKind, sq: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let king = pos.king(them);
    let occ = pos.occupied().with(sq);
    let theirs = pos.side_pieces(them);
    let dropped = piece_attacks(kind, us, sq, occ);
    let without_king = occ.without(king);
    for t in attacks::king_attacks(king) & pos.rules().board & !theirs {
        if !dropped.has(t) && !pos.is_attacked(t, us, without_king) {
            return false;
        }
    }
    let defenders = pos.attackers_to(sq, occ) & theirs & !Bitboard::from_square(king);
    for d in defenders {
        // The capture is legal unless it uncovers the king.
        if !pos.is_attacked(king, us, occ.without(d)) {
            return false;
        }
    }
    true
}

/// Whether the side to move may drop at all right now.
#[inline(always)]
fn drops_allowed(pos: &Position) -> bool {
    let rules = pos.rules();
    rules.drops
        && pos.cooldown(pos.side_to_move()) == 0
        && (rules.drop_in_check || !pos.in_check())
        && !pos.hand(pos.side_to_move()).is_empty()
}

/// Hands the legal moves of the mover's pieces to `listener`: the pawns in `pawns` (callers
/// that count the other pawns set-wise pass only the pinned ones), every other piece but those
/// in `skip` (which such callers have counted already), the king (with castling when not in
/// check), and the drops.
fn generate_with<const IN_CHECK: bool, F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    ctx: &Context,
    pawns: Bitboard,
    skip: Bitboard,
    listener: &mut F,
) -> bool {
    for from in pawns {
        let set = board_piece_moves(pos, ctx, PieceKind::Pawn, from);
        if set.to.any() && listener(set) {
            return true;
        }
    }
    for &kind in pos.rules().officers {
        for from in pos.pieces(ctx.us, kind) & !skip {
            let set = board_piece_moves(pos, ctx, kind, from);
            if set.to.any() && listener(set) {
                return true;
            }
        }
    }
    let set = king_moves(pos, ctx, !IN_CHECK && ctx.castle);
    if set.to.any() && listener(set) {
        return true;
    }
    if drops_allowed(pos) {
        for kind in pos.hand(ctx.us).kinds() {
            let set = drop_moves(pos, ctx, kind);
            if set.to.any() && listener(set) {
                return true;
            }
        }
    }
    false
}

/// The number of moves of the unpinned pawns, computed for all of them at once with shifts
/// (the per-piece path gives the same count; a test compares them).
#[inline(always)]
fn count_free_pawn_moves(pos: &Position, ctx: &Context) -> u64 {
    let rules = pos.rules();
    let c = ctx.us.index();
    let pawns = pos.pieces(ctx.us, PieceKind::Pawn) & !(ctx.pinned_line | ctx.pinned_leg);
    if pawns.is_empty() {
        return 0;
    }
    let empty = !ctx.occupied;
    let forward = |b: Bitboard| {
        if ctx.us == Color::Black {
            b.north()
        } else {
            b.south()
        }
    };
    let push = forward(pawns) & empty;
    let double = forward(forward(pawns & pos.double_step_pawns()) & empty) & empty & ctx.target;
    let ahead = forward(pawns);
    let captures = [
        ahead.west() & ctx.theirs & ctx.target,
        ahead.east() & ctx.theirs & ctx.target,
    ];
    let k = rules.promotions[PieceKind::Pawn.index()].len() as u64;
    let forced = rules.dead_squares[PieceKind::Pawn.index()][c];
    let optional = rules.promotion_zone[c] & !forced;
    let with_promotions = |t: Bitboard| {
        t.len() as u64
            + (t & optional).len() as u64 * k
            + (t & forced).len() as u64 * k.saturating_sub(1)
    };
    with_promotions(push & ctx.target)
        + double.len() as u64
        + with_promotions(captures[0])
        + with_promotions(captures[1])
}

/// Hands every non-empty set of legal moves to `listener`, piece by piece; the listener
/// returns `true` to stop early. Returns whether it was stopped.
pub fn generate<F: FnMut(PieceMoves) -> bool>(pos: &Position, mut listener: F) -> bool {
    let checkers = pos.checkers();
    let pawns = pos.pieces(pos.side_to_move(), PieceKind::Pawn);
    if checkers.is_empty() {
        let ctx = Context::new::<false>(pos);
        generate_with::<false, F>(pos, &ctx, pawns, Bitboard::EMPTY, &mut listener)
    } else {
        let ctx = Context::new::<true>(pos);
        generate_with::<true, F>(pos, &ctx, pawns, Bitboard::EMPTY, &mut listener)
    }
}

/// `generate` for a caller that keeps only the king's steps to `king_to`, and its castlings
/// only with `castle`: the others are not generated (the picker's capture and quiet stages;
/// a king step costs a safety test).
pub fn generate_king_limited<F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    king_to: Bitboard,
    castle: bool,
    mut listener: F,
) -> bool {
    let checkers = pos.checkers();
    let pawns = pos.pieces(pos.side_to_move(), PieceKind::Pawn);
    if checkers.is_empty() {
        let mut ctx = Context::new::<false>(pos);
        (ctx.king_to, ctx.castle) = (king_to, castle);
        generate_with::<false, F>(pos, &ctx, pawns, Bitboard::EMPTY, &mut listener)
    } else {
        let mut ctx = Context::new::<true>(pos);
        (ctx.king_to, ctx.castle) = (king_to, castle);
        generate_with::<true, F>(pos, &ctx, pawns, Bitboard::EMPTY, &mut listener)
    }
}

/// Every legal move, in generation order.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(pos, |set| {
        for m in set {
            // Capacity is far above any reachable count; stop quietly rather than panic.
            if list.try_push(m).is_err() {
                return true;
            }
        }
        false
    });
    list
}

/// The number of legal moves, counted without building them.
pub fn count_legal(pos: &Position) -> u64 {
    fn count<const IN_CHECK: bool>(pos: &Position) -> u64 {
        let ctx = Context::new::<IN_CHECK>(pos);
        let (stepped, counted) = bulk::count_free_shogi_pawn_moves(pos, &ctx);
        let mut n = count_free_pawn_moves(pos, &ctx) + stepped;
        let pinned_pawns = pos.pieces(ctx.us, PieceKind::Pawn) & (ctx.pinned_line | ctx.pinned_leg);
        generate_with::<IN_CHECK, _>(pos, &ctx, pinned_pawns, counted, &mut |set: PieceMoves| {
            n += set.len() as u64;
            false
        });
        n
    }
    let checkers = pos.checkers();
    if checkers.is_empty() {
        count::<false>(pos)
    } else {
        count::<true>(pos)
    }
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    generate(pos, |_| true)
}

/// The legal moves of the piece on `from` (empty if it is not the mover's).
pub(crate) fn moves_from(pos: &Position, from: Square) -> PieceMoves {
    let empty = PieceMoves::plain(PieceKind::Pawn, Some(from), Bitboard::EMPTY);
    let Some(piece) = pos.piece_at(from) else {
        return empty;
    };
    if piece.color != pos.side_to_move() {
        return empty;
    }
    let checkers = pos.checkers();
    if piece.kind == PieceKind::King {
        let ctx = Context::new::<true>(pos);
        return king_moves(pos, &ctx, checkers.is_empty());
    }
    let ctx = if checkers.is_empty() {
        Context::new::<false>(pos)
    } else {
        Context::new::<true>(pos)
    };
    board_piece_moves(pos, &ctx, piece.kind, from)
}

/// The legal drops of `kind` (empty if dropping it is not allowed now).
pub fn drops_of(pos: &Position, kind: PieceKind) -> PieceMoves {
    if !drops_allowed(pos) || pos.hand(pos.side_to_move()).count(kind) == 0 {
        return PieceMoves::plain(kind, None, Bitboard::EMPTY);
    }
    let ctx = if pos.in_check() {
        Context::new::<true>(pos)
    } else {
        Context::new::<false>(pos)
    };
    drop_moves(pos, &ctx, kind)
}

#[cfg(test)]
mod tests;
