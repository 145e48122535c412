"""Strict reading: notation digits, JSON limits, record length bounds and R-take-limit."""

import json
import pathlib

import pytest

from moneycards.solver.games import GAMES
from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput, NotationError, clip, json_object
from moneycards.solver.games import check, seeded
from moneycards.solver.kowah.table import TAKE_LIMIT
from moneycards.solver.table import IllegalAction

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text, digit, position", [
    ("２２c", "２", 1), ("٢٢c", "٢", 1), ("２c", "２", 1), ("2c ３s", "３", 4), ("⁴m", "⁴", 1),
    ("2c2²c", "²", 3)])
def test_only_ascii_digits_are_ranks(text, digit, position):
    """NOTATION.md: a rank is an ASCII digit; another script's digit is named as such."""
    with pytest.raises(NotationError) as exc:
        TOTOM.parse(text)
    assert f"'{digit}' is not a rank digit: ranks are the ASCII digits 1-9" in str(exc.value)
    assert exc.value.position == position


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
    ("", "empty, where a game record was expected"),
    ("\ufeff \n", "empty, where a game record was expected"),
    ("{", "not JSON: Expecting property name"),
    # which of two values would count is a guess: refused, however deep
    ('{"seed": 5, "seed": 6}', "the key 'seed' is given twice in one object"),
    ('{"result": {"winner": 1, "winner": 2}}', "the key 'winner' is given twice"),
])
def test_json_reading_is_strict(data, needle):
    with pytest.raises(InvalidInput) as exc:
        json_object(data, field="record", what="a game record")
    assert exc.value.field == "record"
    assert needle in exc.value.message


def test_json_within_the_limits_is_read():
    assert json_object('{"seed": 123456789012345678, "x": [[1.5]]}', field="r") == \
        {"seed": 123456789012345678, "x": [[1.5]]}
    # a byte-order mark some editors write first is no part of the JSON
    assert json_object('\ufeff{"seed": 5}', field="r") == {"seed": 5}
    assert json_object(b'\xef\xbb\xbf{"seed": 5}', field="r") == {"seed": 5}


@pytest.mark.parametrize("key, value, field, said", [
    ("seed", 2 ** 63, "record.seed", "9223372036854775808 is out of this field's range"),
    ("result", {"outcome": "DEAL_OUTCOME_WIN", "winner": 1, "points": 2 ** 40},
     "record.result.points", "1099511627776 is out of this field's range"),
    ("played_at", "2026-13-45T99:00:00Z", "record.played_at",
     "not a date and time as 2026-12-05T21:40:00Z (RFC 3339, in UTC)"),
])
def test_a_record_field_the_parser_refuses_is_named_in_the_product_s_words(key, value,
                                                                            field, said):
    """The protobuf parser's "Value out of range: N" and Python's "time data … does not
    match format '%Y-…'" are said in the product's words, the nested field named."""
    from moneycards.records import read_game_record

    record = json.loads((ROOT / "examples" / "kowah-game.json").read_text())
    record[key] = value
    with pytest.raises(InvalidInput) as exc:
        read_game_record("kowah", json.dumps(record))
    assert (exc.value.field, exc.value.message) == (field, said)


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_record_longer_than_any_legal_deal_is_refused(game):
    record = {"seed": 1, "actions": ["draw"] * (GAMES[game].max_actions + 1)}
    with pytest.raises(InvalidInput) as exc:
        check(game, json.dumps(record))
    assert exc.value.field == "record.actions"
    assert f"no legal {game} deal has more than {GAMES[game].max_actions}" in exc.value.message


def _take_cycle(seed: int):
    """A Kowah deal whose seats take the last discard and discard it again, turn after turn."""
    state = seeded("kowah", seed)
    state.apply("draw")
    state.apply(state.legal_texts()[0])
    for _ in range(TAKE_LIMIT):
        if state.phase != "draw" or "take" not in state.legal_texts():
            return None
        card = state.discards[-1][1]
        state.apply("take")
        state.apply(f"discard {card}")
    return state if state.phase == "draw" and not state.is_over else None


def test_R_take_limit_after_30_takes_in_a_row_the_seat_draws():
    state = next(s for s in map(_take_cycle, range(20)) if s is not None)
    assert state.takes_in_row == TAKE_LIMIT == 30
    assert state.legal_texts() == ["draw"]
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
        state.apply(state.legal_texts()[0])
        ok = True
        for _ in range(TAKE_LIMIT - 1):
            if state.phase != "draw" or "take" not in state.legal_texts():
                ok = False
                break
            card = state.discards[-1][1]
            state.apply("take")
            state.apply(f"discard {card}")
        if ok and state.phase == "draw" and not state.is_over:
            assert state.takes_in_row == TAKE_LIMIT - 1
            assert "take" in state.legal_texts()
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
            acts = state.legal_texts()
            state.apply("win" if "win" in acts else rng.choice(acts))
    assert seen > 30


