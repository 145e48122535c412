"""`totom play --chan-words`: the terminal names Tổ Tôm's moves as Chắn players do, with the
words the web table's "moves in Chắn words" uses (web/src/words.ts): Đánh, Ăn chắn, Ăn cạ X
với Y, Bốc (TT-T3: let the offered card go and turn the stock), Dưới (let one's own turned
card go on), Ù, Chíu, Không ù / Không chíu. The words can be typed, with or without their
marks; the action played is the same."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from moneycards.cli.screen import chan_words, menu, menu_lines, plain
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import seeded
from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.observation import OfferKind, Phase
from moneycards.v1 import observation_pb2
from tests.test_web_words import ESBUILD, WEB, say

NAMES = ["You", "AI 1", "AI 2", "AI 3"]


# The cards by the names Chắn players say (the seed page's names, as the rules list them).
RANK_WORD = {"2": "Nhị", "3": "Tam", "4": "Tứ", "5": "Ngũ", "6": "Lục", "7": "Thất",
             "8": "Bát", "9": "Cửu"}
SUIT_WORD = {"c": "văn", "s": "sách", "m": "vạn"}


def named(card: str) -> str:
    return "Chi chi" if card == "1h" else f"{RANK_WORD[card[0]]} {SUIT_WORD[card[1]]}"


def expected(obs, action: str) -> str:
    """The Chắn words of an action, from TT-T2/TT-T3 as the rules define the moves."""
    verb, _, arg = action.partition(" ")
    offer = obs.offer
    if verb == "discard":
        return f"Đánh {named(arg)}"
    if verb == "capture":
        eaten = offer.card.text
        if arg != eaten:
            return f"Ăn cạ {named(eaten)} với {named(arg)}"
        # ăn bòn: with one card of a held pair (TT-C2)
        held = [f.text for f in TOTOM.faces_of(obs.hand)]
        return f"{'Ăn bòn' if held.count(arg) >= 2 else 'Ăn chắn'} {named(eaten)}"
    if verb == "pass":
        return "Dưới" if offer.kind is OfferKind.EXPOSED else "Bốc"
    if verb == "chiu" and offer is not None:  # the fourth of the card on offer, by its name
        return f"Chíu {named(offer.card.text)}"
    return {"win": "Ù", "chiu": "Chíu"}[verb]


def positions(seeds=range(6)):
    """Every decision of a few random deals, each seat's observation where it acts."""
    import random

    for seed in seeds:
        state, rng = seeded("totom", seed), random.Random(seed)
        while not state.is_over:
            obs = state.observation(state.current_seat())
            yield obs
            state.apply(rng.choice(obs.legal_actions))


def test_every_move_of_random_deals_is_named_as_chan_players_name_it():
    seen = set()
    for obs in positions():
        for a in obs.legal_actions:
            if a == "decline":
                continue  # below: its words depend on the claim open
            said = chan_words(obs, a)
            assert said == expected(obs, a), (a, obs.offer)
            kind = obs.offer.kind.value if obs.offer and a == "pass" else ""
            seen.add((said.split()[0] + (" " + said.split()[1] if said.startswith("Ăn") else ""),
                      kind))
    # each word was met: Bốc both where a discard and where a passed-on stock card is let go
    assert {("Đánh", ""), ("Ăn chắn", ""), ("Ăn bòn", ""), ("Ăn cạ", ""), ("Bốc", "discard"),
            ("Bốc", "passed"), ("Dưới", "exposed")} <= seen


@pytest.mark.parametrize("legal, words, turn", [
    (["win", "decline"], "Không ù", "ù hay không ù"),
    (["chiu", "decline"], "Không chíu", "chíu hay không chíu"),
    (["win", "chiu", "decline"], "Không ù, không chíu", "ù hay chíu hay không ù, không chíu")])
def test_a_declined_claim_names_the_claims_it_lets_go(legal, words, turn):
    from moneycards.solver.totom.chan import chan_turn

    obs = SimpleNamespace(game="totom", phase=Phase.CLAIMS, offer=None, legal_actions=legal)
    assert chan_words(obs, "decline") == words
    assert chan_turn(obs, "a claim") == f"{turn} — a claim"
    assert [chan_words(obs, a) for a in legal[:-1]] == [
        {"win": "Ù", "chiu": "Chíu"}[a] for a in legal[:-1]]


