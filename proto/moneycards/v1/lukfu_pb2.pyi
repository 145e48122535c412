import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from moneycards.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LukFuRulesPreset(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LUK_FU_RULES_PRESET_UNSPECIFIED: _ClassVar[LukFuRulesPreset]
    LUK_FU_RULES_PRESET_SEED: _ClassVar[LukFuRulesPreset]

class LukFuPlayKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LUK_FU_PLAY_KIND_UNSPECIFIED: _ClassVar[LukFuPlayKind]
    LUK_FU_PLAY_KIND_SINGLE: _ClassVar[LukFuPlayKind]
    LUK_FU_PLAY_KIND_SET: _ClassVar[LukFuPlayKind]
    LUK_FU_PLAY_KIND_RUN: _ClassVar[LukFuPlayKind]

class LukFuRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LUK_FU_ROLE_UNSPECIFIED: _ClassVar[LukFuRole]
    LUK_FU_ROLE_CALLER: _ClassVar[LukFuRole]
    LUK_FU_ROLE_MASTER_PASSED: _ClassVar[LukFuRole]
    LUK_FU_ROLE_NON_CALLER: _ClassVar[LukFuRole]

class LukFuTrickTurn(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LUK_FU_TRICK_TURN_UNSPECIFIED: _ClassVar[LukFuTrickTurn]
    LUK_FU_TRICK_TURN_LEAD: _ClassVar[LukFuTrickTurn]
    LUK_FU_TRICK_TURN_FOLLOW: _ClassVar[LukFuTrickTurn]

class LukFuPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LUK_FU_PHASE_UNSPECIFIED: _ClassVar[LukFuPhase]
    LUK_FU_PHASE_CALL: _ClassVar[LukFuPhase]
    LUK_FU_PHASE_LEAD: _ClassVar[LukFuPhase]
    LUK_FU_PHASE_FOLLOW: _ClassVar[LukFuPhase]
LUK_FU_RULES_PRESET_UNSPECIFIED: LukFuRulesPreset
LUK_FU_RULES_PRESET_SEED: LukFuRulesPreset
LUK_FU_PLAY_KIND_UNSPECIFIED: LukFuPlayKind
LUK_FU_PLAY_KIND_SINGLE: LukFuPlayKind
LUK_FU_PLAY_KIND_SET: LukFuPlayKind
LUK_FU_PLAY_KIND_RUN: LukFuPlayKind
LUK_FU_ROLE_UNSPECIFIED: LukFuRole
LUK_FU_ROLE_CALLER: LukFuRole
LUK_FU_ROLE_MASTER_PASSED: LukFuRole
LUK_FU_ROLE_NON_CALLER: LukFuRole
LUK_FU_TRICK_TURN_UNSPECIFIED: LukFuTrickTurn
LUK_FU_TRICK_TURN_LEAD: LukFuTrickTurn
LUK_FU_TRICK_TURN_FOLLOW: LukFuTrickTurn
LUK_FU_PHASE_UNSPECIFIED: LukFuPhase
LUK_FU_PHASE_CALL: LukFuPhase
LUK_FU_PHASE_LEAD: LukFuPhase
LUK_FU_PHASE_FOLLOW: LukFuPhase

class LukFuRules(_message.Message):
    __slots__ = ("ace_sets_beaten_only_by_nines", "strict_non_caller_leads", "preset", "master_rotates")
    ACE_SETS_BEATEN_ONLY_BY_NINES_FIELD_NUMBER: _ClassVar[int]
    STRICT_NON_CALLER_LEADS_FIELD_NUMBER: _ClassVar[int]
    PRESET_FIELD_NUMBER: _ClassVar[int]
    MASTER_ROTATES_FIELD_NUMBER: _ClassVar[int]
    ace_sets_beaten_only_by_nines: bool
    strict_non_caller_leads: bool
    preset: LukFuRulesPreset
    master_rotates: bool
    def __init__(self, ace_sets_beaten_only_by_nines: _Optional[bool] = ..., strict_non_caller_leads: _Optional[bool] = ..., preset: _Optional[_Union[LukFuRulesPreset, str]] = ..., master_rotates: _Optional[bool] = ...) -> None: ...

class LukFuAction(_message.Message):
    __slots__ = ("seat", "cards", "down")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    DOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: str
    down: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[str] = ..., down: _Optional[int] = ...) -> None: ...

class LukFuTrick(_message.Message):
    __slots__ = ("leader", "plays")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    leader: int
    plays: _containers.RepeatedCompositeFieldContainer[LukFuAction]
    def __init__(self, leader: _Optional[int] = ..., plays: _Optional[_Iterable[_Union[LukFuAction, _Mapping]]] = ...) -> None: ...

class LukFuRecord(_message.Message):
    __slots__ = ("game", "rules", "master", "calls", "tricks")
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    MASTER_FIELD_NUMBER: _ClassVar[int]
    CALLS_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    game: str
    rules: LukFuRules
    master: int
    calls: _containers.RepeatedScalarFieldContainer[str]
    tricks: _containers.RepeatedCompositeFieldContainer[LukFuTrick]
    def __init__(self, game: _Optional[str] = ..., rules: _Optional[_Union[LukFuRules, _Mapping]] = ..., master: _Optional[int] = ..., calls: _Optional[_Iterable[str]] = ..., tricks: _Optional[_Iterable[_Union[LukFuTrick, _Mapping]]] = ...) -> None: ...

class ComparePlaysRequest(_message.Message):
    __slots__ = ("play", "over", "rules")
    PLAY_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    play: str
    over: str
    rules: LukFuRules
    def __init__(self, play: _Optional[str] = ..., over: _Optional[str] = ..., rules: _Optional[_Union[LukFuRules, _Mapping]] = ...) -> None: ...

class ComparePlaysResponse(_message.Message):
    __slots__ = ("beats", "rule", "explanation", "play_kind", "over_kind")
    BEATS_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    PLAY_KIND_FIELD_NUMBER: _ClassVar[int]
    OVER_KIND_FIELD_NUMBER: _ClassVar[int]
    beats: bool
    rule: str
    explanation: str
    play_kind: LukFuPlayKind
    over_kind: LukFuPlayKind
    def __init__(self, beats: _Optional[bool] = ..., rule: _Optional[str] = ..., explanation: _Optional[str] = ..., play_kind: _Optional[_Union[LukFuPlayKind, str]] = ..., over_kind: _Optional[_Union[LukFuPlayKind, str]] = ...) -> None: ...

class CheckPlayRequest(_message.Message):
    __slots__ = ("play", "hand", "role", "record", "game_record", "seat", "face_down", "rules")
    PLAY_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    GAME_RECORD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    play: str
    hand: str
    role: LukFuRole
    record: LukFuRecord
    game_record: LukFuServiceCheckGameRecordRequest
    seat: int
    face_down: bool
    rules: LukFuRules
    def __init__(self, play: _Optional[str] = ..., hand: _Optional[str] = ..., role: _Optional[_Union[LukFuRole, str]] = ..., record: _Optional[_Union[LukFuRecord, _Mapping]] = ..., game_record: _Optional[_Union[LukFuServiceCheckGameRecordRequest, _Mapping]] = ..., seat: _Optional[int] = ..., face_down: _Optional[bool] = ..., rules: _Optional[_Union[LukFuRules, _Mapping]] = ...) -> None: ...

class CheckPlayResponse(_message.Message):
    __slots__ = ("legal", "rule", "explanation", "turn", "seat", "role", "to_beat")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TO_BEAT_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    rule: str
    explanation: str
    turn: LukFuTrickTurn
    seat: int
    role: LukFuRole
    to_beat: str
    def __init__(self, legal: _Optional[bool] = ..., rule: _Optional[str] = ..., explanation: _Optional[str] = ..., turn: _Optional[_Union[LukFuTrickTurn, str]] = ..., seat: _Optional[int] = ..., role: _Optional[_Union[LukFuRole, str]] = ..., to_beat: _Optional[str] = ...) -> None: ...

class ProveOldRequest(_message.Message):
    __slots__ = ("hand", "record", "game_record", "seat", "rules")
    HAND_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    GAME_RECORD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    hand: str
    record: LukFuRecord
    game_record: LukFuServiceCheckGameRecordRequest
    seat: int
    rules: LukFuRules
    def __init__(self, hand: _Optional[str] = ..., record: _Optional[_Union[LukFuRecord, _Mapping]] = ..., game_record: _Optional[_Union[LukFuServiceCheckGameRecordRequest, _Mapping]] = ..., seat: _Optional[int] = ..., rules: _Optional[_Union[LukFuRules, _Mapping]] = ...) -> None: ...

class OldCardReason(_message.Message):
    __slots__ = ("card", "old", "rule", "explanation")
    CARD_FIELD_NUMBER: _ClassVar[int]
    OLD_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    card: str
    old: bool
    rule: str
    explanation: str
    def __init__(self, card: _Optional[str] = ..., old: _Optional[bool] = ..., rule: _Optional[str] = ..., explanation: _Optional[str] = ...) -> None: ...

class ProveOldResponse(_message.Message):
    __slots__ = ("old", "reasons", "fu", "claim_total", "can_claim")
    OLD_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    FU_FIELD_NUMBER: _ClassVar[int]
    CLAIM_TOTAL_FIELD_NUMBER: _ClassVar[int]
    CAN_CLAIM_FIELD_NUMBER: _ClassVar[int]
    old: _containers.RepeatedScalarFieldContainer[str]
    reasons: _containers.RepeatedCompositeFieldContainer[OldCardReason]
    fu: int
    claim_total: int
    can_claim: bool
    def __init__(self, old: _Optional[_Iterable[str]] = ..., reasons: _Optional[_Iterable[_Union[OldCardReason, _Mapping]]] = ..., fu: _Optional[int] = ..., claim_total: _Optional[int] = ..., can_claim: _Optional[bool] = ...) -> None: ...

class ScoreRequest(_message.Message):
    __slots__ = ("fu", "winner", "caller", "drawn")
    FU_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    fu: int
    winner: int
    caller: int
    drawn: bool
    def __init__(self, fu: _Optional[int] = ..., winner: _Optional[int] = ..., caller: _Optional[int] = ..., drawn: _Optional[bool] = ...) -> None: ...

class ScoreResponse(_message.Message):
    __slots__ = ("outcome", "points", "net", "rule")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    outcome: _common_pb2.DealOutcome
    points: int
    net: _containers.RepeatedScalarFieldContainer[int]
    rule: str
    def __init__(self, outcome: _Optional[_Union[_common_pb2.DealOutcome, str]] = ..., points: _Optional[int] = ..., net: _Optional[_Iterable[int]] = ..., rule: _Optional[str] = ...) -> None: ...

class LukFuServiceCheckGameRecordRequest(_message.Message):
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
    rules: LukFuRules
    seed: int
    deal: _common_pb2.GameDeal
    actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.TableSeat]
    played_at: _timestamp_pb2.Timestamp
    practice: bool
    def __init__(self, game: _Optional[str] = ..., rules: _Optional[_Union[LukFuRules, _Mapping]] = ..., seed: _Optional[int] = ..., deal: _Optional[_Union[_common_pb2.GameDeal, _Mapping]] = ..., actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.TableSeat, _Mapping]]] = ..., played_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., practice: _Optional[bool] = ...) -> None: ...

