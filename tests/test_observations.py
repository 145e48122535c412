"""Observations: typed, read strictly, and their JSON is the proto JSON mapping."""

from __future__ import annotations

import json
import random

import pytest
from google.protobuf import json_format

from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES, spec
from moneycards.solver.observation import read_observation
from moneycards.v1 import lukfu_pb2, observation_pb2

MESSAGES = {"totom": observation_pb2.TotomObservation, "kowah": observation_pb2.KowahObservation,
            "lukfu": lukfu_pb2.LukFuObservation}


def positions(game: str, deals: int, seed: int):
    """Every seat's view at random moments of random deals, finished deals included."""
    rng = random.Random(seed)
    for d in range(deals):
        state = spec(game).seeded(seed * 100 + d)
        while True:
            for s in range(state.seats):
                yield state.observation(s)
            if state.is_over:
                break
            for _ in range(rng.randint(1, 6)):
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_texts()))


def deal_count(game: str, n: int) -> int:
    """A Kowah deal runs long (some 340 views, against 70 for Tổ Tôm and 25 for Luk Fu):
    a third of the deals gives it as many views as the others."""
    return max(1, n // 3) if game == "kowah" else n


@pytest.mark.parametrize("game", GAMES)
def test_observation_json_is_the_proto_json_mapping(game):
    seen_phases = set()
    for obs in positions(game, deal_count(game, 6), seed=3):
        data = obs.to_json()
        msg = json_format.ParseDict(data, MESSAGES[game]())  # unknown fields would raise
        # Nothing is lost: what a proto client sends back reads as the same observation,
        # with its default values written out or, as proto JSON does by default, left out
        # (seat 0, an empty hand, a discard of seat 0, an empty stock).
        for full in (True, False):
            back = json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                             always_print_fields_with_no_presence=full)
            assert read_observation(back).to_json() == data
        seen_phases.add(data["phase"])
    assert len(seen_phases) >= 2


@pytest.mark.parametrize("game", GAMES)
def test_an_integer_written_as_a_string_reads_as_the_proto_json_mapping_allows(game):
    """The proto JSON mapping lets an integer be written as a string of its digits
    ("to_act": "1"): the observation reads the same; a string that is no whole number is
    refused, naming the field."""
    obs = next(iter(positions(game, 1, seed=5)))
    data = obs.to_json()
    quoted = {**data, "seat": str(data["seat"]), "hand_sizes": [str(n) for n in
                                                                data["hand_sizes"]]}
    assert read_observation(quoted).to_json() == data
    with pytest.raises(InvalidInput) as err:
        read_observation({**data, "seat": "one"})
    assert (err.value.field, err.value.message) == ("state.seat", "must be a whole number")


@pytest.mark.parametrize("game", GAMES)
def test_reading_an_observation_gives_it_back(game):
    for obs in positions(game, deal_count(game, 4), seed=5):
        data = json.loads(json.dumps(obs.to_json()))
        again = read_observation(data)
        assert again.to_json() == obs.to_json()
        assert type(again) is type(obs)


def _valid(game: str) -> dict:
    state = spec(game).seeded(11)
    return state.observation(state.current_seat()).to_json()


