//! The output file of a datagen run: its format, the header line of the settings that decide
//! its games, what it already holds (for resuming, refused when the settings differ), and
//! the bytes of one finished game in either format.

use longjiang_core::data::binary::{self, Header, Kept};
use longjiang_core::data::sample::{GameEnd, Sample};
use longjiang_core::data::stream::{self, Form};
use longjiang_core::rules::{Rules, Variant, sfen};
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

/// A data file's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One line a record (`docs/datagen.md`, "Text format").
    Text,
    /// Packed positions (`docs/datagen.md`, "Binary format").
    Binary,
}

/// The settings that decide a file's games, in header order (`key=value`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Settings(pub Vec<(String, String)>);

/// The start of every header line this build writes.
pub const HEADER_START: &str = "longjiang datagen v2";

impl Settings {
    /// Adds a setting.
    pub fn with(mut self, key: &str, value: impl ToString) -> Settings {
        self.0.push((key.to_string(), value.to_string()));
        self
    }

    /// The header line (without the text format's `# `).
    pub fn line(&self) -> String {
        let mut s = HEADER_START.to_string();
        for (k, v) in &self.0 {
            s.push_str(&format!(" {k}={v}"));
        }
        s
    }

    /// The `key=value` words of a header line (of any version).
    pub fn parse(line: &str) -> Settings {
        let words = line.trim_start_matches('#').split_whitespace();
        Settings(
            words
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// How `self` (this run) differs from `file` (a file's header), one `key: file's value,
    /// this run's value` entry per difference. A header of this version (`full`) names every
    /// setting, so a key on one side only differs; an older header names fewer, so only its
    /// keys are compared, and `eval`, which those left out when classical.
    pub fn differences(&self, file: &Settings, full: bool) -> Vec<String> {
        let mut diff: Vec<String> = self
            .0
            .iter()
            .filter_map(|(k, v)| {
                let theirs = match file.get(k) {
                    Some(t) => t,
                    None if k == "eval" && !full => "classical",
                    None if full => "(none)",
                    None => return None,
                };
                (theirs != v).then(|| format!("{k}={theirs} in the file, {k}={v} in this run"))
            })
            .collect();
        if full {
            diff.extend(
                file.0
                    .iter()
                    .filter(|(k, _)| self.get(k).is_none())
                    .map(|(k, v)| format!("{k}={v} in the file, none in this run")),
            );
        }
        diff
    }

    /// Whether a header line is of this build's version (it names every setting).
    pub fn is_full(line: &str) -> bool {
        line.trim_start_matches(['#', ' '])
            .starts_with(HEADER_START)
    }
}

/// What an existing output file holds.
#[derive(Clone, Debug)]
pub struct Existing {
    /// Its form.
    pub format: Format,
    /// Its header's settings.
    pub settings: Settings,
    /// Whether its header is of this version (`Settings::is_full`).
    pub full: bool,
    /// The numbers of its finished games.
    pub games: HashSet<u64>,
    /// The positions of its finished games.
    pub positions: u64,
    /// Bytes up to the end of its last finished game (where a resumed run appends).
    pub complete_len: u64,
}

/// Reads what the file at `path` holds, through the core's reader; `None` when it does not
/// exist or is empty. A file cut in its last game is what a killed run leaves (resuming cuts
/// the game off); damage before that is an error, so that resuming never cuts whole games.
pub fn existing(path: &Path) -> Result<Option<Existing>, String> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
        Ok(m) if m.len() == 0 => return Ok(None),
        Ok(_) => {}
    }
    let survey = stream::survey(path).map_err(|e| e.to_string())?;
    if let Some(fault) = survey.fault.filter(|f| !f.is_cut()) {
        return Err(fault.to_string());
    }
    let line = &survey.header.line;
    Ok(Some(Existing {
        format: match survey.header.form {
            Form::Text => Format::Text,
            Form::Binary => Format::Binary,
        },
        settings: Settings::parse(line),
        full: Settings::is_full(line),
        games: survey.games.iter().map(|g| g.end.game).collect(),
        positions: survey.positions,
        complete_len: survey.complete_len,
    }))
}

