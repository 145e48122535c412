"""Strict reading: notation digits, JSON limits, record length bounds and R-take-limit."""

import json

import pytest

from moneycards.solver.bounds import MAX_ACTIONS
from moneycards.solver.cards import KOWAH, TOTOM
from moneycards.solver.errors import InvalidInput, NotationError, clip, json_object
from moneycards.solver.games import check, seeded
from moneycards.solver.kowah.table import TAKE_LIMIT
from moneycards.solver.table import IllegalAction


@pytest.mark.parametrize("text", ["２２c", "٢٢c", "２c", "2c ３s", "⁴m"])
def test_only_ascii_digits_are_ranks(text):
    with pytest.raises(NotationError):
        TOTOM.parse(text)


def test_a_full_width_hand_never_wins():
    from moneycards.solver.totom.check import check_text

    with pytest.raises(NotationError) as exc:
        check_text("２２c 3c3c 4c4c 5c5c 6c6c 7c7c 8c8c 9c9c 2s2s 3s3s")
    assert "'２２c' at position 1" in str(exc.value)


def test_echoed_tokens_are_clipped():
    assert clip("x" * 41) == "x" * 40 + "…(41 chars)"
    assert clip("short") == "short"
    with pytest.raises(NotationError) as exc:
        KOWAH.parse("q" * 100_000, field="hand")
    assert len(str(exc.value)) < 120 and "(100000 chars)" in str(exc.value)


@pytest.mark.parametrize("data, needle", [
    (b"\xff\xfe{}", "not UTF-8 text (byte 1)"),
    ("[" * 100_000, "nested deeper than 16 levels"),
    ('{"a": ' + "[" * 20 + "]" * 20 + "}", "nested deeper than 16 levels"),
    ('{"seed": ' + "9" * 5000 + "}", "number too large"),
    ('{"seed": 1e999}', "number too large"),
    ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
    ("x" * (1 << 21), "characters; at most"),
    ("[1, 2]", "expected a game record"),
])
def test_json_reading_is_strict(data, needle):
    with pytest.raises(InvalidInput) as exc:
        json_object(data, field="record", what="a game record")
    assert exc.value.field == "record"
    assert needle in exc.value.message


def test_json_within_the_limits_is_read():
    assert json_object('{"seed": 123456789012345678, "x": [[1.5]]}', field="r") == \
        {"seed": 123456789012345678, "x": [[1.5]]}


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_longer_than_any_legal_deal_is_refused(game):
    record = {"seed": 1, "actions": ["draw"] * (MAX_ACTIONS[game] + 1)}
    with pytest.raises(InvalidInput) as exc:
        check(game, json.dumps(record))
    assert exc.value.field == "record.actions"
    assert f"no legal {game} deal has more than {MAX_ACTIONS[game]}" in exc.value.message


def _take_cycle(seed: int):
    """A Kowah deal whose seats take the last discard and discard it again, turn after turn."""
    state = seeded("kowah", seed)
    state.apply("draw")
    state.apply(state.legal_actions()[0])
    for _ in range(TAKE_LIMIT):
        if state.phase != "draw" or "take" not in state.legal_actions():
            return None
        card = state.discards[-1][1]
        state.apply("take")
        state.apply(f"discard {card}")
    return state if state.phase == "draw" and not state.is_over else None


def test_R_take_limit_after_30_takes_in_a_row_the_seat_draws():
    state = next(s for s in map(_take_cycle, range(20)) if s is not None)
    assert state.takes_in_row == TAKE_LIMIT == 30
    assert state.legal_actions() == ["draw"]
    before = state.clone()
    with pytest.raises(IllegalAction) as exc:
        state.apply("take")
    assert exc.value.rule == "R-take-limit"
    assert state.history == before.history and state.discards == before.discards
    state.apply("draw")
    assert state.takes_in_row == 0


def test_R_take_limit_the_30th_take_in_a_row_is_still_legal():
    for seed in range(20):
        state = seeded("kowah", seed)
        state.apply("draw")
        state.apply(state.legal_actions()[0])
        ok = True
        for _ in range(TAKE_LIMIT - 1):
            if state.phase != "draw" or "take" not in state.legal_actions():
                ok = False
                break
            card = state.discards[-1][1]
            state.apply("take")
            state.apply(f"discard {card}")
        if ok and state.phase == "draw" and not state.is_over:
            assert state.takes_in_row == TAKE_LIMIT - 1
            assert "take" in state.legal_actions()
            return
    pytest.fail("no seed gave a take cycle")


def test_R_take_limit_a_forged_take_after_the_limit_is_refused_by_hint():
    from moneycards.solver.hints import hint

    state = next(s for s in map(_take_cycle, range(20)) if s is not None)
    obs = state.observation(state.current_seat()).to_json()
    assert obs["takes_in_row"] == TAKE_LIMIT and obs["legal_actions"] == ["draw"]
    assert [r.action for r in hint(obs)] == ["draw"]
    obs["legal_actions"] = ["draw", "take"]
    with pytest.raises(InvalidInput) as exc:
        hint(obs)
    assert exc.value.field == "state.legal_actions[1]" and "R-take-limit" in exc.value.message


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_every_real_observation_passes_its_fact_check_unchanged(game):
    import random

    from moneycards.solver.facts import checked

    rng = random.Random(11)
    seen = 0
    for deal in range(6):
        state = seeded(game, 500 + deal)
        while not state.is_over:
            obs = state.observation(state.current_seat())
            assert checked(obs).legal_actions == obs.legal_actions
            seen += 1
            acts = state.legal_actions()
            state.apply("win" if "win" in acts else rng.choice(acts))
    assert seen > 30
