from google.rpc import error_details_pb2 as _error_details_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DealOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEAL_OUTCOME_UNSPECIFIED: _ClassVar[DealOutcome]
    DEAL_OUTCOME_WIN: _ClassVar[DealOutcome]
    DEAL_OUTCOME_DRAWN: _ClassVar[DealOutcome]
    DEAL_OUTCOME_REDEAL: _ClassVar[DealOutcome]

class Game(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_UNSPECIFIED: _ClassVar[Game]
    GAME_TOTOM: _ClassVar[Game]
    GAME_KOWAH: _ClassVar[Game]
    GAME_LUK_FU: _ClassVar[Game]

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_HUMAN: _ClassVar[SeatKind]
    SEAT_KIND_AI: _ClassVar[SeatKind]

class AiLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AI_LEVEL_UNSPECIFIED: _ClassVar[AiLevel]
    AI_LEVEL_RANDOM: _ClassVar[AiLevel]
    AI_LEVEL_GREEDY: _ClassVar[AiLevel]
    AI_LEVEL_STRONG: _ClassVar[AiLevel]
    AI_LEVEL_HEURISTIC: _ClassVar[AiLevel]
    AI_LEVEL_EXPERT: _ClassVar[AiLevel]
DEAL_OUTCOME_UNSPECIFIED: DealOutcome
DEAL_OUTCOME_WIN: DealOutcome
DEAL_OUTCOME_DRAWN: DealOutcome
DEAL_OUTCOME_REDEAL: DealOutcome
GAME_UNSPECIFIED: Game
GAME_TOTOM: Game
GAME_KOWAH: Game
GAME_LUK_FU: Game
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_HUMAN: SeatKind
SEAT_KIND_AI: SeatKind
AI_LEVEL_UNSPECIFIED: AiLevel
AI_LEVEL_RANDOM: AiLevel
AI_LEVEL_GREEDY: AiLevel
AI_LEVEL_STRONG: AiLevel
AI_LEVEL_HEURISTIC: AiLevel
AI_LEVEL_EXPERT: AiLevel

class Violation(_message.Message):
    __slots__ = ("rule", "message")
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    rule: str
    message: str
    def __init__(self, rule: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class ErrorDetails(_message.Message):
    __slots__ = ("bad_request", "error_info")
    BAD_REQUEST_FIELD_NUMBER: _ClassVar[int]
    ERROR_INFO_FIELD_NUMBER: _ClassVar[int]
    bad_request: _error_details_pb2.BadRequest
    error_info: _error_details_pb2.ErrorInfo
    def __init__(self, bad_request: _Optional[_Union[_error_details_pb2.BadRequest, _Mapping]] = ..., error_info: _Optional[_Union[_error_details_pb2.ErrorInfo, _Mapping]] = ...) -> None: ...

class GameDeal(_message.Message):
    __slots__ = ("hands", "stock", "first_seat")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedScalarFieldContainer[str]
    stock: str
    first_seat: int
    def __init__(self, hands: _Optional[_Iterable[str]] = ..., stock: _Optional[str] = ..., first_seat: _Optional[int] = ...) -> None: ...

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
    outcome: DealOutcome
    net: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    multiplier: int
    def __init__(self, valid: _Optional[bool] = ..., complete: _Optional[bool] = ..., actions: _Optional[int] = ..., first_illegal: _Optional[int] = ..., rule: _Optional[str] = ..., message: _Optional[str] = ..., outcome: _Optional[_Union[DealOutcome, str]] = ..., net: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., multiplier: _Optional[int] = ...) -> None: ...

class RankedAction(_message.Message):
    __slots__ = ("action", "value", "explanation", "cut_short", "settlement")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    CUT_SHORT_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    action: str
    value: float
    explanation: str
    cut_short: bool
    settlement: float
    def __init__(self, action: _Optional[str] = ..., value: _Optional[float] = ..., explanation: _Optional[str] = ..., cut_short: _Optional[bool] = ..., settlement: _Optional[float] = ...) -> None: ...

class ObservedBonus(_message.Message):
    __slots__ = ("key", "name", "main", "dich", "count")
    KEY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MAIN_FIELD_NUMBER: _ClassVar[int]
    DICH_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    key: str
    name: str
    main: int
    dich: int
    count: int
    def __init__(self, key: _Optional[str] = ..., name: _Optional[str] = ..., main: _Optional[int] = ..., dich: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class DealResult(_message.Message):
    __slots__ = ("outcome", "rule", "winner", "via", "card", "points", "bonuses", "multiplier", "fu", "caller", "net")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    FU_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    outcome: DealOutcome
    rule: str
    winner: int
    via: str
    card: str
    points: int
    bonuses: _containers.RepeatedCompositeFieldContainer[ObservedBonus]
    multiplier: int
    fu: int
    caller: int
    net: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, outcome: _Optional[_Union[DealOutcome, str]] = ..., rule: _Optional[str] = ..., winner: _Optional[int] = ..., via: _Optional[str] = ..., card: _Optional[str] = ..., points: _Optional[int] = ..., bonuses: _Optional[_Iterable[_Union[ObservedBonus, _Mapping]]] = ..., multiplier: _Optional[int] = ..., fu: _Optional[int] = ..., caller: _Optional[int] = ..., net: _Optional[_Iterable[int]] = ...) -> None: ...

class TableSeat(_message.Message):
    __slots__ = ("kind", "ai_level", "name", "invited")
    KIND_FIELD_NUMBER: _ClassVar[int]
    AI_LEVEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    INVITED_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    ai_level: AiLevel
    name: str
    invited: bool
    def __init__(self, kind: _Optional[_Union[SeatKind, str]] = ..., ai_level: _Optional[_Union[AiLevel, str]] = ..., name: _Optional[str] = ..., invited: _Optional[bool] = ...) -> None: ...

class BatchError(_message.Message):
    __slots__ = ("index", "field", "reason", "message")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    index: int
    field: str
    reason: str
    message: str
    def __init__(self, index: _Optional[int] = ..., field: _Optional[str] = ..., reason: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...
