"""Legal-move sets on seeded random playouts against independent oracles: python-shogi in
shogi, pyffish (Fairy-Stockfish) in the no-drop game, the engine's own CLI perft in 龙将棋."""
import pathlib
import random

import pytest

import longjiang
from conftest import ROOT, playout

# The project's Fairy-Stockfish description of 龙将棋 (shared/reference, beside the checkout).
INIS = [ROOT.parent / "shared" / "reference" / "fairy-stockfish-variants.ini",
        pathlib.Path("/work/shared/reference/fairy-stockfish-variants.ini")]


def test_shogi_moves_equal_python_shogi():
    import shogi
    positions = 0
    for seed in range(40):
        rng = random.Random(seed)
        ours = longjiang.Board("shogi")
        theirs = shogi.Board()
        for _ in range(120):
            want = sorted(m.usi() for m in theirs.legal_moves)
            got = sorted(ours.legal_moves)
            assert got == want, f"seed {seed} at {ours.sfen()}"
            positions += 1
            if not got:
                break
            m = rng.choice(got)
            ours.push(m)
            theirs.push_usi(m)
    assert positions > 2000


def test_pyffish_equals_ours_in_the_no_drop_game():
    try:
        import pyffish as sf
    except ImportError:
        pytest.fail("pyffish is not installed (scripts/test installs it into target/py-venv: "
                    "`python -m pip install pyffish==0.0.90`); this test needs it")
    ini = next((p for p in INIS if p.exists()), None)
    if ini is None:
        pytest.fail(f"the Fairy-Stockfish variant file is missing (tried {[str(p) for p in INIS]}): "
                    "this test needs shared/reference/fairy-stockfish-variants.ini beside the "
                    "checkout, as CI has it")
    sf.load_variant_config(ini.read_text())
    variant = "longjiangqi-nodrop"
    positions = 0
    for seed in range(30):
        rng = random.Random(1000 + seed)
        board = longjiang.Board("longjiang-nodrop")
        for _ in range(100):
            fen = board.fen()
            want = sorted(sf.legal_moves(variant, fen, []))
            got = sorted(board.legal_moves)
            assert got == want, f"seed {seed} at {fen}"
            positions += 1
            if not got or board.outcome() is not None:
                break
            board.push(rng.choice(got))
    assert positions > 1500


@pytest.mark.parametrize("variant", ["longjiang", "longjiang-nodrop", "shogi"])
def test_perft_equals_the_cli(variant, cli):
    for seed in range(4):
        board = playout(variant, 77 + seed, 20 + 7 * seed)[-1]
        for depth in (1, 2, 3):
            rc, out, err = cli("perft", str(depth), "--variant", variant, "--sfen", board.sfen())
            assert rc == 0, err
            nodes = int(out.strip().splitlines()[-1].split()[1])
            assert board.perft(depth) == nodes, f"{variant} {board.sfen()} depth {depth}"


@pytest.mark.parametrize("variant", ["longjiang", "longjiang-nodrop"])
def test_legal_moves_equal_the_cli_divide(variant, cli):
    for seed in range(6):
        board = playout(variant, 500 + seed, 30 + 5 * seed)[-1]
        rc, out, err = cli("perft", "1", "--divide", "--variant", variant, "--sfen", board.sfen())
        assert rc == 0, err
        cli_moves = sorted(line.split()[0] for line in out.strip().splitlines()[:-1] if line)
        assert sorted(board.legal_moves) == cli_moves
