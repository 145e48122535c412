"""KowahService: proto <-> solver.kowah."""

from __future__ import annotations

from moneycards.v1 import common_pb2, kowah_pb2, kowah_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import RECORD_FIELDS, check_record_response

VIA = {
    kowah_pb2.KOWAH_VIA_UNSPECIFIED: None,
    kowah_pb2.KOWAH_VIA_SELF_DRAW: "self-draw",
    kowah_pb2.KOWAH_VIA_DRAW: "draw",
    kowah_pb2.KOWAH_VIA_DISCARD: "discard",
}


def _split(s) -> kowah_pb2.KowahSplit:
    d = s.to_dict()
    return kowah_pb2.KowahSplit(triplets=d["triplets"], pair=d["pair"], wait=d["wait"])


def _violations(vs) -> list:
    return [common_pb2.Violation(rule=v.rule, message=v.message) for v in vs]


class KowahService(kowah_pb2_grpc.KowahServiceServicer):
    @rpc()
    def CheckReady(self, request, context):
        from moneycards.solver.cards import KOWAH
        from moneycards.solver.kowah.check import check_text

        v = check_text(request.hand, seen=request.seen or None)
        d = v.distance
        return kowah_pb2.CheckReadyResponse(
            hand=KOWAH.render(v.hand), ready=v.ready, splits=[_split(s) for s in v.splits],
            waits=[f.text for f in v.waits], violations=_violations(v.violations),
            distance=d.exchanges if d else None,
            discard=[f.text for f in d.discard] if d else [],
            draw=[f.text for f in d.draw] if d else [],
            target=_split(d.target) if d else None)

    @rpc()
    def CheckWin(self, request, context):
        from moneycards.solver.kowah.check import win_text

        v = win_text(request.hand, pair=request.pair, card=request.card,
                     via=enum_value(VIA, request.via, "via"))
        return kowah_pb2.CheckWinResponse(wins=v.wins, multiplier=v.multiplier if v.wins else None,
                                          violations=_violations(v.violations))

    @rpc(RECORD_FIELDS)
    def CheckGameRecord(self, request, context):
        return check_record_response("kowah", request,
                                     kowah_pb2.KowahServiceCheckGameRecordResponse)

    @rpc({"state": "observation_json"})
    def Hint(self, request, context):
        from moneycards.server.records import hint_response

        return hint_response(request, "kowah", kowah_pb2.KowahServiceHintResponse,
                             context)
