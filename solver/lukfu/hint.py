"""Luk Fu hints: calls, claims, leads and follows from old-card proofs and sampled worlds.

A seat sees its hand and the public record (its own face-down cards included). Old cards
come from the proof over every consistent world (solver/lukfu/old.py). Leads and follows
are valued by sampling worlds consistent with the record (determinisation: the unseen cards
dealt at random to the other hands and face-down piles, keeping only deals that respect
every face-down inference) and playing the trick out, each follower beating with its
cheapest beating play when it can. A claim is always made when the rules allow it.
That one-ply ranking is the `heuristic` level; `strong` plays its best options out to the
end of the deal in sampled worlds (solver/lukfu/search.py) and ranks them by the points
they settle a deal (LF-K3).
"""

from __future__ import annotations

import random

from moneycards.solver.cards import Face, counted
from moneycards.solver.cpsat import cp_model
from moneycards.solver.lukfu import LUKFU
from moneycards.solver.ranking import (UNKNOWN_ACTION, Ranked, capped, cut_short, legal_of,
                                       not_evaluated, ranked, stopped)
from moneycards.solver.table import parse_action
from moneycards.solver.search import Estimate, alike, paired_z
from moneycards.solver.lukfu.observation import CARD_VERBS, LukFuObservation
from moneycards.solver.lukfu.old import FIXED_OLD, Position, prove_old
from moneycards.solver.lukfu.legal import usual_lead
from moneycards.solver.lukfu.plays import Play, beaters_of, beating_plays, classify, plays_in
from moneycards.solver.lukfu import SEATS
from moneycards.solver.lukfu.search import sample_placements, search
from moneycards.solver.lukfu.rules import LukFuRules

CALL_THRESHOLD = 4  # old cards (or near-old) needed to call


def _position(obs: LukFuObservation) -> Position:
    return Position(obs.record, obs.seat, list(obs.hand))


def sample_worlds(pos: Position, n: int, rng: random.Random,
                  tries: int = 300) -> list[dict[int, set[Face]]]:
    """Up to n worlds: each other seat's hand, respecting the face-down inferences."""
    hands_idx = pos.other_hands()
    return [{pos.locations[i].seat: set(world[i]) for i in hands_idx}
            for world in sample_placements(pos, n, rng, tries)]


def _cheapest(plays: list[Play]) -> Play:
    return min(plays, key=lambda p: (p.rank, p.suit))


def trick_won(pos: Position, worlds: list[dict[int, set[Face]]], play: Play, order: list[int],
              rules: LukFuRules) -> float:
    """Share of worlds in which `play` stays the best after the seats in `order` follow."""
    if not worlds:
        return 0.5
    wins = 0
    for world in worlds:
        best = play
        mine = True
        for seat in order:
            able = beating_plays(world.get(seat, ()), best, rules)
            if able:
                best, mine = _cheapest(able), False
        wins += mine
    return wins / len(worlds)


def _sure_gain(pos: Position, acts: list[str], old: set[Face],
               rules: LukFuRules) -> tuple[str, int] | None:
    """The lead that surely wins its trick and raises fu plus old cards the most (LF-W3):
    no unseen card can be part of a play that beats it. None when no lead gains."""
    unseen = set(pos.unknown)
    best = None
    for act in acts:
        if not act.startswith("lead "):
            continue
        play = classify(LUKFU.parse(act[5:]))
        if play.size == len(pos.hand):
            continue  # the last trick: a seat that plays on has no claim after it (R-claim-timing)
        if any(all(f in unseen for f in b.cards) for b in beaters_of(play, rules)):
            continue  # another seat might hold a beating play
        gain = play.size - sum(1 for f in play.cards if f in old)
        if gain > 0 and (best is None or gain > best[1]):
            best = (act, gain)
    return best


def _worth(f: Face, old: set[Face]) -> float:
    return 1.0 if f in old else f.rank / 10


def warm_up() -> None:
    """Import CP-SAT (the old-card proofs' solver) before the first decision is timed."""
    cp_model()


def hint(obs: LukFuObservation, budget_ms: float = 2000.0,
         seed: int | None = None) -> list[Ranked]:
    """The strong ranking under a wall-clock safety cap of `budget_ms`."""
    with capped(budget_ms):
        return strong(obs, seed=seed)


# The search budget, counted in sampled deals each candidate is played out in: at most
# SEARCH_WORLDS, fewer once the best option's lead is clear (from SETTLE_FROM deals on),
# FORCED_WORLDS for a lone legal action (only its value is asked).
SEARCH_WORLDS = 48
SETTLE_FROM = 16
FORCED_WORLDS = 8
TOP_K = 5  # candidates of the one-ply ranking that the search plays out


