import datetime

from moneycards.v1 import common_pb2 as _common_pb2
from moneycards.v1 import kowah_pb2 as _kowah_pb2
from moneycards.v1 import lukfu_pb2 as _lukfu_pb2
from moneycards.v1 import observation_pb2 as _observation_pb2
from moneycards.v1 import totom_pb2 as _totom_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ActionVerb(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_VERB_UNSPECIFIED: _ClassVar[ActionVerb]
    ACTION_VERB_DISCARD: _ClassVar[ActionVerb]
    ACTION_VERB_CAPTURE: _ClassVar[ActionVerb]
    ACTION_VERB_PASS: _ClassVar[ActionVerb]
    ACTION_VERB_WIN: _ClassVar[ActionVerb]
    ACTION_VERB_CHIU: _ClassVar[ActionVerb]
    ACTION_VERB_DECLINE: _ClassVar[ActionVerb]
    ACTION_VERB_DRAW: _ClassVar[ActionVerb]
    ACTION_VERB_TAKE: _ClassVar[ActionVerb]
    ACTION_VERB_DECLARE: _ClassVar[ActionVerb]
    ACTION_VERB_STAY: _ClassVar[ActionVerb]
    ACTION_VERB_CALL: _ClassVar[ActionVerb]
    ACTION_VERB_LEAD: _ClassVar[ActionVerb]
    ACTION_VERB_FOLLOW: _ClassVar[ActionVerb]
    ACTION_VERB_DOWN: _ClassVar[ActionVerb]
    ACTION_VERB_CLAIM: _ClassVar[ActionVerb]
    ACTION_VERB_END: _ClassVar[ActionVerb]
ACTION_VERB_UNSPECIFIED: ActionVerb
ACTION_VERB_DISCARD: ActionVerb
ACTION_VERB_CAPTURE: ActionVerb
ACTION_VERB_PASS: ActionVerb
ACTION_VERB_WIN: ActionVerb
ACTION_VERB_CHIU: ActionVerb
ACTION_VERB_DECLINE: ActionVerb
ACTION_VERB_DRAW: ActionVerb
ACTION_VERB_TAKE: ActionVerb
ACTION_VERB_DECLARE: ActionVerb
ACTION_VERB_STAY: ActionVerb
ACTION_VERB_CALL: ActionVerb
ACTION_VERB_LEAD: ActionVerb
ACTION_VERB_FOLLOW: ActionVerb
ACTION_VERB_DOWN: ActionVerb
ACTION_VERB_CLAIM: ActionVerb
ACTION_VERB_END: ActionVerb

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("name", "game", "title", "seats", "presets", "settles_in_points", "plugin")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PRESETS_FIELD_NUMBER: _ClassVar[int]
    SETTLES_IN_POINTS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: _common_pb2.Game
    title: str
    seats: int
    presets: _containers.RepeatedScalarFieldContainer[str]
    settles_in_points: bool
    plugin: bool
    def __init__(self, name: _Optional[str] = ..., game: _Optional[_Union[_common_pb2.Game, str]] = ..., title: _Optional[str] = ..., seats: _Optional[int] = ..., presets: _Optional[_Iterable[str]] = ..., settles_in_points: _Optional[bool] = ..., plugin: _Optional[bool] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ("game", "game_name", "seats", "seed", "totom_rules", "kowah_rules", "luk_fu_rules", "plugin_rules", "match_rules", "ai_only")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TOTOM_RULES_FIELD_NUMBER: _ClassVar[int]
    KOWAH_RULES_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_RULES_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_RULES_FIELD_NUMBER: _ClassVar[int]
    MATCH_RULES_FIELD_NUMBER: _ClassVar[int]
    AI_ONLY_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    game_name: str
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.TableSeat]
    seed: int
    totom_rules: _totom_pb2.TotomRules
    kowah_rules: _kowah_pb2.KowahRules
    luk_fu_rules: _lukfu_pb2.LukFuRules
    plugin_rules: _struct_pb2.Struct
    match_rules: MatchRules
    ai_only: bool
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]] = ..., game_name: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.TableSeat, _Mapping]]] = ..., seed: _Optional[int] = ..., totom_rules: _Optional[_Union[_totom_pb2.TotomRules, _Mapping]] = ..., kowah_rules: _Optional[_Union[_kowah_pb2.KowahRules, _Mapping]] = ..., luk_fu_rules: _Optional[_Union[_lukfu_pb2.LukFuRules, _Mapping]] = ..., plugin_rules: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., match_rules: _Optional[_Union[MatchRules, _Mapping]] = ..., ai_only: _Optional[bool] = ...) -> None: ...

