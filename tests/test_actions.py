"""The action grammar: each game's verbs are an enum that says what argument each takes,
engines list their legal actions typed, and text is read once at the edge and reads back
to the same typed action."""

from __future__ import annotations

import random

import pytest

from moneycards.solver.games import GAMES, seeded, spec
from moneycards.solver.table import (Action, Arg, IllegalAction, TableState, Verb,
                                     parse_action, verbs_of_words)

BUILT_IN = ("totom", "kowah", "lukfu")


def walk(game: str, seed: int, steps: int = 400):
    """The states of a random deal, each before its action."""
    rng = random.Random(seed)
    state = seeded(game, seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", BUILT_IN)
def test_legal_actions_are_typed_and_read_back_from_their_text(game):
    state_type = spec(game).module("table").STATE
    grammar = state_type.verb_type
    seen = set()
    for seed in range(6):
        for state in walk(game, seed):
            acts = state.legal_actions()
            assert acts and [a.text for a in acts] == state.legal_texts()
            for a in acts:
                assert isinstance(a, Action) and isinstance(a.verb, grammar)
                seen.add(a.verb)
                if a.verb.arg is Arg.CARDS:
                    assert a.cards and a.arg == state.deck.render(a.cards)
                elif a.verb.arg is Arg.WORD:
                    assert a.arg in a.verb.words and not a.cards
                else:
                    assert a.arg == "" and not a.cards and a.text == a.verb.value
                assert parse_action(a.text, state.deck, grammar) == a
                assert state.parse_action("  " + a.text.replace(" ", "   ") + " ") == a
    assert len(seen) >= 3  # the deals reach several verbs


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_words_of_a_game_come_from_its_grammar(game):
    state_type = spec(game).module("table").STATE
    grammar = state_type.verb_type
    assert state_type.verbs == tuple(v.value for v in grammar)
    assert state_type.card_verbs == tuple(v.value for v in grammar if v.arg is Arg.CARDS)
    assert set(state_type.word_verbs) == {v.value for v in grammar if v.arg is Arg.WORD}


@pytest.mark.parametrize("game", BUILT_IN)
def test_an_action_applies_typed_or_as_text_alike(game):
    a, b = seeded(game, 11), seeded(game, 11)
    rng = random.Random(2)
    for _ in range(30):
        if a.is_over:
            break
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act.text)
        assert a.history == b.history and a.legal_texts() == b.legal_texts()
    assert a.engine_record() == b.engine_record()


def test_an_unknown_verb_stays_a_word_and_is_refused():
    state = seeded("kowah", 1)
    act = state.parse_action("shuffle 5c")
    assert act.verb == "shuffle" and not isinstance(act.verb, Verb) and act.cards == ()
    before = state.engine_record()
    with pytest.raises(IllegalAction):
        state.apply(act)
    assert state.engine_record() == before


def test_a_game_that_lists_its_verbs_as_words_gets_its_grammar():
    grammar = verbs_of_words("DiceVerb", ("roll", "bet", "say"), card_verbs=("bet",),
                             word_verbs={"say": ("yes", "no")})
    assert [v.value for v in grammar] == ["roll", "bet", "say"]
    assert [v.arg for v in grammar] == [Arg.NONE, Arg.CARDS, Arg.WORD]
    assert grammar("say").words == ("yes", "no")

    class Listed(TableState):  # the words alone, as a plug-in may give them
        verbs = ("roll", "bet")
        card_verbs = ("bet",)

    assert Listed.verb_type("bet").arg is Arg.CARDS and Listed.verb_type("roll").arg is Arg.NONE


def test_every_built_in_game_and_the_toy_declare_a_grammar():
    from tests.toygame import SPEC

    for game in (*BUILT_IN, SPEC.name):
        g = GAMES.get(game, SPEC)
        assert issubclass(g.module("table").STATE.verb_type, Verb)
