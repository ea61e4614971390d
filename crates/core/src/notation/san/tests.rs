use super::*;
use crate::notation::fen::parse_fen;
use crate::rules::{LONGJIANG, LONGJIANG_NODROP, Rules, Variant};

fn pos(fen: &str, rules: Rules) -> Position {
    parse_fen(fen, rules).unwrap()
}

fn san(p: &Position, text: &str, form: SanForm) -> String {
    let m = p.parse_move(text).unwrap();
    write_san(p, m, form).unwrap()
}

const HOLDINGS: &str = "r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R[NPpq] w KQkq - 0 1";

/// The SAN Fairy-Stockfish's pyffish 0.0.90 gives for these moves (`get_san`, the variants of
/// shared/reference/fairy-stockfish-variants.ini), and XBoard's spelling of the same moves.
#[test]
fn moves_as_fairy_stockfish_and_xboard_write_them() {
    let start = Position::start(LONGJIANG);
    let mut p = start.clone();
    for (text, fsf, xb) in [
        ("c2c4", "c4", "c3"),
        ("d9d7", "d7", "d6"),
        ("f2f3", "f3", "f2"),
        ("i10h8", "Nh8", "Nh7"),
        ("b1b3", "Nb3", "Nb2"),
    ] {
        assert_eq!(san(&p, text, SanForm::Standard), fsf);
        assert_eq!(san(&p, text, SanForm::XBoard), xb);
        p.play(p.parse_move(text).unwrap());
    }
    let h = pos(HOLDINGS, LONGJIANG);
    for (text, fsf, xb) in [
        ("b9b10+", "b10=S+", "b9=++"),
        ("b9a10+", "bxa10=S", "bxa9=+"),
        ("f1i1", "O-O", "O-O"),
        ("f1c1", "O-O-O", "O-O-O"),
        ("N*e5", "N@e5", "N@e4"),
        ("P*e7", "P@e7", "P@e6"),
    ] {
        assert_eq!(san(&h, text, SanForm::Standard), fsf, "{text}");
        assert_eq!(san(&h, text, SanForm::XBoard), xb, "{text}");
    }
    let mut s = h.clone();
    for m in ["b9b10+", "f10f9"] {
        s.play(s.parse_move(m).unwrap());
    }
    for (text, fsf, xb) in [
        ("b10b9", "Sb9+", "+Pb8+"),
        ("b10a10", "Sxa10", "+Pxa9"),
        ("b10f10", "Sf10+", "+Pf9+"),
    ] {
        assert_eq!(san(&s, text, SanForm::Standard), fsf, "{text}");
        assert_eq!(san(&s, text, SanForm::XBoard), xb, "{text}");
    }
    let nodrop = pos(
        "r4k3r/1P6pp/10/10/4p5/10/10/10/PP6PP/R4K3R w KQkq - 0 1",
        LONGJIANG_NODROP,
    );
    for (text, fsf, xb) in [
        ("b9b10q", "b10=Q+", "b9=Q+"),
        ("b9b10g", "b10=G", "b9=G"),
        ("b9b10n", "b10=N", "b9=N"),
    ] {
        assert_eq!(san(&nodrop, text, SanForm::Standard), fsf, "{text}");
        assert_eq!(san(&nodrop, text, SanForm::XBoard), xb, "{text}");
    }
    // Two 骑兵 reach c2: the rank tells them apart (both on the a-file).
    let two = pos("4k5/10/10/10/10/10/10/N9/10/N4K4[] w - - 0 1", LONGJIANG);
    for (text, fsf, xb) in [
        ("a1c2", "N1c2", "N0c1"),
        ("a3c2", "N3c2", "N2c1"),
        ("a1c1", "Nc1", "Nc0"),
    ] {
        assert_eq!(san(&two, text, SanForm::Standard), fsf, "{text}");
        assert_eq!(san(&two, text, SanForm::XBoard), xb, "{text}");
    }
}

#[test]
fn mate_is_marked() {
    // The rook mates on the tenth rank; the king's own pawns block it.
    let p = pos(
        "5k4/4ppp3/10/10/10/10/10/10/10/R4K4 w - - 0 1",
        LONGJIANG_NODROP,
    );
    assert_eq!(san(&p, "a1a10", SanForm::Standard), "Ra10#");
    assert_eq!(san(&p, "a1a10", SanForm::XBoard), "Ra9#");
    assert_eq!(san(&p, "a1a9", SanForm::Standard), "Ra9");
}

