"""KowahService: proto <-> solver.kowah."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import grpc

from moneycards.solver.kowah import KOWAH, NAME
from moneycards.solver.kowah.check import check_text, win_text
from moneycards.v1 import common_pb2, kowah_pb2, kowah_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import RECORD_FIELDS, check_record_response, hint_response

if TYPE_CHECKING:
    from moneycards.solver.kowah.check import ReadyVerdict, WinVerdict
    from moneycards.solver.kowah.shapes import Split
    from moneycards.solver.verdict import Violation

VIA = {
    kowah_pb2.KOWAH_VIA_UNSPECIFIED: None,
    kowah_pb2.KOWAH_VIA_SELF_DRAW: "self-draw",
    kowah_pb2.KOWAH_VIA_DRAW: "draw",
    kowah_pb2.KOWAH_VIA_DISCARD: "discard",
}


def _split(s: Split) -> kowah_pb2.KowahSplit:
    d = s.to_dict()
    return kowah_pb2.KowahSplit(triplets=d["triplets"], pair=d["pair"], wait=d["wait"])


def _violations(vs: Iterable[Violation]) -> list[common_pb2.Violation]:
    return [common_pb2.Violation(rule=v.rule, message=v.message) for v in vs]


def ready_message(v: ReadyVerdict) -> kowah_pb2.CheckReadyResponse:
    """The response of one readiness verdict (the CLI's `kowah check --json` prints it too)."""
    d = v.distance
    return kowah_pb2.CheckReadyResponse(
        hand=KOWAH.render(v.hand), ready=v.ready, splits=[_split(s) for s in v.splits],
        waits=[f.text for f in v.waits],
        wait_unseen=[v.unseen[KOWAH.index(f)] for f in v.waits],
        violations=_violations(v.violations),
        distance=d.exchanges if d else None,
        discard=[f.text for f in d.discard] if d else [],
        draw=[f.text for f in d.draw] if d else [],
        target=_split(d.target) if d else None)


def win_message(v: WinVerdict) -> kowah_pb2.CheckWinResponse:
    """The response of one win verdict (the CLI's `kowah win --json` prints it too)."""
    return kowah_pb2.CheckWinResponse(wins=v.wins, multiplier=v.multiplier if v.wins else None,
                                      violations=_violations(v.violations))


MAX_BATCH_DETAILS = 100  # CheckReadyMany with details: each hand not ready is a CP-SAT solve


class KowahService(kowah_pb2_grpc.KowahServiceServicer):
    @rpc()
    def CheckReady(self, request: kowah_pb2.CheckReadyRequest,
                   context: grpc.ServicerContext) -> kowah_pb2.CheckReadyResponse:
        return ready_message(check_text(request.hand, seen=request.seen or None))

    @rpc()
    def CheckReadyMany(self, request: kowah_pb2.CheckReadyManyRequest,
                       context: grpc.ServicerContext) -> kowah_pb2.CheckReadyManyResponse:
        # lazy: server.totom builds numpy tables when loaded; one hand's answer needs none
        import numpy as np

        from moneycards.server.totom import MAX_BATCH, batch_errors, check_batch_size
        from moneycards.solver.kowah.batch import check_texts

        hands = list(request.hands)
        check_batch_size(len(hands), MAX_BATCH_DETAILS if request.details else MAX_BATCH)
        batch = check_texts(hands, distance=True)
        v = batch.verdicts
        assert v.distance is not None  # asked for with distance=True
        ok = np.ones(len(hands), dtype=bool)
        ok[list(batch.errors)] = False
        ready = v.ready & ok
        resp = kowah_pb2.CheckReadyManyResponse(
            ready=ready.tolist(), split_count=np.where(ok, v.splits, 0).tolist(),
            waits=v.wait_texts(ok), errors=batch_errors(batch.errors),
            distance=np.where(ok, v.distance, 0).tolist())
        hands_at, rules = v.violation_pairs(ok)
        resp.violation_hands.extend(hands_at)
        resp.violation_rules.extend(rules)
        if request.details:
            for i, hand in enumerate(hands):
                if i in batch.errors:
                    resp.verdicts.add()
                else:
                    resp.verdicts.append(self.CheckReady(
                        kowah_pb2.CheckReadyRequest(hand=hand), context))
        return resp

    @rpc()
    def CheckWin(self, request: kowah_pb2.CheckWinRequest,
                 context: grpc.ServicerContext) -> kowah_pb2.CheckWinResponse:
        v = win_text(request.hand, pair=request.pair, card=request.card,
                     via=enum_value(VIA, request.via, "via"))
        return win_message(v)

    @rpc(RECORD_FIELDS)
    def CheckGameRecord(self, request: kowah_pb2.KowahServiceCheckGameRecordRequest,
                        context: grpc.ServicerContext
                        ) -> kowah_pb2.KowahServiceCheckGameRecordResponse:
        return check_record_response(NAME, request,
                                     kowah_pb2.KowahServiceCheckGameRecordResponse)

    @rpc({"state": "observation_json"})
    def Hint(self, request: kowah_pb2.KowahServiceHintRequest,
             context: grpc.ServicerContext) -> kowah_pb2.KowahServiceHintResponse:
        return hint_response(request, NAME, kowah_pb2.KowahServiceHintResponse,
                             context)