def test_the_turn_line_and_menu_say_the_chan_words_before_what_each_does():
    from moneycards.cli.screen import screen

    for obs in positions(range(3)):
        if obs.phase is Phase.OFFER and obs.offer.kind is OfferKind.EXPOSED \
                and any(a.startswith("capture ") for a in obs.legal_actions):
            break
    head = screen(obs, NAMES, chan=True)[0]
    assert head.endswith("your turn: ăn hay dưới — capture or pass")
    assert screen(obs, NAMES)[0].endswith("your turn: capture or pass")
    # the stock is the nọc in Chắn words, as on the web table
    assert head.startswith(f"Tổ Tôm · nọc {obs.stock} · ")
    assert screen(obs, NAMES)[0].startswith(f"Tổ Tôm · stock {obs.stock} · ")
    plain_menu, chan_menu = menu_lines(obs, NAMES), menu_lines(obs, NAMES, chan=True)
    for k, (a, words) in enumerate(zip(plain_menu, chan_menu), 1):
        label = a.split(f"{k}. ", 1)[1]
        assert words == f"  {k:>2}. {expected(obs, menu(obs)[k - 1])} — {label}"


def test_the_chan_words_can_be_typed_with_or_without_their_marks():
    from moneycards.cli.session import Session

    from moneycards.solver.games import GAMES

    session = object.__new__(Session)
    session.spec = GAMES["totom"]
    session.table = type("T", (), {"names": staticmethod(lambda: NAMES)})()
    session.echo = lambda line: None
    typed = 0
    refused = 0
    for obs in positions(range(3)):
        options = menu(obs)
        said = {a: expected(obs, a) if a != "decline" else chan_words(obs, a) for a in options}
        for a in options:
            words = said[a]
            # without marks "ngu van" is Ngũ vạn or Ngũ văn: where both are open, refused
            alike = [b for b in options if plain(said[b]) == plain(words)]
            for form in (words, words.upper(), plain(words), f"  {plain(words)} "):
                session.chan = True
                if form.strip() == plain(words) and len(alike) > 1:
                    assert session.read(form, options, obs) is None, form
                    refused += 1
                    continue
                assert session.read(form, options, obs) == a, form
                typed += 1
            session.chan = False  # without --chan-words the words are no action
            if plain(words) not in ("chiu",):
                assert session.read(plain(words), options, obs) != a
    assert typed > 100 and refused > 0
    assert plain("Đánh 9m") == "danh 9m" and plain("Dưới") == "duoi"


def test_the_terminal_and_the_web_table_say_the_same_words(tmp_path):
    if not (ESBUILD.exists() and (WEB / "src" / "gen").exists()):
        pytest.skip("the web table's packages are not installed (npm ci in web/)")
    cases = []
    for obs in positions(range(3)):
        offer = obs.offer and {"card": obs.offer.card.text, "seat": obs.offer.seat,
                               "door": obs.offer.door, "kind": observation_pb2.OfferKind.Value(
                                   f"OFFER_KIND_{obs.offer.kind.name}")}
        phase = observation_pb2.TotomPhase.Value(f"TOTOM_PHASE_{obs.phase.name}")
        for a in obs.legal_actions:
            cases.append(({"phase": phase, "offer": offer or None,
                           "hand": TOTOM.render(obs.hand)}, a,
                          list(obs.legal_actions), chan_words(obs, a)))
    import json

    web = say(tmp_path, f"{json.dumps([c[:3] for c in cases])}"
                        ".map(([obs, a, legal]) => w.chanWords(obs, a, legal))")
    assert web == [c[3] for c in cases]


