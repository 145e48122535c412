"""Tổ Tôm's moves as Chắn players name them (`totom play --chan-words`), the words the web
table's "moves in Chắn words" uses (web/src/words.ts): đánh (discard), ăn chắn / ăn bòn / ăn cạ
(capture), bốc (let the offered card go and turn the stock, TT-T3), dưới (let one's own
turned card go on), ù, chíu, không ù / không chíu. The action played is the same."""

from __future__ import annotations

import re
from typing import Any, Sequence

from moneycards.solver.errors import InvalidInput
from moneycards.solver.screen import plain
from moneycards.solver.totom import TOTOM
from moneycards.solver.table import IllegalAction


# The rules each Chắn word names, so that `rules --find bốc` and the web table's rules book
# find the rule behind a move's name (the rules' own text is the page's, in English).
RULE_WORDS: dict[str, tuple[str, ...]] = {
    "TT-T2": ("ăn", "ăn chắn", "ăn cạ", "đánh"),  # capture, then discard
    "TT-C1": ("bỏ chắn ăn cạ",),  # a Cạ capture where the seat holds the card's twin
    "TT-C3": ("bỏ chắn đánh chắn",),  # discarding the face of a Chắn declined
    "TT-C4": ("đánh đi ăn lại",),  # capturing a face one discarded
    "TT-T3": ("bốc", "dưới"),  # let the card go and turn the stock; let one's own go on
    "TT-P4": ("trả cửa",),  # the discard that goes back after a Chíu
    "TT-W3": ("xé chắn",),  # splitting an identical pair
    "TT-C2": ("xé chắn", "ăn bòn"),
    "TT-C6": ("què",),  # a lone card that cannot pair
    "TT-W4": ("ù",),  # a win
    "TT-P1": ("ù",),
    "TT-P5": ("không chíu", "không ù"),  # declining
}


def card_said(card: str) -> str:
    """A card as Chắn players say it, by its name ("Bát văn", "Chi chi": no one says 8c,
    and 1h reads as a rank-1 card of a suit the deck lacks); words that are no card, as
    typed."""
    try:
        faces = TOTOM.parse(card)
    except InvalidInput:
        return card
    return " ".join(TOTOM.name(f) for f in faces) or card


def copies_held(obs: Any, card: str) -> int:
    """How many copies of `card` the seat's concealed hand holds."""
    copies: int = obs.hand[TOTOM.index(TOTOM.parse(card)[0])]
    return copies


def held_pair(obs: Any, card: str) -> bool:
    """Whether the seat's concealed hand holds two copies or more of `card`."""
    return copies_held(obs, card) >= 2


def chan_action(obs: Any, action: str) -> str:
    """One legal action in Chắn words: "Ăn cạ Tứ sách với Tứ vạn" names the card eaten, then the
    hand card put with it."""
    verb, _, arg = action.partition(" ")
    o = obs.offer
    if verb == "discard":  # after an out-of-turn Chíu it goes back: trả cửa (TT-P4)
        back = getattr(obs, "discard_to", None) is not None
        return f"{'Trả cửa' if back else 'Đánh'} {card_said(arg)}"
    if verb == "capture" and o is not None:
        eaten = o.card.text
        if arg != eaten:
            # the card eaten, then the hand card put with it (a Cạ never holds Chi chi, TT-D3)
            return f"Ăn cạ {card_said(eaten)} với {card_said(arg)}"
        # with one card of a concealed pair the capture is ăn bòn (TT-C2)
        return f"{'Ăn bòn' if held_pair(obs, arg) else 'Ăn chắn'} {card_said(eaten)}"
    if verb == "pass":
        return "Dưới" if o is not None and o.kind.value == "exposed" else "Bốc"
    if verb == "win":
        return "Ù"
    if verb == "chiu":  # the fourth of the card on offer, named as a move names its card
        return f"Chíu {card_said(o.card.text)}" if o is not None else "Chíu"
    if verb == "decline":
        legal = obs.legal_actions
        win, chiu = "win" in legal, "chiu" in legal
        return ("Không ù, không chíu" if win and chiu else "Không ù" if win
                else "Không chíu" if chiu else "Không")
    return action


def chan_verb(obs: Any, verb: str) -> str:
    """An action's verb as the Chắn words say it now ("đánh", or "trả cửa" after a Chíu;
    "bốc" or "dưới" for a pass), for a list of the moves open."""
    if verb in ("discard", "pass", "decline"):
        return chan_action(obs, f"{verb} x" if verb == "discard" else verb).split(" x")[0].lower()
    return {"capture": "ăn", "win": "ù", "chiu": "chíu"}.get(verb, verb)


