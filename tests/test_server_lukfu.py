"""LukFuService over a real loopback server."""

import json
import pathlib

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.v1 import common_pb2
from moneycards.v1 import lukfu_pb2 as pb
from moneycards.v1 import lukfu_pb2_grpc

EXAMPLE = json.loads((pathlib.Path(__file__).parents[1] / "examples" /
                      "lukfu-record.json").read_text())


def record_msg(d):
    """The record file's JSON is the message's JSON form: parsed as it is."""
    return json_format.ParseDict(d, pb.LukFuRecord())


@pytest.fixture(scope="module")
def stub(channel):
    return lukfu_pb2_grpc.LukFuServiceStub(channel)


def test_compare_plays(stub):
    r = stub.ComparePlays(pb.ComparePlaysRequest(play="9c9s9m", over="1c1s1m"), timeout=10)
    assert r.beats and r.rule == "LF-F3" and r.play_kind == pb.LUK_FU_PLAY_KIND_SET
    assert r.over_kind == pb.LUK_FU_PLAY_KIND_SET and "9" in r.explanation
    r = stub.ComparePlays(pb.ComparePlaysRequest(play="5c", over="1234c"), timeout=10)
    assert (r.play_kind, r.over_kind) == (pb.LUK_FU_PLAY_KIND_SINGLE, pb.LUK_FU_PLAY_KIND_RUN)
    r = stub.ComparePlays(pb.ComparePlaysRequest(
        play="8c8s8m", over="1c1s1m",
        rules=pb.LukFuRules(ace_sets_beaten_only_by_nines=False)), timeout=10)
    assert r.beats


def test_check_play_lead_and_follow(stub):
    r = stub.CheckPlay(pb.CheckPlayRequest(play="1234c", hand="1234c 5s 9t",
                                           role=pb.LUK_FU_ROLE_MASTER_PASSED), timeout=10)
    assert not r.legal and r.rule == "LF-L2" and r.turn == pb.LUK_FU_TRICK_TURN_LEAD
    assert r.role == pb.LUK_FU_ROLE_MASTER_PASSED and not r.HasField("to_beat")
    rec = {"master": 0, "calls": ["play"], "tricks": [
        {"leader": 0, "plays": [{"seat": 0, "cards": "6c"}]}]}
    r = stub.CheckPlay(pb.CheckPlayRequest(play="2s", face_down=True,
                                           hand="9c 2s3s4s5s6s7s8s9s 1m2m3m",
                                           record=record_msg(rec)), timeout=10)
    assert not r.legal and r.rule == "LF-F1" and r.to_beat == "6c" and r.seat == 1
    assert r.turn == pb.LUK_FU_TRICK_TURN_FOLLOW and r.role == pb.LUK_FU_ROLE_NON_CALLER


