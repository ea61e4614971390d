"""PGN and SAN in the package: `read_records` reads the PGN that `longjiang match` writes
(data/match-longjiang.pgn, two games of a node-limited match) as the CLI does; `Board.san`,
`parse_san` and `push_san` write and read the moves as that PGN has them; boards are
hashable, equal boards hashing alike."""
import pathlib
import re

import pytest

import longjiang
from conftest import playout

MATCH_PGN = pathlib.Path(__file__).resolve().parent / "data" / "match-longjiang.pgn"


def san_words(pgn_game):
    """The SAN words of one PGN game's movetext (numbers, comments and the result left out)."""
    text = re.sub(r"\{[^}]*\}", " ", pgn_game.split("\n\n", 1)[1])
    return [w for w in text.split() if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", w)]


def test_read_records_reads_the_pgn_match_writes_as_the_cli_does(cli):
    games = longjiang.read_records(str(MATCH_PGN))
    assert len(games) == 2
    rc, out, err = cli("record", "read", str(MATCH_PGN))
    assert rc == 0, err
    assert [" ".join(g.moves) for g in games] == out.splitlines()
    assert [g.result for g in games] == ["0-1", "0-1"]
    assert games[0].variant == "longjiang"
    assert longjiang.parse_records(MATCH_PGN.read_text()) == games


def test_san_writes_and_reads_the_moves_of_the_match_pgn():
    games = longjiang.read_records(str(MATCH_PGN))
    texts = [g for g in MATCH_PGN.read_text().split("\n\n[") if g.strip()]
    assert len(texts) == len(games)
    for game, text in zip(games, texts):
        words = san_words(text)
        board = game.board()
        while board.move_stack:
            board.pop()
        assert len(words) == len(game.moves)
        for word, usi in zip(words, game.moves):
            assert board.san(usi) == word
            assert board.parse_san(word).usi == usi
            assert board.push_san(word).usi == usi
        assert board == game.board()


@pytest.mark.parametrize("variant", ["longjiang", "longjiang-nodrop"])
def test_san_round_trips_every_legal_move(variant):
    for seed in range(3):
        for board in playout(variant, 200 + seed, 60)[::7]:
            for move in board.legal_moves:
                word = board.san(move)
                assert board.parse_san(word).usi == move, word
                xboard = board.san(move, form="xboard")
                assert board.parse_san(xboard, form="xboard").usi == move, xboard


def test_san_is_refused_in_shogi_and_for_bad_words():
    board = longjiang.Board("shogi")
    with pytest.raises(ValueError, match="KIF"):
        board.san("7g7f")
    with pytest.raises(ValueError, match="KIF"):
        board.parse_san("P7f")
    board = longjiang.Board()
    for bad in ["Zz9", "Kxe5", ""]:
        with pytest.raises(ValueError):
            board.parse_san(bad)
    with pytest.raises(ValueError):
        board.san("a1a9")
    with pytest.raises(ValueError):
        board.parse_san("f4", form="pgn")


def test_boards_hash_as_they_compare():
    a = longjiang.Board()
    a.push_moves("g2g3 f9f8 h2h3")
    b = longjiang.Board()
    b.push_moves("h2h3 f9f8 g2g3")  # the same position by another order
    assert a == b and hash(a) == hash(b)
    assert len({a, b, a.copy()}) == 1
    c = a.copy()
    c.push(c.legal_moves[0])
    assert c != a and len({a, c}) == 2
    shogi = longjiang.Board("shogi")
    assert {shogi: 1}[longjiang.Board("shogi")] == 1
    assert longjiang.Board("longjiang") != longjiang.Board("longjiang-nodrop")
    assert len({longjiang.Board("longjiang"), longjiang.Board("longjiang-nodrop")}) == 2
