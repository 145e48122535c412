"""CheckHands and CheckReadyMany: the columns say what the single calls say, hand by hand;
bad hands are reported by index without failing the batch; the size limit is an
INVALID_ARGUMENT naming `hands`."""

import random

import grpc
import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from moneycards.v1 import kowah_pb2, kowah_pb2_grpc, totom_pb2, totom_pb2_grpc
from tests.test_totom_differential import hands


@pytest.fixture
def totom(channel):
    return totom_pb2_grpc.TotomServiceStub(channel)


@pytest.fixture
def kowah(channel):
    return kowah_pb2_grpc.KowahServiceStub(channel)


def contexts():
    return [totom_pb2.TotomWinContext(win_card="3c", via=totom_pb2.WIN_VIA_OWN_DOOR),
            totom_pb2.TotomWinContext(thien_u=True), totom_pb2.TotomWinContext()]


def test_check_hands_columns_match_check_hand_hand_by_hand(totom):
    page = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
    texts = [page, page, page] + [TOTOM.render(h) for h in hands(3, 40)]
    ctxs = contexts() + [totom_pb2.TotomWinContext()] * 40
    got = totom.CheckHands(totom_pb2.CheckHandsRequest(hands=texts, contexts=ctxs, details=True),
                           timeout=30)
    assert not got.errors and len(got.wins) == len(texts) == len(got.verdicts)
    violations = [[] for _ in texts]
    for h, rule in zip(got.violation_hands, got.violation_rules):
        violations[h].append(rule)
    bonuses = [{} for _ in texts]
    for h, kind, count in zip(got.bonus_hands, got.bonus_kinds, got.bonus_counts):
        bonuses[h][kind] = count
    for i, (text, ctx) in enumerate(zip(texts, ctxs)):
        one = totom.CheckHand(totom_pb2.CheckHandRequest(hand=text, context=ctx), timeout=30)
        assert got.verdicts[i] == one
        assert (got.wins[i], got.points[i], got.chan_count[i], got.ca_count[i],
                got.scored_by[i], got.main_bonus[i]) == (
            one.wins, one.points, one.chan_count, one.ca_count, one.scored_by, one.main_bonus)
        assert violations[i] == [v.rule for v in one.violations]
        assert bonuses[i] == {b.kind: b.count for b in one.bonuses}
    assert got.points[0] == 5 and got.wins[1]  # TT-K6: Tôm and Ù chì


def test_bad_hands_are_reported_by_index_and_the_rest_answered(totom):
    page = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
    texts = [page, "22c", "２２c", page, page]
    ctxs = [totom_pb2.TotomWinContext()] * 3 + [
        totom_pb2.TotomWinContext(win_card="9m"), totom_pb2.TotomWinContext(via=99)]
    got = totom.CheckHands(totom_pb2.CheckHandsRequest(hands=texts, contexts=ctxs), timeout=30)
    assert list(got.wins) == [True, False, False, False, False]
    assert [(e.index, e.field, e.reason) for e in got.errors] == [
        (1, "hand", "TT-W4"), (2, "hand", "INVALID_NOTATION"),
        (3, "context.win_card", "CONTRADICTORY_REQUEST"), (4, "context.via", "INVALID_INPUT")]
    with pytest.raises(grpc.RpcError) as err:
        totom.CheckHand(totom_pb2.CheckHandRequest(hand=page, context=ctxs[3]), timeout=30)
    assert got.errors[2].message in err.value.details()
    with pytest.raises(grpc.RpcError) as err:  # with its rule id, as the single call says it
        totom.CheckHand(totom_pb2.CheckHandRequest(hand="22c"), timeout=30)
    assert err.value.details() == f"hand: {got.errors[0].message}"
    assert got.errors[0].message.endswith(" [TT-W4]")


def test_batch_limits_are_invalid_argument(totom, kowah):
    for call, request in [
            (totom.CheckHands, totom_pb2.CheckHandsRequest(hands=["2c"] * 10_001)),
            (totom.CheckHands, totom_pb2.CheckHandsRequest(hands=["2c"] * 1_001, details=True)),
            (kowah.CheckReadyMany, kowah_pb2.CheckReadyManyRequest(hands=["2c"] * 10_001))]:
        with pytest.raises(grpc.RpcError) as err:
            call(request, timeout=30)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert err.value.details().startswith("hands: ")
    with pytest.raises(grpc.RpcError) as err:
        totom.CheckHands(totom_pb2.CheckHandsRequest(hands=["2c", "3c"], contexts=contexts()),
                         timeout=30)
    assert err.value.details().startswith("contexts: ")


def test_check_ready_many_matches_check_ready_hand_by_hand(kowah):
    rng = random.Random(4)
    deck = [f for f in KOWAH.faces for _ in range(4)]
    texts = ["55c55s5m 777c", "1h1h1h 2h2h2h 3h3h", "55c 55s 555m 9c", "1c2c3c4c5c6c7c8c"]
    texts += [KOWAH.render(rng.sample(deck, 8)) for _ in range(20)] + ["9c", "1c2c3c 4t"]
    got = kowah.CheckReadyMany(kowah_pb2.CheckReadyManyRequest(hands=texts, details=True),
                               timeout=60)
    assert [(e.index, e.field) for e in got.errors] == [(24, "hand"), (25, "hand")]
    violations = [[] for _ in texts]
    for h, rule in zip(got.violation_hands, got.violation_rules):
        violations[h].append(rule)
    for i, text in enumerate(texts[:24]):
        one = kowah.CheckReady(kowah_pb2.CheckReadyRequest(hand=text), timeout=30)
        assert got.verdicts[i] == one
        assert got.ready[i] == one.ready and got.split_count[i] == len(one.splits)
        assert got.waits[i].split() == list(one.waits)
        assert violations[i] == [v.rule for v in one.violations]
        assert got.distance[i] == one.distance
    assert list(got.distance[24:]) == [0, 0]  # refused hands
    assert got.ready[0] and got.waits[0] == "5c 5s"
