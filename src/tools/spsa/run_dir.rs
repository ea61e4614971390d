//! The state of a run in its `--out` directory, shared by its shards: each shard appends one
//! line per iteration it finished to its own results file; θ is never stored, it is replayed
//! from the results (the directions depend only on the seed and the iteration), so a killed
//! shard resumes where it stopped and every shard computes the same path.
//!
//! Files: `spsa.args` (settings), `params.txt` (the parameters as given), `results-I-of-N.txt`
//! (`k wins draws losses` of the plus side in the part's games of iteration `k`),
//! `games-I-of-N.tsv` (the part's games: result, plies, clocks, why each ended), and from
//! the first shard `path.tsv` (iteration, result, θ), `tuned.txt` (θ rounded, in the input
//! format) and `params.rs` (the build's file with θ as defaults).

use crate::tools::engines::stats::Wdl;
use crate::tools::shard::Shard;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The results file of a part.
pub fn results_path(dir: &Path, shard: Shard) -> PathBuf {
    dir.join(format!(
        "results-{}-of-{}.txt",
        shard.index + 1,
        shard.count
    ))
}

/// The games journal of a part: one line per finished game (`play::GameRecord`).
pub fn games_path(dir: &Path, shard: Shard) -> PathBuf {
    dir.join(format!("games-{}-of-{}.tsv", shard.index + 1, shard.count))
}

/// Readies a part's games journal: a torn last line cut off, and `header` written as the
/// only line when the run is fresh or the journal is missing.
pub fn start_games(path: &Path, header: &str, fresh: bool) -> Result<(), String> {
    repair(path)?;
    if fresh || !path.exists() {
        std::fs::write(path, format!("{header}\n"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Appends lines to a part's games journal. Written after the iteration's result: a part
/// killed between the two writes loses that iteration's lines, never repeats them.
pub fn append_games(path: &Path, lines: &[String]) -> Result<(), String> {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    open_append(path)?
        .write_all(text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Opens a file of the run for appending, creating it if missing.
fn open_append(path: &Path) -> Result<std::fs::File, String> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Refuses a part whose count differs from the results already in `dir` (a sharded run
/// resumed without its `--shard`, or with another N).
pub fn check_split(dir: &Path, shard: Shard) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let count = name
            .strip_prefix("results-")
            .and_then(|n| n.strip_suffix(".txt"))
            .and_then(|n| n.split_once("-of-"))
            .and_then(|(_, c)| c.parse::<u32>().ok());
        if let Some(c) = count
            && c != shard.count
        {
            return Err(format!(
                "{} holds the results of a run in {c} parts ({name}); give --shard I/{c}",
                dir.display()
            ));
        }
    }
    Ok(())
}

/// Reads a results file (missing: none yet). A last line without its newline (a shard
/// killed while writing) is dropped.
pub fn read_results(path: &Path) -> Result<BTreeMap<u32, Wdl>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut out = BTreeMap::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if !line.ends_with('\n') {
            break;
        }
        let f: Vec<u32> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| format!("{}:{}: not four numbers", path.display(), n + 1))?;
        let [k, wins, draws, losses] = f[..] else {
            return Err(format!("{}:{}: not four numbers", path.display(), n + 1));
        };
        out.insert(
            k,
            Wdl {
                wins,
                draws,
                losses,
            },
        );
    }
    Ok(out)
}

/// Appends iteration `k`'s line to a part's results file, synced before it returns.
pub fn append_result(path: &Path, k: u32, r: Wdl) -> Result<(), String> {
    let mut f = open_append(path)?;
    writeln!(f, "{k} {} {} {}", r.wins, r.draws, r.losses)
        .and_then(|()| f.sync_all())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Cuts a torn last line (a part killed while writing) off a results file, so that the
/// next line appended starts a line of its own.
pub fn repair(path: &Path) -> Result<(), String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(());
    };
    if text.is_empty() || text.ends_with('\n') {
        return Ok(());
    }
    let keep = text.rfind('\n').map_or(0, |i| i + 1);
    std::fs::write(path, &text[..keep]).map_err(|e| format!("{}: {e}", path.display()))
}

/// The path of the run: iteration, the plus side's results, θ after the update.
pub const PATH_LOG: &str = "path.tsv";

/// Appends iteration `k` to the path.
pub fn append_path(dir: &Path, k: u32, r: Wdl, theta: &[f64]) -> Result<(), String> {
    let path = dir.join(PATH_LOG);
    let mut line = format!("{k}\t{}\t{}\t{}\t{}", r.wins, r.draws, r.losses, r.score());
    theta.iter().for_each(|x| line += &format!("\t{x:.3}"));
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .and_then(|mut f| writeln!(f, "{line}"))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Every part's result of iteration `k`, summed, once all `count` parts have one.
pub fn whole_result(dir: &Path, count: u32, k: u32) -> Result<Option<Wdl>, String> {
    let mut sum = Wdl::default();
    for index in 0..count {
        let part = read_results(&results_path(dir, Shard { index, count }))?;
        match part.get(&k) {
            Some(&r) => sum = sum.plus(r),
            None => return Ok(None),
        }
    }
    Ok(Some(sum))
}

/// Writes `text` to `dir/name` through a temporary file, so a reader never sees half of it.
/// The temporary name is the writer's own (process id and a count): two parts of one run may
/// save the same file at once, and one part's rename must not take the other's file away.
pub fn write_atomic(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let k = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{k}.tmp", std::process::id()));
    let path = dir.join(name);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writers_of_the_same_file_at_once_all_succeed() {
        let dir = std::env::temp_dir().join(format!("lj-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let writers: Vec<_> = (0..4)
            .map(|_| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    (0..200).all(|_| write_atomic(&dir, "same.txt", "one text\n").is_ok())
                })
            })
            .collect();
        for w in writers {
            assert!(w.join().unwrap());
        }
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "temporary files left behind");
        assert_eq!(
            std::fs::read_to_string(dir.join("same.txt")).unwrap(),
            "one text\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn results_are_appended_read_back_and_summed_over_the_parts() {
        let dir = std::env::temp_dir().join(format!("lj-spsa-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let a = Shard { index: 0, count: 2 };
        let b = Shard { index: 1, count: 2 };
        let r = |wins, draws, losses| Wdl {
            wins,
            draws,
            losses,
        };
        append_result(&results_path(&dir, a), 1, r(2, 0, 0)).unwrap();
        append_result(&results_path(&dir, a), 2, r(0, 1, 1)).unwrap();
        assert_eq!(whole_result(&dir, 2, 1).unwrap(), None);
        append_result(&results_path(&dir, b), 1, r(0, 1, 1)).unwrap();
        assert_eq!(whole_result(&dir, 2, 1).unwrap(), Some(r(2, 1, 1)));
        assert_eq!(whole_result(&dir, 2, 1).unwrap().map(Wdl::score), Some(1));
        // A torn last line is not a result.
        let path = results_path(&dir, b);
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        write!(f, "2 1 0").unwrap();
        assert_eq!(read_results(&path).unwrap().len(), 1);
        repair(&path).unwrap();
        append_result(&path, 2, r(1, 0, 1)).unwrap();
        assert_eq!(read_results(&path).unwrap().get(&2), Some(&r(1, 0, 1)));
        std::fs::write(&path, "1 x 0 0\n").unwrap();
        assert!(
            read_results(&path)
                .unwrap_err()
                .contains(":1: not four numbers")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
