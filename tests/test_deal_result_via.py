"""DealResult.via: every value a deal of each game gives is one the proto's comment lists
for that game (read from the comment, so the two cannot drift apart)."""

from __future__ import annotations

import pathlib
import random
import re

import pytest

from moneycards.solver.games import seeded
from moneycards.solver.hints import choose

ROOT = pathlib.Path(__file__).resolve().parents[1]


def documented_vias() -> dict[str, set[str]]:
    """The `via` values the DealResult comment of common.proto lists, per game ('unset'
    for a game it says never sets one)."""
    proto = (ROOT / "proto" / "moneycards" / "v1" / "common.proto").read_text(encoding="utf-8")
    body = proto[proto.index("message DealResult {"):]
    body = body[:body.index("optional string via")]
    comment = " ".join(line.strip().removeprefix("//").strip() for line in
                       _last_comment(body))
    out: dict[str, set[str]] = {}
    for game, title in (("totom", "Tổ Tôm:"), ("kowah", "Kowah:")):
        part = comment[comment.index(title) + len(title):]
        ends = [part.index(t) for t in ("Tổ Tôm:", "Kowah:") if t in part]
        part = part[:min(ends)] if ends else part
        out[game] = set(re.findall(r'"([^"]+)"', part))
    out["lukfu"] = {"unset"} if "unset for Luk Fu" in comment else set()
    return out


def _last_comment(text: str) -> list[str]:
    """The comment lines right above the end of `text` (the field's own comment)."""
    out: list[str] = []
    for line in reversed(text.rstrip().splitlines()):
        if not line.strip().startswith("//"):
            break
        out.insert(0, line)
    return out


def test_the_proto_documents_each_game_s_via_values():
    assert documented_vias() == {"totom": {"own-door", "stock", "chiu", "thien-u"},
                                 "kowah": {"self-draw", "draw", "discard"},
                                 "lukfu": {"unset"}}


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_every_via_a_deal_gives_is_one_the_proto_documents(game):
    documented = documented_vias()[game]
    given = set()
    for seed in range(40):
        state = seeded(game, seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(choose(state, "greedy", rng))
        r = state.result
        given.add(r.via if r.via is not None else "unset")
        if r.via is not None:
            assert r.to_json()["via"] == r.via
    assert given - {"unset"} <= documented, (game, given - documented)
    if game == "lukfu":
        assert given == {"unset"}
    else:
        assert len(given - {"unset"}) >= 2  # the deals reached wins of more than one way