@pytest.mark.parametrize("game,change,field", [
    ("totom", {"seat": 4}, "state.seat"),
    ("totom", {"seat": "1.5"}, "state.seat"),  # a string of digits is a number (proto JSON)
    ("totom", {"phase": "claims"}, "state.phase"),
    ("totom", {"hand": "22x"}, "state.hand"),
    ("totom", {"dead": [{"seat": 0, "card": "5c5c"}]}, "state.dead[0].card"),
    ("totom", {"exposed": [[]]}, "state.exposed[0]"),
    ("totom", {"extra": 1}, "state"),
    ("totom", {"memory": {"discarded": ["5c", ""]}}, "state.memory.discarded[1]"),
    ("totom", {"memory": {"declined_chan": ["5c5c"]}}, "state.memory.declined_chan[0]"),
    ("kowah", {"declared": {"7": "55c"}}, "state.declared.7"),
    ("kowah", {"declared": {"1": "5c6c"}}, "state.declared.1"),
    ("kowah", {"first_turn": "yes"}, "state.first_turn"),
    ("kowah", {"stock": -1}, "state.stock"),
    ("kowah", {"hand_sizes": [8, 8]}, "state.hand_sizes"),
    ("totom", {"hand_sizes": [19, 19, 19]}, "state.hand_sizes"),
    ("lukfu", {"hand_sizes": [5]}, "state.hand_sizes"),
    ("lukfu", {"record": {"master": 5}}, "state.record.master"),
    ("lukfu", {"fu": [1, 2, 99]}, "state.fu[2]"),
    ("lukfu", {"to_act": True}, "state.to_act"),
])
def test_a_bad_observation_names_its_field(game, change, field):
    data = {**_valid(game), **change}
    with pytest.raises(InvalidInput) as err:
        read_observation(data, field="state")
    assert err.value.field == field


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_own_hand_size_that_disagrees_with_its_hand_is_refused(game):
    """From every seat, one card more or fewer in the seat's own hand_sizes entry is
    refused with the entry named; the other seats' entries are the view's to say."""
    state = spec(game).seeded(11)
    for seat in range(state.seats):
        data = state.observation(seat).to_json()
        read_observation(data, field="state")  # as dealt: accepted
        for delta in (-1, 1):
            sizes = list(data["hand_sizes"])
            sizes[seat] += delta
            with pytest.raises(InvalidInput) as err:
                read_observation({**data, "hand_sizes": sizes}, field="state")
            assert err.value.field == f"state.hand_sizes[{seat}]"
            if delta < 0:  # one more than a full hand is refused by its range first
                assert f"holds {sizes[seat]} cards" in err.value.message
        other = (seat + 1) % state.seats
        sizes = list(data["hand_sizes"])
        sizes[other] -= 1  # another seat's count is not checked against anything here
        read_observation({**data, "hand_sizes": sizes}, field="state")


def test_more_copies_than_the_deck_holds_is_refused_TT_D1():
    data = _valid("totom")
    data["dead"] = [{"seat": 0, "card": "9c"}] * 5
    with pytest.raises(InvalidInput) as err:
        read_observation(data, field="state")
    assert err.value.rule == "TT-D1" and "5 copies of 9c" in err.value.message


def test_an_unknown_game_is_named():
    with pytest.raises(InvalidInput) as err:
        read_observation({"game": "chess"}, field="state")
    assert err.value.field == "state.game" and "totom, kowah, lukfu" in err.value.message


def test_the_json_schema_file_is_current():
    import importlib.util
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[1]
    loader = importlib.util.spec_from_file_location("observation_schema",
                                                    root / "proto" / "observation_schema.py")
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    committed = (root / "docs" / "observation.schema.json").read_text(encoding="utf-8")
    assert committed == module.text(), \
        "docs/observation.schema.json is stale: run python proto/observation_schema.py"


