//! The data store: the directory outside the repository where datagen's files live
//! (`$LONGJIANG_DATA`, else `data` beside the checkout the binary was built from), and
//! `longjiang data`: `list` what is there, `convert` a file between the forms (counting or
//! removing duplicate positions).

use super::file::{self, Format, Settings};
use clap::{Args, Subcommand};
use longjiang_core::data::binary::Kept;
use longjiang_core::data::sample::GameEnd;
use longjiang_core::data::stream;
use longjiang_core::rules::{Rules, Variant};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable naming the store.
pub const ENV: &str = "LONGJIANG_DATA";

/// The store's directory: `$LONGJIANG_DATA`, else `../data` from the checkout this binary
/// was built in (so `/work/main`'s builds use `/work/data`).
pub fn dir() -> PathBuf {
    match std::env::var_os(ENV) {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("data"),
    }
}

/// Where `--out` writes: a bare name (one component, no `/`) is a file of the store; any
/// other path is itself.
pub fn resolve(out: &Path) -> Result<PathBuf, String> {
    let text = out.to_string_lossy();
    if text.is_empty() {
        return Err("--out is empty".into());
    }
    if text.contains('/') || text.contains(std::path::MAIN_SEPARATOR) || text.starts_with('.') {
        return Ok(out.to_path_buf());
    }
    Ok(dir().join(out))
}

/// Arguments of `longjiang data`.
#[derive(Args, Debug)]
pub struct DataArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: DataCommand,
}

/// The subcommands of `longjiang data`.
#[derive(Subcommand, Debug)]
pub enum DataCommand {
    /// List the data files of the store (or of DIR): game, positions, net and command.
    List {
        /// The directory (default: the store).
        dir: Option<PathBuf>,
    },
    /// Convert a data file into the other form (text → binary by default).
    Convert {
        /// The file to read (text or binary; a bare name is a file of the store).
        input: PathBuf,
        /// The file to write (a bare name is a file of the store); it must not exist.
        output: PathBuf,
        /// The form to write.
        #[arg(long, value_enum, default_value = "binary")]
        format: Format,
        /// Leave out positions already written (same board, hands, rights and side).
        #[arg(long)]
        dedup: bool,
    },
    /// Search the positions of a data file again at a fixed node count and write the same
    /// games with the new scores (resumable); then compare the two files' scores.
    Rescore(super::rescore::RescoreArgs),
    /// Pair two files' positions (a file and its rescored copy) by game and ply, and say how
    /// well each file's scores predict the results: fitted K, error, correlation.
    Compare {
        /// The first file (a bare name is a file of the store).
        first: PathBuf,
        /// The second file.
        second: PathBuf,
        /// Leave out positions scored beyond this in either file (centipawns), as `tune` does.
        #[arg(long, default_value_t = 3000)]
        max_score: i32,
    },
}

/// Runs `longjiang data`.
pub fn run(args: &DataArgs) -> Result<(), String> {
    match &args.command {
        DataCommand::List { dir: d } => {
            let d = d.clone().unwrap_or_else(dir);
            super::super::say(list(&d)?)
        }
        DataCommand::Convert {
            input,
            output,
            format,
            dedup,
        } => {
            let output = resolve(output)?;
            let c = convert(&resolve(input)?, &output, *format, *dedup)?;
            super::super::say(format_args!(
                "{} positions of {} games written to {}; {} duplicates {}\n",
                c.written,
                c.games,
                output.display(),
                c.duplicates,
                if *dedup { "left out" } else { "kept" }
            ))
        }
        DataCommand::Rescore(a) => {
            let done = super::rescore::run(a)?;
            let output = resolve(&a.output)?;
            let how = match a.nodes {
                0 => "kept with their own scores".to_string(),
                n => format!("rescored at {n} nodes"),
            };
            super::super::say(format_args!(
                "{} positions of {} games {how} into {}\n",
                done.positions,
                done.games,
                output.display()
            ))?;
            if a.quiet {
                return Ok(());
            }
            compare_files(&resolve(&a.input)?, &output, 3000)
        }
        DataCommand::Compare {
            first,
            second,
            max_score,
        } => compare_files(&resolve(first)?, &resolve(second)?, *max_score),
    }
}

/// Prints `data compare`'s report of two files.
fn compare_files(first: &Path, second: &Path, max_score: i32) -> Result<(), String> {
    let (a, b) = (
        longjiang_core::data::file::read_path(first)?,
        longjiang_core::data::file::read_path(second)?,
    );
    let name = |p: &Path| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let c = super::rescore::compare(&a, &b, max_score);
    super::super::say(super::rescore::report([&name(first), &name(second)], &c))
}

