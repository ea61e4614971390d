//! The real XBoard, under a virtual X server (Xvfb), plays a game of each kind between two
//! longjiang processes in CECP mode. The test reads XBoard's debug log and the game it saved
//! (`-sgf`): every move the engines made must be legal and accepted by XBoard (no illegal-move
//! claims, each relayed to the other engine), the game must end by the rules with the result
//! the engine's rules give, and a screenshot of the final position is saved in
//! `target/tmp/xboard/<variant>/final.png` (pieces in hand in the drop game). XBoard draws
//! the repository's own piece images (`xboard/pieces/`, as the README's command line does),
//! and the screenshot must show them: enough pixels of their cream fill for the pieces on the
//! board and of the second player's red ink, which XBoard's own pieces never have.
//!
//! A second test loads the PGN of a real match into XBoard's own PGN reader and
//! checks that XBoard reads every move into the record's move.
//!
//! XBoard, Xvfb and ImageMagick come from `scripts/packages.txt`; `scripts/test` installs them.
//! Each game is bounded: the engines search to depth 4 (a few seconds a game), XBoard is
//! killed after a minute whatever happens, and the X server is stopped when the test ends.

use longjiang_core::notation::xboard_notation::move_text_from_xboard;
use longjiang_core::rules::{Color, Position, Variant};
use longjiang_engine::protocol::xboard::report::result_line;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long one game may take before XBoard is killed and the test fails.
const GAME_LIMIT: Duration = Duration::from_secs(60);

/// Finds a program on the PATH or in `/usr/games` (where Debian puts XBoard).
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games"), PathBuf::from("/usr/bin")])
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

fn need(program: &str, package: &str) -> PathBuf {
    find(program).unwrap_or_else(|| {
        panic!(
            "{program} is missing (Debian package {package}): run scripts/test, which installs \
             the packages in scripts/packages.txt"
        )
    })
}

/// A child process killed when dropped (Xvfb, XBoard).
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The X server: stopped with SIGTERM when dropped, so that it removes its lock file and
/// socket (a killed server leaves them behind and its display looks taken).
struct XServer(Child);

