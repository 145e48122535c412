"""Hypothesis strategies for hostile input: notation-like text, JSON that is almost right
(real observations and records with one part changed), and raw bytes."""

from __future__ import annotations

import json
import os
import random
from functools import lru_cache

import pytest
from hypothesis import strategies as st

# Examples per fuzz target: a short run by default, the full count under the `slow` marker
# (bench/differential.py runs it). MONEYCARDS_FUZZ_EXAMPLES sets the full count.
FULL_EXAMPLES = int(os.environ.get("MONEYCARDS_FUZZ_EXAMPLES", "100"))
EXAMPLES = [pytest.param(min(25, FULL_EXAMPLES), id="short"),
            pytest.param(FULL_EXAMPLES, id="full", marks=pytest.mark.slow)]

GAMES = ("totom", "kowah", "lukfu")
CARDS = [f"{r}{s}" for s in "csmt" for r in range(1, 10)] + ["1h", "2h", "3h", "9h"]
ODD_TOKENS = ["", " ", "２２c", "٢c", "⁴m", "7C", "0c", "1x", "chi", "chi chi", "x" * 5000,
              "9" * 400, "-1", "\x00", "🂡", "1c,2c", "1c\n2c", "7c7c7c7c7c"]

notation = st.one_of(
    st.lists(st.sampled_from(CARDS), max_size=24).map(" ".join),
    st.lists(st.sampled_from(CARDS), max_size=12).map("".join),
    st.sampled_from(ODD_TOKENS),
    st.text(max_size=30),
)

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30),
    st.sampled_from([0, 1, 2, 3, 4, -1, 10**12, 2**31 - 1]),
    st.floats(allow_nan=False, allow_infinity=False), notation)
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@lru_cache(maxsize=None)
def samples(game: str) -> tuple[tuple[str, str], ...]:
    """(observation JSON, record JSON) at a few points of random deals."""
    from moneycards.records import game_record_json
    from moneycards.solver.games import seeded

    rng = random.Random(7)
    out = []
    for seed in range(3):
        state = seeded(game, seed)
        while not state.is_over and len(out) < 12 * (seed + 1):
            if rng.random() < 0.3:
                seat = state.current_seat()
                out.append((json.dumps(state.observation(seat).to_json()),
                            json.dumps(game_record_json(game, state.engine_record()))))
            state.apply(rng.choice(state.legal_texts()))
    return tuple(out)


@st.composite
def mutated(draw, game: str, which: int) -> str:
    """A real observation (which=0) or record (which=1) with a part changed or dropped."""
    base = json.loads(draw(st.sampled_from(samples(game)))[which])
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from(sorted(base)))
        how = draw(st.integers(0, 3))
        if how == 0:
            del base[key]
        elif how == 1:
            base[key] = draw(json_values)
        elif how == 2 and isinstance(base[key], list):
            base[key] = base[key] + base[key][:draw(st.integers(0, 3))]
        elif isinstance(base[key], list) and base[key]:
            k = draw(st.integers(0, len(base[key]) - 1))
            base[key][k] = draw(json_values)
    if isinstance(base.get("legal_actions"), list) and draw(st.booleans()):
        extra = draw(st.lists(st.one_of(
            st.sampled_from(["draw", "take", "claim", "win", "chiu", "pass", "decline",
                             "end", "call play", "stay"]),
            st.builds(lambda v, c: f"{v} {c}", st.sampled_from(
                ["discard", "declare", "capture", "lead", "follow", "down"]), notation)),
            max_size=3))
        base["legal_actions"] = list(base["legal_actions"]) + extra
    return json.dumps(base)


def json_text(game: str, which: int):
    """Text a JSON field or file might hold: mostly almost right, sometimes anything."""
    return st.one_of(
        mutated(game, which), mutated(game, which),
        json_values.map(json.dumps),
        st.sampled_from(["", "{", "[" * 3000, '{"seed": ' + "9" * 5000 + "}", "NaN",
                         '{"game": "%s", "seat": 1e999}' % game, "\ufeff{}"]),
        st.text(max_size=40),
    )
