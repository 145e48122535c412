"""What the public actions make certain about the other hands: over seeded deals played by
the engines' own players, the dealt cards always satisfy every certain inference the
world samplers use, and the sampled worlds do too. (A likely inference, such as Tổ Tôm's
card that died at a doorway, TT-T3, may be wrong and is not checked here.)"""

import random

import pytest

from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from moneycards.solver.hints import choose
from moneycards.solver.kowah import search as kw_search
from moneycards.solver.kowah.table import KowahState
from moneycards.solver.lukfu import search as lf_search
from moneycards.solver.lukfu.old import Position
from moneycards.solver.lukfu.table import LukFuState
from moneycards.solver.totom import search as tt_search
from moneycards.solver.totom.table import TotomState

# Greedy seats play like the AI; a random seat also declines captures and takes odd turns.
LEVELS = ("greedy", "random")


def _play(state, seed, seats, visit):
    """Plays a seeded deal to its end, seat s at LEVELS[(seed + s) % 2], calling
    `visit(state)` before every action."""
    rngs = [random.Random(seed * 10 + s) for s in range(seats)]
    steps = 0
    while not state.is_over:
        seat = state.current_seat()
        visit(state, steps)
        state.apply(choose(state, LEVELS[(seed + seat) % 2], rngs[seat]))
        steps += 1


# -- Tổ Tôm -----------------------------------------------------------------------------
TT_DEALS = range(60)


def test_totom_exposed_ca_never_excludes_the_dealt_cards():
    """TT-C1, TT-C2, TT-C4: of an exposed Cạ's two faces a seat holds at most one, exactly
    twice."""
    cas = 0

    def visit(state, _):
        nonlocal cas
        seat = state.current_seat()
        obs = state.observation(seat)
        for s, pairs in enumerate(tt_search.ca_pairs(obs)):
            if s != seat:
                cas += len(pairs)
                assert tt_search.certain_violation(obs, s, list(state.hands[s])) is None

    for seed in TT_DEALS:
        _play(TotomState(seed), seed, 4, visit)
    assert cas > 1000


def test_totom_doorway_bans_are_a_weight_so_a_world_may_hold_the_exception():
    """TT-T3 only makes it likely that a seat holds no copy of a card that died at its
    doorway (a Chắn may be declined, TT-C3, or barred, TT-C4, TT-C9): sampled worlds keep
    such a card from its seat about DOORWAY_BAN_HOLDS of the time, never always."""
    found = []

    def visit(state, step):
        seat = state.current_seat()
        obs = state.observation(seat)
        banned = tt_search.ruled_out(obs)
        if not found and sum(map(len, banned)) >= 4 and step > 40:
            found.append(obs)

    for seed in TT_DEALS:
        _play(TotomState(seed), seed, 4, visit)
        if found:
            break
    obs = found[0]
    banned = tt_search.ruled_out(obs)
    left = tt_search.unseen(obs)
    pairs = [(s, f) for s, faces in enumerate(banned) for f in faces
             if left[TOTOM.index(f)] and obs.hand_sizes[s]]
    assert pairs
    worlds, exceptions = 2000, 0
    rng = random.Random(1)
    for _ in range(worlds):
        hands, _stock = tt_search.sample_hidden(obs, rng)
        exceptions += any(hands[s][TOTOM.index(f)] for s, f in pairs)
    share = exceptions / worlds
    assert 0 < share < 3 * len(pairs) * (1 - tt_search.DOORWAY_BAN_HOLDS) + 0.02, share


def test_totom_sampled_worlds_keep_the_exposed_ca_inference():
    """TT-C1, TT-C2, TT-C4 in every sampled world, and TT-C8: a seat with an exposed Cạ
    remembers capturing one."""
    worlds = 0

    def visit(state, step):
        nonlocal worlds
        obs = state.observation(state.current_seat())
        if step % 3 or not tt_search.searchable(obs):
            return
        w = tt_search.world(obs, random.Random(step))
        assert w.cards_accounted()
        for s, pairs in enumerate(tt_search.ca_pairs(obs)):
            assert tt_search.certain_violation(obs, s, w.hands[s]) is None
            if s != obs.seat:
                assert w.memory[s].captured_ca == bool(pairs)
        worlds += 1

    for seed in TT_DEALS[:40]:
        _play(TotomState(seed), seed, 4, visit)
    assert worlds > 300