def chan_turn(obs: Any, english: str) -> str:
    """What the seat's turn asks, in Chắn verbs, then `english`: "ăn hay bốc — capture or
    pass"."""
    legal: Sequence[str] = obs.legal_actions

    def has(verb: str) -> bool:
        return any(a == verb or a.startswith(verb + " ") for a in legal)

    go = chan_action(obs, "pass").lower()
    phase = obs.phase.name.lower()
    if phase == "claims":
        claims = " hay ".join(w for w, v in (("ù", "win"), ("chíu", "chiu")) if has(v))
        said = f"{claims} hay {chan_action(obs, 'decline').lower()}"
    elif phase == "offer":
        said = f"ăn hay {go}" if has("capture") else go
    elif phase == "opening" and has("win"):
        said = "đánh hay ù"
    elif getattr(obs, "discard_to", None) is not None:
        said = "trả cửa"  # TT-P4
    else:
        said = "đánh"
    return f"{said} — {english}"



def chan_log_verb(action: str, lines: Sequence[str], ended: bool) -> str | None:
    """A log entry's action in Chắn verbs, from the entry alone: a pass followed by the
    seat's own stock card (or by the deal's end, the stock run out) is bốc (TT-T3), one that
    lets its own turned card go on is dưới; ăn says chắn or cạ and the card eaten. A log is
    every seat's, so a capture with one card of a held pair is ăn chắn here, never ăn bòn:
    that word would tell the table the capturing hand holds another copy."""
    verb, _, arg = action.partition(" ")
    if verb == "capture":  # "AI 2 exposes 6c 6m, taking 6c": a Chắn when the hand card is it
        eaten = next((m.group(1) for x in lines if (m := re.search(r" taking (\S+)$", x))),
                     None)
        return "ăn" if eaten is None else f"ăn chắn {card_said(eaten)}" if eaten == arg \
            else f"ăn cạ {card_said(eaten)} với {card_said(arg)}"  # as the menu says it
    if verb == "pass":
        # "AI 1 exposes 6c from the stock", "You expose 6m from the stock"
        turned = any(re.search(r" exposes? \S+ from the stock$", x) for x in lines)
        return "bốc" if ended or turned else "dưới"
    if verb == "discard":  # the card by its name, as the menu says it; TT-P4 after a Chíu
        back = any(" goes back to " in x for x in lines)
        return f"{'trả cửa' if back else 'đánh'} {card_said(arg)}"
    return {"capture": "ăn", "win": "ù", "chiu": "chíu", "decline": "không"}.get(verb)


# The Chắn verbs typed without their marks (solver/screen.py plain), as the actions they name.
_SAID_AS = {"danh": "discard", "boc": "pass", "duoi": "pass", "u": "win", "chiu": "chiu",
            "khong": "decline"}


# The cards by their names ("Nhị sách", solver/totom/__init__.py), as the table says them.
_RANKS = {"nhị": 2, "tam": 3, "tứ": 4, "ngũ": 5, "lục": 6, "thất": 7, "bát": 8, "cửu": 9}
_SUITS = {"văn": "c", "sách": "s", "vạn": "m"}


def named_cards(words: Sequence[str], known: Sequence[str] = ()) -> list[str]:
    """The words with every card name put in notation ("đánh nhị sách" -> "đánh 2s", "chi
    chi" -> "1h"). A name typed without its marks is read when it names one card ("nhi
    sach"); "van" is Vạn (Myriads) or Văn (Coins): read as the one of the two among `known`
    (the cards the open moves name: "an chan that van" with 7m on offer), else refused,
    naming both."""
    out: list[str] = []
    k = 0
    while k < len(words):
        rank, suit = words[k], words[k + 1] if k + 1 < len(words) else ""
        if [_bare(rank), _bare(suit)] == ["chi", "chi"]:
            out.append("1h")
        elif _bare(rank) in _BARE_RANKS and _bare(suit) in ("van", "sach"):
            number = _BARE_RANKS[_bare(rank)]
            if suit in _SUITS:
                out.append(f"{number}{_SUITS[suit]}")
            elif _bare(suit) == "sach":
                out.append(f"{number}s")
            elif (f"{number}m" in known) != (f"{number}c" in known):  # one of them is open
                out.append(f"{number}m" if f"{number}m" in known else f"{number}c")
            else:  # Vạn or Văn: the marks tell them apart, and they are gone
                name = next(w for w in _RANKS if _bare(w) == _bare(rank)).capitalize()
                raise InvalidInput(f"'{rank} {suit}' is {name} vạn ({number}m) or {name} văn "
                                   f"({number}c): type it with its marks, or {number}m or "
                                   f"{number}c", field="action")
        else:
            out.append(words[k])
            k += 1
            continue
        k += 2
    return out


