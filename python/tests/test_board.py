"""Board basics: start positions, push/pop, copies, outcomes, hands and the drawn board."""
import pytest

import longjiang
from conftest import VARIANTS, playout


@pytest.mark.parametrize("variant", VARIANTS)
def test_push_pop_restores_the_position(variant):
    for seed in range(3):
        boards = playout(variant, seed, 60)
        board = boards[-1].copy()
        assert len(board.move_stack) == len(boards) - 1
        for earlier in reversed(boards[:-1]):
            board.pop()
            assert board.sfen() == earlier.sfen()
        with pytest.raises(IndexError):
            board.pop()


@pytest.mark.parametrize("variant", VARIANTS)
def test_copy_is_independent(variant):
    board = longjiang.Board(variant)
    other = board.copy()
    other.push(other.legal_moves[0])
    assert board.sfen() != other.sfen()
    assert board.move_stack == []
    assert board == longjiang.Board(variant)


def test_turn_and_move_objects():
    board = longjiang.Board()
    assert board.turn == 0
    moves = board.legal_move_objects()
    assert sorted(m.usi for m in moves) == sorted(board.legal_moves)
    f2f4 = next(m for m in moves if m.usi == "f2f4")
    assert (f2f4.from_square, f2f4.to_square, f2f4.drop) == ("f2", "f4", None)
    board.push(f2f4)
    assert board.turn == 1
    assert board.move_stack[0] == f2f4


def test_a_gold_mate_is_checkmate():
    # The second player's king on 5a, a gold on 5b guarded by a pawn: mate.
    board = longjiang.Board("shogi", sfen="4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
    assert board.is_check()
    assert board.outcome() is not None
    assert board.outcome().reason == "checkmate"
    assert board.outcome().winner == 0
    assert board.is_checkmate()
    assert board.legal_moves == []


def test_stalemate_and_ongoing():
    board = longjiang.Board()
    assert board.outcome() is None
    assert not board.is_game_over()


def test_repetition_is_reported():
    board = longjiang.Board("longjiang-nodrop")
    shuffle = ["b1c3", "b10c8", "c3b1", "c8b10"]
    for _ in range(3):
        for m in shuffle:
            assert board.outcome() is None
            board.push(m)
    assert board.outcome() is not None
    assert board.outcome().reason == "repetition"
    assert board.outcome().winner is None


def test_hands_and_cooldowns_follow_the_sfen():
    board = longjiang.Board(sfen="5k4/10/10/10/10/10/10/10/10/5K4 w Q2Pn - 02 9")
    assert board.hand(0) == {"Q": 1, "P": 2}
    assert board.hand(1) == {"N": 1}
    assert (board.cooldown(0), board.cooldown(1)) == (0, 2)
    with pytest.raises(ValueError):
        board.hand(2)


def test_castling_rights():
    assert longjiang.Board().castling_rights == "KQkq"
    assert longjiang.Board("shogi").castling_rights == "-"


@pytest.mark.parametrize("variant", VARIANTS)
def test_str_is_the_engines_board(variant, cli):
    text = str(longjiang.Board(variant))
    assert longjiang.Board(variant).sfen() in text
    assert "\n" in text
    assert longjiang.Board(variant).diagram(plain=True).isascii()


def test_listed_strings_and_move_objects_push_only_when_legal():
    # push finds a string legal_moves just listed without parsing it; a string listed for an
    # earlier position is read afresh, so it is refused when it is no longer legal.
    board = longjiang.Board()
    listed = board.legal_moves
    board.push(listed[listed.index("f2f4")])
    with pytest.raises(ValueError, match="f2f4"):
        board.push(listed[listed.index("f2f4")])
    board.push("f9f7")
    # A Move of another game is read as its text; a Move of an earlier position is checked.
    shogi_move = longjiang.Board("shogi").legal_move_objects()[0]
    with pytest.raises(ValueError):
        board.push(shogi_move)
    old = longjiang.Board().legal_move_objects()
    f2f4 = next(m for m in old if m.usi == "f2f4")
    with pytest.raises(ValueError):
        board.push(f2f4)
    assert not board.is_legal(f2f4)
    copy = board.copy()
    moves = copy.legal_moves
    copy.push(moves[0])
    assert copy.move_stack[-1].usi == moves[0]
    assert len(board.move_stack) == 2
