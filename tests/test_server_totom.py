"""TotomService over a real loopback server, through the generated stubs."""

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from moneycards.v1 import totom_pb2 as pb
from moneycards.v1 import totom_pb2_grpc

UCHI_TOM = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


@pytest.fixture(scope="module")
def stub(channel):
    return totom_pb2_grpc.TotomServiceStub(channel)


def test_check_hand_page_example(stub):
    r = stub.CheckHand(pb.CheckHandRequest(
        hand=UCHI_TOM, context=pb.TotomWinContext(win_card="3c", via=pb.WIN_VIA_OWN_DOOR)),
        timeout=10)
    assert r.wins and r.points == 5 and (r.chan_count, r.ca_count) == (6, 4)
    assert r.hand == "2234455667c 2256788s 356m"
    assert {b.kind: b.count for b in r.bonuses} == {pb.TOTOM_BONUS_KIND_TOM: 1,
                                                    pb.TOTOM_BONUS_KIND_U_CHI: 1}
    assert (r.settlement.winner, r.settlement.each_loser) == (15, -5)
    assert r.scored_by == pb.TOTOM_SCORING_MAIN_PLUS_DICH
    assert r.main_bonus == pb.TOTOM_BONUS_KIND_TOM


def test_check_hand_not_a_win_has_no_scoring(stub):
    r = stub.CheckHand(pb.CheckHandRequest(hand=UCHI_TOM.replace("6s6m", "6s7m")), timeout=10)
    assert not r.wins and r.scored_by == pb.TOTOM_SCORING_UNSPECIFIED
    assert r.main_bonus == pb.TOTOM_BONUS_KIND_UNSPECIFIED


def test_check_hand_not_a_win_carries_rule_ids(stub):
    r = stub.CheckHand(pb.CheckHandRequest(hand=UCHI_TOM, context=pb.TotomWinContext(
        win_card="3c", via=pb.WIN_VIA_DISCARD)), timeout=10)
    assert not r.wins and [v.rule for v in r.violations] == ["TT-W6"] and r.points == 0


def test_exact_engine_and_traditional_preset(stub):
    r = stub.CheckHand(pb.CheckHandRequest(
        hand=UCHI_TOM, context=pb.TotomWinContext(win_card="3c", via=pb.WIN_VIA_OWN_DOOR),
        rules=pb.TotomRules(preset=pb.TOTOM_RULES_PRESET_TRADITIONAL),
        engine=pb.PARTITION_ENGINE_EXACT), timeout=10)
    assert r.wins and {b.kind for b in r.bonuses} == {pb.TOTOM_BONUS_KIND_U_CHI}
    assert r.points == 3


def test_a_named_switch_overrides_the_preset_TT_K5(stub):
    # Thập thành with two Tôm: TT-K5 sums the mains (12 + 4 + 4); switched off it is flat
    # under TT-K2 (12 + 1 + 1), as in the traditional preset.
    hand, context = "33m 33c 77c 22c 44c 55c 66c 88s 22s 44s", pb.TotomWinContext(win_card="2c")
    summed = stub.CheckHand(pb.CheckHandRequest(hand=hand, context=context), timeout=10)
    flat = stub.CheckHand(pb.CheckHandRequest(
        hand=hand, context=context, rules=pb.TotomRules(thap_thanh_sums_mains=False)),
        timeout=10)
    assert (summed.points, summed.scored_by) == (20, pb.TOTOM_SCORING_SUM_OF_MAINS)
    assert (flat.points, flat.scored_by) == (14, pb.TOTOM_SCORING_MAIN_PLUS_DICH)
    assert flat.main_bonus == pb.TOTOM_BONUS_KIND_THAP_THANH


def test_find_waits(stub):
    r = stub.FindWaits(pb.FindWaitsRequest(hand="22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m",
                                           via=pb.WIN_VIA_OWN_DOOR, seen="3m"), timeout=10)
    assert {(w.card, w.points, w.unseen) for w in r.waits} == {
        ("3c", 3, 3), ("3s", 3, 4), ("3m", 5, 3)}


def violation_of(err):
    status = rpc_status.from_call(err)
    assert status is not None, "no rich status"
    bad = error_details_pb2.BadRequest()
    assert status.details[0].Unpack(bad)
    return bad.field_violations[0]