def test_a_play_of_cards_not_held_is_a_contradictory_request_not_a_verdict(stub):
    """As a Kowah win's pair not in the hand: no rule of play refuses a card the hand does
    not hold; the question names another hand."""
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckPlay(pb.CheckPlayRequest(play="8t 9t", hand="1c 2c 9t",
                                           role=pb.LUK_FU_ROLE_NON_CALLER), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details() == "play: 8t is not in the hand (12c 9t)"
    info_detail = error_details_pb2.ErrorInfo()
    rpc_status.from_call(info.value).details[1].Unpack(info_detail)
    assert info_detail.reason == "CONTRADICTORY_REQUEST"


def test_prove_old_inference(stub):
    r = stub.ProveOld(pb.ProveOldRequest(hand="7c 5m6m 1t2t 9t 5s 8t",
                                         record=record_msg(EXAMPLE)), timeout=30)
    assert set(r.old) == {"7c", "1t", "8t", "9t"}
    assert r.fu == 4 and r.claim_total == 8 and r.HasField("can_claim") and r.can_claim
    seven = next(x for x in r.reasons if x.card == "7c")
    assert "face down on 6c" in seven.explanation
    # LF-W2: without a record nothing says the seat is about to lead.
    r = stub.ProveOld(pb.ProveOldRequest(hand="9c 9s 9m 9t 1c 1t 8t"), timeout=30)
    assert r.claim_total == 7 and not r.HasField("can_claim")


def test_score(stub):
    r = stub.Score(pb.ScoreRequest(fu=8, winner=0, caller=1), timeout=10)
    assert list(r.net) == [6, -6, 0] and r.points == 3 and r.rule == "LF-K3"
    assert r.outcome == common_pb2.DEAL_OUTCOME_WIN
    drawn = stub.Score(pb.ScoreRequest(drawn=True), timeout=10)
    assert list(drawn.net) == [0, 0, 0] and drawn.outcome == common_pb2.DEAL_OUTCOME_DRAWN


@pytest.mark.parametrize("call,request_,field", [
    ("ComparePlays", pb.ComparePlaysRequest(play="891c", over="7c"), "play"),
    ("ComparePlays", pb.ComparePlaysRequest(play="8c", over="5h"), "over"),
    ("CheckPlay", pb.CheckPlayRequest(play="7c", hand="7c 7c"), "hand"),
    ("CheckPlay", pb.CheckPlayRequest(play="7c", hand="7c"), "role"),
    # cards the hand does not hold: the request contradicts itself, a lead or a follow
    ("CheckPlay", pb.CheckPlayRequest(play="9t", hand="1c 2c",
                                      role=pb.LUK_FU_ROLE_NON_CALLER), "play"),
    ("CheckPlay", pb.CheckPlayRequest(play="123t", hand="1t 2t",
                                      role=pb.LUK_FU_ROLE_CALLER), "play"),
    ("CheckPlay", pb.CheckPlayRequest(play="1t", face_down=True,
                                      hand="9c 2s3s4s5s6s7s8s9s 1m2m3m",
                                      record=pb.LukFuRecord(master=0, calls=["play"], tricks=[
                                          pb.LukFuTrick(leader=0, plays=[
                                              pb.LukFuAction(seat=0, cards="6c")])])), "play"),
    ("ProveOld", pb.ProveOldRequest(hand="7c", seat=3), "seat"),
    ("ProveOld", pb.ProveOldRequest(hand="7c 6c", record=pb.LukFuRecord(
        master=0, calls=["play"], tricks=[pb.LukFuTrick(leader=0, plays=[
            pb.LukFuAction(seat=0, cards="7c")])]), seat=1), "hand"),
    ("ProveOld", pb.ProveOldRequest(hand="7c", record=pb.LukFuRecord(
        master=0, calls=["play"], tricks=[pb.LukFuTrick(leader=0, plays=[
            pb.LukFuAction(seat=0, cards="6c"), pb.LukFuAction(seat=1, cards="6c")])])),
     "record.tricks[0].plays[1]"),
    ("Score", pb.ScoreRequest(fu=-1, winner=0, caller=0), "fu"),
    ("Score", pb.ScoreRequest(fu=7, winner=5, caller=0), "winner"),
    ("Score", pb.ScoreRequest(fu=13, winner=0, caller=0), "fu"),
    ("Score", pb.ScoreRequest(fu=8, drawn=True), "fu"),
])
def test_invalid_argument(stub, call, request_, field):
    with pytest.raises(grpc.RpcError) as info:
        getattr(stub, call)(request_, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(bad)
    assert bad.field_violations[0].field == field, bad


def seat_view_case():
    """A Luk Fu deal in progress (seeded, random legal actions) with face-down plays."""
    import random

    from moneycards.records import game_record_message
    from moneycards.solver.games import seeded

    for seed in range(50):
        rng, state = random.Random(seed), seeded("lukfu", seed)
        for _ in range(12):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_texts()))
        downs = [a for t in state.record.tricks for a in t.actions if a.play is None]
        if not state.is_over and downs:
            return state, game_record_message("lukfu", state.engine_record())
    raise AssertionError("no deal in progress with face-down plays")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_prove_old_takes_the_game_record_seen_from_the_seat(stub, seat):
    # LF-O3 / LF-F6: the answer from the game record is the one from that seat's own view,
    # never using the face-down cards of other seats.
    state, game = seat_view_case()
    obs = state.observation(seat).to_json()
    by_game = stub.ProveOld(pb.ProveOldRequest(game_record=game, seat=seat), timeout=60)
    by_view = stub.ProveOld(pb.ProveOldRequest(
        hand=obs["hand"], record=record_msg(obs["record"]), seat=seat), timeout=60)
    assert by_game == by_view