# -- an empty hand: one error in every game ---------------------------------------------------
def _empty_hand_calls():
    from moneycards.v1 import kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2, \
        totom_pb2_grpc

    return [
        (totom_pb2_grpc.TotomServiceStub, "CheckHand", totom_pb2.CheckHandRequest(hand="")),
        (totom_pb2_grpc.TotomServiceStub, "FindWaits", totom_pb2.FindWaitsRequest(hand=" ")),
        (kowah_pb2_grpc.KowahServiceStub, "CheckReady", kowah_pb2.CheckReadyRequest(hand="")),
        (kowah_pb2_grpc.KowahServiceStub, "CheckWin", kowah_pb2.CheckWinRequest(
            hand="", pair="55c", card="5c", via=kowah_pb2.KOWAH_VIA_DISCARD)),
        (lukfu_pb2_grpc.LukFuServiceStub, "CheckPlay", lukfu_pb2.CheckPlayRequest(
            play="5c", hand="", role=lukfu_pb2.LUK_FU_ROLE_CALLER)),
        (lukfu_pb2_grpc.LukFuServiceStub, "ProveOld", lukfu_pb2.ProveOldRequest(hand=" ")),
    ]


@pytest.mark.parametrize("k", range(6))
def test_an_empty_hand_is_one_error_over_grpc(channel, k):
    import grpc
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    stub_cls, method, request = _empty_hand_calls()[k]
    with pytest.raises(grpc.RpcError) as info:
        getattr(stub_cls(channel), method)(request, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details() == "hand: the hand is empty"
    bad, why = error_details_pb2.BadRequest(), error_details_pb2.ErrorInfo()
    details = rpc_status.from_call(info.value).details
    details[0].Unpack(bad)
    details[1].Unpack(why)
    assert bad.field_violations[0].field == "hand"
    assert bad.field_violations[0].description == "the hand is empty"
    assert why.reason == "IMPOSSIBLE_CARDS"


@pytest.mark.parametrize("args", [
    ["totom", "check", ""], ["totom", "waits", " "], ["kowah", "check", ""],
    ["kowah", "win", "", "--pair", "55c", "--card", "5c", "--via", "discard"],
    ["lukfu", "old", "--hand", ""], ["lukfu", "legal", "5c", "--hand", " ", "--role", "caller"],
])
def test_an_empty_hand_is_one_error_in_the_cli(args):
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    field = "--hand" if "--hand" in args else "hand"  # the option, or the HAND argument
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2 and r.output == f"error: {field}: the hand is empty\n", r.output
    r = CliRunner().invoke(cli, args + ["--json"])
    assert r.exit_code == 2
    assert json.loads(r.stderr) == {"error": {"field": field, "rule": None,
                                              "message": "the hand is empty"}}


@pytest.mark.parametrize("module,function,kwargs", [
    ("totom.check", "check_text", {"hand": ""}), ("totom.check", "waits_text", {"hand": ""}),
    ("kowah.check", "check_text", {"hand": ""}),
    ("kowah.check", "win_text", {"hand": "", "pair": "55c", "card": "5c", "via": "discard"}),
    ("lukfu.check", "old_text", {"hand": ""}),
    ("lukfu.check", "legal_text", {"play": "5c", "hand": "", "role": "caller"}),
    ("lukfu.old", "Position", {"record": None, "seat": 0, "hand": []}),
])
def test_an_empty_hand_is_the_same_exception_in_every_game(module, function, kwargs):
    import importlib

    from moneycards.solver.errors import ImpossibleCards

    fn = getattr(importlib.import_module(f"moneycards.solver.{module}"), function)
    with pytest.raises(ImpossibleCards) as exc:
        fn(**kwargs)
    assert type(exc.value) is ImpossibleCards
    assert (exc.value.field, exc.value.message, exc.value.rule) == ("hand", "the hand is empty",
                                                                    None)


def test_an_unknown_game_name_is_echoed_clipped_with_its_length():
    """A game's name, a switch or a key that is not one is echoed as every input is: its
    first 40 characters and its full length (docs/operations.md), not cut without a word."""
    from moneycards.solver.games import spec
    from moneycards.wire import wire

    for ask in (spec, wire):
        with pytest.raises(InvalidInput) as exc:
            ask("q" * 1000)
        assert f"unknown game '{'q' * 40}…(1000 chars)'" in exc.value.message, ask
