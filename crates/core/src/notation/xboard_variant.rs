//! Each game as XBoard knows it: an engine-defined variant, given by a `setup` command (board
//! size, holdings, the piece-to-character table, the start position) and `piece` commands with
//! each piece's moves in Betza notation, so that XBoard draws the board and pieces and marks
//! their moves; the same definition is the `VariantMen` tag of XBoard's PGN. The rules Betza
//! cannot say (drop cooldown, no drop in check, no drop giving check, a dropped pawn's lost
//! double step) stay with the engine, which refuses such moves.

use crate::rules::{Front, Variant};

/// The variants the engine offers, in XBoard's `variants` feature: the games XBoard is served
/// (`longjiang,longjiang-nodrop`).
pub fn variants() -> String {
    let names: Vec<&str> = Variant::served_by(Front::XBoard)
        .map(Variant::name)
        .collect();
    names.join(",")
}

/// XBoard's piece types, in its own order (P N B R Q F E A C W M O H I J G D V L S U, then K),
/// with the letter each stands for here. A hand can only hold the first `HOLDINGS` types,
/// so the guard takes the sixth slot (XBoard's ferz image); the 枪兵 is the promoted pawn
/// (`+` in XBoard's promoted-pawn slot, the twelfth, written `+P` in FENs); the king is last.
pub const PIECE_TO_CHAR: &str = "PNBRQG.....+.........Kpnbrqg.....+.........k";

/// The no-drop game's table: no 枪兵 (so XBoard offers the chess-style promotion choice).
pub const PIECE_TO_CHAR_NODROP: &str = "PNBRQG...............Kpnbrqg...............k";

/// Hand slots in the drop game: P N B R Q G.
pub const HOLDINGS: usize = 6;

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

/// The `VariantMen` tag of XBoard's PGN for `variant`: each `piece` line's letter and moves,
/// `P:fmWfcFifmnD@9;N:ND@10;…`, the promoted pawn also for the second player (`+p:R4`), as
/// XBoard writes it, so that XBoard reading the file knows the pieces before any engine
/// defines them.
pub fn variant_men(variant: Variant) -> String {
    let mut men = Vec::new();
    for line in variant_lines(variant) {
        let Some((letter, moves)) = line.strip_prefix("piece ").and_then(|l| l.split_once("& "))
        else {
            continue;
        };
        men.push(format!("{letter}:{moves}"));
        if letter.starts_with('+') {
            men.push(format!("{}:{moves}", letter.to_ascii_lowercase()));
        }
    }
    men.join(";")
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
    fn xboard_is_offered_the_two_longjiang_games() {
        assert_eq!(variants(), "longjiang,longjiang-nodrop");
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

    /// What XBoard 4.9.1 wrote in the games it saved (tests/data/xboard-saved-*.pgn).
    #[test]
    fn variant_men_as_xboard_saves_it() {
        assert_eq!(
            variant_men(Variant::Longjiang),
            "P:fmWfcFifmnD@9;N:ND@10;B:B@10;R:R@10;Q:Q@10;G:Q2nN@10;+P:R4;+p:R4"
        );
        assert_eq!(
            variant_men(Variant::LongjiangNoDrop),
            "P:fmWfcFifmnD;N:ND;B:B;R:R;Q:Q;G:Q2nN"
        );
    }
}