def test_chan_words_is_an_option_of_totom_play_only():
    run = [sys.executable, "-m", "moneycards.cli.main"]
    helped = subprocess.run([*run, "totom", "play", "--help"], capture_output=True, text=True,
                            timeout=60)
    assert "--chan-words" in helped.stdout
    for game in ("kowah", "lukfu"):
        r = subprocess.run([*run, game, "play", "--chan-words"], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 2
        assert r.stderr == ("error: --chan-words: Tổ Tôm's moves in Chắn words are an option "
                            "of totom play\n")


def test_a_deal_played_with_chan_words_typed_in_them(tmp_path):
    """Seed 3: the first discard by number, then the own stock card let go by typing dưới
    without its marks; the table played it as a pass."""
    record = tmp_path / "deal.json"
    r = subprocess.run([sys.executable, "-m", "moneycards.cli.main", "totom", "play",
                        "--seed", "3", "--chan-words", "--record", str(record)],
                       input="1\nduoi\nquit\n", capture_output=True, text=True, timeout=120)
    assert "   1. Đánh Nhị văn — discard 2c" in r.stdout
    assert "your turn: ăn hay dưới — capture or pass" in r.stdout
    assert "   2. Dưới — pass: let 6m go" in r.stdout
    assert "your action: You: discard 2c · đánh" in r.stdout
    # the log's verbs: AI 1 lets the discard go and turns the stock, then lets its own
    # turned card go on; the pass played for the person turns the stock (TT-T3)
    assert "\nAI 1: pass · bốc\n     AI 1 exposes 6c from the stock\nAI 1: pass · dưới\n" \
        in r.stdout
    assert "\nYou: pass · bốc — let 2c go (the only action; --no-auto-pass to be asked)\n" \
        "     You expose 6m from the stock\n" in r.stdout
    assert "your action: You: pass · dưới" in r.stdout  # dưới played as the pass it names
    assert r.returncode == 0 and record.exists()


def test_the_log_says_bốc_where_a_pass_turns_the_stock_and_dưới_where_it_lets_it_go():
    """TT-T3 in the log's verbs: a pass of a discard or of a card passed on turns the next
    stock card (bốc); a pass of the seat's own turned card lets it go on (dưới), told from
    the entry's lines alone, as the web's log does, a seat named You included."""
    from moneycards.solver.tables import AI, Seat, Table
    from moneycards.solver.totom.chan import chan_log_verb

    names = ["You", "AI 1", "AI 2", "AI 3"]
    told = []
    for seed in range(12):
        t = Table.create("totom", [Seat(AI, "greedy", n) for n in names], seed=seed,
                         ai_only=True)
        kinds = []  # the offer each pass let go, replayed by the rules
        state = seeded("totom", seed)
        for action in t.state.history:
            if action == "pass":
                kinds.append(state.observation(state.current_seat()).offer.kind)
            state.apply(action)
        verbs = [chan_log_verb(e.action, e.lines, e.result is not None)
                 for e in t.events(0) if e.action == "pass"]
        assert verbs == ["dưới" if k is OfferKind.EXPOSED else "bốc" for k in kinds], seed
        told += [(v, e.seat) for v, e in zip(verbs, [e for e in t.events(0)
                                                      if e.action == "pass"])]
    assert {("bốc", 0), ("dưới", 0), ("bốc", 1), ("dưới", 1)} <= set(told)  # You, and AI 1


def test_the_log_says_ăn_chắn_or_ăn_cạ_and_the_card_eaten():
    """TT-T2 in the log's verbs: a capture whose hand card is the card eaten makes a Chắn,
    any other a Cạ; the entry names the card eaten, and a Cạ the hand card put with it, as
    the menu does ("ăn cạ 3m với 3s": "capture 3s" beside "ăn cạ 3m" read as two cards)."""
    from moneycards.solver.tables import AI, Seat, Table
    from moneycards.solver.totom.chan import chan_log_verb

    said = set()
    for seed in range(6):
        t = Table.create("totom", [Seat(AI, "greedy", n) for n in NAMES], seed=seed,
                         ai_only=True)
        state = seeded("totom", seed)
        eaten = []  # the card each capture ate, replayed by the rules
        for action in t.state.history:
            if action.startswith("capture "):
                eaten.append(state.observation(state.current_seat()).offer.card.text)
            state.apply(action)
        caps = [e for e in t.events(0) if e.action.startswith("capture ")]
        assert len(caps) == len(eaten)
        for e, card in zip(caps, eaten):
            kind = "chắn" if e.action == f"capture {card}" else "cạ"
            mate = "" if kind == "chắn" else f" với {named(e.action.split()[1])}"
            assert chan_log_verb(e.action, e.lines, False) == f"ăn {kind} {named(card)}{mate}"
            said.add(kind)
    assert said == {"chắn", "cạ"}


def test_the_terminal_s_log_verbs_are_the_web_s(tmp_path):
    if not (ESBUILD.exists() and (WEB / "src" / "gen").exists()):
        pytest.skip("the web table's packages are not installed (npm ci in web/)")
    import json

    from moneycards.solver.tables import AI, Seat, Table
    from moneycards.solver.totom.chan import chan_log_verb

    cases = []
    for seed in (1, 3):
        t = Table.create("totom", [Seat(AI, "greedy", n) for n in NAMES], seed=seed,
                         ai_only=True)
        cases += [(e.action, list(e.lines), e.result is not None) for e in t.events(0)]
    web = say(tmp_path, f"{json.dumps(cases)}.map(([a, lines, ended]) => "
                        "w.chanLogVerb(a, lines, ended) ?? null)")
    assert web == [chan_log_verb(*c) for c in cases]


def test_a_move_typed_in_chan_words_that_is_no_option_goes_to_the_table_as_its_action():
    """A Chắn move typed in short, or one the rules refuse, reaches the table as the action
    it names ("danh 4c" as discard 4c, refused by its rule as the English would be); ăn
    names the card eaten, and with với the hand card put with it."""
    from moneycards.cli.session import Session
    from moneycards.solver.games import GAMES

    session = object.__new__(Session)
    session.spec, session.chan = GAMES["totom"], True
    session.table = type("T", (), {"names": staticmethod(lambda: NAMES)})()
    session.echo = lambda line: None
    from moneycards.solver.totom import TOTOM

    offer = SimpleNamespace(card=TOTOM.parse("4s")[0], kind=OfferKind.DISCARD, door=1, seat=0)
    obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                          legal_actions=["capture 4m", "pass"])
    for typed, action in (("an 4s", "capture 4m"), ("ăn", "capture 4m"),
                          ("ăn cạ 4s với 4c", "capture 4c"), ("an chan 4s", "capture 4s"),
                          ("ăn chắn", "capture 4s"), ("đánh 4c", "discard 4c"),
                          ("danh 4c 5c", "discard 4c 5c"), ("ù", "win"), ("u 4s", "win"),
                          ("u 5s", "win 5s"), ("khong", "decline"), ("không chíu", "decline"),
                          ("chiu", "chiu"), ("Bốc", "pass")):
        assert session.read(typed, menu(obs), obs) == action, typed
    session.chan = False  # the words are no action without --chan-words
    assert session.read("an 4s", menu(obs), obs) is None


