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

class WinVia(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WIN_VIA_UNSPECIFIED: _ClassVar[WinVia]
    WIN_VIA_OWN_DOOR: _ClassVar[WinVia]
    WIN_VIA_STOCK: _ClassVar[WinVia]
    WIN_VIA_CHIU: _ClassVar[WinVia]
    WIN_VIA_DISCARD: _ClassVar[WinVia]

class TotomRulesPreset(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOTOM_RULES_PRESET_UNSPECIFIED: _ClassVar[TotomRulesPreset]
    TOTOM_RULES_PRESET_SEED: _ClassVar[TotomRulesPreset]
    TOTOM_RULES_PRESET_TRADITIONAL: _ClassVar[TotomRulesPreset]

class PartitionEngine(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PARTITION_ENGINE_UNSPECIFIED: _ClassVar[PartitionEngine]
    PARTITION_ENGINE_CPSAT: _ClassVar[PartitionEngine]
    PARTITION_ENGINE_EXACT: _ClassVar[PartitionEngine]

class TotomBonusKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOTOM_BONUS_KIND_UNSPECIFIED: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_U_CHI: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_THIEN_U: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_TOM: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_BACH_THU: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_LEO: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_THIEN_KHAI: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_CHIU_U: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_BON: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_BACH_DINH: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_TAM_DO: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_KINH_TU_CHI: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_THAP_THANH: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_BACH_THU_CHI: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_THONG: _ClassVar[TotomBonusKind]
    TOTOM_BONUS_KIND_DIA_U: _ClassVar[TotomBonusKind]

class TotomScoring(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOTOM_SCORING_UNSPECIFIED: _ClassVar[TotomScoring]
    TOTOM_SCORING_PLAIN: _ClassVar[TotomScoring]
    TOTOM_SCORING_MAIN_PLUS_DICH: _ClassVar[TotomScoring]
    TOTOM_SCORING_SUM_OF_MAINS: _ClassVar[TotomScoring]
WIN_VIA_UNSPECIFIED: WinVia
WIN_VIA_OWN_DOOR: WinVia
WIN_VIA_STOCK: WinVia
WIN_VIA_CHIU: WinVia
WIN_VIA_DISCARD: WinVia
TOTOM_RULES_PRESET_UNSPECIFIED: TotomRulesPreset
TOTOM_RULES_PRESET_SEED: TotomRulesPreset
TOTOM_RULES_PRESET_TRADITIONAL: TotomRulesPreset
PARTITION_ENGINE_UNSPECIFIED: PartitionEngine
PARTITION_ENGINE_CPSAT: PartitionEngine
PARTITION_ENGINE_EXACT: PartitionEngine
TOTOM_BONUS_KIND_UNSPECIFIED: TotomBonusKind
TOTOM_BONUS_KIND_U_CHI: TotomBonusKind
TOTOM_BONUS_KIND_THIEN_U: TotomBonusKind
TOTOM_BONUS_KIND_TOM: TotomBonusKind
TOTOM_BONUS_KIND_BACH_THU: TotomBonusKind
TOTOM_BONUS_KIND_LEO: TotomBonusKind
TOTOM_BONUS_KIND_THIEN_KHAI: TotomBonusKind
TOTOM_BONUS_KIND_CHIU_U: TotomBonusKind
TOTOM_BONUS_KIND_BON: TotomBonusKind
TOTOM_BONUS_KIND_BACH_DINH: TotomBonusKind
TOTOM_BONUS_KIND_TAM_DO: TotomBonusKind
TOTOM_BONUS_KIND_KINH_TU_CHI: TotomBonusKind
TOTOM_BONUS_KIND_THAP_THANH: TotomBonusKind
TOTOM_BONUS_KIND_BACH_THU_CHI: TotomBonusKind
TOTOM_BONUS_KIND_THONG: TotomBonusKind
TOTOM_BONUS_KIND_DIA_U: TotomBonusKind
TOTOM_SCORING_UNSPECIFIED: TotomScoring
TOTOM_SCORING_PLAIN: TotomScoring
TOTOM_SCORING_MAIN_PLUS_DICH: TotomScoring
TOTOM_SCORING_SUM_OF_MAINS: TotomScoring

class TotomRules(_message.Message):
    __slots__ = ("preset", "chi_chi_win_needs_six_four", "thap_thanh_sums_mains", "bach_thu_chi", "thong_and_dia_u", "must_take_win", "must_chiu", "no_discard_of_captured_face", "no_same_rank_discard_after_ca", "dealer_rotates", "tom_cards")
    PRESET_FIELD_NUMBER: _ClassVar[int]
    CHI_CHI_WIN_NEEDS_SIX_FOUR_FIELD_NUMBER: _ClassVar[int]
    THAP_THANH_SUMS_MAINS_FIELD_NUMBER: _ClassVar[int]
    BACH_THU_CHI_FIELD_NUMBER: _ClassVar[int]
    THONG_AND_DIA_U_FIELD_NUMBER: _ClassVar[int]
    MUST_TAKE_WIN_FIELD_NUMBER: _ClassVar[int]
    MUST_CHIU_FIELD_NUMBER: _ClassVar[int]
    NO_DISCARD_OF_CAPTURED_FACE_FIELD_NUMBER: _ClassVar[int]
    NO_SAME_RANK_DISCARD_AFTER_CA_FIELD_NUMBER: _ClassVar[int]
    DEALER_ROTATES_FIELD_NUMBER: _ClassVar[int]
    TOM_CARDS_FIELD_NUMBER: _ClassVar[int]
    preset: TotomRulesPreset
    chi_chi_win_needs_six_four: bool
    thap_thanh_sums_mains: bool
    bach_thu_chi: bool
    thong_and_dia_u: bool
    must_take_win: bool
    must_chiu: bool
    no_discard_of_captured_face: bool
    no_same_rank_discard_after_ca: bool
    dealer_rotates: bool
    tom_cards: str
    def __init__(self, preset: _Optional[_Union[TotomRulesPreset, str]] = ..., chi_chi_win_needs_six_four: _Optional[bool] = ..., thap_thanh_sums_mains: _Optional[bool] = ..., bach_thu_chi: _Optional[bool] = ..., thong_and_dia_u: _Optional[bool] = ..., must_take_win: _Optional[bool] = ..., must_chiu: _Optional[bool] = ..., no_discard_of_captured_face: _Optional[bool] = ..., no_same_rank_discard_after_ca: _Optional[bool] = ..., dealer_rotates: _Optional[bool] = ..., tom_cards: _Optional[str] = ...) -> None: ...

class TotomWinContext(_message.Message):
    __slots__ = ("win_card", "via", "thien_u", "opening", "won_previous", "first_stock")
    WIN_CARD_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    THIEN_U_FIELD_NUMBER: _ClassVar[int]
    OPENING_FIELD_NUMBER: _ClassVar[int]
    WON_PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    FIRST_STOCK_FIELD_NUMBER: _ClassVar[int]
    win_card: str
    via: WinVia
    thien_u: bool
    opening: str
    won_previous: bool
    first_stock: bool
    def __init__(self, win_card: _Optional[str] = ..., via: _Optional[_Union[WinVia, str]] = ..., thien_u: _Optional[bool] = ..., opening: _Optional[str] = ..., won_previous: _Optional[bool] = ..., first_stock: _Optional[bool] = ...) -> None: ...

class CheckHandRequest(_message.Message):
    __slots__ = ("hand", "context", "rules", "engine")
    HAND_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    hand: str
    context: TotomWinContext
    rules: TotomRules
    engine: PartitionEngine
    def __init__(self, hand: _Optional[str] = ..., context: _Optional[_Union[TotomWinContext, _Mapping]] = ..., rules: _Optional[_Union[TotomRules, _Mapping]] = ..., engine: _Optional[_Union[PartitionEngine, str]] = ...) -> None: ...

class TotomBonus(_message.Message):
    __slots__ = ("kind", "name", "main", "dich", "count")
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MAIN_FIELD_NUMBER: _ClassVar[int]
    DICH_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    kind: TotomBonusKind
    name: str
    main: int
    dich: int
    count: int
    def __init__(self, kind: _Optional[_Union[TotomBonusKind, str]] = ..., name: _Optional[str] = ..., main: _Optional[int] = ..., dich: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class TotomSettlement(_message.Message):
    __slots__ = ("winner", "each_loser")
    WINNER_FIELD_NUMBER: _ClassVar[int]
    EACH_LOSER_FIELD_NUMBER: _ClassVar[int]
    winner: int
    each_loser: int
    def __init__(self, winner: _Optional[int] = ..., each_loser: _Optional[int] = ...) -> None: ...

class CheckHandResponse(_message.Message):
    __slots__ = ("hand", "wins", "pairs", "chan_count", "ca_count", "unpaired", "violations", "points", "scored_by", "main_bonus", "bonuses", "settlement")
    HAND_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    PAIRS_FIELD_NUMBER: _ClassVar[int]
    CHAN_COUNT_FIELD_NUMBER: _ClassVar[int]
    CA_COUNT_FIELD_NUMBER: _ClassVar[int]
    UNPAIRED_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORED_BY_FIELD_NUMBER: _ClassVar[int]
    MAIN_BONUS_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    hand: str
    wins: bool
    pairs: _containers.RepeatedScalarFieldContainer[str]
    chan_count: int
    ca_count: int
    unpaired: _containers.RepeatedScalarFieldContainer[str]
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    points: int
    scored_by: TotomScoring
    main_bonus: TotomBonusKind
    bonuses: _containers.RepeatedCompositeFieldContainer[TotomBonus]
    settlement: TotomSettlement
    def __init__(self, hand: _Optional[str] = ..., wins: _Optional[bool] = ..., pairs: _Optional[_Iterable[str]] = ..., chan_count: _Optional[int] = ..., ca_count: _Optional[int] = ..., unpaired: _Optional[_Iterable[str]] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ..., points: _Optional[int] = ..., scored_by: _Optional[_Union[TotomScoring, str]] = ..., main_bonus: _Optional[_Union[TotomBonusKind, str]] = ..., bonuses: _Optional[_Iterable[_Union[TotomBonus, _Mapping]]] = ..., settlement: _Optional[_Union[TotomSettlement, _Mapping]] = ...) -> None: ...

class CheckHandsRequest(_message.Message):
    __slots__ = ("hands", "contexts", "rules", "details")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CONTEXTS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedScalarFieldContainer[str]
    contexts: _containers.RepeatedCompositeFieldContainer[TotomWinContext]
    rules: TotomRules
    details: bool
    def __init__(self, hands: _Optional[_Iterable[str]] = ..., contexts: _Optional[_Iterable[_Union[TotomWinContext, _Mapping]]] = ..., rules: _Optional[_Union[TotomRules, _Mapping]] = ..., details: _Optional[bool] = ...) -> None: ...

class CheckHandsResponse(_message.Message):
    __slots__ = ("wins", "points", "chan_count", "ca_count", "scored_by", "main_bonus", "violation_hands", "violation_rules", "bonus_hands", "bonus_kinds", "bonus_counts", "errors", "verdicts")
    WINS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CHAN_COUNT_FIELD_NUMBER: _ClassVar[int]
    CA_COUNT_FIELD_NUMBER: _ClassVar[int]
    SCORED_BY_FIELD_NUMBER: _ClassVar[int]
    MAIN_BONUS_FIELD_NUMBER: _ClassVar[int]
    VIOLATION_HANDS_FIELD_NUMBER: _ClassVar[int]
    VIOLATION_RULES_FIELD_NUMBER: _ClassVar[int]
    BONUS_HANDS_FIELD_NUMBER: _ClassVar[int]
    BONUS_KINDS_FIELD_NUMBER: _ClassVar[int]
    BONUS_COUNTS_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    VERDICTS_FIELD_NUMBER: _ClassVar[int]
    wins: _containers.RepeatedScalarFieldContainer[bool]
    points: _containers.RepeatedScalarFieldContainer[int]
    chan_count: _containers.RepeatedScalarFieldContainer[int]
    ca_count: _containers.RepeatedScalarFieldContainer[int]
    scored_by: _containers.RepeatedScalarFieldContainer[TotomScoring]
    main_bonus: _containers.RepeatedScalarFieldContainer[TotomBonusKind]
    violation_hands: _containers.RepeatedScalarFieldContainer[int]
    violation_rules: _containers.RepeatedScalarFieldContainer[str]
    bonus_hands: _containers.RepeatedScalarFieldContainer[int]
    bonus_kinds: _containers.RepeatedScalarFieldContainer[TotomBonusKind]
    bonus_counts: _containers.RepeatedScalarFieldContainer[int]
    errors: _containers.RepeatedCompositeFieldContainer[_common_pb2.BatchError]
    verdicts: _containers.RepeatedCompositeFieldContainer[CheckHandResponse]
    def __init__(self, wins: _Optional[_Iterable[bool]] = ..., points: _Optional[_Iterable[int]] = ..., chan_count: _Optional[_Iterable[int]] = ..., ca_count: _Optional[_Iterable[int]] = ..., scored_by: _Optional[_Iterable[_Union[TotomScoring, str]]] = ..., main_bonus: _Optional[_Iterable[_Union[TotomBonusKind, str]]] = ..., violation_hands: _Optional[_Iterable[int]] = ..., violation_rules: _Optional[_Iterable[str]] = ..., bonus_hands: _Optional[_Iterable[int]] = ..., bonus_kinds: _Optional[_Iterable[_Union[TotomBonusKind, str]]] = ..., bonus_counts: _Optional[_Iterable[int]] = ..., errors: _Optional[_Iterable[_Union[_common_pb2.BatchError, _Mapping]]] = ..., verdicts: _Optional[_Iterable[_Union[CheckHandResponse, _Mapping]]] = ...) -> None: ...

class FindWaitsRequest(_message.Message):
    __slots__ = ("hand", "via", "seen", "opening", "rules", "engine", "won_previous", "first_stock")
    HAND_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    SEEN_FIELD_NUMBER: _ClassVar[int]
    OPENING_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    WON_PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    FIRST_STOCK_FIELD_NUMBER: _ClassVar[int]
    hand: str
    via: WinVia
    seen: str
    opening: str
    rules: TotomRules
    engine: PartitionEngine
    won_previous: bool
    first_stock: bool
    def __init__(self, hand: _Optional[str] = ..., via: _Optional[_Union[WinVia, str]] = ..., seen: _Optional[str] = ..., opening: _Optional[str] = ..., rules: _Optional[_Union[TotomRules, _Mapping]] = ..., engine: _Optional[_Union[PartitionEngine, str]] = ..., won_previous: _Optional[bool] = ..., first_stock: _Optional[bool] = ...) -> None: ...

class TotomWait(_message.Message):
    __slots__ = ("card", "points", "unseen", "bonuses")
    CARD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    UNSEEN_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    card: str
    points: int
    unseen: int
    bonuses: _containers.RepeatedCompositeFieldContainer[TotomBonus]
    def __init__(self, card: _Optional[str] = ..., points: _Optional[int] = ..., unseen: _Optional[int] = ..., bonuses: _Optional[_Iterable[_Union[TotomBonus, _Mapping]]] = ...) -> None: ...

class FindWaitsResponse(_message.Message):
    __slots__ = ("waits",)
    WAITS_FIELD_NUMBER: _ClassVar[int]
    waits: _containers.RepeatedCompositeFieldContainer[TotomWait]
    def __init__(self, waits: _Optional[_Iterable[_Union[TotomWait, _Mapping]]] = ...) -> None: ...

class TotomServiceCheckGameRecordRequest(_message.Message):
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
    rules: TotomRules
    seed: int
    deal: _common_pb2.GameDeal
    actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.TableSeat]
    played_at: _timestamp_pb2.Timestamp
    practice: bool
    def __init__(self, game: _Optional[str] = ..., rules: _Optional[_Union[TotomRules, _Mapping]] = ..., seed: _Optional[int] = ..., deal: _Optional[_Union[_common_pb2.GameDeal, _Mapping]] = ..., actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.TableSeat, _Mapping]]] = ..., played_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., practice: _Optional[bool] = ...) -> None: ...

class TotomServiceCheckGameRecordResponse(_message.Message):
    __slots__ = ("check",)
    CHECK_FIELD_NUMBER: _ClassVar[int]
    check: _common_pb2.GameRecordCheck
    def __init__(self, check: _Optional[_Union[_common_pb2.GameRecordCheck, _Mapping]] = ...) -> None: ...

class TotomServiceHintRequest(_message.Message):
    __slots__ = ("observation", "observation_json", "budget_ms", "rules")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_JSON_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    observation: _observation_pb2.TotomObservation
    observation_json: str
    budget_ms: float
    rules: TotomRules
    def __init__(self, observation: _Optional[_Union[_observation_pb2.TotomObservation, _Mapping]] = ..., observation_json: _Optional[str] = ..., budget_ms: _Optional[float] = ..., rules: _Optional[_Union[TotomRules, _Mapping]] = ...) -> None: ...

class TotomServiceHintResponse(_message.Message):
    __slots__ = ("seat", "actions")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[_common_pb2.RankedAction]
    def __init__(self, seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[_common_pb2.RankedAction, _Mapping]]] = ...) -> None: ...