def expert(obs: LukFuObservation, seed: int | None = None) -> list[Ranked]:
    """`strong` with the analysis budget: more options played out in more sampled deals
    (EXPERT_WORLDS, EXPERT_TOP_K), still counted in work."""
    return strong(obs, seed, EXPERT_WORLDS, EXPERT_TOP_K)


EXPERT_WORLDS = 160
EXPERT_TOP_K = 7


def strong(obs: LukFuObservation, seed: int | None = None, worlds: int = SEARCH_WORLDS,
           top_k: int = TOP_K) -> list[Ranked]:
    """Determinised search (solver/lukfu/search.py): the one-ply ranking's best options
    (both calls; a claim and the sure play-on beside it) each played out to the end of the
    deal in the same sampled worlds; valued by the mean settlement in points a deal (LF-K2,
    LF-K3), ties broken by the estimated chance to win the deal (a redeal counts as a fresh
    deal's one in three), both in the reason, the settlement first. A seat that did not
    call, about to lead, plays the usual lead by habit (R-lead-advice: `habit_kept`) unless
    the best option settles more in the same sampled deals by more than a standard error.
    Options the search did not play out rank below, with their one-ply reason. A search
    the safety cap or a cancelled call stops keeps the one-ply ranking, its options to play
    out marked cut short."""
    acts = legal_of(obs)
    seed = obs.seed() if seed is None else seed
    base, old = _one_ply(obs, seed, WORLDS)
    calls = acts[0].startswith("call")
    if calls:
        candidates = list(acts)
    elif "claim" in acts:  # claim, or play on with the sure trick the heuristic found (LF-W3)
        candidates = ["claim"] + [r.action for r in base[:1] if r.action != "claim"
                                  and r.value > 100.0]
    else:
        candidates = [r.action for r in base[:top_k]]
    pos = _position(obs)
    habit = [] if calls or "claim" in acts else _habit(pos, base, old)
    if habit and not set(habit) & set(candidates):
        candidates.append(habit[0])  # the habit's best lead is always played out
    asked = FORCED_WORLDS if len(acts) == 1 else worlds
    values = search(pos, candidates, asked, seed, old, settle_from=SETTLE_FROM)
    if any(v.cut_short for v in values.values()):
        return [cut_short(r, values[r.action].worlds, asked) if r.action in values else r
                for r in base]
    why = {r.action: r.reason for r in base}
    out: list[Ranked] = []
    done = [v for v in values.values() if v.worlds]
    if not done:  # no placement respects the face-down inferences: nothing played out
        return base
    # Ranked by the settlement a deal (LF-K2, LF-K3: a losing caller pays both shares), so
    # calls, claims and playing on are weighed by what they win and what they cost; between
    # equal settlements by the chance to win.
    same = alike(done)
    order = sorted(done, key=lambda v: (-v.mean_score, -v.win_share))
    kept = habit_kept(order, habit)
    if kept is not None:
        order.remove(kept)
        order.insert(0, kept)
    # The last seat to speak after two passes: its pass plays nothing (LF-C4).
    redeal = calls and pos.record.calls == ["pass"] * (SEATS - 1)
    for v in order:
        head, reason = v.action, why[v.action]
        if calls:
            olds = counted(len(old), "old cards")
            head, reason = (("call", f"{olds}; a losing caller pays both shares (LF-K3)")
                            if v.action == "call play" else
                            ("pass", f"{olds}; a losing non-caller pays only its own share "
                                     f"(LF-K3)"))
        said = v.said(digits=2, alike=same[v.action])
        settles = v.mean_score
        if redeal and v.action == "call pass":
            # no deal is played out: the figures are the redeal's, said as such
            said = ("0 points: the third pass deals the cards again (LF-C4) and every "
                    "seat settles 0 (R-settle-zero)")
            reason = "a fresh deal is won one time in three"
            settles = 0.0
        if v.action == "claim" and v.win_share == 1.0:
            # the claim ends the deal now: its figure is known, not a sample's (an interval
            # "+2.00 to +2.00 over 48 sampled deals" read as a measurement)
            said = (f"{v.mean_score:+.2f} points, sure: the claim ends the deal now (LF-W2), "
                    f"settled by LF-K2 and LF-K3")
        value = round(v.mean_score, 4)
        if kept is not None:
            if v is kept:
                said += (" (first as the usual lead, by habit: no option settles surely "
                         "more in the same deals)")
            elif v.mean_score > kept.mean_score:
                # listed after the usual lead at its value; equal values keep this order
                value = round(kept.mean_score, 4)
                lead = kept.action.removeprefix("lead ")
                said += f" (not surely more than the usual lead, {lead})"
        out.append(Ranked(v.action, value, f"{head}: {said}; {reason}", settlement=settles))
    # Equal rounded values keep this order (ranked() is stable).
    floor = min(r.value for r in out)
    rest = [r for r in base if r.action not in values]
    for k, r in enumerate(rest):
        if r.action == "end":  # a drawn deal: its value is known without playing it out
            out.append(Ranked(r.action, 0.0, f"end: 0 points, sure; {r.reason}",
                              settlement=0.0))
            continue
        why_not = (
            # docs/strength.md: playing out the other plays beside a claim settled less
            "beside a claim only a lead that surely wins its trick is played out (in the "
            "sampled deals playing on looks better than it proves at the table)"
            if "claim" in acts else
            f"the quick ranking puts it below the {counted(len(done), 'options')} played out")
        out.append(Ranked(r.action, round(floor - 0.01 * (k + 1), 4),
                          f"{r.action}: not played out: {why_not}; {r.reason}"))
    return ranked(out)


