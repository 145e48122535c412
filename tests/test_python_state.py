"""A table state from Python: it prints the terminal's view, its `game_record()` is the
record file that `check-record` and CheckGameRecord take as it is, `undo()` takes back an
action for practice, and `lukfu.old(record=)` takes what the CLI's --record takes."""

import json
import random

import pytest
from click.testing import CliRunner
from google.protobuf import json_format

import moneycards
from moneycards import lukfu
from moneycards.cli.main import cli
from moneycards.wire import wire
from moneycards.records import game_record_json
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.hints import play_deal
from moneycards.solver.table import OutcomeKind
from moneycards.v1 import kowah_pb2_grpc, lukfu_pb2_grpc, totom_pb2_grpc

STUBS = {"totom": totom_pb2_grpc.TotomServiceStub, "kowah": kowah_pb2_grpc.KowahServiceStub,
         "lukfu": lukfu_pb2_grpc.LukFuServiceStub}


def states(game):
    """Finished deals with a winner and a drawn or redealt one, an unfinished deal, and a
    deal given by its cards (no seed) under rules that differ from the preset."""
    g = moneycards.load_game(game)
    out, kinds = [], set()
    for seed in range(40):
        state = play_deal(game, seed, ["greedy"] * g.seats)
        if state.result.kind not in kinds:
            kinds.add(state.result.kind)
            out.append(state)
        if len(kinds) >= 2:
            break
    assert OutcomeKind.WIN in kinds
    half = g.seeded(3)
    for _ in range(5):
        half.apply(half.legal_texts()[0])
    out.append(half)
    switch = {"totom": "must_take_win", "kowah": "optional_declaration",
              "lukfu": "strict_non_caller_leads"}[game]
    import dataclasses

    rules = g.rules()
    rules = dataclasses.replace(rules, **{switch: not getattr(rules, switch)})
    dealt = g.new_state({"deal": g.seeded(11).deal_json(), "rules": rules})
    rng = random.Random(2)
    for _ in range(8):
        if not dealt.is_over:
            dealt.apply(rng.choice(dealt.legal_texts()))
    out.append(dealt)
    return out


def canonical(game, record):
    """A record file as its message's JSON, so that defaults left out compare equal."""
    msg = json_format.ParseDict(record, wire(game).record())
    return json_format.MessageToDict(msg, preserving_proto_field_name=True)


@pytest.mark.parametrize("game", GAMES)
def test_game_record_is_the_record_file(game, channel, tmp_path):
    stub = STUBS[game](channel)
    for k, state in enumerate(states(game)):
        record = state.game_record()
        assert json.loads(json.dumps(record)) == record  # plain JSON
        assert canonical(game, record) == canonical(
            game, game_record_json(game, {**state.engine_record(),
                                          "rules": state.rules_object(),
                                          **({"result": state.result}
                                             if state.result is not None else {})}))
        if state.seed is None:
            assert "deal" in record and record["rules"] != {"preset": record["rules"]["preset"]}
        path = tmp_path / f"{game}-{k}.json"
        path.write_text(json.dumps(record))
        out = CliRunner().invoke(cli, [game, "check-record", str(path), "--json"])
        assert out.exit_code == 0, out.output
        check = json.loads(out.output)["check"]
        assert check["valid"] and check["actions"] == len(state.history)
        assert check["complete"] == state.is_over
        answer = stub.CheckGameRecord(json_format.ParseDict(record, wire(game).record()),
                                      timeout=60).check
        assert answer.valid and answer.complete == state.is_over


@pytest.mark.parametrize("game", GAMES)
def test_a_state_prints_the_terminal_view(game):
    state = moneycards.load_game(game).seeded(7)
    seat = state.current_seat()
    text = str(state)
    assert text == state.render(seat) and "object at 0x" not in text
    assert "your turn" in text
    # the numbered actions, as the terminal lists them, for the seat to act only
    assert "   1. " in text
    other = (seat + 1) % state.seats
    assert "   1. " not in state.render(other) and "your turn" not in state.render(other)
    with pytest.raises(ValueError, match="seat"):
        state.render(state.seats)


def test_a_finished_state_prints_its_result():
    from moneycards.solver.table import told_to

    state = play_deal("kowah", 1, ["greedy"] * 3)
    with told_to(0):  # seat 0's view, where seat 0 is "You"
        assert str(state).endswith("\n" + state.result_line())


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_the_last_action(game, tmp_path):
    state = moneycards.load_game(game).seeded(5)
    before = state.clone()
    first = state.legal_texts()[-1]
    state.apply(first)
    state.apply(state.legal_texts()[0])
    second = state.history[-1]
    assert state.undo() == second
    assert state.history == [first]
    state.undo()
    assert state.history == [] and state.legal_texts() == before.legal_texts()
    assert state.observation(0).to_json() == before.observation(0).to_json()
    record = state.game_record()
    assert record["practice"] is True and "practice" not in before.game_record()
    path = tmp_path / "practice.json"
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(cli, [game, "check-record", str(path)])
    assert out.exit_code == 0 and "practice game" in out.output
    with pytest.raises(ValueError, match="nothing to undo"):
        state.undo()


def test_lukfu_old_takes_a_path_text_or_a_parsed_record(tmp_path):
    hand = "7c 5m6m 1t2t 9t 5s 8t"
    path = "examples/lukfu-record.json"
    from pathlib import Path

    text = Path(path).read_text()
    want = [f.text for f in lukfu.old(hand, record=text).old]
    assert want != [f.text for f in lukfu.old(hand).old]  # the record proves more
    for given in (path, Path(path), json.loads(text)):
        assert [f.text for f in lukfu.old(hand, record=given).old] == want
    # a game record: replayed and seen from the seat to act, whose hand is the default
    state = moneycards.load_game("lukfu").seeded(5)
    for _ in range(6):
        state.apply(state.legal_texts()[0])
    file = tmp_path / "game.json"
    file.write_text(json.dumps(state.game_record()))
    proof = lukfu.old(record=file)
    out = CliRunner().invoke(cli, ["lukfu", "old", "--record", str(file), "--json"])
    assert out.exit_code == 0, out.output
    assert [f.text for f in proof.old] == json.loads(out.output)["old"]
    with pytest.raises(ValueError, match=r"^record: cannot read 'missing.json'"):
        lukfu.old(hand, record="missing.json")
    with pytest.raises(ValueError, match=r"^record: not JSON"):
        lukfu.old(hand, record="{oops")


def test_lukfu_beats_takes_plays_as_text_or_as_play_returns_them_LF_F3():
    made = lukfu.beats(lukfu.play("9c9s9m"), over=lukfu.play("1c1s1m"))
    assert made == lukfu.beats("9c9s9m", "1c1s1m") and made.rule == "LF-F3"
    with pytest.raises(InvalidInput) as info:  # neither: named, not a TypeError
        lukfu.beats(lukfu.play("9c9s9m"), over=9)
    assert info.value.field == "over" and "not int" in str(info.value)
