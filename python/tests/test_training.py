"""Training data as numpy arrays: the features of every position of a datagen file are the
engine's own. A net file's evaluation recomputed in numpy from those features and the file's
weights equals the engine's evaluation of the position, position for position."""
import pytest

import longjiang
from conftest import ROOT, playout

try:
    import numpy as np
except ImportError:
    pytest.fail("numpy is not installed (scripts/test installs it into target/py-venv: "
                "`python -m pip install numpy==2.4.6`); these tests need it", pytrace=False)


def datagen(cli, path, variant, form="text"):
    rc, _, err = cli("datagen", "--variant", variant, "--positions", "40", "--nodes", "300",
                     "--quiet", "--seed", "5", "--format", form, "--out", str(path))
    assert rc == 0, err


def trunc(a, b):
    """Integer division rounding toward zero, as Rust's `/` does."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


class Net:
    """A longjiang net file (docs/nnue.md's format) read with numpy alone."""

    def __init__(self, path):
        b = path.read_bytes()
        assert b[:4] == b"LJNN"
        u16 = lambda i: int.from_bytes(b[i:i + 2], "little")
        u32 = lambda i: int.from_bytes(b[i:i + 4], "little")
        self.features, self.hidden, self.buckets = u32(32), u32(36), u32(40)
        self.qa, self.qb, self.scale = u16(44), u16(46), u16(48)
        h, n = self.hidden, self.features * self.hidden
        words = np.frombuffer(b, dtype="<i2", offset=u16(6), count=n + h + self.buckets * 2 * h)
        self.ft = words[:n].reshape(self.features, h).astype(np.int64)
        self.fb = words[n:n + h].astype(np.int64)
        self.ow = words[n + h:].reshape(self.buckets, 2 * h).astype(np.int64)
        self.ob = np.frombuffer(b, dtype="<i4", offset=u16(6) + 2 * len(words), count=self.buckets)

    def evaluate(self, ours, theirs, bucket):
        """Centipawns for the side to move: the engine's integer arithmetic, in numpy."""
        def acc(features):
            s = self.fb + self.ft[features].sum(axis=0)
            return (s + 32768) % 65536 - 32768  # i16 sums wrap

        def screlu_dot(a, w):
            c = np.clip(a, 0, self.qa)
            return int(((c * w + 32768) % 65536 - 32768) @ c)  # c·w in i16, then ·c in i32

        h = self.hidden
        w = self.ow[bucket]
        total = screlu_dot(acc(ours), w[:h]) + screlu_dot(acc(theirs), w[h:])
        return trunc((trunc(total, self.qa) + int(self.ob[bucket])) * self.scale, self.qa * self.qb)


@pytest.mark.parametrize("variant", ["longjiang", "longjiang-nodrop"])
def test_features_are_the_engines_and_rebuild_its_evaluation(variant, cli, tmp_path):
    path = tmp_path / "d.txt"
    datagen(cli, path, variant)
    a = longjiang.training_arrays(str(path))
    samples = list(longjiang.read_datagen(str(path)))
    n = len(samples)
    assert n >= 40
    assert a["features"].shape[:2] == (n, 2) and a["features"].dtype == np.int32
    for key in ("count", "stm", "bucket", "score", "result", "flags", "ply", "game"):
        assert a[key].shape == (n,), key
    assert list(a["score"]) == [s[1] for s in samples]
    assert list(a["result"]) == [s[2] for s in samples]
    assert list(a["flags"]) == [s[3] for s in samples]
    net = Net(ROOT / "nets" / f"{variant}.nnue")
    assert net.features == longjiang.FEATURES and net.buckets == longjiang.BUCKETS
    hands = 0
    for i, (sfen, *_rest) in enumerate(samples):
        board = longjiang.Board(variant, sfen=sfen)
        k = a["count"][i]
        ours, theirs = a["features"][i, 0, :k], a["features"][i, 1, :k]
        assert (a["features"][i, :, k:] == -1).all()
        assert a["stm"][i] == board.turn
        assert list(ours) == board.features() == board.features(board.turn)
        assert list(theirs) == board.features(1 - board.turn)
        hands += sum(board.hand(0).values()) + sum(board.hand(1).values())
        want = board.evaluate_nnue(str(ROOT / "nets" / f"{variant}.nnue"))
        assert want == board.evaluate_nnue()  # the built-in net is the same file
        assert net.evaluate(ours, theirs, a["bucket"][i]) == want, sfen
    if variant == "longjiang":
        assert hands > 0  # the hand features were exercised
    # The binary format gives the same arrays.
    binary = tmp_path / "d.bin"
    datagen(cli, binary, variant, "binary")
    b = longjiang.training_arrays(str(binary), pad=longjiang.FEATURES)
    assert (b["features"][a["features"] != -1] == a["features"][a["features"] != -1]).all()
    assert (b["features"][a["features"] == -1] == longjiang.FEATURES).all()
    assert (b["score"] == a["score"]).all() and (b["bucket"] == a["bucket"]).all()


def test_features_of_played_positions_are_in_range_and_mirror():
    for board in playout("longjiang", 4, 120)[::10]:
        ours, theirs = board.features(0), board.features(1)
        assert len(ours) == len(theirs) > 0
        assert all(0 <= f < longjiang.FEATURES for f in ours + theirs)
        assert len(set(ours)) == len(ours)


def test_games_without_a_feature_set_and_bad_files_raise_value_error(cli, tmp_path):
    with pytest.raises(ValueError, match="feature set"):
        longjiang.Board("shogi").features()
    with pytest.raises(ValueError):
        longjiang.Board().features(2)
    with pytest.raises(ValueError, match="built-in net"):
        longjiang.Board("shogi").evaluate_nnue()
    with pytest.raises(ValueError, match="the net is for"):
        longjiang.Board().evaluate_nnue(str(ROOT / "nets" / "longjiang-nodrop.nnue"))
    with pytest.raises(ValueError):
        longjiang.Board().evaluate_nnue(str(tmp_path / "missing.nnue"))
    path = tmp_path / "d.txt"
    datagen(cli, path, "longjiang-nodrop")
    with pytest.raises(ValueError, match="not of longjiang"):
        longjiang.training_arrays(str(path), variant="longjiang")
    with pytest.raises(ValueError, match="unknown variant"):
        longjiang.training_arrays(str(path), variant="chess")
    bad = tmp_path / "bad.txt"
    bad.write_text("p 0 nonsense\ng 0 1 10 checkmate\n")
    with pytest.raises(ValueError):
        longjiang.training_arrays(str(bad))