/// Every legal move of positions along pseudo-random games (both games, drops, promotions,
/// castling) has a SAN in each form that reads back as that move and as no other.
#[test]
fn every_legal_move_reads_back_in_both_forms() {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    let mut kinds = [false; 4]; // drop, promotion, castle, capture
    for variant in Variant::ALL {
        for _ in 0..6 {
            let mut p = Position::start(variant.rules());
            for _ in 0..120 {
                let moves = legal_moves(&p);
                if moves.is_empty() {
                    break;
                }
                for form in [SanForm::Standard, SanForm::XBoard] {
                    let mut words = Vec::new();
                    for &m in moves.iter() {
                        let w = write_san(&p, m, form).unwrap();
                        assert_eq!(parse_san(&p, &w, form), Ok(m), "{w} in {}", p.to_sfen());
                        words.push(w);
                        checked += 1;
                        kinds[0] |= m.is_drop();
                        kinds[1] |= m.promotion_kind().is_some();
                        kinds[2] |= m.is_castle();
                        kinds[3] |= !m.is_castle() && p.piece_at(m.to()).is_some();
                    }
                    words.sort();
                    let n = words.len();
                    words.dedup();
                    assert_eq!(words.len(), n, "two moves share a SAN in {}", p.to_sfen());
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                p.play(m);
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
    assert_eq!(kinds, [true; 4]);
}

#[test]
fn lenient_spellings_read() {
    let h = pos(HOLDINGS, LONGJIANG);
    let m = |t: &str| h.parse_move(t).unwrap();
    for (word, form, text) in [
        ("b10=S", SanForm::Standard, "b9b10+"),
        ("b10S", SanForm::Standard, "b9b10+"),
        ("b10(S)", SanForm::Standard, "b9b10+"),
        ("b9=+", SanForm::XBoard, "b9b10+"),
        ("b9+", SanForm::XBoard, "b9b10+"),
        ("b10", SanForm::Standard, "b9b10+"),
        ("0-0", SanForm::Standard, "f1i1"),
        ("O-O-O+", SanForm::Standard, "f1c1"),
        ("p@e6", SanForm::XBoard, "P*e7"),
        ("P*e7", SanForm::Standard, "P*e7"),
        ("Ra1-d1", SanForm::Standard, "a1d1"),
        ("Raд1", SanForm::Standard, ""),
        ("a2a4", SanForm::Standard, "a2a4"),
        ("a2-a4!?", SanForm::Standard, "a2a4"),
    ] {
        let got = parse_san(&h, word, form);
        if text.is_empty() {
            assert!(got.is_err(), "{word}");
        } else {
            assert_eq!(got, Ok(m(text)), "{word}");
        }
    }
}

#[test]
fn words_that_name_no_move_are_typed_errors() {
    let two = pos("4k5/10/10/10/10/10/10/N9/10/N4K4[] w - - 0 1", LONGJIANG);
    let f = SanForm::Standard;
    assert!(matches!(
        parse_san(&two, "Nc2", f),
        Err(SanError::Ambiguous(_))
    ));
    assert!(matches!(
        parse_san(&two, "Nc5", f),
        Err(SanError::NoSuchMove(_))
    ));
    assert!(matches!(
        parse_san(&two, "O-O", f),
        Err(SanError::NoSuchMove(_))
    ));
    for bad in [
        "", "Z", "e11", "e", "Nc", "K@e5x", "@e5", "N@e5e6", "Xe4", "e4=K",
    ] {
        assert!(
            matches!(
                parse_san(&two, bad, f),
                Err(SanError::Malformed(_) | SanError::NoSuchMove(_))
            ),
            "{bad}: {:?}",
            parse_san(&two, bad, f)
        );
    }
    let shogi = Position::start(Variant::Shogi.rules());
    assert_eq!(parse_san(&shogi, "P@e5", f), Err(SanError::NotThisGame));
    assert!("pgn".parse::<SanForm>().is_err());
    assert_eq!("xboard".parse::<SanForm>(), Ok(SanForm::XBoard));
}
