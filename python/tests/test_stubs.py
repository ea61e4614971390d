"""The type stubs and the module agree: every name and method the .pyi declares exists, and
every public name of the module is declared."""
import ast
import pathlib

import longjiang
from longjiang import _longjiang

STUB = pathlib.Path(__file__).resolve().parents[1] / "longjiang" / "_longjiang.pyi"


def declared():
    tree = ast.parse(STUB.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
    return names, members


def test_the_stubs_match_the_module():
    names, members = declared()
    public = {n for n in dir(_longjiang) if not n.startswith("_")}
    assert public == names, (public ^ names)
    for cls, attrs in members.items():
        for a in attrs - {"__init__"}:
            assert hasattr(getattr(_longjiang, cls), a), f"{cls}.{a}"
    assert set(longjiang.__all__) == public | {"read_datagen"}
