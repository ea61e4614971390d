"""Training data: a datagen file made by the CLI reads back as its finished games' positions."""
import pytest

import longjiang


def datagen(cli, path, form):
    rc, _, err = cli("datagen", "--variant", "longjiang-nodrop", "--positions", "30", "--nodes", "300",
                     "--quiet", "--seed", "3", "--format", form, "--out", str(path))
    assert rc == 0, err


def test_datagen_file_reads_back(cli, tmp_path):
    path = tmp_path / "d.txt"
    datagen(cli, path, "text")
    lines = path.read_text().splitlines()
    finished = {int(line.split()[1]) for line in lines if line.startswith("g ")}
    want = []
    for line in lines:
        f = line.split(" ", 6)
        if f[0] == "p" and int(f[1]) in finished:
            want.append((f[6], int(f[3]), float(f[4]), int(f[5])))
    data = longjiang.read_datagen(str(path))
    assert data.positions == len(want) >= 30
    assert "variant=longjiang-nodrop" in data.header
    got = list(data)
    assert got == want
    for sfen, _, result, _ in got[:20]:
        assert result in (0.0, 0.5, 1.0)
        longjiang.Board("longjiang-nodrop", sfen=sfen)
    # The same games written in the binary format read back as the same samples.
    binary = tmp_path / "d.bin"
    datagen(cli, binary, "binary")
    assert binary.read_bytes().startswith(b"LJDG")
    assert list(longjiang.read_datagen(str(binary))) == want


def test_a_bad_data_file_raises_value_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("p 0 nonsense\ng 0 1 10 checkmate\n")
    with pytest.raises(ValueError):
        longjiang.read_datagen(str(path))
    with pytest.raises(ValueError):
        longjiang.read_datagen(str(tmp_path / "missing.txt"))
