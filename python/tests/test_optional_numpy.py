"""numpy is an optional extra (`pip install 'longjiang[numpy]'`): without it the package
imports and works, and `training_arrays` raises an ordinary `ModuleNotFoundError` (an
`Exception`, so `except Exception` catches it) with a clear message, not a Rust panic."""
import importlib.metadata
import re
import subprocess
import sys

# Runs with numpy made unimportable (`sys.modules['numpy'] = None` makes `import numpy`
# raise ModuleNotFoundError), and prints what training_arrays raised.
CHILD = r"""
import sys
sys.modules["numpy"] = None
import longjiang
board = longjiang.Board()
board.push(board.legal_moves[0])
try:
    longjiang.training_arrays(sys.argv[1])
except Exception as e:
    print("caught", type(e).__name__, isinstance(e, ImportError), str(e))
except BaseException as e:
    print("uncaught", type(e).__name__)
"""


def test_training_arrays_without_numpy_raises_module_not_found(cli, tmp_path):
    path = tmp_path / "data.txt"
    rc, _, err = cli("datagen", "--variant", "longjiang", "--positions", "10", "--nodes", "200",
                     "--quiet", "--seed", "3", "--out", str(path))
    assert rc == 0, err
    p = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    said = p.stdout.strip()
    assert said.startswith("caught ModuleNotFoundError True "), said
    assert "longjiang[numpy]" in said, said


def test_numpy_is_an_optional_extra_of_the_wheel():
    meta = importlib.metadata.metadata("longjiang")
    assert "numpy" in (meta.get_all("Provides-Extra") or [])
    requires = meta.get_all("Requires-Dist") or []
    extra = [r for r in requires if r.startswith("numpy")]
    assert extra and all(re.search(r"extra\s*==\s*['\"]numpy['\"]", r) for r in extra), requires