def _habit(pos: Position, base: list[Ranked], old: set[Face]) -> list[str]:
    """R-lead-advice, the AI's default habit: a seat that did not call, about to lead, plays
    the usual lead (a single that is not old from its highest suit holding one) unless the
    search finds an option that settles surely more. The usual leads, in the one-ply
    ranking's order; none for the caller, a follower or a hand of old cards only."""
    if pos.record.caller == pos.seat or pos.record.current_best() is not None:
        return []
    out = []
    for r in base:
        if r.action.startswith("lead "):
            play = classify(LUKFU.parse(r.action[len("lead "):]))
            if usual_lead(play, pos.hand, old):
                out.append(r.action)
    return out


def habit_kept(order: list[Estimate], habit: list[str]) -> Estimate | None:
    """The usual lead the habit plays in place of the search's best (`order[0]`; `order`
    by settlement): the best-settling one of `habit` played out, unless the best settles
    more than it in the same sampled deals by more than a standard error of the
    difference (a paired test, as Kowah's search overrules its race; HABIT_Z). None when
    the best is itself a usual lead."""
    usual = next((v for v in order if v.action in habit), None)
    if usual is None or usual is order[0]:
        return None
    best = order[0]
    z = paired_z([s for _, s in best.per_world], [s for _, s in usual.per_world])
    return None if z > HABIT_Z else usual


# The paired z-score at which the search's best overrules the habit: one standard error.
# Measured on 3,000 paired deals (seeds 600000 + k, `strong` seats beside it): at 1 the
# habit decides 1.7% of the seat's decisions for -0.004 [-0.021, +0.014] points a deal; at
# 2 (Kowah's SIGNIFICANT) 4% for -0.018 [-0.043, +0.007] (and -0.033 over 900 more
# deals); at 0 it almost never decides. docs/strength.md has the table.
HABIT_Z = 1.0


WORLDS = 16  # sampled worlds per decision: the search budget, counted in work


def heuristic(obs: LukFuObservation, seed: int | None = None,
              worlds: int = WORLDS) -> list[Ranked]:
    """Calls by strength, leads and follows by the share of sampled worlds in which they
    win the trick (the strong player before the deeper search)."""
    return _one_ply(obs, seed, worlds)[0]


