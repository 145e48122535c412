"""LukFuService: proto <-> solver.lukfu.check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

import grpc

from moneycards.solver.lukfu import NAME
from moneycards.solver.lukfu.check import (SWITCH_RULINGS, beats_text, legal_text, old_text,
                                           refuse_contradicted, score_text)
from moneycards.v1 import lukfu_pb2, lukfu_pb2_grpc
from moneycards.server.errors import enum_value, rpc
from moneycards.server.records import OUTCOMES, RECORD_FIELDS, check_record_response, hint_response

if TYPE_CHECKING:
    from moneycards.solver.lukfu.rules import LukFuRules

ROLE = {
    lukfu_pb2.LUK_FU_ROLE_UNSPECIFIED: None,
    lukfu_pb2.LUK_FU_ROLE_CALLER: "caller",
    lukfu_pb2.LUK_FU_ROLE_MASTER_PASSED: "master-passed",
    lukfu_pb2.LUK_FU_ROLE_NON_CALLER: "non-caller",
}


ROLE_NUMBER = {name: number for number, name in ROLE.items() if name}
KIND = {"single": lukfu_pb2.LUK_FU_PLAY_KIND_SINGLE, "set": lukfu_pb2.LUK_FU_PLAY_KIND_SET,
        "run": lukfu_pb2.LUK_FU_PLAY_KIND_RUN}
TURN = {"lead": lukfu_pb2.LUK_FU_TRICK_TURN_LEAD, "follow": lukfu_pb2.LUK_FU_TRICK_TURN_FOLLOW}


# The responses of the solver's answers (beats_text, legal_text, old_text, score_text); the
# CLI's `lukfu beats|legal|old|score --json` print them too.
def compare_message(d: dict[str, Any]) -> lukfu_pb2.ComparePlaysResponse:
    return lukfu_pb2.ComparePlaysResponse(beats=d["beats"], rule=d["rule"],
                                          explanation=d["explanation"],
                                          play_kind=KIND[d["play_kind"]],
                                          over_kind=KIND[d["over_kind"]])


def play_message(d: dict[str, Any]) -> lukfu_pb2.CheckPlayResponse:
    return lukfu_pb2.CheckPlayResponse(legal=d["legal"], rule=d["rule"],
                                       explanation=d["explanation"], turn=TURN[d["turn"]],
                                       seat=d["seat"], role=ROLE_NUMBER[d["role"]],
                                       to_beat=d["to_beat"])


def old_message(d: dict[str, Any]) -> lukfu_pb2.ProveOldResponse:
    return lukfu_pb2.ProveOldResponse(
        old=d["old"], reasons=[lukfu_pb2.OldCardReason(**r) for r in d["reasons"]],
        fu=d["fu"], claim_total=d["claim_total"],
        **({} if d["can_claim"] is None else {"can_claim": d["can_claim"]}))


def score_message(d: dict[str, Any]) -> lukfu_pb2.ScoreResponse:
    return lukfu_pb2.ScoreResponse(outcome=OUTCOMES[d["outcome"]], points=d["points"],
                                   net=d["net"], rule=d["rule"])


def _rules(msg: lukfu_pb2.LukFuRules) -> LukFuRules:
    from moneycards.records import rules_object

    rules: LukFuRules = rules_object(NAME, msg)
    return rules


def _history(request: Union[lukfu_pb2.CheckPlayRequest, lukfu_pb2.ProveOldRequest],
             seat: int | None) -> tuple[Any, str, int | None, LukFuRules, str | None]:
    """The record, hand, seat and rules of a request, and the rule that ended the deal
    (None: in play): a game record is replayed and seen from the seat (its rules apply, and
    an empty hand is the seat's own)."""
    from moneycards.records import lukfu_record_dict, lukfu_seat_view

    rules = _rules(request.rules)
    which = request.WhichOneof("history")
    # a switch set that the record's rules contradict is refused, as the CLI refuses it
    given = {f: getattr(request.rules, f) if request.rules.HasField(f) else None
             for f in SWITCH_RULINGS}
    field_of = {f: f"rules.{f}" for f in SWITCH_RULINGS}
    if which == "record":
        record = lukfu_record_dict(request.record)
        refuse_contradicted(given, None, record.get("rules"), field_of)
        return record, request.hand, seat, rules, None
    if which == "game_record":
        view = lukfu_seat_view(request.game_record, seat)
        refuse_contradicted(given, view["rules"], None, field_of)
        return (view["record"], request.hand or view["hand"], view["seat"], view["rules"],
                view["ended"])
    return None, request.hand, seat, rules, None


class LukFuService(lukfu_pb2_grpc.LukFuServiceServicer):
    @rpc()
    def ComparePlays(self, request: lukfu_pb2.ComparePlaysRequest,
                     context: grpc.ServicerContext) -> lukfu_pb2.ComparePlaysResponse:
        d = beats_text(request.play, request.over, _rules(request.rules))
        return compare_message(d)

    @rpc()
    def CheckPlay(self, request: lukfu_pb2.CheckPlayRequest,
                  context: grpc.ServicerContext) -> lukfu_pb2.CheckPlayResponse:
        record, hand, seat, rules, ended = _history(
            request, request.seat if request.HasField("seat") else None)
        d = legal_text(request.play, hand=hand, role=enum_value(ROLE, request.role, "role"),
                       record=record, seat=seat, face_down=request.face_down, rules=rules,
                       ended=ended, record_field=request.WhichOneof("history") or "record")
        return play_message(d)

    @rpc()
    def ProveOld(self, request: lukfu_pb2.ProveOldRequest,
                 context: grpc.ServicerContext) -> lukfu_pb2.ProveOldResponse:
        record, hand, seat, rules, ended = _history(request, request.seat)
        d = old_text(hand=hand, record=record, seat=seat, rules=rules, ended=ended)
        return old_message(d)

    @rpc()
    def Score(self, request: lukfu_pb2.ScoreRequest,
              context: grpc.ServicerContext) -> lukfu_pb2.ScoreResponse:
        # Unset scalars read 0, a seat like any other: a drawn deal is refused only a fu.
        d = score_text(fu=request.fu if request.fu or not request.drawn else None,
                       winner=None if request.drawn else request.winner,
                       caller=request.caller, drawn=request.drawn)
        return score_message(d)

    @rpc(RECORD_FIELDS)
    def CheckGameRecord(self, request: lukfu_pb2.LukFuServiceCheckGameRecordRequest,
                        context: grpc.ServicerContext
                        ) -> lukfu_pb2.LukFuServiceCheckGameRecordResponse:
        return check_record_response(NAME, request,
                                     lukfu_pb2.LukFuServiceCheckGameRecordResponse)

    @rpc({"state": "observation_json"})
    def Hint(self, request: lukfu_pb2.LukFuServiceHintRequest,
             context: grpc.ServicerContext) -> lukfu_pb2.LukFuServiceHintResponse:
        return hint_response(request, NAME, lukfu_pb2.LukFuServiceHintResponse,
                             context)
