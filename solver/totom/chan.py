"""Tổ Tôm's moves as Chắn players name them (`totom play --chan-words`), the words the web
table's "moves in Chắn words" uses (web/src/words.ts): đánh (discard), ăn chắn / ăn cạ
(capture), bốc (let the offered card go and turn the stock, TT-T3), dưới (let one's own
turned card go on), ù, chíu, không ù / không chíu. The action played is the same."""

from __future__ import annotations

import re
from typing import Any, Sequence


# The rules each Chắn word names, so that `rules --find bốc` and the web table's rules book
# find the rule behind a move's name (the rules' own text is the page's, in English).
RULE_WORDS: dict[str, tuple[str, ...]] = {
    "TT-T2": ("ăn", "ăn chắn", "ăn cạ", "đánh"),  # capture, then discard
    "TT-T3": ("bốc", "dưới"),  # let the card go and turn the stock; let one's own go on
    "TT-P4": ("trả cửa",),  # the discard that goes back after a Chíu
    "TT-W3": ("què",),  # a card left unpaired
    "TT-C6": ("què",),
    "TT-W4": ("ù",),  # a win
    "TT-P1": ("ù",),
    "TT-P5": ("không chíu", "không ù"),  # declining
}


def card_said(card: str) -> str:
    """A card as the Chắn words say it: Chi chi by its name (no one calls it 1h, which
    reads as a rank-1 card of a suit the deck lacks), any other by its notation."""
    return "Chi chi" if card == "1h" else card


def chan_action(obs: Any, action: str) -> str:
    """One legal action in Chắn words: "Ăn cạ 4s với 4m" names the card eaten, then the
    hand card put with it."""
    verb, _, arg = action.partition(" ")
    o = obs.offer
    if verb == "discard":  # after an out-of-turn Chíu it goes back: trả cửa (TT-P4)
        back = getattr(obs, "discard_to", None) is not None
        return f"{'Trả cửa' if back else 'Đánh'} {card_said(arg)}"
    if verb == "capture" and o is not None:
        eaten = o.card.text
        return f"Ăn chắn {card_said(eaten)}" if arg == eaten \
            else f"Ăn cạ {eaten} với {arg}"  # a Cạ never holds Chi chi (TT-D3)
    if verb == "pass":
        return "Dưới" if o is not None and o.kind.value == "exposed" else "Bốc"
    if verb == "win":
        return "Ù"
    if verb == "chiu":
        return "Chíu"
    if verb == "decline":
        legal = obs.legal_actions
        win, chiu = "win" in legal, "chiu" in legal
        return ("Không ù, không chíu" if win and chiu else "Không ù" if win
                else "Không chíu" if chiu else "Không")
    return action


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
    lets its own turned card go on is dưới; ăn says chắn or cạ and the card eaten."""
    verb, _, arg = action.partition(" ")
    if verb == "capture":  # "AI 2 exposes 6c 6m, taking 6c": a Chắn when the hand card is it
        eaten = next((m.group(1) for x in lines if (m := re.search(r" taking (\S+)$", x))),
                     None)
        return "ăn" if eaten is None else f"ăn chắn {card_said(eaten)}" if eaten == arg \
            else f"ăn cạ {eaten}"
    if verb == "pass":
        # "AI 1 exposes 6c from the stock", "You expose 6m from the stock"
        turned = any(re.search(r" exposes? \S+ from the stock$", x) for x in lines)
        return "bốc" if ended or turned else "dưới"
    return {"discard": "đánh", "capture": "ăn", "win": "ù", "chiu": "chíu",
            "decline": "không"}.get(verb)


# The Chắn verbs typed without their marks (solver/screen.py plain), as the actions they name.
_SAID_AS = {"danh": "discard", "boc": "pass", "duoi": "pass", "u": "win", "chiu": "chiu",
            "khong": "decline"}


def read_chan(words: Sequence[str], obs: Any) -> str | None:
    """A move typed in Chắn verbs without their marks ("danh 4c", "an ca 4s voi 4m", "an
    4s", "khong chiu"), as the action it names, for the table to play or refuse by its rule;
    None if the words are no Chắn verb. Ăn names the card eaten, then with "với" the hand
    card put with it: the action names the hand card."""
    words = " ".join(words).replace("chi chi", "1h").split()  # Chi chi, as the words say it
    if not words:
        return None
    head, rest = words[0], list(words[1:])
    if head == "tra" and rest[:1] == ["cua"]:  # "trả cửa 3m": the discard after a Chíu
        return " ".join(["discard", *rest[1:]])
    if head == "an":
        kind = rest.pop(0) if rest and rest[0] in ("chan", "ca") else ""
        if "voi" in rest:  # "ăn cạ 4s với 4m": the hand card after với
            return " ".join(["capture", *rest[rest.index("voi") + 1:]])
        offer = obs.offer.card.text if obs.offer is not None else ""
        captures: list[str] = [a for a in obs.legal_actions if a.startswith("capture ")]
        if kind == "chan":
            return f"capture {rest[0] if rest else offer}"  # a Chắn: the same face
        if len(captures) == 1 and (not rest or rest == [offer]):
            return captures[0]  # the one capture open: ăn, ăn cạ, ăn 4s
        if rest == [offer] and kind != "ca":
            return f"capture {offer}"  # ăn 4s with no Cạ named: a Chắn, or the rules say
        return " ".join(["capture", *rest])
    verb = _SAID_AS.get(head)
    if verb is None:
        return None
    offered = [obs.offer.card.text] if obs.offer is not None else []
    if verb == "decline" or (verb in ("win", "chiu") and rest in ([], offered)):
        return verb  # "không ù", "ù 7s": the claim or its refusal names no card
    return " ".join([verb, *rest])
