"""Record files: games written and read back (the project's format, KIF for shogi), files of
several games, Shift_JIS KIF, and the CLI's `longjiang record` agreeing with the package."""
import pytest

import longjiang
from conftest import VARIANTS, playout


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_round_trip_through_their_text(variant):
    for seed in range(4):
        final = playout(variant, 40 + seed, 90)[-1]
        game = final.game({"Black": "first", "White": "second", "Event": "test"})
        assert game.moves == [m.usi for m in final.move_stack]
        assert game.board().sfen() == final.sfen()
        assert game.tag("Black") == "first"
        text = game.text()
        assert text.startswith("# KIF") == (variant == "shogi")
        again = longjiang.parse_records(text)
        assert len(again) == 1
        back = again[0]
        assert back.moves == game.moves
        assert back.board().sfen() == final.sfen()
        assert back.result == game.result
        if variant != "shogi":
            assert back == game  # the project's format keeps every tag
        # Any game can also be written in the project's format.
        assert longjiang.parse_records(game.text(kif=False)) == [game]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_file_of_games_reads_back_game_for_game(variant, tmp_path):
    games = [playout(variant, 60 + s, 30 + 10 * s)[-1].game({"Round": str(s)}) for s in range(5)]
    path = tmp_path / "games.txt"
    longjiang.write_records(str(path), games)
    assert path.read_text() == longjiang.records_text(games)
    read = longjiang.read_records(str(path))
    assert read == games
    assert [g.tag("Round") for g in read] == [str(s) for s in range(5)]
    assert [len(g) for g in read] == [len(g.moves) for g in games]


def test_a_started_position_and_a_finished_game_keep_their_facts():
    sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
    board = longjiang.Board("shogi", sfen=sfen)
    board.push("G*5b")
    game = board.game()
    assert (game.start_sfen, game.result, game.tag("Reason")) == (sfen, "1-0", "checkmate")
    assert "詰み" in game.text()
    back = longjiang.parse_records(game.text())[0]
    assert (back.start_sfen, back.moves, back.result) == (sfen, ["G*5b"], "1-0")
    assert back.board().is_checkmate()
    assert back.start_board().sfen() == sfen
    # A repetition ends the no-drop game drawn.
    board = longjiang.Board("longjiang-nodrop")
    board.push_moves(" ".join(["b1c3 b10c8 c3b1 c8b10"] * 3))
    game = board.game()
    assert (game.result, game.tag("Reason")) == ("1/2-1/2", "repetition")
    assert longjiang.parse_records(game.text()) == [game]


def test_games_from_record_words():
    game = longjiang.Game(moves=["六四", "六七", "骑三三"], tags=[("Black", "a")])
    assert game.moves == ["f2f4", "f9f7", "b1c3"]
    assert [m.usi for m in game.move_objects()] == game.moves
    shogi = longjiang.Game("shogi", moves=["７六歩(77)", "3c3d", "２二角成(88)", "同銀(31)"])
    assert shogi.moves == ["7g7f", "3c3d", "8h2b+", "3a2b"]


def test_the_cli_writes_and_reads_the_same_records(cli, tmp_path):
    for variant, moves in [("longjiang", "f2f4 f9f7 b1c3 P*e5"), ("longjiang", "f2f4 f9f7 b1c3"),
                           ("shogi", "7g7f 3c3d 8h2b+ 3a2b B*4e")]:
        tags = ["--tag", "Black=x", "--tag", "White=y", "--tag", "Result=*"]
        rc, out, err = cli("record", "write", "--variant", variant, *tags, *moves.split())
        if rc != 0:
            # An illegal line (a drop before any capture) is refused by both.
            with pytest.raises(ValueError):
                longjiang.Game(variant, moves=moves.split())
            continue
        game = longjiang.Game(variant, moves=moves.split(), tags={"Black": "x", "White": "y"})
        assert game.text() == out
        path = tmp_path / "g.txt"
        longjiang.write_records(str(path), [game, game] if variant != "shogi" else [game])
        rc, out, err = cli("record", "read", str(path))
        assert rc == 0, err
        assert out.split("\n")[0] == moves


def test_a_shift_jis_kif_file_reads(tmp_path):
    board = longjiang.Board("shogi")
    board.push_moves("7g7f 3c3d 2g2f")
    game = board.game({"Black": "先手さん", "White": "後手さん"})
    path = tmp_path / "g.kif"
    path.write_bytes(game.text().encode("shift_jis"))
    assert longjiang.read_records(str(path)) == longjiang.parse_records(game.text())
    assert longjiang.read_records(str(path))[0].tag("Black") == "先手さん"


def test_bad_records_raise_value_error(tmp_path):
    with pytest.raises(ValueError, match="move 2"):
        longjiang.Game(moves=["f2f4", "f2f5"])
    with pytest.raises(ValueError, match="game is over"):
        longjiang.Game("shogi", sfen="4k4/9/4P4/9/9/9/9/9/4K4 b G 1", moves=["G*5b", "5a4a"])
    with pytest.raises(ValueError, match="Result"):
        longjiang.Game(tags={"Result": "2-0"})
    with pytest.raises(ValueError):
        longjiang.Game(tags={"Moves": "f2f4"})
    with pytest.raises(ValueError, match="KIF"):
        longjiang.Game().text(kif=True)
    with pytest.raises(ValueError, match="no game"):
        longjiang.parse_records("  \n")
    with pytest.raises(ValueError, match="move 2"):
        longjiang.parse_records("六四 六六")
    with pytest.raises(ValueError):
        longjiang.read_records(str(tmp_path / "missing.txt"))
    bad = tmp_path / "bad.kif"
    bad.write_bytes(b"\x82\xff\x00\x81")
    with pytest.raises(ValueError, match="neither UTF-8 nor Shift_JIS"):
        longjiang.read_records(str(bad))
