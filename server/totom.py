"""TotomService: proto <-> solver.totom."""

from __future__ import annotations

from typing import Any

from moneycards.v1 import common_pb2, totom_pb2, totom_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import RECORD_FIELDS, check_record_response

VIA = {
    totom_pb2.WIN_VIA_UNSPECIFIED: None,
    totom_pb2.WIN_VIA_OWN_DOOR: "own-door",
    totom_pb2.WIN_VIA_STOCK: "stock",
    totom_pb2.WIN_VIA_CHIU: "chiu",
    totom_pb2.WIN_VIA_DISCARD: "discard",
}
SCORING = {None: totom_pb2.TOTOM_SCORING_UNSPECIFIED, "TT-K1": totom_pb2.TOTOM_SCORING_PLAIN,
           "TT-K2": totom_pb2.TOTOM_SCORING_MAIN_PLUS_DICH,
           "TT-K5": totom_pb2.TOTOM_SCORING_SUM_OF_MAINS}
ENGINE = {
    totom_pb2.PARTITION_ENGINE_UNSPECIFIED: "cpsat",
    totom_pb2.PARTITION_ENGINE_CPSAT: "cpsat",
    totom_pb2.PARTITION_ENGINE_EXACT: "exact",
}
CONTEXT_FIELDS = {f: f"context.{f}" for f in
                  ("win_card", "via", "thien_u", "opening", "won_previous", "first_stock")}


def bonus_kind(key: str | None) -> Any:
    """The enum number of a TT-K3 bonus key ("tom" -> TOTOM_BONUS_KIND_TOM)."""
    if key is None:
        return totom_pb2.TOTOM_BONUS_KIND_UNSPECIFIED
    return totom_pb2.TotomBonusKind.Value("TOTOM_BONUS_KIND_" + key.upper())


def _rules(msg):
    from moneycards.records import rules_object

    return rules_object("totom", msg)


def _bonuses(score) -> list:
    return [totom_pb2.TotomBonus(kind=bonus_kind(b.bonus.key), name=b.bonus.name, main=b.bonus.main,
                                 dich=b.bonus.dich, count=b.count)
            for b in (score.bonuses if score else ())]


def verdict_message(v) -> totom_pb2.CheckHandResponse:
    d = v.to_dict()
    return totom_pb2.CheckHandResponse(
        hand=d["hand"], wins=d["wins"], pairs=d["pairs"], chan_count=d["chan"], ca_count=d["ca"],
        unpaired=d["unpaired"],
        violations=[common_pb2.Violation(rule=x.rule, message=x.message) for x in v.violations],
        points=d["points"], scored_by=SCORING[d["scored_by"]],
        main_bonus=bonus_kind(d["main_bonus"]),
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
            first_stock=c.first_stock, rules=_rules(request.rules),
            engine=enum_value(ENGINE, request.engine, "engine"))
        return verdict_message(verdict)

    @rpc()
    def FindWaits(self, request, context):
        from moneycards.solver.totom.check import waits_text

        found = waits_text(
            request.hand, seen=request.seen or None, via=enum_value(VIA, request.via, "via"),
            opening=request.opening or None, rules=_rules(request.rules),
            engine=enum_value(ENGINE, request.engine, "engine"), won_previous=request.won_previous,
            first_stock=request.first_stock)
        return totom_pb2.FindWaitsResponse(waits=[
            totom_pb2.TotomWait(card=w.card.text, points=w.points, unseen=w.unseen,
                                bonuses=_bonuses(w.verdict.score)) for w in found])

    @rpc(RECORD_FIELDS)
    def CheckGameRecord(self, request, context):
        return check_record_response("totom", request,
                                     totom_pb2.TotomServiceCheckGameRecordResponse)

    @rpc({"state": "observation_json"})
    def Hint(self, request, context):
        from moneycards.server.records import hint_response

        return hint_response(request, "totom", totom_pb2.TotomServiceHintResponse,
                             context)