class MatchRules(_message.Message):
    __slots__ = ("deals", "to_points")
    DEALS_FIELD_NUMBER: _ClassVar[int]
    TO_POINTS_FIELD_NUMBER: _ClassVar[int]
    deals: int
    to_points: int
    def __init__(self, deals: _Optional[int] = ..., to_points: _Optional[int] = ...) -> None: ...

class MatchState(_message.Message):
    __slots__ = ("rules", "deal", "starter", "totals", "wins", "over")
    RULES_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    rules: MatchRules
    deal: int
    starter: int
    totals: _containers.RepeatedScalarFieldContainer[int]
    wins: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    def __init__(self, rules: _Optional[_Union[MatchRules, _Mapping]] = ..., deal: _Optional[int] = ..., starter: _Optional[int] = ..., totals: _Optional[_Iterable[int]] = ..., wins: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ("table_id", "seat_tokens", "owner_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OWNER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    owner_token: str
    def __init__(self, table_id: _Optional[str] = ..., seat_tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., owner_token: _Optional[str] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("text", "verb", "cards", "verb_name")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    VERB_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    VERB_NAME_FIELD_NUMBER: _ClassVar[int]
    text: str
    verb: ActionVerb
    cards: str
    verb_name: str
    def __init__(self, text: _Optional[str] = ..., verb: _Optional[_Union[ActionVerb, str]] = ..., cards: _Optional[str] = ..., verb_name: _Optional[str] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "kind", "ai_level", "name", "token_renewed", "invited")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AI_LEVEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_RENEWED_FIELD_NUMBER: _ClassVar[int]
    INVITED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: _common_pb2.SeatKind
    ai_level: _common_pb2.AiLevel
    name: str
    token_renewed: bool
    invited: bool
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[_common_pb2.SeatKind, str]] = ..., ai_level: _Optional[_Union[_common_pb2.AiLevel, str]] = ..., name: _Optional[str] = ..., token_renewed: _Optional[bool] = ..., invited: _Optional[bool] = ...) -> None: ...

class TableView(_message.Message):
    __slots__ = ("table_id", "game", "game_name", "game_title", "seat", "version", "seats", "totom", "kowah", "luk_fu", "plugin", "legal_actions", "over", "result_text", "queued_action", "match_state", "chosen_seed", "totom_rules", "kowah_rules", "luk_fu_rules", "plugin_rules")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_TITLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TOTOM_FIELD_NUMBER: _ClassVar[int]
    KOWAH_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    RESULT_TEXT_FIELD_NUMBER: _ClassVar[int]
    QUEUED_ACTION_FIELD_NUMBER: _ClassVar[int]
    MATCH_STATE_FIELD_NUMBER: _ClassVar[int]
    CHOSEN_SEED_FIELD_NUMBER: _ClassVar[int]
    TOTOM_RULES_FIELD_NUMBER: _ClassVar[int]
    KOWAH_RULES_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_RULES_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_RULES_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    game: _common_pb2.Game
    game_name: str
    game_title: str
    seat: int
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    totom: _observation_pb2.TotomObservation
    kowah: _observation_pb2.KowahObservation
    luk_fu: _lukfu_pb2.LukFuObservation
    plugin: _struct_pb2.Struct
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    over: bool
    result_text: str
    queued_action: str
    match_state: MatchState
    chosen_seed: int
    totom_rules: _totom_pb2.TotomRules
    kowah_rules: _kowah_pb2.KowahRules
    luk_fu_rules: _lukfu_pb2.LukFuRules
    plugin_rules: _struct_pb2.Struct
    def __init__(self, table_id: _Optional[str] = ..., game: _Optional[_Union[_common_pb2.Game, str]] = ..., game_name: _Optional[str] = ..., game_title: _Optional[str] = ..., seat: _Optional[int] = ..., version: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., totom: _Optional[_Union[_observation_pb2.TotomObservation, _Mapping]] = ..., kowah: _Optional[_Union[_observation_pb2.KowahObservation, _Mapping]] = ..., luk_fu: _Optional[_Union[_lukfu_pb2.LukFuObservation, _Mapping]] = ..., plugin: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., over: _Optional[bool] = ..., result_text: _Optional[str] = ..., queued_action: _Optional[str] = ..., match_state: _Optional[_Union[MatchState, _Mapping]] = ..., chosen_seed: _Optional[int] = ..., totom_rules: _Optional[_Union[_totom_pb2.TotomRules, _Mapping]] = ..., kowah_rules: _Optional[_Union[_kowah_pb2.KowahRules, _Mapping]] = ..., luk_fu_rules: _Optional[_Union[_lukfu_pb2.LukFuRules, _Mapping]] = ..., plugin_rules: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class TableEvent(_message.Message):
    __slots__ = ("version", "seat", "action", "lines", "drawn", "result", "taken_back", "deal", "new_deal", "result_lines")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    TAKEN_BACK_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    NEW_DEAL_FIELD_NUMBER: _ClassVar[int]
    RESULT_LINES_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    action: str
    lines: _containers.RepeatedScalarFieldContainer[str]
    drawn: str
    result: _common_pb2.DealResult
    taken_back: _containers.RepeatedCompositeFieldContainer[TakenBack]
    deal: int
    new_deal: bool
    result_lines: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[str] = ..., lines: _Optional[_Iterable[str]] = ..., drawn: _Optional[str] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., taken_back: _Optional[_Iterable[_Union[TakenBack, _Mapping]]] = ..., deal: _Optional[int] = ..., new_deal: _Optional[bool] = ..., result_lines: _Optional[_Iterable[str]] = ...) -> None: ...

class TakenBack(_message.Message):
    __slots__ = ("seat", "action", "drawn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: str
    drawn: str
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ..., drawn: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("table_id", "seat_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: TableView
    def __init__(self, view: _Optional[_Union[TableView, _Mapping]] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("table_id", "seat_token", "action", "expected_version")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    action: str
    expected_version: int
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., action: _Optional[str] = ..., expected_version: _Optional[int] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("view", "events")
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    view: TableView
    events: _containers.RepeatedCompositeFieldContainer[TableEvent]
    def __init__(self, view: _Optional[_Union[TableView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[TableEvent, _Mapping]]] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("table_id", "seat_token", "from_version")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    from_version: int
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., from_version: _Optional[int] = ...) -> None: ...

class WatchResponse(_message.Message):
    __slots__ = ("event", "arrival")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    ARRIVAL_FIELD_NUMBER: _ClassVar[int]
    event: TableEvent
    arrival: SeatArrival
    def __init__(self, event: _Optional[_Union[TableEvent, _Mapping]] = ..., arrival: _Optional[_Union[SeatArrival, _Mapping]] = ...) -> None: ...

class SeatArrival(_message.Message):
    __slots__ = ("seat", "name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class TableServiceHintRequest(_message.Message):
    __slots__ = ("table_id", "seat_token", "budget_ms")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    budget_ms: float
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., budget_ms: _Optional[float] = ...) -> None: ...

class TableServiceHintResponse(_message.Message):
    __slots__ = ("seat", "version", "actions")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    version: int
    actions: _containers.RepeatedCompositeFieldContainer[_common_pb2.RankedAction]
    def __init__(self, seat: _Optional[int] = ..., version: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[_common_pb2.RankedAction, _Mapping]]] = ...) -> None: ...

class GetRecordRequest(_message.Message):
    __slots__ = ("table_id", "seat_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetRecordResponse(_message.Message):
    __slots__ = ("complete", "totom", "kowah", "luk_fu", "plugin", "seats", "events", "match_record")
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    TOTOM_FIELD_NUMBER: _ClassVar[int]
    KOWAH_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    MATCH_RECORD_FIELD_NUMBER: _ClassVar[int]
    complete: bool
    totom: _totom_pb2.TotomServiceCheckGameRecordRequest
    kowah: _kowah_pb2.KowahServiceCheckGameRecordRequest
    luk_fu: _lukfu_pb2.LukFuServiceCheckGameRecordRequest
    plugin: _struct_pb2.Struct
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    events: _containers.RepeatedCompositeFieldContainer[TableEvent]
    match_record: MatchRecord
    def __init__(self, complete: _Optional[bool] = ..., totom: _Optional[_Union[_totom_pb2.TotomServiceCheckGameRecordRequest, _Mapping]] = ..., kowah: _Optional[_Union[_kowah_pb2.KowahServiceCheckGameRecordRequest, _Mapping]] = ..., luk_fu: _Optional[_Union[_lukfu_pb2.LukFuServiceCheckGameRecordRequest, _Mapping]] = ..., plugin: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[TableEvent, _Mapping]]] = ..., match_record: _Optional[_Union[MatchRecord, _Mapping]] = ...) -> None: ...

class MatchRecord(_message.Message):
    __slots__ = ("game", "game_name", "match_rules", "seed", "seats", "played_at", "totom_rules", "kowah_rules", "luk_fu_rules", "plugin_rules", "totom_deals", "kowah_deals", "luk_fu_deals", "plugin_deals", "totals", "wins")
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    MATCH_RULES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYED_AT_FIELD_NUMBER: _ClassVar[int]
    TOTOM_RULES_FIELD_NUMBER: _ClassVar[int]
    KOWAH_RULES_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_RULES_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_RULES_FIELD_NUMBER: _ClassVar[int]
    TOTOM_DEALS_FIELD_NUMBER: _ClassVar[int]
    KOWAH_DEALS_FIELD_NUMBER: _ClassVar[int]
    LUK_FU_DEALS_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_DEALS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    game_name: str
    match_rules: MatchRules
    seed: int
    seats: _containers.RepeatedCompositeFieldContainer[_common_pb2.TableSeat]
    played_at: _timestamp_pb2.Timestamp
    totom_rules: _totom_pb2.TotomRules
    kowah_rules: _kowah_pb2.KowahRules
    luk_fu_rules: _lukfu_pb2.LukFuRules
    plugin_rules: _struct_pb2.Struct
    totom_deals: _containers.RepeatedCompositeFieldContainer[_totom_pb2.TotomServiceCheckGameRecordRequest]
    kowah_deals: _containers.RepeatedCompositeFieldContainer[_kowah_pb2.KowahServiceCheckGameRecordRequest]
    luk_fu_deals: _containers.RepeatedCompositeFieldContainer[_lukfu_pb2.LukFuServiceCheckGameRecordRequest]
    plugin_deals: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Struct]
    totals: _containers.RepeatedScalarFieldContainer[int]
    wins: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]] = ..., game_name: _Optional[str] = ..., match_rules: _Optional[_Union[MatchRules, _Mapping]] = ..., seed: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[_common_pb2.TableSeat, _Mapping]]] = ..., played_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., totom_rules: _Optional[_Union[_totom_pb2.TotomRules, _Mapping]] = ..., kowah_rules: _Optional[_Union[_kowah_pb2.KowahRules, _Mapping]] = ..., luk_fu_rules: _Optional[_Union[_lukfu_pb2.LukFuRules, _Mapping]] = ..., plugin_rules: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., totom_deals: _Optional[_Iterable[_Union[_totom_pb2.TotomServiceCheckGameRecordRequest, _Mapping]]] = ..., kowah_deals: _Optional[_Iterable[_Union[_kowah_pb2.KowahServiceCheckGameRecordRequest, _Mapping]]] = ..., luk_fu_deals: _Optional[_Iterable[_Union[_lukfu_pb2.LukFuServiceCheckGameRecordRequest, _Mapping]]] = ..., plugin_deals: _Optional[_Iterable[_Union[_struct_pb2.Struct, _Mapping]]] = ..., totals: _Optional[_Iterable[int]] = ..., wins: _Optional[_Iterable[int]] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class TableSummary(_message.Message):
    __slots__ = ("table_id", "game", "game_name", "seats", "created", "actions", "over")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_NAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    game: _common_pb2.Game
    game_name: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    created: _timestamp_pb2.Timestamp
    actions: int
    over: bool
    def __init__(self, table_id: _Optional[str] = ..., game: _Optional[_Union[_common_pb2.Game, str]] = ..., game_name: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., created: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., actions: _Optional[int] = ..., over: _Optional[bool] = ...) -> None: ...

class ListTablesResponse(_message.Message):
    __slots__ = ("tables", "next_page_token")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[TableSummary]
    next_page_token: str
    def __init__(self, tables: _Optional[_Iterable[_Union[TableSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class CloseTableRequest(_message.Message):
    __slots__ = ("table_id", "seat_token", "owner_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OWNER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    owner_token: str
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ..., owner_token: _Optional[str] = ...) -> None: ...

class CloseTableResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RenewSeatTokenRequest(_message.Message):
    __slots__ = ("table_id", "seat_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat_token: str
    def __init__(self, table_id: _Optional[str] = ..., seat_token: _Optional[str] = ...) -> None: ...

class RenewSeatTokenResponse(_message.Message):
    __slots__ = ("seat_token",)
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat_token: SeatToken
    def __init__(self, seat_token: _Optional[_Union[SeatToken, _Mapping]] = ...) -> None: ...
