"""Game records between protobuf and the engines: GameRecord <-> the JSON record."""

from __future__ import annotations

from moneycards.v1 import common_pb2

FIRST_SEAT_KEY = {"totom": "dealer", "kowah": "first", "lukfu": "master"}


def game_record_dict(msg: common_pb2.GameRecord) -> dict:
    """A GameRecord message as the JSON record the engines replay."""
    record: dict = {"rules": msg.rules or "seed", "actions": list(msg.actions)}
    if msg.HasField("seed"):
        record["seed"] = msg.seed
    if msg.deal.hands:
        record["deal"] = {"hands": list(msg.deal.hands), "stock": msg.deal.stock,
                          "first": msg.deal.first_seat, "dealer": msg.deal.first_seat,
                          "master": msg.deal.first_seat}
    return record


def game_record_message(record: dict) -> common_pb2.GameRecord:
    """The protobuf form of a JSON game record (an engine's `game_record()`)."""
    msg = common_pb2.GameRecord(rules=record.get("rules", "seed"),
                                actions=record.get("actions", []))
    if record.get("seed") is not None:
        msg.seed = record["seed"]
    deal = record.get("deal")
    if deal:
        key = FIRST_SEAT_KEY[record["game"]]
        msg.deal.CopyFrom(common_pb2.GameDeal(hands=deal["hands"], stock=deal.get("stock", ""),
                                              first_seat=deal[key]))
    return msg


def record_check_message(check) -> common_pb2.GameRecordCheck:
    r = check.result or {}
    return common_pb2.GameRecordCheck(
        valid=check.valid, complete=check.complete, actions=check.actions,
        first_illegal=-1 if check.index is None else check.index, rule=check.rule or "",
        message=check.message or "", outcome=r.get("outcome", ""), net=r.get("net", []),
        winner=r.get("winner", -1), multiplier=r.get("multiplier", 0))


def hint_response(request, game: str, response_cls, context=None):
    """Parse the observation JSON, rank its actions, build the response."""
    from moneycards.solver.errors import InvalidInput, json_object
    from moneycards.solver.hints import hint

    obs = json_object(request.observation_json, field="observation_json",
                      what="an observation object")
    if obs.get("game") != game:
        raise InvalidInput(f"not a {game} observation", field="observation_json")
    from moneycards.server.limits import Limits, hint_budget_ms

    limits = getattr(context, "limits", None) or Limits()
    remaining = context.time_remaining() if context is not None else None
    budget = hint_budget_ms(request.budget_ms, game, limits, remaining)
    ranked = hint(obs, budget, stop=getattr(context, "cancelled", None))
    return response_cls(seat=obs.get("seat", -1), actions=[
        common_pb2.RankedAction(action=r.action, value=r.value, reason=r.reason)
        for r in ranked])
