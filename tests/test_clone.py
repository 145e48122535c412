"""`TableState.clone` is derived from the state's fields (solver/table.py `tree_copy`): it
copies containers and shares immutable values. That equals a deep copy only while a state
holds no container twice, which these tests check for every engine at every step of random
deals, along with the copy's independence from the original."""

from __future__ import annotations

import copy
import dataclasses
import random
from enum import Enum

import pytest

from moneycards.solver.cards import Face
from moneycards.solver.games import GAMES
from moneycards.solver.table import TableState, tree_copy

IMMUTABLE = (int, str, bool, float, bytes, type(None), Face, Enum, frozenset)


def mutable_parts(value, path="state", out=None):
    """Every mutable container reachable from `value`, by id, with the path it was met at."""
    out = {} if out is None else out
    if isinstance(value, IMMUTABLE):
        return out
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return out
    if isinstance(value, tuple):  # immutable itself, but may hold containers
        for k, v in enumerate(value):
            mutable_parts(v, f"{path}[{k}]", out)
        return out
    assert id(value) not in out, f"{path} is the same object as {out[id(value)]}"
    out[id(value)] = path
    if isinstance(value, dict):
        for k, v in value.items():
            mutable_parts(v, f"{path}[{k!r}]", out)
    elif isinstance(value, (list, set)):
        for k, v in enumerate(value):
            mutable_parts(v, f"{path}[{k}]", out)
    else:
        for k, v in vars(value).items():
            mutable_parts(v, f"{path}.{k}", out)
    return out


def random_states(game: str, deals: int, seed: int):
    """States met along random legal play of `deals` seeded deals."""
    g = GAMES[game]
    rng = random.Random(seed)
    for d in range(deals):
        state = g.seeded(seed * 1000 + d)
        yield state
        while not state.is_over:
            state.apply(rng.choice(state.legal_texts()))
            yield state


@pytest.mark.parametrize("game", list(GAMES))
def test_a_state_holds_no_container_twice(game):
    """Sharing a container between two fields would make the derived clone differ from a
    deep copy (it would copy the two apart): no engine state does, at any step."""
    for state in random_states(game, 6, 11):
        mutable_parts(state)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_clone_shares_no_mutable_part(game):
    """Changing a clone never changes the original: they have no container in common."""
    for k, state in enumerate(random_states(game, 4, 12)):
        if k % 5:
            continue
        clone = state.clone()
        assert type(clone) is type(state)
        parts = mutable_parts(state)
        common = set(parts) & set(mutable_parts(clone))
        assert not common, f"shared with the clone: {sorted(parts[i] for i in common)}"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_clone_plays_on_apart_like_a_deep_copy(game):
    """A clone played on gives what a deep copy played on gives, and the original stays as
    it was (its legal actions, observations and record unchanged)."""
    rng = random.Random(5)
    for k, state in enumerate(random_states(game, 3, 13)):
        if k % 7 or state.is_over:
            continue
        before = [state.observation(s).to_json() for s in range(state.seats)]
        record = state.engine_record()
        clone, deep = state.clone(), copy.deepcopy(state)
        moves = random.Random(rng.random())
        while not clone.is_over:
            assert clone.legal_texts() == deep.legal_texts()
            action = moves.choice(clone.legal_texts())
            clone.apply(action)
            deep.apply(action)
        assert clone.result == deep.result
        assert [state.observation(s).to_json() for s in range(state.seats)] == before
        assert state.engine_record() == record


def test_the_copy_shares_values_and_copies_containers():
    """Faces, text and frozen records are shared; lists, dicts, sets and plain objects are
    copied; a type it does not know is deep-copied."""
    from collections import Counter

    class Plain:
        def __init__(self):
            self.cards = [Face(0, 1)]

    face = Face(0, 3)
    value = {"hand": [face, [face]], "seen": {face}, "pair": (face, [1]), "plain": Plain(),
             "counts": Counter("ab")}
    copied = tree_copy(value)
    assert copied == {**value, "plain": copied["plain"]}
    assert copied["hand"] is not value["hand"] and copied["hand"][0] is face
    assert copied["hand"][1] is not value["hand"][1]
    assert copied["seen"] is not value["seen"]
    assert copied["pair"][1] is not value["pair"][1]
    assert copied["plain"] is not value["plain"]
    assert copied["plain"].cards is not value["plain"].cards
    assert copied["counts"] == value["counts"] and copied["counts"] is not value["counts"]
    assert (face,) is not None and tree_copy((face, "x")) == (face, "x")


def test_every_engine_clones_by_its_fields():
    """The engines use the derived clone (a hand-written one would forget new fields)."""
    for g in GAMES.values():
        cls = type(g.seeded(1))
        assert cls.clone is TableState.clone, f"{cls.__name__} overrides clone"


def _fields(obj) -> dict:
    slots = [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())]
    out = {s: getattr(obj, s) for s in slots if hasattr(obj, s)}
    out.update(getattr(obj, "__dict__", {}))
    return out


def _search_worlds():
    """A world of each search's own (copied by hand for speed), sampled mid-deal."""
    from moneycards.solver.lukfu import search as lf_search
    from moneycards.solver.lukfu.old import Position
    from moneycards.solver.totom import search as tt_search
    from moneycards.solver.totom.sim import from_state

    rng = random.Random(8)
    state = GAMES["totom"].seeded(8)
    for _ in range(25):
        state.apply(rng.choice(state.legal_texts()))
    obs = state.observation(state.current_seat())
    yield tt_search.world(obs, random.Random(1))
    yield from_state(state)
    state = GAMES["lukfu"].seeded(8)
    for _ in range(10):  # the calls (the first seat plays), then a few plays
        legal = state.legal_texts()
        state.apply("call play" if "call play" in legal else rng.choice(legal))
    seat = state.current_seat()
    obs = state.observation(seat)
    pos = Position(obs.record, seat, obs.hand)
    placement = lf_search.sample_placements(pos, 1, random.Random(2))[0]
    yield lf_search.root_world(pos, placement)


def test_search_worlds_copy_every_field_they_do_not_declare_shared():
    """The searches' worlds copy themselves field by field, by hand: a field added later
    and forgotten there is either missing from the clone or shared with it. Every field
    must reach the clone, and only the fields a world declares never changed in place
    (`SHARED_FIELDS`) may be the same object."""
    for world in _search_worlds():
        name = type(world).__name__
        original, clone = _fields(world), _fields(world.clone())
        assert set(clone) == set(original), f"{name}: {set(original) ^ set(clone)}"
        shared = type(world).SHARED_FIELDS
        for field_name, value in original.items():
            if field_name in shared:
                continue
            inner = set(mutable_parts(value, field_name))
            common = inner & set(mutable_parts(clone[field_name], field_name))
            assert not common, f"{name}.{field_name} is shared with its clone"
