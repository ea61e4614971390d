//! The evaluation of standard shogi, the game whose rules name weight set [`SHOGI_SET`]:
//! material on the board and in hand, piece-square (per kind, a rank and a file weight per
//! piece: pieces nearer the enemy camp, the king kept home), and king safety (own golds and
//! silvers beside the king, enemy pieces near it, enemy rooks and bishops on its lines).
//! Every weight is in the `SHOGI_*` groups of the shared table (`weights/shogi.rs`, written by
//! `longjiang tune`), so the tuner learns it like the 龙将棋 sets; only the middlegame halves
//! are used (shogi's material never leaves the game, as in the drop game, so there is no
//! phase). Scale: YaneuraOu's material table (pawn 90). Tuning runs: `docs/shogi.md`.

use super::weights::*;
use super::{Recorder, weigh};
use crate::geometry::{Bitboard, Square, attacks};
use crate::rules::{Color, PieceKind, Position};

/// The weight set index shogi's rule description names.
pub const SHOGI_SET: usize = 2;

/// What capturing a piece of `kind` swings this evaluation by: the piece leaves the board and
/// its unpromoted kind joins the capturer's hand (YaneuraOu's `CapturePieceValue`). The
/// search's exchange values for shogi (`search::see`) are these, so that its futility margins
/// and this evaluation share one scale.
pub const fn capture_value(kind: PieceKind) -> i32 {
    let w = &SETS[SHOGI_SET];
    w[SHOGI_PIECE + kind.index()].0 + w[SHOGI_HAND + kind.in_hand().index()].0
}

/// Rank index counted from `color`'s own back rank (0..=8).
fn relative_rank(color: Color, sq: Square) -> usize {
    let r = sq.rank().index() as usize;
    match color {
        Color::Black => r,
        Color::White => SHOGI_LINES - 1 - r,
    }
}

/// File index as `color` sees the board (0: its ninth file, on its left; 8: its first).
fn relative_file(color: Color, sq: Square) -> usize {
    let f = sq.file().index() as usize;
    match color {
        Color::Black => f,
        Color::White => SHOGI_LINES - 1 - f,
    }
}

/// The piece-square terms of `us`'s pieces of `kind` on `bb`: one rank and one file weight per
/// piece (the table is their sum, `SHOGI_RANK` + `SHOGI_FILE`).
fn squares<R: Recorder>(us: Color, kind: PieceKind, bb: Bitboard, w: &Weights, rec: &mut R) -> i32 {
    let row = kind.index() * SHOGI_LINES;
    let mut s = 0;
    for sq in bb {
        s += weigh(rec, w, us, SHOGI_RANK + row + relative_rank(us, sq), 1).0;
        s += weigh(rec, w, us, SHOGI_FILE + row + relative_file(us, sq), 1).0;
    }
    s
}

fn side_score<R: Recorder>(pos: &Position, us: Color, w: &Weights, rec: &mut R) -> i32 {
    let them = !us;
    let mut material = 0;
    let king = pos.king(us);
    let mut psqt = squares(us, PieceKind::King, Bitboard::from_square(king), w, rec);
    for &kind in pos.rules().officers {
        let bb = pos.pieces(us, kind);
        if bb.is_empty() {
            continue;
        }
        material += weigh(rec, w, us, SHOGI_PIECE + kind.index(), bb.len() as i32).0;
        psqt += squares(us, kind, bb, w, rec);
    }
    let hand = pos.hand(us);
    let mut held = 0;
    for kind in hand.kinds() {
        held += weigh(
            rec,
            w,
            us,
            SHOGI_HAND + kind.index(),
            hand.count(kind) as i32,
        )
        .0;
    }
    let near = attacks::king_attacks(king);
    let ring = near | attacks::guard_two_step_ring(king);
    let guards = pos.pieces(us, PieceKind::Gold) | pos.pieces(us, PieceKind::Silver);
    let mut safety = weigh(rec, w, us, SHOGI_GUARD_NEAR, (guards & near).len() as i32).0;
    let far = (guards & ring & !near).len() as i32;
    safety += weigh(rec, w, us, SHOGI_GUARD_RING, far).0;
    let attackers = pos.side_pieces(them) & ring & !pos.pieces(them, PieceKind::ShogiPawn);
    safety += weigh(rec, w, us, SHOGI_ATTACKER, attackers.len() as i32).0;
    let lines = pos.side_pieces(them)
        & ((attacks::rook_rays(king) & pos.rook_sliders())
            | (attacks::bishop_rays(king) & pos.bishop_sliders()));
    safety += weigh(rec, w, us, SHOGI_SLIDER_LINE, lines.len() as i32).0;
    rec.add("material", us, S(material, material));
    rec.add("hand", us, S(held, held));
    rec.add("psqt", us, S(psqt, psqt));
    rec.add("king safety", us, S(safety, safety));
    material + held + psqt + safety
}

/// The score of `pos` in centipawns, from the side to move's point of view, every term
/// handed to `rec`.
pub(super) fn evaluate_with<R: Recorder>(pos: &Position, rec: &mut R) -> i32 {
    let w = &SET_TABLE[SHOGI_SET];
    let us = pos.side_to_move();
    let mine = side_score(pos, us, w, rec);
    let theirs = side_score(pos, !us, w, rec);
    let tempo = weigh(rec, w, us, SHOGI_TEMPO, 1).0;
    rec.add("tempo", us, S(tempo, tempo));
    mine - theirs + tempo
}