class LukFuServiceCheckGameRecordResponse(_message.Message):
    __slots__ = ("check",)
    CHECK_FIELD_NUMBER: _ClassVar[int]
    check: _common_pb2.GameRecordCheck
    def __init__(self, check: _Optional[_Union[_common_pb2.GameRecordCheck, _Mapping]] = ...) -> None: ...

class LukFuServiceHintRequest(_message.Message):
    __slots__ = ("observation", "observation_json", "budget_ms")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_JSON_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    observation: LukFuObservation
    observation_json: str
    budget_ms: float
    def __init__(self, observation: _Optional[_Union[LukFuObservation, _Mapping]] = ..., observation_json: _Optional[str] = ..., budget_ms: _Optional[float] = ...) -> None: ...

class LukFuServiceHintResponse(_message.Message):
    __slots__ = ("seat", "actions")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[_common_pb2.RankedAction]
    def __init__(self, seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[_common_pb2.RankedAction, _Mapping]]] = ...) -> None: ...

class LukFuObservation(_message.Message):
    __slots__ = ("game", "seat", "to_act", "phase", "hand", "hand_sizes", "record", "caller", "fu", "legal_actions", "result")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    RECORD_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    FU_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    game: str
    seat: int
    to_act: int
    phase: LukFuPhase
    hand: str
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    record: LukFuRecord
    caller: int
    fu: _containers.RepeatedScalarFieldContainer[int]
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    def __init__(self, game: _Optional[str] = ..., seat: _Optional[int] = ..., to_act: _Optional[int] = ..., phase: _Optional[_Union[LukFuPhase, str]] = ..., hand: _Optional[str] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., record: _Optional[_Union[LukFuRecord, _Mapping]] = ..., caller: _Optional[int] = ..., fu: _Optional[_Iterable[int]] = ..., legal_actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ...) -> None: ...
