"""TotomService: proto <-> solver.totom."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import grpc
import numpy as np

from moneycards.solver.totom import NAME
from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.batch import BONUS_KEYS, SCORED_BY, VIOLATION_RULES, check_texts
from moneycards.solver.totom.check import check_hand, check_text, waits_text
from moneycards.v1 import common_pb2, totom_pb2, totom_pb2_grpc
from moneycards.server.errors import describe, enum_value, error_reason, field_path, rpc
from moneycards.solver.errors import InvalidInput
from moneycards.server.records import RECORD_FIELDS, check_record_response, hint_response

if TYPE_CHECKING:
    from moneycards.solver.totom.batch import Array, TextBatch
    from moneycards.solver.totom.check import HandVerdict, Wait
    from moneycards.solver.totom.rules import TotomRules
    from moneycards.solver.totom.scoring import Score

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


_BONUS_KINDS: dict[str | None, int] = {None: totom_pb2.TOTOM_BONUS_KIND_UNSPECIFIED}


def bonus_kind(key: str | None) -> Any:
    """The enum number of a TT-K3 bonus key ("tom" -> TOTOM_BONUS_KIND_TOM)."""
    kind = _BONUS_KINDS.get(key)
    if kind is None:  # looked up by name once per key (every answer names its bonuses)
        kind = _BONUS_KINDS[key] = totom_pb2.TotomBonusKind.Value(
            "TOTOM_BONUS_KIND_" + key.upper())  # type: ignore[union-attr]
    return kind


def _enum_tables() -> tuple[Array, Array]:
    return (np.array([SCORING[k] for k in SCORED_BY]),
            np.array([bonus_kind(None)] + [bonus_kind(k) for k in BONUS_KEYS]))


_SCORED_BY_ENUM, _BONUS_ENUM = _enum_tables()


_DEFAULT_RULES: list[TotomRules] = []  # rules_object of an empty message, made once


def _rules(msg: totom_pb2.TotomRules) -> TotomRules:
    from moneycards.records import rules_object

    if msg.ByteSize():
        rules: TotomRules = rules_object(NAME, msg)
        return rules
    if not _DEFAULT_RULES:  # most calls name no rules: the preset is the same every time
        _DEFAULT_RULES.append(rules_object(NAME, msg))
    return _DEFAULT_RULES[0]


def _bonuses(score: Score | None) -> list[totom_pb2.TotomBonus]:
    return [totom_pb2.TotomBonus(kind=bonus_kind(b.bonus.key), name=b.bonus.name, main=b.bonus.main,
                                 dich=b.bonus.dich, count=b.count)
            for b in (score.bonuses if score else ())]


def verdict_message(v: HandVerdict) -> totom_pb2.CheckHandResponse:
    """The response of one verdict: the fields of HandVerdict.to_dict, read from the
    verdict without building the dict (this is on every CheckHand's path)."""
    part = v.partition
    return totom_pb2.CheckHandResponse(
        hand=TOTOM.render(v.hand), wins=v.wins, pairs=part.pair_texts(),
        chan_count=part.chan_count, ca_count=part.ca_count, unpaired=v.unpaired,
        violations=[common_pb2.Violation(rule=x.rule, message=x.message) for x in v.violations],
        points=v.points, scored_by=SCORING[v.scored_by], main_bonus=bonus_kind(v.main_bonus),
        bonuses=_bonuses(v.score), settlement=totom_pb2.TotomSettlement(**v.settlement),
    )


def waits_message(found: Iterable[Wait]) -> totom_pb2.FindWaitsResponse:
    """The response of waits_text's answer (the CLI's `totom waits --json` prints it too)."""
    return totom_pb2.FindWaitsResponse(waits=[
        totom_pb2.TotomWait(card=w.card.text, points=w.points, unseen=w.unseen,
                            bonuses=_bonuses(w.verdict.score)) for w in found])


MAX_BATCH = 10_000  # hands per CheckHands call: about 300 kB of request
MAX_BATCH_DETAILS = 1_000  # with details, whose responses are ~40 times larger


def check_batch_size(n: int, limit: int) -> None:
    if n > limit:
        raise InvalidInput(f"{n} hands in one call; send at most {limit} (several calls for "
                           "more)", field="hands")


def _context_kwargs(c: totom_pb2.TotomWinContext) -> dict[str, Any] | None:
    """parse_context's arguments for one TotomWinContext (None when it is empty)."""
    if not c.ByteSize():
        return None
    return {"win_card": c.win_card or None, "via": enum_value(VIA, c.via, "via"),
            "thien_u": c.thien_u, "opening": c.opening or None,
            "won_previous": c.won_previous, "first_stock": c.first_stock}


def batch_errors(errors: Mapping[int, InvalidInput], paths: Mapping[str, str] | None = None
                 ) -> list[common_pb2.BatchError]:
    """BatchError messages, in index order, naming fields as the single call would."""
    return [common_pb2.BatchError(index=i, field=field_path(err, paths or {}),
                                  reason=error_reason(err), message=describe(err))
            for i, err in sorted(errors.items())]


def hands_response(batch: TextBatch, details: bool) -> totom_pb2.CheckHandsResponse:
    """The columns of a TextBatch (and each hand's full verdict with `details`)."""
    v = batch.verdicts
    n = len(v)
    ok = np.ones(n, dtype=bool)
    ok[list(batch.errors)] = False
    wins = v.wins & ok
    resp = totom_pb2.CheckHandsResponse(
        wins=wins.tolist(), points=v.points.tolist(), chan_count=np.where(ok, v.chan, 0).tolist(),
        ca_count=np.where(ok, v.ca, 0).tolist(),
        scored_by=np.take(_SCORED_BY_ENUM, v.scored_by).tolist(),
        main_bonus=np.take(_BONUS_ENUM, v.main + 1).tolist(),
        errors=batch_errors(batch.errors, CONTEXT_FIELDS))
    bits = np.where(ok, v.violations, 0)
    hands, kinds = np.nonzero((bits[:, None] >> np.arange(len(VIOLATION_RULES))) & 1)
    resp.violation_hands.extend(hands.tolist())
    resp.violation_rules.extend(np.take(np.array(VIOLATION_RULES), kinds).tolist())
    hands, kinds = np.nonzero(v.bonuses)
    resp.bonus_hands.extend(hands.tolist())
    resp.bonus_kinds.extend(np.take(_BONUS_ENUM, kinds + 1).tolist())
    resp.bonus_counts.extend(v.bonuses[hands, kinds].tolist())
    if details:
        for i in range(n):
            if i in batch.errors:
                resp.verdicts.add()
            else:
                resp.verdicts.append(verdict_message(check_hand(
                    tuple(batch.counts[i].tolist()), batch.contexts[i], batch.rules, "exact")))
    return resp


class TotomService(totom_pb2_grpc.TotomServiceServicer):
    @rpc(CONTEXT_FIELDS)
    def CheckHand(self, request: totom_pb2.CheckHandRequest,
                  context: grpc.ServicerContext) -> totom_pb2.CheckHandResponse:
        c = request.context
        verdict = check_text(
            request.hand, win_card=c.win_card or None, via=enum_value(VIA, c.via, "via"),
            thien_u=c.thien_u, opening=c.opening or None, won_previous=c.won_previous,
            first_stock=c.first_stock, rules=_rules(request.rules),
            engine=enum_value(ENGINE, request.engine, "engine"))
        return verdict_message(verdict)

    @rpc({"contexts": "contexts"})
    def CheckHands(self, request: totom_pb2.CheckHandsRequest,
                   context: grpc.ServicerContext) -> totom_pb2.CheckHandsResponse:
        hands = list(request.hands)
        check_batch_size(len(hands), MAX_BATCH_DETAILS if request.details else MAX_BATCH)
        contexts: list[dict[str, Any] | None] | None = None
        refused: dict[int, InvalidInput] = {}
        if request.contexts:
            if len(request.contexts) != len(hands):
                raise InvalidInput(f"{len(request.contexts)} contexts for {len(hands)} hands: "
                                   "give none or one per hand", field="contexts")
            contexts = []
            for i, c in enumerate(request.contexts):
                try:
                    contexts.append(_context_kwargs(c))
                except InvalidInput as err:
                    contexts.append(None)
                    refused[i] = err
        batch = check_texts(hands, contexts, _rules(request.rules), refused=refused)
        return hands_response(batch, request.details)

    @rpc()
    def FindWaits(self, request: totom_pb2.FindWaitsRequest,
                  context: grpc.ServicerContext) -> totom_pb2.FindWaitsResponse:
        found = waits_text(
            request.hand, seen=request.seen or None, via=enum_value(VIA, request.via, "via"),
            opening=request.opening or None, rules=_rules(request.rules),
            engine=enum_value(ENGINE, request.engine, "engine"), won_previous=request.won_previous,
            first_stock=request.first_stock)
        return waits_message(found)

    @rpc(RECORD_FIELDS)
    def CheckGameRecord(self, request: totom_pb2.TotomServiceCheckGameRecordRequest,
                        context: grpc.ServicerContext
                        ) -> totom_pb2.TotomServiceCheckGameRecordResponse:
        return check_record_response(NAME, request,
                                     totom_pb2.TotomServiceCheckGameRecordResponse)

    @rpc({"state": "observation_json"})
    def Hint(self, request: totom_pb2.TotomServiceHintRequest,
             context: grpc.ServicerContext) -> totom_pb2.TotomServiceHintResponse:
        return hint_response(request, NAME, totom_pb2.TotomServiceHintResponse,
                             context)
