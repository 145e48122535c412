"""LukFuService: proto <-> solver.lukfu.api."""

from __future__ import annotations

from moneycards.v1 import lukfu_pb2, lukfu_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import game_record_dict, record_check_message

ROLE = {
    lukfu_pb2.LUK_FU_ROLE_UNSPECIFIED: None,
    lukfu_pb2.LUK_FU_ROLE_CALLER: "caller",
    lukfu_pb2.LUK_FU_ROLE_MASTER_PASSED: "master-passed",
    lukfu_pb2.LUK_FU_ROLE_NON_CALLER: "non-caller",
}


def _rules(msg):
    from moneycards.solver.lukfu.api import rules_from

    return rules_from(
        msg.ace_sets_beaten_only_by_nines if msg.HasField("ace_sets_beaten_only_by_nines")
        else None,
        msg.strict_non_caller_leads if msg.HasField("strict_non_caller_leads") else None)


def record_dict(rec) -> dict:
    """The record message as the JSON form parse_record reads."""
    tricks = []
    for t in rec.tricks:
        plays = []
        for a in t.plays:
            if a.down:
                entry = {"seat": a.seat, "down": a.down}
                if a.cards:
                    entry["cards"] = a.cards
            else:
                entry = {"seat": a.seat, "cards": a.cards}
            plays.append(entry)
        tricks.append({"leader": t.leader, "plays": plays})
    return {"master": rec.master, "calls": list(rec.calls), "tricks": tricks}


class LukFuService(lukfu_pb2_grpc.LukFuServiceServicer):
    @rpc()
    def ComparePlays(self, request, context):
        from moneycards.solver.lukfu.api import beats_text

        d = beats_text(request.play, request.over, _rules(request.rules))
        return lukfu_pb2.ComparePlaysResponse(beats=d["beats"], rule=d["reason"],
                                              reason=d["explanation"], play_kind=d["play_kind"],
                                              over_kind=d["over_kind"])

    @rpc()
    def CheckPlay(self, request, context):
        from moneycards.solver.lukfu.api import legal_text

        d = legal_text(request.play, hand=request.hand,
                       role=enum_value(ROLE, request.role, "role"),
                       record=record_dict(request.record) if request.HasField("record") else None,
                       seat=request.seat if request.HasField("seat") else None,
                       face_down=request.face_down, rules=_rules(request.rules))
        return lukfu_pb2.CheckPlayResponse(legal=d["legal"], rule=d["rule"], reason=d["reason"],
                                           seat=d["seat"], role=d["role"],
                                           to_beat=d["to_beat"] or "", **{"as": d["as"]})

    @rpc()
    def ProveOld(self, request, context):
        from moneycards.solver.lukfu.api import old_text

        d = old_text(hand=request.hand,
                     record=record_dict(request.record) if request.HasField("record") else None,
                     seat=request.seat, rules=_rules(request.rules))
        return lukfu_pb2.ProveOldResponse(
            old=d["old"], reasons=[lukfu_pb2.OldCardReason(**r) for r in d["reasons"]],
            fu=d["fu"], claim_total=d["claim_total"], can_claim=d["can_claim"])

    @rpc()
    def Score(self, request, context):
        from moneycards.solver.lukfu.api import score_text

        d = score_text(fu=request.fu, winner=request.winner, caller=request.caller,
                       drawn=request.drawn)
        return lukfu_pb2.ScoreResponse(points=d["points"], net=d["net"], rule=d["rule"])

    @rpc({"record": "record"})
    def CheckGameRecord(self, request, context):
        from moneycards.solver.games import check

        result = check("lukfu", game_record_dict(request.record))
        return lukfu_pb2.LukFuServiceCheckGameRecordResponse(check=record_check_message(result))

    @rpc({"state": "observation_json"})
    def Hint(self, request, context):
        from moneycards.server.records import hint_response

        return hint_response(request, "lukfu", lukfu_pb2.LukFuServiceHintResponse,
                             context)
