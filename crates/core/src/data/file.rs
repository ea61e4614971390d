//! A data file of either form, read whole through [`stream`]'s reader: its samples, its games
//! and its header line.

use super::error::DataError;
use super::sample::DataSet;
use super::stream;
use crate::rules::Variant;

/// Reads the data file at `path`, text or binary; a binary file cut in its last game is an
/// error (the text form drops such a game, see [`stream`]).
pub fn read_path(path: &std::path::Path) -> Result<DataSet, String> {
    read(path, None).map_err(|e| e.to_string())
}

/// Reads the data file at `path` (see [`read_path`]) and refuses it when its header names
/// another game than `variant` (the tuner's check).
pub fn read_path_of(path: &std::path::Path, variant: Variant) -> Result<DataSet, String> {
    read(path, Some(variant)).map_err(|e| e.to_string())
}

fn read(path: &std::path::Path, variant: Option<Variant>) -> Result<DataSet, DataError> {
    let mut r = stream::Reader::open(path)?;
    if let Some(v) = variant {
        r.expect(v)?;
    }
    let mut set = DataSet {
        header: r.header().line.clone(),
        ..Default::default()
    };
    while let Some(g) = r.next_game() {
        let g = g?;
        set.samples.reserve(g.entries.len());
        for e in g.entries {
            set.samples.push(r.sample(e));
        }
        set.games.push(g.end);
        set.complete_len = g.end_offset;
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_game_is_a_word_wherever_it_stands() {
        let d = std::env::temp_dir().join(format!("lj-data-file-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let sfen = "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBGQKGBNR b - KQkq 00 1";
        let path = d.join("last.txt");
        // The game is the header's last word: no space follows it.
        let text = format!(
            "# longjiang datagen v2 nodes=1 variant=longjiang-nodrop\n\
             p 0 8 12 1 0 {sfen}\ng 0 1 10 checkmate\n"
        );
        std::fs::write(&path, text).unwrap();
        let set = read_path_of(&path, Variant::LongjiangNoDrop).unwrap();
        assert_eq!(set.samples.len(), 1);
        let err = read_path_of(&path, Variant::Longjiang).unwrap_err();
        assert!(
            err.ends_with("data of longjiang-nodrop, not of longjiang"),
            "{err}"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }
}
