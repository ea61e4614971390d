//! The generated weight file of a game (its table's `file`, under
//! `crates/engine/src/eval/weights/`): a header saying how it was made, then one `S(mg, eg)`
//! line per weight, named. The header names files by their names only, never by a path of
//! the machine that ran the tuner.

use longjiang_engine::eval::weights::{S, WeightTable};
use std::path::Path;

/// The text of `table`'s weight file with `weights`; `header` lines go into its module comment.
pub fn render(table: &WeightTable, weights: &[S], header: &[String]) -> String {
    let title = table.title;
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
    s.push_str("\nuse super::S;\n\n");
    s.push_str(&format!(
        "/// The weights of {title}, one per entry of its evaluation's `GROUPS`.\n"
    ));
    s.push_str(&format!("pub const WEIGHTS: [S; {}] = [\n", weights.len()));
    // Aligned as rustfmt aligns trailing comments, so that `cargo fmt` leaves the file alone.
    let items: Vec<String> = weights
        .iter()
        .map(|S(mg, eg)| format!("S({mg}, {eg}),"))
        .collect();
    let width = items.iter().map(String::len).max().unwrap_or(0);
    for (i, item) in items.iter().enumerate() {
        s.push_str(&format!("    {item:<width$} // {}\n", table.param_name(i)));
    }
    s.push_str("];\n");
    s
}

/// Rounds tuned floating-point weights to centipawns.
pub fn round(w: &[(f64, f64)]) -> Vec<S> {
    w.iter()
        .map(|&(m, e)| S(m.round() as i32, e.round() as i32))
        .collect()
}

/// `arg` as a header may show it: an absolute path (alone or after `--option=`) by its file
/// name only, so that a generated file does not carry one machine's directories.
pub fn portable(arg: &str) -> String {
    let (option, value) = match arg.split_once('=') {
        Some((o, v)) if o.starts_with("--") => (format!("{o}="), v),
        _ => (String::new(), arg),
    };
    let path = Path::new(value);
    match path.file_name() {
        Some(name) if path.is_absolute() => format!("{option}{}", name.to_string_lossy()),
        _ => arg.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_core::rules::Variant;
    use longjiang_engine::eval::games;

    /// The checked-in weight files are what the tuner writes (their body, after the header),
    /// and their headers name no directory of a machine.
    #[test]
    fn weight_files_are_the_tuners_output() {
        for v in Variant::EVERY {
            let table = games::of(v).classical.table();
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(table.file);
            let file = std::fs::read_to_string(&path).unwrap();
            let body = |t: &str| t[t.find("\nuse super").unwrap()..].to_string();
            assert_eq!(body(&file), body(&render(table, table.weights, &[])), "{v}");
            for line in file.lines().take_while(|l| l.starts_with("//!")) {
                let absolute = line[3..]
                    .split_whitespace()
                    .any(|w| w.trim_start_matches(['(', '`', '=']).starts_with('/'));
                assert!(!absolute, "{}: {line}", table.file);
            }
        }
    }

    #[test]
    fn headers_name_files_not_paths() {
        assert_eq!(portable("/work/data/nd2.txt"), "nd2.txt");
        assert_eq!(portable("--data=/work/sg7/a.txt"), "--data=a.txt");
        assert_eq!(portable("d1.txt"), "d1.txt");
        assert_eq!(portable("data/d1.txt"), "data/d1.txt");
        assert_eq!(portable("--lambda=0.5"), "--lambda=0.5");
    }
}
