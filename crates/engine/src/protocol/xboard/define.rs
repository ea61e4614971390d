//! What the engine tells XBoard about itself and its games: the `feature` lines of the
//! handshake (protocol version 2, with `option` lines for the engine's options), and the
//! definition of each game as an engine-defined variant: a `setup` command (board size,
//! holdings, the piece-to-character table, the start position) and `piece` commands giving
//! each piece's moves in Betza notation, so that XBoard draws the board and pieces and marks
//! their moves. The rules Betza cannot say (drop cooldown, no drop in check, no drop giving
//! check, a dropped pawn's lost double step) stay with the engine, which refuses such moves.

use super::super::session::NAME;
use crate::rules::Variant;

/// The variants the engine offers, in XBoard's `variants` feature.
pub const VARIANTS: &str = "longjiang,longjiang-nodrop";

/// XBoard's piece types, in its own order (P N B R Q F E A C W M O H I J G D V L S U, then K),
/// with the letter each stands for here. A hand can only hold the first `HOLDINGS` types,
/// so the guard takes the sixth slot (XBoard's ferz image); the 枪兵 is the promoted pawn
/// (`+` in XBoard's promoted-pawn slot, the twelfth, written `+P` in FENs); the king is last.
pub const PIECE_TO_CHAR: &str = "PNBRQG.....+.........Kpnbrqg.....+.........k";

/// The no-drop game's table: no 枪兵 (so XBoard offers the chess-style promotion choice).
pub const PIECE_TO_CHAR_NODROP: &str = "PNBRQG...............Kpnbrqg...............k";

/// Hand slots in the drop game: P N B R Q G.
pub const HOLDINGS: usize = 6;

/// The lines that answer `protover`: the features, then the options, then `done=1`.
pub fn feature_lines(options: &[String]) -> Vec<String> {
    let mut lines = vec![
        "feature done=0".to_string(),
        format!(
            "feature myname=\"{NAME}\" variants=\"{VARIANTS}\" usermove=1 setboard=1 ping=1 \
             playother=1 san=0 colors=0 time=1 memory=1 smp=1 highlight=1 draw=1 sigint=0 \
             sigterm=0 reuse=1 analyze=1 name=0 ics=0 pause=0 nps=0 exclude=0 setscore=0 \
             debug=1"
        ),
    ];
    lines.extend(options.iter().map(|o| format!("feature option=\"{o}\"")));
    lines.push("feature done=1".to_string());
    lines
}

/// The `setup` and `piece` commands that define `variant` to XBoard (sent in answer to
/// `variant`).
pub fn variant_lines(variant: Variant) -> Vec<String> {
    let drops = variant.rules().drops;
    let holdings = if drops { HOLDINGS } else { 0 };
    let hand = if drops { "[]" } else { "" };
    let table = if drops {
        PIECE_TO_CHAR
    } else {
        PIECE_TO_CHAR_NODROP
    };
    let mut lines = vec![format!(
        "setup ({table}) 10x10+{holdings}_fairy \
         rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR{hand} w KQkq - 0 1"
    )];
    // Drops: any rank for the pieces, ranks 1-9 (of the dropping side) for a pawn.
    let (drop, pawn_drop) = if drops { ("@10", "@9") } else { ("", "") };
    // The pawn: one step forward, two from its start square (an initial-move only, both
    // squares empty), captures diagonally forward.
    lines.push(format!("piece P& fmWfcFifmnD{pawn_drop}"));
    // 骑兵: knight leaps and exact two-square orthogonal leaps, never blocked.
    lines.push(format!("piece N& ND{drop}"));
    lines.push(format!("piece B& B{drop}"));
    lines.push(format!("piece R& R{drop}"));
    lines.push(format!("piece Q& Q{drop}"));
    // 近卫: one or two squares any way (the second only over an empty square), and the knight
    // moves taken as an orthogonal step then a diagonal one, blocked on the first square.
    lines.push(format!("piece G& Q2nN{drop}"));
    // The king is not redefined: XBoard's own king castles as this game does on a board ten
    // files wide (three squares, f1-i1 and f1-c1, the rook jumping over it) and keeps the
    // castling rights. A Betza king (`KO3`) lets XBoard 4.9.1 castle a king that has moved,
    // even in check, so it calls real mates false (docs/xboard.md).
    if drops {
        // 枪兵: one to four squares orthogonally.
        lines.push("piece +P& R4".to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_letter_per_xboard_type() {
        let (white, black) = PIECE_TO_CHAR.split_at(PIECE_TO_CHAR.len() / 2);
        assert_eq!(white.len(), 22);
        assert_eq!(white.to_ascii_lowercase(), black);
        assert!(white.ends_with('K'));
        // The hand pieces sit in the first HOLDINGS slots.
        assert_eq!(&white[..HOLDINGS], "PNBRQG");
        // The promoted pawn sits where XBoard promotes its first type (slot 0 + 11).
        assert_eq!(white.as_bytes()[11], b'+');
    }

    #[test]
    fn each_game_is_defined() {
        let drop = variant_lines(Variant::Longjiang);
        assert!(drop[0].starts_with("setup (PNBRQG"));
        assert!(drop[0].contains(" 10x10+6_fairy "));
        assert!(drop[0].ends_with("RNBGQKGBNR[] w KQkq - 0 1"));
        assert!(drop.contains(&"piece G& Q2nN@10".to_string()));
        assert!(drop.contains(&"piece +P& R4".to_string()));
        assert!(drop.iter().all(|l| !l.starts_with("piece K")), "{drop:?}");
        let nodrop = variant_lines(Variant::LongjiangNoDrop);
        assert!(nodrop[0].contains(" 10x10+0_fairy "));
        assert!(nodrop[0].starts_with(&format!("setup ({PIECE_TO_CHAR_NODROP}) ")));
        assert_eq!(PIECE_TO_CHAR_NODROP.len(), PIECE_TO_CHAR.len());
        assert!(nodrop.iter().all(|l| !l.contains('@') && !l.contains("+P")));
        assert!(nodrop.contains(&"piece N& ND".to_string()));
    }
}