@pytest.mark.parametrize("game", GAMES)
def test_engine_observations_validate_against_the_json_schema(game):
    import pathlib

    import jsonschema

    root = pathlib.Path(__file__).resolve().parents[1]
    schema = json.loads((root / "docs" / "observation.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for obs in positions(game, deal_count(game, 3), seed=7):
        errors = list(validator.iter_errors(obs.to_json()))
        assert not errors, errors[0].message
        # and as a proto client writes it by default, its default values left out
        sparse = json_format.MessageToDict(json_format.ParseDict(obs.to_json(),
                                                                 MESSAGES[game]()),
                                           preserving_proto_field_name=True)
        errors = list(validator.iter_errors(sparse))
        assert not errors, errors[0].message
    bad = {**_valid(game), "phase": "claims"}
    assert list(validator.iter_errors(bad))


def test_R_claim_privacy_a_pending_chiu_is_invisible_to_the_other_seats():
    """Seat 0 discards 5s; seat 3 holds 555s and is asked about a Chíu. Every other seat's
    view equals the view of the same table where seat 3 holds no 5s: phase offer, seat 1 to
    act with its own capture or pass, no claim."""
    from moneycards.solver.totom.observation import Phase

    def after_discard(seat3):
        from moneycards.solver.totom.table import TotomState
        from tests.table_helpers import totom_deal

        state = TotomState(None, deal=totom_deal(["", "", "", ""], ""))
        for s, hand in enumerate(["5s 3c", "5m 7c 8s", "2c 3s 4m", seat3]):
            state.hands[s] = list(spec("totom").deck.parse_counts(hand))
        state.phase, state.seat, state.offer, state.claims = Phase.DISCARD, 0, None, []
        state.apply("discard 5s")
        return state

    asked, plain = after_discard("555s 7m 8m 9m"), after_discard("2m 4m 6c 7m 8m 9m")
    assert asked.phase is Phase.CLAIMS and asked.current_seat() == 3
    assert plain.phase is Phase.OFFER
    assert asked.observation(3).to_json()["claim"] == "CLAIM_CHIU"
    for seat in (0, 1, 2):
        view = asked.observation(seat).to_json()
        assert view == plain.observation(seat).to_json()
        assert view["phase"] == "TOTOM_PHASE_OFFER" and view["to_act"] == 1
    assert asked.observation(1).legal_actions == ("capture 5m", "pass")


def test_a_kowah_view_s_shown_pairs_cite_the_pair_rule_and_its_own_pair_is_held():
    """A shown pair that is not two identical cards breaks KW-R3; the seat's own declared
    pair must be among its locked cards (KW-X1), where another seat's is public only."""
    from moneycards.solver.kowah import KOWAH
    from moneycards.solver.kowah.facts import facts

    data = _valid("kowah")
    with pytest.raises(InvalidInput) as err:
        read_observation({**data, "declared": {"1": "5c6c"}}, field="state")
    assert (err.value.field, err.value.rule) == ("state.declared.1", "KW-R3")
    seat = data["seat"]
    counts = read_observation(data, field="state").hand
    pair = next(f for f in KOWAH.faces if counts[KOWAH.index(f)] == 0)  # not in the hand
    text = pair.text[0] + pair.text
    with pytest.raises(InvalidInput) as err:
        facts(read_observation({**data, "declared": {str(seat): text}}, field="state"))
    assert (err.value.field, err.value.rule) == (f"state.declared.{seat}", "KW-X1")
    assert f"holds 0 of {pair}" in err.value.message
    other = str((seat + 1) % 3)  # another seat's pair is not in this hand: accepted
    facts(read_observation({**data, "declared": {other: text}}, field="state"))


def test_a_view_that_contradicts_its_own_record_or_groups_is_refused():
    """Tổ Tôm: an exposed group is a Chắn or a Cạ (TT-W1; Chi chi only with Chi chi,
    TT-D3) or a Chíu's four (TT-P2). Luk Fu: the caller, the phase and each seat's fu,
    where given, are the record's (LF-C3, LF-W1)."""
    from moneycards.solver.totom.facts import facts

    data = _valid("totom")
    seat = data["seat"]
    other = (seat + 1) % 4
    held = read_observation(data, field="state").hand
    spare = next(f for f, n in zip(spec("totom").deck.faces, held) if n == 0 and f.rank > 1)
    three = spare.text[0] * 3 + spare.text[1]  # three of a face the hand does not hold
    for groups, rule in ((["67m"], "TT-W1"), (["1h5s"], "TT-D3"), ([three], "TT-P2")):
        exposed = [{"pairs": []} for _ in range(4)]
        exposed[other] = {"pairs": groups}
        with pytest.raises(InvalidInput) as err:
            facts(read_observation({**data, "exposed": exposed}, field="state"))
        assert (err.value.field, err.value.rule) == (f"state.exposed[{other}][0]", rule)

    state = spec("lukfu").seeded(8)
    while state.record.caller is None or not state.record.tricks:
        state.apply(state.legal_texts()[0])
    data = state.observation(state.current_seat()).to_json()
    read_observation(data, field="state")  # as the engine gives it: accepted
    caller = state.record.caller
    for change, field in (({"caller": (caller + 1) % 3}, "state.caller"),
                          ({"phase": "LUK_FU_PHASE_CALL"}, "state.phase"),
                          ({"fu": [f + 1 for f in data["fu"]]}, "state.fu[0]")):
        with pytest.raises(InvalidInput) as err:
            read_observation({**data, **change}, field="state")
        assert err.value.field == field, (change, err.value.message)
