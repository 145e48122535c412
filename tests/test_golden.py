"""Golden playthroughs (tests/golden/): the same seeded deals replay to the same text."""

import pytest

from tests.golden_cases import CASES, path, render


@pytest.mark.parametrize("game,seed", CASES)
def test_golden_playthrough(game, seed):
    expected = path(game, seed).read_text(encoding="utf-8")
    assert render(game, seed) == expected, \
        f"{path(game, seed).name} changed; if deliberate: python tests/golden_cases.py --write"
