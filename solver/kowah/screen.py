"""The Kowah table as one seat sees it, in text lines (solver/screen.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from moneycards.solver.cards import Face, counted
from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.check import WON, won_by
from moneycards.solver.kowah.exact import splits_exact
from moneycards.solver.kowah.shapes import TRIPLETS
from moneycards.solver.screen import _turn, _upper_first, wrap_items
from moneycards.solver.table import possessive

def view(obs: Any, names: Sequence[str]) -> list[str]:
    phase = obs.phase.name.lower()
    takes = any(a == "take" for a in obs.legal_actions) or obs.to_act != obs.seat
    what = {"draw": "draw or take" if takes else "draw (no discard to take yet)",
            "discard": "discard", "declare": "declare"}[phase]
    lines = [f"Kowah · stock {obs.stock} · {_turn(obs, names, what)}"]
    for s, name in enumerate(names):
        mark = "*" if s == obs.seat else " "
        shown = obs.declared.get(s)
        named = f" {KOWAH.name(shown)}" if shown is not None and KOWAH.name(shown) != \
            shown.text else ""  # an honour's name; a number card is its notation alone
        decl = (f"declared checki, shows {KOWAH.render([shown, shown])}, waits on "
                f"{shown}{named}") if shown is not None else "not declared"
        lines.append(f"{mark}{name[:14]:<14} {counted(obs.hand_sizes[s], 'cards')}  {decl}")
    pile = [f"{d.card}" + (f"→{names[d.taken_by][:8]}" if d.taken_by is not None else "")
            for d in obs.discards]
    # wrapped between cards, never inside a seat's name ("AI 2")
    lines += wrap_items("Discards, oldest first (→ who took it): ", pile or ["none"], sep=" ")
    if obs.public_draws:  # KW-X3: every seat's stock draws from the first declaration on
        lines += wrap_items("Drawn face up since the first declaration: ", [
            f"{d.card}({names[d.seat][:8]})" for d in obs.public_draws], sep=" ")
    hand = list(obs.hand)
    triplets, pairs, singles = kowah_groups(hand)
    groups = [f"triplet {t}" for t in triplets] + [f"pair {KOWAH.render([p, p])}"
                                                    for p in pairs]
    if singles:
        groups.append(f"singles {KOWAH.render(singles)}")
    lines += wrap_items("Your hand: ", groups)
    if sum(hand) == 8:
        ready = splits_exact(hand)
        if ready:
            sp = ready[0]
            lines.append(f"  ready: {' '.join(t.text for t in sp.triplets)} + pair "
                         f"{KOWAH.render([sp.pair, sp.pair])}, waiting on {sp.pair}")
    return lines


def kowah_groups(counts: Sequence[int]) -> tuple[list[str], list[Face], list[Face]]:
    """A Kowah hand as a player holds it: the most triplets (KW-R1, KW-R2), then pairs
    (the candidates for the shown pair), then single cards."""
    def most(left: list[int], start: int) -> list[Any]:
        best: list[Any] = []
        for k in range(start, len(TRIPLETS)):
            t = TRIPLETS[k]
            need = Counter(KOWAH.index(f) for f in t.faces)
            if all(left[i] >= n for i, n in need.items()):
                for i, n in need.items():
                    left[i] -= n
                found = [t, *most(left, k)]
                for i, n in need.items():
                    left[i] += n
                if len(found) > len(best):
                    best = found
        return best

    left = list(counts)
    triplets = most(left, 0)
    for t in triplets:
        for f in t.faces:
            left[KOWAH.index(f)] -= 1
    pairs = [f for f, n in zip(KOWAH.faces, left) if n >= 2]
    for f in pairs:
        left[KOWAH.index(f)] -= 2
    singles = KOWAH.faces_of(left)
    return [t.text for t in triplets], pairs, singles


def describe_action(obs: Any, verb: str, arg: str) -> str | None:
    """What an action does, in words, or None when its text says it all."""
    if verb == "draw":
        return f"from the stock ({obs.stock} left)"
    if verb == "take":
        top = next((d.card for d in reversed(obs.discards) if d.taken_by is None), None)
        return f"{top}, the last discard" if top else "the last discard"
    if verb == "declare":
        return f"checki, showing {arg}"
    if verb == "stay":
        return "stay undeclared"
    if verb == "discard" and any(f.text == arg for s, f in obs.declared.items()
                                 if s != obs.seat):
        return FEEDS_A_WAIT
    return None


# A discard that is a declared seat's wait wins that seat the deal at once (KW-X4, KW-K1):
# said on the move itself, as no rule stops it.
FEEDS_A_WAIT = "a declared seat's wait: wins that seat the deal, x2 (KW-X4)"


def explain(state: Any, r: Any, names: Sequence[str]) -> list[str]:
    """How a won deal was won: the winner's cards and what they scored."""
    card = KOWAH.parse(r.card)[0]
    hand = list(state.hands[r.winner])
    if sum(hand) == 9:
        hand[KOWAH.index(card)] -= 1
    splits = [sp for sp in splits_exact(hand) if sp.pair == card] or splits_exact(hand)
    # whose draw or discard it was: the seat to act when the deal ended (as the result says)
    how = won_by(r.via, possessive(names[state.seat]))
    lines = [f"{_upper_first(possessive(names[r.winner]))} cards: {KOWAH.render(hand)} + "
             f"{card} ({how})"]
    if splits:
        sp = splits[0]
        # an honour's triplet is KW-R2's, a rank's KW-R1's: cite the ones the hand has
        faces = [*(KOWAH.parse(t.text)[0] for t in sp.triplets), card]
        kinds = sorted({"KW-R2" if f.suit == "h" else "KW-R1" for f in faces})
        lines.append(f"  {', '.join(t.text for t in sp.triplets)} and "
                     f"{KOWAH.render([card] * 3)}: three triplets ({', '.join(kinds)})")
    lines.append(f"  multiplier x{r.multiplier} for a win {WON[r.via]} (KW-K1)")
    return lines
