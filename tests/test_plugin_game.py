"""A fourth game is one package plus one registration line: the toy game `highcard`
(tests/toygame, in the test suite only) is registered and played through the table core
(seats, AI players, events, a match, its record replayed), the observation check and the
hints, with no edit outside its package."""

from __future__ import annotations

import pytest

from moneycards.solver import hints
from moneycards.solver.errors import InvalidInput
from moneycards.solver.facts import checked
from moneycards.solver.games import GAMES, register, spec
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import AI, HUMAN, Match, Seat, Table


@pytest.fixture
def highcard():
    from tests.toygame import SPEC

    register(SPEC)
    yield SPEC
    del GAMES[SPEC.name]


def test_a_registered_game_plays_through_the_table_core(highcard):
    t = Table.create("highcard", [Seat(AI, "greedy"), Seat(HUMAN)], seed=5)
    seen = []
    while not t.is_over:
        obs = t.observation(1)
        assert obs.to_act == 1 and obs.legal_actions
        seen += t.act(1, hints.hint(obs)[0].action)
    result = t.state.result
    assert result is not None and result.rule == "HC-2" and sum(result.net) == 0
    assert t.state.cards_accounted()
    assert any("wins the trick" in line for e in seen for line in e.lines)
    # The record replays to the same result through the registry's engine.
    again = highcard.new_state(t.state.engine_record())
    for action in t.state.history:
        again.apply(action)
    assert again.result == result


def test_a_registered_games_illegal_action_changes_nothing(highcard):
    t = Table.create("highcard", [Seat(HUMAN), Seat(HUMAN)], seed=2)
    seat = t.state.current_seat()
    other = next(c for c in highcard.deck.faces if f"play {c}" not in t.state.legal_texts())
    before = t.state.engine_record(), list(t.inputs)
    with pytest.raises(IllegalAction) as err:
        t.act(seat, f"play {other}")
    assert err.value.rule == "HC-1"
    assert (t.state.engine_record(), list(t.inputs)) == before


def test_a_registered_games_observation_is_checked_by_its_own_facts(highcard):
    state = highcard.seeded(3)
    obs = state.observation(state.current_seat())
    assert checked(obs).legal_actions == obs.legal_actions
    import dataclasses

    forged = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, "play 9c"))
    if "play 9c" in obs.legal_actions:
        forged = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, "play 1c"))
    with pytest.raises(InvalidInput) as err:
        checked(forged)
    assert err.value.field.startswith("state.legal_actions")


def test_a_registered_game_plays_a_match_with_its_own_first_seat(highcard):
    t = Table.create("highcard", [Seat(AI, "strong"), Seat(AI, "random")], seed=7,
                     match=Match(deals=3), ai_only=True)
    assert t.is_over and len(t.finished()) == 3
    totals = t.totals()
    assert sum(totals) == 0 and max(totals) <= 3
    for before, after in zip(t.finished(), t.finished()[1:]):
        assert after.starter == before.result.winner  # the winner leads next (R-match)


def test_a_name_already_taken_is_refused_and_unknown_games_stay_unknown(highcard):
    from tests.toygame import SPEC

    assert register(SPEC) is SPEC  # the same game again: nothing changes
    import dataclasses

    with pytest.raises(ValueError):
        register(dataclasses.replace(SPEC, title="Another"))
    with pytest.raises(InvalidInput):
        spec("lowcard")
