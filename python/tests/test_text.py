"""SFEN and FEN round trips, records, and bad input: every bad SFEN, FEN or move raises
ValueError with the engine's own message, and nothing else escapes (a small fuzz)."""
import random

import pytest

import longjiang
from conftest import VARIANTS, playout


@pytest.mark.parametrize("variant", VARIANTS)
def test_sfen_round_trips(variant):
    for seed in range(5):
        for board in playout(variant, 10 + seed, 80):
            again = longjiang.Board(variant, sfen=board.sfen())
            assert again.sfen() == board.sfen()
            assert sorted(again.legal_moves) == sorted(board.legal_moves)


@pytest.mark.parametrize("variant", ["longjiang-nodrop"])
def test_fen_round_trips(variant):
    for seed in range(5):
        for board in playout(variant, 20 + seed, 80):
            again = longjiang.Board(variant, fen=board.fen())
            assert again.fen() == board.fen()
            assert sorted(again.legal_moves) == sorted(board.legal_moves)


@pytest.mark.parametrize("variant", VARIANTS)
def test_records_round_trip(variant):
    for seed in range(4):
        boards = playout(variant, 30 + seed, 60)
        final = boards[-1]
        replay = longjiang.Board(variant)
        for board, move in zip(boards, final.move_stack):
            word = board.record(move)
            assert not word.isascii(), word
            got = replay.push_record(word)
            assert got == move, f"{word} read back as {got}, not {move}"
        assert replay.sfen() == final.sfen()


def test_a_record_move_reads_the_chinese_notation():
    board = longjiang.Board()
    moves = {board.record(m): m for m in board.legal_moves}
    word, move = next(iter(sorted(moves.items())))
    assert board.push_record(word).usi == move
    with pytest.raises(ValueError):
        board.push_record("不是一步")


def test_bad_sfen_says_what_the_cli_says(cli):
    for bad in ["xyz", "10/10 b - - 00 1", "rnbgqkgbnr/pppppppppp/10/10/10/10/10/10 b - KQkq 00 1"]:
        with pytest.raises(ValueError) as e:
            longjiang.Board(sfen=bad)
        rc, _, err = cli("perft", "1", "--sfen", bad)
        assert rc == 1
        assert err.strip() == f"longjiang: {e.value}"


def test_illegal_moves_say_what_the_cli_says(cli):
    for bad in ["e2e5", "P*e5", "f1f2", "zz", "e2e4q", "a10a9", "b1c3+"]:
        board = longjiang.Board()
        with pytest.raises(ValueError) as e:
            board.push(bad)
        assert board.sfen() == longjiang.Board().sfen()
        rc, _, err = cli("perft", "1", "--moves", bad)
        assert rc == 1
        assert err.strip() == f"longjiang: move '{bad}': {e.value}"


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError, match="unknown variant"):
        longjiang.Board("chess")
    with pytest.raises(ValueError):
        longjiang.Board().perft(99)
    with pytest.raises(TypeError):
        longjiang.Board().push(3)


def mutate(rng, text):
    chars = list(text)
    alphabet = "0123456789/+-*' bwKQkqPpNnRrBbGgSsLl@[]漢"
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(alphabet))
        elif chars:
            chars[min(i, len(chars) - 1)] = rng.choice(alphabet)
    return "".join(chars)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzzed_sfens_moves_and_records_raise_only_value_error(variant):
    rng = random.Random(7)
    boards = playout(variant, 3, 60)
    raised = accepted = 0
    for _ in range(1500):
        board = rng.choice(boards)
        try:
            again = longjiang.Board(variant, sfen=mutate(rng, board.sfen()))
            again.legal_moves
            again.outcome()
            str(again)
            accepted += 1
        except ValueError:
            raised += 1
        moves = board.legal_moves
        text = mutate(rng, rng.choice(moves)) if moves else mutate(rng, "e2e4")
        try:
            board.copy().push(text)
            assert text in moves or board.is_legal(text)
        except ValueError:
            assert text not in moves
        try:
            board.copy().push_record(mutate(rng, board.record(moves[0]) if moves else "六四"))
        except ValueError:
            pass
    assert raised > 100
    assert accepted > 10
