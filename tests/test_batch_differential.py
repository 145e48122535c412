"""The vectorised batch evaluators against the single-hand path (CP-SAT and exact), hand by
hand on every field: win, Chắn/Cạ counts, the violations' rule ids in order, every bonus
with its count, the points, how they were counted and the main bonus; Kowah readiness,
waits, the number of splits, the rules a hand that is not ready breaks and the distance to
ready."""

import random
from dataclasses import replace

import numpy as np
import pytest

from moneycards.solver.batch import parse_many
from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.kowah import batch as kbatch
from moneycards.solver.kowah.check import check_ready, why_not_ready
from moneycards.solver.kowah.exact import distance_exact, splits_exact
from moneycards.solver.totom import batch as tbatch
from moneycards.solver.totom.check import check_hand, validate
from moneycards.solver.totom.rules import SEED, TRADITIONAL
from moneycards.solver.totom.scoring import VIAS, WinContext
from tests.test_totom_differential import hands


def random_context(rng, counts):
    """A context check.validate accepts for `counts`, covering every way of winning."""
    held = [i for i, n in enumerate(counts) if n]
    kind = rng.random()
    if kind < 0.15:
        return WinContext()
    if kind < 0.25:
        return WinContext(thien_u=True, won_previous=rng.random() < 0.5)
    win = rng.choice(held)
    via = rng.choice(VIAS)
    if via == "chiu" and counts[win] != 4:
        via = "stock"
    opening = None
    if rng.random() < 0.6:  # an opening of 19: the hand less the winning card, shuffled
        o = list(counts)
        o[win] -= 1

        before = list(o)  # the hand before its winning card, which came from outside

        def may_add(i):  # one more dealt card of face i keeps every dealt pair held (TT-C2)
            return o[i] < 4 and (o[i] + 1) - (o[i] + 1) % 2 <= before[i]

        if rng.random() < 0.5:  # swap one card for another face (a capture changed it)
            a = rng.choice([i for i, n in enumerate(o) if n])
            o[a] -= 1
            o[rng.choice([i for i in range(len(o)) if may_add(i)])] += 1
        fours = [i for i, n in enumerate(o) if n == 4]
        if fours and rng.random() < 0.5:  # a dealt pair or triple grew to four (Bòn)
            f = rng.choice(fours)
            joined = rng.choice((1, 2))  # one: a triple's fourth copy (R-Bòn-triple)
            o[f] -= joined
            for _ in range(joined):
                o[rng.choice([i for i in range(len(o)) if may_add(i) and i != f])] += 1
        opening = tuple(o)
        if via == "chiu" and opening[win] != 3:  # a Chíu's three concealed were dealt (TT-P2)
            via = "stock"
    ctx = WinContext(win_card=TOTOM.faces[win], via=via, opening=opening,
                     won_previous=rng.random() < 0.3,
                     first_stock=via in ("own-door", "stock") and rng.random() < 0.3)
    validate(counts, ctx)
    return ctx


def single_row(counts, ctx, rules, engine):
    v = check_hand(counts, ctx, rules, engine)
    s = v.score
    return {"wins": v.wins, "chan": v.partition.chan_count, "ca": v.partition.ca_count,
            "rules": [x.rule for x in v.violations], "points": v.points,
            "scored_by": s.rule if s else None, "main_bonus": s.main if s else None,
            "bonus_counts": {b.bonus.key: b.count for b in s.bonuses} if s else {}}


def sample(seed, n):
    rng = random.Random(seed)
    hs = hands(seed, n)
    return hs, [random_context(rng, h) for h in hs]


@pytest.mark.parametrize("rules", [SEED, TRADITIONAL, replace(SEED, bach_thu_chi=True)],
                         ids=["seed", "traditional", "bach-thu-chi"])
def test_totom_batch_matches_the_exact_path_on_every_hand(rules):
    hs, ctxs = sample(11, 3000)
    got = tbatch.check_many(np.array(hs), tbatch.Contexts.of(ctxs), rules)
    for i, (h, ctx) in enumerate(zip(hs, ctxs)):
        row = got.row(i)
        assert row == single_row(h, ctx, rules, "exact"), (TOTOM.render(h), ctx)
    assert got.wins.sum() > 300 and (got.bonuses > 0).any(axis=0).sum() >= 10


def test_totom_batch_matches_cpsat_on_a_sample():
    hs, ctxs = sample(12, 300)
    got = tbatch.check_many(np.array(hs), tbatch.Contexts.of(ctxs), SEED)
    for i, (h, ctx) in enumerate(zip(hs, ctxs)):
        assert got.row(i) == single_row(h, ctx, SEED, "cpsat"), (TOTOM.render(h), ctx)


