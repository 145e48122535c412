"""Game records and hints between protobuf and the engines."""

from __future__ import annotations

import dataclasses

from collections.abc import Iterable
from typing import TYPE_CHECKING, Callable, TypeVar

from google.protobuf import json_format

from moneycards.solver.errors import InvalidInput, json_object
from moneycards.solver.games import check
from moneycards.v1 import common_pb2

if TYPE_CHECKING:
    from typing import TypeAlias

    import grpc

    from moneycards.solver.ranking import Ranked
    from moneycards.solver.table import RecordCheck
    from moneycards.v1 import kowah_pb2, lukfu_pb2, totom_pb2

_R = TypeVar("_R")
# The services' requests that carry a game record, and those that ask for a hint.
RecordRequest: TypeAlias = (
    "totom_pb2.TotomServiceCheckGameRecordRequest | kowah_pb2.KowahServiceCheckGameRecordRequest"
    " | lukfu_pb2.LukFuServiceCheckGameRecordRequest")
HintRequest: TypeAlias = ("totom_pb2.TotomServiceHintRequest | kowah_pb2.KowahServiceHintRequest"
                          " | lukfu_pb2.LukFuServiceHintRequest")

OUTCOMES = {"win": common_pb2.DEAL_OUTCOME_WIN, "drawn": common_pb2.DEAL_OUTCOME_DRAWN,
            "redeal": common_pb2.DEAL_OUTCOME_REDEAL}
# The engines' field names for record parts, as the request's field paths.
RECORD_FIELDS = {"record": "request", "record.game": "game", "record.rules": "rules",
                 "record.result": "result",
                 "record.seed": "seed", "record.actions": "actions", "record.deal": "deal",
                 "record.deal.hands": "deal.hands", "record.deal.stock": "deal.stock",
                 "record.deal.dealer": "deal.first_seat", "record.deal.first": "deal.first_seat",
                 "record.deal.master": "deal.first_seat"}


def check_record_response(game: str, request: RecordRequest,
                          response_cls: Callable[..., _R]) -> _R:
    """Replay the request's record and answer with its check."""
    from moneycards.records import engine_record

    return response_cls(check=record_check_message(check(game, engine_record(game, request))))


def record_check_message(check: RecordCheck) -> common_pb2.GameRecordCheck:
    r = check.result
    msg = common_pb2.GameRecordCheck(
        valid=check.valid, complete=check.complete, actions=check.actions,
        rule=check.rule or "", message=check.message or "",
        outcome=common_pb2.DEAL_OUTCOME_UNSPECIFIED if r is None else OUTCOMES[r.kind.value],
        net=() if r is None else (r.net or ()))
    if check.index is not None:
        msg.first_illegal = check.index
    if r is not None and r.winner is not None:
        msg.winner = r.winner
        if r.multiplier is not None:
            msg.multiplier = r.multiplier
    return msg


def hint_response(request: HintRequest, game: str, response_cls: Callable[..., _R],
                  context: grpc.ServicerContext | None = None) -> _R:
    """Parse the observation JSON, rank its actions, build the response."""
    from moneycards.server.limits import Limits, hint_budget_ms
    from moneycards.solver.hints import hint
    from moneycards.solver.observation import read_observation

    if request.HasField("observation"):
        if request.observation_json:
            raise InvalidInput("give the observation or its JSON text, not both",
                               field="observation_json")

        where = "observation"
        data = json_format.MessageToDict(request.observation, preserving_proto_field_name=True,
                                         always_print_fields_with_no_presence=True)
        data["game"] = data.get("game") or game
    else:
        where = "observation_json"
        if not request.observation_json.strip():
            raise InvalidInput("give the seat's view: the typed observation, or its JSON text "
                               "in observation_json", field=where)
        data = json_object(request.observation_json, field=where,
                           what="an observation object")
        # a table view's observation leaves its game to the view: this service's game
        data.setdefault("game", game)
    if data.get("game") != game:
        raise InvalidInput(f"not a {game} observation", field=f"{where}.game")

    obs = read_observation(data, field=where)
    if "rules" in request.DESCRIPTOR.fields_by_name and request.HasField("rules"):
        # a game whose observation leaves out its table's rules (Tổ Tôm): told beside it
        from moneycards.records import rules_object

        obs = dataclasses.replace(obs, rules=rules_object(game, request.rules))
    limits = getattr(context, "limits", None) or Limits()
    remaining = context.time_remaining() if context is not None else None
    budget = hint_budget_ms(request.budget_ms, game, limits, remaining)
    try:
        ranked = hint(obs, budget, stop=getattr(context, "cancelled", None))
    except InvalidInput as err:  # the hint names the observation "state"
        if err.field and err.field.split(".")[0] == "state":
            err.field = where + err.field[len("state"):]
        raise
    return response_cls(seat=obs.seat, actions=ranked_messages(ranked))


def ranked_messages(ranked: Iterable[Ranked]) -> list[common_pb2.RankedAction]:
    actions = []
    for r in ranked:
        d = r.to_dict()
        msg = common_pb2.RankedAction(action=d["action"], explanation=d["explanation"],
                                      cut_short=d["cut_short"])
        if d["value"] is not None:
            msg.value = d["value"]
        if d["settlement"] is not None:
            msg.settlement = d["settlement"]
        actions.append(msg)
    return actions