def test_check_play_takes_the_game_record_and_defaults_to_the_seat_to_act(stub):
    state, game = seat_view_case()
    seat = state.current_seat()
    action = state.legal_texts()[0]
    verb, _, cards = action.partition(" ")
    if verb == "call":
        pytest.skip("the deal is still in its calls")
    r = stub.CheckPlay(pb.CheckPlayRequest(play=cards, face_down=verb == "down",
                                           game_record=game), timeout=60)
    assert r.legal and r.seat == seat


def test_a_game_record_with_an_illegal_action_names_it(stub):
    state, game = seat_view_case()
    game.actions.insert(0, "lead 9t")
    with pytest.raises(grpc.RpcError) as info:
        stub.ProveOld(pb.ProveOldRequest(game_record=game), timeout=30)
    v = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(v)
    assert v.field_violations[0].field == "game_record.actions[0]"
    assert v.field_violations[0].reason


def violation(call):
    with pytest.raises(grpc.RpcError) as info:
        call()
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    v = error_details_pb2.BadRequest()
    rpc_status.from_call(info.value).details[0].Unpack(v)
    return v.field_violations[0]


BAD_TRICK = pb.LukFuRecord(master=0, calls=["play"], tricks=[
    pb.LukFuTrick(leader=0, plays=[pb.LukFuAction(seat=0, cards="6c"),
                                   pb.LukFuAction(seat=1, cards="5c")])])


@pytest.mark.parametrize("record,field,words", [
    (BAD_TRICK, "record.tricks[0].plays[1]", "5c does not beat 6c"),
    (pb.LukFuRecord(master=0, calls=["play", "maybe"]), "record.calls[1]", "'play' or 'pass'"),
    (pb.LukFuRecord(master=0, calls=["play"], tricks=[pb.LukFuTrick(leader=0, plays=[
        pb.LukFuAction(seat=0, cards="6c"), pb.LukFuAction(seat=1, down=2)])]),
     "record.tricks[0].plays[1]", "as many cards as the play to beat"),
    (pb.LukFuRecord(master=0, calls=["play"], tricks=[pb.LukFuTrick(leader=2)]),
     "record.tricks[0].leader", "leads this trick"),
])
@pytest.mark.parametrize("call", ["CheckPlay", "ProveOld"])
def test_a_bad_record_names_the_field_inside_it(stub, call, record, field, words):
    request = (pb.CheckPlayRequest(play="9t", hand="9t 8t", record=record) if call == "CheckPlay"
               else pb.ProveOldRequest(hand="9t 8t", record=record))
    v = violation(lambda: getattr(stub, call)(request, timeout=10))
    assert v.field == field and words in v.description and not v.description.startswith("tricks")


def dealt_game_record():
    from moneycards.records import game_record_message
    from moneycards.solver.games import seeded

    state = seeded("lukfu", 7)
    record = state.engine_record()
    record.pop("seed")
    record["deal"] = state.deal_json()
    return game_record_message("lukfu", record)


@pytest.mark.parametrize("hand,words", [("1c", "this one has 1"), ("zz", "'zz' at position 1")])
@pytest.mark.parametrize("call", ["CheckPlay", "ProveOld"])
def test_a_game_record_with_a_bad_hand_names_that_hand(stub, call, hand, words):
    game = dealt_game_record()
    game.deal.hands[1] = hand
    request = (pb.CheckPlayRequest(play="9t", game_record=game) if call == "CheckPlay"
               else pb.ProveOldRequest(game_record=game))
    v = violation(lambda: getattr(stub, call)(request, timeout=10))
    assert v.field == "game_record.deal.hands[1]" and words in v.description
    # CheckGameRecord takes the same record as its request: the field is named from it
    game.deal.hands[1] = hand
    v = violation(lambda: stub.CheckGameRecord(game, timeout=10))
    assert v.field == "deal.hands[1]" and words in v.description


def test_the_cli_names_the_field_inside_a_record_file(tmp_path):
    from click.testing import CliRunner

    from moneycards.cli.main import cli
    from moneycards.records import record_file_json

    public = tmp_path / "public.json"
    public.write_text(json_format.MessageToJson(BAD_TRICK))
    r = CliRunner().invoke(cli, ["lukfu", "old", "--hand", "9t", "--record", str(public)])
    assert r.exit_code == 2
    assert r.output.startswith("error: record.tricks[0].plays[1]: 5c does not beat 6c"), r.output
    game = dealt_game_record()
    game.deal.hands[1] = "1c"
    dealt = tmp_path / "game.json"
    dealt.write_text(json.dumps(record_file_json(game)))
    r = CliRunner().invoke(cli, ["lukfu", "legal", "9t", "--record", str(dealt)])
    assert r.exit_code == 2 and r.output.startswith("error: record.deal.hands[1]: "), r.output


