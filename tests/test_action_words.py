"""One wording per action: a menu line starts with the action as the record, the log,
`replay` and a hint say it, then says what it does; a Tổ Tôm win is explained in words,
never by its record key."""

from __future__ import annotations

import random

import pytest

from moneycards.cli.screen import default_down, describe, explain, menu, menu_lines
from moneycards.solver.games import seeded
from moneycards.solver.hints import choose, hint
from moneycards.solver.table import seat_label


def positions(game, seeds, steps=60):
    for seed in seeds:
        state = seeded(game, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            state.apply(choose(state, "greedy", rng))


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_the_menu_words_each_action_as_the_log_and_a_hint_do(game):
    """A menu line starts with the action as the record, the log, `replay` and a hint say
    it ('capture 4m', 'follow 9t', 'down 2c 35s'), then says what it does."""
    names = [seat_label(s) for s in range(4)]
    seen = 0
    for state in positions(game, range(3)):
        seat = state.current_seat()
        obs = state.observation(seat)
        for action, line in zip(menu(obs), menu_lines(obs, names)):
            said = default_down(obs) if action == "down" else action
            words = line.split(". ", 1)[1]
            assert words == said or words.startswith(f"{said}: "), (said, words)
            seen += 1
        for action in obs.legal_actions:
            assert describe(obs, action, names).partition(": ")[0] == action
            assert state.describe(action, seat) == f"{seat_label(seat)}: {action}"
    assert seen > 50


def test_a_capture_in_the_menu_is_what_the_log_then_narrates():
    """'capture 4m: take 4s, expose 4s 4m, a Cạ' in the menu; 'Seat 0: capture 4m' and
    'Seat 0 exposes 4s 4m, taking 4s' in the log (the action names the hand card, the log
    line the card taken)."""
    kinds = set()
    for state in positions("totom", range(6), steps=200):
        obs = state.observation(state.current_seat())
        for action in (a for a in obs.legal_actions if a.startswith("capture ")):
            words = describe(obs, action, [seat_label(s) for s in range(4)])
            pair = words.partition(", expose ")[2].partition(",")[0]
            taken = words.partition(": take ")[2].partition(",")[0]
            after, mark = state.clone(), state.narration_mark()
            after.apply(action)
            line = f"{seat_label(obs.seat)} exposes {pair}, taking {taken}"
            assert line in after.after_lines(mark)
            kinds.add(words.rpartition(", ")[2])
    assert kinds == {"a Chắn", "a Cạ"}


def test_a_luk_fu_hint_words_its_actions_as_the_menu_does():
    """A hint's action is the menu's wording of it: a follow is not 'beat 1s with 7s' in one
    and 'follow 7s' in the other, nor a face-down play 'down 2c 3s 4m face down' in one and
    'down 2c 35s' in the other."""
    verbs = set()
    for state in positions("lukfu", range(2), steps=30):
        obs = state.observation(state.current_seat())
        if not any(a.startswith(("follow ", "down ")) for a in obs.legal_actions):
            continue
        lines = menu_lines(obs, ["Seat 0", "Seat 1", "Seat 2"])
        for r in hint(obs, level="heuristic"):
            verbs.add(r.action.split()[0])
            assert describe(obs, r.action, []).partition(": ")[0] == r.action
            listed = [x for x in lines if x.split(". ", 1)[1].partition(":")[0] == r.action]
            assert listed or r.action.startswith("down ")  # downs: one line, typed cards
        if any(a.startswith("down ") for a in obs.legal_actions):
            assert any(x.split(". ", 1)[1].startswith(f"{default_down(obs)}: face down")
                       for x in lines)
    assert {"follow", "down"} <= verbs


# -- results in words ---------------------------------------------------------------------
@pytest.mark.parametrize("seed, words", [
    (0, "won on 3c (stock card):"), (3, "won on 3m (own stock card):"),
    (11, "won on the dealt twenty (Thiên ù):"), (38, "won on 3m (Chíu):")])
def test_a_totom_win_is_explained_in_words_never_by_its_key(seed, words):
    state = seeded("totom", seed)
    rng = random.Random(seed)
    while not state.is_over:  # every seat wins or claims as soon as it may
        acts = state.legal_texts()
        wins = [a for a in acts if a in ("win", "chiu")]
        state.apply(wins[0] if wins else rng.choice(acts))
    lines = explain(state, [seat_label(s) for s in range(4)])
    assert lines[0].endswith(f"twenty cards, {words}"), lines[0]
    text = "\n".join(lines)
    assert not any(key in text for key in ("thien-u", "own-door", "(stock)", "(chiu)"))