def test_totom_win_check_alone_agrees_with_the_full_verdict():
    hs = np.array(hands(13, 5000))
    assert (tbatch.wins_only(hs) == tbatch.check_many(hs).wins).all()


def test_every_bonus_and_violation_appears_in_the_sample():
    hs, ctxs = sample(11, 3000)
    got = tbatch.check_many(np.array(hs), tbatch.Contexts.of(ctxs), TRADITIONAL)
    found = {k for i in range(len(got)) for k in got.bonus_counts(i)}
    assert found >= set(tbatch.BONUS_KEYS) - {"bach_thu", "kinh_tu_chi"}
    bits = np.bitwise_or.reduce(got.violations)
    assert bits == (1 << len(tbatch.VIOLATION_RULES)) - 1 - tbatch.W5  # W5 is off here
    got = tbatch.check_many(np.array(hs), tbatch.Contexts.of(ctxs), SEED)
    assert np.bitwise_or.reduce(got.violations) & tbatch.W5


@pytest.mark.parametrize("deck", [TOTOM, KOWAH], ids=lambda d: d.game)
def test_parse_many_reads_and_refuses_exactly_as_the_strict_parser(deck):
    texts = ["2234455667c 2256788s 356m", "22c,33s 44m", "chichi 2c", "  9m ", "", "22C",
             "2c3", "c2", "1c", "22x", "2222 c", "22222c", "２c", "2c\n3c", "7c\t8c",
             "old-thousand 1c", "1h2h3h", "9c9c9c9c9c", "2c  ,,3s", "0c", "2c 3s 1t"]
    counts, errors = parse_many(deck, texts)
    for i, t in enumerate(texts):
        try:
            want = deck.parse_counts(t, field="hand")
        except InvalidInput as err:
            assert i in errors and str(errors[i]) == str(err), t
            assert not counts[i].any()
        else:
            assert i not in errors and tuple(counts[i]) == want, t


def kowah_hands(seed, n):
    rng = random.Random(seed)
    deck = [i for i in range(len(KOWAH.faces)) for _ in range(4)]
    out = []
    targets = kbatch.tables().ready_counts
    for k in range(n):
        if k % 3 == 0:  # a ready hand, sometimes one card changed
            c = list(targets[rng.randrange(len(targets))])
            if rng.random() < 0.5:
                a = rng.choice([i for i, x in enumerate(c) if x])
                b = rng.choice([i for i, x in enumerate(c) if x < 4])
                c[a] -= 1
                c[b] += 1
        else:
            c = [0] * len(KOWAH.faces)
            for i in rng.sample(deck, 8):
                c[i] += 1
        out.append(c)
    return out


def kowah_single(counts, engine):
    v = check_ready(counts, engine=engine)
    return {"ready": v.ready, "waits": [f.text for f in v.waits],
            "split_count": len(v.splits), "rules": [x.rule for x in v.violations],
            "distance": v.distance.exchanges}


def test_kowah_batch_matches_the_exact_path_on_every_hand():
    hs = kowah_hands(21, 1500)
    got = kbatch.check_many(np.array(hs), distance=True)
    for i, h in enumerate(hs):
        splits = splits_exact(h)
        want = {"ready": bool(splits), "waits": [f.text for f in sorted({s.wait for s in splits})],
                "split_count": len(splits),
                "rules": [] if splits else [x.rule for x in why_not_ready(h)],
                "distance": distance_exact(h, [KOWAH.copies] * len(h))}
        assert got.row(i) == want, KOWAH.render(h)
    assert 200 < got.ready.sum() < 1200
    assert set(got.distance.tolist()) >= {0, 1, 2, 3, 4}  # every distance but the rare 5


def test_kowah_batch_matches_cpsat_on_a_sample():
    hs = kowah_hands(22, 150)
    got = kbatch.check_many(np.array(hs), distance=True)
    for i, h in enumerate(hs):
        assert got.row(i) == kowah_single(h, "cpsat"), KOWAH.render(h)


def test_kowah_batch_distance_reaches_five_and_matches_at_the_extremes():
    """Hands far from ready (distance 5 is about 4% of random hands), and hands that hold
    four copies of faces (ranks with many copies stress the multiset ranks)."""
    rng = random.Random(23)
    deck = [i for i in range(len(KOWAH.faces)) for _ in range(4)]
    hs = []
    while len(hs) < 400:
        c = [0] * len(KOWAH.faces)
        for i in rng.sample(deck, 8):
            c[i] += 1
        hs.append(c)
    hs += [[4 if i in (a, b) else 0 for i in range(len(KOWAH.faces))]
           for a, b in [(0, 1), (0, 29), (5, 17), (28, 29)]]
    got = kbatch.distance_many(np.array(hs))
    want = [distance_exact(h, [KOWAH.copies] * len(h)) for h in hs]
    assert got.tolist() == want
    assert 5 in want