def test_check_play_answers_cards_that_make_no_play_illegal(stub):
    """A pair is never played (LF-L1): a verdict, not bad input; a card named twice is."""
    r = stub.CheckPlay(pb.CheckPlayRequest(play="1c 1s", hand="1c 1s 5t",
                                           role=pb.LUK_FU_ROLE_CALLER), timeout=10)
    assert not r.legal and r.rule == "LF-L1" and "pairs are never played" in r.explanation
    with pytest.raises(grpc.RpcError) as err:
        stub.CheckPlay(pb.CheckPlayRequest(play="1c 1c", hand="1c 5t",
                                           role=pb.LUK_FU_ROLE_CALLER), timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_game_record_of_an_ended_deal_offers_no_play_and_no_claim(stub):
    """A deal a claim ended (LF-W2): CheckPlay refuses every play, naming `game_record` and
    the rule; ProveOld still proves the seat's old cards and says it cannot claim."""
    import random

    from moneycards.records import game_record_message
    from moneycards.solver.games import seeded

    rng, state = random.Random(1), seeded("lukfu", 1)
    while not state.is_over:
        legal = state.legal_texts()
        state.apply(next((a for a in ("claim", "call play") if a in legal), None)
                    or rng.choice(legal))
    assert state.over_rule() == "LF-W2"
    game = game_record_message("lukfu", state.engine_record())
    for seat in range(3):
        hand = state.observation(seat).to_json()["hand"]
        asked = pb.CheckPlayRequest(play=hand.split()[0] if hand else "9m", game_record=game,
                                    seat=seat)
        v = violation(lambda: stub.CheckPlay(asked, timeout=30))  # noqa: B023 (called here)
        assert v.field == "game_record" and "the deal is over (LF-W2)" in v.description
        r = stub.ProveOld(pb.ProveOldRequest(game_record=game, seat=seat), timeout=60)
        assert r.HasField("can_claim") and r.can_claim is False


@pytest.mark.parametrize("call", ["CheckPlay", "ProveOld"])
def test_a_rule_switch_the_record_s_rules_contradict_is_refused_as_the_cli_refuses_it(stub,
                                                                                    call):
    """R-ace-sets, R-lead-advice: beside a game record (its rules, the seed's unless it names
    others) or a public record naming a switch, a request's switch that says otherwise was
    dropped without a word; refused, with the field and the ruling, as `lukfu legal` and
    `lukfu old` refuse it."""
    state, game = seat_view_case()
    extra = {"play": "9c"} if call == "CheckPlay" else {}
    request = {"CheckPlay": pb.CheckPlayRequest, "ProveOld": pb.ProveOldRequest}[call]
    for history, switch, kept in [
            ({"game_record": game}, {"strict_non_caller_leads": True}, "R-lead-advice off"),
            ({"game_record": game}, {"ace_sets_beaten_only_by_nines": False}, "R-ace-sets on"),
            ({"hand": "7c 5m6m 1t2t 9t 5s 8t",
              "record": record_msg({**EXAMPLE, "rules": {"ace_sets_beaten_only_by_nines":
                                                         False}})},
             {"ace_sets_beaten_only_by_nines": True}, "R-ace-sets off")]:
        with pytest.raises(grpc.RpcError) as info:
            getattr(stub, call)(request(**extra, **history, rules=pb.LukFuRules(**switch)),
                                timeout=60)
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        bad = error_details_pb2.BadRequest()
        rpc_status.from_call(info.value).details[0].Unpack(bad)
        (name,) = switch
        assert bad.field_violations[0].field == f"rules.{name}"
        assert bad.field_violations[0].description.startswith(f"the record's rules have {kept}")
    # the same switch as the record's rules is no contradiction
    getattr(stub, call)(request(**({"play": "7c"} if extra else {}), hand="7c 5m6m 1t2t 9t 5s 8t",
                                record=record_msg(EXAMPLE),
                                rules=pb.LukFuRules(strict_non_caller_leads=False)), timeout=60)
