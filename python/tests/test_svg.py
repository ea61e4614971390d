"""The SVG board: every piece drawn on its square (read off the SFEN independently), the
hands with their counts, flipping, and the names the web board writes."""
import re
import xml.etree.ElementTree as ET

import pytest

import longjiang
from conftest import VARIANTS, playout

NS = {"s": "http://www.w3.org/2000/svg"}
S, M, HAND = 64, 24, 52


def sfen_pieces(variant, sfen):
    """Square name -> (SFEN letter, 'b' or 'w'), parsed from the SFEN's board field."""
    rows = sfen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        rank_from_top = i
        f = 0
        for tok in re.findall(r"\d+|\+?[A-Za-z]", row):
            if tok.isdigit():
                f += int(tok)
                continue
            if variant == "shogi":
                name = f"{9 - f}{chr(ord('a') + rank_from_top)}"
            else:
                name = f"{chr(ord('a') + f)}{len(rows) - rank_from_top}"
            out[name] = (tok.upper(), "b" if tok[-1].isupper() else "w")
            f += 1
    return out


def sfen_hands(sfen):
    """{'b': {letter: n}, 'w': {...}} from the SFEN's hand field."""
    hands = {"b": {}, "w": {}}
    for n, c in re.findall(r"(\d*)([A-Za-z])", sfen.split()[2].replace("-", "")):
        side = "b" if c.isupper() else "w"
        hands[side][c.upper()] = hands[side].get(c.upper(), 0) + int(n or 1)
    return hands


def translate(g):
    x, y = re.match(r"translate\((-?\d+),(-?\d+)\)", g.get("transform")).groups()
    return int(x), int(y)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pieces_stand_on_their_squares(variant):
    for board in playout(variant, 9, 120)[::7]:
        svg = board.svg()
        assert board._repr_svg_() == svg
        root = ET.fromstring(svg)
        pieces = root.findall(".//s:g[@class='piece'][@data-sq]", NS)
        want = sfen_pieces(variant, board.sfen())
        assert {g.get("data-sq"): (g.get("data-piece"), g.get("data-color")) for g in pieces} == want
        assert {sq: (p.upper(), "b" if p[-1].isupper() else "w")
                for sq, p in board.piece_map().items()} == want
        files = 9 if variant == "shogi" else 10
        top = M + (0 if variant == "longjiang-nodrop" else HAND)  # the hands' strip above
        for g in pieces:
            sq = g.get("data-sq")
            if variant == "shogi":
                col, row = 9 - int(sq[0]), ord(sq[1]) - ord("a")
            else:
                col, row = ord(sq[0]) - ord("a"), files - int(sq[1:])
            assert translate(g) == (M + col * S + S // 2, top + row * S + S // 2 + 1), sq
            assert ("rotate(180)" in g.get("transform")) == (g.get("data-color") == "w")


@pytest.mark.parametrize("variant", ["longjiang", "shogi"])
def test_hands_show_their_pieces_and_counts(variant):
    seen = 0
    for board in playout(variant, 12, 160):
        root = ET.fromstring(board.svg())
        got = {"b": {}, "w": {}}
        for hand in root.findall(".//s:g[@class='hand']", NS):
            for p in hand.findall("s:g[@class='hand-piece']", NS):
                got[hand.get("data-color")][p.get("data-piece")] = int(p.get("data-count"))
        assert got == sfen_hands(board.sfen())
        assert got["b"] == board.hand(0) and got["w"] == board.hand(1)
        seen += sum(got["b"].values()) + sum(got["w"].values())
    assert seen > 0


def test_names_marks_flipping_and_cooldowns():
    board = longjiang.Board()
    board.push("f2f4")
    root = ET.fromstring(board.svg())
    king = root.find(".//s:g[@data-sq='f1']", NS)
    assert [t.text for t in king.findall("s:text", NS)] == ["主", "帅"]
    assert {r.get("data-mark") for r in root.findall(".//s:rect[@class='last']", NS)} == {"f2", "f4"}
    flipped = ET.fromstring(board.svg(flipped=True))
    g = flipped.find(".//s:g[@data-sq='a1']", NS)
    assert translate(g) == (M + 9 * S + S // 2, M + HAND + S // 2 + 1)
    letters = ET.fromstring(board.svg(letters=True))
    assert letters.find(".//s:g[@data-sq='f10']/s:text", NS).text == "K"
    shogi = ET.fromstring(longjiang.Board("shogi").svg())
    assert shogi.find(".//s:g[@data-sq='5i']/s:text", NS).text == "玉"
    assert shogi.get("viewBox") == f"0 0 {9 * S + 2 * M} {9 * S + 2 * M + 2 * HAND}"
    nodrop = ET.fromstring(longjiang.Board("longjiang-nodrop").svg())
    assert nodrop.get("viewBox") == f"0 0 {10 * S + 2 * M} {10 * S + 2 * M}"
    assert nodrop.findall(".//s:g[@class='hand']", NS) == []
    cooling = longjiang.Board(sfen="5k4/10/10/10/10/10/10/10/10/5K4 w Q2Pn - 02 9")
    root = ET.fromstring(cooling.svg())
    assert [t.get("data-cooldown") for t in root.findall(".//s:text[@class='cooldown']", NS)] == ["2"]
    check = longjiang.Board("shogi", sfen="4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
    marks = ET.fromstring(check.svg()).findall(".//s:rect[@class='check']", NS)
    assert [r.get("data-mark") for r in marks] == ["5a"]
