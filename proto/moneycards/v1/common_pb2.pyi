from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Violation(_message.Message):
    __slots__ = ("rule", "message")
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    rule: str
    message: str
    def __init__(self, rule: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class GameDeal(_message.Message):
    __slots__ = ("hands", "stock", "first_seat")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedScalarFieldContainer[str]
    stock: str
    first_seat: int
    def __init__(self, hands: _Optional[_Iterable[str]] = ..., stock: _Optional[str] = ..., first_seat: _Optional[int] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("rules", "seed", "deal", "actions")
    RULES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    rules: str
    seed: int
    deal: GameDeal
    actions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, rules: _Optional[str] = ..., seed: _Optional[int] = ..., deal: _Optional[_Union[GameDeal, _Mapping]] = ..., actions: _Optional[_Iterable[str]] = ...) -> None: ...

class GameRecordCheck(_message.Message):
    __slots__ = ("valid", "complete", "actions", "first_illegal", "rule", "message", "outcome", "net", "winner", "multiplier")
    VALID_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    FIRST_ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    complete: bool
    actions: int
    first_illegal: int
    rule: str
    message: str
    outcome: str
    net: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    multiplier: int
    def __init__(self, valid: _Optional[bool] = ..., complete: _Optional[bool] = ..., actions: _Optional[int] = ..., first_illegal: _Optional[int] = ..., rule: _Optional[str] = ..., message: _Optional[str] = ..., outcome: _Optional[str] = ..., net: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., multiplier: _Optional[int] = ...) -> None: ...

class RankedAction(_message.Message):
    __slots__ = ("action", "value", "reason")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    action: str
    value: float
    reason: str
    def __init__(self, action: _Optional[str] = ..., value: _Optional[float] = ..., reason: _Optional[str] = ...) -> None: ...
