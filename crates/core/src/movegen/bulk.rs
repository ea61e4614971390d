//! Set-wise move counts for bulk-counted perft: the moves of every unpinned piece of one kind
//! at once, with shifts instead of one table lookup per piece. The per-piece generator is the
//! slow twin; `bulk_count_matches_the_move_list_on_random_games` compares the two.

use super::Context;
use crate::geometry::Bitboard;
use crate::rules::{Color, PieceKind, Position};

/// The number of moves of the unpinned shogi pawns (one step straight ahead, capturing the
/// same way), promotions counted as the rules say, and the squares of the pawns counted (the
/// per-piece walk skips them).
#[inline(always)]
pub(super) fn count_free_shogi_pawn_moves(pos: &Position, ctx: &Context) -> (u64, Bitboard) {
    let kind = PieceKind::ShogiPawn;
    let pawns = pos.pieces(ctx.us, kind) & !(ctx.pinned_line | ctx.pinned_leg);
    if pawns.is_empty() {
        return (0, Bitboard::EMPTY);
    }
    let ahead = |b: Bitboard| {
        if ctx.us == Color::Black {
            b.north()
        } else {
            b.south()
        }
    };
    let rules = pos.rules();
    let c = ctx.us.index();
    let to = ahead(pawns) & ctx.target;
    let zone = rules.promotion_zone[c];
    // As `board_piece_moves`: a move may promote when it ends in the zone, or (shogi) starts
    // there.
    let may = if rules.promote_from_zone {
        (to & zone) | (ahead(pawns & zone) & ctx.target)
    } else {
        to & zone
    };
    let forced = to & rules.dead_squares[kind.index()][c];
    let k = rules.promotions[kind.index()].len() as u64;
    let n = to.len() as u64
        + (may & !forced).len() as u64 * k
        + (forced.len() as u64 * k).saturating_sub(forced.len() as u64);
    (n, pawns)
}