# -- Kowah ------------------------------------------------------------------------------
KW_DEALS = range(60)


def _kowah_checks(obs, hands):
    """Every certain inference about the other hands against `hands` (count vectors)."""
    ready = kw_search.ready_pairs()
    for seat, held in kw_search.known_holdings(obs).items():
        # KW-T2 takes and KW-X3 open draws, less what was let go since: still held.
        assert all(hands[seat][f] >= n for f, n in enumerate(held)), "KW-T2"
        if seat in obs.declared:  # KW-X1: a locked ready hand showing its pair
            assert KOWAH.index(obs.declared[seat]) in ready.get(bytes(hands[seat]), ()), \
                "KW-X1"
    for seat in kw_search.unready_seats(obs):  # R-declare: undeclared after a discard
        assert bytes(hands[seat]) not in ready, "R-declare"


@pytest.fixture(scope="module")
def kowah_tables():
    kw_search.warm_up()


def test_kowah_takes_draws_and_declarations_never_exclude_the_dealt_cards(kowah_tables):
    """KW-T2, KW-X3 (known holdings), KW-X1 (declared ready hands), R-declare with KW-R4
    (an undeclared seat that has discarded is not ready)."""
    unready = 0

    def visit(state, _):
        nonlocal unready
        obs = state.observation(state.current_seat())
        unready += len(kw_search.unready_seats(obs))
        _kowah_checks(obs, [list(h) for h in state.hands])

    for seed in KW_DEALS:
        _play(KowahState(seed), seed, 3, visit)
    assert unready > 1000


def test_kowah_sampled_worlds_keep_every_certain_inference(kowah_tables):
    """The same inferences in every sampled world."""
    worlds = 0

    def visit(state, step):
        nonlocal worlds
        obs = state.observation(state.current_seat())
        if step % 4:
            return
        _kowah_checks(obs, kw_search.sample_world(obs, random.Random(step)).hands)
        worlds += 1

    for seed in KW_DEALS[:60]:
        _play(KowahState(seed), seed, 3, visit)
    assert worlds > 300


# -- Luk Fu -----------------------------------------------------------------------------
LF_DEALS = range(150)


def _true_placement(state, pos):
    """The dealt cards at each of the position's locations."""
    out = []
    for loc in pos.locations:
        if loc.kind == "hand":
            out.append(frozenset(state.hands[loc.seat]))
        else:
            a = next(a for a in state.record_.tricks[loc.trick].actions if a.seat == loc.seat)
            out.append(frozenset(a.hidden))
    return out


def _respects(pos, placement):
    """Every face-down inference (LF-F1, R-old-proof) and every old single lead (LF-L3)."""
    down = all(sum(1 for i in c.locations for f in c.cards if f in placement[i]) <= c.limit
               for c in pos.constraints)
    return down, all(lf_search._old_lead_holds(c, placement) for c in lf_search.old_leads(pos))


@pytest.fixture(scope="module")
def lukfu_positions():
    """(position, the dealt placement) at every other decision after the call."""
    out = []

    def visit(state, step):
        if state.record_.caller is None or step % 2:
            return
        seat = state.current_seat()
        obs = state.observation(seat)
        pos = Position(obs.record, seat, obs.hand)
        out.append((pos, _true_placement(state, pos)))

    for seed in LF_DEALS:
        _play(LukFuState(seed), seed, 3, visit)
    return out


def test_lukfu_face_down_and_old_leads_never_exclude_the_dealt_cards(lukfu_positions):
    """LF-F1 with R-old-proof (a seat that went face down held no beating play) and LF-L3
    (a non-caller leading an old single held only old cards)."""
    downs = leads = 0
    for pos, dealt in lukfu_positions:
        downs += len(pos.constraints)
        leads += len(lf_search.old_leads(pos))
        down, lead = _respects(pos, dealt)
        assert down, "LF-F1"
        assert lead, "LF-L3"
    assert downs > 100 and leads > 20


def test_lukfu_sampled_placements_keep_every_certain_inference(lukfu_positions):
    """The same inferences in every sampled placement."""
    checked = 0
    for k, (pos, _) in enumerate(lukfu_positions):
        if not (pos.constraints or lf_search.old_leads(pos)) or k % 2:
            continue
        for placement in lf_search.sample_placements(pos, 4, random.Random(k)):
            assert _respects(pos, placement) == (True, True)
        checked += 1
    assert checked > 50