# a word without its marks, as a keyboard without Vietnamese input types it ("sách" -> "sach")
_bare = plain


_BARE_RANKS = {_bare(w): n for w, n in _RANKS.items()}


def read_chan(words: Sequence[str], obs: Any) -> str | None:
    """A move typed in Chắn verbs, with or without their marks ("danh 4c", "an ca 4s voi
    4m", "an 4s", "đánh nhị sách", "khong chiu"), as the action it names, for the table to
    play or refuse by its rule; None if the words are no Chắn verb. Ăn names the card eaten,
    then with "với" the hand card put with it: the action names the hand card. Ăn naming a
    card that is not on offer is refused here (TT-T2: only the offered card is captured),
    in the words typed, as the action it would be names another card."""
    typed = " ".join(words)
    # the cards the open moves name, to read a name typed without its marks ("that van")
    known = [c for a in obs.legal_actions for c in a.split()[1:]] + \
        ([obs.offer.card.text] if obs.offer is not None else [])
    words = [_bare(w) for w in named_cards([w.lower() for w in words], known)]
    if not words:
        return None
    head, rest = words[0], list(words[1:])
    if head == "tra" and rest[:1] == ["cua"]:  # "trả cửa 3m": the discard after a Chíu
        return " ".join(["discard", *rest[1:]])
    if head == "an":
        kind = rest.pop(0) if rest and rest[0] in ("chan", "bon", "ca") else ""
        offer = obs.offer.card.text if obs.offer is not None else ""
        if not offer:  # a discard's turn: nothing to eat (TT-T2 captures the offered card)
            raise IllegalAction(f"'{typed}': no card is on offer to eat now", rule="TT-T2")
        eaten = rest[:rest.index("voi")] if "voi" in rest else rest[:1]
        if eaten and eaten != [offer]:  # "ăn 8c" with 7c on offer
            raise IllegalAction(f"'{typed}': {card_said(' '.join(eaten))} is not the card "
                                f"on offer; {card_said(offer)} is", rule="TT-T2")
        if "voi" in rest:  # "ăn cạ 4s với 4m": the hand card after với
            return " ".join(["capture", *rest[rest.index("voi") + 1:]])
        captures: list[str] = [a for a in obs.legal_actions if a.startswith("capture ")]
        if kind == "bon" and not held_pair(obs, offer):  # ăn bòn takes with a held pair's card
            said = card_said(offer)
            tail = (f"you hold one {said}: ăn chắn {said}" if copies_held(obs, offer)
                    else f"you hold no {said}")
            raise InvalidInput(f"'{typed}': ăn bòn takes {said} with one card of a pair you "
                               f"hold; {tail}", field="action")
        if kind in ("chan", "bon"):
            return f"capture {offer}"  # a Chắn: the same face (ăn bòn: with a held pair's card)
        if len(captures) == 1:
            return captures[0]  # the one capture open: ăn, ăn cạ, ăn 4s
        if kind != "ca" and (f"capture {offer}" in captures or not captures):
            return f"capture {offer}"  # ăn 4s with no Cạ named: a Chắn, or the rules say
        mates = [a.split()[1] for a in captures if a.split()[1] != offer]
        if len(mates) > 1:  # "ăn (cạ) 4s" with two cards to put with it: which one
            raise InvalidInput(f"'{typed}': say which card goes with {card_said(offer)}: "
                               + " or ".join(f"ăn cạ {offer} với {c}" for c in mates),
                               field="action")
        return f"capture {mates[0] if mates else offer}"
    verb = _SAID_AS.get(head)
    if verb is None:
        return None
    if head in ("boc", "duoi") and obs.offer is not None and "pass" in obs.legal_actions:
        # TT-T3: dưới lets one's own turned stock card go on, bốc any other card offered
        said = chan_action(obs, "pass").lower()
        if plain(said) != head:
            card = card_said(obs.offer.card.text)
            why = (f"{card} is your own turned stock card" if said == "dưới"
                   else f"dưới lets only your own turned stock card go on, and {card} is not")
            raise InvalidInput(f"'{typed}': {why}: type {said} (TT-T3)", field="action")
    offered = [obs.offer.card.text] if obs.offer is not None else []
    if verb == "decline" or (verb in ("win", "chiu") and rest in ([], offered)):
        return verb  # "không ù", "ù 7s": the claim or its refusal names no card
    return " ".join([verb, *rest])


def chan_end(lines: Sequence[str]) -> list[str]:
    """A deal's end in Chắn words: its bonuses are the win's cước (the lines are every
    seat's, in English; only a seat that asked for Chắn words reads them so)."""
    return [re.sub(r"^(\s*)Bonuses \(", r"\1Cước (", line) for line in lines]
