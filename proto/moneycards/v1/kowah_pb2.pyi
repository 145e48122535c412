import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from moneycards.v1 import common_pb2 as _common_pb2
from moneycards.v1 import observation_pb2 as _observation_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class KowahRulesPreset(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KOWAH_RULES_PRESET_UNSPECIFIED: _ClassVar[KowahRulesPreset]
    KOWAH_RULES_PRESET_SEED: _ClassVar[KowahRulesPreset]

class KowahVia(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KOWAH_VIA_UNSPECIFIED: _ClassVar[KowahVia]
    KOWAH_VIA_SELF_DRAW: _ClassVar[KowahVia]
    KOWAH_VIA_DRAW: _ClassVar[KowahVia]
    KOWAH_VIA_DISCARD: _ClassVar[KowahVia]
KOWAH_RULES_PRESET_UNSPECIFIED: KowahRulesPreset
KOWAH_RULES_PRESET_SEED: KowahRulesPreset
KOWAH_VIA_UNSPECIFIED: KowahVia
KOWAH_VIA_SELF_DRAW: KowahVia
KOWAH_VIA_DRAW: KowahVia
KOWAH_VIA_DISCARD: KowahVia

class KowahRules(_message.Message):
    __slots__ = ("preset", "optional_declaration", "first_seat_rotates")
    PRESET_FIELD_NUMBER: _ClassVar[int]
    OPTIONAL_DECLARATION_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_ROTATES_FIELD_NUMBER: _ClassVar[int]
    preset: KowahRulesPreset
    optional_declaration: bool
    first_seat_rotates: bool
    def __init__(self, preset: _Optional[_Union[KowahRulesPreset, str]] = ..., optional_declaration: _Optional[bool] = ..., first_seat_rotates: _Optional[bool] = ...) -> None: ...

class CheckReadyRequest(_message.Message):
    __slots__ = ("hand", "seen")
    HAND_FIELD_NUMBER: _ClassVar[int]
    SEEN_FIELD_NUMBER: _ClassVar[int]
    hand: str
    seen: str
    def __init__(self, hand: _Optional[str] = ..., seen: _Optional[str] = ...) -> None: ...

class KowahSplit(_message.Message):
    __slots__ = ("triplets", "pair", "wait")
    TRIPLETS_FIELD_NUMBER: _ClassVar[int]
    PAIR_FIELD_NUMBER: _ClassVar[int]
    WAIT_FIELD_NUMBER: _ClassVar[int]
    triplets: _containers.RepeatedScalarFieldContainer[str]
    pair: str
    wait: str
    def __init__(self, triplets: _Optional[_Iterable[str]] = ..., pair: _Optional[str] = ..., wait: _Optional[str] = ...) -> None: ...

class CheckReadyResponse(_message.Message):
    __slots__ = ("hand", "ready", "splits", "waits", "wait_unseen", "violations", "distance", "discard", "draw", "target")
    HAND_FIELD_NUMBER: _ClassVar[int]
    READY_FIELD_NUMBER: _ClassVar[int]
    SPLITS_FIELD_NUMBER: _ClassVar[int]
    WAITS_FIELD_NUMBER: _ClassVar[int]
    WAIT_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    hand: str
    ready: bool
    splits: _containers.RepeatedCompositeFieldContainer[KowahSplit]
    waits: _containers.RepeatedScalarFieldContainer[str]
    wait_unseen: _containers.RepeatedScalarFieldContainer[int]
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    distance: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    draw: _containers.RepeatedScalarFieldContainer[str]
    target: KowahSplit
    def __init__(self, hand: _Optional[str] = ..., ready: _Optional[bool] = ..., splits: _Optional[_Iterable[_Union[KowahSplit, _Mapping]]] = ..., waits: _Optional[_Iterable[str]] = ..., wait_unseen: _Optional[_Iterable[int]] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ..., distance: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., draw: _Optional[_Iterable[str]] = ..., target: _Optional[_Union[KowahSplit, _Mapping]] = ...) -> None: ...

class CheckReadyManyRequest(_message.Message):
    __slots__ = ("hands", "details")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedScalarFieldContainer[str]
    details: bool
    def __init__(self, hands: _Optional[_Iterable[str]] = ..., details: _Optional[bool] = ...) -> None: ...

class CheckReadyManyResponse(_message.Message):
    __slots__ = ("ready", "split_count", "waits", "violation_hands", "violation_rules", "errors", "verdicts", "distance")
    READY_FIELD_NUMBER: _ClassVar[int]
    SPLIT_COUNT_FIELD_NUMBER: _ClassVar[int]
    WAITS_FIELD_NUMBER: _ClassVar[int]
    VIOLATION_HANDS_FIELD_NUMBER: _ClassVar[int]
    VIOLATION_RULES_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    VERDICTS_FIELD_NUMBER: _ClassVar[int]
    DISTANCE_FIELD_NUMBER: _ClassVar[int]
    ready: _containers.RepeatedScalarFieldContainer[bool]
    split_count: _containers.RepeatedScalarFieldContainer[int]
    waits: _containers.RepeatedScalarFieldContainer[str]
    violation_hands: _containers.RepeatedScalarFieldContainer[int]
    violation_rules: _containers.RepeatedScalarFieldContainer[str]
    errors: _containers.RepeatedCompositeFieldContainer[_common_pb2.BatchError]
    verdicts: _containers.RepeatedCompositeFieldContainer[CheckReadyResponse]
    distance: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, ready: _Optional[_Iterable[bool]] = ..., split_count: _Optional[_Iterable[int]] = ..., waits: _Optional[_Iterable[str]] = ..., violation_hands: _Optional[_Iterable[int]] = ..., violation_rules: _Optional[_Iterable[str]] = ..., errors: _Optional[_Iterable[_Union[_common_pb2.BatchError, _Mapping]]] = ..., verdicts: _Optional[_Iterable[_Union[CheckReadyResponse, _Mapping]]] = ..., distance: _Optional[_Iterable[int]] = ...) -> None: ...

class CheckWinRequest(_message.Message):
    __slots__ = ("hand", "pair", "card", "via")
    HAND_FIELD_NUMBER: _ClassVar[int]
    PAIR_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    hand: str
    pair: str
    card: str
    via: KowahVia
    def __init__(self, hand: _Optional[str] = ..., pair: _Optional[str] = ..., card: _Optional[str] = ..., via: _Optional[_Union[KowahVia, str]] = ...) -> None: ...

class CheckWinResponse(_message.Message):
    __slots__ = ("wins", "multiplier", "violations")
    WINS_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    wins: bool
    multiplier: int
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    def __init__(self, wins: _Optional[bool] = ..., multiplier: _Optional[int] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ...) -> None: ...

class KowahServiceCheckGameRecordRequest(_message.Message):
    __slots__ = ("game", "rules", "seed", "deal", "actions", "result", "seats", "played_at", "practice")
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYED_AT_FIELD_NUMBER: _ClassVar[int]
    PRACTICE_FIELD_NUMBER: _ClassVar[int]
    game: str
    rules: KowahRules
    seed: int
    deal: _common_pb2.GameDeal
    actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.TableSeat]
    played_at: _timestamp_pb2.Timestamp
    practice: bool
    def __init__(self, game: _Optional[str] = ..., rules: _Optional[_Union[KowahRules, _Mapping]] = ..., seed: _Optional[int] = ..., deal: _Optional[_Union[_common_pb2.GameDeal, _Mapping]] = ..., actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.TableSeat, _Mapping]]] = ..., played_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., practice: _Optional[bool] = ...) -> None: ...

class KowahServiceCheckGameRecordResponse(_message.Message):
    __slots__ = ("check",)
    CHECK_FIELD_NUMBER: _ClassVar[int]
    check: _common_pb2.GameRecordCheck
    def __init__(self, check: _Optional[_Union[_common_pb2.GameRecordCheck, _Mapping]] = ...) -> None: ...

class KowahServiceHintRequest(_message.Message):
    __slots__ = ("observation", "observation_json", "budget_ms")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_JSON_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    observation: _observation_pb2.KowahObservation
    observation_json: str
    budget_ms: float
    def __init__(self, observation: _Optional[_Union[_observation_pb2.KowahObservation, _Mapping]] = ..., observation_json: _Optional[str] = ..., budget_ms: _Optional[float] = ...) -> None: ...

class KowahServiceHintResponse(_message.Message):
    __slots__ = ("seat", "actions")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[_common_pb2.RankedAction]
    def __init__(self, seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[_common_pb2.RankedAction, _Mapping]]] = ...) -> None: ...
