"""The Tổ Tôm table as one seat sees it, in text lines (solver/screen.py)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Sequence

from moneycards.solver.cards import Face
from moneycards.solver.totom import TOTOM
from moneycards.solver.screen import _turn, _upper_first, wrap, wrap_items
from moneycards.solver.table import possessive
# chan_action: the menu's Chắn words, which solver/screen.py chan_words asks for
from moneycards.solver.totom.chan import (  # noqa: F401
    RULE_WORDS as RULE_WORDS, chan_action as chan_action, chan_end as chan_end,
    chan_log_verb as chan_log_verb,
    chan_turn, chan_verb as chan_verb, read_chan as read_chan)

if TYPE_CHECKING:
    from moneycards.solver.totom.check import HandVerdict

def view(obs: Any, names: Sequence[str], *, chan: bool = False) -> list[str]:
    """The table as the seat sees it; `chan`: its turn in Chắn verbs too."""
    from moneycards.solver.totom.exact import partition_exact

    phase = obs.phase.name.lower()
    # Thiên ù named only where the dealer's twenty wins (TT-W7), as the web table says it
    opening = ("your first discard (or Thiên ù)" if "win" in obs.legal_actions
               else "your first discard")
    offer = ("capture or pass" if any(a.startswith("capture ") for a in obs.legal_actions)
             else "pass (no capture is open to you)")  # as the web table says it
    # TT-P4: after an out-of-turn Chíu the discard goes back to the interrupted doorway
    back = getattr(obs, "discard_to", None)
    # in Chắn words the table's parts take their Chắn names, as the web table's do: a
    # doorway is a cửa, the dealer the cái, a seat's eaten pairs its bài ăn, three of a card
    # held for a Chíu a khàn, the unpaired cards què
    door, dealer, shown, three, singles = (("cửa", "cái", "bài ăn", "khàn", "què") if chan
                                           else ("doorway", "dealer", "shown", "three for a Chíu",
                                                 "singles"))
    discard = "discard" if back is None else \
        f"discard, back to {possessive(names[back])} {door} (TT-P4)"
    what = {"opening": opening, "discard": discard, "offer": offer,
            "claims": "a claim"}[phase]
    if chan and obs.to_act == obs.seat:
        what = chan_turn(obs, what)
    # in Chắn words the stock is the nọc, as the web table's header says it
    lines = [f"Tổ Tôm · {'nọc' if chan else 'stock'} {obs.stock} · {dealer} {names[obs.dealer]} · "
             f"{_turn(obs, names, what)}"]
    for s, name in enumerate(names):
        mark = "*" if s == obs.seat else " "
        dead = " (dead hand, TT-S4)" if s in obs.dead_hand else ""
        pairs = " ".join(obs.exposed[s]) or "-"
        lines += wrap(f"{mark}{name[:14]:<14} {obs.hand_sizes[s]:>2} in hand{dead}  {shown}: ",
                      pairs, 18)
    if obs.offer is not None:
        o = obs.offer
        # A discard lies at the doorway it was discarded to (the next seat's, or back to
        # the interrupted doorway after a Chíu, TT-P4): the offer names no discarder.
        how = {"discard": "a discard", "exposed": "from the stock",
               "passed": "from the stock, passed on"}[o.kind.value]
        lines.append(f"On the table: {o.card} {TOTOM.name(o.card)} ({how}, at "
                     f"{possessive(names[o.door])} {door})")
    if obs.claim is not None:
        claim = obs.claim.value  # in Chắn words with the action beside it, as the menu says it
        said = f"{chan_action(obs, claim)} ({claim})" if chan else claim
        lines.append(f"You may claim it: {said} (nobody else sees the question)")
    lines += _seen_grid(obs)
    lines += _barred(obs)
    # three of a card are held together, waiting on the fourth for a Chíu (TT-P2), as the
    # web table holds them; the rest in the most Chắn and Cạ
    hand = [0 if n == 3 else n for n in obs.hand]
    part = partition_exact(hand)
    groups = [f"{three} {TOTOM.render([f] * 3)}" for f, n in zip(TOTOM.faces, obs.hand) if n == 3]
    groups += [f"Chắn {TOTOM.render([f] * 2 * n)}" for f, n in _chan_groups(part.chan)]
    groups += [f"Cạ {TOTOM.render([a, b])}" for a, b in part.ca]
    if part.left:
        groups.append(f"{singles} {TOTOM.render(part.left)}")
    lines += wrap_items("Your hand: ", groups)
    return lines


def _barred(obs: Any) -> list[str]:
    """What the capture restrictions hold against this seat, so the menu's missing
    discards and captures have their reason in sight (TT-C3, TT-C4)."""
    m = obs.memory
    out = []
    if m.declined_chan:
        # the engine's reading of TT-C3 (docs/proposed-rulings.md: a winning hand's Cạ)
        out += wrap_items("Barred from discards and Cạ captures (Chắn declined, TT-C3): ",
                          [f.text for f in m.declined_chan], sep=" ")
    gone = sorted({*m.discarded, *m.ca_from_hand}, key=TOTOM.faces.index)
    if gone:
        out += wrap_items("Barred from capture (discarded or put in a Cạ, TT-C4): ",
                          [f.text for f in gone], sep=" ")
    return out


def _seen_grid(obs: Any) -> list[str]:
    """Copies of each face out of play or in sight (your hand, shown pairs, dead cards, the
    card on the table), of four: what is left to come is the rest."""
    seen: Counter[Face] = Counter()
    if obs.offer is not None:
        seen[obs.offer.card] += 1
    for f, n in zip(TOTOM.faces, obs.hand):
        seen[f] += n
    for pairs in obs.exposed:
        for p in pairs:
            seen.update(TOTOM.parse(p))
    seen.update(d.card for d in obs.dead)
    out = ["Seen of 4 (hand, shown, dead, on the table):"]
    for suit in "csm":
        faces = [f for f in TOTOM.faces if f.suit == suit]
        out.append("  " + " ".join(f"{f.text}:{seen[f]}" for f in faces))
    chi = TOTOM.faces[-1]
    out[-1] += f"   {chi.text}:{seen[chi]}"
    return out


def describe_action(obs: Any, verb: str, arg: str) -> str | None:
    """What an action does, in words, or None when its text says it all."""
    o = obs.offer
    if verb == "capture" and o is not None:
        kind = "a Chắn" if arg == o.card.text else "a Cạ"
        pair = TOTOM.render([o.card, *TOTOM.parse(arg)])
        return f"take {o.card}, expose {pair}, {kind}"
    if verb == "pass" and o is not None:
        return f"let {o.card} go"
    if verb == "win":
        return "claim the win" + (f" on {o.card}" if o is not None else " (Thiên ù)")
    if verb == "chiu" and o is not None:
        return f"claim the fourth {o.card} for a Chíu"
    if verb == "decline":
        return "do not claim it"
    return None


# What the x/y after each bonus means, said once under the list (TT-K2, TT-K5).
BONUS_LEGEND = {
    "TT-K2": "  x/y = main/dịch: x for the bonus marked (main), y for every other (TT-K2)",
    "TT-K5": "  x/y = main/dịch: under Thập thành every bonus adds its main x (TT-K5)",
}


def _chan_groups(chan: Sequence[Any]) -> list[tuple[Any, int]]:
    """A partition's Chắn as (face, how many Chắn of it): four alike are one group of two
    (TT-W2), where they read as the same Chắn twice ("Chắn 33s · Chắn 33s")."""
    out: list[tuple[Any, int]] = []
    for f in chan:
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + 1)
        else:
            out.append((f, 1))
    return out


def format_verdict(v: HandVerdict) -> str:
    """A checked hand in lines: its pairs, the rules it breaks, its bonuses and points."""
    p = v.partition
    lines = [f"Hand: {TOTOM.render(v.hand)}"]
    if v.wins:
        lines.append(f"WINS: {p.chan_count} Chắn, {p.ca_count} Cạ")
    else:
        tail = f", unpaired {TOTOM.render(p.left)}" if p.left else ""
        lines.append(f"Does not win: {p.chan_count} Chắn, {p.ca_count} Cạ{tail}")
    for f, n in _chan_groups(p.chan):  # four alike on one line: two Chắn (TT-W2)
        four = ", four alike: two Chắn (TT-W2)" if n == 2 else ""
        lines.append(f"  Chắn {TOTOM.render([f] * 2 * n):<7} {TOTOM.name(f)}{four}")
    for a, b in p.ca:
        lines.append(f"  Cạ   {TOTOM.render([a, b]):<7} {TOTOM.name(a)} + {TOTOM.name(b)}")
    for viol in v.violations:
        lines.append(f"  {viol.rule:<6} {viol.message}")
    if v.wins:
        s = v.score
        assert s is not None  # a winning hand is scored
        if not s.bonuses:
            lines.append("Ù xuông, no bonus (TT-K1)")
        else:
            how = {"TT-K2": "main value of the highest bonus plus the dịch of the others",
                   "TT-K5": "Thập thành: the main values of every bonus added"}[s.rule]
            lines.append(f"Bonuses ({s.rule}: {how}):")
            for counted in s.bonuses:
                bonus = counted.bonus
                mark = " (main)" if bonus.key == s.main else ""
                lines.append(f"  {bonus.name:<13} ×{counted.count}  {bonus.main}/{bonus.dich}"
                             f"{mark}")
            lines.append(BONUS_LEGEND[s.rule])
            lines.append("  " + points_sum(s))
        st = s.settlement
        lines.append(f"Points: {s.points}  (winner +{st['winner']}, each loser "
                     f"{st['each_loser']}, TT-K7)")
    return "\n".join(lines)


def points_sum(s: Any) -> str:
    """A won hand's points as the sum its rule makes of the bonuses (TT-K2: the main
    bonus's main value, then a dịch for each other instance; TT-K5: every main value), so a
    player can check the figure: "5 Lèo (main) + 2 Lèo + 1 Ù chì = 8"."""
    terms = []
    for counted in s.bonuses:
        bonus = counted.bonus
        for k in range(counted.count):
            if s.rule == "TT-K5":
                terms.append(f"{bonus.main} {bonus.name}")
            elif bonus.key == s.main and k == 0:
                terms.append(f"{bonus.main} {bonus.name} (main)")
            else:
                terms.append(f"{bonus.dich} {bonus.name}")
    return f"{' + '.join(terms)} = {s.points}"


def explain(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    """How a won deal was won: the winner's cards and what they scored."""
    from moneycards.solver.totom.table import VIA_WORDS, won_where

    if state.win_verdict is None:
        return []
    lines = [f"{_upper_first(possessive(names[r.winner]))} twenty cards, won "
             f"{won_where(r)} ({VIA_WORDS[r.via]}):"]
    lines += ["  " + x for x in format_verdict(state.win_verdict).splitlines()]
    lines.append("Settlement: " + ", ".join(f"{names[s]} {n:+d}" for s, n in enumerate(r.net)))
    return lines
