"""Golden playthroughs: seeded deals played by a fixed random policy, replayed as text.

    python tests/golden_cases.py --write    # regenerate the files after a deliberate change

tests/test_golden.py replays the same deals and compares them line by line, so any change
in dealing, legality, claims, scoring or the replay text shows up as a diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from moneycards.solver.games import replay, seeded

ROOT = Path(__file__).resolve().parent
CASES = [("totom", 1), ("totom", 17), ("kowah", 2), ("kowah", 42), ("lukfu", 3), ("lukfu", 8)]
GOLDEN = ROOT / "golden"


def record_of(game: str, seed: int) -> dict:
    """The deal played with wins and claims always taken, other choices at random."""
    rng = random.Random(seed * 31 + 7)
    state = seeded(game, seed)
    while not state.is_over:
        acts = state.legal_texts()
        preferred = [a for a in acts if a in ("win", "claim")]
        state.apply(preferred[0] if preferred else rng.choice(acts))
    return state.engine_record()


def render(game: str, seed: int) -> str:
    record = record_of(game, seed)
    return (json.dumps(record) + "\n" + "\n".join(replay(game, record)) + "\n")


def path(game: str, seed: int) -> Path:
    return GOLDEN / f"{game}-seed{seed}.txt"


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/golden_cases.py --write")
    GOLDEN.mkdir(exist_ok=True)
    for game, seed in CASES:
        path(game, seed).write_text(render(game, seed), encoding="utf-8")
        print("wrote", path(game, seed).relative_to(ROOT.parent))
