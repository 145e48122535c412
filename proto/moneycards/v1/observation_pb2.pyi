from moneycards.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TotomPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOTOM_PHASE_UNSPECIFIED: _ClassVar[TotomPhase]
    TOTOM_PHASE_OPENING: _ClassVar[TotomPhase]
    TOTOM_PHASE_DISCARD: _ClassVar[TotomPhase]
    TOTOM_PHASE_OFFER: _ClassVar[TotomPhase]
    TOTOM_PHASE_CLAIMS: _ClassVar[TotomPhase]

class OfferKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OFFER_KIND_UNSPECIFIED: _ClassVar[OfferKind]
    OFFER_KIND_DISCARD: _ClassVar[OfferKind]
    OFFER_KIND_EXPOSED: _ClassVar[OfferKind]
    OFFER_KIND_PASSED: _ClassVar[OfferKind]

class Claim(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_UNSPECIFIED: _ClassVar[Claim]
    CLAIM_WIN: _ClassVar[Claim]
    CLAIM_CHIU: _ClassVar[Claim]

class KowahPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KOWAH_PHASE_UNSPECIFIED: _ClassVar[KowahPhase]
    KOWAH_PHASE_DRAW: _ClassVar[KowahPhase]
    KOWAH_PHASE_DISCARD: _ClassVar[KowahPhase]
    KOWAH_PHASE_DECLARE: _ClassVar[KowahPhase]
TOTOM_PHASE_UNSPECIFIED: TotomPhase
TOTOM_PHASE_OPENING: TotomPhase
TOTOM_PHASE_DISCARD: TotomPhase
TOTOM_PHASE_OFFER: TotomPhase
TOTOM_PHASE_CLAIMS: TotomPhase
OFFER_KIND_UNSPECIFIED: OfferKind
OFFER_KIND_DISCARD: OfferKind
OFFER_KIND_EXPOSED: OfferKind
OFFER_KIND_PASSED: OfferKind
CLAIM_UNSPECIFIED: Claim
CLAIM_WIN: Claim
CLAIM_CHIU: Claim
KOWAH_PHASE_UNSPECIFIED: KowahPhase
KOWAH_PHASE_DRAW: KowahPhase
KOWAH_PHASE_DISCARD: KowahPhase
KOWAH_PHASE_DECLARE: KowahPhase

class SeatCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class TotomOffer(_message.Message):
    __slots__ = ("card", "seat", "kind", "door")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DOOR_FIELD_NUMBER: _ClassVar[int]
    card: str
    seat: int
    kind: OfferKind
    door: int
    def __init__(self, card: _Optional[str] = ..., seat: _Optional[int] = ..., kind: _Optional[_Union[OfferKind, str]] = ..., door: _Optional[int] = ...) -> None: ...

class ExposedPairs(_message.Message):
    __slots__ = ("pairs",)
    PAIRS_FIELD_NUMBER: _ClassVar[int]
    pairs: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, pairs: _Optional[_Iterable[str]] = ...) -> None: ...

class TotomMemory(_message.Message):
    __slots__ = ("declined_chan", "discarded", "ca_from_hand", "captured_ca")
    DECLINED_CHAN_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    CA_FROM_HAND_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_CA_FIELD_NUMBER: _ClassVar[int]
    declined_chan: _containers.RepeatedScalarFieldContainer[str]
    discarded: _containers.RepeatedScalarFieldContainer[str]
    ca_from_hand: _containers.RepeatedScalarFieldContainer[str]
    captured_ca: bool
    def __init__(self, declined_chan: _Optional[_Iterable[str]] = ..., discarded: _Optional[_Iterable[str]] = ..., ca_from_hand: _Optional[_Iterable[str]] = ..., captured_ca: _Optional[bool] = ...) -> None: ...

class TotomObservation(_message.Message):
    __slots__ = ("game", "seat", "to_act", "phase", "dealer", "hand", "hand_sizes", "exposed", "dead", "offer", "claim", "stock", "memory", "dead_hand", "legal_actions", "result", "discard_to")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    EXPOSED_FIELD_NUMBER: _ClassVar[int]
    DEAD_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEAD_HAND_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_TO_FIELD_NUMBER: _ClassVar[int]
    game: str
    seat: int
    to_act: int
    phase: TotomPhase
    dealer: int
    hand: str
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    exposed: _containers.RepeatedCompositeFieldContainer[ExposedPairs]
    dead: _containers.RepeatedCompositeFieldContainer[SeatCard]
    offer: TotomOffer
    claim: Claim
    stock: int
    memory: TotomMemory
    dead_hand: _containers.RepeatedScalarFieldContainer[int]
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    discard_to: int
    def __init__(self, game: _Optional[str] = ..., seat: _Optional[int] = ..., to_act: _Optional[int] = ..., phase: _Optional[_Union[TotomPhase, str]] = ..., dealer: _Optional[int] = ..., hand: _Optional[str] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., exposed: _Optional[_Iterable[_Union[ExposedPairs, _Mapping]]] = ..., dead: _Optional[_Iterable[_Union[SeatCard, _Mapping]]] = ..., offer: _Optional[_Union[TotomOffer, _Mapping]] = ..., claim: _Optional[_Union[Claim, str]] = ..., stock: _Optional[int] = ..., memory: _Optional[_Union[TotomMemory, _Mapping]] = ..., dead_hand: _Optional[_Iterable[int]] = ..., legal_actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., discard_to: _Optional[int] = ...) -> None: ...

class KowahDiscard(_message.Message):
    __slots__ = ("seat", "card", "turn", "taken_by")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TAKEN_BY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    turn: int
    taken_by: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., turn: _Optional[int] = ..., taken_by: _Optional[int] = ...) -> None: ...

class KowahPublicDraw(_message.Message):
    __slots__ = ("seat", "card", "turn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    turn: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., turn: _Optional[int] = ...) -> None: ...

class KowahObservation(_message.Message):
    __slots__ = ("game", "seat", "to_act", "phase", "hand", "hand_sizes", "declared", "discards", "public_draws", "stock", "first_turn", "legal_actions", "result", "takes_in_row")
    class DeclaredEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_DRAWS_FIELD_NUMBER: _ClassVar[int]
    STOCK_FIELD_NUMBER: _ClassVar[int]
    FIRST_TURN_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    TAKES_IN_ROW_FIELD_NUMBER: _ClassVar[int]
    game: str
    seat: int
    to_act: int
    phase: KowahPhase
    hand: str
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    declared: _containers.ScalarMap[int, str]
    discards: _containers.RepeatedCompositeFieldContainer[KowahDiscard]
    public_draws: _containers.RepeatedCompositeFieldContainer[KowahPublicDraw]
    stock: int
    first_turn: bool
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    result: _common_pb2.DealResult
    takes_in_row: int
    def __init__(self, game: _Optional[str] = ..., seat: _Optional[int] = ..., to_act: _Optional[int] = ..., phase: _Optional[_Union[KowahPhase, str]] = ..., hand: _Optional[str] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., declared: _Optional[_Mapping[int, str]] = ..., discards: _Optional[_Iterable[_Union[KowahDiscard, _Mapping]]] = ..., public_draws: _Optional[_Iterable[_Union[KowahPublicDraw, _Mapping]]] = ..., stock: _Optional[int] = ..., first_turn: _Optional[bool] = ..., legal_actions: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_common_pb2.DealResult, _Mapping]] = ..., takes_in_row: _Optional[int] = ...) -> None: ...