def test_a_card_typed_by_its_name_or_eaten_off_the_table_is_read_or_refused_as_typed():
    """Cards typed by their Chắn names ("đánh nhị sách", "ăn cạ bát vạn với bát văn"); "van"
    without its marks is Vạn or Văn, and is refused naming both. Ăn names the card eaten
    (TT-T2: only the offered card): one that is not on offer is refused in the words typed
    ("ăn 8c": it read as 'capture 8c', refused as a hand card the seat lacked), and "ăn cạ"
    with two hand cards to put with it asks which. A verb that is no action now is answered
    with the Chắn verbs open."""
    from moneycards.cli.session import Session
    from moneycards.solver.games import GAMES
    from moneycards.solver.totom import TOTOM

    said: list[str] = []
    session = object.__new__(Session)
    session.spec, session.chan = GAMES["totom"], True
    session.table = type("T", (), {"names": staticmethod(lambda: NAMES)})()
    session.echo = said.append
    session.say = lambda lead, text, indent: said.append(lead + text)
    offer = SimpleNamespace(card=TOTOM.parse("8m")[0], kind=OfferKind.DISCARD, door=1, seat=0)
    obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                          legal_actions=["capture 8c", "capture 8s", "pass"])
    for typed, action in (("ăn cạ bát vạn với bát văn", "capture 8c"),
                          ("an ca bat van voi 8s", None), ("an ca 8m voi bat sach", "capture 8s"),
                          ("đánh nhị sách", "discard 2s"), ("danh nhi sach", "discard 2s"),
                          ("đánh nhị vạn", "discard 2m"), ("đánh nhị văn", "discard 2c"),
                          ("danh nhi van", None), ("ăn 7c", None), ("an ca 7c voi 7s", None),
                          ("ăn cạ", None), ("ăn cạ 8m", None), ("ăn 8m", None),
                          ("ăn chắn", "capture 8m"),
                          ("eat", None)):
        said.clear()
        assert session.read(typed, menu(obs), obs) == action, typed
        assert len(said) == (action is None), typed
    # each refusal one line, naming what was typed and what is wrong
    refusals = {}
    for typed in ("danh nhi van", "ăn 7c", "an ca 7c voi 7s", "ăn cạ 8m", "eat"):
        said.clear()
        session.read(typed, menu(obs), obs)
        refusals[typed] = said[0]
    # and with no card on offer (a discard's turn), ăn is refused as such, its rule kept for
    # `rule` alone
    turn = SimpleNamespace(game="totom", phase=Phase.DISCARD, offer=None,
                           legal_actions=["discard 2c"])
    said.clear()
    assert session.read("ăn 9c", menu(turn), turn) is None
    assert said == ["  Not allowed: 'ăn 9c': no card is on offer to eat now [TT-T2]"]
    assert session._refused_by == "TT-T2"
    assert refusals == {
        "danh nhi van": "  'nhi van' is Nhị vạn (2m) or Nhị văn (2c): type it with its "
                        "marks, or 2m or 2c",
        "ăn 7c": "  Not allowed: 'ăn 7c': Thất văn is not the card on offer; Bát vạn is "
                 "[TT-T2]",
        "an ca 7c voi 7s": "  Not allowed: 'an ca 7c voi 7s': Thất văn is not the card on "
                           "offer; Bát vạn is [TT-T2]",
        "ăn cạ 8m": "  'ăn cạ 8m': say which card goes with Bát vạn: ăn cạ 8m với 8c or ăn "
                    "cạ 8m với 8s",
        "eat": "  'eat' is not an action now: type one of ăn (capture), bốc (pass), a "
               "number, or help.",
    }