@pytest.mark.parametrize("request_,field,needle", [
    (pb.CheckHandRequest(hand=UCHI_TOM.replace("22c", "1m1m")), "hand", "'1m'"),
    (pb.CheckHandRequest(hand=UCHI_TOM + " 9c"), "hand", "21 cards"),
    (pb.CheckHandRequest(hand=""), "hand", "empty"),
    (pb.CheckHandRequest(hand=UCHI_TOM, context=pb.TotomWinContext(win_card="9c")),
     "context.win_card", "not in the hand"),
    (pb.CheckHandRequest(hand=UCHI_TOM, context=pb.TotomWinContext(win_card="3c",
                                                                    thien_u=True)),
     "context.thien_u", "TT-W7"),
    (pb.CheckHandRequest(hand=UCHI_TOM, context=pb.TotomWinContext(win_card="3c",
                                                                    via=pb.WIN_VIA_CHIU)),
     "context.via", "four"),
    (pb.CheckHandRequest(hand=UCHI_TOM, rules=pb.TotomRules(preset=7)), "rules.preset",
     "unknown enum"),
    (pb.CheckHandRequest(hand=UCHI_TOM, context=pb.TotomWinContext(win_card="3c",
                                                                    won_previous=True)),
     "context.won_previous", "traditional"),
])
def test_invalid_argument_names_the_field(stub, request_, field, needle):
    with pytest.raises(grpc.RpcError) as info:
        stub.CheckHand(request_, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    v = violation_of(info.value)
    assert v.field == field and needle in v.description


def test_find_waits_bad_seen(stub):
    with pytest.raises(grpc.RpcError) as info:
        stub.FindWaits(pb.FindWaitsRequest(hand="22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m",
                                           seen="2222c"), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violation_of(info.value).field == "seen"


def test_health_checking(channel):
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", "moneycards.v1.TotomService"):
        r = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
        assert r.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_and_describes_services(channel):
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    reqs = [reflection_pb2.ServerReflectionRequest(list_services=""),
            reflection_pb2.ServerReflectionRequest(
                file_containing_symbol="moneycards.v1.TotomService")]
    answers = list(stub.ServerReflectionInfo(iter(reqs), timeout=5))
    names = {s.name for s in answers[0].list_services_response.service}
    assert {"moneycards.v1.TotomService", "grpc.health.v1.Health"} <= names
    assert answers[1].file_descriptor_response.file_descriptor_proto


def test_the_response_carries_every_field_of_the_verdict():
    """verdict_message builds the response directly: it must say what to_dict says, for
    winning hands (with bonuses and settlement) and for hands that do not win."""
    import random

    from google.protobuf.json_format import MessageToDict

    from moneycards.server.totom import SCORING, bonus_kind, verdict_message
    from moneycards.solver.totom import TOTOM
    from moneycards.solver.totom.check import check_hand, check_text, parse_context
    from tests.test_totom_differential import hands

    verdicts = [check_text("22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", win_card="3c",
                           via="own-door"),
                check_text("22c 33c 44c 55c 66c 77c 88c 99c 22s 1h1h", win_card="1h")]
    rng = random.Random(5)
    for counts in hands(11, 200):
        card = rng.choice([f.text for f, n in zip(TOTOM.faces, counts) if n])
        verdicts.append(check_hand(counts, parse_context(win_card=card), engine="exact"))
    assert any(v.wins and v.score.bonuses for v in verdicts)
    assert any(not v.wins for v in verdicts)
    for v in verdicts:
        d, m = v.to_dict(), verdict_message(v)
        assert (m.hand, m.wins, list(m.pairs), m.chan_count, m.ca_count, list(m.unpaired),
                m.points) == (d["hand"], d["wins"], d["pairs"], d["chan"], d["ca"],
                              d["unpaired"], d["points"])
        assert [(x.rule, x.message) for x in m.violations] == [
            (x["rule"], x["message"]) for x in d["violations"]]
        assert (m.scored_by, m.main_bonus) == (SCORING[d["scored_by"]],
                                              bonus_kind(d["main_bonus"]))
        assert [(b.kind, b.name, b.main, b.dich, b.count) for b in m.bonuses] == [
            (bonus_kind(b["key"]), b["name"], b["main"], b["dich"], b["count"])
            for b in d["bonuses"]]
        assert MessageToDict(m.settlement, always_print_fields_with_no_presence=True) == {
            "winner": d["settlement"]["winner"], "eachLoser": d["settlement"]["each_loser"]}


def test_the_tom_cards_switch_names_tom_s_faces_r_tom_cards(stub):
    """R-Tôm-cards by its switch alone: under the seed preset a Tôm of 3m 3s 7c counts only
    when `tom_cards` names those faces; a switch of other than three different faces is
    bad input naming it."""
    hand = "22c 44c 55c 66c 22s 88s 3s3m 7c7s 5s5m 6s6m"
    context = pb.TotomWinContext(win_card="3s", via=pb.WIN_VIA_OWN_DOOR)
    page = stub.CheckHand(pb.CheckHandRequest(hand=hand, context=context), timeout=10)
    named = stub.CheckHand(pb.CheckHandRequest(hand=hand, context=context, rules=pb.TotomRules(
        tom_cards="3m 3s 7c")), timeout=10)
    assert page.wins and named.wins
    assert pb.TOTOM_BONUS_KIND_TOM not in {b.kind for b in page.bonuses}
    assert pb.TOTOM_BONUS_KIND_TOM in {b.kind for b in named.bonuses}
    # tradition's Tôm in another order is told back in its canonical one (notation)
    told = stub.CheckHand(pb.CheckHandRequest(hand=hand, context=context, rules=pb.TotomRules(
        tom_cards="7c 3s 3m")), timeout=10)
    assert told == named
    for bad in ("3m 3s", "3m 3m 7c", "3m 3s 7x", "3m 3s 8c", "9m 9s 9c"):
        with pytest.raises(grpc.RpcError) as err:
            stub.CheckHand(pb.CheckHandRequest(hand=hand, context=context,
                                               rules=pb.TotomRules(tom_cards=bad)), timeout=10)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "rules.tom_cards" in err.value.details()
