//! The generated weight file of a game (`crates/engine/src/eval/weights/<game>.rs`): a header
//! saying how it was made, then one `S(mg, eg)` line per weight, named.

use crate::eval::weights::{NUM_PARAMS, S, Weights, param_name};

/// The game's name as the file's first line gives it.
pub fn game_title(set: usize) -> &'static str {
    match set {
        0 => "the drop game (longjiang)",
        1 => "the no-drop game (longjiang-nodrop)",
        _ => "standard shogi (shogi)",
    }
}

/// The text of weight file `set` with `weights`; `header` lines go into its module comment.
pub fn render(set: usize, weights: &Weights, header: &[String]) -> String {
    let title = game_title(set);
    let mut s = format!(
        "//! The evaluation weights of {title}, written by `longjiang tune`; do not edit by hand.\n//!\n"
    );
    for h in header {
        if h.is_empty() {
            s.push_str("//!\n");
        } else {
            s.push_str(&format!("//! {h}\n"));
        }
    }
    s.push_str("\nuse super::{NUM_PARAMS, S};\n\n");
    s.push_str(&format!(
        "/// The weights of {title}; the indices are `super::GROUPS`.\n"
    ));
    s.push_str("pub const WEIGHTS: [S; NUM_PARAMS] = [\n");
    // Aligned as rustfmt aligns trailing comments, so that `cargo fmt` leaves the file alone.
    let items: Vec<String> = weights
        .iter()
        .take(NUM_PARAMS)
        .map(|S(mg, eg)| format!("S({mg}, {eg}),"))
        .collect();
    let width = items.iter().map(String::len).max().unwrap_or(0);
    for (i, item) in items.iter().enumerate() {
        s.push_str(&format!("    {item:<width$} // {}\n", param_name(i)));
    }
    s.push_str("];\n");
    s
}

/// Rounds tuned floating-point weights to centipawns.
pub fn round(w: &[(f64, f64)]) -> Weights {
    let mut out = [S(0, 0); NUM_PARAMS];
    for (o, &(m, e)) in out.iter_mut().zip(w) {
        *o = S(m.round() as i32, e.round() as i32);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::SETS;

    /// The checked-in weight files are what the tuner writes (their body, after the header).
    #[test]
    fn weight_files_are_the_tuners_output() {
        let files = [
            include_str!("../../../crates/engine/src/eval/weights/longjiang.rs"),
            include_str!("../../../crates/engine/src/eval/weights/longjiang_nodrop.rs"),
            include_str!("../../../crates/engine/src/eval/weights/shogi.rs"),
        ];
        for (set, file) in files.iter().enumerate() {
            let body = |t: &str| t[t.find("\nuse super").unwrap()..].to_string();
            assert_eq!(body(file), body(&render(set, &SETS[set], &[])));
        }
    }
}