def test_the_turn_says_pass_alone_where_no_capture_is_open():
    """An offer the seat cannot capture: "bốc — pass (no capture is open to you)", as the web
    table says it, not "capture or pass"."""
    from moneycards.cli.screen import screen

    for obs in positions(range(6)):
        if obs.phase is Phase.OFFER and obs.legal_actions == ["pass"]:
            break
    go = "dưới" if obs.offer.kind is OfferKind.EXPOSED else "bốc"
    assert screen(obs, NAMES, chan=True)[0].endswith(
        f"your turn: {go} — pass (no capture is open to you)")
    assert screen(obs, NAMES)[0].endswith("your turn: pass (no capture is open to you)")


def test_a_pass_played_for_the_person_is_one_line_with_its_verb(tmp_path):
    """Seed 1: the table plays the person's lone passes (TT-T3), each told once, with its
    Chắn verb; help names the words that can be typed; leaving says to give --chan-words
    again with --resume."""
    def play(seed, answers):
        record = tmp_path / f"deal{seed}.json"
        r = subprocess.run([sys.executable, "-m", "moneycards.cli.main", "totom", "play",
                            "--seed", str(seed), "--chan-words", "--record", str(record)],
                           input=answers, capture_output=True, text=True, timeout=120)
        return record, r.stdout.splitlines()

    _, lines = play(1, "")  # seed 1: the person's every turn is a lone pass
    passes = [x for x in lines if x.startswith("You: pass")]
    assert "You: pass · bốc — let 4m go (the only action; --no-auto-pass to be asked)" in passes
    assert all("(the only action" in x for x in passes) and len(passes) > 2
    record, lines = play(3, "help\nquit\n")
    assert "  Or in Chắn words, with or without their marks: đánh 3c, ăn chắn 4s, ăn cạ 4s" \
        in "\n".join(lines)
    assert lines[-1].endswith(f"Continue with --resume {record} --chan-words")


def test_chi_chi_is_said_and_typed_by_its_name(tmp_path):
    """"Đánh 1h" read as a rank-1 card; Chắn players say Chi chi, on the buttons, the turn's
    menu and the log, and type it so."""
    from moneycards.solver.totom.chan import chan_log_verb, read_chan

    offer = SimpleNamespace(card=SimpleNamespace(text="1h"), kind=OfferKind.DISCARD)
    obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                          legal_actions=["capture 1h", "pass"], hand=TOTOM.parse_counts("1h"))
    assert chan_words(obs, "capture 1h") == "Ăn chắn Chi chi"
    assert chan_words(SimpleNamespace(game="totom", phase=Phase.DISCARD, offer=None,
                                      legal_actions=["discard 1h"]), "discard 1h") \
        == "Đánh Chi chi"
    assert chan_log_verb("capture 1h", ["AI 2 exposes 1h 1h, taking 1h"], False) \
        == "ăn chắn Chi chi"
    assert read_chan(["danh", "chi", "chi"], obs) == "discard 1h"
    assert read_chan(["an", "chan", "chi", "chi"], obs) == "capture 1h"
    assert read_chan(["chiu"], obs) == "chiu"  # a Chíu is no Chi chi
    if ESBUILD.exists() and (WEB / "src" / "gen").exists():
        said = say(tmp_path, "[w.chanWords({ phase: 2 }, 'discard 1h', []), w.chanWords("
                             "{ phase: 3, offer: { card: '1h', kind: 1 } }, 'capture 1h', []), "
                             "w.chanLogVerb('capture 1h', ['AI 2 exposes 1h 1h, taking 1h'], "
                             "false)]")
        assert said == ["Đánh Chi chi", "Ăn chắn Chi chi", "ăn chắn Chi chi"]


