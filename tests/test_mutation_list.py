"""The mutation run (bench/mutation.py) stays runnable as the code changes: every mutant's
snippet occurs exactly once in its file, and every test file it names exists."""

import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def mutants():
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "bench" / "mutation.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    listed = [m for v in vars(module).values() if isinstance(v, (list, tuple)) and v
              and isinstance(v[0], module.Mutant) for m in v]
    # The mutants judged equivalent are run too (`--fast` checks they still apply).
    return listed + [e.mutant for e in module.EQUIVALENT]


def test_every_mutant_still_applies_once_and_names_existing_tests():
    found = mutants()
    assert len(found) >= 90
    for m in found:
        source = (ROOT / m.file).read_text(encoding="utf-8")
        assert source.count(m.find) == 1, f"{m.id}: its snippet is not once in {m.file}"
        assert m.find != m.replace, m.id
        for test in m.tests:
            assert (ROOT / test).exists(), f"{m.id}: no {test}"
