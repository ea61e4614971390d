//! One position packed into a few bytes for datagen's binary files (`docs/datagen.md`,
//! "Binary format", byte by byte): the occupied squares of the game's board as a bitmap, one
//! short code per piece, the hands, castling, cooldowns, the side to move and the pawns that
//! lost their double step. The widths come from the game's description (how many kinds it
//! has, how many it can hold), so the same code packs 10×10 and 9×9 positions.

use crate::geometry::Square;
use crate::rules::{Color, Hand, Piece, Rules, Setup};

/// The record's flag bit for "the second player is to move".
pub const SIDE_BIT: u8 = 0x20;
/// The record's flag bit for "a list of pawns without their double step follows".
pub const NO_DOUBLE_STEP_BIT: u8 = 0x40;
/// Bits of the record's flag byte that datagen's `SampleFlags` use.
pub const SAMPLE_BITS: u8 = 0x1f;

/// Bits needed for a code below `n`.
fn width(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

/// The squares of the game's board, in index order.
fn board_squares(rules: &Rules) -> impl Iterator<Item = Square> + '_ {
    Square::all().filter(|&sq| rules.board.has(sq))
}

/// Bits of one piece code: side × the game's kinds.
pub fn piece_bits(rules: &Rules) -> u32 {
    width(2 * rules.kinds.len())
}

/// Bits of one hand code: side × the kinds the game holds.
pub fn hand_bits(rules: &Rules) -> u32 {
    width(2 * rules.hand_order.len())
}

/// Writes values of a few bits each, lowest bit first, into whole bytes.
struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u32,
    n: u32,
}

impl BitWriter<'_> {
    fn put(&mut self, value: u32, bits: u32) {
        self.acc |= value << self.n;
        self.n += bits;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

/// Reads what `BitWriter` wrote.
struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
    acc: u32,
    n: u32,
}

impl BitReader<'_> {
    fn get(&mut self, bits: u32) -> Option<u32> {
        while self.n < bits {
            let b = *self.bytes.get(self.at)?;
            self.at += 1;
            self.acc |= u32::from(b) << self.n;
            self.n += 8;
        }
        let v = self.acc & ((1 << bits) - 1);
        self.acc >>= bits;
        self.n -= bits;
        Some(v)
    }
}

/// Appends the packed position (everything but the record's ply and score) to `out`.
/// `flags` are the record's `SampleFlags` bits. Fails only on a setup the game cannot hold.
pub fn pack(setup: &Setup, rules: &Rules, flags: u8, out: &mut Vec<u8>) -> Result<(), String> {
    let mut f = flags & SAMPLE_BITS;
    if setup.side == Color::White {
        f |= SIDE_BIT;
    }
    let nds: Vec<Square> = setup.no_double_step.into_iter().collect();
    if !nds.is_empty() {
        f |= NO_DOUBLE_STEP_BIT;
    }
    out.push(f);
    if setup.cooldown.iter().any(|&c| c > 3) || setup.castling > 15 {
        return Err("a cooldown or castling right too large to pack".into());
    }
    out.push(setup.castling | setup.cooldown[0] << 4 | setup.cooldown[1] << 6);
    let squares: Vec<Square> = board_squares(rules).collect();
    let mut bits = BitWriter { out, acc: 0, n: 0 };
    for &sq in &squares {
        bits.put(u32::from(setup.board[sq.index()].is_some()), 1);
    }
    bits.finish();
    let mut bits = BitWriter { out, acc: 0, n: 0 };
    let pb = piece_bits(rules);
    for &sq in &squares {
        if let Some(p) = setup.board[sq.index()] {
            let k = rules
                .kinds
                .iter()
                .position(|&k| k == p.kind)
                .ok_or_else(|| format!("{:?} is not a piece of {}", p.kind, rules.variant))?;
            bits.put((p.color.index() * rules.kinds.len() + k) as u32, pb);
        }
    }
    bits.finish();
    if rules.drops {
        let total: u32 = setup.hands.iter().map(Hand::total).sum();
        let total = u8::try_from(total).map_err(|_| "too many pieces in hand to pack")?;
        out.push(total);
        let mut bits = BitWriter { out, acc: 0, n: 0 };
        let hb = hand_bits(rules);
        for color in Color::ALL {
            for (slot, &kind) in rules.hand_order.iter().enumerate() {
                for _ in 0..setup.hands[color.index()].count(kind) {
                    bits.put((color.index() * rules.hand_order.len() + slot) as u32, hb);
                }
            }
        }
        bits.finish();
    }
    if !nds.is_empty() {
        out.push(nds.len() as u8);
        out.extend(nds.iter().map(|sq| sq.index() as u8));
    }
    Ok(())
}

/// Unpacks a position packed by [`pack`] from the start of `bytes`: the setup (move number
/// 1; the caller sets it), the record's flag byte and how many bytes it took. `None` when the
/// bytes end too soon or hold a code the game does not have (the caller names the offset).
pub fn unpack(bytes: &[u8], rules: &Rules) -> Option<(Setup, u8, usize)> {
    let flags = *bytes.first()?;
    let state = *bytes.get(1)?;
    if flags & 0x80 != 0 {
        return None;
    }
    let mut setup = Setup::empty();
    setup.side = if flags & SIDE_BIT != 0 {
        Color::White
    } else {
        Color::Black
    };
    setup.castling = state & 15;
    setup.cooldown = [(state >> 4) & 3, state >> 6];
    let squares: Vec<Square> = board_squares(rules).collect();
    let occ_len = squares.len().div_ceil(8);
    let occ = bytes.get(2..2 + occ_len)?;
    let occupied: Vec<Square> = squares
        .iter()
        .enumerate()
        .filter(|(i, _)| occ[i / 8] >> (i % 8) & 1 == 1)
        .map(|(_, &sq)| sq)
        .collect();
    let mut at = 2 + occ_len;
    let pb = piece_bits(rules);
    let piece_len = (occupied.len() * pb as usize).div_ceil(8);
    let mut bits = BitReader {
        bytes: bytes.get(at..at + piece_len)?,
        at: 0,
        acc: 0,
        n: 0,
    };
    let n_kinds = rules.kinds.len();
    for sq in occupied {
        let code = bits.get(pb)? as usize;
        let color = if code < n_kinds {
            Color::Black
        } else {
            Color::White
        };
        let kind = *rules
            .kinds
            .get(code % n_kinds)
            .filter(|_| code < 2 * n_kinds)?;
        setup.board[sq.index()] = Some(Piece::new(color, kind));
    }
    at += piece_len;
    if rules.drops {
        let total = *bytes.get(at)? as usize;
        at += 1;
        let hb = hand_bits(rules);
        let hand_len = (total * hb as usize).div_ceil(8);
        let mut bits = BitReader {
            bytes: bytes.get(at..at + hand_len)?,
            at: 0,
            acc: 0,
            n: 0,
        };
        let n = rules.hand_order.len();
        for _ in 0..total {
            let code = bits.get(hb)? as usize;
            if code >= 2 * n {
                return None;
            }
            let hand = &mut setup.hands[code / n];
            let kind = rules.hand_order[code % n];
            hand.set(kind, hand.count(kind).checked_add(1)?);
        }
        at += hand_len;
    }
    if flags & NO_DOUBLE_STEP_BIT != 0 {
        let k = *bytes.get(at)? as usize;
        at += 1;
        for &i in bytes.get(at..at + k)? {
            setup.no_double_step = setup.no_double_step.with(Square::new(i)?);
        }
        at += k;
    }
    Some((setup, flags, at))
}