def test_at_a_traditional_table_in_chan_words_rules_hints_and_claims_say_the_table(tmp_path):
    """At a traditional table, `rule TT-K3` (the bonuses' values, which the preset changes)
    says so and is followed by the preset's entry, which says how (it showed the page's
    values only); the hint names each action as the menu does ("hint: Đánh 2s"), and `hint
    -v` does not repeat it; a claim is offered in its Chắn word with its action beside it
    ("Chíu (chiu)": it said "chiu", the word without its marks)."""
    from moneycards.cli.screen import screen

    r = subprocess.run([sys.executable, "-m", "moneycards.cli.main", "totom", "play", "--seed",
                        "3", "--chan-words", "--rules", "traditional", "--record",
                        str(tmp_path / "d.json")], input="rule TT-K3\nrule TT-T2\nhint -v\n"
                       "quit\n", capture_output=True, text=True, timeout=300)
    out = r.stdout
    k3 = out.index("    TT-K3  Table (main / dịch):")
    t2 = out.index("TT-T2  The seat may capture")
    differs = "Differs at this table: see the traditional preset"
    assert out.count(differs) == 1 and k3 < out.index(differs) < t2
    assert k3 < out.index("The traditional preset (Chắn Vạn Văn table)") < t2
    assert "TT-T2" not in out[out.index(differs):t2]  # TT-T2 is the page's at this table
    hints = [x for x in out.splitlines() if "hint: " in x]
    assert len(hints) == 5 and all(x.split("hint: ")[1].startswith("Đánh ") for x in hints)
    for x in hints:  # the reason starts with its figures, not the action again
        action = " ".join(x.split("hint: ")[1].split()[:3])  # "Đánh Nhị sách"
        assert x.split(action, 1)[1].split()[0][0] in "+-n", x
    for obs in positions(range(40)):
        if obs.claim is not None and obs.to_act == obs.seat:
            lines = screen(obs, NAMES, chan=True)
            word = {"win": "Ù", "chiu": f"Chíu {named(obs.offer.card.text)}"}[obs.claim.value]
            assert f"You may claim it: {word} ({obs.claim.value}) (nobody else sees the " \
                   "question)" in lines
            assert f"You may claim it: {obs.claim.value} (nobody" in "\n".join(
                screen(obs, NAMES, chan=False))
            break
    else:
        raise AssertionError("no claim in 40 random deals")


def test_the_hand_shows_four_alike_as_one_group():
    """"Your hand" lists four identical cards as one group ("Chắn 9999m", two Chắn by
    TT-W2), where it read "Chắn 99m · Chắn 99m" (a Chắn player's trial)."""
    from moneycards.cli.screen import screen
    from moneycards.solver.totom import TOTOM

    for obs in positions(range(80)):  # the hand as copies per face
        four = [f for f, n in zip(TOTOM.faces, obs.hand) if n == 4]
        if four and obs.to_act == obs.seat:
            text = "\n".join(screen(obs, NAMES))
            said = f"Chắn {TOTOM.render([four[0]] * 4)}"
            assert said in text and text.count(f"Chắn {TOTOM.render([four[0]] * 2)} ") == 0
            return
    raise AssertionError("no hand of four alike in 80 random deals")


def test_a_refused_move_typed_in_chan_words_is_echoed_as_typed(tmp_path):
    """A move typed in Chắn words and refused by the table is echoed as typed, with the
    action it named ("'danh 9c' (discard 9c) by you: …"), where it echoed the English
    alone; a move typed in English is echoed as before."""
    def refusal(typed):
        r = subprocess.run([sys.executable, "-m", "moneycards.cli.main", "totom", "play",
                            "--seed", "3", "--chan-words", "--record", str(tmp_path / "d.json"),
                            "--overwrite"], input=f"{typed}\nquit\n", capture_output=True,
                           text=True, timeout=120)
        return next(x for x in r.stdout.splitlines() if "Not allowed" in x)

    assert "Not allowed: 'danh 9c' (discard 9c) by you: 9c is not in the concealed hand" \
        in refusal("danh 9c")
    assert "Not allowed: 'discard 9c' by you: 9c is not in the concealed hand" \
        in refusal("discard 9c")