/// An output file opened to append whole games, and what it already held.
#[derive(Debug)]
pub struct Output {
    /// The file, positioned at its end (after its last finished game).
    pub file: std::fs::File,
    /// Its form.
    pub format: Format,
    /// What it held before this run (`None`: a new file).
    pub existing: Option<Existing>,
}

/// Opens `path` to append the games of a run with `settings`: an existing file is resumed,
/// cut after its last finished game, and refused when its form differs from `format` or
/// its settings from `settings` (naming each difference; `flag` is the run's name for the
/// path); a new file, binary unless `format` says otherwise, gets its header. The file stays
/// locked while the `Output` lives, so a second run on it is refused instead of cutting and
/// repeating the first run's games.
pub fn open_output(
    path: &Path,
    variant: Variant,
    settings: &Settings,
    format: Option<Format>,
    flag: &str,
) -> Result<Output, String> {
    let named = |e: std::io::Error| format!("{}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(named)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(format!(
                "{} is being written by another run; stop that run first or use another {flag}",
                path.display()
            ));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(named(e)),
    }
    let existing = existing(path)?;
    let format = match (&existing, format) {
        (Some(e), Some(f)) if e.format != f => {
            return Err(format!(
                "{} is a {:?} file; --format {:?} asks for another form",
                path.display(),
                e.format,
                f
            ));
        }
        (Some(e), _) => e.format,
        (None, f) => f.unwrap_or(Format::Binary),
    };
    if let Some(e) = &existing {
        let diff = settings.differences(&e.settings, e.full);
        if !diff.is_empty() {
            return Err(format!(
                "{} was made with other settings ({}); resume it with its own or use another {flag}",
                path.display(),
                diff.join("; ")
            ));
        }
    }
    let complete = existing.as_ref().map_or(0, |e| e.complete_len);
    // Cut off the game that was being written when the last run stopped.
    file.set_len(complete).map_err(named)?;
    if complete == 0 {
        std::io::Write::write_all(&mut file, &header(format, variant, settings)).map_err(named)?;
    }
    Ok(Output {
        file,
        format,
        existing,
    })
}

/// The output file shared by a run's workers: each finished game is appended in one piece,
/// and the first error stops the run and is what the run returns.
#[derive(Debug)]
pub struct Sink {
    out: std::sync::Mutex<(std::fs::File, Option<String>)>,
    stop: std::sync::atomic::AtomicBool,
    path: std::path::PathBuf,
}

impl Sink {
    /// A sink writing to `file` (at `path`); `stopped`: the run has nothing to do.
    pub fn new(file: std::fs::File, path: &Path, stopped: bool) -> Sink {
        Sink {
            out: std::sync::Mutex::new((file, None)),
            stop: std::sync::atomic::AtomicBool::new(stopped),
            path: path.to_path_buf(),
        }
    }

    /// Whether the workers should stop (done, or failed).
    pub fn stopped(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Tells the workers to stop after their games in progress.
    pub fn stop(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Stops the run with error `e` (the first error is kept).
    pub fn fail(&self, e: String) {
        if let Ok(mut o) = self.out.lock() {
            o.1.get_or_insert(e);
        }
        self.stop();
    }

    /// Appends one finished game's `bytes`; `false` (nothing written) once the run has failed
    /// or when the write fails.
    pub fn append(&self, bytes: &[u8]) -> bool {
        let Ok(mut o) = self.out.lock() else {
            return false;
        };
        if o.1.is_some() {
            return false;
        }
        if let Err(e) = o.0.write_all(bytes).and_then(|()| o.0.flush()) {
            drop(o);
            self.fail(format!("{}: {e}", self.path.display()));
            return false;
        }
        true
    }

    /// The run's outcome: the first error, if any.
    pub fn finish(self) -> Result<(), String> {
        let (_, err) = self
            .out
            .into_inner()
            .map_err(|_| "a worker panicked".to_string())?;
        err.map_or(Ok(()), Err)
    }
}

/// The progress bar of a run that counts positions towards `len` (hidden with `quiet`).
pub fn positions_bar(len: u64, quiet: bool) -> Result<indicatif::ProgressBar, String> {
    let bar = if quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(len)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} positions, {per_sec}, ETA {eta} {msg}",
        )
        .map_err(|e| e.to_string())?
        .progress_chars("=> "),
    );
    Ok(bar)
}

