"""Shared helpers of the Python package's tests: the engine's CLI and random playouts."""
import os
import pathlib
import random
import subprocess

import pytest

import longjiang

ROOT = pathlib.Path(__file__).resolve().parents[2]
VARIANTS = ["longjiang", "longjiang-nodrop", "shogi"]


def cli_path():
    """The engine binary the tests compare against (LONGJIANG_BIN, else target/release)."""
    return os.environ.get("LONGJIANG_BIN", str(ROOT / "target" / "release" / "longjiang"))


def run_cli(*args):
    """Runs the CLI; returns (exit status, stdout, stderr)."""
    p = subprocess.run([cli_path(), *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    assert os.access(path, os.X_OK), f"the engine binary {path} is missing: cargo build --release"
    return run_cli


def playout(variant, seed, plies):
    """The boards of one seeded random game of at most `plies` plies, start position first."""
    rng = random.Random(seed)
    board = longjiang.Board(variant)
    boards = [board.copy()]
    for _ in range(plies):
        moves = board.legal_moves
        if not moves or board.outcome() is not None:
            break
        board.push(rng.choice(moves))
        boards.append(board.copy())
    return boards