impl Drop for XServer {
    fn drop(&mut self) {
        let pid = self.0.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Held by each test for its whole run: two tests that start their X servers at once could
/// both take the same free display, and one's end would then close the other's.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Starts Xvfb on the first free display from :87 and returns it with its number.
fn start_xvfb(xvfb: &Path) -> (XServer, u32) {
    for n in 87..140 {
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        if socket.exists() || Path::new(&format!("/tmp/.X{n}-lock")).exists() {
            continue;
        }
        let child = Command::new(xvfb)
            .args([
                &format!(":{n}"),
                "-screen",
                "0",
                "1280x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut server = XServer(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if socket.exists() {
                return (server, n);
            }
            if let Ok(Some(_)) = server.0.try_wait() {
                break; // display taken after all: try the next
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("no display for Xvfb in :87 … :139");
}

/// The moves the engines announced (`move X` in XBoard's log), in order.
fn engine_moves(debug: &str) -> Vec<String> {
    debug
        .lines()
        .filter_map(|l| {
            let (_, rest) = l
                .split_once(" <first : ")
                .or_else(|| l.split_once(" <second: "))?;
            rest.strip_prefix("move ").map(str::to_string)
        })
        .collect()
}

/// The SAN moves of a saved game, comments and move numbers left out.
fn pgn_moves(pgn: &str) -> Vec<String> {
    let mut text = String::new();
    let mut depth = 0;
    for line in pgn.lines().filter(|l| !l.starts_with('[')) {
        for c in line.chars().chain([' ']) {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 => text.push(c),
                _ => {}
            }
        }
    }
    text.split_whitespace()
        .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
        .map(str::to_string)
        .collect()
}

/// The repository's piece images, which the README's command line gives XBoard.
fn pieces_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("xboard")
        .join("pieces")
}

/// The fill of every piece image in `xboard/pieces/`.
const PIECE_FILL: [u8; 3] = [0xff, 0xf4, 0xd0];

/// How many pixels of a screenshot have the pieces' fill (within a few levels, for the
/// scaling), and how many are the second player's red ink: `(fill, red)`.
fn piece_pixels(shot: &Path) -> (usize, usize) {
    let convert = need("convert", "imagemagick");
    let out = Command::new(convert)
        .arg(shot)
        .args(["-depth", "8", "rgb:-"])
        .output()
        .expect("convert runs");
    assert!(out.status.success(), "reading the screenshot's pixels");
    let mut fill = 0;
    let mut red = 0;
    for px in out.stdout.chunks_exact(3) {
        if px.iter().zip(PIECE_FILL).all(|(&a, b)| a.abs_diff(b) <= 8) {
            fill += 1;
        }
        if px[0] >= 140 && px[1] <= 60 && px[2] <= 60 {
            red += 1;
        }
    }
    (fill, red)
}

fn play_one(xboard: &Path, import: &Path, display: u32, variant: Variant) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("xboard")
        .join(variant.name());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the output folder");
    println!(
        "XBoard, {variant}: log, game and screenshot in {}",
        dir.display()
    );
    let engine = format!("{} --xboard", env!("CARGO_BIN_EXE_longjiang"));
    let game = dir.join("game.pgn");
    let debug = dir.join("debug.txt");
    let args: Vec<String> = [
        "-fcp",
        &engine,
        "-scp",
        &engine,
        "-variant",
        variant.name(),
        "-mode",
        "TwoMachines",
        "-tc",
        "5",
        "-inc",
        "0",
        "-depth",
        "4",
        "-ponderNextMove",
        "false",
        "-checkMates",
        "false",
        "-testClaims",
        "true",
        "-sgf",
        &game.to_string_lossy(),
        "-debug",
        "-nameOfDebugFile",
        &debug.to_string_lossy(),
        "-popupExitMessage",
        "false",
        "-popupMoveErrors",
        "false",
        "-xanimate",
        "-boardSize",
        "Medium",
        "-pieceImageDirectory",
        &pieces_dir().to_string_lossy(),
        "-trueColors",
        "true",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let child = Command::new(xboard)
        .args(&args)
        .current_dir(&dir)
        // XBoard keeps its settings in $HOME/.xboardrc: never the user's.
        .env("HOME", &dir)
        .env("DISPLAY", format!(":{display}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("XBoard starts");
    let xb = Killed(child);
    // The game is saved when it ends.
    let start = Instant::now();
    let saved = loop {
        let text = std::fs::read_to_string(&game).unwrap_or_default();
        if text.contains("[Result ") && text.trim_end().ends_with(['0', '1', '2', '*']) {
            break text;
        }
        assert!(
            start.elapsed() < GAME_LIMIT,
            "{variant}: no game saved after {GAME_LIMIT:?}; see {}",
            debug.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    std::thread::sleep(Duration::from_millis(500));
    let shot = dir.join("final.png");
    let raw = dir.join("screen.png");
    let status = Command::new(import)
        .args(["-display", &format!(":{display}"), "-window", "root"])
        .arg(&raw)
        .status()
        .expect("ImageMagick's import runs");
    assert!(status.success(), "the screenshot");
    let convert = need("convert", "imagemagick");
    let status = Command::new(convert)
        .arg(&raw)
        .args(["-trim", "+repage"])
        .arg(&shot)
        .status()
        .expect("convert runs");
    assert!(status.success(), "cropping the screenshot");
    drop(xb);

    let log = std::fs::read_to_string(&debug).expect("XBoard's debug log");
    assert!(
        !log.contains("Illegal move"),
        "{variant}: an illegal move in {}",
        debug.display()
    );
    assert!(
        !log.contains("False "),
        "{variant}: a false claim in {}",
        debug.display()
    );
    let moves = engine_moves(&log);
    let mut pos = Position::start(variant.rules());
    for (i, mv) in moves.iter().enumerate() {
        let text = move_text_from_xboard(mv).unwrap_or_else(|| panic!("move {}: {mv}", i + 1));
        let m = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{variant}: move {} ({mv}): {e}", i + 1));
        assert_eq!(
            pos.outcome(),
            None,
            "{variant}: move {} after the end",
            i + 1
        );
        pos.play(m);
    }
    // XBoard passed each move on to the other engine (all but the last, which ended it).
    let relayed = log.matches(": usermove ").count();
    assert!(
        relayed + 1 >= moves.len(),
        "{relayed} of {} moves relayed",
        moves.len()
    );
    let outcome = pos
        .outcome()
        .unwrap_or_else(|| panic!("{variant}: the game did not end by the rules: {saved}"));
    // The saved game has every move and ends with the engine's claim, which XBoard accepted.
    assert_eq!(pgn_moves(&saved).len(), moves.len(), "{saved}");
    let line = result_line(outcome);
    let (score, comment) = line.split_once(' ').expect("a result line");
    assert!(saved.contains(&format!("[Result \"{score}\"]")), "{saved}");
    assert!(
        saved.contains(&format!("{comment} {score}")),
        "{line}: {saved}"
    );
    assert!(
        saved.contains(&format!("[Variant \"{variant}\"]")),
        "{saved}"
    );
    let png = std::fs::read(&shot).expect("the screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{}",
        shot.display()
    );
    // The screenshot shows the repository's pieces, not XBoard's own (whose fill is white or
    // black, and which have no red): a piece at XBoard's Medium size has some 380 pixels of
    // fill and 60 of ink; a fallback to XBoard's images gives under 150 fill pixels in all.
    let svg = std::fs::read_to_string(pieces_dir().join("BlackKing.svg")).expect("an image");
    assert!(svg.contains("fill=\"#fff4d0\"") && svg.contains("fill=\"#b00000\""));
    let (fill, red) = piece_pixels(&shot);
    let on_board = pos.occupied().len() as usize;
    let second = pos.side_pieces(Color::White).len() as usize;
    println!("{variant}: {fill} fill and {red} red pixels for {on_board} pieces, {second} red");
    assert!(
        fill >= 150 * on_board,
        "{variant}: {fill} pixels of the pieces' fill for {on_board} pieces: XBoard did not draw \
         xboard/pieces/ in {}",
        shot.display()
    );
    assert!(
        red >= 15 * second,
        "{variant}: {red} red pixels for the second player's {second} pieces in {}",
        shot.display()
    );
    if variant.rules().drops {
        let held: u32 = Color::ALL.iter().map(|&c| pos.hand(c).total()).sum();
        assert!(
            held > 0,
            "the final position of the drop game has pieces in hand"
        );
    }
}

#[test]
fn xboard_plays_both_games_under_xvfb() {
    let xboard = need("xboard", "xboard");
    let xvfb = need("Xvfb", "xvfb");
    let import = need("import", "imagemagick");
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (_server, display) = start_xvfb(&xvfb);
    for variant in Variant::ALL {
        play_one(&xboard, &import, display, variant);
    }
}

/// The moves XBoard's PGN reader made of a loaded game (`Parsed <SAN> into <move>` in its
/// debug log), as XBoard moves, and whether it reached the game's end.
fn loaded_moves(debug: &str) -> (Vec<(String, String)>, bool) {
    let moves = debug
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("Parsed ")?;
            let mut w = rest.split_whitespace();
            let (san, into, mv) = (w.next()?, w.next()?, w.next()?);
            (into == "into" && mv != "IllegalMove").then(|| (san.to_string(), mv.to_string()))
        })
        .collect();
    (moves, debug.contains("Parsed game end:"))
}

/// Runs XBoard on game `index` of `pgn` (`-lgf`, `-lgi`) and returns its debug log once its
/// PGN reader reached the game's end or refused a move; `None` when XBoard wrote no log.
fn load_in_xboard(
    xboard: &Path,
    display: u32,
    variant: Variant,
    pgn: &Path,
    index: usize,
    debug: &Path,
) -> Option<String> {
    use longjiang_core::notation::xboard_variant::{HOLDINGS, PIECE_TO_CHAR, PIECE_TO_CHAR_NODROP};
    let (holdings, table) = if variant.rules().drops {
        (HOLDINGS, PIECE_TO_CHAR)
    } else {
        (0, PIECE_TO_CHAR_NODROP)
    };
    let dir = pgn.parent()?;
    let _ = std::fs::remove_file(debug);
    let engine = format!("{} --xboard", env!("CARGO_BIN_EXE_longjiang"));
    let child = Command::new(xboard)
        .args(["-fcp", &engine, "-variant", variant.name()])
        .args(["-boardWidth", "10", "-boardHeight", "10"])
        .args(["-holdingsSize", &holdings.to_string()])
        .args(["-pieceToCharTable", table, "-lgf"])
        .arg(pgn)
        .args(["-lgi", &index.to_string(), "-debug", "-nameOfDebugFile"])
        .arg(debug)
        .args(["-popupExitMessage", "false", "-popupMoveErrors", "false"])
        .args(["-xanimate", "-boardSize", "Medium"])
        .current_dir(dir)
        .env("HOME", dir)
        .env("DISPLAY", format!(":{display}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("XBoard starts");
    let xb = Killed(child);
    let start = Instant::now();
    let log = loop {
        let log = std::fs::read_to_string(debug).unwrap_or_default();
        let done = loaded_moves(&log).1
            || ["IllegalMove", "AmbiguousMove", "Parser hit end", "Bad FEN"]
                .iter()
                .any(|w| log.contains(w));
        if done {
            std::thread::sleep(Duration::from_millis(300));
            break Some(std::fs::read_to_string(debug).unwrap_or(log));
        }
        let limit = if log.is_empty() { 15 } else { 30 };
        if start.elapsed() > Duration::from_secs(limit) {
            break (!log.is_empty()).then_some(log);
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    // Ended with SIGTERM, so that XBoard stops its engine and leaves the display clean.
    let pid = xb.0.id().to_string();
    let _ = Command::new("kill").args(["-TERM", &pid]).status();
    std::thread::sleep(Duration::from_millis(300));
    drop(xb);
    log
}

/// The PGN of a real match, in XBoard's form (`record convert --form
/// xboard`), loads in XBoard's own PGN reader (`-lgf`, one run per game): XBoard reads every
/// SAN word into the move the record has, finds no illegal or ambiguous move, and reaches the
/// result. XBoard is told the board (`-boardWidth`, `-boardHeight`, `-holdingsSize`,
/// `-pieceToCharTable`) because it loads the file before the engine's `setup` arrives.
#[test]
fn xboard_loads_the_pgn_of_a_match_under_xvfb() {
    let xboard = need("xboard", "xboard");
    let xvfb = need("Xvfb", "xvfb");
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (_server, display) = start_xvfb(&xvfb);
    let bin = env!("CARGO_BIN_EXE_longjiang");
    for variant in Variant::ALL {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("xboard-pgn")
            .join(variant.name());
        let _ = std::fs::remove_dir_all(&dir);
        let out = dir.join("match");
        let engine = |name: &str| format!("cmd={bin},name={name},option.USI_Hash=8");
        let status = Command::new(bin)
            .args(["match", "--engine", &engine("a"), "--engine", &engine("b")])
            .args([
                "--variant",
                variant.name(),
                "--tc",
                "nodes=300",
                "--games",
                "2",
            ])
            .args(["--maxmoves", "60", "--out"])
            .arg(&out)
            .stdout(Stdio::null())
            .status()
            .expect("the match runs");
        assert!(status.success(), "the match");
        let converted = Command::new(bin)
            .args(["record", "convert", "--to", "pgn", "--form", "xboard"])
            .arg(out.join("games.pgn"))
            .output()
            .expect("record convert runs");
        assert!(converted.status.success(), "record convert");
        let pgn = dir.join("xboard.pgn");
        std::fs::write(&pgn, &converted.stdout).expect("write the PGN");
        let records = longjiang_core::notation::pgn::parse_pgn(
            &std::fs::read_to_string(out.join("games.pgn")).expect("games.pgn"),
        )
        .expect("the match's PGN");
        assert_eq!(records.len(), 2);
        for (i, record) in records.iter().enumerate() {
            let debug = dir.join(format!("debug-{}.txt", i + 1));
            // A start that writes no log at all (seen once on a loaded machine) is tried again.
            let load = || load_in_xboard(&xboard, display, variant, &pgn, i + 1, &debug);
            let log = load().or_else(load).unwrap_or_else(|| {
                panic!(
                    "{variant}: XBoard did not load game {} of {}; see {}",
                    i + 1,
                    pgn.display(),
                    debug.display()
                )
            });
            for bad in ["IllegalMove", "AmbiguousMove", "Bad FEN"] {
                assert!(
                    !log.contains(bad),
                    "{variant}: {bad} in {}",
                    debug.display()
                );
            }
            let (moves, ended) = loaded_moves(&log);
            assert!(ended, "{variant}: XBoard did not reach the result");
            assert_eq!(moves.len(), record.moves.len(), "{}", debug.display());
            let form = variant.rules().text;
            for (k, ((san, mv), &ours)) in moves.iter().zip(&record.moves).enumerate() {
                let engine = move_text_from_xboard(mv)
                    .unwrap_or_else(|| panic!("move {}: XBoard's {mv}", k + 1));
                assert_eq!(
                    engine,
                    longjiang_core::rules::ascii::move_text(ours, form),
                    "{variant}, game {}, move {} ({san})",
                    i + 1,
                    k + 1
                );
            }
        }
    }
}