def _one_ply(obs: LukFuObservation, seed: int | None,
             worlds: int) -> tuple[list[Ranked], set[Face]]:
    """The heuristic's ranking and the seat's old cards (proved)."""
    acts = legal_of(obs)
    pos = _position(obs)
    rules = pos.record.rules
    proof = prove_old(pos)
    old = set(proof.old)
    seat = obs.seat
    out: list[Ranked] = []
    if acts[0].startswith("call"):
        strength = len(old) + 0.5 * sum(1 for p in plays_in(pos.hand) if p.size >= 3)
        call = strength >= CALL_THRESHOLD
        what = f"{counted(len(old), 'old cards')} and strength {strength:.1f}"
        for act in acts:
            yes = act == "call play"
            if yes:
                why = (f"call: {what} reach the {CALL_THRESHOLD} a caller needs" if call else
                       f"call: {what} fall short of {CALL_THRESHOLD}; a losing caller pays "
                       f"both shares (LF-K3)")
            else:
                why = (f"pass: {what} reach {CALL_THRESHOLD}: calling scores more" if call
                       else f"pass: {what} are below {CALL_THRESHOLD}; "
                            f"a non-caller loses only its own share (LF-K3)")
            out.append(Ranked(act, 1.0 if yes == call else 0.0, why))
        return ranked(out), old
    rng = random.Random(obs.seed() if seed is None else seed)
    sampled = sample_worlds(pos, worlds, rng, tries=max(300, 10 * worlds))
    best_now = pos.record.current_best()
    if best_now is None:
        followers = [(seat + k) % SEATS for k in (1, 2)]
    else:
        trick = pos.record.tricks[-1]
        followers = [(trick.leader + k) % SEATS for k in range(len(trick.actions) + 1, SEATS)]
    # Claim, or play on by the expected value: only a sure trick that raises the total.
    sure = _sure_gain(pos, acts, old, rules) if "claim" in acts else None
    for act in acts:
        parsed = parse_action(act, LUKFU, CARD_VERBS)
        verb, arg = parsed.verb, parsed.arg
        if verb == "claim":
            total = pos.record.fu(seat) + len(old)
            out.append(Ranked(act, 100.0, f"claim now with {total} fu (LF-W2)"))
        elif verb == "end":
            out.append(Ranked(act, 0.0, (
                "the deal is drawn: a claim not made now is lost (R-claim-timing), and "
                "every seat settles 0 (R-settle-zero)") if "claim" in acts else (
                "the hands are out and six is not reached: the deal is drawn (LF-W4), "
                "every seat settles 0 (R-settle-zero)")))
        elif sure is not None and act == sure[0]:
            out.append(Ranked(act, 100.0 + sure[1],
                              f"play on (LF-W3): {arg} cannot be beaten and raises the claim "
                              f"by {sure[1]}; claim at the next lead"))
        elif verb in ("lead", "follow"):
            play = classify(LUKFU.parse(arg))
            if stopped():
                out.append(not_evaluated(act))
                continue
            p_win = trick_won(pos, sampled, play, followers, rules)
            spent_old = sum(1 for f in play.cards if f in old)
            value = p_win * play.size - spent_old + 0.1 * (play.size - spent_old)
            usual = _usual_lead(pos, play, old) if best_now is None else ""
            spends = counted(spent_old, "old cards") if spent_old else "no old card"
            out.append(Ranked(act, value, f"wins the trick, worth {play.size} fu (LF-W1), in "
                                          f"{p_win:.0%} of sampled deals; spends {spends}"
                                          f"{usual}"))
        elif verb == "down":
            cards = LUKFU.parse(arg)
            out.append(Ranked(act, -sum(_worth(f, old) for f in cards),
                              "nothing in the hand beats it, so as many cards go face "
                              "down (LF-F1): give up the least useful"))
        else:
            out.append(Ranked(act, UNKNOWN_ACTION, "unknown action"))
    return ranked(out), old


def _usual_lead(pos: Position, play: Play, old: set[Face]) -> str:
    """A reason's note that a non-caller's lead is the one the page calls usual: a single
    that is not old from its highest suit holding such a card (R-lead-advice: advice, a rule
    only under strict_non_caller_leads). Said, never weighed: the ranking stands."""
    if pos.record.caller == pos.seat or not usual_lead(play, pos.hand, old):
        return ""
    return ("; the usual lead of a seat that did not call (R-lead-advice: a single from its "
            "highest suit holding a card that is not old)")


def greedy(obs: LukFuObservation, rng: random.Random) -> str:
    """Claim when allowed; call with three always-old cards; lead the biggest play;
    follow with the cheapest beating play; go down with the lowest cards."""
    acts = legal_of(obs)
    if "claim" in acts:
        return "claim"
    hand = list(obs.hand)
    if acts[0].startswith("call"):
        return "call play" if sum(1 for f in hand if f in FIXED_OLD) >= 3 else "call pass"
    plays = [(a, classify(parse_action(a, LUKFU, CARD_VERBS).cards)) for a in acts
             if a.startswith(("lead ", "follow "))]
    if plays:
        if acts[0].startswith("lead"):
            return max(plays, key=lambda ap: (ap[1].size, ap[1].rank))[0]
        return min(plays, key=lambda ap: (ap[1].rank, ap[1].suit))[0]
    downs = [a for a in acts if a.startswith("down ")]
    if downs:
        return min(downs, key=lambda a: sum(f.rank for f in LUKFU.parse(a[5:])))
    return acts[0]