/// One file of a listing.
#[derive(Clone, Debug)]
pub struct StoredFile {
    /// The file.
    pub path: PathBuf,
    /// Its form.
    pub format: Format,
    /// Its header's settings.
    pub settings: Settings,
    /// Positions of its finished games.
    pub positions: u64,
    /// Its finished games.
    pub games: u64,
}

/// The data files of `dir` (those with a datagen header), by name.
pub fn entries(dir: &Path) -> Result<Vec<StoredFile>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let Ok(Some(ex)) = file::existing(&path) else {
            continue;
        };
        if ex.settings.get("variant").is_none() {
            continue;
        }
        out.push(StoredFile {
            path,
            format: ex.format,
            settings: ex.settings,
            positions: ex.positions,
            games: ex.games.len() as u64,
        });
    }
    Ok(out)
}

/// The listing `longjiang data list` prints.
pub fn list(dir: &Path) -> Result<String, String> {
    let entries = entries(dir)?;
    let mut s = format!("{} data files in {}\n", entries.len(), dir.display());
    let mut by_game: Vec<(String, u64)> = Vec::new();
    for e in &entries {
        let game = e.settings.get("variant").unwrap_or("?").to_string();
        let name = e
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        s.push_str(&format!(
            "{name}: {game}, {} positions, {} games, {:?}, eval={}\n  {}\n",
            e.positions,
            e.games,
            e.format,
            e.settings.get("eval").unwrap_or("classical"),
            e.settings
                .0
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        match by_game.iter_mut().find(|(g, _)| *g == game) {
            Some((_, n)) => *n += e.positions,
            None => by_game.push((game, e.positions)),
        }
    }
    for (g, n) in by_game {
        s.push_str(&format!("total {g}: {n} positions\n"));
    }
    Ok(s)
}

/// What a conversion did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Games written.
    pub games: u64,
    /// Positions written.
    pub written: u64,
    /// Positions seen before in the file (left out with `--dedup`).
    pub duplicates: u64,
}

/// A position's identity for duplicate counting: its packed bytes without ply and score.
fn identity(k: &Kept, rules: &Rules) -> Option<u64> {
    let mut b = Vec::with_capacity(48);
    binary_pack(k, rules, &mut b).ok()?;
    b[0] &= !longjiang_core::data::pack::SAMPLE_BITS;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    b.hash(&mut h);
    Some(h.finish())
}

fn binary_pack(k: &Kept, rules: &Rules, out: &mut Vec<u8>) -> Result<(), String> {
    longjiang_core::data::pack::pack(&k.setup, rules, 0, out)
}

/// Converts `input` (either form) into a new file `output` of `format`.
pub fn convert(
    input: &Path,
    output: &Path,
    format: Format,
    dedup: bool,
) -> Result<Converted, String> {
    if output.exists() {
        return Err(format!("{}: exists already", output.display()));
    }
    if !input.exists() {
        return Err(format!("{}: no such file", input.display()));
    }
    let ex = file::existing(input)?.ok_or_else(|| format!("{}: empty", input.display()))?;
    let variant: Variant = ex
        .settings
        .get("variant")
        .ok_or_else(|| format!("{}: no variant in its header", input.display()))?
        .parse()
        .map_err(|e| format!("{}: {e}", input.display()))?;
    let rules = variant.rules();
    let mut settings = ex.settings.clone();
    if dedup {
        settings = settings.with("dedup", "true");
    }
    let tmp = output.with_extension("part");
    let mut w = std::io::BufWriter::new(
        std::fs::File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?,
    );
    let werr = |e: std::io::Error| format!("{}: {e}", tmp.display());
    w.write_all(&file::header(format, variant, &settings))
        .map_err(werr)?;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut c = Converted::default();
    let mut sink = |end: GameEnd, mut kept: Vec<Kept>| -> Result<(), String> {
        kept.retain(|k| {
            let fresh = identity(k, &rules).is_none_or(|id| seen.insert(id));
            c.duplicates += u64::from(!fresh);
            fresh || !dedup
        });
        c.games += 1;
        c.written += kept.len() as u64;
        let bytes = file::encode(format, &rules, &end, &kept)?;
        w.write_all(&bytes).map_err(werr)
    };
    let mut r = stream::Reader::open(input).map_err(|e| e.to_string())?;
    while let Some(g) = r.next_game() {
        let g = g.map_err(|e| e.to_string())?;
        let game = g.end.game;
        let kept = g
            .entries
            .into_iter()
            .map(|e| {
                Ok(Kept {
                    ply: e.ply,
                    score: e.score,
                    flags: e.flags,
                    setup: e.setup(&rules)?,
                })
            })
            .collect::<Result<Vec<Kept>, String>>()
            .and_then(|kept| sink(g.end, kept));
        kept.map_err(|e| format!("{}: game {game}: {e}", input.display()))?;
    }
    w.flush().map_err(werr)?;
    drop(w);
    std::fs::rename(&tmp, output).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok(c)
}
