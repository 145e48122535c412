"""TotomService: proto <-> solver.totom."""

from __future__ import annotations

from moneycards.v1 import common_pb2, totom_pb2, totom_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import game_record_dict, record_check_message

VIA = {
    totom_pb2.WIN_VIA_UNSPECIFIED: None,
    totom_pb2.WIN_VIA_OWN_DOOR: "own-door",
    totom_pb2.WIN_VIA_STOCK: "stock",
    totom_pb2.WIN_VIA_CHIU: "chiu",
    totom_pb2.WIN_VIA_DISCARD: "discard",
}
PRESET = {
    totom_pb2.TOTOM_RULES_PRESET_UNSPECIFIED: "seed",
    totom_pb2.TOTOM_RULES_PRESET_SEED: "seed",
    totom_pb2.TOTOM_RULES_PRESET_TRADITIONAL: "traditional",
}
ENGINE = {
    totom_pb2.PARTITION_ENGINE_UNSPECIFIED: "cpsat",
    totom_pb2.PARTITION_ENGINE_CPSAT: "cpsat",
    totom_pb2.PARTITION_ENGINE_EXACT: "exact",
}
CONTEXT_FIELDS = {f: f"context.{f}" for f in
                  ("win_card", "via", "thien_u", "opening", "won_previous", "first_stock")}


def _bonuses(score) -> list:
    return [totom_pb2.TotomBonus(key=b.bonus.key, name=b.bonus.name, main=b.bonus.main,
                                 dich=b.bonus.dich, count=b.count)
            for b in (score.bonuses if score else ())]


def verdict_message(v) -> totom_pb2.CheckHandResponse:
    d = v.to_dict()
    return totom_pb2.CheckHandResponse(
        hand=d["hand"], wins=d["wins"], pairs=d["pairs"], chan=d["chan"], ca=d["ca"],
        unpaired=d["unpaired"],
        violations=[common_pb2.Violation(rule=x.rule, message=x.message) for x in v.violations],
        points=d["points"], scored_by=d["scored_by"] or "", main_bonus=d["main_bonus"] or "",
        bonuses=_bonuses(v.score),
        settlement=totom_pb2.TotomSettlement(**d["settlement"]),
    )


class TotomService(totom_pb2_grpc.TotomServiceServicer):
    @rpc(CONTEXT_FIELDS)
    def CheckHand(self, request, context):
        from moneycards.solver.totom.check import check_text

        c = request.context
        verdict = check_text(
            request.hand, win_card=c.win_card or None, via=enum_value(VIA, c.via, "via"),
            thien_u=c.thien_u, opening=c.opening or None, won_previous=c.won_previous,
            first_stock=c.first_stock, rules=enum_value(PRESET, request.rules, "rules"),
            engine=enum_value(ENGINE, request.engine, "engine"))
        return verdict_message(verdict)

    @rpc()
    def FindWaits(self, request, context):
        from moneycards.solver.totom.check import waits_text

        found = waits_text(
            request.hand, seen=request.seen or None, via=enum_value(VIA, request.via, "via"),
            opening=request.opening or None, rules=enum_value(PRESET, request.rules, "rules"),
            engine=enum_value(ENGINE, request.engine, "engine"), won_previous=request.won_previous,
            first_stock=request.first_stock)
        return totom_pb2.FindWaitsResponse(waits=[
            totom_pb2.TotomWait(card=w.card.text, points=w.points, unseen=w.unseen,
                                bonuses=_bonuses(w.verdict.score)) for w in found])

    @rpc({"record": "record"})
    def CheckGameRecord(self, request, context):
        from moneycards.solver.games import check

        result = check("totom", game_record_dict(request.record))
        return totom_pb2.TotomServiceCheckGameRecordResponse(check=record_check_message(result))

    @rpc({"state": "observation_json"})
    def Hint(self, request, context):
        from moneycards.server.records import hint_response

        return hint_response(request, "totom", totom_pb2.TotomServiceHintResponse,
                             context)