def test_a_capture_with_one_card_of_a_held_pair_is_an_bon(tmp_path):
    """TT-C2: capturing the offered card with one card of a concealed pair is ăn bòn, where
    with a lone copy it is ăn chắn; typed "an bon 4c" plays it. The log, every seat's, says
    ăn chắn either way: ăn bòn would tell the table the hand holds another copy."""
    from moneycards.solver.totom.chan import chan_log_verb, read_chan

    offer = SimpleNamespace(card=SimpleNamespace(text="4c"), kind=OfferKind.DISCARD)
    for held, word in (("4c 4c 7s", "Ăn bòn Tứ văn"), ("4c 7s", "Ăn chắn Tứ văn"),
                       ("4c 4c 4c", "Ăn bòn Tứ văn")):
        obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                              legal_actions=["capture 4c", "pass"],
                              hand=TOTOM.parse_counts(held))
        assert chan_words(obs, "capture 4c") == word, held
        if word.startswith("Ăn bòn"):
            assert read_chan(["an", "bon", "4c"], obs) == "capture 4c"
            assert read_chan(["ăn", "bòn"], obs) == "capture 4c"
    assert chan_log_verb("capture 4c", ["AI 2 exposes 4c 4c, taking 4c"], False) \
        == "ăn chắn Tứ văn"
    # typed where it is no bòn: one line that teaches the word, and nothing played
    for held, tail in (("4c 7s", "you hold one Tứ văn: ăn chắn Tứ văn"),
                       ("7s", "you hold no Tứ văn")):
        obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                              legal_actions=["capture 4c", "pass"],
                              hand=TOTOM.parse_counts(held))
        with pytest.raises(InvalidInput) as refused:
            read_chan(["an", "bon", "4c"], obs)
        assert refused.value.message == ("'an bon 4c': ăn bòn takes Tứ văn with one card of a pair "
                                      f"you hold; {tail}")
    if ESBUILD.exists() and (WEB / "src" / "gen").exists():
        said = say(tmp_path, "['44c 7s', '4c 7s'].map((hand) => w.chanWords({ phase: 3, "
                             "offer: { card: '4c', kind: 1 }, hand }, 'capture 4c', []))")
        assert said == ["Ăn bòn Tứ văn", "Ăn chắn Tứ văn"]


def test_the_terminal_names_the_tables_parts_in_chan_words():
    """`--chan-words`: the terminal's table says cửa, cái, bài ăn, khàn and què where it says
    doorway, dealer, shown, three for a Chíu and singles in English, as the web table does;
    three of a card are held together for the fourth (TT-P2), never split into a Chắn and a
    Cạ."""
    from moneycards.solver.totom.screen import view

    for seed in range(40):
        state = seeded("totom", seed)
        obs = state.observation(state.current_seat())
        threes = [f.text for f, n in zip(TOTOM.faces, obs.hand) if n == 3]
        if threes:
            break
    else:
        raise AssertionError("no hand of three alike in seeds 0-39")
    chan = "\n".join(view(obs, NAMES, chan=True))
    english = "\n".join(view(obs, NAMES))
    three = TOTOM.render(TOTOM.parse(" ".join([threes[0]] * 3)))
    assert f"khàn {three}" in chan and f"three for a Chíu {three}" in english
    pair = TOTOM.render(TOTOM.parse(" ".join([threes[0]] * 2)))
    assert f"Chắn {pair}" not in chan and f"Chắn {pair}" not in english
    for word, said in (("cái", "dealer"), ("bài ăn:", "shown:"), ("què", "singles")):
        assert word in chan and said not in chan, word
        assert said in english and word not in english, said
    played = state.observation(state.current_seat())
    state.apply(played.legal_actions[0])  # a discard, now on offer at the next doorway
    offered = state.observation((state.current_seat()))
    assert "cửa)" in "\n".join(view(offered, NAMES, chan=True))
    assert "doorway)" in "\n".join(view(offered, NAMES))


