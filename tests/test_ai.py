"""AI players: decisions are a function of (observation, level, seed), whatever the load of
the machine."""

import random
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from moneycards.solver.games import GAMES, seeded  # noqa: E402
from moneycards.solver.hints import choose, hint, play_deal  # noqa: E402
from moneycards.solver.ranking import LEVELS, Cap  # noqa: E402

MIXED = {"totom": ["strong", "heuristic", "greedy", "random"],
         "kowah": ["strong", "heuristic", "greedy"],
         "lukfu": ["strong", "heuristic", "greedy"]}


class Busy:
    """A thread that keeps the interpreter busy beside the deal (the machine loaded)."""

    def __enter__(self):
        self.stop = threading.Event()

        def spin():
            x = 0
            while not self.stop.is_set():
                x = (x * 31 + 7) % 1_000_003

        self.thread = threading.Thread(target=spin, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_levels_play_the_same_deal_also_on_a_busy_machine(game):
    Cap.reset()
    first = play_deal(game, 11, MIXED[game])
    with Busy():
        second = play_deal(game, 11, MIXED[game])
    assert first.history == second.history
    assert first.result == second.result
    decisions, hits = Cap.reset()
    assert decisions > 0 and hits == 0  # the safety cap is never what decides


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_the_same_on_repeated_calls(game):
    rng = random.Random(3)
    state = seeded(game, 21)
    for _ in range(rng.randrange(5, 40)):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        state = seeded(game, 21)
    obs = state.observation(state.current_seat()).to_json()
    first = [r.to_dict() for r in hint(obs)]
    with Busy():
        again = [r.to_dict() for r in hint(obs)]
    assert first == again
    assert all(d["value"] is not None for d in first)  # every legal action valued


def test_a_table_with_ai_seats_plays_the_same_deal_from_the_same_seed():
    from moneycards.solver.tables import AI, HUMAN, Seat, Table

    def run():
        seats = [Seat(AI, "strong"), Seat(AI, "heuristic"), Seat(HUMAN, "", "P")]
        t = Table.create("kowah", seats, seed=5, played_at="2026-01-01T00:00:00Z")
        for _ in range(12):  # the person plays the first legal action, a dozen times
            if t.state.is_over:
                break
            t.act(2, t.state.legal_actions()[0])
        return list(t.state.history)

    a = run()
    with Busy():
        b = run()
    assert a == b


def test_every_level_is_known_to_choose():
    state = seeded("lukfu", 4)
    for level in LEVELS:
        act = choose(state, level, random.Random(1))
        assert act in state.legal_actions()