/// The header of a new file.
pub fn header(format: Format, variant: Variant, settings: &Settings) -> Vec<u8> {
    match format {
        Format::Text => format!("# {}\n", settings.line()).into_bytes(),
        Format::Binary => binary::encode_header(&Header {
            variant,
            text: settings.line(),
        }),
    }
}

/// One finished game's bytes.
pub fn encode(
    format: Format,
    rules: &Rules,
    game: &GameEnd,
    kept: &[Kept],
) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(64 * kept.len() + 64);
    match format {
        Format::Text => {
            for k in kept {
                let s = Sample {
                    game: game.game,
                    ply: k.ply,
                    score: k.score,
                    result: game.result,
                    flags: k.flags,
                    sfen: sfen::write_setup(&k.setup, rules),
                };
                out.extend_from_slice(format!("{s}\n").as_bytes());
            }
            out.extend_from_slice(format!("{game}\n").as_bytes());
        }
        Format::Binary => binary::encode_game(rules, game, kept, &mut out)?,
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second run on a file that a run is writing is refused, and its file left as it was;
    /// once the first run's output is closed, the file opens again and keeps its header.
    #[test]
    fn a_file_being_written_is_refused_to_a_second_run() {
        let dir = std::env::temp_dir().join(format!("lj-lock-{}", std::process::id()));
        let path = dir.join("out.bin");
        let _ = std::fs::remove_dir_all(&dir);
        let run = Settings::default()
            .with("variant", "longjiang")
            .with("nodes", 200);
        let first = open_output(&path, Variant::Longjiang, &run, None, "--out").expect("first");
        let len = std::fs::metadata(&path)
            .map(|m| m.len())
            .expect("header written");
        assert!(len > 0);
        let second = open_output(&path, Variant::Longjiang, &run, None, "--out");
        let err = second.expect_err("a second writer");
        assert!(err.contains("being written by another run"), "{err}");
        assert_eq!(std::fs::metadata(&path).map(|m| m.len()).ok(), Some(len));
        drop(first);
        let again = open_output(&path, Variant::Longjiang, &run, None, "--out").expect("again");
        assert_eq!(again.existing.map(|e| e.complete_len), Some(len));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn older_headers_compare_the_keys_they_name() {
        let run = Settings::default()
            .with("variant", "longjiang")
            .with("nodes", 500)
            .with("endgames", 0.1)
            .with("eval", "nnue:00ff");
        let v1 = "# longjiang datagen v1 variant=longjiang nodes=500 seed=3 eval=nnue:00ff";
        assert!(!Settings::is_full(v1));
        assert!(run.differences(&Settings::parse(v1), false).is_empty());
        // A version-1 header without `eval` was classical.
        let classical = Settings::parse("# longjiang datagen v1 variant=longjiang nodes=500");
        let d = run.differences(&classical, false);
        assert_eq!(
            d,
            ["eval=classical in the file, eval=nnue:00ff in this run"]
        );
        // This version's header names everything: a key on one side only differs.
        let line = format!("# {}", run.clone().with("shard", "1/2").line());
        assert!(Settings::is_full(&line));
        let d = run.differences(&Settings::parse(&line), true);
        assert_eq!(d, ["shard=1/2 in the file, none in this run"]);
    }
}
