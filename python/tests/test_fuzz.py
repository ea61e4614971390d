"""Fuzz: generated junk (mutated SFENs, FENs, moves, record texts and files, datagen files,
net files) gives ValueError or a good answer, never a panic or another exception."""
import random

import pytest

import longjiang
from conftest import ROOT, VARIANTS, playout

ALPHABET = "0123456789/+-*' \n[]\"bwKQkqPpNnRrBbGgSsLl@漢六骑帅同歩成打手：１"


def mutate(rng, text, ops=4):
    chars = list(text)
    for _ in range(rng.randint(1, ops)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(4)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(ALPHABET))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(ALPHABET)
        elif chars:
            j = rng.randrange(len(chars))
            chars[i:i] = chars[j:j + rng.randint(1, 8)]  # a repeated slice
    return "".join(chars)


def mutate_bytes(rng, data, ops=6):
    b = bytearray(data)
    for _ in range(rng.randint(1, ops)):
        i = rng.randrange(len(b)) if b else 0
        op = rng.randrange(3)
        if op == 0 and b:
            b[i] = rng.randrange(256)
        elif op == 1:
            del b[i:i + rng.randint(1, 64)]
        else:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return bytes(b)


def only_value_errors(f, *args):
    """Runs f; True when it answered, False when it raised ValueError (anything else fails)."""
    try:
        f(*args)
        return True
    except ValueError:
        return False


@pytest.mark.parametrize("variant", VARIANTS)
def test_junk_positions_and_moves(variant):
    rng = random.Random(11)
    boards = playout(variant, 5, 80)
    refused = 0
    for _ in range(600):
        board = rng.choice(boards)

        def use(b):
            b.legal_moves, b.outcome(True), str(b), b.svg(), b.piece_map(), b.fen()
            if variant != "shogi":
                b.features(), b.features(1 - b.turn)
            return b.perft(1)

        refused += not only_value_errors(
            lambda: use(longjiang.Board(variant, sfen=mutate(rng, board.sfen()))))
        refused += not only_value_errors(
            lambda: use(longjiang.Board(variant, fen=mutate(rng, board.fen()))))
        moves = board.legal_moves or ["e2e4"]
        junk = mutate(rng, rng.choice(moves))
        assert only_value_errors(board.copy().push, junk) == board.is_legal(junk)
        word = board.record(moves[0]) if board.legal_moves else "六四"
        only_value_errors(board.copy().push_record, mutate(rng, word))
        only_value_errors(board.copy().push_moves, " ".join(mutate(rng, m) for m in moves[:3]))
        only_value_errors(board.record, junk)
    assert refused > 300


@pytest.mark.parametrize("variant", VARIANTS)
def test_junk_records(variant, tmp_path):
    rng = random.Random(12)
    games = [playout(variant, 20 + s, 40)[-1].game({"Black": "x"}) for s in range(3)]
    texts = [g.text() for g in games] + [g.text(kif=False) for g in games]
    read = 0
    for i in range(400):
        text = mutate(rng, rng.choice(texts), ops=6)
        if only_value_errors(longjiang.parse_records, text):
            read += 1
            for g in longjiang.parse_records(text):
                g.board(), g.text(kif=False), g.moves, str(g)
        path = tmp_path / f"r{i % 4}.kif"
        path.write_bytes(mutate_bytes(rng, rng.choice(texts).encode("utf-8")))
        only_value_errors(longjiang.read_records, str(path))
        only_value_errors(longjiang.Game, variant, None, [mutate(rng, m) for m in games[0].moves[:4]])
        only_value_errors(longjiang.Game, variant, None, [], {mutate(rng, "Result"): mutate(rng, "1-0")})
    assert read > 0


def test_junk_training_and_net_files(cli, tmp_path):
    rng = random.Random(13)
    rc, _, err = cli("datagen", "--variant", "longjiang", "--positions", "20", "--nodes", "200",
                     "--quiet", "--seed", "2", "--format", "binary", "--out", str(tmp_path / "d.bin"))
    assert rc == 0, err
    rc, _, err = cli("datagen", "--variant", "longjiang", "--positions", "20", "--nodes", "200",
                     "--quiet", "--seed", "2", "--out", str(tmp_path / "d.txt"))
    assert rc == 0, err
    data = [(tmp_path / "d.bin").read_bytes(), (tmp_path / "d.txt").read_bytes()]
    net = (ROOT / "nets" / "longjiang.nnue").read_bytes()
    board = longjiang.Board()
    for i in range(150):
        path = tmp_path / "junk.dat"
        path.write_bytes(mutate_bytes(rng, rng.choice(data)))
        only_value_errors(longjiang.training_arrays, str(path))
        only_value_errors(lambda: list(longjiang.read_datagen(str(path))))
        if i % 5 == 0:
            bad = bytearray(net)
            for _ in range(rng.randint(1, 4)):
                bad[rng.randrange(64)] = rng.randrange(256)  # the header
            path.write_bytes(bytes(bad) if i % 2 else mutate_bytes(rng, net[:4096]))
            only_value_errors(board.evaluate_nnue, str(path))
            only_value_errors(lambda: board.search(nodes=50, eval_file=str(path)))
