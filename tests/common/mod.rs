//! Helpers shared by the root's integration tests: where the Python with the shogi packages is.
//! (The perft-suite reader and the slow reference move generator are the core crate's, in
//! crates/core/tests/common.)

use std::path::PathBuf;

/// The Python that has the shogi packages (python-shogi, cshogi, shogiarena):
/// `LONGJIANG_SHOGI_PYTHON`, else the venv `scripts/test` installs in `target/shogi-venv`.
pub fn shogi_python() -> PathBuf {
    if let Some(p) = std::env::var_os("LONGJIANG_SHOGI_PYTHON") {
        return PathBuf::from(p);
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/shogi-venv/bin/python");
    assert!(
        venv.exists(),
        "the shogi venv is missing ({} does not exist): run scripts/test, which installs \
         python-shogi, cshogi and shogiarena into it",
        venv.display()
    );
    venv
}