def test_a_wins_bonuses_are_its_cuoc_at_the_terminals_end():
    """`--chan-words`: the end of a deal won with bonuses names them Cước, as the web table
    does; without it, Bonuses (seed 13: AI 3 wins with Lèo and Ù chì)."""
    run = [sys.executable, "-m", "moneycards.cli.main", "totom", "play", "--seed", "13"]
    said = {}
    for extra in ((), ("--chan-words",)):
        r = subprocess.run([*run, *extra], input="1\n" * 300, capture_output=True,
                           text=True, timeout=120)
        said[extra] = r.stdout
    assert "  Cước (TT-K2: " in said[("--chan-words",)]
    assert "Bonuses (" not in said[("--chan-words",)]
    assert "  Bonuses (TT-K2: " in said[()] and "Cước" not in said[()]


def test_a_card_typed_with_its_marks_is_that_card_and_without_them_the_open_one():
    """Marks tell Vạn from Văn: "đánh nhị văn" is 2c however few discards are open (it
    played the one open discard whose name read alike, 2m); without marks, the name is the
    one of the two the open moves name ("an chan that van" with 7m on offer), and asked
    again only where both are open."""
    from moneycards.cli.session import Session
    from moneycards.solver.games import GAMES
    from moneycards.solver.totom.chan import read_chan

    session = object.__new__(Session)
    session.spec, session.chan = GAMES["totom"], True
    session.table = type("T", (), {"names": staticmethod(lambda: NAMES)})()
    session.echo = lambda line: None
    turn = SimpleNamespace(game="totom", phase=Phase.DISCARD, offer=None, discard_to=None,
                           legal_actions=["discard 2m", "discard 5s"])
    assert session.read("đánh nhị văn", menu(turn), turn) == "discard 2c"  # refused at play
    assert session.read("danh nhi van", menu(turn), turn) == "discard 2m"  # the open one
    assert session.read("đánh nhị vạn", menu(turn), turn) == "discard 2m"
    offer = SimpleNamespace(card=SimpleNamespace(text="7m"), kind=OfferKind.DISCARD)
    eat = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer, hand=(0,) * 28,
                          legal_actions=["capture 7m", "pass"])
    for typed in ("an chan that van", "an that van"):
        assert read_chan(typed.split(), eat) == "capture 7m", typed
    both = SimpleNamespace(game="totom", phase=Phase.DISCARD, offer=None, discard_to=None,
                           legal_actions=["discard 5m", "discard 5c"])
    with pytest.raises(InvalidInput, match="Ngũ vạn \\(5m\\) or Ngũ văn \\(5c\\)"):
        read_chan(["danh", "ngu", "van"], both)


def test_a_chiu_names_the_card_it_claims(tmp_path):
    """Chíu claims the fourth of the card on offer (TT-P2): its words name it as a move
    names its card ("Chíu Thất văn"), on the terminal and the web alike; typed with the
    name, it is the claim."""
    from moneycards.solver.totom.chan import read_chan

    offer = SimpleNamespace(card=SimpleNamespace(text="7c"), kind=OfferKind.DISCARD)
    obs = SimpleNamespace(game="totom", phase=Phase.CLAIMS, offer=offer,
                          legal_actions=["chiu", "decline"])
    assert chan_words(obs, "chiu") == "Chíu Thất văn"
    assert read_chan(["chiu", "that", "van"], obs) == "chiu"
    assert read_chan(["chíu", "thất", "văn"], obs) == "chiu"
    if ESBUILD.exists() and (WEB / "src" / "gen").exists():
        said = say(tmp_path, "w.chanWords({ phase: 4, offer: { card: '7c', kind: 1 } }, "
                             "'chiu', ['chiu', 'decline'])")
        assert said == "Chíu Thất văn"


def test_bốc_and_dưới_typed_for_the_other_say_which_it_is():
    """TT-T3: dưới lets one's own turned stock card go on, bốc any other card offered; the
    one typed for the other is asked again, naming the word (it was played as a pass)."""
    from moneycards.solver.totom.chan import read_chan

    for kind, typed, right in ((OfferKind.DISCARD, "duoi", "bốc"),
                               (OfferKind.PASSED, "dưới", "bốc"),
                               (OfferKind.EXPOSED, "boc", "dưới")):
        offer = SimpleNamespace(card=SimpleNamespace(text="6m"), kind=kind)
        obs = SimpleNamespace(game="totom", phase=Phase.OFFER, offer=offer,
                              legal_actions=["pass"])
        with pytest.raises(InvalidInput) as refused:
            read_chan([typed], obs)
        assert refused.value.message.endswith(f": type {right} (TT-T3)"), refused.value.message
        assert read_chan([right], obs) == "pass"
