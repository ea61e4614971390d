"""Search and the mate solver from Python: answers are legal lines, mates are real mates."""
import threading

import pytest

import longjiang

MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"  # shogi: G*5b mates


def play(board, line):
    board = board.copy()
    for m in line:
        board.push(m)
    return board


@pytest.mark.parametrize("variant", ["longjiang", "longjiang-nodrop", "shogi"])
def test_search_gives_a_legal_principal_variation(variant):
    board = longjiang.Board(variant)
    lines = board.search(nodes=3000, nnue=False)
    assert len(lines) == 1
    best = lines[0]
    assert best.best in board.legal_moves
    assert best.nodes > 0 and best.depth > 0
    play(board, best.pv)  # raises if any move of the line is illegal
    assert (best.cp is None) != (best.mate is None)


def test_multipv_lines_are_distinct():
    board = longjiang.Board("longjiang-nodrop")
    lines = board.search(depth=4, multipv=3, nnue=False)
    assert len(lines) == 3
    assert len({line.best for line in lines}) == 3


def test_search_finds_a_mate_in_one():
    board = longjiang.Board("shogi", sfen=MATE_IN_ONE)
    best = board.search(depth=4)[0]
    assert best.mate == 1
    assert play(board, best.pv[:1]).is_checkmate()


def test_the_mate_solver_proves_a_mate():
    board = longjiang.Board("shogi", sfen=MATE_IN_ONE)
    kind, line, nodes = board.mate(nodes=100000)
    assert kind == "mate" and nodes > 0
    assert len(line) % 2 == 1
    assert play(board, line).is_checkmate()
    kind, line, _ = longjiang.Board("shogi").mate(nodes=2000)
    assert kind in ("nomate", "timeout") and line == []


def test_search_releases_the_gil():
    board = longjiang.Board()
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=count)
    t.start()
    board.search(nodes=200000, nnue=False)
    done.set()
    t.join()
    assert len(ticks) > 5


def test_bad_search_limits_raise_value_error():
    board = longjiang.Board()
    for kwargs in ({}, {"movetime": -1.0}, {"depth": 3, "multipv": 0}, {"nodes": 10, "threads": 0},
                   {"nodes": 10, "eval_file": "/nonexistent.nnue"}):
        with pytest.raises(ValueError):
            board.search(**kwargs)
    with pytest.raises(ValueError):
        board.mate()
